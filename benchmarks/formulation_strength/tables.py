"""Tables of the recorded ``bench run`` files (``benchmarks/results/*.csv``):
the builders that :mod:`benchmarks.studykit.published` calls for the
tables of ``benchmarks/README.md``.

Each builder takes the CSV path(s) first and returns markdown text; times
are per puzzle, build (or clue update) plus solve, in ms, medians over the
solved rows of one (dataset, order, method): nothing is pooled.
"""

from __future__ import annotations

from functools import cache

from sudoku_models.bench.report import SOLVED, on_clock
from benchmarks.studykit.published import markdown


def _load(path):
    """The results file at ``path`` (cached per path and modification time:
    several tables come from one large file)."""
    from pathlib import Path

    path = Path(path)
    return _cached(str(path.resolve()), path.stat().st_mtime_ns).copy()


@cache
def _cached(path: str, mtime: int):
    from sudoku_models.records import load_results

    return load_results(path)


def _medians(frame, by: str, clock: str = "wall"):
    frame = on_clock(frame, clock)
    solved = frame[frame["status"].isin(SOLVED)]
    return solved.groupby([by, "method"])["total_s"].median().unstack() * 1000


def median_ms_by_order(path, clock: str = "wall") -> str:
    """Median ms per puzzle on ``clock`` (``wall`` or ``cpu``), one row per
    order (of the ``order:N`` datasets), one column per method, and the
    growth from 9x9 to the largest order (ratio of the medians)."""
    frame = _load(path)
    table = _medians(frame[frame["dataset"].str.startswith("order:")], "order", clock)
    largest = int(table.index.max())
    rows = [[f"{int(o)} ({o * o}x{o * o})", *[f"{v:.2f}" for v in table.loc[o]]]
            for o in table.index]
    side = largest * largest
    rows.append([f"growth 9x9 to {side}x{side}",
                 *[f"{table.loc[largest, m] / table.loc[3, m]:.0f}x" for m in table.columns]])
    import pandas as pd

    out = pd.DataFrame(rows, columns=["order (side)", *table.columns])
    return _right(markdown(out))


def median_ms_by_clues(path, clock: str = "wall") -> str:
    """Median ms per puzzle on ``clock`` (``wall`` or ``cpu``), one row per
    9x9 clue-count dataset (``gen:N``; ``gen:17`` is the curated 17-clue
    collection, not generated), one column per method."""
    import pandas as pd

    frame = _load(path)
    frame = frame[frame["dataset"].str.startswith("gen:")]
    table = _medians(frame, "clues", clock)
    rows = [[f"{int(c)}" + (" (the 17-clue collection)" if c == 17 else ""),
             *[f"{v:.2f}" for v in table.loc[c]]] for c in table.index]
    return _right(markdown(pd.DataFrame(rows, columns=["clues", *table.columns])))


def _right(text: str) -> str:
    """Right-align every column but the first of a markdown table."""
    lines = text.splitlines()
    cells = lines[1].split("|")[1:-1]
    lines[1] = "|" + "|".join([cells[0]] + [" ---: "] * (len(cells) - 1)) + "|"
    return "\n".join(lines)


def _paired_times(frame, clock: str = "wall"):
    """Solved time on ``clock`` per (dataset, index, repetition) x method;
    NaN where not solved."""
    timed = on_clock(frame, clock)
    timed = timed.assign(t=timed["total_s"].where(timed["status"].isin(SOLVED)))
    return timed.pivot_table(index=["dataset", "index", "repetition"], columns="method",
                             values="t", aggfunc="first", dropna=False)


def fastest(path, dataset: str, clock: str = "wall") -> str:
    """Per method, on the puzzles of ``dataset`` every method solved: on
    how many it is the fastest (ties to each), and the median and 90th
    percentile of its time over the fastest method's time on that puzzle,
    times on ``clock`` (``wall`` or ``cpu``)."""
    import pandas as pd

    frame = _load(path)
    times = _paired_times(frame[frame["dataset"] == dataset], clock).dropna()
    what = "CPU time" if clock == "cpu" else "time"
    best = times.min(axis=1)
    ratio = times.div(best, axis=0)
    table = pd.DataFrame({"method": times.columns,
                          "fastest on": [int((times[m] == best).sum()) for m in times.columns],
                          "of puzzles": len(times),
                          f"median {what} / fastest": ratio.median().round(1).to_numpy(),
                          f"p90 {what} / fastest": ratio.quantile(0.9).round(1).to_numpy()})
    return markdown(table, digits=1)


def wins(path, dataset: str, clock: str = "wall") -> str:
    """Share of the puzzles of ``dataset`` (both solved) on which the row's
    method is faster than the column's, paired puzzle by puzzle, times on
    ``clock`` (``wall`` or ``cpu``)."""
    import pandas as pd

    frame = _load(path)
    times = _paired_times(frame[frame["dataset"] == dataset], clock)
    methods = list(times.columns)
    rows = []
    for a in methods:
        row = {"faster than": f"`{a}`"}
        for b in methods:
            both = times[[a, b]].dropna() if a != b else None
            row[f"`{b}`"] = "" if both is None else f"{(both[a] < both[b]).mean():.0%}"
        rows.append(row)
    return _right(markdown(pd.DataFrame(rows)))


