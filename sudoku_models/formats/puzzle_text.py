"""A puzzle in any format the toolkit reads, told apart by the text
itself (:func:`read_puzzle`), written in any format it writes
(:func:`write_puzzle`), and :func:`as_puzzle`, what every function that
takes a puzzle accepts."""

from __future__ import annotations

import gzip
import json
import os
import re

import numpy as np

from ..errors import PuzzleFileNotFound, PuzzleFormatError
from ..limits import MAX_TEXT_CHARS
from ..puzzle import Puzzle
from . import PUZZLE_FORMATS, collection_file, collection_names, links

# The readers and writers of the other formats (.fpuzzles, .iss, .toolkit_json) are imported
# where a text or a format needs them: they load the constraint kinds (35-42 ms), which a
# file of puzzle lines (formats.files reads it on its own) or a Puzzle given as it is never
# needs.

_LZ_ALPHABET = re.compile(r"[A-Za-z0-9+/=$\-_ ]{12,}")
_ISS_WORDS = re.compile(r"(\.[A-Za-z][A-Za-z0-9]+)+")
# A text that is a file name, not a puzzle: a suffix of the files puzzles are kept in (no
# line format has these letters: values are 1-9 and A-P), or a folder in it.
_COLLECTION_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,40}")  # top95, killer-9x9, ...
_FILE_NAME = re.compile(r"\S*(\.(txt|json|jsonl|sdk|sdm|ss|csv|tsv|dat|puz|gz)|[/\\]\S*)",
                        re.IGNORECASE)


