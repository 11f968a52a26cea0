"""Every method on every variant kind, paired per instance (issue 24).

For each dataset (one CSV each, never pooled: ``benchmarks/variants/results/
<dataset>.csv``) and each puzzle, every registered method runs once in every
configuration it offers for variants: the method as it is, and for killers
the options that change how a cage is modelled when the registry lists them
(``cage`` values such as ``"table"``, ``rule45=True``, a SAT ``encoding``).
A method that does not model a puzzle's constraint kinds or layout is asked
(the solve raises the registry's ``CapabilityError``) and the pair is
recorded as ``not modelled``, so the script runs the same before and after
a method learns a kind. Every solved grid is checked against every
constraint (:func:`sudoku_models.verify`). Solver effort is recorded as each
method reports it (B&B nodes and LP iterations, branches and conflicts,
SAT decisions and conflicts, the counter's branch nodes).

The backtracking counter's ``solve`` counts to two on the way, so its time is
the time to prove the solution unique, counting included (the killer speed
goal of issue 24: under 0.25 s per hard 9x9 killer on average).

Usage::

    python -m benchmarks.variants --small                 # a minute: 3 puzzles a set
    python -m benchmarks.variants --datasets killer-9x9 --first 30 --skip 30 \\
        --time-limit 10                                   # the killer comparison
    python -m benchmarks.variants --datasets jigsaw-9x9,boxes-6x6 --first 20
    python -m benchmarks.variants --sigh-killers tarek.txt --methods backtracking

``--sigh-killers FILE`` reads killers in the short format of sigh's
Interactive Sudoku Solver (``data/killers.js``: 81 characters, a cage's
total in base 36 at one cell, its other cells pointing to a neighbour in
the cage with ``<``, ``>``, ``^``, ``v`` or a backquote for up-left; ``0``
a cell in no cage), such as the 42 hard killers of its ``TAREK_ALL`` list
(from tarek's collection on the rcbroughton.co.uk Sudoku forum), which the
toolkit does not ship (no licence stated).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from pathlib import Path

from benchmarks.studykit.benchtools import machine

HERE = Path(__file__).resolve().parent
OUT = HERE / "results"
DATASETS = ("killer-9x9", "killer-16x16", "jigsaw-9x9", "boxes-6x6", "boxes-8x8", "boxes-12x12")
VARIANT_OPTIONS = {"cage": ("table",), "rule45": (True,), "encoding": None}
"""Options that change how a variant is modelled, with the values to try
(None: each value the registry allows)."""
COLUMNS = ("dataset", "index", "puzzle", "side", "layout", "kinds", "cages", "clues", "label",
           "method", "options", "status", "verified", "solutions", "build_s", "solve_s",
           "total_s", "cpu_s", "bb_nodes", "lp_iterations", "branches", "conflicts", "decisions",
           "time_limit_s", "threads", "solver", "note", "load")
EFFORT = {"B&B nodes": "bb_nodes", "LP iterations": "lp_iterations", "branches": "branches",
          "conflicts": "conflicts", "decisions": "decisions"}
NOT_MODELLED = "not modelled"


def configurations(methods: list[str] | None) -> list[tuple[str, str, dict]]:
    """``(label, method, options)`` for every registered method (or those
    named) and each variant option it lists (:data:`VARIANT_OPTIONS`)."""
    from sudoku_models import METHODS
    from sudoku_models.registry import FREE

    found = []
    for name, info in METHODS.items():
        if methods and name not in methods:
            continue
        found.append((name, name, {}))
        for option, values in VARIANT_OPTIONS.items():
            if option not in info.options:
                continue
            allowed = info.options[option]
            for value in (values if values is not None else allowed if allowed != FREE else ()):
                if allowed == FREE or value in allowed:
                    found.append((f"{name} [{option}={value}]", name, {option: value}))
    if methods:
        unknown = set(methods) - set(METHODS)
        if unknown:
            raise ValueError(f"unknown method(s) {', '.join(sorted(unknown))}; choose from "
                             f"{', '.join(METHODS)}")
    return found


def sigh_killer(text: str, name: str):
    """A 9x9 killer from one line of the Interactive Sudoku Solver's short
    format (module docstring); ``ValueError`` naming the line otherwise."""
    from sudoku_models import Puzzle
    from sudoku_models.geometry import Layout
    from sudoku_models.rules import Cage, Rules

    moves = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0), "`": (-1, -1)}
    if len(text) != 81:
        raise ValueError(f"{name}: a short killer has 81 characters, got {len(text)}")
    parent = list(range(81))

    def root(cell):
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    totals = {}
    for cell, char in enumerate(text):
        row, col = divmod(cell, 9)
        if char in moves:
            dr, dc = moves[char]
            if not (0 <= row + dr < 9 and 0 <= col + dc < 9):
                raise ValueError(f"{name}: cell {cell + 1} points outside the grid")
            parent[root(cell)] = root((row + dr) * 9 + col + dc)
        elif char != "0":
            try:
                totals[cell] = int(char, 36)
            except ValueError:
                raise ValueError(f"{name}: unknown character {char!r}") from None
    groups: dict[int, list[int]] = {}
    for cell in range(81):
        if text[cell] != "0":
            groups.setdefault(root(cell), []).append(cell)
    cages = []
    for cells in groups.values():
        heads = [totals[c] for c in cells if c in totals]
        if len(heads) != 1:
            raise ValueError(f"{name}: a cage with {len(heads)} totals at cell {cells[0] + 1}")
        cages.append(Cage(tuple(cells), heads[0]))
    cages.sort(key=lambda cage: min(cage.cells))
    return Puzzle([[0] * 9] * 9, Rules(Layout.square(3), tuple(cages)), name)


def load(spec: str, first: int | None, skip: int) -> list[tuple[int, object]]:
    """``(index, puzzle)`` of a dataset spec or a ``--sigh-killers`` file
    (``sigh:PATH``), puzzles ``skip + 1`` to ``skip + first``."""
    if spec.startswith("sigh:"):
        path = Path(spec[5:])
        lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
        puzzles = [(i, sigh_killer(line, f"{path.name}:{i}")) for i, line in
                   enumerate(lines, start=1)]
    else:
        from sudoku_models.bench.datasets import load_dataset

        puzzles = load_dataset(spec)
    end = None if first is None else skip + first
    return puzzles[skip:end]


def run_one(puzzle, method: str, options: dict, time_limit: float, threads: int) -> dict:
    """One solve: the row's outcome columns (``not modelled`` when refused)."""
    from sudoku_models import verify
    from sudoku_models.registry import CapabilityError
    from sudoku_models.solving import solve

    common = {"threads": threads} if method not in ("backtracking", "matching") else {}
    start, cpu = time.perf_counter(), time.process_time()
    try:
        result = solve(puzzle, method, time_limit=time_limit, **common, **options)
    except CapabilityError as refusal:
        return {"status": NOT_MODELLED, "note": str(refusal)}
    total, cpu = time.perf_counter() - start, time.process_time() - cpu
    row = {"status": result.status.name, "build_s": result.build_seconds,
           "solve_s": result.solve_seconds, "total_s": total, "cpu_s": cpu,
           "solver": result.solver,
           "verified": bool(result.grid is not None and verify(puzzle, result.grid))}
    for name, column in EFFORT.items():
        if name in result.stats:
            row[column] = result.stats[name]
    if "solutions" in result.stats:
        row["solutions"] = result.stats["solutions"]
    return row


