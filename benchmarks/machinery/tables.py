"""What the toolkit's own machinery costs: the builders (for
:mod:`benchmarks.studykit.published`) of the tables of
``benchmarks/machinery/README.md`` recorded by ``overhead.py`` (Pyomo and
CP-SAT against hand-written baselines) and ``batch_vs_rebuild.py`` (batch
mode against a fresh model per puzzle).

Each builder takes the CSV path and returns markdown; times are in ms per
puzzle, build (or clue update) plus solve unless a column says otherwise.
"""

from __future__ import annotations

from benchmarks.studykit.published import markdown


def _read(path):
    import pandas as pd

    return pd.read_csv(path)


def overhead_table(path) -> str:
    """Ours against the baseline per comparison (rows of
    ``benchmarks/machinery/overhead.py --out``: ``comparison``, ``role``
    ours or baseline, ``name``, ``pass``, ``index``, ``cpu_s``, the two
    interleaved puzzle by puzzle): the median over the passes of each
    pass's median CPU ms per puzzle, and ours / baseline."""
    import pandas as pd

    frame = _read(path)
    per_pass = frame.groupby(["comparison", "role", "name", "pass"], sort=False)["cpu_s"].median()
    medians = 1000 * per_pass.groupby(level=["comparison", "role", "name"], sort=False).median()
    rows = []
    for comparison in frame["comparison"].unique():
        ours = medians.loc[comparison, "ours"]
        base = medians.loc[comparison, "baseline"]
        rows.append([comparison, ours.index[0], ours.iloc[0], base.index[0], base.iloc[0],
                     ours.iloc[0] / base.iloc[0]])
    return markdown(pd.DataFrame(rows, columns=["puzzles", "ours", "ours CPU ms/puzzle", "baseline",
                                                "baseline CPU ms/puzzle", "ratio ours/baseline"]))


def batch_table(path) -> str:
    """Batch against fresh per (dataset, method) (rows of
    ``benchmarks/batch_vs_rebuild.py --out``: ``dataset``, ``method``,
    ``mode``, ``index``, ``verified``, ``build_s``, ``solve_s``,
    ``total_s``, ``cpu_s``; the two modes interleaved puzzle by puzzle):
    puzzles verified, the median CPU ms per puzzle (build or clue update
    plus solve), and the ratio of the medians fresh / batch."""
    import pandas as pd

    frame = _read(path)
    rows = []
    for (dataset, method), group in frame.groupby(["dataset", "method"], sort=False):
        cpu = {}
        for mode in ("batch", "fresh"):
            part = group[group["mode"] == mode]
            cpu[mode] = 1000 * part["cpu_s"].median()
            rows.append([dataset, method, mode, f"{int(part['verified'].sum())}/{len(part)}",
                         cpu[mode], cpu["fresh"] / cpu["batch"] if mode == "fresh" else None])
    columns = ["dataset", "method", "mode", "verified", "median CPU ms", "CPU ratio fresh/batch"]
    return markdown(pd.DataFrame(rows, columns=columns))
