"""The hardness peak of Sudoku with holes: tables and figures of a
phase-transition study (issue 14; ``benchmarks/phase_transition.py`` runs it).

The study's rows are ordinary results rows (:mod:`sudoku_models.bench.results`)
of ``holes:ORDER:FRACTION:PATTERN`` datasets. Time-outs are censored
observations: every statistic here counts an unsolved row (``TIME_LIMIT``,
``ERROR``) as taking the time limit, so a median at the limit means "half or
more not solved within it", never a measured time. Nothing pools orders or
patterns: each curve is one (order, pattern, method).

Background: Sudoku and quasigroup completion with holes are easy when few or
most cells are empty and hardest in between (Achlioptas, Gomes, Kautz and
Selman 2000, AAAI; Ansotegui, Bejar, Fernandez, Gomes and Mateu 2006,
"Generating highly balanced Sudoku problems as hard problems", where
balanced hole patterns are harder); randomized backtracking there has
heavy-tailed run times (Gomes, Selman, Crato and Kautz 2000, J. Autom.
Reasoning 24:67-100).
"""

from __future__ import annotations

import math
from pathlib import Path

from ..bench.report import SOLVED, markdown_table
from ..plotting import method_colours, save_figure

EFFORT = {"bb_nodes": "B&B nodes", "lp_iterations": "LP iterations",
          "branches": "branches / decisions", "conflicts": "conflicts"}
"""Effort columns and how the study names them."""


class PhaseDataError(ValueError):
    """Results with no ``holes:`` rows, or too few to find a peak."""


def load_phase_results(path):
    """The ``holes:`` rows of a results file as a DataFrame
    (:func:`~sudoku_models.bench.load_results`, plus the columns of
    :func:`with_outcome`) with ``fraction`` (float) and ``pattern``. Raises
    :class:`PhaseDataError` when there are none, and what ``load_results``
    raises for a file that is not a results file."""
    from ..bench.results import load_results

    frame = load_results(path)
    frame = frame[frame["dataset"].str.startswith("holes:")].copy()
    if frame.empty:
        raise PhaseDataError(f"{path}: no holes:ORDER:FRACTION[:PATTERN] rows")
    parts = frame["dataset"].str.split(":")
    frame["fraction"] = parts.str[2].astype(float)
    frame["pattern"] = parts.str[3].fillna("random")
    return with_outcome(frame)


def load_tail_results(path):
    """Every row of a results file of the tail study (one puzzle file run
    under several solver seeds) with the columns of :func:`with_outcome`."""
    from ..bench.results import load_results

    frame = load_results(path)
    if frame.empty:
        raise PhaseDataError(f"{path}: no rows")
    return with_outcome(frame)


def with_outcome(frame):
    """``frame`` with ``seed_option`` (the ``seed=N`` of its options, 0 when
    none), ``solved`` (bool) and ``censored_s`` (``total_s``, or the time
    limit when not solved)."""
    import numpy as np
    import pandas as pd

    seed = frame["options"].fillna("").str.extract(r"(?:^|;)seed=(\d+)")[0]
    frame["seed_option"] = pd.to_numeric(seed).fillna(0).astype(int)
    frame["solved"] = frame["status"].isin(SOLVED).astype(bool)
    limit = frame["time_limit_s"].fillna(np.inf)
    frame["censored_s"] = frame["total_s"].where(frame["solved"], limit)
    return frame


def hardness_curve(frame):
    """One row per (order, pattern, fraction, method): ``puzzles``, ``solved
    share``, ``median s`` and ``p90 s`` of the censored time, ``at limit``
    (the median is the time limit: half or more unsolved), ``time limit s``
    and the median of each effort column over the rows that have it."""
    import pandas as pd

    records = []
    for (order, pattern, fraction, method), group in frame.groupby(
            ["order", "pattern", "fraction", "method"], sort=True):
        limit = group["time_limit_s"].max()
        median = group["censored_s"].median()
        record = {"order": int(order), "pattern": pattern, "fraction": fraction,
                  "method": method, "puzzles": len(group),
                  "solved share": group["solved"].mean(), "median s": median,
                  "p90 s": group["censored_s"].quantile(0.9),
                  "at limit": bool(median >= limit), "time limit s": limit}
        for column in EFFORT:
            values = group[column].dropna()
            record[column] = float(values.median()) if len(values) else math.nan
        records.append(record)
    return pd.DataFrame.from_records(records)


