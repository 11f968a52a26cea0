"""The summary of result rows, one line per (dataset, order, method [options]),
in plain Python: what ``solve --file`` prints without loading pandas.

Nothing is pooled: every count and every time is of one dataset, one order
and one method with its options. Rows are taken as written
(:mod:`sudoku_models.bench.worker`) or as read back from a results file
(strings, :func:`~sudoku_models.bench.read_results`).
"""

from __future__ import annotations

import math

SOLVED = ("OPTIMAL", "FEASIBLE")
COLUMNS = ("dataset", "order", "method", "rows", "solved and verified", "infeasible",
           "timed out", "errors", "median ms", "p90 ms", "max ms")
"""The columns of a summary line; ``method`` is the method with its options
when they are not the default (:func:`label`)."""


def label(method: str, options: str | None) -> str:
    """``method``, or ``"method [options]"`` when the options are not the
    default (empty or ``objective=feasibility``)."""
    return method if options in (None, "", "objective=feasibility") else f"{method} [{options}]"


def _seconds(value) -> float:
    return 0.0 if value in (None, "") else float(value)


def summary_lines(rows) -> list[dict]:
    """One dict per (dataset, order, method [options]) of ``rows``, sorted,
    with the keys of :data:`COLUMNS`: the number of rows, of rows solved
    with a verified grid, infeasible, timed out and ``ERROR``, and the
    median, 90th percentile (linear interpolation) and maximum of build +
    solve time in ms over the rows that did not end in ``ERROR`` (NaN when
    there are none)."""
    import numpy as np

    groups: dict[tuple, dict] = {}
    for row in rows:
        key = (row["dataset"], int(row["order"]), label(row["method"], row.get("options")))
        line = groups.setdefault(key, {"rows": 0, "solved and verified": 0, "infeasible": 0,
                                       "timed out": 0, "errors": 0, "times": []})
        status = row["status"]
        line["rows"] += 1
        line["solved and verified"] += status in SOLVED and row.get("verified") in (True, "true")
        line["infeasible"] += status == "INFEASIBLE"
        line["timed out"] += status == "TIME_LIMIT"
        line["errors"] += status == "ERROR"
        if status != "ERROR":
            line["times"].append(1000 * (_seconds(row.get("build_s")) + _seconds(row.get("solve_s"))))
    lines = []
    for (dataset, order, method), line in sorted(groups.items()):
        times = np.array(line.pop("times"))
        lines.append({"dataset": dataset, "order": order, "method": method, **line,
                      "median ms": float(np.median(times)) if times.size else math.nan,
                      "p90 ms": float(np.percentile(times, 90)) if times.size else math.nan,
                      "max ms": float(times.max()) if times.size else math.nan})
    return lines