def read_puzzle(text: str | dict, *, where: str | None = None, name: str = "") -> Puzzle:
    """One puzzle from text in any format the toolkit reads, told apart by
    its content:

    * JSON (``{...}``): the toolkit's format or f-puzzles
      (:func:`.toolkit_json.from_json`, :func:`.fpuzzles.from_fpuzzles`);
    * a SudokuPad or f-puzzles link, or a bare lz-string payload (base64
      or URI-component form, with or without SudokuPad's ``fpuzzles``/``scl``
      prefix): :mod:`sudoku_models.formats.links`;
    * the Interactive Sudoku Solver's constraint string (``.~R1C1_8...``,
      ``.Cage~15~...``): :func:`.iss.from_iss`;
    * the short killer format (81 characters of totals and arrows):
      :func:`sudoku_models.formats.iss.from_short_killer`; SudoCue's long killer
      format (``3x3::k:...``): :func:`~sudoku_models.formats.iss.from_long_killer`;
    * else the line format (:meth:`Puzzle.from_string`), or where it fails
      the pencil-mark format (``N**3`` digits and dots:
      :func:`~sudoku_models.formats.iss.from_pencilmarks`; after the line format, as
      the solver's own parser tries them, so 64 characters are an 8x8, never
      a 4x4's pencil marks), the solver's jigsaw line (cells, then region symbols:
      :func:`~sudoku_models.formats.iss.from_jigsaw_line`) or an lz-string payload;
      the line format's error is the one raised when nothing fits.

    A ``dict`` is read as a JSON object (the toolkit's or f-puzzles').

    A file: an ``os.PathLike`` (``pathlib.Path("mine.txt")``) is always a
    path; a ``str`` of one line is a path when a file of that name exists
    (relative to the current folder; it wins over a puzzle text spelled the
    same) or it names a bundled collection (``top95``). The file's whole
    text (gzip-compressed or not) is then read as one puzzle text in any
    format above: a line, rows on lines of their own, JSON, a link; a file
    of several puzzles, one a line, is an error pointing to
    :func:`~sudoku_models.formats.files.read_puzzles`. A ``str`` that is
    not a puzzle and looks like a file name (a suffix such as ``.txt``,
    ``.json``, ``.gz``, or a ``/``) raises
    :class:`~sudoku_models.errors.PuzzleFileNotFound` (also a
    ``FileNotFoundError``) naming the missing file.

    ``where`` prefixes error messages; ``name`` names the puzzle when the
    text does not. Raises :class:`PuzzleFormatError`; ``OSError`` when an
    existing file cannot be read; ``TypeError`` for a ``text`` that is
    neither a ``str``, a path nor a ``dict``."""
    from .iss import (from_iss, from_jigsaw_line, from_long_killer, from_pencilmarks,
                      from_short_killer, is_jigsaw_line, is_long_killer, is_pencilmarks,
                      is_short_killer)
    from .toolkit_json import from_json

    if isinstance(text, dict):
        return _named(from_json(text, where), name)
    if isinstance(text, os.PathLike):
        return _from_file(os.fspath(text), where, name)
    if not isinstance(text, str):
        raise TypeError(f"read_puzzle takes a str, a path (or a JSON object as a dict), got "
                        f"{type(text).__name__}")
    stripped = text.strip()
    if stripped and "\n" not in stripped and len(stripped) < 4096 and (
            os.path.isfile(stripped) or (_COLLECTION_NAME.fullmatch(stripped)
                                         and stripped in collection_names()
                                         and not os.path.lexists(stripped))):
        return _from_file(stripped, where, name)
    if len(text) > MAX_TEXT_CHARS:
        raise PuzzleFormatError(f"{where + ': ' if where else ''}the text has {len(text)} "
                                f"characters; a puzzle has at most {MAX_TEXT_CHARS}")
    stripped = text.strip()
    if stripped.startswith("{"):
        puzzle = from_json(stripped, where)
    elif links.is_link(stripped):
        puzzle = _from_payload(stripped, where)
    elif stripped.startswith(".") and "~" in stripped:
        puzzle = from_iss(stripped, where)
    elif is_short_killer(stripped):
        puzzle = Puzzle(*from_short_killer(stripped, where or "killer"))
    elif is_long_killer(stripped):
        puzzle = Puzzle(*from_long_killer(stripped, where or "killer"))
    else:
        try:
            puzzle = Puzzle.from_string(text, where=where)
        except PuzzleFormatError:
            if is_pencilmarks(stripped):  # after the line, as the solver's own parser
                return _named(Puzzle(*from_pencilmarks(stripped, where or "pencil marks")),
                              name)
            if _ISS_WORDS.fullmatch(stripped):  # a constraint string of flags (.NoBoxes...)
                return from_iss(stripped, where, name)
            if is_jigsaw_line(stripped):  # 2*N*N characters: never a line-format length
                return Puzzle(*from_jigsaw_line(stripped, where or "jigsaw line"), name)
            unpacked = None
            if _LZ_ALPHABET.fullmatch(stripped):
                try:
                    unpacked = links.unpack(stripped)
                except PuzzleFormatError:
                    pass  # not a payload either: the line format's message says more
            if unpacked is None:
                if _FILE_NAME.fullmatch(stripped):
                    raise PuzzleFileNotFound(
                        f"{where + ': ' if where else ''}no such file: {stripped!r} (not a puzzle "
                        f"either; a relative path starts from {os.getcwd()}; the bundled "
                        f"collections: {', '.join(collection_names())})", stripped) from None
                raise
            puzzle = _from_unpacked(*unpacked, where)
    return _named(puzzle, name)


