"""The MILP configuration sweep (``benchmarks/milp_sweep.py``): one row per
(instance, configuration) with the outcome under each time limit read off
one long run, and the MILP statistics that say where the time went."""

from __future__ import annotations

import math

from benchmarks.studykit.censoring import outcome
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


def sweep_table(path, limits=LIMITS) -> str:
    """Per instance and configuration: the outcome at each limit in
    ``limits`` (``12.3 s``: solved within it, build included; ``-``: not;
    the run's own limit must be the largest), the row's final status, and
    the detailed statistics (:data:`DETAIL`; empty where the solver did not
    reach them, e.g. no first solution)."""
    import pandas as pd

    from sudoku_models.bench import load_results

    frame = outcome(load_results(path))
    frame["configuration"] = frame["options"].fillna("").map(configuration)
    frame["_rank"] = frame["configuration"].map(CONFIGURATIONS.index)
    rows = []
    for _, row in frame.sort_values(["dataset", "index", "_rank"]).iterrows():
        record = {"instance": f"{row['dataset']} #{row['index']}",
                  "configuration": row["configuration"]}
        for limit in limits:
            done = bool(row["solved"]) and row["total_s"] <= limit
            record[f"{limit:g} s"] = f"{row['total_s']:.1f} s" if done else "-"
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


def cp_table(sweep, cp_runs) -> str:
    """CP-SAT on the sweep's instances (``cp_runs``, the ``cp`` step)
    beside the sweep's fastest MILP configuration (``sweep``): per
    instance, CP-SAT's status, CPU seconds (build included; what carries
    across runs on a loaded machine), wall seconds, conflicts and the load
    at its start; the MILP's best wall time of the sweep (``>= 300``: no
    configuration solved it). Two separate runs with different clocks (the
    sweep's rows predate CPU seconds, and its 300 s runs are not repeated):
    the table gives no ratio, and a reading of it holds only where the gap
    is orders of magnitude."""
    import pandas as pd

    from sudoku_models.bench import load_results

    milp = outcome(load_results(sweep))
    milp["configuration"] = milp["options"].fillna("").map(configuration)
    cp = outcome(load_results(cp_runs))
    rows = []
    for row in cp.sort_values(["dataset", "index"]).itertuples():
        runs = milp[(milp["dataset"] == row.dataset) & (milp["index"] == row.index)]
        record = {"instance": f"{row.dataset} #{row.index}",
                  "CP-SAT": row.status if row.solved else f"not solved in {row.censored_s:g} s",
                  "CP-SAT CPU s": f"{row.cpu_s:.2f}", "CP-SAT wall s": f"{row.total_s:.2f}",
                  "conflicts": f"{row.conflicts:,.0f}", "load": f"{row.load_1min:.1f}"}
        if len(runs):
            best = runs.sort_values("censored_s").iloc[0]
            record.update({
                "best MILP of the sweep": best["configuration"] if best["solved"] else "none",
                "MILP wall s (sweep)": (f"{best['censored_s']:.1f}" if best["solved"]
                                        else f">= {best['censored_s']:g}")})
        rows.append(record)
    return markdown(pd.DataFrame(rows).fillna(""))
