"""The table of ``benchmarks/teaching_regimes/README.md``: per regime (a
part of the ``teaching`` collection) and configuration, what was decided,
the median CPU seconds and the search effort each solver reports."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from sudoku_models.records.summary import configuration_label


def _effort(rows: pd.DataFrame) -> str:
    """The solver's own effort, medians: B&B nodes and LP iterations for
    HiGHS, branches for CP-SAT; ``-`` when a row has none."""
    def median(column):
        values = rows[column].dropna()
        return "-" if values.empty else f"{values.median():,.0f}"

    if rows["method"].iloc[0].startswith("milp"):
        nodes, iterations = median("bb_nodes"), median("lp_iterations")
        return "-" if nodes == iterations == "-" else \
            f"B&B nodes {nodes}, LP iterations {iterations}"
    return f"branches {median('branches')}"


def regimes_table(path: Path) -> str:
    """Markdown: one line per regime and configuration, in the collection's
    order of regimes: rows decided (solved and verified) of rows, timed out
    and failed, the median CPU seconds over the rows not failed (a row that
    timed out counts with the seconds it had spent), and the median effort."""
    runs = pd.read_csv(path)
    runs["configuration"] = [configuration_label(m, o) for m, o in
                             zip(runs["method"], runs["options"].fillna(""))]
    lines = ["| regime | configuration | solved | timed out | failed | median CPU s | effort |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    from .collection import PARTS

    regimes = [f"teaching:{part}" for part, _, _ in PARTS]
    runs["_regime"] = [regimes.index(d) if d in regimes else len(regimes) for d in runs["dataset"]]
    runs = runs.sort_values(["_regime", "dataset", "configuration"], kind="stable")
    for (_, dataset, configuration), rows in runs.groupby(["_regime", "dataset", "configuration"],
                                                         sort=False):
        solved = int(((rows["status"] == "OPTIMAL") & (rows["verified"] == True)).sum())  # noqa: E712
        timed = int((rows["status"] == "TIME_LIMIT").sum())
        failed = rows[rows["status"] == "ERROR"]
        kept = rows[rows["status"] != "ERROR"]
        cpu = f"{kept['cpu_s'].median():.2f}" if len(kept) else "-"
        lines.append(f"| {dataset.partition(':')[2]} | {configuration} | {solved} of {len(rows)} | "
                     f"{timed} | {len(failed)} | {cpu} | "
                     f"{_effort(kept) if len(kept) else '-'} |")
    return "\n".join(lines)
