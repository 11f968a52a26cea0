"""The puzzle sets a benchmark runs on, named by short specs, and the
registry of dataset kinds.

Built in: the collections bundled in the package
(:func:`sudoku_models.formats.collection_names`: ``top95``, ``top1465``,
``17clue`` and the generated variant collections ``killer-9x9``,
``jigsaw-9x9``, ``boxes-6x6``, ...; ``sudoku_models/collections/SOURCES.md``
says where each comes from), read from the installed package in any folder,
and any file path. Other kinds
are registered with :func:`register_dataset_kind` under a prefix: a spec
``KIND:VALUE`` is handed to the kind's loader. The ``generator`` package
registers ``gen:N`` and ``order:N`` this way (``generator/dataset_kinds.py``,
loaded through :func:`sudoku_models.extensions.load_extensions`).

``sample``: a seeded random sample of that many puzzles of a collection or
file (the same seed gives the same sample; ``index`` stays the puzzle's
position in the file), or the number of puzzles a generated kind makes.
``first``: the first N puzzles instead. Either way puzzle ``i`` of a spec
depends only on the spec, the settings and ``i``, so a resumed run sees the
same puzzles.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from typing import TYPE_CHECKING

from ..errors import DatasetError
from ..formats import collection_names

if TYPE_CHECKING:
    from ..puzzle import Puzzle



Loader = Callable[[str, "int | None", int], "list[Puzzle]"]


@dataclass(frozen=True)
class DatasetKind:
    """A registered kind: ``loader(value, sample, seed) -> list[Puzzle]``
    for a spec ``kind:value``; ``syntax`` (``"gen:N"``) and ``description``
    for help texts."""

    kind: str
    loader: Loader
    syntax: str
    description: str


DATASET_KINDS: dict[str, DatasetKind] = {}


def register_dataset_kind(kind: str, loader: Loader, syntax: str, description: str) -> None:
    """Make specs ``kind:VALUE`` load with ``loader(value, sample, seed)``,
    which returns the puzzles (``Puzzle.name`` set) or raises
    :class:`DatasetError`. Registering a kind again replaces it."""
    DATASET_KINDS[kind] = DatasetKind(kind, loader, syntax, description)


def dataset_help() -> str:
    """One line listing the dataset specs users can give."""
    _load_kinds()
    kinds = "; ".join(f"{k.syntax}: {k.description}" for k in DATASET_KINDS.values())
    return f"{', '.join(collection_names())} (bundled collections), a file of puzzles" + (
        f"; {kinds}" if kinds else "")


def _load_kinds() -> None:
    from ..extensions import load_extensions

    load_extensions()


PART_SEPARATOR = "/"
"""Puzzles of a collection named ``"PART/..."`` form its parts (the
``teaching`` collection's regimes: ``root/1: why``)."""


def collection_parts(name: str) -> tuple[str, ...]:
    """The parts of the bundled collection ``name``, in order, when every
    puzzle's name starts with ``"PART/"``; empty otherwise (or for a name
    that is no bundled collection, or a file of that name in the current
    folder)."""
    if name not in collection_names() or os.path.lexists(name):
        return ()
    names = [puzzle.name for puzzle in _read(name, name)]
    if not all(PART_SEPARATOR in n and not n.startswith(PART_SEPARATOR) for n in names):
        return ()
    return tuple(dict.fromkeys(n.split(PART_SEPARATOR, 1)[0] for n in names))


def expand_parts(specs) -> list[str]:
    """``specs`` with every bundled collection that has parts
    (:func:`collection_parts`) replaced by one spec per part,
    ``COLLECTION:PART``: ``bench run --datasets teaching`` runs each regime
    of the teaching collection as its own dataset, so that every table and
    figure compares like with like."""
    out = []
    for spec in specs:
        parts = collection_parts(spec) if isinstance(spec, str) else ()
        out += [f"{spec}:{part}" for part in parts] or [spec]
    return out


def load_dataset(spec: str, sample: int | None = None, seed: int = 0,
                 first: int | None = None) -> list[tuple[int, Puzzle]]:
    """The puzzles of ``spec`` as ``(index, puzzle)`` pairs, ``index``
    1-based within the dataset (see the module docstring for ``sample``,
    ``seed`` and ``first``). A spec that is neither bundled nor a registered
    kind is read by :func:`~sudoku_models.read_puzzles` when it exists (a
    file, a pipe such as ``<(head -3 top95.txt)``, a device) or is ``-``
    (standard input). ``COLLECTION:PART`` is the part of a bundled
    collection (:func:`collection_parts`; indices stay the collection's).
    Raises :class:`DatasetError` for an unknown spec or part, a missing
    file ("not found"), a file without puzzles or a bad value, and
    :class:`~sudoku_models.PuzzleFormatError` for a malformed file."""
    kind, colon, value = spec.partition(":")
    if spec in collection_names() and not os.path.lexists(spec):
        return select(list(enumerate(_read(spec, spec), start=1)), spec, sample, seed, first)
    if colon and kind in collection_names() and not os.path.lexists(spec):
        parts = collection_parts(kind)
        if value not in parts:
            raise DatasetError(f"{spec}: {kind} has " + (f"the parts {', '.join(parts)}"
                                                         if parts else "no parts"))
        mine = [(index, puzzle) for index, puzzle in enumerate(_read(kind, kind), start=1)
                if puzzle.name.startswith(value + PART_SEPARATOR)]
        return select(mine, spec, sample, seed, first)
    _load_kinds()
    if colon and kind in DATASET_KINDS:
        puzzles = DATASET_KINDS[kind].loader(value, sample, seed)
        return list(enumerate(puzzles, start=1))[:first]
    if spec == "-" or os.path.lexists(spec):
        return select(list(enumerate(_read(spec, spec), start=1)), spec, sample, seed, first)
    if "/" in spec or Path(spec).suffix:
        raise DatasetError(f"{spec}: dataset file not found")
    raise DatasetError(f"unknown dataset {spec!r}: use {dataset_help()}")


def dataset_file(spec: str) -> Path | None:
    """The file ``spec`` reads when it names an existing file (a command
    must not write over it); None for a bundled collection (inside the
    package), a generated kind, ``-`` or anything else."""
    kind, colon, _ = spec.partition(":")
    _load_kinds()
    if (colon and kind in DATASET_KINDS) or spec == "-" or not os.path.isfile(spec):
        return None
    return Path(spec)


def _read(source, spec: str) -> list[Puzzle]:
    from ..formats.files import read_puzzles

    try:
        puzzles = read_puzzles(source)
    except OSError as exc:
        raise DatasetError(f"{spec}: cannot read ({exc.strerror or exc})") from None
    if not puzzles:
        raise DatasetError(f"{spec}: no puzzle in the file")
    return puzzles


def select(indexed: list[tuple[int, Puzzle]], spec: str, sample: int | None, seed: int,
           first: int | None) -> list[tuple[int, Puzzle]]:
    """Of ``(index, puzzle)`` pairs, the first ``first``, then a random
    sample of ``sample`` of them drawn with ``seed`` and ``spec`` (None:
    all)."""
    import numpy as np

    indexed = indexed[:first]
    if sample is None or sample >= len(indexed):
        return indexed
    rng = np.random.default_rng([seed, zlib.crc32(spec.encode())])
    chosen = np.sort(rng.choice(len(indexed), size=sample, replace=False))
    return [indexed[i] for i in chosen]
