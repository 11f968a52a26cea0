"""Model size of every registered method, for the table in docs/reference.md."""

from __future__ import annotations

import numpy as np

from .puzzle import Puzzle
from .registry import METHODS
from .result import ModelSize

TABLE_START = "<!-- model-sizes: `python -m benchmarks.formulation_strength.model_sizes --write` -->"
TABLE_END = "<!-- end of model-sizes -->"


def model_sizes(order: int) -> dict[str, ModelSize]:
    """Size of each registered formulation built for an empty grid of
    ``order`` (as handed to the solver: after Pyomo's GDP transformation for
    milp-alldiff; the full bipartite graph for matching)."""
    empty = Puzzle.from_grid(np.zeros((order * order,) * 2, dtype=int))
    sizes = {}
    for name, info in METHODS.items():
        formulation = info.load()(order)
        formulation.build(empty)
        sizes[name] = formulation.size()
    return sizes


def size_table(orders) -> str:
    """Markdown table: one row per formulation, one column per order, each
    cell ``variables / constraints / nonzeros``."""
    by_order = {order: model_sizes(order) for order in orders}
    header = "| formulation | " + " | ".join(
        f"{o * o}x{o * o} (order {o})" for o in orders) + " |"
    lines = [header, "| --- |" + " ---: |" * len(orders)]
    for name in METHODS:
        cells = [f"{s.variables:,} / {s.constraints:,} / {s.nonzeros:,}"
                 for s in (by_order[o][name] for o in orders)]
        lines.append(f"| `{name}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)