def peaks(curve):
    """The peak of each (order, pattern, method): the fraction with the
    highest median time, ties (for instance several at the limit) broken by
    the lowest solved share, then the smallest fraction; with ``fractions at
    peak`` listing every fraction whose median reaches the limit when the
    peak does."""
    import pandas as pd

    records = []
    for (order, pattern, method), group in curve.groupby(["order", "pattern", "method"],
                                                         sort=True):
        ranked = group.sort_values(["median s", "solved share", "fraction"],
                                   ascending=[False, True, True])
        top = ranked.iloc[0]
        at_limit = group.loc[group["at limit"], "fraction"].tolist()
        records.append({"order": order, "pattern": pattern, "method": method,
                        "peak fraction": top["fraction"], "median s at peak": top["median s"],
                        "solved share at peak": top["solved share"],
                        "fractions at the limit": ", ".join(f"{f:g}" for f in at_limit),
                        "easiest median s": group["median s"].min()})
    return pd.DataFrame.from_records(records)


def peak_datasets(curve) -> dict[int, str]:
    """Per order, the dataset spec of the study's peak: the (fraction,
    pattern) with the highest mean over methods of the median censored time
    (then the lowest mean solved share)."""
    scores = curve.groupby(["order", "fraction", "pattern"]).agg(
        time=("median s", "mean"), solved=("solved share", "mean")).reset_index()
    chosen = {}
    for order, group in scores.groupby("order"):
        top = group.sort_values(["time", "solved"], ascending=[False, True]).iloc[0]
        chosen[int(order)] = f"holes:{int(order)}:{top['fraction']:g}:{top['pattern']}"
    return chosen


def hardest_at_peak(frame, orders, count: int):
    """The ``count`` hardest instances of each order's peak dataset
    (:func:`peak_datasets`) among the instances some method solved within
    the limit: highest median censored time over methods (then highest
    mean). An instance no method solved would only show every seed at the
    limit, so when no instance of the peak dataset was solved the peak is
    taken over the datasets that have a solved instance. Returns a DataFrame
    with ``order``, ``dataset``, ``index``, ``puzzle_hash``, ``median s`` and
    ``puzzle_line`` (the puzzle as a line of a puzzle file, regenerated from
    the dataset spec and checked against the recorded hash). Raises
    :class:`PhaseDataError` for an order without rows or solved instances."""
    from ..bench.datasets import load_dataset, puzzle_hash

    solved = frame.groupby(["dataset", "puzzle_hash"])["solved"].transform("any")
    solvable = frame[solved]
    chosen = peak_datasets(hardness_curve(frame[frame["dataset"].isin(solvable["dataset"])]))
    rows = []
    for order in orders:
        if order not in chosen:
            raise PhaseDataError(f"no instance of order {order} was solved by any method")
        spec = chosen[order]
        group = solvable[solvable["dataset"] == spec]
        times = group.groupby(["index", "puzzle_hash"])["censored_s"].agg(["median", "mean"])
        hardest = times.sort_values(["median", "mean"], ascending=False)["median"].head(count)
        settings = group.iloc[0]
        puzzles = dict(load_dataset(spec, int(settings["sample"]), int(settings["seed"])))
        for (index, recorded), median in hardest.items():
            puzzle = puzzles[int(index)]
            if puzzle_hash(puzzle) != recorded:
                raise PhaseDataError(f"{spec} #{index}: regenerated puzzle differs from the run")
            rows.append({"order": order, "dataset": spec, "index": int(index),
                         "puzzle_hash": recorded, "median s": median,
                         "puzzle_line": puzzle.to_string()})
    import pandas as pd

    return pd.DataFrame.from_records(rows)


