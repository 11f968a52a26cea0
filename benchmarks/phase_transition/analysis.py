"""The hardness peak of Sudoku with holes, located by effort (issues 14 and
21; ``benchmarks/phase_transition.py`` runs the study).

The rows are ordinary results rows (:mod:`sudoku_models.records.results`) of
``holes:ORDER:FRACTION:PATTERN`` datasets: a random full grid of side
``N = ORDER²`` with ``h = round(FRACTION * N²)`` cells emptied at random,
*balanced* (as many holes in every row and column; Kautz, Ruan, Achlioptas,
Gomes, Selman and Stickel 2001, "Balance and filtering in structured
satisfiable problems", IJCAI) or *doubly balanced* (in every box too;
Ansotegui, Bejar, Fernandez, Gomes and Mateu 2006, "Generating highly
balanced Sudoku problems as hard problems"). Quasigroup completion with
holes is easy with few or many holes and hardest between, with the peak at
a number of holes growing like ``N^1.55`` (Achlioptas, Gomes, Kautz and
Selman 2000, AAAI: "Generating satisfiable problem instances").

How the peak is located here:

* by **effort**, not time: each method's own count of search work
  (:data:`EFFORT`: the counter's branch nodes counting to 2, CP-SAT's and
  CaDiCaL's conflicts, the matching search's branch nodes, HiGHS's LP
  iterations), deterministic on one thread and unaffected by the machine's
  load;
* with **censoring as bounds**: a run stopped at the limit has done at
  least its recorded effort (:mod:`sudoku_models.bench.statistics`), so a
  median is an interval;
* **resolved only when it is**: the peak is the fraction whose median effort
  is certainly the largest (its lower bound above every other fraction's
  upper bound), interior to the grid, and whose bootstrap interval over the
  instances (5th to 95th percentile of the arg-max) stays inside the grid;
  a peak at the end of the grid, one that censoring or a tie leaves open,
  or one whose resampled instances reach the grid's edge is reported as
  *unresolved* with the fractions it may be at, never as a location.

Nothing pools orders, patterns or methods: each curve is one (order,
pattern, method).
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

from sudoku_models.plotting import CENSORED_MARKER, PATTERN_STYLES, method_colours, save_figure
from sudoku_models.bench.statistics import (SOLVED, Interval, compare_bounds, cpu_pair,
                                            median_interval, outcome, value_bounds)
from benchmarks.studykit.published import markdown

EFFORT = {
    "backtracking": ("branches", "branch nodes (counting to 2)"),
    "cp": ("conflicts", "conflicts"),
    "cp-bool": ("conflicts", "conflicts"),
    "sat-extended": ("conflicts", "conflicts"),
    "sat-minimal": ("conflicts", "conflicts"),
    "matching": ("branches", "branch nodes"),
    "milp": ("lp_iterations", "LP iterations"),
}
"""Each method's effort measure: (results column, name)."""

PAIRS = [("milp", "cp"), ("cp-bool", "cp"), ("sat-extended", "cp"),
         ("sat-minimal", "sat-extended"),
         ("matching", "cp"), ("backtracking", "cp")]
"""The paired comparisons of the report (a against b, time ratio a / b)."""

RUN_NAMES = {"runs.csv": "first grid (interleaved)",
             "effort_grid.csv": "effort grid (interleaved)",
             "paired.csv": "paired run (interleaved)"}
"""How the paired figure names the run of each results file."""

QWH_EXPONENT = 1.55
"""The peak's number of holes grows like ``N^1.55`` for quasigroups with
holes (Achlioptas et al. 2000)."""

BOOTSTRAP = 1000


class PhaseDataError(ValueError):
    """Results with no ``holes:`` rows, or too few for what was asked."""


def load_phase_results(*paths, every_run: bool = False):
    """The ``holes:`` rows of one or more results files as one DataFrame
    with :func:`~sudoku_models.bench.statistics.outcome`'s columns and ``fraction``,
    ``pattern``, ``side``, ``holes`` (cells emptied), ``effort`` and
    ``effort_name`` (the method's :data:`EFFORT` measure), ``effort_done``
    (the search finished: the effort is exact, else a lower bound),
    ``seed_option`` and ``run`` (the position of the row's file in
    ``paths``). A (dataset, instance, method, options) present in several
    files is taken from the last file that has it (the same instance: the
    dataset spec and index fix the puzzle; the puzzle hashes are checked),
    unless ``every_run``, which keeps the rows of every file (what
    :func:`paired` needs: times are compared within one run, whose methods
    ran interleaved on the same machine at the same load). Raises
    :class:`PhaseDataError` when there are no rows."""
    import pandas as pd

    from sudoku_models.records import load_results

    frames = []
    for rank, path in enumerate(paths):
        frame = load_results(path)
        frames.append(frame[frame["dataset"].str.startswith("holes:")].assign(run=rank))
    frame = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    if frame.empty:
        raise PhaseDataError(f"{', '.join(map(str, paths))}: no holes:ORDER:FRACTION rows")
    hashes = frame.groupby(["dataset", "index"])["puzzle_hash"].nunique()
    if (hashes > 1).any():
        dataset, index = hashes[hashes > 1].index[0]
        raise PhaseDataError(f"{dataset} #{index}: the files hold different puzzles")
    key = ["dataset", "index", "method", "options", "repetition"]
    if not every_run:
        frame = (frame.sort_values("run", kind="stable")
                 .drop_duplicates(key, keep="last").reset_index(drop=True))
    parts = frame["dataset"].str.split(":")
    frame["fraction"] = parts.str[2].astype(float)
    frame["pattern"] = parts.str[3].fillna("random")
    frame["side"] = frame["order"].astype(int) ** 2
    frame["holes"] = frame["side"] ** 2 - frame["clues"].astype(int)
    frame["effort"] = math.nan
    frame["effort_name"] = ""
    for method, (column, name) in EFFORT.items():
        rows = frame["method"] == method
        frame.loc[rows, "effort"] = frame.loc[rows, column].astype(float)
        frame.loc[rows, "effort_name"] = name
    frame["effort_done"] = frame["status"].isin(SOLVED)
    seed = frame["options"].fillna("").str.extract(r"(?:^|;)seed=(\d+)")[0]
    frame["seed_option"] = pd.to_numeric(seed).fillna(0).astype(int)
    return outcome(frame)