def describe(dataset: str, index: int, puzzle) -> dict:
    from sudoku_models.registry import layout_kind
    from sudoku_models.rules import Cage

    return {"dataset": dataset, "index": index, "puzzle": puzzle.name, "side": puzzle.side,
            "layout": layout_kind(puzzle.layout), "kinds": " ".join(sorted(puzzle.rules.kinds)),
            "cages": sum(isinstance(c, Cage) for c in puzzle.constraints),
            "clues": int((puzzle.grid != 0).sum())}


def run(args: argparse.Namespace) -> list[Path]:
    """Run every dataset; returns the CSV files written."""
    from tqdm import tqdm

    from sudoku_models.counter import warm_up

    warm_up()
    configs = configurations(args.methods)
    specs = [*args.datasets, *(f"sigh:{path}" for path in args.sigh_killers)]
    args.out.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in specs:
        puzzles = load(spec, args.first, args.skip)
        name = Path(spec[5:]).stem if spec.startswith("sigh:") else spec
        path = args.out / f"{name}.csv"
        warmed = set()
        with open(path, "w", newline="") as handle:
            writer = csv.DictWriter(handle, COLUMNS)
            writer.writeheader()
            bar = tqdm(total=len(puzzles) * len(configs), desc=name, unit="solve")
            for turn, (index, puzzle) in enumerate(puzzles):
                info = describe(name, index, puzzle)
                shift = turn % len(configs)  # interleaved per instance, the order rotated
                for label, method, options in configs[shift:] + configs[:shift]:
                    if label not in warmed:  # load the solver before timing anything
                        run_one(puzzle, method, options, args.time_limit, args.threads)
                        warmed.add(label)
                    row = {**info, "label": label, "method": method,
                           "options": " ".join(f"{k}={v}" for k, v in options.items()),
                           "time_limit_s": args.time_limit, "threads": args.threads,
                           **run_one(puzzle, method, options, args.time_limit, args.threads),
                           "load": round(os.getloadavg()[0], 2)}
                    writer.writerow(row)
                    handle.flush()
                    bar.update()
            bar.close()
        written.append(path)
        print(f"wrote {path}", file=sys.stderr)
    return written


