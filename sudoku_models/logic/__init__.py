"""Human-style solving: explain a puzzle step by step with named techniques
(:func:`explain`, :func:`hint`) and rate its difficulty on Sudoku
Explainer's scale (:func:`rate`: ER, EP, ED and five levels).

Pure Python on bitmask candidates (no numba, no solver), so importing it is
cheap and it works for every order 2 to 6, every layout (rectangular boxes,
jigsaw, Latin square), the all-different variants (extra regions,
anti-knight, anti-king, parity), killer cages and the relations between two
cells (Kropki, XV, thermometers, ...; arrows are refused)."""

from .candidates import UnsolvablePuzzle, UnsupportedRules
from .grading import Rating, SERating, rate
from .human_solver import explain, hint
from ..registry import LEVELS
from .step import Step

__all__ = ["LEVELS", "Rating", "SERating", "Step", "UnsolvablePuzzle", "UnsupportedRules",
           "explain", "hint", "rate"]