def cpu_summary(path, datasets: str | None = None) -> str:
    """Per (dataset, method) of the results file ``path`` (the comma-separated
    ``datasets`` when given): rows, solved and verified, timed out, errors,
    the median, 90th percentile and maximum CPU ms per puzzle (the worker's
    CPU seconds of build plus solve) with the timed-out rows as lower bounds
    (``>= x``: the CPU seconds a run had used when it stopped), the median
    wall ms beside them, and the load average at the rows' starts."""
    import numpy as np
    import pandas as pd

    from sudoku_models.bench.statistics import median_interval, quantile_interval, value_bounds

    frame = _load(path)
    if datasets:
        frame = frame[frame["dataset"].isin(datasets.split(","))]
    rows = []
    for (dataset, method), group in frame.groupby(["dataset", "method"], sort=True):
        ran = group[group["status"] != "ERROR"]
        solved = ran["status"].isin(SOLVED)
        low, high = value_bounds(1000 * ran["cpu_s"].fillna(0.0), ~solved)
        load = group["load_1min"].dropna()
        rows.append({"dataset": dataset, "method": method, "rows": len(group),
                     "solved and verified": int((solved & ran["verified"].astype(bool)).sum()),
                     "timed out": int((ran["status"] == "TIME_LIMIT").sum()),
                     "errors": len(group) - len(ran),
                     "median CPU ms": median_interval(low, high).text(".3g"),
                     "p90 CPU ms": quantile_interval(low, high, 0.9).text(".3g"),
                     "max CPU ms": (f"{np.max(low):.3g}" if solved.all()
                                    else f">= {np.max(low):.3g}"),
                     "median wall ms": f"{1000 * ran['total_s'].median():.3g}",
                     "load": f"{load.min():.1f}-{load.max():.1f}" if len(load) else ""})
    return markdown(pd.DataFrame(rows))


def interleaving_effect(*paths) -> str:
    """Runs of the same puzzles and methods made with and without
    ``--interleave`` (file stems ``by_method_R`` and ``interleaved_R``, R
    the round): per run, the median CPU ms per puzzle of each method (all
    solved; the worker's CPU seconds of build plus solve) and the load at
    the rows' starts, then per method the ratio of the interleaved median to
    the by-method median of the same round."""
    import pandas as pd
    from pathlib import Path

    rows, medians = [], {}
    for path in paths:
        mode, _, round_ = Path(path).name.split(".")[0].rpartition("_")
        frame = _load(path)
        if not frame["status"].isin(SOLVED).all():
            raise ValueError(f"{path}: the comparison needs every row solved")
        median = frame.groupby("method")["cpu_s"].median() * 1000
        medians[mode, round_] = median
        load = frame["load_1min"]
        rows.append({"run": f"{mode.replace('_', ' ')}, round {round_}",
                     **{m: f"{v:.3g}" for m, v in median.items()},
                     "load": f"{load.min():.1f}-{load.max():.1f}"})
    for round_ in sorted({r for _, r in medians}):
        ratio = medians["interleaved", round_] / medians["by_method", round_]
        rows.append({"run": f"interleaved / by method, round {round_}",
                     **{m: f"{v:.2f}x" for m, v in ratio.items()}, "load": ""})
    return markdown(pd.DataFrame(rows))


def cpu_profile(path, out) -> str:
    """The Dolan-More performance profile of ``bench report``
    (:func:`sudoku_models.bench.report.plot_profile`) drawn from the
    worker's CPU seconds of the results file ``path`` instead of its wall
    seconds, into ``out``; returns the path written."""
    from sudoku_models.bench.report import labelled, plot_profile
    from sudoku_models.plotting import method_colours, save_figure

    frame = labelled(on_clock(_load(path), "cpu", path))
    fig = plot_profile(frame, method_colours(frame["label"].unique()), what="CPU time")
    fig.texts[0].set_text("Performance profile (Dolan-More) on CPU seconds, one interleaved run")
    return str(save_figure(fig, out))


def counting_table(path) -> str:
    """Counting the empty 4x4 grid (``counting_empty4x4.csv`` of
    :mod:`benchmarks.formulation_strength.counting`): per method, the
    count, the rounds, the median CPU seconds with their range, the median
    wall seconds, the load average at the counts' starts; the methods
    interleaved in one process, so the CPU seconds pair within the run."""
    import pandas as pd

    frame = pd.read_csv(path)
    rows = []
    for label, group in frame.groupby("label", sort=False):
        rows.append({"method": label, "solutions": ", ".join(map(str, sorted(set(group["count"])))),
                     "rounds": len(group),
                     "CPU s, median (min-max)": f"{group['cpu_s'].median():.3g} "
                                                f"({group['cpu_s'].min():.3g}-"
                                                f"{group['cpu_s'].max():.3g})",
                     "wall s, median": f"{group['wall_s'].median():.3g}",
                     "load": f"{group['load_1min'].min():.1f}-{group['load_1min'].max():.1f}"})
    return markdown(pd.DataFrame(rows))