def summary(path: Path) -> str:
    """Per label: solved, not modelled, at the limit, median and mean seconds."""
    from benchmarks.variants.tables import method_table

    return method_table(str(path))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] + " Writes one CSV "
                                     "per dataset and prints a summary of each.",
                                     epilog="see the module docstring for examples")
    parser.add_argument("--datasets", type=lambda t: [s for s in t.split(",") if s],
                        default=list(DATASETS),
                        help=f"comma-separated dataset specs (default {','.join(DATASETS)})")
    parser.add_argument("--sigh-killers", action="append", default=[], metavar="FILE",
                        help="also a file of killers in the Interactive Sudoku Solver's short "
                        "format (repeatable)")
    parser.add_argument("--methods", type=lambda t: [s for s in t.split(",") if s],
                        help="comma-separated methods (default: every registered one)")
    parser.add_argument("--first", type=int, help="puzzles per dataset (default all)")
    parser.add_argument("--skip", type=int, default=0,
                        help="skip this many puzzles of each dataset first (default 0)")
    parser.add_argument("--time-limit", type=float, default=10.0,
                        help="seconds per solve, build included (default 10)")
    parser.add_argument("--threads", type=int, default=1,
                        help="solver threads (default 1; the machine is shared)")
    parser.add_argument("--small", action="store_true",
                        help="3 puzzles per dataset and a 5 s limit (the notebook's small mode)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"results folder (default {OUT})")
    args = parser.parse_args(argv)
    if args.small:
        args.first, args.time_limit = 3, 5.0
    if (args.first is not None and args.first < 1) or args.skip < 0 or args.time_limit <= 0 \
            or args.threads < 1:
        parser.error("--first, --threads and --time-limit must be positive, --skip >= 0")
    try:
        print(f"# {machine()}; load {os.getloadavg()[0]:.2f}", file=sys.stderr)
        for path in run(args):
            print(f"\n{path.name}\n{summary(path)}")
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
