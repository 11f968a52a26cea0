"""Difficulty rating from the logical solution: ``rate(puzzle) -> Rating``.

The scale (also in README.md, "Explaining and rating puzzles"):

* every technique has HoDoKu's default score (Full House and Naked Single 4,
  Hidden Single 14, Locked Candidates 50, Naked Pair 60, Hidden Pair 70,
  Naked Triple 80, Hidden Triple 100, Naked Quadruple 120, X-Wing 140,
  Hidden Quadruple, Swordfish and Simple Colors 150, Jellyfish and XY-Wing
  160, XYZ-Wing 180); the cage-sum techniques of killer puzzles, which
  HoDoKu lacks, score as the technique of like difficulty they are tried
  beside: Cage Combinations 14 (a Hidden Single's), Innies and Outies 50
  (Locked Candidates');
* the level is set by the hardest technique the solution needs:

  =============  =====================================================
  easy           singles and Cage Combinations only (score 4 to 14)
  medium         up to Locked Candidates, Innies and Outies, Pairs,
                 Triples (50 to 100)
  hard           Quadruples, X-Wing, Swordfish, Simple Colors (120 to 150)
  expert         Jellyfish, XY-Wing, XYZ-Wing (160 to 180)
  needs search   the techniques stop before the grid is full
  =============  =====================================================

  (HoDoKu's Easy and Medium tiers; its Hard tier split where the wings
  begin, with Jellyfish, which HoDoKu rates Unfair, in expert);
* the numeric score is HoDoKu's: the sum of the scores of all steps; a
  puzzle that needs search adds :data:`SEARCH_CELL_SCORE` per cell the
  techniques leave empty, so it ranks above every puzzle they finish
  (whose scores stay below that in practice for 9x9).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .human_solver import solve_steps
from .step import NEEDS_SEARCH
from .techniques import TECHNIQUES

SCORES = {name: score for name, _, score in TECHNIQUES}
LEVELS = ("easy", "medium", "hard", "expert", "needs search")
SEARCH_CELL_SCORE = 100
_LEVEL_LIMITS = ((14, "easy"), (100, "medium"), (150, "hard"), (10**9, "expert"))


def level_of(technique: str) -> str:
    """The level a technique stands for (see the module docstring)."""
    if technique == NEEDS_SEARCH:
        return "needs search"
    score = SCORES[technique]
    return next(level for limit, level in _LEVEL_LIMITS if score <= limit)


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is for a person.

    * ``level``: one of :data:`LEVELS`.
    * ``hardest``: the HoDoKu name of the hardest technique used (by score),
      ``"Needs search"`` when the techniques stop, None for a full grid.
    * ``steps``: steps per technique, in the order first used.
    * ``score``: the sum of the steps' scores, plus
      ``SEARCH_CELL_SCORE * cells_left`` when search is needed.
    * ``cells_left``: empty cells the techniques could not fill (0 when they
      solve the puzzle).
    """

    level: str
    hardest: str | None
    score: int
    cells_left: int
    steps: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"level": self.level, "hardest": self.hardest, "score": self.score,
                "cells_left": self.cells_left, "steps": dict(self.steps)}


def rate(puzzle) -> Rating:
    """Rate ``puzzle`` (a Puzzle, puzzle string or ``(n*n, n*n)`` grid, any
    order) on the scale of the module docstring by solving it with
    :func:`~sudoku_models.logic.explain`. Raises
    :class:`~sudoku_models.logic.UnsolvablePuzzle` for contradictory clues
    and :class:`~sudoku_models.PuzzleFormatError` for a malformed puzzle."""
    steps, grid = solve_steps(puzzle)
    counts = Counter(s.technique for s in steps if s.technique != NEEDS_SEARCH)
    score = sum(SCORES[name] * n for name, n in counts.items())
    cells_left = grid.values.count(0)
    if steps and steps[-1].technique == NEEDS_SEARCH:
        return Rating("needs search", NEEDS_SEARCH, score + SEARCH_CELL_SCORE * cells_left,
                      cells_left, dict(counts))
    if not counts:
        return Rating("easy", None, 0, 0, {})
    hardest = max(counts, key=lambda name: SCORES[name])
    return Rating(level_of(hardest), hardest, score, 0, dict(counts))