def solution_counts(frame):
    """Per (order, pattern, fraction): how many instances the counter
    (``backtracking`` rows, which count to 2) proved unique, proved to have
    two or more solutions, or could not decide within the time limit."""
    rows = frame[frame["method"] == "backtracking"]
    if rows.empty:
        return None
    counts = rows.assign(answer=rows["solutions"].map({1: "unique", 2: "two or more"})
                         .fillna("not decided"))
    table = (counts.groupby(["order", "pattern", "fraction", "answer"]).size()
             .unstack(fill_value=0).reset_index())
    for column in ("unique", "two or more", "not decided"):
        if column not in table:
            table[column] = 0
    return table[["order", "pattern", "fraction", "unique", "two or more", "not decided"]]


def effort_correlation(frame):
    """Spearman rank correlation between each effort column and the time
    (``total_s``), per (order, method), over solved rows with that effort
    (orders and methods with fewer than 10 such rows are left out). Returns
    a DataFrame: ``order``, ``method``, one column per effort measure."""
    import pandas as pd

    records = []
    solved = frame[frame["solved"]]
    for (order, method), group in solved.groupby(["order", "method"], sort=True):
        record = {"order": int(order), "method": method}
        for column, name in EFFORT.items():
            pairs = group[["total_s", column]].dropna().astype(float)
            if len(pairs) >= 10 and pairs[column].nunique() > 1:
                record[name] = pairs["total_s"].corr(pairs[column], method="spearman")
        if len(record) > 2:
            records.append(record)
    return pd.DataFrame.from_records(records)


def tail_summary(tails):
    """Per (order, method), over every (instance, seed) run of the tail
    study: runs, solved share, median / p90 / max censored time and the
    ratio of the 90th percentile to the median (a long right tail is much
    above 1)."""
    import pandas as pd

    records = []
    for (order, method), group in tails.groupby(["order", "method"], sort=True):
        times = group["censored_s"]
        records.append({"order": int(order), "method": method, "runs": len(group),
                        "instances": group["puzzle_hash"].nunique(),
                        "seeds": group["seed_option"].nunique(),
                        "solved share": group["solved"].mean(), "median s": times.median(),
                        "p90 s": times.quantile(0.9), "max s": times.max(),
                        "p90 / median": times.quantile(0.9) / times.median()})
    return pd.DataFrame.from_records(records)


# -- figures ---------------------------------------------------------------------


def _colours(frame):
    return method_colours(frame["method"].unique())


_STYLE = {"random": "-", "balanced": "--", "doubly-balanced": ":"}


def plot_hardness(curve, path: Path | None = None):
    """The easy-hard-easy curves: one row of panels per order, median time
    (log) and share solved against the fraction of holes, one colour per
    method, solid = random pattern, dashed = balanced."""
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    orders = sorted(curve["order"].unique())
    colours = _colours(curve)
    fig, axes = plt.subplots(len(orders), 2, figsize=(11, 3.0 * len(orders) + 1.0),
                             squeeze=False)
    for (ax_time, ax_share), order in zip(axes, orders):
        data = curve[curve["order"] == order]
        for (method, pattern), line in data.groupby(["method", "pattern"], sort=True):
            style = dict(color=colours[method], linestyle=_STYLE.get(pattern, "-"), marker=".")
            ax_time.plot(line["fraction"], line["median s"], **style)
            ax_share.plot(line["fraction"], line["solved share"], **style)
        limit = data["time limit s"].max()
        ax_time.axhline(limit, color="grey", linewidth=0.8)
        ax_time.set_yscale("log")
        ax_time.set_ylabel("median s (log)")
        ax_share.set_ylabel("share solved")
        ax_share.set_ylim(-0.03, 1.03)
        side = order * order
        for ax in (ax_time, ax_share):
            ax.set_title(f"order {order} ({side}x{side})", fontsize=10)
            ax.grid(alpha=0.3)
    for ax in axes[-1]:
        ax.set_xlabel("fraction of cells emptied")
    handles = [Line2D([], [], color=c, label=m) for m, c in colours.items()
               if m in set(curve["method"])]
    handles += [Line2D([], [], color="black", linestyle=s, label=f"{p} holes")
                for p, s in _STYLE.items() if p in set(curve["pattern"])]
    fig.legend(handles=handles, loc="lower center", ncol=5, frameon=False)
    fig.suptitle("Easy-hard-easy: median time (time-outs count as the limit, grey line) and "
                 "share solved against the fraction of holes")
    fig.tight_layout(rect=(0, 0.05, 1, 0.98))
    return save_figure(fig, path)


