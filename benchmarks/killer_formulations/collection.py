"""Killer collections that no one method selected, from
:func:`generator.generate_killer` with ``check_nodes=None`` (each merge
checked by the counter within a few seconds, no budget of branch nodes) and
independent counting methods confirming each puzzle with only a time cap.

- 9x9 (``--size 9``): five groups of ten from easy to hard, 26-30, 23-25,
  21-22, 19-20 and 17-18 cages, no givens; each merge checked within 10 s,
  CaDiCaL (``sat-extended``) confirming.
- 16x16 (``--size 16``): three groups of five from easy to hard, 76-80,
  70-74 and 66-69 cages (mean cage size 3.2 to 3.9 cells, the middle of
  the 9x9 killers' 2.9 to 4.5), cages of at most 9 cells, 24 given digits
  (without givens such cages are out of reach at 16x16:
  :mod:`generator.killer`); each merge checked within 5 s, CP-SAT (``cp``)
  and CaDiCaL (``sat-extended``) both confirming. A fourth group of 62-65
  cages was not reached on the loaded machine (load 17-23 on 2 cores):
  seed 316400 failed twice, once as CP-SAT's count did not end within the
  600 s, once (CaDiCaL alone confirming, 900 s) as the merges stalled.

Usage: python -m benchmarks.killer_formulations.collection [--size 9|16]
       [--groups 0,1,...] [--per-group N] [--out JSONL]

Writes one JSON line per puzzle (the ``sudoku-models/1`` format, its
``source`` field naming the call that made it); the same seeds give the
same file as long as no merge's check comes near its cap in seconds (a
check that reaches it drops the merge, so a much slower machine may draw
other cages).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from generator import generate_killer
from sudoku_models.core.geometry import Layout
from sudoku_models.formats.toolkit_json import to_json
from benchmarks.studykit.benchtools import collections_folder

OUT = collections_folder() / "killer-unselected-9x9.jsonl"
GROUPS = (((26, 30), 3101), ((23, 25), 3102), ((21, 22), 3103), ((19, 20), 3104),
          ((17, 18), 3105))
"""Each 9x9 group's cage range and first seed (the puzzles of a group take
the seeds ``100 * first`` on)."""
PER_GROUP = 10
OUT_16 = collections_folder() / "killer-unselected-16x16.jsonl"
GROUPS_16 = (((76, 80), 3161), ((70, 74), 3162), ((66, 69), 3163))
"""Each 16x16 group's cage range and first seed."""
PER_GROUP_16 = 5
SIZES = {
    9: (OUT, GROUPS, PER_GROUP, {"check_nodes": None, "check_seconds": 10,
                                 "confirm": "sat-extended", "time_limit": 600}),
    16: (OUT_16, GROUPS_16, PER_GROUP_16,
         {"layout": Layout.square(4), "givens": 24, "max_cage": 9, "check_nodes": None,
          "check_seconds": 5, "confirm": ("cp", "sat-extended"), "time_limit": 600}),
}
"""Per grid size: the file written, the groups, the puzzles per group and
the generator's options."""


def _call(cages, seed: int, options: dict) -> str:
    """The generator call as a user types it."""
    shown = {k: (f"Layout.square({v.order})" if isinstance(v, Layout) else repr(v))
             for k, v in options.items()}
    return (f"generate_killer({cages}, seed={seed}, "
            + ", ".join(f"{k}={v}" for k, v in shown.items()) + ")")


def collection(size: int = 9, groups=None, per_group: int | None = None):
    """The collection's JSON lines, group by group, each yielded as soon as
    it is made (``groups``: the indices of the groups made, default all)."""
    _, all_groups, default, common = SIZES[size]
    per_group = default if per_group is None else per_group
    for group in range(len(all_groups)) if groups is None else groups:
        cages, first = all_groups[group]
        for seed in range(first * 100, first * 100 + per_group):
            start = time.perf_counter()
            puzzle = generate_killer(cages, seed=seed, **common)
            source = _call(cages, seed, common)
            print(source, len(puzzle.constraints), "cages",
                  f"{time.perf_counter() - start:.0f} s", flush=True)
            yield json.dumps({**to_json(puzzle), "source": source}, separators=(",", ":"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, choices=sorted(SIZES), default=9)
    parser.add_argument("--groups", help="comma-separated group indices (default all)")
    parser.add_argument("--per-group", type=int)
    parser.add_argument("--out", type=Path, help="default sudoku_models/collections/"
                        "killer-unselected-SIZExSIZE.jsonl")
    args = parser.parse_args(argv)
    groups = None if args.groups is None else [int(g) for g in args.groups.split(",")]
    out = args.out or SIZES[args.size][0]
    with out.open("w") as handle:  # line by line: a run stopped early keeps what it made
        for line in collection(args.size, groups, args.per_group):
            handle.write(line + "\n")
            handle.flush()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
