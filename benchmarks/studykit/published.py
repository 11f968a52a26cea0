"""Every published table regenerated from its recorded CSV.

A table in ``benchmarks/README.md`` (or in a markdown cell of a notebook)
is published between two markers that say where it comes from::

    <!-- table: benchmarks.formulation_strength.tables:medians_by
         csv: benchmarks/formulation_strength/results/scaling.csv
         args: column=order
         command: sudoku-models bench run --methods ... \
             --out benchmarks/formulation_strength/results/scaling.csv -->
    | order | backtracking | cp | ... |
    | --- | ---: | ---: | ... |
    ...
    <!-- end table -->

``table``: the builder, ``module:function``, called with the CSV paths
(``csv:``, one or more separated by spaces, relative to the repository
root) as positional arguments and the ``args:`` (``key=value``,
separated by spaces, a value with spaces in shell quotes:
``dataset="17clue first 2000"``; values read as Python literals when they
are one, else as strings) as keywords; it
returns the table's markdown text (or a DataFrame, written with
:func:`markdown`). ``command``: how the CSV was recorded (for the reader;
never run here). Between the markers there is nothing but the builder's
output: :func:`check` recomputes every marked table and reports each one
that differs, :func:`regenerate` writes them.

Regenerate every table of the README and the notebooks (what the test
``tests/test_published.py`` checks)::

    python -m benchmarks.studykit.published --write

Builders must be deterministic functions of the CSVs: no clock, no machine,
no random draw without a fixed seed.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository root (CSV paths in markers are relative to it)."""

DOCUMENTS = ("benchmarks/README.md", "benchmarks/*/README.md", "notebooks/*.ipynb")
"""The files whose marked tables :func:`main` checks or writes by default."""

_MARKER = re.compile(r"^<!-- table: (?P<head>.*?)-->\n(?P<body>.*?)^<!-- end table -->",
                     re.S | re.M)
_FIELD = re.compile(r"^\s*(table|csv|args|command):\s*(.*?)\s*$")


class MarkerError(ValueError):
    """A table marker that cannot be read or whose builder cannot run."""


@dataclass(frozen=True)
class Marked:
    """One marked table: ``builder`` (``module:function``), ``csvs`` (paths
    relative to the root), ``args`` (keywords), ``command`` (how the CSV was
    recorded), ``body`` (the text between the markers), ``span`` (offsets of
    the body in its text), ``where`` (file and line, for messages)."""

    builder: str
    csvs: tuple[str, ...]
    args: dict
    command: str
    body: str
    span: tuple[int, int]
    where: str


def _value(text: str):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def find_tables(text: str, source: str = "<text>") -> list[Marked]:
    """The marked tables of a markdown ``text``, in order. Raises
    :class:`MarkerError` naming ``source`` and the line for a marker without
    ``table``, ``csv`` or ``command``, or with an unknown field."""
    tables = []
    for match in _MARKER.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        where = f"{source}:{line}"
        fields: dict[str, str] = {}
        current = None
        for raw in ("table: " + match["head"]).splitlines():
            found = _FIELD.match(raw)
            if found:
                current = found[1]
                fields[current] = found[2]
            elif raw.strip() and current:  # continuation of a long field
                fields[current] += " " + raw.strip()
            elif raw.strip():
                raise MarkerError(f"{where}: cannot read marker line {raw.strip()!r}")
        missing = [name for name in ("table", "csv", "command") if not fields.get(name)]
        if missing:
            raise MarkerError(f"{where}: table marker without {', '.join(missing)}")
        if ":" not in fields["table"]:
            raise MarkerError(f"{where}: table must be module:function, got {fields['table']!r}")
        args = {}
        try:
            items = shlex.split(fields.get("args", ""))
        except ValueError as exc:
            raise MarkerError(f"{where}: cannot read args ({exc})") from None
        for item in items:
            key, sep, value = item.partition("=")
            if not sep:
                raise MarkerError(f"{where}: args must be key=value, got {item!r}")
            args[key] = _value(value)
        tables.append(Marked(fields["table"], tuple(fields["csv"].split()), args,
                             fields["command"], match["body"], match.span("body"), where))
    return tables


