"""Human difficulty against solver effort: does a puzzle that is hard for a
person make MILP, CP-SAT or backtracking work harder?

Usage: python benchmarks/difficulty_effort.py [--sample 200] [--generated 100]
       [--top1465-every 5] [--order4 20] [--out CSV]

The 9x9 puzzles are those of ``rating_vs_qqwing.py`` (top95, every
``--top1465-every``-th puzzle of top1465, a sample of 17clue, generated
puzzles); ``--order4`` adds generated 16x16 puzzles at 100, 105, ..., 120
clues (seed k has 100 + 5 (k mod 5) clues). For each puzzle
:func:`sudoku_models.studies.effort.measure` gives our rating and: HiGHS
B&B nodes, LP iterations and solve seconds (milp), CP-SAT branches,
conflicts and seconds (cp), both on one thread, as shipped and with presolve
off (with it, both settle every 9x9 puzzle before searching), and the
compiled counter's backtracking nodes (first solution, uniqueness proof) and
seconds.
With the SAT method ``sat-extended`` registered (CaDiCaL through PySAT), its
decisions and conflicts too.

Prints, as Markdown for benchmarks/README.md: medians per level, the share
of puzzles each solver settles without branching, and Spearman rank
correlations of our score and level with each measure, per order.
"""

from __future__ import annotations

import argparse
import sys

import pandas as pd
from scipy.stats import spearmanr

from generator import generate
from rating_vs_qqwing import puzzle_sets
from sudoku_models.logic import LEVELS
from sudoku_models.studies.effort import available, columns, measure

MEASURES = columns(available())


def correlations(frame: pd.DataFrame) -> pd.DataFrame:
    """Spearman rho (and p-value) of score and of level rank with each measure."""
    level_rank = frame["level"].map({name: i for i, name in enumerate(LEVELS)})
    rows = []
    for measure_name in MEASURES:
        if frame[measure_name].nunique() < 2:
            rows.append({"measure": measure_name, "rho (score)": "constant"})
            continue
        score = spearmanr(frame["score"], frame[measure_name])
        level = spearmanr(level_rank, frame[measure_name])
        rows.append({"measure": measure_name, "rho (score)": round(score.statistic, 3),
                     "p (score)": f"{score.pvalue:.1g}", "rho (level)": round(level.statistic, 3),
                     "p (level)": f"{level.pvalue:.1g}"})
    return pd.DataFrame(rows)


def medians(frame: pd.DataFrame) -> pd.DataFrame:
    table = frame.groupby("level")[list(MEASURES)].median()
    table.insert(0, "puzzles", frame.groupby("level").size())
    for column in MEASURES:
        if "seconds" in column:
            table[column] = (1000 * table[column]).round(2)
    table = table.rename(columns={c: c.replace("seconds", "ms") for c in MEASURES})
    return table.reindex([level for level in LEVELS if level in table.index]).T


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=200, help="17clue puzzles (default 200)")
    parser.add_argument("--generated", type=int, default=100,
                        help="generated 9x9 puzzles (default 100)")
    parser.add_argument("--top1465-every", type=int, default=5,
                        help="take every k-th puzzle of top1465 (default 5)")
    parser.add_argument("--order4", type=int, default=20,
                        help="generated 16x16 puzzles at 100-120 clues (default 20)")
    parser.add_argument("--out", help="CSV of every measurement")
    args = parser.parse_args(argv)

    sets = puzzle_sets(args.sample, args.generated)
    sets["top1465"] = sets["top1465"][::args.top1465_every]
    rows = []
    for set_name, puzzles in sets.items():
        rows += [{"set": set_name, "order": 3, **row} for row in measure(puzzles)]
    big = [generate(100 + 5 * (seed % 5), order=4, seed=seed) for seed in range(args.order4)]
    rows += [{"set": "16x16 generated (100-120 clues)", "order": 4, **row}
             for row in measure(big)]
    frame = pd.DataFrame(rows)
    if args.out:
        frame.to_csv(args.out, index=False)

    for order, part in frame.groupby("order"):
        side = order * order
        print(f"### {side}x{side}: {len(part)} puzzles\n")
        print("Medians per level (rows: measures, times in ms; columns: our levels):\n")
        print(medians(part).to_markdown(), "\n")
        settled = {"milp B&B nodes": "milp: no B&B node", "milp LP iterations": "milp: no LP "
                   "iteration", "cp branches": "cp: no branch",
                   "milp (presolve off) LP iterations": "milp (presolve off): no LP iteration",
                   "cp (presolve off) branches": "cp (presolve off): no branch",
                   "backtracking nodes (first)": "backtracking: no branch to the solution"}
        shares = {label: f"{(part[column] == 0).mean():.0%}" for column, label in settled.items()}
        print("Settled without branching: " + ", ".join(f"{k} {v}" for k, v in shares.items()),
              "\n")
        print("Spearman rank correlation with our score and level:\n")
        print(correlations(part).to_markdown(index=False), "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
