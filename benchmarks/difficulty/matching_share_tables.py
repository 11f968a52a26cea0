"""How often matching's deduction alone solves a puzzle: the table of
``benchmarks/difficulty/README.md`` from the rows :mod:`.matching_share`
records (for :mod:`benchmarks.studykit.published`)."""

from __future__ import annotations

import pandas as pd

from benchmarks.studykit.published import markdown


def matching_share_table(path) -> str:
    """Per puzzle set (rows of :mod:`.matching_share`'s ``--out``:
    ``puzzles``, ``index``, ``clues``, ``status``): how many puzzles, their
    clue range, and how many the deduction solves alone (share in %)."""
    frame = pd.read_csv(path)
    rows = []
    for label, group in frame.groupby("puzzles", sort=False):
        low, high = int(group["clues"].min()), int(group["clues"].max())
        solved = int((group["status"] == "solved").sum())
        rows.append([label, len(group), str(low) if low == high else f"{low}-{high}", solved,
                     100 * solved / len(group)])
    columns = ["puzzles", "count", "clues", "solved by deduction alone", "share %"]
    thousands = "{:,}".format
    return markdown(pd.DataFrame(rows, columns=columns),
                    {"count": thousands, "solved by deduction alone": thousands, "share %": ".1f"})
