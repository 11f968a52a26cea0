"""How many of the Interactive Sudoku Solver's example and collection
puzzles does the toolkit read, and solve to their published answers
(issue 33)?

The puzzles are every ``input`` of ``data/example_puzzles.js`` and
``data/collections.js`` of sigh's Interactive Sudoku Solver
(github.com/sigh/Interactive-Sudoku-Solver, MIT), and every bare puzzle
string of the collections' lists (killers in the short format), each
distinct text once (inputs that name one of the solver's JavaScript scripts
are left out: no puzzle). They are not shipped: the script downloads the two
files into a temporary folder at run time (``--data DIR`` reads a copy).

Each text goes through :func:`sudoku_models.puzzle.read_puzzle`. A puzzle
read is solved by the counter (``solve(p, "backtracking")``, which counts
to two) within ``--time-limit`` seconds; the row says whether the answer
passes ``verify``, whether it is the published solution (where the file
gives one) and whether it is unique. A text not read names the first
thing the reader refused (the constraint type for a constraint string).
Rows go to ``results/read_and_solve.csv`` beside this script.

Usage::

    python -m benchmarks.interactive_solver read-and-solve [--data DIR] [--time-limit 10]
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import tempfile
import urllib.request
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "read_and_solve.csv"
SOURCE = "https://raw.githubusercontent.com/sigh/Interactive-Sudoku-Solver/e373f98/data/"
FILES = ("example_puzzles.js", "collections.js")
COLUMNS = ("file", "name", "read", "refused", "kinds", "status", "verified", "published",
           "unique", "solve_s", "load")
_STRING = r"'((?:[^'\\]|\\.)*)'"


def entries(name: str, text: str) -> list[tuple[str, str, str]]:
    """``(name, input, solution)`` of every puzzle of one data file: the
    ``input`` fields (JavaScript strings, joined where split with ``+``)
    with the nearest ``name`` before and ``solution`` after them, and the
    bare strings of the collections' lists (named ``LIST#i``)."""
    found = []
    for match in re.finditer(r"input:\s*((?:" + _STRING + r"\s*\+?\s*)+)", text):
        before, after = text[:match.start()], text[match.end():match.end() + 400]
        names = re.findall(r"name:\s*" + _STRING, before)
        solution = re.match(r"\s*,?\s*solution:\s*" + _STRING, after)
        source = "".join(re.findall(_STRING, match[1]))
        if not source.startswith("/data/scripts/"):  # a script of the solver's, no puzzle
            found.append((names[-1] if names else f"{name}@{match.start()}", source,
                          solution[1] if solution else ""))
    for block in re.finditer(r"export const (\w+) = new PuzzleCollection\((.*?)\n\);", text,
                             re.S):
        bare = re.findall(r"^\s*" + _STRING + r",?\s*$", block[2], re.M)
        found += [(f"{block[1]}#{i}", s, "") for i, s in enumerate(bare, start=1)
                  if not s.startswith(("/", "http"))]
    return found


def read_data(folder: str | None) -> dict[str, str]:
    if folder:
        return {name: (Path(folder) / name).read_text() for name in FILES}
    with tempfile.TemporaryDirectory() as temp:
        for name in FILES:
            urllib.request.urlretrieve(SOURCE + name, Path(temp) / name)
        return {name: (Path(temp) / name).read_text() for name in FILES}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="a folder holding the solver's two data files")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    from sudoku_models import solve, verify
    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.puzzle import read_puzzle

    warnings.simplefilter("ignore")  # decoration warnings: the rows say what was read
    seen, rows = set(), []
    for file, text in read_data(args.data).items():
        for name, source, solution in entries(file, text):
            if source in seen:
                continue
            seen.add(source)
            row = dict(file=file, name=name, read=False, refused="", kinds="", status="",
                       verified="", published="", unique="", solve_s="",
                       load=f"{os.getloadavg()[0]:.2f}")
            try:
                puzzle = read_puzzle(source)
            except PuzzleFormatError as error:
                kind = re.search(r"constraint type '([^']+)'", str(error))
                row["refused"] = kind[1] if kind else str(error)[:80]
                rows.append(row)
                continue
            result = solve(puzzle, "backtracking", time_limit=args.time_limit)
            answer = "" if result.grid is None else "".join(  # in the puzzle's own values
                str(v) if puzzle.side < 10 else chr(ord("A") + v - 1)  # as the solver writes
                for v in puzzle.values.own(result.grid).ravel().tolist())
            row.update(read=True, kinds=" ".join(sorted(puzzle.rules.kinds)),
                       status=result.status.name,
                       verified=result.grid is not None and bool(verify(puzzle, result.grid)),
                       published=(answer == solution) if solution else "",
                       unique=result.stats.get("solutions") == 1 if result.grid is not None
                       else "", solve_s=f"{result.solve_seconds:.4f}")
            rows.append(row)
            print(f"{name[:40]:40} {row['status'] or row['refused']}", flush=True)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", newline="") as handle:
        writer = csv.DictWriter(handle, COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    read = [r for r in rows if r["read"]]
    good = [r for r in read if r["verified"] and r["published"] is not False and r["unique"]]
    print(f"{len(rows)} puzzles: {len(read)} read, {len(good)} solved to a verified, unique "
          f"answer (the published one where given)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
