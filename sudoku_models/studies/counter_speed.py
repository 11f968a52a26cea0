"""Tables of the counter's speed from recorded CSVs (for the published
tables of ``benchmarks/README.md``; see :mod:`.published`).

``benchmarks/counter_vs_tdoku.py --api`` records one row per timed run:
``collection``, ``call`` (what was timed), ``threads``, ``round``,
``puzzles``, ``seconds``, ``load`` (1-minute load average before the run).
"""

from __future__ import annotations

import pandas as pd

TDOKU = "tdoku TdokuSolverDpllTriadSimd, C loop"
KERNEL = "kernel9.count9_many (compiled loop)"


def api_table(csv: str) -> str:
    """Per collection and call: microseconds per puzzle (best round: the
    least disturbed by other jobs; and the median round), the ratio to the
    compiled loop and to tdoku's loop (best rounds), all counting to 2."""
    runs = pd.read_csv(csv)
    runs["us"] = 1e6 * runs["seconds"] / runs["puzzles"]
    rows = ["| collection | call | threads | us/puzzle, best round | median round "
            "| / kernel loop | / tdoku (1 thread) |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for collection, group in runs.groupby("collection", sort=False):
        best = group.groupby("call", sort=False)["us"].min()
        median = group.groupby("call", sort=False)["us"].median()
        threads = group.groupby("call", sort=False)["threads"].first()
        puzzles = group["puzzles"].max()
        for call in best.index:
            rows.append(f"| {collection} ({puzzles:,}) | {call} | {threads[call]} "
                        f"| {best[call]:.1f} | {median[call]:.1f} "
                        f"| {best[call] / best[KERNEL]:.2f} | {best[call] / best[TDOKU]:.2f} |")
    loads = runs["load"]
    rows.append("")
    rows.append(f"Load average (1 min) over the runs: {loads.min():.1f} to {loads.max():.1f}; "
                f"{runs['round'].max() + 1} rounds, calls interleaved in each.")
    return "\n".join(rows)
