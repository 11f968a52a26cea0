"""How strong is each MILP form's LP relaxation on the unselected killers,
and does its bound gap tell how many B&B nodes HiGHS needs (issue 44's
"LP bound gap against nodes")?

For each of the 50 killers of ``killer-unselected-9x9.jsonl`` (instance
numbers as in the permuted run, from 1) and each MILP form of that run
(``milp sum``, ``milp sets+rule45``), untimed: the LP relaxation
(:meth:`~sudoku_models.formulations.base.LinearFormulation.lp_relaxation`,
HiGHS) with the feasibility objective (how many ``x`` it leaves
fractional) and with the seeded random costs of the run
(:func:`benchmarks.studykit.random_costs.random_costs`, seed ``instance -
1``), beside the cost of the killer's unique solution under them. The
share ``LP bound / solution cost`` is the part of the gap from a zero bound
that the relaxation closes in that direction (1: the LP reaches the
integer optimum). Nothing here is timed: the figures are deterministic, so
the machine's load does not matter.

Rows to ``results/lp_gap.csv``: instance, form, lp_fractional,
lp_random_bound, solution_random_cost. :func:`figure` draws the share
against the B&B nodes of the permuted run (each killer's median over its
copies; a median copy that timed out: censored, an open triangle at the
highest node count drawn, its nodes only a lower bound).

Usage::

    python -m benchmarks.killer_formulations.lp_gap [--out CSV]  # then
    python -m benchmarks.killer_formulations.lp_gap --figure
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "lp_gap.csv"
FIGURE = HERE / "lp_gap_nodes.png"
FIELDS = ("instance", "form", "lp_fractional", "lp_random_bound", "solution_random_cost")
MILP_FORMS = ("milp sum", "milp sets+rule45")


def run(out: Path = OUT) -> None:
    """The rows of the module docstring, written as each is made."""
    from benchmarks.studykit.random_costs import random_costs, solution_cost
    from sudoku_models import read_puzzles, solve, verify

    from .run import _lp_strength

    puzzles = read_puzzles("killer-unselected-9x9")
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        for instance, puzzle in enumerate(puzzles, start=1):
            cost = random_costs(instance - 1, puzzle.side)
            answer = solve(puzzle, "backtracking")
            if answer.grid is None or not verify(puzzle, answer.grid):
                raise SystemExit(f"#{instance}: no verified answer ({answer.status.name})")
            for form in MILP_FORMS:
                row = {"form": form}
                _lp_strength(row, puzzle, cost, 600.0)
                writer.writerow(dict(row, instance=instance,
                                     solution_random_cost=solution_cost(cost, answer.grid)))
                handle.flush()
                print(f"#{instance} {form}: {row.get('lp_fractional')} fractional, bound "
                      f"{row.get('lp_random_bound')} of {solution_cost(cost, answer.grid)}",
                      flush=True)


def joined(lp_csv: Path = OUT, runs_csv: Path | None = None):
    """Per (instance, form): the LP share closed (``share``), the x it
    leaves fractional, and the permuted run's median B&B nodes over the
    copies (``nodes``) with whether the median copy timed out
    (``censored``)."""
    import pandas as pd

    from .tables import RESULTS

    lp = pd.read_csv(lp_csv)
    lp["share"] = lp["lp_random_bound"] / lp["solution_random_cost"]
    runs = pd.read_csv(runs_csv or RESULTS)
    runs = runs[runs["form"].isin(MILP_FORMS)].copy()
    runs["timed_out"] = ~(runs["status"].isin(("OPTIMAL", "FEASIBLE")) & runs["verified"])
    per = runs.groupby(["instance", "form"]).agg(nodes=("nodes", "median"),
                                                  censored=("timed_out",
                                                            lambda s: s.sum() * 2 > len(s)))
    return lp.merge(per.reset_index(), on=["instance", "form"])


def table(lp_csv: Path | str = OUT, runs_csv: Path | str | None = None) -> str:
    """The README's table: per MILP form, the LP share closed (median and
    quartiles), the killers whose LP reaches the optimum of the random
    costs, the median ``x`` left fractional, the median B&B nodes (of each
    killer's median copy) and Spearman's rank correlation of share and
    nodes over the 50 killers with its p-value (``scipy.stats.spearmanr``;
    a time-out's nodes enter as the lower bound they are, so the rank of a
    censored killer may only be too low)."""
    from scipy.stats import spearmanr

    frame = joined(Path(lp_csv), Path(runs_csv) if runs_csv else None)
    lines = ["| form | LP share closed, median (quartiles) | LP at the optimum | x fractional, "
             "median | B&B nodes, median | timed out | Spearman rho (p) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for form in MILP_FORMS:
        mine = frame[frame["form"] == form]
        share = mine["share"]
        rho = spearmanr(share, mine["nodes"])
        p = "< 0.001" if rho.pvalue < 0.001 else f"{rho.pvalue:.3f}"
        lines.append(f"| `{form}` | {share.median():.3f} ({share.quantile(0.25):.3f}-"
                     f"{share.quantile(0.75):.3f}) | {int((share >= 0.9995).sum())} of "
                     f"{len(mine)} | {mine['lp_fractional'].median():.0f} "
                     f"| {mine['nodes'].median():.0f} | {int(mine['censored'].sum())} "
                     f"| {rho.statistic:.2f} ({p}) |")
    return "\n".join(lines)


def figure(lp_csv: Path = OUT, out: Path = FIGURE, runs_csv: Path | None = None) -> Path:
    """The share closed against the median B&B nodes, a colour per form
    (the study's colours), censored killers marked; saved as PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from benchmarks.studykit import permuted
    from sudoku_models.plotting import CENSORED_MARKER

    from .tables import FORMS, RESULTS, _forms

    frame = joined(lp_csv, runs_csv)
    forms = _forms([runs_csv or RESULTS])  # the cactus plot's colours
    colours = permuted.form_colours({form: FORMS[form][0] for form in forms})
    fig, ax = plt.subplots(figsize=(7.2, 5.6), layout="constrained")
    top = frame["nodes"].max() * 1.5
    for form in MILP_FORMS:
        mine = frame[frame["form"] == form]
        done, cut = mine[~mine["censored"]], mine[mine["censored"]]
        ax.plot(done["share"], done["nodes"] + 1, "o", color=colours[form], alpha=0.8,
                label=f"{form}: {len(done)} killers solved (median copy)")
        if len(cut):
            ax.plot(cut["share"], cut["nodes"] + 1, linestyle="none", color=colours[form],
                    label=f"{form}: {len(cut)} timed out (nodes a lower bound)",
                    **CENSORED_MARKER)
    ax.set_yscale("log")
    ax.set_ylim(0.7, top)
    ax.set_xlabel("LP bound / solution cost under seeded random costs\n"
                  "(1: the LP relaxation reaches the integer optimum)")
    ax.set_ylabel("B&B nodes + 1, median over 5 copies (log)")
    ax.set_title("Killer forms in HiGHS: LP bound gap against B&B nodes\n"
                 "50 unselected 9x9 killers, 10 CPU s per run, one thread", fontsize=10)
    ax.grid(which="both", alpha=0.3)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2,
              frameon=False)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--figure", action="store_true",
                        help="draw the figure from --out and the permuted run, and stop")
    args = parser.parse_args(argv)
    if args.figure:
        print(figure(args.out))
        return 0
    run(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
