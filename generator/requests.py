"""What a generation request may ask for, checked before any compiled code
loads: the orders and sides the generator takes, the proven bounds on clue
counts, and :func:`check_request`, which refuses a malformed or provably
impossible request at once (the command line calls it before numpy and
numba are imported, so ``generate --clues 16`` answers in a fraction of a
second). Imports nothing heavy: a :class:`~sudoku_models.core.geometry.Layout`
is recognised when one is given (numpy is loaded then anyway).
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

from sudoku_models import validation
from sudoku_models.errors import InvalidValueError

from .generation_errors import GenerationError
from .options import LEVELS, SYMMETRIES
from sudoku_models.limits import MAX_PUZZLE_SIDE

if TYPE_CHECKING:
    from sudoku_models.core.geometry import Layout

ORDERS = range(2, 7)
# Fewest clues of a unique-solution puzzle, where known: 4 for 4 x 4; 17 for
# 9 x 9 (no 16-clue puzzle exists: McGuire, Tugemann and Civario 2012).
# Every order needs at least side - 1: see fewest_possible_clues.
MINIMUM_CLUES = {2: 4, 3: 17}


def _is_order(order) -> bool:
    return isinstance(order, numbers.Integral) and not isinstance(order, bool)


def grid_side(order: int | Layout) -> int:
    """The side of an order's square grid (``order ** 2``) or of a layout."""
    return order * order if _is_order(order) else order.side


def fewest_possible_clues(order: int | Layout) -> int:
    """A lower bound on the clues of any unique-solution puzzle of ``order``
    (or of a :class:`~sudoku_models.core.geometry.Layout`): the known minimum (4
    for 4x4, 17 for 9x9) or ``side - 1``. Why ``side - 1``: if two values
    appear in no clue, swapping them in a solution gives another solution,
    so at least ``side - 1`` distinct values, hence clues, must appear."""
    known = order if _is_order(order) else order.order
    return max(grid_side(order) - 1, MINIMUM_CLUES.get(known, 0))


def most_minimal_clues(order: int | Layout) -> int:
    """An upper bound on the clues of a minimal puzzle of ``order``: ``N*N -
    N`` for side ``N``. Why: removing any clue of a minimal puzzle allows a
    second solution; there the clue's cell holds another value, so the
    clue's value sits in another cell of its row, which must be empty. So
    every row (each holds a clue) has an empty cell."""
    side = grid_side(order)
    return side * side - side


def cells_fixed_by(symmetry: str, side: int) -> int:
    """How many cells of a ``side`` x ``side`` grid ``symmetry`` maps to
    themselves (the orbits of one cell): the centre for a 180-degree
    rotation of an odd side, the middle column for a mirror of an odd side,
    the main diagonal for a diagonal reflection."""
    if symmetry == "diagonal":
        return side
    if symmetry == "mirror":
        return side if side % 2 else 0
    return side % 2


def check_request(clues, order, symmetry, time_limit, difficulty, minimal, se=None) -> None:
    """Raise :class:`GenerationError` for a request that is malformed or can
    be proven impossible, so that no search starts for it (the arguments
    of :func:`generator.generate`, ``order`` an order or a layout)."""
    if not _is_order(order):
        from sudoku_models.core.geometry import Layout

        if not isinstance(order, Layout):
            raise GenerationError(f"order must be 2..6, got {order!r}")
        if order.side > MAX_PUZZLE_SIDE:
            raise GenerationError(f"the generator takes grids up to {MAX_PUZZLE_SIDE}x{MAX_PUZZLE_SIDE}, got "
                                  f"{order.name}")
    elif order not in ORDERS:
        raise GenerationError(f"order must be 2..6, got {order!r}")
    side = grid_side(order)
    cells = side * side
    if clues is not None:
        if not _is_order(clues):
            raise GenerationError(f"clues must be a whole number or None, got {clues!r}")
        if not 0 <= clues <= cells:
            raise GenerationError(f"a {side}x{side} grid has {cells} cells: cannot place {clues} "
                                  "clues")
        minimum = fewest_possible_clues(order)
        if clues < minimum:
            if minimum > side - 1:  # a known minimum (4x4, 9x9)
                source = " (McGuire, Tugemann and Civario 2012)" if side == 9 else ""
                why = f"no {side}x{side} puzzle with fewer than {minimum} clues has a unique " \
                      f"solution{source}"
            else:
                why = (f"a {side}x{side} puzzle needs at least {minimum} clues to be unique "
                       "(with two values absent from the clues, swapping them gives a second "
                       "solution)")
            raise GenerationError(f"cannot generate {clues} clues: {why}; ask for at least "
                                  f"{minimum}")
    if symmetry is not None and symmetry not in SYMMETRIES:
        raise GenerationError(f"symmetry must be one of {', '.join(SYMMETRIES)} or None, got "
                              f"{symmetry!r}")
    if symmetry is not None and clues is not None and clues % 2 \
            and cells_fixed_by(symmetry, side) == 0:
        raise GenerationError(
            f"cannot place {clues} clues with {symmetry} symmetry on a {side}x{side} grid: "
            "the symmetry pairs every cell with another, so the clue count must be even")
    try:
        validation.time_limit(time_limit)
    except InvalidValueError as error:  # the one rule for time limits; TypeError passes
        raise GenerationError(str(error)) from None
    if difficulty is not None and difficulty not in LEVELS:
        raise GenerationError(f"difficulty must be one of {', '.join(LEVELS)} or None, got "
                              f"{difficulty!r}")
    if se is not None:
        if difficulty is not None:
            raise GenerationError("give a difficulty level or an SE range, not both")
        ok = (isinstance(se, (tuple, list)) and len(se) == 2
              and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in se))
        if not ok or not 1.0 <= se[0] <= se[1] <= 12.0:
            raise GenerationError(f"se must be a range (low, high) of Sudoku Explainer ratings "
                                  f"with 1.0 <= low <= high <= 12.0, got {se!r}")
    if not isinstance(minimal, bool):
        raise GenerationError(f"minimal must be True or False, got {minimal!r}")
    if clues is not None and minimal and clues > most_minimal_clues(order):
        raise GenerationError(
            f"cannot generate a minimal {side}x{side} puzzle with {clues} clues: a minimal "
            f"puzzle has at most {most_minimal_clues(order)} (removing any clue must allow a "
            "second solution, which moves that clue's value to another cell of its row, so "
            f"every row needs an empty cell); ask for at most {most_minimal_clues(order)}")
    if clues is not None and difficulty not in (None, LEVELS[0]) and clues > cells - 4:
        raise GenerationError(
            f"cannot generate a {difficulty!r} {side}x{side} puzzle with {clues} clues: with at "
            "most 3 empty cells one of them is always alone in its row or column, so singles "
            f"solve it and it rates {LEVELS[0]!r}; ask for at most {cells - 4} clues or "
            f"difficulty {LEVELS[0]!r}")
