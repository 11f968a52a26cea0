"""Unique-solution puzzles with exactly the requested number of clues.

Method: take a random full grid and remove clues (or symmetric groups of
clues, "orbits") in random order while the puzzle keeps exactly one solution,
stopping at the target. Random removal alone ends in a minimal puzzle of
about 22 to 26 clues for 9 x 9 (the Engee/JuMP seed's ``remove_numbers!``
stops there too). To go lower, a local search perturbs the minimal puzzle:
put one or two removed orbits back, then remove again in a new random order;
a result with no more clues replaces the current one. After a run of
perturbations without progress it restarts from a new full grid.
"""

from __future__ import annotations

import threading
import time

import numba
import numpy as np

from sudoku_models import Puzzle

from sudoku_models.counter import tables
from sudoku_models.counter.kernel import count_kernel
from .full_grid import as_generator, random_full_grid
from .symmetry import SYMMETRIES

# Fewest clues of a unique-solution puzzle, where known: 4 for 4 x 4; 17 for
# 9 x 9 (no 16-clue puzzle exists: McGuire, Tugemann and Civario 2012).
MINIMUM_CLUES = {2: 4, 3: 17}
STALL_LIMIT = 200  # perturbations without progress before a restart
# Branch nodes one uniqueness check may use; a check that needs more counts as
# "not proven unique" and the clue stays. Never reached on 9x9 (a hard 9x9
# check needs a few hundred nodes); it keeps 36x36 generation finite.
CHECK_NODES = 20_000


class GenerationError(ValueError):
    """An impossible request (fewer clues than any unique puzzle has, more
    than the cells) or a target not reached within the time limit."""


@numba.njit(cache=True, nogil=True)
def reduce_kernel(solution, clues, orbits, orbit_order, target, max_nodes, peers, houses, full,
                  identity, work_cand, work_grid, work_cell, work_next, scratch, control) -> int:
    """Empty the orbits of ``clues`` (flat ``(N,)`` int32, modified in place)
    in ``orbit_order`` while exactly one solution remains and no fewer than
    ``target`` clues; ``orbits`` is ``(K, m)`` with -1 padding. ``control``
    as for :func:`~sudoku_models.counter.kernel.count_kernel`: a nonzero
    ``control[0]`` stops the pass (checked before every orbit and inside
    every uniqueness check), leaving a puzzle that is still unique. Returns
    the number of clues left."""
    count = 0
    for cell in range(clues.size):
        if clues[cell]:
            count += 1
    for orbit in orbit_order:
        if count == target:
            break
        if control[0] != 0:  # stopped from outside (a deadline)
            control[1] = 1
            break
        size = 0
        for cell in orbits[orbit]:
            if cell >= 0 and clues[cell]:
                size += 1
        if size == 0 or count - size < target:
            continue
        for cell in orbits[orbit]:
            if cell >= 0:
                clues[cell] = 0
        unique = count_kernel(clues, peers, houses, full, 2, max_nodes, identity, work_cand,
                              work_grid, work_cell, work_next, scratch, control) == 1
        if control[1]:  # stopped from outside: this orbit is not proven removable
            for cell in orbits[orbit]:
                if cell >= 0:
                    clues[cell] = solution[cell]
            break
        if unique:
            count -= size
        else:
            for cell in orbits[orbit]:
                if cell >= 0:
                    clues[cell] = solution[cell]
    return count


def orbits(order: int, symmetry: str | None) -> np.ndarray:
    """Groups of cells that are kept or removed together: ``(K, m)`` int
    array of flat indices, -1 padded. ``symmetry``: None (every cell alone),
    ``"rotational"`` (180 degrees), ``"mirror"`` (left-right) or
    ``"diagonal"`` (main diagonal)."""
    side = order * order
    image = {
        None: lambda r, c: (r, c),
        "rotational": lambda r, c: (side - 1 - r, side - 1 - c),
        "mirror": lambda r, c: (r, side - 1 - c),
        "diagonal": lambda r, c: (c, r),
    }[symmetry]
    groups = {}
    for r in range(side):
        for c in range(side):
            pair = sorted({r * side + c, image(r, c)[0] * side + image(r, c)[1]})
            groups[tuple(pair)] = pair
    padded = [g + [-1] * (2 - len(g)) for g in groups.values()]
    return np.array(padded, dtype=np.int64)


