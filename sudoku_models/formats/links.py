"""Puzzles as the variant community shares them: SudokuPad and f-puzzles
links and the lz-string payloads inside them.

A link carries its puzzle as JSON compressed with lz-string (the
``lzstring`` package, a port of pieroxy's lz-string), in one of its two
text forms, base64 or "encoded URI component":

* f-puzzles: ``https://www.f-puzzles.com/?load=<payload>``, the f-puzzles
  JSON (:func:`sudoku_models.formats.fpuzzles.from_fpuzzles`);
* SudokuPad: ``https://sudokupad.app/fpuzzles<payload>`` (also ``fpuz``, or
  after ``?puzzle=``), the same f-puzzles JSON; ``.../scl<payload>`` (also
  ``ctc``), SudokuPad's own format: JSON whose keys are shortened and whose
  quotes, booleans and colours are abbreviated (SudokuPad's
  ``PuzzleZipper``; :func:`unzip_sudokupad` undoes it).

A short link (``https://sudokupad.app/abc123``, ``f-puzzles.com/?id=``)
names a puzzle stored on a server; it is a
:class:`~sudoku_models.errors.PuzzleFormatError` saying so (this package
reads no network).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote, urlsplit

from ..errors import PuzzleFormatError, excerpt

FPUZZLES_LINK = "https://www.f-puzzles.com/?load="
SUDOKUPAD_LINK = "https://sudokupad.app/fpuzzles"
_PREFIXES = (("fpuzzles", "fpuzzles"), ("fpuz", "fpuzzles"), ("scl", "sudokupad"),
             ("ctc", "sudokupad"))
_PAYLOAD = re.compile(r"[A-Za-z0-9+/=$\-_ ]+")


def compress(text: str) -> str:
    """``text`` compressed with lz-string, in its base64 form (what
    f-puzzles and SudokuPad links carry)."""
    import lzstring

    return lzstring.LZString().compressToBase64(text)


def decompress(payload: str) -> str | None:
    """The text inside an lz-string payload, base64 or URI-component form
    (tried in that order); None when neither decodes to text that starts
    like JSON."""
    import lzstring

    codec = lzstring.LZString()
    base64 = payload.replace(" ", "+")  # a '+' read from a query string as a space
    for decode, form in ((codec.decompressFromBase64, base64),
                         (codec.decompressFromEncodedURIComponent, base64)):
        try:
            text = decode(form)
        except Exception:  # noqa: BLE001  (the decoder raises whatever bad input hits)
            text = None
        if text and text.lstrip()[:1] in ("{", "["):
            return text
    return None


def _from_link(text: str) -> tuple[str, str]:
    """``(format, payload)`` of a link: format ``fpuzzles`` or
    ``sudokupad``, or :class:`PuzzleFormatError`."""
    parts = urlsplit(text if "://" in text else "https://" + text)
    query = parse_qs(parts.query, keep_blank_values=True)
    host = parts.netloc.lower()
    if "load" in query:
        return "fpuzzles", query["load"][0]
    if "id" in query and "f-puzzles" in host:
        raise PuzzleFormatError(f"{excerpt(text, 80)}: an f-puzzles short link names a puzzle stored "
                                "on its server; open it and share its ?load= link")
    # The payload starts at the first segment of the path that starts with a prefix and
    # runs to its end (a base64 payload holds '/' too), else it is the ?puzzle= value. A
    # prefix holds no '/', so looking at the segments alone finds it: one pass, where
    # joining every suffix took time and memory quadratic in the path's '/'.
    path = unquote(parts.path)
    start = 0
    for segment in path.split("/"):
        for prefix, kind in _PREFIXES:
            if segment.startswith(prefix):
                return kind, path[start + len(prefix):]
        start += len(segment) + 1
    for candidate in query.get("puzzle", []):
        for prefix, kind in _PREFIXES:
            if candidate.startswith(prefix):
                return kind, candidate[len(prefix):]
    if "sudokupad" in host or "crackingthecryptic" in host:
        raise PuzzleFormatError(
            f"{excerpt(text, 80)}: a SudokuPad short link names a puzzle stored on its server; open it "
            "and share a link that carries the puzzle (its f-puzzles or scl form)")
    raise PuzzleFormatError(f"{excerpt(text, 80)}: not a SudokuPad or f-puzzles link")


def is_link(text: str) -> bool:
    """Whether ``text`` looks like a web address (``https://...``,
    ``sudokupad.app/...``, ``www.f-puzzles.com/...``)."""
    head = text.strip().lower()
    return "://" in head[:12] or head.startswith(("sudokupad.app", "www.", "f-puzzles.com"))


def unpack(text: str) -> tuple[str, str]:
    """``(format, JSON text)`` of a link, of a bare lz-string payload (with
    or without its ``fpuzzles``/``scl`` prefix) or of JSON text; format is
    ``json`` (given as JSON), ``fpuzzles`` or ``sudokupad`` (SudokuPad's own
    format, already unzipped). Raises :class:`PuzzleFormatError` when the
    text is none of these or does not decompress."""
    text = text.strip()
    if text[:1] in ("{", "["):
        return "json", text
    kind, payload = _from_link(text) if is_link(text) else ("", unquote(text))
    if not kind:
        kind = "fpuzzles"
        for prefix, named in _PREFIXES:
            if payload.startswith(prefix):
                kind, payload = named, payload[len(prefix):]
                break
    payload = payload.split("&", 1)[0].split("#", 1)[0]
    decoded = decompress(payload) if _PAYLOAD.fullmatch(payload or "!") else None
    if decoded is None:
        raise PuzzleFormatError("not an lz-string compressed puzzle (could not decompress it)")
    if kind == "sudokupad" and not decoded.lstrip().startswith("{\""):
        decoded = unzip_sudokupad(decoded)
    return kind, decoded


def payload_json(text: str) -> str:
    """The f-puzzles JSON text of a link, payload or JSON text
    (:func:`unpack`); SudokuPad's own format is a
    :class:`PuzzleFormatError` here (``read_puzzle`` reads it)."""
    kind, decoded = unpack(text)
    if kind == "sudokupad":
        raise PuzzleFormatError("a SudokuPad puzzle in its own (scl) format, not f-puzzles; "
                                "read it with sudoku_models.puzzle.read_puzzle")
    return decoded


# -- SudokuPad's own format --------------------------------------------------------

_PROPS = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
          "backgroundColor": "c2", "cells": "ce", "cellSize": "cs", "arrows": "a",
          "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
          "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
          "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te",
          "duration": "d", "d": "d2"}
_LONG = {short: long for long, short in _PROPS.items()}
_STRING = re.compile(r'("(?:[^"\\]|\\.)*")')


def unzip_sudokupad(zipped: str) -> str:
    """SudokuPad's abbreviated JSON (``PuzzleZipper.zip``'s output: keys
    unquoted and shortened, ``'`` for ``"``, ``t``/``f`` for booleans,
    ``#0``/``#F``/``RRGGBB`` for colours, empty objects left out) as plain
    JSON text with the long key names (keys quoted in the zipped text keep
    their name). The transformations are SudokuPad's
    (Sven Neumann's puzzle zipper), undone in their reverse order."""
    if '"' not in zipped:
        zipped = zipped.replace("\\'", "\x00").replace("'", '"').replace("\x00", "'")
    pieces = _STRING.split(zipped)
    strings = pieces[1::2]
    text = "".join(piece if i % 2 == 0 else f'"\x01{i // 2}\x01"'
                   for i, piece in enumerate(pieces))
    text = re.sub(r"([,{\[])([a-zA-Z0-9]+):",
                  lambda m: f'{m[1]}"{_LONG.get(m[2], m[2])}":', text)
    for pattern, replacement in (
            (r"([,{\[])(?=[,}\]])", r"\1_"),
            (r"\{_\}", "{}"),
            (r"([,{\[])_", r"\1{}"),
            (r"(:)f(?=[,}\]])", r"\1false"),
            (r"(:)t(?=[,}\]])", r"\1true"),
            (r"(:)#0(?=[,}\]])", r'\1"#000000"'),
            (r"(:)#F(?=[,}\]])", r'\1"#FFFFFF"'),
            (r"(:)([0-9a-fA-F]{6})(?=[,}\]])", r'\1"#\2"')):
        text = re.sub(pattern, replacement, text)
    return re.sub('"\x01([0-9]+)\x01"', lambda m: strings[int(m[1])], text)
