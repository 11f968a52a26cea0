"""Drawing grids with matplotlib, after the seeds' ``drawSudoku`` (MATLAB)
and ``plot_sudoku`` (Julia)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .drawing import draw_sudoku  # noqa: F401  (its home is drawing.py; old imports work)

def plot_solve_times(times: dict[str, list[float]], ax=None, title: str | None = None):
    """Distribution of per-puzzle times (seconds) per method: one box per
    method on a log scale, with every puzzle as a dot. Returns the axes."""
    if ax is None:
        _, ax = plt.subplots(figsize=(1.6 * len(times) + 2, 4))
    names = list(times)
    data = [1000 * np.asarray(times[name]) for name in names]
    ax.boxplot(data, showfliers=False)
    rng = np.random.default_rng(0)
    for i, values in enumerate(data, start=1):
        ax.scatter(i + rng.uniform(-0.15, 0.15, len(values)), values, s=6, alpha=0.4)
    ax.set_xticks(range(1, len(names) + 1), names)
    ax.set_yscale("log")
    ax.set_ylabel("time per puzzle (ms)")
    ax.grid(axis="y", which="both", alpha=0.3)
    if title:
        ax.set_title(title)
    return ax
