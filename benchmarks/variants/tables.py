"""Tables of the variants comparison from its recorded CSVs (for the
published tables of ``benchmarks/README.md``, see :mod:`.published`, and
for ``notebooks/variants.ipynb``).

``benchmarks/variants.py`` records one row per puzzle and configuration
(``label``: the method with its variant options, ``"cp [cage=table]"``):
``status`` (OPTIMAL, INFEASIBLE, TIME_LIMIT, or ``not modelled`` when the
method refused the puzzle's kinds), ``verified``, ``total_s`` (seconds,
model build included), the solver's effort columns and the ``load``.
"""

from __future__ import annotations

import pandas as pd

NOT_MODELLED = "not modelled"
EFFORT_COLUMNS = ("bb_nodes", "branches", "conflicts", "decisions", "lp_iterations")


def load(csv: str) -> pd.DataFrame:
    """The rows of one recorded CSV, in file order."""
    return pd.read_csv(csv, keep_default_na=False, na_values=[""])


def effort(group: pd.DataFrame) -> str:
    """The median of each effort column the method reports, ``name median``."""
    parts = []
    for column in EFFORT_COLUMNS:
        values = group[column].dropna()
        if len(values):
            parts.append(f"{column.replace('_', ' ')} {values.median():,.0f}")
    return ", ".join(parts)


def method_table(csv: str) -> str:
    """Per configuration, in the order of :data:`benchmarks.variants.configurations`:
    puzzles, how many were solved and verified, not modelled, stopped at
    the limit; median and mean seconds per puzzle (build included) over the
    solved ones, CPU seconds where the run recorded them (``cpu_s``), else
    wall seconds, and the median effort. Paired: every configuration ran on
    the same puzzles."""
    rows = load(csv)
    limit = rows["time_limit_s"].iloc[0]
    cpu = "cpu_s" in rows and rows["cpu_s"].notna().any()
    clock, column = ("CPU", "cpu_s") if cpu else ("wall", "total_s")
    lines = ["| method | puzzles | solved, verified | not modelled | at the limit "
             f"| median {clock} s | mean {clock} s | median effort |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for label in _in_configuration_order(rows["label"].unique()):
        group = rows[rows["label"] == label]
        modelled = group[group["status"] != NOT_MODELLED]
        solved = modelled[modelled["status"] == "OPTIMAL"]
        ok = int((solved["verified"].astype(str) == "True").sum())
        stopped = int((modelled["status"] == "TIME_LIMIT").sum())
        median = f"{solved[column].median():.3f}" if len(solved) else ""
        mean = f"{solved[column].mean():.3f}" if len(solved) else ""
        lines.append(f"| {label} | {len(group)} | {ok} | {len(group) - len(modelled)} "
                     f"| {stopped} | {median} | {mean} | {effort(solved) if len(solved) else ''} |")
    lines.append("")
    lines.append(f"Time limit {limit:g} wall s per solve; {rows['threads'].iloc[0]} thread(s); "
                 f"load average (1 min) {rows['load'].min():.1f} to {rows['load'].max():.1f}; "
                 + ("clock: CPU seconds of build and solve (one process, every configuration on "
                    "a puzzle before the next, the order rotated)." if cpu else
                    "clock: wall seconds of build and solve (these runs recorded no CPU "
                    "seconds)."))
    return "\n".join(lines)


def _in_configuration_order(labels) -> list[str]:
    """``labels`` in the order :func:`benchmarks.variants.__main__.configurations`
    makes them (a rotated run starts each puzzle elsewhere), others after."""
    from benchmarks.variants.__main__ import configurations

    known = [label for label, _, _ in configurations(None)]
    return sorted(labels, key=lambda label: (known.index(label) if label in known else len(known)))


def counter_speed(csv: str) -> str:
    """The counter (``backtracking``, counting to two: the proof of
    uniqueness) on the killers of one CSV: puzzles, cages, median, mean and
    largest wall seconds per puzzle, median branch nodes."""
    rows = load(csv)
    mine = rows[(rows["label"] == "backtracking") & (rows["status"] == "OPTIMAL")]
    seconds = mine["total_s"]
    return (f"| puzzles | cages | unique | median wall s | mean wall s | largest wall s "
            f"| median branch nodes |\n"
            f"| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
            f"| {len(mine)} | {mine['cages'].min()} to {mine['cages'].max()} "
            f"| {int((mine['solutions'] == 1).sum())} | {seconds.median():.3f} "
            f"| {seconds.mean():.3f} | {seconds.max():.3f} | {mine['branches'].median():,.0f} |")