def plot_peak_growth(peak_table, path: Path | None = None, limit: float | None = None):
    """Median time at each method's peak against the order (log), solid =
    random holes, dashed = balanced; the time limit as a grey line (a point
    on it is a lower bound)."""
    import matplotlib.pyplot as plt

    colours = _colours(peak_table)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for (method, pattern), line in peak_table.groupby(["method", "pattern"], sort=True):
        line = line.sort_values("order")
        ax.plot(line["order"], line["median s at peak"], color=colours[method],
                linestyle=_STYLE.get(pattern, "-"), marker="o",
                label=f"{method} ({pattern})")
    if limit:
        ax.axhline(limit, color="grey", linewidth=0.8)
    ax.set_yscale("log")
    orders = sorted(peak_table["order"].unique())
    ax.set_xticks(orders, [f"{o} ({o * o}x{o * o})" for o in orders])
    ax.set_xlabel("order")
    ax.set_ylabel("median s at the method's peak (log)")
    ax.set_title("Growth of the peak median time with the order")
    ax.grid(which="both", alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    return save_figure(fig, path)


def plot_survival(tails, path: Path | None = None):
    """Survival function of the run time over every (instance, seed) run of
    the tail study, one panel per order, log-log: P(time > t) against t.
    Runs stopped at the limit keep the curve up at the limit (censored): a
    method that never finished is a flat line at 1."""
    import matplotlib.pyplot as plt
    import numpy as np

    orders = sorted(tails["order"].unique())
    colours = _colours(tails)
    fig, axes = plt.subplots(1, len(orders), figsize=(5.5 * len(orders), 4.5), squeeze=False)
    for ax, order in zip(axes[0], orders):
        data = tails[tails["order"] == order]
        limit = data["time_limit_s"].max()
        start = min(data["censored_s"].min(), limit) / 2
        for method, group in data.groupby("method", sort=True):
            solved = np.sort(group.loc[group["solved"], "censored_s"].to_numpy())
            survival = 1 - np.arange(1, len(solved) + 1) / len(group)
            # from 1 at the start to the limit; a method that never finished stays at 1
            times = np.concatenate([[start], solved, [limit]])
            levels = np.concatenate([[1.0], survival, survival[-1:] if len(solved) else [1.0]])
            ax.step(times, np.maximum(levels, 0.5 / len(group)), where="post",
                    color=colours[method],
                    label=f"{method} ({group['puzzle_hash'].nunique()} x "
                          f"{group['seed_option'].nunique()} seeds, "
                          f"{len(solved)}/{len(group)} solved)")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.axvline(limit, color="grey", linewidth=0.8)
        ax.set_xlabel("run time t (s, log)")
        ax.set_ylabel("P(time > t) (log)")
        side = order * order
        ax.set_title(f"order {order} ({side}x{side}), hardest solvable instances at the peak",
                     fontsize=10)
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle("Run-time survival over solver seeds (a straight tail on log-log: heavy)")
    fig.tight_layout()
    return save_figure(fig, path)


def plot_effort(frame, path: Path | None = None):
    """Effort against time, one panel per effort measure, orders 5 and up
    (where searches happen), one colour per method, log-log, solved rows."""
    import matplotlib.pyplot as plt

    data = frame[frame["solved"] & (frame["order"] >= 5)]
    colours = _colours(frame)
    fig, axes = plt.subplots(1, len(EFFORT), figsize=(4.2 * len(EFFORT), 4), squeeze=False)
    for ax, (column, name) in zip(axes[0], EFFORT.items()):
        for method, group in data.groupby("method", sort=True):
            rows = group[[column, "total_s"]].dropna()
            rows = rows[rows[column] > 0]
            if len(rows):
                ax.scatter(rows[column], rows["total_s"], s=6, alpha=0.5, color=colours[method],
                           label=method)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(f"{name} (log)")
        ax.set_ylabel("time s (log)")
        ax.grid(which="both", alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=7, markerscale=2)
    fig.suptitle("Solver effort against time, solved instances of orders 5 and 6")
    fig.tight_layout()
    return save_figure(fig, path)


# -- the report --------------------------------------------------------------------


def _fmt(table) -> str:
    def cell(value):
        if isinstance(value, float):
            return "" if math.isnan(value) else f"{value:.3g}"
        return str(value)

    return markdown_table(table.apply(lambda column: column.map(cell)))


def write_phase_report(out_dir) -> Path:
    """Read ``runs.csv`` (and ``tails.csv`` when present) in ``out_dir`` and
    write ``summary.md`` and the figures beside them: ``hardness.png``,
    ``peak_growth.png``, ``cactus_peak.png``, ``profile_peak.png``,
    ``effort.png`` and ``survival.png``. Returns the summary's path. Raises
    :class:`PhaseDataError` or ``ResultsFileError`` for unusable input."""
    import matplotlib

    matplotlib.use("Agg")
    from ..bench.report import labelled, plot_cactus, plot_profile

    out_dir = Path(out_dir)
    frame = load_phase_results(out_dir / "runs.csv")
    curve = hardness_curve(frame)
    peak_table = peaks(curve)
    limit = float(frame["time_limit_s"].max())
    plot_hardness(curve, out_dir / "hardness.png")
    plot_peak_growth(peak_table, out_dir / "peak_growth.png", limit)
    at_peak = frame[frame["dataset"].isin(peak_datasets(curve).values())]
    named = labelled(at_peak.assign(options="", label=None))
    plot_colours = method_colours(named["label"].unique())
    plot_cactus(named, plot_colours, out_dir / "cactus_peak.png")
    plot_profile(named, plot_colours, out_dir / "profile_peak.png")
    plot_effort(frame, out_dir / "effort.png")
    uniqueness = solution_counts(frame)
    machine = frame.iloc[0]
    lines = [
        "# Sudoku with holes: the hardness peak (issue 14)", "",
        f"{len(frame)} rows; time limit {limit:g} s per puzzle and method, model build included; "
        f"{machine['machine']}, {machine['cores']} cores, Python {machine['python']}, "
        f"sudoku-models {machine['toolkit']}.",
        "Unsolved rows count as taking the limit (censored), so a median at the limit means "
        "half or more unsolved.", "",
        "## Peak per order, pattern and method", "",
        _fmt(peak_table), "",
        "## The study's peak dataset per order (cactus_peak.png, profile_peak.png)", "",
        *[f"- order {o}: `{spec}`" for o, spec in peak_datasets(curve).items()], "",
        "## Effort against time: Spearman rank correlation, solved rows", "",
        _fmt(effort_correlation(frame)), "",
        "## Solutions per instance (the counter's count to 2 within the limit)", "",
        "Instances with holes are satisfiable by construction but need not be unique.", "",
        _fmt(uniqueness) if uniqueness is not None else "(no backtracking rows)", "",
        "## Every point", "",
        _fmt(curve.drop(columns=["time limit s"])), "",
    ]
    if (out_dir / "tails.csv").exists():
        tails = load_tail_results(out_dir / "tails.csv")
        plot_survival(tails, out_dir / "survival.png")
        lines += ["## Run-time distribution over solver seeds at the peak (survival.png)", "",
                  _fmt(tail_summary(tails)), ""]
    summary = out_dir / "summary.md"
    summary.write_text("\n".join(lines))
    return summary
