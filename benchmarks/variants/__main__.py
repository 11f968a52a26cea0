"""Every method on every variant kind, paired per instance (issues 24 and 31).

For each dataset (one CSV each, never pooled: ``benchmarks/variants/results/
<dataset>.csv``) every configuration of
:func:`.configurations.configurations` solves each puzzle before the next
puzzle, in one run of the benchmark runner
(:func:`benchmarks.studykit.runs.run_study_chunk`: one worker pinned to a
core, the configurations' order rotated from puzzle to puzzle, CPU seconds,
the load and the core in every row, ``load.csv`` and ``chunks.jsonl``
beside the CSVs). The configurations are the registered methods and, on
killers, the options that change how a cage is modelled: the MILP's digit
sets (``milp[cage=sets]``, the extended formulation) against its sum row,
each with and without the rule of 45; CP-SAT's tuple table, rule of 45 and
digit sets; SAT's totalizer of the sum (``matrix`` and ``cp-bool``, the
same binary rows on other back-ends, run as they are). A method that does
not model a puzzle's constraint kinds or layout is
refused by the registry (``CapabilityError``), recorded as an ``ERROR`` row
with that message and shown as *not modelled*. Every solved grid is checked
against every constraint (:func:`sudoku_models.verify`).

The backtracking counter's ``solve`` counts to two on the way, so its time is
the time to prove the solution unique, counting included.

Usage (each command resumes: the same command again writes only missing rows)::

    python -m benchmarks.variants --small                 # a minute: 3 puzzles a set
    python -m benchmarks.variants --datasets killer-9x9 --skip 30 --first 20 \\
        --time-limit 10                                   # the killer comparison
    python -m benchmarks.variants --datasets jigsaw-9x9,boxes-6x6 --first 20
    taskset -c 1 python -m benchmarks.variants --datasets killer-9x9 --skip 30 --first 20 \
        --cpu-limit 10 --out benchmarks/variants/results/cpu10   # CPU seconds, one core

``--cpu-limit S`` gives every solve S CPU seconds of its own process, build
included (the library's CPU limit: a loaded machine lowers no method's
budget); the wall limit is then a safety net, ``--time-limit`` or 6 x S.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from benchmarks.studykit.benchtools import machine
from benchmarks.variants.configurations import configurations
from benchmarks.variants.tables import method_table

HERE = Path(__file__).resolve().parent
OUT = HERE / "results"
DATASETS = ("killer-9x9", "killer-16x16", "jigsaw-9x9", "boxes-6x6", "boxes-8x8", "boxes-12x12")


def run(args: argparse.Namespace) -> list[Path]:
    """Run every dataset into its own CSV; returns the CSV files."""
    from benchmarks.studykit.runs import StudyChunk, run_study_chunk

    written = []
    for spec in args.datasets:
        path = args.out / f"{spec}.csv"
        chunk = StudyChunk(f"variants {spec}", configurations(spec, args.methods), [spec], None,
                           args.time_limit, first=args.first, skip=args.skip,
                           cpu_limit=args.cpu_limit)
        run_study_chunk(chunk, path)
        written.append(path)
        print(f"wrote {path}", file=sys.stderr)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] + " Writes one CSV "
                                     "per dataset and prints a table of each.",
                                     epilog="see the module docstring for examples")
    parser.add_argument("--datasets", type=lambda t: [s for s in t.split(",") if s],
                        default=list(DATASETS),
                        help=f"comma-separated dataset specs (default {','.join(DATASETS)})")
    parser.add_argument("--methods", type=lambda t: [s for s in t.split(",") if s],
                        help="comma-separated methods, each run with its cage configurations "
                        "on killers (default: every registered one)")
    parser.add_argument("--first", type=int, help="puzzles per dataset (default all)")
    parser.add_argument("--skip", type=int, default=0,
                        help="skip this many puzzles of each dataset first (default 0)")
    parser.add_argument("--time-limit", type=float,
                        help="wall seconds per solve, build included (default 10; with "
                             "--cpu-limit a safety net, default 6 x that limit)")
    parser.add_argument("--cpu-limit", type=float,
                        help="CPU seconds per solve of the solving process, build included")
    parser.add_argument("--small", action="store_true",
                        help="3 puzzles per dataset and a 5 s limit (the notebook's small mode)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"results folder (default {OUT})")
    args = parser.parse_args(argv)
    if args.small:
        args.first, args.time_limit = 3, 5.0
    if args.time_limit is None:
        args.time_limit = 6 * args.cpu_limit if args.cpu_limit else 10.0
    if (args.first is not None and args.first < 1) or args.skip < 0 or args.time_limit <= 0 \
            or (args.cpu_limit is not None and args.cpu_limit <= 0):
        parser.error("--first, --time-limit and --cpu-limit must be positive, --skip >= 0")
    try:
        print(f"# {machine()}; load {os.getloadavg()[0]:.2f}", file=sys.stderr)
        for path in run(args):
            print(f"\n{path.name}\n{method_table(str(path))}")
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