def _check_request(clues, order, symmetry, time_limit) -> None:
    if order not in range(2, 7):
        raise GenerationError(f"order must be 2..6, got {order!r}")
    cells = order**4
    if isinstance(clues, bool) or not isinstance(clues, (int, np.integer)):
        raise GenerationError(f"clues must be a whole number, got {clues!r}")
    if not 0 <= clues <= cells:
        raise GenerationError(f"a {order * order}x{order * order} grid has {cells} cells: cannot "
                              f"place {clues} clues")
    minimum = MINIMUM_CLUES.get(order)
    if minimum is not None and clues < minimum:
        side = order * order
        source = " (McGuire, Tugemann and Civario 2012)" if order == 3 else ""
        raise GenerationError(
            f"cannot generate {clues} clues: no {side}x{side} puzzle with fewer than {minimum} "
            f"clues has a unique solution{source}; ask for at least {minimum}"
        )
    if symmetry is not None and symmetry not in SYMMETRIES:
        raise GenerationError(f"symmetry must be one of {', '.join(SYMMETRIES)} or None, got "
                              f"{symmetry!r}")
    if time_limit is not None and not time_limit > 0:
        raise GenerationError(f"time limit must be a positive number of seconds, got {time_limit!r}")


def generate(clues: int, order: int = 3, seed=None, symmetry: str | None = None,
             time_limit: float | None = None) -> Puzzle:
    """A puzzle with exactly ``clues`` clues and exactly one solution.

    ``order``: 2 to 6 (4x4 to 36x36); ``seed``: None, an int (the same seed
    gives the same puzzle) or a ``numpy.random.Generator``; ``symmetry``:
    None, ``"rotational"``, ``"mirror"`` or ``"diagonal"`` (clues placed
    symmetrically); ``time_limit``: seconds, None for no limit (then an
    unreachable target for an order without a known minimum runs forever).
    The limit holds inside removal passes and uniqueness checks too (a timer
    stops the compiled search), so generation ends within a few milliseconds
    of it at every order.

    Raises :class:`GenerationError` at once for an impossible request (fewer
    than 17 clues for 9x9, fewer than 4 for 4x4, more clues than cells, an
    unknown symmetry), and when the time limit ends the search, with the
    fewest clues it reached.
    """
    _check_request(clues, order, symmetry, time_limit)
    rng = as_generator(seed)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    t = tables(order)
    groups = orbits(order, symmetry)
    workspace = t.workspace()
    control = np.zeros(2, dtype=np.int64)  # control[0] = 1: the deadline has passed
    timer = None if time_limit is None else threading.Timer(time_limit, control.fill, (1,))
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        return _generate(clues, order, rng, groups, t, workspace, control, deadline, time_limit)
    finally:
        if timer is not None:
            timer.cancel()


def _generate(clues, order, rng, groups, t, workspace, control, deadline, time_limit) -> Puzzle:
    cells = order**4
    fewest = cells

    def reduce(puzzle: np.ndarray, solution: np.ndarray) -> int:
        return reduce_kernel(solution, puzzle, groups, rng.permutation(len(groups)), clues,
                             CHECK_NODES, t.peers, t.houses, t.full, t.identity, *workspace,
                             control)

    while True:
        solution = random_full_grid(order, rng).ravel().astype(np.int32)  # fast at every order
        puzzle = solution.copy()
        count = reduce(puzzle, solution)
        stall = 0
        while count > clues and stall < STALL_LIMIT:
            fewest = min(fewest, count)
            if deadline is not None and time.perf_counter() > deadline:
                break
            trial = puzzle.copy()
            empty = [k for k, g in enumerate(groups) if not trial[g[0]]]
            for k in rng.choice(empty, size=min(len(empty), rng.integers(1, 3)), replace=False):
                cells_back = groups[k][groups[k] >= 0]
                trial[cells_back] = solution[cells_back]
            trial_count = reduce(trial, solution)
            stall = 0 if trial_count < count else stall + 1
            if trial_count <= count:
                puzzle, count = trial, trial_count
        if count == clues:
            side = order * order
            return Puzzle(puzzle.reshape(side, side).astype(np.int64), order)
        fewest = min(fewest, count)
        if deadline is not None and time.perf_counter() > deadline:
            raise GenerationError(
                f"no {order * order}x{order * order} puzzle with {clues} clues found within "
                f"{time_limit:g} s; the fewest clues reached was {fewest}"
            )
