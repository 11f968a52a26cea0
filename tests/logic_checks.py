"""Checks of the explaining solver shared by its tests: :func:`replay`
carries out every step against a puzzle's unique solution, and
:func:`solutions` finds the solutions of the variants independently (a
CP-SAT model written here from the rules' definitions, the layout's houses
and each constraint's fields, not from the toolkit's formulations or
lowering, so that it shares no code with the rater)."""

import numpy as np
from ortools.sat.python import cp_model

from sudoku_models.logic import explain
from sudoku_models.logic.step import NEEDS_SEARCH
from sudoku_models.core.cell_kinds import AntiKing, AntiKnight, Cage, Parity, Region

_MOVES = {AntiKnight: [(1, 2), (2, 1), (1, -2), (2, -1)], AntiKing: [(1, 1), (1, -1)]}


def _model(puzzle, cand=None):
    """The CP-SAT model of ``puzzle`` (its clues, houses and the constraint
    kinds :func:`solutions` names) and its cell variables; with ``cand``
    (a bitmask per cell, bit ``v - 1`` for ``v``) each empty cell keeps only
    those values."""
    layout, side = puzzle.layout, puzzle.side
    model = cp_model.CpModel()
    x = [model.NewIntVar(1, side, f"x{c}") for c in range(side * side)]
    for cell, value in enumerate(puzzle.grid.ravel().tolist()):
        if value:
            model.Add(x[cell] == value)
        elif cand is not None:
            allowed = [w for w in range(1, side + 1) if cand[cell] >> (w - 1) & 1]
            model.AddAllowedAssignments([x[cell]], [(w,) for w in allowed])
    for house in layout.houses.tolist():
        model.AddAllDifferent([x[c] for c in house])
    for constraint in puzzle.constraints:
        if isinstance(constraint, (Region, Cage)):
            model.AddAllDifferent([x[c] for c in constraint.cells])
            if isinstance(constraint, Cage) and constraint.total is not None:
                model.Add(sum(x[c] for c in constraint.cells) == constraint.total)
        elif type(constraint) in _MOVES:
            for cell in range(side * side):
                r, c = divmod(cell, side)
                for dr, dc in _MOVES[type(constraint)]:
                    if 0 <= r + dr < side and 0 <= c + dc < side:
                        model.Add(x[cell] != x[(r + dr) * side + c + dc])
        elif isinstance(constraint, Parity):
            for cell in constraint.cells:
                half = model.NewIntVar(0, side, f"h{cell}")
                model.Add(x[cell] == 2 * half + (1 if constraint.parity == "odd" else 0))
        else:
            raise NotImplementedError(constraint.kind)
    return model, x


def solutions(puzzle, limit: int = 2) -> list[np.ndarray]:
    """Up to ``limit`` solutions of ``puzzle`` as ``(N, N)`` arrays, found by
    CP-SAT (one worker) with a no-good after each. Supports the layout's
    houses, regions, cages (with or without totals), anti-knight, anti-king
    and parity; raises ``NotImplementedError`` for other kinds."""
    side = puzzle.side
    model, x = _model(puzzle)
    found = []
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    while len(found) < limit and solver.Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        values = [solver.Value(v) for v in x]
        found.append(np.array(values).reshape(side, side))
        differs = []
        for var, value in zip(x, values):
            b = model.NewBoolVar("")
            model.Add(var != value).OnlyEnforceIf(b)
            differs.append(b)
        model.AddBoolOr(differs)
    return found


def replay(puzzle, solution) -> list:
    """Explain ``puzzle`` and check every step against ``solution`` (its
    unique solution, ``(N, N)``, found by an independent method):
    placements agree with it, eliminations never remove its value, nothing
    is placed or removed twice, and the steps end in a full grid or in one
    "Needs search" step naming exactly the cells left empty. Returns the
    steps."""
    solution = np.asarray(solution).ravel()
    steps = explain(puzzle)
    side = puzzle.side
    grid = puzzle.grid.ravel().copy()
    removed = set()
    for number, step in enumerate(steps):
        assert step.side == side
        for cell, value in step.placements:
            assert grid[cell] == 0, step.text
            assert solution[cell] == value, f"{puzzle.name} step {number}: {step.text}"
            grid[cell] = value
        for cell, value in step.eliminations:
            assert grid[cell] == 0, step.text
            assert solution[cell] != value, f"{puzzle.name} step {number}: {step.text}"
            assert (cell, value) not in removed, step.text
            removed.add((cell, value))
        if step.technique == NEEDS_SEARCH:
            assert number == len(steps) - 1
            assert not step.placements and not step.eliminations
            assert set(step.cells) == set(np.flatnonzero(grid == 0))
        else:
            assert step.placements or step.eliminations, step.text
    if not steps or steps[-1].technique != NEEDS_SEARCH:
        assert np.array_equal(grid, solution)
    return steps


def impossible(puzzle, cand, cell: int, value: int, present: bool = True) -> bool:
    """Whether no completion of a position has ``value`` in ``cell`` (with
    ``present=False``: has anything else there). The position is
    ``puzzle``'s clues and rules with each empty cell restricted to the
    candidates in its bitmask ``cand[cell]`` (bit ``v - 1`` for ``v``); decided
    by CP-SAT on the rules' own definitions (:func:`_model`), independently
    of the rater. An elimination is valid when this holds; a placement when
    it holds with ``present=False``."""
    model, x = _model(puzzle, cand)
    model.Add(x[cell] == value) if present else model.Add(x[cell] != value)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.Solve(model) == cp_model.INFEASIBLE


def check_sound(puzzle, cand, step) -> None:
    """Every elimination and placement of ``step``, found on the position
    ``cand`` of ``puzzle``, holds in every completion of the position
    (:func:`impossible`)."""
    assert step.eliminations or step.placements, step.text
    for cell, value in step.eliminations:
        assert cand[cell] >> (value - 1) & 1, step.text
        assert impossible(puzzle, cand, cell, value), f"{step.text}: {cell}<>{value} is wrong"
    for cell, value in step.placements:
        assert impossible(puzzle, cand, cell, value, present=False), step.text
