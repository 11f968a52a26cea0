"""Every method, SAT included, on the same puzzles (``benchmarks/sat_encodings.py
--out``): the tables of ``benchmarks/README.md``, "SAT, and SCIP for the
MILP", as builders of :mod:`benchmarks.studykit.published`.

The CSV has one row per solve (``dataset``, ``index``, ``method`` label,
``status``, ``verified``, ``cpu_seconds`` and ``wall_seconds`` of the clue
update + solve, ``load`` at its start, ``core``, ``stats`` as a Python dict
literal) and one row per puzzle and encoding for unit
propagation alone (``method`` ``propagation minimal`` / ``propagation
extended``, ``status`` ``COMPLETE`` or ``INCOMPLETE``).
"""

from __future__ import annotations

import ast

from benchmarks.studykit.published import markdown

SEARCH_STATS = ("decisions", "B&B nodes", "branches")
"""A method's count of search steps, the first of these its stats have."""


def _load(path):
    import pandas as pd

    return pd.read_csv(path)


def _searched(stats: str):
    values = ast.literal_eval(stats) if isinstance(stats, str) and stats else {}
    return next((values[key] for key in SEARCH_STATS if key in values), None)


def method_table(path, dataset: str) -> str:
    """Per method on ``dataset``: solved and verified, median, p90 and max
    CPU ms per puzzle, and the share solved without search (0 decisions, B&B
    nodes or branches)."""
    import numpy as np
    import pandas as pd

    frame = _load(path)
    frame = frame[(frame["dataset"] == dataset) & ~frame["method"].str.startswith("propagation")]
    rows = []
    for method, group in frame.groupby("method", sort=False):
        ms = group["cpu_seconds"].to_numpy() * 1000
        steps = [s for s in group["stats"].map(_searched) if s is not None]
        rows.append({"method": method,
                     "solved, verified": f"{int(group['verified'].astype(bool).sum())}/{len(group)}",
                     "median CPU ms": np.median(ms), "p90 CPU ms": np.percentile(ms, 90),
                     "max CPU ms": ms.max(),
                     "no search": f"{np.mean(np.array(steps) == 0):.0%}" if steps else "n/a"})
    return markdown(pd.DataFrame(rows))


def propagation_table(path) -> str:
    """Per dataset: the share of puzzles whose clues, unit-propagated through
    the rules alone, complete the grid, minimal against extended encoding."""
    frame = _load(path)
    frame = frame[frame["method"].str.startswith("propagation")]
    table = (frame.assign(done=frame["status"] == "COMPLETE",
                          encoding=frame["method"].str.split().str[1])
             .pivot_table(index="dataset", columns="encoding", values="done", aggfunc="mean",
                          sort=False))
    table = table.map(lambda v: f"{v:.0%}").reset_index()
    return markdown(table[["dataset", "minimal", "extended"]].rename(
        columns={"dataset": "puzzles"}))
