"""The table of a before/after timing run (``benchmarks/before_after.py``):
the same methods under two revisions, interleaved round by round, so that a
change to the code is judged by paired per-round ratios, not by figures
taken at different moments of a shared machine."""

from __future__ import annotations

from benchmarks.studykit.published import markdown


def table(path) -> str:
    """Per method: the revisions, the median over rounds of each revision's
    median per-puzzle ``solve_seconds`` (ms), the median of the per-round
    after/before ratios with their range, and the range of the load average."""
    import pandas as pd

    frame = pd.read_csv(path)
    rows = []
    for method, group in frame.groupby("method", sort=False):
        wide = group.pivot(index="round", columns="tree", values="median_solve_ms")
        ratio = wide["after"] / wide["before"]
        revision = group.groupby("tree")["revision"].first()
        rows.append({
            "method": f"`{method}`",
            "before": f"{revision['before']}: {wide['before'].median():.2f} ms",
            "after": f"{revision['after']}: {wide['after'].median():.2f} ms",
            "after/before per round": f"{ratio.median():.2f} ({ratio.min():.2f}-{ratio.max():.2f})",
            "rounds": len(wide),
            "load": f"{group['load_1min'].min():.1f}-{group['load_1min'].max():.1f}",
        })
    return markdown(pd.DataFrame(rows))