def effort_bounds(rows):
    """``(low, high)`` of the effort of ``rows`` of methods with an
    :data:`EFFORT` measure: exact when the search finished, at least the
    recorded count when it was stopped, anything (``[0, inf)``) when it
    was stopped from outside without statistics."""
    import numpy as np

    rows = rows[rows["effort_name"] != ""]
    low, high = value_bounds(rows["effort"].fillna(0), ~rows["effort_done"])
    unknown = rows["effort"].isna().to_numpy() & rows["effort_done"].to_numpy()
    return np.where(unknown, np.nan, low), np.where(unknown, np.nan, high)


def _point(group) -> dict:
    limit = group["time_limit_s"].max()
    time = median_interval(*value_bounds(group["censored_s"], ~group["solved"]))
    work = median_interval(*effort_bounds(group))
    return {"instances": len(group), "solved share": group["solved"].mean(),
            "time low": time.low, "time high": time.high, "time limit s": limit,
            "effort low": work.low, "effort high": work.high}


def hardness_curve(frame):
    """One row per (order, pattern, fraction, method): ``instances``,
    ``solved share`` (within the limit, build included), the median time as
    an interval (``time low``, ``time high``; ``inf`` high: half or more not
    solved), the median effort as an interval (``effort low``, ``effort
    high``) with ``effort_name``, and ``holes`` (cells emptied, median)."""
    import pandas as pd

    records = []
    for (order, pattern, fraction, method), group in frame.groupby(
            ["order", "pattern", "fraction", "method"], sort=True):
        records.append({"order": int(order), "pattern": pattern, "fraction": fraction,
                        "method": method, "effort_name": group["effort_name"].iloc[0],
                        "holes": float(group["holes"].median()), **_point(group)})
    return pd.DataFrame.from_records(records)


def _bootstrap_peaks(groups, rng, draws: int):
    """Arg-max fraction of the median effort over ``draws`` resamples of the
    instances of each fraction (lower bounds for censored runs)."""
    import numpy as np

    fractions = sorted(groups)
    values = [groups[f] for f in fractions]
    medians = np.empty((draws, len(fractions)))
    for j, v in enumerate(values):
        picks = rng.integers(0, len(v), size=(draws, len(v)))
        medians[:, j] = np.median(v[picks], axis=1)
    return np.asarray(fractions)[medians.argmax(axis=1)]


