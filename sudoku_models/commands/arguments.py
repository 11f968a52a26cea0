"""Value types for command-line options, shared by every command (the
``sudoku-models`` commands, ``bench``, and the ones extensions add): each
turns the text of an option into a value or raises
``argparse.ArgumentTypeError`` with a message naming what was expected, which
the parser prints in one line (exit 2)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import excerpt
from ..limits import MAX_OPTION_NUMBER


def whole_number_text(text: str, minimum: int = 1, maximum: int = MAX_OPTION_NUMBER) -> int:
    """``text`` as a whole number in ``minimum..maximum`` (ASCII digits
    only; more digits than ``maximum`` has are out of range before Python
    converts them)."""
    if not (text.isascii() and text.isdigit() and len(text.lstrip("0")) <= len(str(maximum))
            and minimum <= int(text) <= maximum):
        raise argparse.ArgumentTypeError(
            f"expected a whole number from {minimum:,} to {maximum:,}, got {excerpt(text)}")
    return int(text)


def positive_int(text: str) -> int:
    """A whole number >= 1."""
    return whole_number_text(text, 1)


def non_negative_int(text: str) -> int:
    """A whole number >= 0."""
    return whole_number_text(text, 0)


def seed(text: str) -> int:
    """A random seed, 0 to 2**63 - 1."""
    return whole_number_text(text, 0, 2**63 - 1)


def seconds_text(text: str) -> float:
    """A positive, finite number of seconds (ASCII digits: ``float`` would
    also read ``'٥'`` or ``'1_0'``)."""
    try:
        value = float(text) if text.isascii() and "_" not in text else 0.0
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got "
                                         f"{excerpt(text)}")
    return value


def count_limit(text: str) -> int | None:
    """A number of solutions to stop at, or ``all`` (None)."""
    return None if text == "all" else positive_int(text)


def file_name(text: str) -> str:
    """A file name, ``-`` for standard input or output; never empty."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name ('-' for standard input), got ''")
    return text


PLOT_SUFFIXES = (".png", ".pdf", ".svg", ".jpg", ".jpeg", ".eps", ".ps", ".tif", ".tiff", ".webp")


def plot_file(text: str) -> str:
    """A picture's file name, whose suffix names a format matplotlib writes."""
    if Path(text).suffix.lower() not in PLOT_SUFFIXES:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the picture's format comes from its suffix; use one of "
            f"{', '.join(PLOT_SUFFIXES)}")
    return text


def method_list(allowed: Callable[[], Sequence[str]]) -> Callable[[str], list[str]]:
    """A parser of comma-separated method names among ``allowed()``, or ``all``."""
    def parse(text: str) -> list[str]:
        names = list(allowed()) if text.strip().casefold() == "all" else [
            _spelled(m.strip(), allowed()) for m in text.split(",") if m.strip()]
        for name in names:
            _resolve_module_path(name)
        unknown = [m for m in names if m not in allowed()]
        if unknown or not names:
            raise argparse.ArgumentTypeError(
                f"unknown method {', '.join(unknown) or text!r}; choose from "
                f"{', '.join(allowed())} or all")
        return names
    return parse


def _spelled(name: str, allowed: Sequence[str]) -> str:
    """``name`` as ``allowed`` spells it when they differ in letter case
    only (``CP`` -> ``cp``), else ``name``."""
    return next((known for known in allowed if known.casefold() == name.casefold()), name)


def one_method(allowed: Callable[[], Sequence[str]]) -> Callable[[str], str]:
    """A parser of one method name among ``allowed()``."""
    def parse(text: str) -> str:
        text = _spelled(text.strip(), allowed())
        _resolve_module_path(text)
        if text not in allowed():
            raise argparse.ArgumentTypeError(
                f"{text!r} cannot do this; choose from {', '.join(allowed())}")
        return text
    return parse


def _resolve_module_path(name: str) -> None:
    """Register a model of your own named by its module path
    (``my_models:textbook_milp``, :func:`~sudoku_models.registry.method_info`),
    so that the check of the allowed names sees it; its error in one line."""
    from ..registry import METHODS, method_info

    if ":" in name and name not in METHODS:
        try:
            method_info(name)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None


def key_value(text: str) -> tuple[str, str]:
    """``KEY=VALUE`` as ``(key, value)``, both stripped and not empty."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value.strip()
