"""The table of ``benchmarks/first_hour/README.md``: the steps of the latest
run recorded in ``results/tour.csv`` (``python -m benchmarks.first_hour``
appends a run per call)."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

def _label(step: str) -> str:
    """``tour.sh:2`` -> ``tour (shell) 2``; ``tour.py`` -> ``tour (Python)``."""
    if step.startswith("tour.sh:"):
        return f"tour (shell) {step.split(':', 1)[1]}"
    return "tour (Python)" if step == "tour.py" else step


def _command(command: str) -> str:
    """The command in code quotes, a long quoted puzzle cut to its start."""
    short = re.sub(r'"([^"]{14})[^"]{10,}"', r'"\1..."', command)
    if command == "python tour.py":
        return "`python tour.py` (the README's Python block)"
    return f"`{short}`"


def tour_table(path: Path) -> str:
    """Markdown: per step of the latest run (the last ``timestamp``), its
    command, wall and CPU seconds, the load average before it and the cores
    its processes could run on."""
    runs = pd.read_csv(path, dtype={"core": str})
    latest = runs[runs["timestamp"] == runs["timestamp"].max()]
    lines = ["| step | command | wall s | CPU s | load (1 min) | core |",
             "| --- | --- | ---: | ---: | ---: | --- |"]
    for row in latest.itertuples():
        lines.append(f"| {_label(row.step)} | {_command(row.command)} | {row.wall_s:.1f} | "
                     f"{row.cpu_s:.1f} | {row.load_1min:.1f} | {row.core} |")
    return "\n".join(lines)