def effort_peaks(frame, draws: int = BOOTSTRAP, seed: int = 0):
    """The peak of each (order, pattern, method) by its effort measure.
    Columns: ``order``, ``pattern``, ``method``, ``measure``, ``grid``
    (first-last fraction, points), ``status`` (``located`` or why not),
    ``peak`` (fraction, NaN when unresolved), ``interval`` (bootstrap 5-95%
    of the peak fraction, or the fractions an unresolved peak may be at),
    ``median effort at peak`` (text, an interval when censored),
    ``instances`` (per point, min-max), ``draws`` (the bootstrap's arg-max
    fractions, for :func:`fit_exponent`)."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    records = []
    for (order, pattern, method), group in frame[frame["effort_name"] != ""].groupby(
            ["order", "pattern", "method"], sort=True):
        points = {}
        for fraction, rows in group.groupby("fraction", sort=True):
            low, high = effort_bounds(rows)
            keep = ~np.isnan(low)
            points[fraction] = (median_interval(low, high), low[keep])
        fractions = sorted(points)
        best = max(points[f][0].low for f in fractions)
        candidates = [f for f in fractions if points[f][0].high >= best]
        counts = [len(points[f][1]) for f in fractions]
        record = {"order": int(order), "pattern": pattern, "method": method,
                  "measure": group["effort_name"].iloc[0],
                  "grid": f"{fractions[0]:g}-{fractions[-1]:g} ({len(fractions)})",
                  "instances": f"{min(counts)}-{max(counts)}" if min(counts) != max(counts)
                  else str(min(counts)),
                  "peak": math.nan, "draws": None}
        top = candidates[0]
        record["median effort at peak"] = points[top][0].text(".3g")
        if best == 0:
            record["status"] = "no search: effort 0 at every point"
            record["interval"] = ""
        elif len(fractions) < 3:
            record["status"] = "unresolved: too few points"
            record["interval"] = f"{fractions[0]:g}-{fractions[-1]:g}"
        elif len(candidates) > 1:
            censored = any(not points[f][0].exact for f in candidates)
            record["status"] = ("unresolved: censored" if censored else "unresolved: tie")
            record["interval"] = f"{candidates[0]:g}-{candidates[-1]:g}"
        elif top in (fractions[0], fractions[-1]):
            record["status"] = "unresolved: grid edge"
            record["interval"] = f"{'<=' if top == fractions[0] else '>='} {top:g}"
        else:
            draws_ = _bootstrap_peaks({f: points[f][1] for f in fractions}, rng, draws)
            low = np.quantile(draws_, 0.05, method="lower")
            high = np.quantile(draws_, 0.95, method="higher")
            interval = f"{low:g}" if low == high else f"{low:g}-{high:g}"
            if low == fractions[0] or high == fractions[-1]:
                # the resampled instances put the peak at the grid's edge: not located
                record.update(status="unresolved: bootstrap reaches the grid edge",
                              interval=interval)
            else:
                record.update(status="located", peak=top, draws=draws_, interval=interval)
        records.append(record)
    return pd.DataFrame.from_records(records)


def fit_exponent(peaks, methods=None):
    """Per (pattern, method) located at two orders or more: the exponent
    ``alpha`` of ``h* = c N^alpha`` (h* the peak's holes, N the side),
    least squares on logs, with the 5-95% interval of the fits to the
    bootstrap peaks. Columns ``pattern``, ``method``, ``orders``,
    ``alpha``, ``alpha interval``, ``h*/N^1.55`` (per order)."""
    import numpy as np
    import pandas as pd

    located = peaks[peaks["status"] == "located"]
    if methods is not None:
        located = located[located["method"].isin(methods)]
    records = []
    for (pattern, method), group in located.groupby(["pattern", "method"], sort=True):
        if len(group) < 2:
            continue
        sides = (group["order"].to_numpy() ** 2).astype(float)
        logs = np.log(sides)

        def slope(fractions):
            return np.polyfit(logs, np.log(fractions * sides ** 2), 1)[0]

        alpha = slope(group["peak"].to_numpy())
        draws = np.array([slope(np.array(d)) for d in zip(*group["draws"])])
        scaled = ", ".join(f"{p * s * s / s ** QWH_EXPONENT:.2f} (order {o})" for p, s, o in
                           zip(group["peak"], sides, group["order"]))
        records.append({"pattern": pattern, "method": method,
                        "orders": ", ".join(map(str, group["order"])),
                        "alpha": round(float(alpha), 2),
                        "alpha interval": f"{np.quantile(draws, 0.05):.2f}-"
                                          f"{np.quantile(draws, 0.95):.2f}",
                        "h*/N^1.55": scaled})
    return pd.DataFrame.from_records(records)


def same_run(frame, a: str, b: str):
    """The rows of ``a`` and ``b`` to pair: per (order, pattern, fraction),
    those of the last run (``run`` column of :func:`load_phase_results`)
    that holds both methods there, so that no time is compared with one
    measured in another run (another load, another day)."""
    rows = frame[frame["method"].isin([a, b])]
    if "run" not in rows or rows.empty:
        return rows
    cell = ["order", "pattern", "fraction"]
    both = rows.groupby([*cell, "run"])["method"].nunique().eq(2)
    chosen = both[both].reset_index().groupby(cell)["run"].max().rename("_chosen")
    rows = rows.join(chosen, on=cell, how="inner")
    return rows[rows["run"] == rows["_chosen"]].drop(columns="_chosen")


CLOCKS = {"wall": "wall seconds", "cpu": "CPU seconds"}
"""The clocks a paired comparison can read: name -> how a table says it."""


def pair_times(wide, a: str, b: str, clock: str = "wall"):
    """Per instance of ``wide`` (one row per instance; columns
    ``(value, method)`` with ``censored_s``, ``cpu_s``, ``solved`` and
    ``time_limit_s``), the arguments ``(time_a, solved_a, time_b, solved_b,
    limit)`` of :func:`~sudoku_models.bench.statistics.ratio_bounds` and
    :func:`~sudoku_models.bench.statistics.compare_bounds` for the time ratio ``a / b`` on ``clock``,
    ``limit`` being what the censored one of a pair is known to need. On the wall clock a
    censored run needed at least the limit; on the CPU clock (``cpu_s``:
    the worker's CPU seconds, build and solve) at least the CPU seconds it
    had used when it stopped, nothing known (0) when its row has none (a
    run stopped from outside): a wall limit on a loaded machine bounds the
    CPU seconds far below the limit. Raises ``ValueError`` for another
    clock."""
    solved_a, solved_b = wide["solved"][a].astype(bool), wide["solved"][b].astype(bool)
    if clock == "wall":
        times = wide["censored_s"]
        return times[a], solved_a, times[b], solved_b, wide["time_limit_s"][a]
    if clock == "cpu":
        return cpu_pair(wide["cpu_s"][a], solved_a, wide["cpu_s"][b], solved_b)
    raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, got {clock!r}")


def _wide(rows, index):
    """The pairing rows one row per instance (``index``), a column per
    (value, method); ``cpu_s`` kept with its gaps (a row without CPU
    seconds still pairs on the wall clock)."""
    values = ["censored_s", "solved", "time_limit_s", "run"]
    wide = rows.pivot_table(index=index, columns="method", values=values,
                            aggfunc="first").dropna()
    cpu = rows.pivot_table(index=index, columns="method", values="cpu_s", aggfunc="first",
                           dropna=False) if "cpu_s" in rows else None
    if cpu is None or cpu.empty:
        cpu = wide["censored_s"] * float("nan")
    cpu = cpu.reindex(index=wide.index, columns=wide["censored_s"].columns)
    cpu.columns = [("cpu_s", m) for m in cpu.columns]
    import pandas as pd

    return pd.concat([wide, cpu], axis=1)


def paired(frame, a: str, b: str, clock: str = "wall"):
    """``a`` against ``b`` on the same instances in the same run
    (:func:`same_run`; load the frame with ``every_run=True``), per (order,
    pattern, fraction): ``instances``, ``a faster`` / ``b faster``
    (certainly, with censoring as bounds), ``undecided`` and the median,
    25th and 75th percentile of the time ratio a / b on ``clock``
    (:func:`pair_times`, :func:`~sudoku_models.bench.statistics.compare_bounds`)."""
    import pandas as pd

    rows = same_run(frame, a, b)
    records = []
    for (order, pattern, fraction), group in rows.groupby(["order", "pattern", "fraction"],
                                                          sort=True):
        wide = _wide(group, "index")
        if wide.empty or a not in wide["solved"] or b not in wide["solved"]:
            continue
        result = compare_bounds(*pair_times(wide, a, b, clock))
        records.append({"order": int(order), "pattern": pattern, "fraction": fraction,
                        "instances": result.instances, f"{a} faster": result.a_wins,
                        f"{b} faster": result.b_wins, "undecided": result.undecided,
                        f"median {a} / {b}": result.median.text(".2g"),
                        "p25-p75": f"{result.p25.text('.2g')} - {result.p75.text('.2g')}"})
    return pd.DataFrame.from_records(records)


def solution_counts(frame):
    """Per (order, pattern, fraction): how many instances the counter
    (``backtracking`` rows, which count to 2) proved unique, proved to have
    two or more solutions, or did not decide within the limit."""
    rows = frame[frame["method"] == "backtracking"]
    if rows.empty:
        return None
    answer = rows["solutions"].map({1: "unique", 2: "two or more"}).where(
        rows["effort_done"]).fillna("not decided")
    table = (rows.assign(answer=answer).groupby(["order", "pattern", "fraction", "answer"])
             .size().unstack(fill_value=0).reset_index())
    for column in ("unique", "two or more", "not decided"):
        if column not in table:
            table[column] = 0
    return table[["order", "pattern", "fraction", "unique", "two or more", "not decided"]]


def effort_time_correlation(frame, minimum: int = 8):
    """Spearman rank correlation of each method's effort with its time over
    solved rows, per (order, method): ``within cells`` the median of the
    correlations inside each (pattern, fraction) with at least ``minimum``
    solved rows (``cells``: how many), and ``pooled`` over every solved row
    of the order, shown beside it (pooling mixes fractions whose effort and
    time both grow with the share of holes)."""
    import pandas as pd

    solved = frame[frame["solved"] & frame["effort_done"]].dropna(subset=["effort"])
    records = []
    for (order, method), group in solved.groupby(["order", "method"], sort=True):
        cells = []
        for _, cell in group.groupby(["pattern", "fraction"]):
            if len(cell) >= minimum and cell["effort"].nunique() > 1:
                cells.append(cell["effort"].corr(cell["total_s"], method="spearman"))
        pooled = (group["effort"].corr(group["total_s"], method="spearman")
                  if group["effort"].nunique() > 1 else math.nan)
        records.append({"order": int(order), "method": method,
                        "measure": group["effort_name"].iloc[0],
                        "within cells (median)": pd.Series(cells).median() if cells else math.nan,
                        "cells": len(cells), "pooled": pooled, "solved rows": len(group)})
    return pd.DataFrame.from_records(records)


# -- figures ---------------------------------------------------------------------


def _draw_intervals(ax, x, low, high, colour, style="-", label=None, shift=0.0):
    """Medians at ``x``: exact ones joined by a line, bounded ones (high =
    inf) as open triangles at their lower bound, never joined, moved by
    ``shift`` along x so that several methods' triangles at the limit stay
    visible side by side."""
    import numpy as np

    x, low, high = map(np.asarray, (x, low, high))
    exact = low == high
    # lines only between consecutive exact points
    segment = []
    for xi, yi, ok in zip(x, low, exact):
        if ok:
            segment.append((xi, yi))
            continue
        if segment:
            ax.plot(*zip(*segment), color=colour, linestyle=style, marker=".", label=label)
            label, segment = None, []
    if segment:
        ax.plot(*zip(*segment), color=colour, linestyle=style, marker=".", label=label)
        label = None
    if (~exact).any():
        ax.plot(x[~exact] + shift, low[~exact], linestyle="none", color=colour, markersize=6,
                label=label, **CENSORED_MARKER)


def _legend(fig, curve):
    from matplotlib.lines import Line2D

    colours = method_colours(curve["method"].unique())
    handles = [Line2D([], [], color=c, label=m) for m, c in colours.items()]
    handles.append(Line2D([], [], color="grey", linestyle="none", label="median only bounded "
                          "below (half or more stopped at the limit)", **CENSORED_MARKER))
    fig.legend(handles=handles, loc="lower center", ncol=min(5, len(handles)), frameon=False)


def _order_rows(curve, columns: int, legend_height: float):
    """A figure with a row of ``columns`` panels per order of ``curve``
    (x shared along a row): ``(fig, axes, orders, colours)``."""
    import matplotlib.pyplot as plt

    orders = sorted(curve["order"].unique())
    fig, axes = plt.subplots(len(orders), columns, squeeze=False, sharex="row",
                             figsize=(4.2 * columns, 2.9 * len(orders) + legend_height))
    return fig, axes, orders, method_colours(curve["method"].unique())


def plot_hardness(curve, path: Path | None = None):
    """Median time (s, build included) against the fraction of holes: one
    row of panels per order, one column per pattern, one colour per method,
    log scale; bounded medians as open triangles, not joined; the limit as
    a grey line."""
    patterns = [p for p in PATTERN_STYLES if p in set(curve["pattern"])]
    fig, axes, orders, colours = _order_rows(curve, len(patterns), 1.2)
    for row, order in zip(axes, orders):
        for ax, pattern in zip(row, patterns):
            data = curve[(curve["order"] == order) & (curve["pattern"] == pattern)]
            methods = sorted(data["method"].unique())
            for k, (method, line) in enumerate(data.groupby("method", sort=True)):
                line = line.sort_values("fraction")
                _draw_intervals(ax, line["fraction"], line["time low"], line["time high"],
                                colours[method], shift=0.006 * (k - (len(methods) - 1) / 2))
            if len(data):
                ax.axhline(data["time limit s"].max(), color="grey", linewidth=0.8)
            ax.set_yscale("log")
            side = order * order
            ax.set_title(f"order {order} ({side}x{side}), {pattern}", fontsize=10)
            ax.grid(which="both", alpha=0.3)
            if not len(data):
                ax.set_visible(False)  # this pattern was not run at this order
        row[0].set_ylabel("median s (log)")
    for ax in axes[-1]:
        ax.set_xlabel("fraction of cells emptied")
    _legend(fig, curve)
    fig.suptitle("Sudoku with holes: median time, build included (grey: the limit)")
    fig.tight_layout(rect=(0, 0.06, 1, 0.97))
    return save_figure(fig, path)


def plot_effort(curve, path: Path | None = None):
    """Median effort against the fraction of holes: one row of panels per
    order, one column per effort unit (:data:`EFFORT`: the counter's branch
    nodes, the matching search's, conflicts, LP iterations), a colour per
    method and a line style per pattern, on a symmetric log scale (0 at
    0). A median that is only bounded below (half or more runs stopped at
    the limit) is an open triangle at its bound, never joined; a bound of 0
    (runs stopped before they counted anything) says nothing and is left
    out, with their number in the panel's title."""
    from matplotlib.lines import Line2D

    units = list(dict.fromkeys(name for _, name in EFFORT.values()))
    units = [u for u in units if u in set(curve["effort_name"])]
    fig, axes, orders, colours = _order_rows(curve, len(units), 1.4)
    for row, order in zip(axes, orders):
        for ax, unit in zip(row, units):
            data = curve[(curve["order"] == order) & (curve["effort_name"] == unit)]
            unknown = 0
            for (method, pattern), line in data.groupby(["method", "pattern"], sort=True):
                line = line.sort_values("fraction")
                known = ~((line["effort low"] == 0) & (line["effort high"] > 0))
                unknown += int((~known).sum())
                # an unknown point breaks its line and is not drawn (NaN)
                _draw_intervals(ax, line["fraction"], line["effort low"].where(known),
                                line["effort high"].where(known), colours[method],
                                style=PATTERN_STYLES[pattern])
            ax.set_yscale("symlog", linthresh=1)
            ax.set_ylim(0, max(ax.get_ylim()[1], 10))
            side = order * order
            ax.set_title(f"order {order} ({side}x{side}): {unit}"
                         + (f"\n({unknown} point{'s' * (unknown > 1)} stopped before counting: not drawn)"
                            if unknown else ""), fontsize=9)
            ax.grid(which="both", alpha=0.3)
            if not len(data):
                ax.set_visible(False)
        row[0].set_ylabel("median effort (symlog)")
    for ax in axes[-1]:
        ax.set_xlabel("fraction of cells emptied")
    handles = [Line2D([], [], color=c, label=m) for m, c in colours.items()]
    handles += [Line2D([], [], color="black", linestyle=style, label=f"{pattern} holes")
                for pattern, style in PATTERN_STYLES.items()
                if pattern in set(curve["pattern"])]
    handles.append(Line2D([], [], color="grey", linestyle="none", label="median only bounded "
                          "below (half or more stopped at the limit)", **CENSORED_MARKER))
    fig.legend(handles=handles, loc="lower center", ncol=6, frameon=False)
    fig.suptitle("Sudoku with holes: median effort, one panel per unit (each method's own count)")
    fig.tight_layout(rect=(0, 0.07, 1, 0.97))
    return save_figure(fig, path)


def plot_scaling(curve, peaks, methods=("cp", "backtracking"), path: Path | None = None,
                 exponent: float = QWH_EXPONENT):
    """Median effort (relative to its largest value at that order) against
    ``h / N^exponent`` (holes over the side to the quasigroup exponent), one
    line per order, one row per method, one column per pattern: where the
    peaks line up, the exponent holds. Located peaks are marked with their
    bootstrap interval; bounded medians as open triangles."""
    import matplotlib.pyplot as plt
    import numpy as np

    patterns = [p for p in PATTERN_STYLES if p in set(curve["pattern"])]
    methods = [m for m in methods if m in set(curve["method"])]
    orders = sorted(curve["order"].unique())
    shades = dict(zip(orders, plt.get_cmap("viridis")(np.linspace(0, 0.85, len(orders)))))
    fig, axes = plt.subplots(len(methods), len(patterns), squeeze=False, sharex=True,
                             figsize=(4.2 * len(patterns), 3.1 * len(methods) + 1.0))
    for row, method in zip(axes, methods):
        for ax, pattern in zip(row, patterns):
            data = curve[(curve["method"] == method) & (curve["pattern"] == pattern)]
            for order, line in data.groupby("order", sort=True):
                line = line.sort_values("fraction")
                if not line["effort low"].max() > 0:
                    continue  # no search at this order: nothing to line up
                side = order * order
                x = line["fraction"] * side * side / side ** exponent
                top = line["effort low"].max() + 1
                _draw_intervals(ax, x, (line["effort low"] + 1) / top,
                                (line["effort high"] + 1) / top, shades[order])
                peak = peaks[(peaks["order"] == order) & (peaks["pattern"] == pattern)
                             & (peaks["method"] == method) & (peaks["status"] == "located")]
                for _, p in peak.iterrows():
                    lo, _, hi = p["interval"].partition("-")
                    lo, hi = float(lo), float(hi or lo)
                    scale = side * side / side ** exponent
                    ax.axvspan(lo * scale, hi * scale, color=shades[order], alpha=0.15)
            ax.set_yscale("log")
            ax.set_title(f"{method}, {pattern} holes", fontsize=9)
            ax.grid(which="both", alpha=0.3)
        name = curve.loc[curve["method"] == method, "effort_name"].iloc[0]
        row[0].set_ylabel(f"median {name}\n/ its maximum (log)", fontsize=9)
    for ax in axes[-1]:
        ax.set_xlabel(f"holes / N^{exponent:g} (N = side)")
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=shades[o], marker=".", label=f"order {o} ({o * o}x{o * o})")
               for o in orders if (curve.loc[curve["order"] == o, "effort low"] > 0).any()]
    handles.append(Line2D([], [], color="grey", linestyle="none",
                          label="median only bounded below", **CENSORED_MARKER))
    fig.legend(handles=handles, loc="lower center", ncol=len(handles), frameon=False)
    fig.suptitle(f"Effort against h / N^{exponent:g}: shaded, the located peaks "
                 "(bootstrap 5-95%)")
    fig.tight_layout(rect=(0, 0.05, 1, 0.96))
    return save_figure(fig, path)


def _interval_bounds(text: str) -> tuple[float, float]:
    """An :func:`effort_peaks` interval (``0.55``, ``0.55-0.6``, ``>= 0.9``,
    ``<= 0.3``) as ``(low, high)`` fractions; a one-sided one is open
    (``inf`` or ``0``) on its free side."""
    text = text.strip()
    if text.startswith(">="):
        return float(text[2:]), math.inf
    if text.startswith("<="):
        return 0.0, float(text[2:])
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def plot_peaks(peaks, path: Path | None = None, exponent: float = QWH_EXPONENT):
    """The peak of every (order, pattern, method) of :func:`effort_peaks` on
    the scale ``h / N^exponent`` (holes over the side to the quasigroup
    exponent): one panel per pattern, one row of marks per order, one
    colour per method. A located peak is a filled dot with its bootstrap
    5-95% interval; an unresolved one an open bar over the fractions it may
    be at (an arrow where it runs off the grid), its reason in the legend's
    styles. Rows without search (effort 0 everywhere) are left out. If the
    exponent holds, the marks of one method line up across orders."""
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    shown = peaks[~peaks["status"].str.startswith("no search") & (peaks["interval"] != "")]
    patterns = [p for p in PATTERN_STYLES if p in set(shown["pattern"])]
    methods = [m for m in EFFORT if m in set(shown["method"])]
    orders = sorted(shown["order"].unique())
    colours = method_colours(methods)
    fig, axes = plt.subplots(1, len(patterns), squeeze=False, sharey=True, sharex=True,
                             figsize=(4.4 * len(patterns), max(3.2, 1.4 + 0.9 * len(orders))))
    step = 0.8 / max(len(methods), 1)
    for ax, pattern in zip(axes[0], patterns):
        data = shown[shown["pattern"] == pattern]
        for _, p in data.iterrows():
            side = p["order"] ** 2
            scale = side ** (2 - exponent)
            y = orders.index(p["order"]) + (methods.index(p["method"]) - (len(methods) - 1) / 2) * step
            low, high = _interval_bounds(p["interval"])
            grid_low, _, grid_high = p["grid"].partition(" ")[0].partition("-")
            left, right = max(low, float(grid_low)), min(high, float(grid_high))
            colour = colours[p["method"]]
            if p["status"] == "located":
                ax.plot([left * scale, right * scale], [y, y], color=colour, linewidth=2)
                ax.plot(p["peak"] * scale, y, "o", color=colour, markersize=5)
            else:
                ax.plot([left * scale, right * scale], [y, y], color=colour, linewidth=1,
                        linestyle=(0, (2, 1.5)))
                ax.plot([left * scale, right * scale], [y, y], "|", color=colour)
                if math.isinf(high):
                    ax.plot(right * scale, y, ">", color=colour, markersize=5,
                            fillstyle="none")
                if low == 0:
                    ax.plot(left * scale, y, "<", color=colour, markersize=5,
                            fillstyle="none")
        ax.set_title(f"{pattern} holes", fontsize=10)
        ax.grid(axis="x", alpha=0.3)
        ax.set_xlabel(f"holes / N^{exponent:g} at the peak (N = side)")
    axes[0][0].set_yticks(range(len(orders)),
                          [f"order {o} ({o * o}x{o * o})" for o in orders])
    axes[0][0].set_ylim(-0.6, len(orders) - 0.4)
    handles = [Line2D([], [], color=colours[m], linewidth=2, label=m) for m in methods]
    handles += [Line2D([], [], color="grey", marker="o", linewidth=2,
                       label="located (bootstrap 5-95%)"),
                Line2D([], [], color="grey", linestyle=(0, (2, 1.5)), marker="|",
                       label="unresolved: may be anywhere here (> or <: off the grid)")]
    fig.legend(handles=handles, loc="lower center", ncol=min(len(handles), 5), frameon=False,
               fontsize=8)
    fig.suptitle(f"Where the effort peaks, on the scale h / N^{exponent:g}")
    fig.tight_layout(rect=(0, 0.1 + 0.02 * (len(handles) > 5), 1, 0.95))
    return save_figure(fig, path)


def plot_paired(frame, a: str, b: str, path: Path | None = None, run_names=None,
                clock: str = "wall"):
    """Per instance, the time ratio ``a / b`` on ``clock`` (:func:`pair_times`) against the fraction of
    holes (pairs within one run: :func:`same_run`), one panel per (order,
    pattern): points where both solved, triangles up (ratio at least this)
    where only ``b`` solved, down (at most) where only ``a`` did; instances
    without a bound (neither solved; on the CPU clock also a censored run
    stopped with no CPU seconds) have no ratio: their number is written under each
    fraction (``?k``) and in the title. ``run_names``: a label per results
    file (the ``run`` column), shown in each panel's title."""
    import matplotlib.pyplot as plt
    import numpy as np

    from sudoku_models.bench.statistics import ratio_bounds

    rows = same_run(frame, a, b)
    wide = _wide(rows, ["order", "pattern", "fraction", "index"]).reset_index()
    orders = sorted(wide["order"].unique())
    patterns = [p for p in PATTERN_STYLES if p in set(wide["pattern"])]
    fig, axes = plt.subplots(len(orders), len(patterns), squeeze=False,
                             figsize=(4.6 * len(patterns), 3.4 * len(orders) + 1.4))
    rng = np.random.default_rng(0)
    colours = method_colours([a, b])
    for row, order in zip(axes, orders):
        for ax, pattern in zip(row, patterns):
            data = wide[(wide["order"] == order) & (wide["pattern"] == pattern)]
            if data.empty:
                ax.set_visible(False)  # a pattern not run with both methods at this order
                continue
            low, high = ratio_bounds(*pair_times(data, a, b, clock))
            x = data["fraction"].to_numpy() + rng.uniform(-0.006, 0.006, len(data))
            exact = low == high
            only_b = (low > 0) & np.isinf(high)
            only_a = (low == 0) & np.isfinite(high)
            ax.scatter(x[exact], low[exact], s=9, color="black", alpha=0.6)
            ax.scatter(x[only_b], low[only_b], marker="^", s=22, facecolors="none",
                       edgecolors=colours[b])
            ax.scatter(x[only_a], high[only_a], marker="v", s=22, facecolors="none",
                       edgecolors=colours[a])
            ax.axhline(1, color="grey", linewidth=0.8)
            ax.set_yscale("log")
            neither = (low == 0) & np.isinf(high)  # no bound: both censored, or no CPU s
            for fraction, count in data[neither].groupby("fraction").size().items():
                ax.annotate(f"?{count}", (fraction, 0), xycoords=("data", "axes fraction"),
                            xytext=(0, 3), textcoords="offset points", ha="center",
                            fontsize=8, color="grey")
            runs = sorted(int(r) for r in data["run"][a].unique())
            source = (", ".join(run_names[r] for r in runs) if run_names else "")
            ax.set_title(f"order {order}, {pattern}" + (f"\n{source}" if source else "")
                         + (f"\n?k: {int(neither.sum())} pairs without a ratio"
                            if neither.any() else ""), fontsize=8)
            fractions = data["fraction"].to_numpy()
            ax.set_xlim(fractions.min() - 0.03, fractions.max() + 0.03)
            ax.grid(which="both", alpha=0.3)
        row[0].set_ylabel(f"{CLOCKS[clock].replace(' seconds', ' time')} {a} / {b} (log)")
    for ax in axes[-1]:
        ax.set_xlabel("fraction of cells emptied")
    from matplotlib.lines import Line2D

    fig.legend(handles=[
        Line2D([], [], marker="o", color="black", linestyle="none", label="both solved"),
        Line2D([], [], marker="^", color=colours[b], fillstyle="none", linestyle="none",
               label=f"only {b} solved: ratio at least"),
        Line2D([], [], marker="v", color=colours[a], fillstyle="none", linestyle="none",
               label=f"only {a} solved: ratio at most"),
        Line2D([], [], linestyle="none", label="?k: neither solved" + (
            ", or a censored run stopped with no CPU seconds" if clock == "cpu" else ""))],
        loc="lower center", ncol=2, frameon=False)
    fig.suptitle(f"Paired per instance within one run: {a} / {b}, {CLOCKS[clock]} with the "
                 f"build (below 1: {a} faster)")
    fig.tight_layout(rect=(0, 0.08, 1, 0.97))
    return save_figure(fig, path)


# -- tables for benchmarks/README.md (builders of studies.published) ------------------


def _ints(value) -> list[int]:
    """``orders=5`` or ``orders=4,5,6`` of a marker (read as a literal) as ints."""
    if isinstance(value, (tuple, list)):
        return [int(v) for v in value]
    return [int(v) for v in str(value).split(",")]


@cache
def _cached(key):
    frame = load_phase_results(*[path for path, _ in key])
    return frame, effort_peaks(frame), load_phase_results(*[path for path, _ in key],
                                                          every_run=True)


def _key(paths):
    """Paths and modification times: the cache key (several published
    tables come from the same files)."""
    return tuple((str(Path(p).resolve()), Path(p).stat().st_mtime_ns) for p in paths)


def _frame(*paths):
    """The phase frame of ``paths``, one row per key."""
    return _cached(_key(paths))[0].copy()


def _peaks(*paths):
    return _cached(_key(paths))[1].copy()


def _every_run(*paths):
    """The phase frame of ``paths`` with every file's rows (for pairing)."""
    return _cached(_key(paths))[2].copy()


def peak_table(*paths, methods: str | None = None, orders: str | None = None) -> str:
    """The effort peaks (:func:`effort_peaks`) of the results files, for the
    comma-separated ``methods`` and ``orders`` when given."""
    table = _peaks(*paths).drop(columns="draws")
    if methods:
        table = table[table["method"].isin(methods.split(","))]
    if orders:
        table = table[table["order"].isin(_ints(orders))]
    return markdown(table[["order", "pattern", "method", "measure", "grid", "instances",
                           "status", "peak", "interval", "median effort at peak"]],
                    formats={"peak": "g"})


def exponent_table(*paths, methods: str | None = None) -> str:
    """The fitted exponent (:func:`fit_exponent`)."""
    table = fit_exponent(_peaks(*paths), methods.split(",") if methods else None)
    if table.empty:
        return "(no method and pattern has a located peak at two orders)"
    return markdown(table, formats={"alpha": ".2f"})


def paired_table(*paths, a: str = "milp", b: str = "cp", orders: str | None = None,
                 clock: str = "wall") -> str:
    """``a`` against ``b`` per (order, pattern, fraction) on ``clock``
    (:func:`paired`)."""
    table = paired(_every_run(*paths), a, b, clock)
    if orders:
        table = table[table["order"].isin(_ints(orders))]
    return markdown(table, formats={"fraction": "g"})


def correlation_table(*paths) -> str:
    """Effort against time (:func:`effort_time_correlation`)."""
    return markdown(effort_time_correlation(_frame(*paths)))


def solved_share_table(*paths, order: int = 5, pattern: str = "balanced") -> str:
    """Share solved within the limit per fraction (columns) and method
    (rows) for one (order, pattern)."""
    frame = _frame(*paths)
    data = frame[(frame["order"] == order) & (frame["pattern"] == pattern)]
    table = data.pivot_table(index="method", columns="fraction", values="solved",
                             aggfunc="mean")
    table.columns = [f"{c:g}" for c in table.columns]
    table = table.map(lambda v: "" if v != v else f"{v:.0%}").reset_index()
    return markdown(table)


# -- the report --------------------------------------------------------------------


def _fmt(table) -> str:
    def cell(value):
        if isinstance(value, float):
            return "" if math.isnan(value) else f"{value:.3g}"
        return str(value)

    return markdown(table.apply(lambda column: column.map(cell)))


def write_phase_report(out_dir, files=("runs.csv", "effort_grid.csv")) -> Path:
    """Read the results ``files`` in ``out_dir`` (those present) and write
    ``summary.md`` and the figures beside them: ``hardness.png`` (time),
    ``effort.png``, ``scaling.png`` (against h / N^1.55), ``peaks.png``
    (every peak with its uncertainty on that scale),
    ``paired_milp_cp.png``, and ``survival.png`` with the tail table when
    ``tails50.csv`` is there (on conflicts and CPU seconds). Returns the
    summary's path. Raises
    :class:`PhaseDataError` or ``ResultsFileError`` for unusable input."""
    import matplotlib

    matplotlib.use("Agg")
    out_dir = Path(out_dir)
    paths = [out_dir / name for name in files if (out_dir / name).exists()]
    frame = load_phase_results(*paths)
    curve = hardness_curve(frame)
    peaks = effort_peaks(frame)
    plot_hardness(curve, out_dir / "hardness.png")
    plot_effort(curve, out_dir / "effort.png")
    plot_scaling(curve, peaks, path=out_dir / "scaling.png")
    plot_peaks(peaks, out_dir / "peaks.png")
    every_run = load_phase_results(*paths, every_run=True)
    if (out_dir / "paired.csv").exists():  # the interleaved paired run, on CPU seconds
        plot_paired(load_phase_results(out_dir / "paired.csv", every_run=True), "milp", "cp",
                    out_dir / "paired_milp_cp.png", [RUN_NAMES["paired.csv"]], clock="cpu")
    else:
        plot_paired(every_run, "milp", "cp", out_dir / "paired_milp_cp.png",
                    [RUN_NAMES.get(p.name, p.name) for p in paths])
    # the grids' own pairs on CPU seconds once every row has them (both grids are
    # interleaved runs), on wall seconds for a record made before
    clock = "cpu" if "cpu_s" in every_run and every_run["cpu_s"].notna().all() else "wall"
    uniqueness = solution_counts(frame)
    curve_text = curve.assign(
        time=[Interval(low, high).text(".3g")
              for low, high in zip(curve["time low"], curve["time high"])],
        effort=[Interval(low, high).text(".3g")
                for low, high in zip(curve["effort low"], curve["effort high"])])
    lines = [
        "# Sudoku with holes: the hardness peak, located by effort", "",
        f"Files: {', '.join(p.name for p in paths)}; {len(frame)} rows. A row counts as solved "
        "when it is solved within its time limit, model build included. Medians of censored "
        "values are intervals (`>= x`: half or more stopped at the limit).", "",
        "## Peaks by effort", "", _fmt(peaks.drop(columns="draws")), "",
        "## The exponent of h* = c N^alpha", "",
        _fmt(fit_exponent(peaks)) if len(fit_exponent(peaks)) else "(not enough located peaks)",
        "",
        *[line for a, b in PAIRS for line in
          (f"## {a} against {b}, paired per instance ({CLOCKS[clock]})", "",
           _fmt(paired(every_run, a, b, clock)), "")
          if {a, b} <= set(frame["method"])],
        "## Effort against time (Spearman, solved rows)", "",
        _fmt(effort_time_correlation(frame)), "",
        "## Solutions per instance (the counter's count to 2)", "",
        _fmt(uniqueness) if uniqueness is not None else "(no backtracking rows)", "",
        "## Every point", "",
        _fmt(curve_text[["order", "pattern", "fraction", "method", "instances", "solved share",
                         "time", "effort_name", "effort"]]), "",
        "![time](hardness.png)", "![effort](effort.png)", "![scaling](scaling.png)",
        "![peaks](peaks.png)",
        "![paired](paired_milp_cp.png)", ""]
    tails = out_dir / "tails50.csv"
    if tails.exists():
        from benchmarks.phase_transition.tails import load_tail_results, plot_survival, tail_table

        origin = every_run.drop_duplicates("puzzle_hash")
        names = {row.puzzle_hash: f"{row.dataset} #{row.index}" for row in origin.itertuples()}
        plot_survival(load_tail_results(tails, "conflicts"), out_dir / "survival.png", names,
                      "conflicts")
        lines += [f"## Run-time tails over solver seeds ({tails.name})", "",
                  "On conflicts (what the seed alone decides):", "",
                  tail_table(tails, "conflicts"), "", "On CPU seconds:", "",
                  tail_table(tails, "cpu"), "", "![survival](survival.png)", ""]
    summary = out_dir / "summary.md"
    summary.write_text("\n".join(lines))
    return summary
