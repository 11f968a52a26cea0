"""The MILP configuration sweep (``benchmarks/milp_sweep.py``): one row per
(instance, configuration) with the outcome under each time limit read off
one long run, and the MILP statistics that say where the time went."""

from __future__ import annotations

import math

from sudoku_models.bench.statistics import outcome
from benchmarks.studykit.published import markdown

LIMITS = (10.0, 60.0, 300.0)
CONFIGURATIONS = ("HiGHS default", "HiGHS IPM LP, no crossover", "SCIP")
"""The sweep's configurations, in the order its tables list them."""
DETAIL = {"presolved_rows": "presolved rows", "presolved_columns": "presolved columns",
          "root_lp_s": "root LP s", "root_lp_iterations": "root LP iterations",
          "first_solution_s": "first solution s", "bb_nodes": "B&B nodes",
          "lp_iterations": "LP iterations"}
"""Columns shown (results columns -> names)."""


def configuration(options: str) -> str:
    """The sweep's name (:data:`CONFIGURATIONS`) for a row's options string."""
    if "solver=scip" in options.split(";"):
        return "SCIP"
    if "mip_lp_solver=ipm" in options:
        return "HiGHS IPM LP, no crossover"
    return "HiGHS default"


def _rows(path):
    """The sweep's results with :func:`outcome` and, for the MILP rows, the
    configuration's name."""
    from sudoku_models.records import load_results

    frame = outcome(load_results(path))
    frame["configuration"] = frame["options"].fillna("").map(configuration).where(
        frame["method"] == "milp", "CP-SAT")
    return frame


def sweep_table(path, limits=LIMITS) -> str:
    """Per instance and MILP configuration: the outcome at each limit in
    ``limits`` (``12.3 s``: solved within it, wall seconds with the build;
    ``-``: not; the run's own limit must be the largest), the worker's CPU
    seconds (``>= x``: stopped at the limit after x), the row's final
    status, and the detailed statistics (:data:`DETAIL`; empty where the
    solver did not reach them, e.g. no first solution)."""
    import pandas as pd

    frame = _rows(path)
    frame = frame[frame["method"] == "milp"]
    frame["_rank"] = frame["configuration"].map(CONFIGURATIONS.index)
    rows = []
    for _, row in frame.sort_values(["dataset", "index", "_rank"]).iterrows():
        record = {"instance": f"{row['dataset']} #{row['index']}",
                  "configuration": row["configuration"]}
        for limit in limits:
            done = bool(row["solved"]) and row["total_s"] <= limit
            record[f"{limit:g} s"] = f"{row['total_s']:.1f} s" if done else "-"
        record["CPU s"] = _cpu(row)
        record["status"] = row["status"]
        for column, name in DETAIL.items():
            record[name] = float(row[column]) if pd.notna(row[column]) else math.nan
        rows.append(record)
    whole = {name: _whole for column, name in DETAIL.items() if column not in SECONDS}
    return markdown(pd.DataFrame(rows), formats={**whole, "root LP s": ".2f",
                                                 "first solution s": ".1f"})


SECONDS = ("root_lp_s", "first_solution_s")


def _whole(value: float) -> str:
    return f"{value:,.0f}"


def _cpu(row) -> str:
    """A row's CPU seconds, ``>= x`` when it stopped unsolved."""
    if math.isnan(float(row["cpu_s"])):
        return ""
    return f"{row['cpu_s']:.2f}" if row["solved"] else f">= {row['cpu_s']:.1f}"


def cp_table(path) -> str:
    """CP-SAT against each MILP configuration of the same run, instance by
    instance (the four interleaved, one worker): CP-SAT's status, CPU
    seconds (build included; ``>= x``: stopped at the limit after x) and
    conflicts, then each configuration's CPU seconds over CP-SAT's, with
    censoring as bounds (:func:`~sudoku_models.bench.statistics.ratio_bounds`:
    ``>= x`` when only CP-SAT solved, ``<= x`` when only the MILP did,
    ``?`` when neither), and the load at the instance's rows."""
    import pandas as pd

    from sudoku_models.bench.statistics import Interval, cpu_pair, ratio_bounds

    frame = _rows(path)
    rows = []
    for (dataset, index), runs in frame.groupby(["dataset", "index"], sort=True):
        by = {row["configuration"]: row for _, row in runs.iterrows()}
        if "CP-SAT" not in by:
            continue
        cp = by["CP-SAT"]
        record = {"instance": f"{dataset} #{index}",
                  "CP-SAT": cp["status"] if cp["solved"] else f"stopped at {cp['censored_s']:g} s",
                  "CP-SAT CPU s": _cpu(cp), "conflicts": f"{cp['conflicts']:,.0f}"}
        for name in CONFIGURATIONS:
            if name not in by:
                record[f"{name} / CP-SAT"] = ""
                continue
            milp = by[name]
            low, high = ratio_bounds(*cpu_pair([milp["cpu_s"]], [milp["solved"]],
                                                [cp["cpu_s"]], [cp["solved"]]))
            record[f"{name} / CP-SAT"] = Interval(float(low[0]), float(high[0])).text(".3g")
        load = runs["load_1min"].dropna()
        record["load"] = f"{load.min():.1f}-{load.max():.1f}" if len(load) else ""
        rows.append(record)
    return markdown(pd.DataFrame(rows))
