"""Difficulty rating from the logical solution: ``rate(puzzle) -> Rating``,
on Sudoku Explainer's (SE) scale and on five levels defined by its bands.

SE's three numbers (Sukaku Explainer's ``Solver.getDifficulty``, learnt
from its source, github.com/SudokuMonster/SukakuExplainer, LGPL):

* **ER** (rating): the highest rating of any step of the solution;
* **EP** (pearl): the highest rating up to and including the first step
  that places a value (a single);
* **ED** (diamond): the rating of the first step.

Each step is the first deduction of SE's ladder
(:data:`~sudoku_models.logic.ladder.TECHNIQUES`, with the ratings). When
the ladder stops before the grid is full, ER is unknown (None): the rating
says where it stopped (``cells_left``, the last technique used) and never
guesses; EP and ED are then also None if not reached. The five levels
(:data:`LEVELS`) are bands of ER (:func:`~sudoku_models.logic.ladder.level_of`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from .human_solver import solve_steps
from .ladder import level_of
from .step import NEEDS_SEARCH


class SERating(NamedTuple):
    """Sudoku Explainer's three numbers (see the module docstring); None
    where the ladder did not get that far."""

    er: float | None
    ep: float | None
    ed: float | None


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is for a person.

    * ``se``: :class:`SERating` ``(er, ep, ed)`` on SE's scale (1.0 to
      9.x), ``er`` None when the ladder cannot finish the puzzle.
    * ``level``: one of ``LEVELS``, the band of ``se.er``.
    * ``hardest``: the technique of the step that set ER (the first of the
      highest rating), ``"Needs search"`` when the ladder stops, None for a
      full grid.
    * ``steps``: steps per technique, in the order first used.
    * ``cells_left``: empty cells the ladder could not fill (0 when it
      solves the puzzle).
    """

    level: str
    hardest: str | None
    se: SERating
    cells_left: int
    steps: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"level": self.level, "hardest": self.hardest, "er": self.se.er,
                "ep": self.se.ep, "ed": self.se.ed, "cells_left": self.cells_left,
                "steps": dict(self.steps)}


def se_numbers(steps) -> tuple[SERating, str | None]:
    """ER, EP, ED of a list of steps (a "Needs search" last step makes ER
    None) and the technique that set ER."""
    er = 0.0
    hardest = None
    ep = ed = None
    for step in steps:
        if step.technique == NEEDS_SEARCH:
            return SERating(None, ep, ed), NEEDS_SEARCH
        if step.rating > er:
            er, hardest = step.rating, step.technique
        if ed is None:
            ed = er
        if ep is None and step.placements:
            ep = er
    if not steps:
        return SERating(0.0, 0.0, 0.0), None
    return SERating(er, ep if ep is not None else er, ed), hardest


def rate(puzzle) -> Rating:
    """Rate ``puzzle`` (a Puzzle, puzzle string or ``(n*n, n*n)`` grid, any
    order) on SE's scale and the five levels by solving it with
    :func:`~sudoku_models.logic.explain`. Raises
    :class:`~sudoku_models.logic.UnsolvablePuzzle` for contradictory clues
    and :class:`~sudoku_models.PuzzleFormatError` for a malformed puzzle."""
    steps, grid = solve_steps(puzzle)
    counts = Counter(s.technique for s in steps if s.technique != NEEDS_SEARCH)
    se, hardest = se_numbers(steps)
    return Rating(level_of(se.er), hardest, se, grid.values.count(0), dict(counts))
