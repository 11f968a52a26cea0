"""The MILP configuration sweep (``benchmarks/milp_sweep.py``): one row per
(instance, configuration) with the outcome under each time limit read off
one long run, and the MILP statistics that say where the time went."""

from __future__ import annotations

from .censoring import outcome
from .published import markdown

LIMITS = (10.0, 60.0, 300.0)
DETAIL = {"presolved_rows": "presolved rows", "presolved_columns": "presolved columns",
          "root_lp_s": "root LP s", "first_solution_s": "first solution s",
          "bb_nodes": "B&B nodes", "lp_iterations": "LP iterations"}
"""Columns shown when the results file has them."""


def configuration(options: str) -> str:
    """The sweep's name for a row's options string."""
    if "solver=scip" in options.split(";"):
        return "SCIP"
    if "mip_lp_solver=ipm" in options:
        return "HiGHS IPM LP, no crossover"
    return "HiGHS default"


def sweep_table(path, limits=LIMITS) -> str:
    """Per instance and configuration: the outcome at each limit in
    ``limits`` (``solved 12.3 s`` or ``-``: not solved within it; the run's
    own limit must be the largest) and the detailed statistics present."""
    import pandas as pd

    from ..bench import load_results

    frame = outcome(load_results(path))
    frame["configuration"] = frame["options"].fillna("").map(configuration)
    rows = []
    for _, row in frame.sort_values(["dataset", "index", "configuration"]).iterrows():
        record = {"instance": f"{row['dataset']} #{row['index']}",
                  "configuration": row["configuration"]}
        for limit in limits:
            done = bool(row["solved"]) and row["total_s"] <= limit
            record[f"{limit:g} s"] = f"{row['total_s']:.1f} s" if done else "-"
        for column, name in DETAIL.items():
            if column in frame:
                record[name] = row[column]
        rows.append(record)
    return markdown(pd.DataFrame(rows), formats={"root LP s": ".2f",
                                                 "first solution s": ".1f"})