def markdown(table, formats: dict | None = None, digits: int = 2) -> str:
    """A DataFrame as a markdown table: floats with ``digits`` decimals (or
    ``formats[column]``, a format spec such as ``".3g"`` or a function),
    NaN and None empty, numeric columns right-aligned."""
    import math

    formats = formats or {}

    def cell(column, value):
        if value is None or (isinstance(value, float) and math.isnan(value)):
            return ""
        spec = formats.get(column)
        if callable(spec):
            return spec(value)
        if spec is not None:
            return format(value, spec)
        if isinstance(value, float):
            return f"{value:.{digits}f}"
        return str(value)

    numeric = [table[c].dtype.kind in "iuf" for c in table.columns]
    lines = ["| " + " | ".join(map(str, table.columns)) + " |",
             "|" + "".join(" ---: |" if n else " --- |" for n in numeric)]
    lines += ["| " + " | ".join(cell(c, v) for c, v in zip(table.columns, row)) + " |"
              for row in table.itertuples(index=False)]
    return "\n".join(lines)


def build(marked: Marked, root: Path | None = None) -> str:
    """The table text ``marked``'s builder makes from its CSVs now, ending
    in a newline. Raises :class:`MarkerError` for a builder that cannot be
    imported or a CSV that is not there."""
    module, _, name = marked.builder.partition(":")
    try:
        function = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise MarkerError(f"{marked.where}: builder {marked.builder}: {exc}") from None
    paths = [(root or ROOT) / csv for csv in marked.csvs]
    absent = [str(p) for p in paths if not p.exists()]
    if absent:
        raise MarkerError(f"{marked.where}: no such CSV {', '.join(absent)}")
    table = function(*paths, **marked.args)
    text = table if isinstance(table, str) else markdown(table)
    return text.rstrip("\n") + "\n"


def _documents(patterns, root: Path) -> list[Path]:
    return sorted(p for pattern in patterns for p in root.glob(pattern))


def _texts(path: Path):
    """The texts of ``path`` that may hold markers: the file itself, or each
    markdown cell of a notebook."""
    if path.suffix != ".ipynb":
        return [path.read_text()]
    notebook = json.loads(path.read_text())
    return ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            for cell in notebook["cells"] if cell["cell_type"] == "markdown"]


def differences(path: Path, root: Path | None = None) -> list[tuple[Marked, str]]:
    """Every marked table of ``path`` (markdown or notebook) whose text
    differs from what its builder makes now: ``(marked, new text)``."""
    root = root or ROOT
    found = []
    for index, text in enumerate(_texts(path)):
        source = f"{path.relative_to(root) if path.is_relative_to(root) else path}"
        if path.suffix == ".ipynb":
            source += f" (markdown cell {index + 1})"
        for marked in find_tables(text, source):
            new = build(marked, root)
            if new != marked.body:
                found.append((marked, new))
    return found


def _replace(text: str, source: str, root: Path) -> str:
    parts, last = [], 0
    for marked in find_tables(text, source):
        start, end = marked.span
        parts += [text[last:start], build(marked, root)]
        last = end
    return "".join(parts) + text[last:]


def regenerate(path: Path, root: Path | None = None) -> int:
    """Rewrite every marked table of ``path`` from its CSVs; returns how
    many changed."""
    changed = len(differences(path, root))
    if not changed:
        return 0
    if path.suffix != ".ipynb":
        path.write_text(_replace(path.read_text(), str(path), root))
        return changed
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = _replace(cell.source, str(path), root)
    nbformat.write(notebook, path)
    return changed


def _diff(old: str, new: str) -> str:
    import difflib

    return "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), "published",
                                        "recomputed", n=0))


def main(argv=None) -> int:
    """``python -m benchmarks.studykit.published [FILE ...] [--write]``:
    check (exit 1 and a diff per table that differs) or rewrite the marked
    tables; exit 2 for a marker that cannot be read."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.studykit.published",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path,
                        help=f"markdown files or notebooks (default: {', '.join(DOCUMENTS)})")
    parser.add_argument("--write", action="store_true", help="rewrite the tables that differ")
    parser.add_argument("--root", type=Path, help="read the CSVs under this folder instead of "
                        "the repository (e.g. a checkout of the staged files, while a run "
                        "still appends to the working copy)")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.files] or _documents(DOCUMENTS, ROOT)
    root = args.root.resolve() if args.root else None
    status = 0
    try:
        for path in paths:
            if args.write:
                changed = regenerate(path, root)
                print(f"{path}: {changed} table(s) rewritten")
                continue
            for marked, new in differences(path, root):
                status = 1
                print(f"{marked.where}: {marked.builder} differs from its CSV\n"
                      f"{_diff(marked.body, new)}")
    except MarkerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
