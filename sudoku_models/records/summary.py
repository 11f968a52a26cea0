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
SUMMARY_COLUMNS = ("dataset", "order", "method", "rows", "solved and verified", "infeasible",
           "timed out", "errors", "median ms", "p90 ms", "max ms")
"""The columns of a summary line; ``method`` is the method with its options
when they are not the default (:func:`configuration_label`)."""


def configuration_label(method: str, options: str | None) -> str:
    """The row label of a configuration: ``method``, or ``"method [options]"``
    with its options but the default objective (``"milp [cage=sets]"`` for
    ``"objective=feasibility;cage=sets"``)."""
    shown = [part for part in (options or "").split(";") if part and part != "objective=feasibility"]
    return f"{method} [{';'.join(shown)}]" if shown else method


def _seconds(value) -> float:
    return 0.0 if value in (None, "") else float(value)


def _percentile(ordered: list[float], share: float) -> float:
    """The value at ``share`` (0 to 1) of ``ordered`` (sorted, not empty),
    interpolated linearly between the two nearest ranks: numpy's default
    ``percentile``, without numpy's (which loads ``numpy.ma``: 7 ms of CPU
    in a ``solve --file`` that needs nothing else of it)."""
    position = share * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


class Summary:
    """Rows summed up as they come (:meth:`add`), holding per group its
    counts and one float per timed row, never the rows: what a long
    ``solve --file`` keeps in memory."""

    def __init__(self) -> None:
        self._groups: dict[tuple, dict] = {}

    def add(self, row: dict) -> None:
        """Count one row (a dict with ``dataset``, ``order``, ``method``,
        ``options``, ``status``, ``verified``, ``build_s``, ``solve_s``; its
        time is ``total_s`` when it has one, as the rows of a results frame
        read on a clock do, :func:`~.report.on_clock`); a puzzle with no
        order (a layout other than square boxes) is in order ``"-"``."""
        order = row.get("order")
        order = int(order) if order not in (None, "") and order == order else "-"  # not NaN
        key = (row["dataset"], order, configuration_label(row["method"], row.get("options")))
        line = self._groups.setdefault(key, {"rows": 0, "solved and verified": 0,
                                             "infeasible": 0, "timed out": 0, "errors": 0,
                                             "times": []})
        status = row["status"]
        line["rows"] += 1
        line["solved and verified"] += status in SOLVED and row.get("verified") in (True, "true")
        line["infeasible"] += status == "INFEASIBLE"
        line["timed out"] += status == "TIME_LIMIT"
        line["errors"] += status == "ERROR"
        if status != "ERROR":
            seconds = row.get("total_s")
            if seconds is None:
                seconds = _seconds(row.get("build_s")) + _seconds(row.get("solve_s"))
            line["times"].append(1000 * seconds)

    def lines(self) -> list[dict]:
        """One dict per (dataset, order, method [options]), sorted, with the
        keys of :data:`SUMMARY_COLUMNS`: the number of rows, of rows solved with a
        verified grid, infeasible, timed out and ``ERROR``, and the median,
        90th percentile (linear interpolation) and maximum of build + solve
        time in ms over the rows that did not end in ``ERROR`` (NaN when
        there are none)."""
        lines = []
        for (dataset, order, method), line in sorted(
                self._groups.items(), key=lambda item: (item[0][0], str(item[0][1]).zfill(3),
                                                        item[0][2])):
            times = sorted(line["times"])
            counts = {k: v for k, v in line.items() if k != "times"}
            lines.append({"dataset": dataset, "order": order, "method": method, **counts,
                          "median ms": _percentile(times, 0.5) if times else math.nan,
                          "p90 ms": _percentile(times, 0.9) if times else math.nan,
                          "max ms": times[-1] if times else math.nan})
        return lines


def summary_lines(rows) -> list[dict]:
    """:meth:`Summary.lines` of ``rows``."""
    summary = Summary()
    for row in rows:
        summary.add(row)
    return summary.lines()
