"""A killer collection that no one method selected: 9x9 killers from
:func:`generator.generate_killer` with ``check_nodes=None`` (each merge
checked by the counter within 10 seconds, no budget of branch nodes) and
``confirm="sat-extended"`` (CaDiCaL on the CNF must count exactly one
solution too, with only a time cap), in five groups of ten from easy to
hard: 26-30, 23-25, 21-22, 19-20 and 17-18 cages, no givens.

Usage: python -m benchmarks.killer_formulations.collection [--out JSONL]

Writes one JSON line per puzzle (the ``sudoku-models/1`` format, its
``source`` field naming the call that made it); the same seeds give the
same file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from generator import generate_killer

OUT = Path(__file__).resolve().parents[1] / "datasets" / "killer-unselected-9x9.jsonl"
GROUPS = (((26, 30), 3101), ((23, 25), 3102), ((21, 22), 3103), ((19, 20), 3104),
          ((17, 18), 3105))
"""Each group's cage range and first seed (the puzzles of a group take the
seeds from it on)."""
PER_GROUP = 10


def collection(per_group: int = PER_GROUP) -> list[str]:
    """The collection's JSON lines, group by group."""
    lines = []
    for cages, first in GROUPS:
        for seed in range(first * 100, first * 100 + per_group):
            puzzle = generate_killer(cages, seed=seed, check_nodes=None, check_seconds=10,
                                     confirm="sat-extended", time_limit=600)
            source = (f"generate_killer({cages}, seed={seed}, check_nodes=None, "
                      f"check_seconds=10, confirm='sat-extended', time_limit=600)")
            lines.append(json.dumps({**puzzle.to_json(), "source": source},
                                    separators=(",", ":")))
            print(source, len(puzzle.constraints), "cages", flush=True)
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--per-group", type=int, default=PER_GROUP)
    args = parser.parse_args(argv)
    args.out.write_text("\n".join(collection(args.per_group)) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