def _from_file(path: str, where: str | None, name: str) -> Puzzle:
    """The one puzzle of the file ``path`` (or of the bundled collection of
    that name): its text, gunzipped, read by :func:`read_puzzle` (see
    there). Raises :class:`PuzzleFileNotFound` for a missing file and
    :class:`PuzzleFormatError` naming the file for a text that is not one
    puzzle."""
    bundled = None if os.path.lexists(path) else collection_file(path)
    label = f"{where}: {path}" if where else path
    try:
        with (bundled.open("rb") if bundled is not None else open(path, "rb")) as handle:
            data = handle.read(MAX_TEXT_CHARS + 1)
            if data[:2] == b"\x1f\x8b":
                handle.seek(0)
                data = gzip.GzipFile(fileobj=handle).read(MAX_TEXT_CHARS + 1)
    except FileNotFoundError:
        raise PuzzleFileNotFound(f"{label}: no such file (a relative path starts from "
                                 f"{os.getcwd()})", path) from None
    if len(data) > MAX_TEXT_CHARS:
        raise PuzzleFormatError(f"{label}: more than {MAX_TEXT_CHARS} bytes; one puzzle is "
                                f"shorter (read_puzzles reads files of many)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleFormatError(f"{label}: not a UTF-8 text file ({exc.reason})") from None
    lines = [line for line in text.splitlines() if line.strip()
             and not line.lstrip().startswith("#")]
    if not lines:
        raise PuzzleFormatError(f"{label}: no puzzle in the file")
    body = "\n".join(lines) if not text.lstrip().startswith("{") else text
    try:
        return read_puzzle(body, where=label, name=name or os.path.basename(path))
    except PuzzleFormatError:
        if len(lines) > 1 and _is_puzzle(lines[0]) and _is_puzzle(lines[1]):
            raise PuzzleFormatError(
                f"{label}: holds {len(lines)} puzzles, one a line; read_puzzle (PUZZLE on the "
                f"command line) reads one, read_puzzles (--file) reads them all") from None
        raise


def _is_puzzle(line: str) -> bool:
    try:
        read_puzzle(line)
    except (PuzzleFormatError, OSError):
        return False
    return True


def _named(puzzle: Puzzle, name: str) -> Puzzle:
    """``puzzle``, named ``name`` when its text gave it no name."""
    return puzzle if puzzle.name or not name else Puzzle(puzzle.grid, puzzle.rules, name,
                                                         values=puzzle.values)


def _from_payload(text: str, where: str | None) -> Puzzle:
    return _from_unpacked(*links.unpack(text), where)


def _from_unpacked(kind: str, decoded: str, where: str | None) -> Puzzle:
    from .fpuzzles import from_sudokupad
    from .toolkit_json import from_json

    if kind == "sudokupad":
        return from_sudokupad(decoded, where or "SudokuPad")
    return from_json(decoded, where)


def as_puzzle(value, argument: str = "puzzle") -> Puzzle:
    """``value`` as a :class:`Puzzle`: a puzzle as it is, a ``str`` or a
    ``dict`` (a JSON object) through :func:`read_puzzle` (any format), nested
    lists or a numpy array through
    :meth:`Puzzle.from_grid` (with their :class:`PuzzleFormatError`).
    Every function that takes a puzzle accepts these. Raises ``TypeError``
    naming ``argument`` for anything else (``None``, a number, ``bytes``)."""
    if isinstance(value, Puzzle):
        return value
    if isinstance(value, (str, dict)):
        return read_puzzle(value)
    if isinstance(value, (list, tuple, np.ndarray)):
        return Puzzle.from_grid(value)
    raise TypeError(
        f"{argument} must be a Puzzle, a puzzle string, a JSON object or a grid (nested lists "
        f"or a numpy array), got {type(value).__name__}")


def write_puzzle(puzzle: Puzzle, format: str = "line") -> str:
    """``puzzle`` as text in ``format`` (:data:`PUZZLE_FORMATS`): the line
    format, the toolkit's JSON, f-puzzles JSON, a SudokuPad link or the
    Interactive Sudoku Solver's constraint string; :func:`read_puzzle` reads
    each back to the same puzzle. Raises :class:`PuzzleFormatError` for a
    constraint the format cannot say, ``ValueError`` for an unknown
    ``format``."""
    from .fpuzzles import sudokupad_link, to_fpuzzles
    from .iss import to_iss
    from .toolkit_json import to_json

    if format == "line":
        return puzzle.to_string()
    if format == "json":
        return json.dumps(to_json(puzzle))
    if format == "fpuzzles":
        return json.dumps(to_fpuzzles(puzzle))
    if format == "sudokupad":
        return sudokupad_link(puzzle)
    if format == "iss":
        return to_iss(puzzle)
    raise ValueError(f"unknown puzzle format {format!r}; the formats are "
                     f"{', '.join(PUZZLE_FORMATS)}")
