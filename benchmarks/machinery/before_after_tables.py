"""The table of a before/after timing run (``benchmarks/before_after.py``):
the same methods under two revisions, interleaved round by round, so that a
change to the code is judged by paired per-round ratios, not by figures
taken at different moments of a shared machine."""

from __future__ import annotations

from benchmarks.studykit.published import markdown


def table(path) -> str:
    """Per method: the revisions, the median over rounds of each revision's
    median per-puzzle ``solve_seconds`` (ms, the solver's wall clock), the
    median of the per-round after/before ratios with their range, the same
    ratio of the timed passes' CPU seconds where the CSV has them
    (``run_cpu_s``), and the range of the load average."""
    import pandas as pd

    frame = pd.read_csv(path)
    rows = []
    for method, group in frame.groupby("method", sort=False):
        wide = group.pivot(index="round", columns="tree", values="median_solve_ms")
        ratio = wide["after"] / wide["before"]
        revision = group.groupby("tree")["revision"].first()
        row = {
            "method": f"`{method}`",
            "before": f"{revision['before']}: {wide['before'].median():.2f} ms",
            "after": f"{revision['after']}: {wide['after'].median():.2f} ms",
            "after/before per round": f"{ratio.median():.2f} ({ratio.min():.2f}-{ratio.max():.2f})",
        }
        if "run_cpu_s" in group:
            cpu = group.pivot(index="round", columns="tree", values="run_cpu_s")
            cpu_ratio = cpu["after"] / cpu["before"]
            row["after/before CPU s of the pass, per round"] = (
                f"{cpu_ratio.median():.2f} ({cpu_ratio.min():.2f}-{cpu_ratio.max():.2f})")
        rows.append({**row, "rounds": len(wide),
                     "load": f"{group['load_1min'].min():.1f}-{group['load_1min'].max():.1f}"})
    return markdown(pd.DataFrame(rows))
