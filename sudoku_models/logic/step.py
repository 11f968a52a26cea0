"""One step of a logical solution: the technique, what it looks at and what
it changes."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.geometry import cell_name

NEEDS_SEARCH = "Needs search"


@dataclass(frozen=True)
class Step:
    """One deduction.

    * ``technique``: its HoDoKu name (``"Hidden Single"``, ``"X-Wing"``, ...),
      or ``"Needs search"`` for the closing step of a puzzle the techniques
      cannot finish (no placements or eliminations).
    * ``cells``: flat cell indices (``row * side + column``) the deduction
      uses; ``values``: the values it is about.
    * ``placements``: ``((cell, value), ...)`` the step fills in.
    * ``eliminations``: ``((cell, value), ...)`` candidates it removes.
    * ``text``: a readable sentence in the field's notation, e.g.
      ``"Locked Candidates Type 1 (Pointing): 4 in b1 is confined to r2, so
      r2c5<>4, r2c8<>4"``.
    * ``side``: cells per row (9 for a 9x9), to name cells.
    * ``rating``: its Sudoku Explainer rating (1.0 to 9.x; None for a
      ``"Needs search"`` step), see :mod:`~sudoku_models.logic.ladder`.
    * ``chains``: for a chain technique, its chains as tuples of
      potentials (see :mod:`~sudoku_models.logic.chains`), written in
      Eureka notation in ``text``; empty otherwise.
    """

    technique: str
    cells: tuple
    values: tuple
    placements: tuple
    eliminations: tuple
    text: str
    side: int
    rating: float | None = None
    chains: tuple = ()

    def to_dict(self) -> dict:
        """A JSON-ready dict: technique, text, cells as ``"r4c7"`` names,
        values, placements ``[{"cell": "r4c7", "value": 5}]`` and
        eliminations in the same form."""
        side = self.side
        return {
            "technique": self.technique,
            "rating": self.rating,
            "text": self.text,
            "cells": [cell_name(c, side) for c in self.cells],
            "values": list(self.values),
            "placements": [{"cell": cell_name(c, side), "value": v} for c, v in self.placements],
            "eliminations": [{"cell": cell_name(c, side), "value": v}
                             for c, v in self.eliminations],
        }

    def __str__(self) -> str:
        return self.text
