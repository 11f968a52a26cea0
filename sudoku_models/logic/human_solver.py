"""Solve a puzzle the way a person does and say how: ``explain(puzzle)``
lists the steps, ``hint(puzzle)`` gives the next one."""

from __future__ import annotations

from dataclasses import replace

from ..formats.puzzle_text import as_puzzle
from .candidates import CandidateGrid, UnsolvablePuzzle, UnsupportedRules, bits, cell_name
from .ladder import TECHNIQUES
from .step import NEEDS_SEARCH, Step


def apply(grid: CandidateGrid, step: Step) -> None:
    """Carry out ``step`` on ``grid`` (placements, then eliminations)."""
    for cell, value in step.placements:
        grid.place(cell, value)
    for cell, value in step.eliminations:
        grid.eliminate(cell, value)


def touched(grid: CandidateGrid, step: Step) -> list[int]:
    """The cells whose value or candidates ``step`` will change (its
    placements, their peers holding the value placed, its eliminations),
    ascending; asked before the step is carried out."""
    peers, cand = grid.tables.peers, grid.cand
    cells = {c for c, _ in step.eliminations}
    for cell, value in step.placements:
        cells.add(cell)
        bit = 1 << (value - 1)
        cells.update(p for p in peers[cell] if cand[p] & bit)
    return sorted(cells)


def next_step(grid: CandidateGrid) -> Step | None:
    """The first deduction of the first technique of the ladder that
    applies, with its SE rating, or None."""
    for _, find, rating in TECHNIQUES:
        step = find(grid)
        if step is not None:
            return step if step.rating is not None else replace(step, rating=rating)
    return None


def _needs_search(grid: CandidateGrid) -> Step:
    side = grid.side
    empty = [c for c in range(side * side) if not grid.values[c]]
    sample = ", ".join(f"{cell_name(c, side)} {{{','.join(map(str, bits(grid.cand[c])))}}}"
                       for c in empty[:4])
    more = ", ..." if len(empty) > 4 else ""
    return Step(NEEDS_SEARCH, tuple(empty), (), (), (),
                f"Needs search: no technique applies; {len(empty)} cells remain "
                f"({sample}{more}), the rest needs trial and error (search)", side)


def solve_steps(puzzle) -> tuple[list[Step], CandidateGrid]:
    """The logical steps and the grid they leave (see :func:`explain`)."""
    grid = CandidateGrid.from_puzzle(as_puzzle(puzzle))
    grid.check()
    steps = []
    while not grid.solved():
        step = next_step(grid)
        if step is None:
            steps.append(_needs_search(grid))
            break
        changed = touched(grid, step)
        apply(grid, step)
        grid.check(changed)  # the grid passed before the step
        steps.append(step)
    return steps, grid


def explain(puzzle) -> list[Step]:
    """Solve ``puzzle`` with human techniques, in the order of Sudoku Explainer's ladder, and return the
    steps.

    ``puzzle``: a :class:`~sudoku_models.Puzzle`, a puzzle string or an
    ``(N, N)`` int grid (0 = empty), any layout (square or rectangular
    boxes, jigsaw, Latin square) and side 4 to 36, with extra all-different
    regions, killer cages, anti-knight, anti-king, parity and candidate
    givens, and the relations between two cells (Kropki, XV,
    non-consecutive, the negative constraints, greater-than, thermometers,
    whispers, renban, palindromes, fortress cells, clones)
    (see :mod:`~sudoku_models.logic.techniques`,
    :mod:`~sudoku_models.logic.cage_sums` and
    :mod:`~sudoku_models.logic.relations`; houses are named ``r3``, ``c1``,
    ``b9`` and extra regions by their names). At every step the
    first technique of the ladder that applies is used (Full House, Naked Single, Hidden
    Single, SE's direct techniques (Direct Pointing, Direct Claiming, Direct
    Hidden Pair, Direct Hidden Triplet), Locked Candidates, Naked/Hidden Pair,
    Triple, Quadruple, X-Wing,
    Swordfish, Jellyfish, strong links, XY-, XYZ-, WXYZ- and VWXYZ-Wings,
    Unique Rectangles, Bivalue Universal Grave,
    Aligned Pair Exclusion, cycles and forcing chains, Nishio, cell, region
    and dynamic forcing chains, for killer cages Cage Combinations and
    Innies and Outies, and for the relations one technique per kind
    (Kropki Dot, XV, Thermometer, ...), in Sudoku Explainer's order; see
    :data:`~sudoku_models.logic.ladder.TECHNIQUES`). Each step carries its
    SE rating; chains are written in Eureka notation. When none applies
    before the grid is full, the last step is a ``"Needs search"`` step (no
    placements or eliminations) naming the cells left: the rest needs trial
    and error. A puzzle with several solutions also ends there.

    Raises :class:`UnsolvablePuzzle` (a ``ValueError``) when the clues break
    a rule, or when the deductions reach a cell without candidates or a
    value without a place (the puzzle has no solution),
    :class:`UnsupportedRules` (a ``ValueError``) naming the constraint kinds
    the techniques cannot reason about (arrows: a sum, not a rule between
    two cells),
    :class:`~sudoku_models.PuzzleFormatError` for a malformed puzzle and
    ``TypeError`` for something that is not a puzzle.
    """
    return solve_steps(puzzle)[0]


def hint(puzzle) -> Step | None:
    """The next step for ``puzzle`` (the first step :func:`explain` would
    give): a Step, a ``"Needs search"`` Step when no technique applies, or
    None when the grid is already full. Errors as :func:`explain`."""
    grid = CandidateGrid.from_puzzle(as_puzzle(puzzle))
    grid.check()
    if grid.solved():
        return None
    return next_step(grid) or _needs_search(grid)


__all__ = ["Step", "UnsolvablePuzzle", "UnsupportedRules", "explain", "hint"]
