"""Human difficulty on Sukaku Explainer's scale against solver effort: the
rater's ER (``results/se_ratings.csv.gz``, from ``python -m
benchmarks.difficulty se-ratings``) joined by puzzle to the effort the
effort study recorded (``results/difficulty_effort.csv.gz``, from
``difficulty_effort.py``), within one collection at a time.

    python -m benchmarks.difficulty se-effort --plot benchmarks/difficulty/results/se_effort.png

Spearman's rho of ER with each measure, with a 95% percentile bootstrap
interval (:data:`RESAMPLES` resamples of the puzzles, seed 0), per
collection; puzzles the ladder left unfinished (ER unknown) are left out
and counted. The measures are the search counts of each paradigm:
HiGHS B&B nodes and LP iterations (milp), CP-SAT conflicts (cp), each as
shipped and with presolve off, CaDiCaL conflicts on the extended encoding
(sat-extended) and the compiled counter's branches (values tried) to the
first solution and through the uniqueness proof.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
RATINGS = HERE / "results" / "se_ratings.csv.gz"
EFFORT = HERE / "results" / "difficulty_effort.csv.gz"
RESAMPLES = 1000

#: (column of the effort CSV, paradigm, what it counts).
MEASURES = (("milp B&B nodes", "MILP", "HiGHS B&B nodes"),
            ("milp LP iterations", "MILP", "HiGHS LP iterations"),
            ("milp (presolve off) LP iterations", "MILP", "HiGHS LP iterations, presolve off"),
            ("cp conflicts", "CP", "CP-SAT conflicts"),
            ("cp (presolve off) conflicts", "CP", "CP-SAT conflicts, presolve off"),
            ("sat-extended conflicts", "SAT", "CaDiCaL conflicts"),
            ("backtracking nodes (first)", "search", "counter branches, first solution"),
            ("backtracking nodes (unique)", "search", "counter branches, uniqueness proof"))

#: Bands of ER for the medians table: (highest ER, label).
BANDS = ((2.3, "1.0-2.3 singles"), (4.0, "2.4-4.0"), (6.4, "4.1-6.4"), (7.4, "6.5-7.4"),
         (8.4, "7.5-8.4"), (99.0, "8.5+"))


def joined(ratings=RATINGS, effort=EFFORT) -> pd.DataFrame:
    """The 9x9 rows of the effort CSV with the rater's ``er`` (NaN where
    the ladder stopped) and ``rated`` (False where the puzzle has no row in
    ``ratings`` yet); ``collection`` is the effort study's set name
    without its sample size."""
    frame = pd.read_csv(effort)
    frame = frame[frame["order"] == 3].copy()
    se = pd.read_csv(ratings).drop_duplicates("puzzle").set_index("puzzle")
    frame["rated"] = frame["puzzle"].isin(se.index)
    frame["er"] = frame["puzzle"].map(se["er"])
    frame["collection"] = frame["set"].str.replace(r" \(.*\)$", "", regex=True)
    return frame


def _ranks(values: np.ndarray) -> np.ndarray:
    from scipy.stats import rankdata

    return rankdata(values, axis=-1)


def spearman_interval(x: np.ndarray, y: np.ndarray, resamples: int = RESAMPLES,
                      seed: int = 0) -> tuple[float, float, float]:
    """Spearman's rho of ``x`` and ``y`` and its 95% percentile bootstrap
    interval (pairs resampled with replacement; a resample where either is
    constant is dropped); NaNs when ``x`` or ``y`` is constant."""
    if len(np.unique(x)) < 2 or len(np.unique(y)) < 2:
        return math.nan, math.nan, math.nan

    def rho(rx, ry):
        rx = rx - rx.mean(axis=-1, keepdims=True)
        ry = ry - ry.mean(axis=-1, keepdims=True)
        den = np.sqrt((rx * rx).sum(axis=-1) * (ry * ry).sum(axis=-1))
        with np.errstate(invalid="ignore", divide="ignore"):
            return (rx * ry).sum(axis=-1) / den

    picks = np.random.default_rng(seed).integers(0, len(x), size=(resamples, len(x)))
    boot = rho(_ranks(x[picks]), _ranks(y[picks]))
    boot = boot[np.isfinite(boot)]
    low, high = np.percentile(boot, [2.5, 97.5])
    return float(rho(_ranks(x), _ranks(y))), float(low), float(high)


def spearman_by_collection(ratings, effort) -> str:
    """Spearman's rho of ER with each measure (rows) within each collection
    (columns: puzzles with a known ER; unfinished ones left out), as
    ``rho [low, high]``; "constant" where the measure is the same on every
    puzzle of the collection."""
    frame = joined(ratings, effort)
    known = frame[frame["rated"] & frame["er"].notna()]
    sets = sorted(known["collection"].unique())
    head = "| paradigm | measure | " + " | ".join(
        f"{name} ({(known['collection'] == name).sum()})" for name in sets) + " |"
    lines = [head, "| --- | --- |" + " ---: |" * len(sets)]
    for column, paradigm, what in MEASURES:
        cells = []
        for name in sets:
            part = known[known["collection"] == name]
            rho, low, high = spearman_interval(part["er"].to_numpy(float),
                                               part[column].to_numpy(float))
            cells.append("constant" if math.isnan(rho) else f"{rho:.2f} [{low:.2f}, {high:.2f}]")
        lines.append(f"| {paradigm} | {what} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def coverage(ratings, effort) -> str:
    """Per collection: the effort study's puzzles, how many have an ER, how
    many the ladder left unfinished, how many are not rated yet, and the
    ER range."""
    frame = joined(ratings, effort)
    lines = ["| collection | puzzles | ER known | ladder stopped | not rated | ER range |",
             "| --- | ---: | ---: | ---: | ---: | --- |"]
    for name, part in sorted(frame.groupby("collection"), key=lambda kv: kv[0]):
        er = part["er"].dropna()
        stopped = int((part["rated"] & part["er"].isna()).sum())
        span = f"{er.min():.1f}-{er.max():.1f}" if len(er) else ""
        lines.append(f"| {name} | {len(part)} | {len(er)} | {stopped} | "
                     f"{int((~part['rated']).sum())} | {span} |")
    return "\n".join(lines)


def medians_by_band(ratings, effort) -> str:
    """Median of each measure per band of ER, every 9x9 puzzle of the effort
    study with a known ER (collections pooled: read the rows, not the
    ranks), with the puzzle count per band."""
    frame = joined(ratings, effort)
    known = frame[frame["rated"] & frame["er"].notna()].copy()
    known["band"] = [next(label for limit, label in BANDS if er <= limit + 1e-9)
                     for er in known["er"]]
    labels = [label for _, label in BANDS if (known["band"] == label).any()]
    lines = ["| measure | " + " | ".join(labels) + " |", "| --- |" + " ---: |" * len(labels),
             "| puzzles | " + " | ".join(str(int((known["band"] == b).sum())) for b in labels)
             + " |"]
    for column, _, what in MEASURES:
        cells = [f"{known.loc[known['band'] == b, column].median():g}" for b in labels]
        lines.append(f"| {what} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(ratings, effort, out: Path) -> None:
    """ER against each paradigm's search count, one panel per measure with
    presolve off where it matters (as shipped HiGHS and CP-SAT do not
    search), a colour per collection; counts on a symlog axis."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    frame = joined(ratings, effort)
    known = frame[frame["rated"] & frame["er"].notna()]
    shown = [m for m in MEASURES if "presolve off" in m[0] or m[1] in ("SAT", "search")]
    fig, axes = plt.subplots(1, len(shown), figsize=(3.2 * len(shown), 3.4), sharex=True)
    jitter = np.random.default_rng(0)
    for ax, (column, paradigm, what) in zip(axes, shown):
        for name, part in sorted(known.groupby("collection"), key=lambda kv: kv[0]):
            ax.scatter(part["er"] + jitter.uniform(-0.04, 0.04, len(part)), part[column],
                       s=6, alpha=0.5, label=name)
        ax.set_yscale("symlog", linthresh=1)
        ax.set_title(f"{paradigm}: {what}", fontsize=8)
        ax.set_xlabel("ER (SE scale)")
    axes[0].legend(fontsize=7, markerscale=2)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ratings", type=Path, default=RATINGS, help=f"default {RATINGS}")
    parser.add_argument("--effort", type=Path, default=EFFORT, help=f"default {EFFORT}")
    parser.add_argument("--plot", type=Path, help="write the scatter plots to this PNG/PDF")
    args = parser.parse_args(argv)
    for path in (args.ratings, args.effort):
        if not path.exists():
            parser.error(f"{path}: no such file (record it first; see the module docstring)")
    print(coverage(args.ratings, args.effort), end="\n\n")
    print(spearman_by_collection(args.ratings, args.effort), end="\n\n")
    print(medians_by_band(args.ratings, args.effort))
    if args.plot:
        plot(args.ratings, args.effort, args.plot)
        print(f"plot: {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
