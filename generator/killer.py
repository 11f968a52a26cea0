"""Killer puzzles with exactly one solution: cages drawn from a random full
grid, merged until the requested cage count, each merge kept only while the
solution stays unique.

Method: fill a random full grid (:func:`generator.full_grid.fill`); give
``givens`` random cells as clues; start with every cell its own cage (its
total is its value: the solution is forced). Then merge two orthogonally
adjacent cages whose values differ (a cage's values must all differ) and
whose union has at most ``max_cage`` cells, smallest unions first (ties in
random order), and keep the merge when the compiled counter still finds
exactly one solution (:func:`sudoku_models.counter.run_search` on the
puzzle's :class:`~sudoku_models.core.rules.Rules`, within
:data:`MERGE_CHECK_NODES` branch nodes, or within a number of seconds with
``check_nodes=None``; a check that needs more counts as "not unique" and the
merge is dropped). A merge that fails stays failed while
no other merge touches its two cages (merging elsewhere only removes
information), so each pair is tried once. Merging stops at a cage count
drawn in the requested range; when every merge left fails above the range,
it starts again from a new grid. This is the "merge until unique" scheme of
killer generators run backwards: start from a puzzle that is unique and
coarsen it while it stays unique, as clue removal does for classic
puzzles (:mod:`generator.puzzles`).

Every puzzle is checked again before it is returned: counted to two by the
counter without a node budget (within what is left of the time limit), its
one solution equal to the grid it was drawn from, every cage's values
different and summing to its total, the cage count in the range. A limit
reached is a :class:`~generator.generation_errors.GenerationError`, never a puzzle that
fails a check. The compiled searches (the fills of full grids, the merges'
checks) are stopped at the time limit and by Ctrl-C from inside
(:func:`sudoku_models.stoppable.call_stoppable`): a layout that rarely
fills, or never (some jigsaws), ends at the limit. With ``confirm`` one
or more independent counting methods (``sat-extended``: CaDiCaL on the
CNF; ``cp``: CP-SAT) must count one solution too, with only a time cap.

At 16x16 the cages of 9x9 killers (about 4 cells on average, some 60-70
cages) are out of reach without givens: on a random partition of that
kind with no given digit, neither the counter nor CP-SAT nor CaDiCaL found
even one solution within 60 s (13-15 CPU s on the loaded machine), so the
merge loop's checks near the target all reach their cap and the merges
stall. 24 givens (1-2 per row) bring each check down to about a CPU second
(``sudoku_models/collections/SOURCES.md``).
"""

from __future__ import annotations

import time

import numpy as np

from sudoku_models import METHODS, Puzzle, count_solutions, validation
from sudoku_models.counter import backtrack_count, load_kernels, run_search, backtrack_solve
from sudoku_models.counter.core import STOP, STOPPED, new_control
from sudoku_models.errors import CountIncomplete
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import Cage
from sudoku_models.core.rules import Rules

from .generation_errors import GenerationError, SeedError
from .full_grid import as_generator, fill
from .options import DEFAULT_TIME_LIMIT

# Branch nodes a merge's uniqueness check may use; a check that needs more
# drops the merge (it keeps the cages the counter proves unique quickly,
# which also keeps the generator's time per puzzle bounded).
MERGE_CHECK_NODES = 20_000


def _cage_range(cages, cells: int) -> tuple[int, int]:
    """``cages`` (a whole number or a ``(low, high)`` pair) as ``(low, high)``."""
    pair = (cages, cages) if isinstance(cages, (int, np.integer)) and not isinstance(
        cages, bool) else cages
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise GenerationError(f"cages must be a whole number or a (low, high) pair, "
                              f"got {cages!r}")
    low, high = pair
    for value in (low, high):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise GenerationError(f"cages must be whole numbers, got {cages!r}")
    if not 1 <= low <= high <= cells:
        raise GenerationError(f"cages: need 1 <= low <= high <= {cells} (the cells), "
                              f"got {low}..{high}")
    return int(low), int(high)


def _whole(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or \
            not low <= value <= high:
        raise GenerationError(f"{name} must be a whole number in {low}..{high}, got {value!r}")
    return int(value)


def _neighbours(layout: Layout) -> list[list[int]]:
    """Each cell's orthogonal neighbours (flat indices)."""
    side = layout.side
    out = []
    for cell in range(layout.cells):
        r, c = divmod(cell, side)
        out.append([rr * side + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= rr < side and 0 <= cc < side])
    return out


class _Cages:
    """A partition of the grid into cages over a known solution: ``of[cell]``
    the cage id of each cell, ``cells[id]`` its cells, ``values[id]`` the
    bitmask of its values."""

    def __init__(self, solution: np.ndarray):
        self.solution = solution
        self.of = list(range(solution.size))
        self.cells = {i: [i] for i in range(solution.size)}
        self.values = {i: 1 << (int(v) - 1) for i, v in enumerate(solution)}

    def rules(self, layout: Layout, merged: tuple[int, int] | None = None) -> Rules:
        """The puzzle's rules, with cages ``merged`` as one when given."""
        groups = dict(self.cells)
        if merged is not None:
            a, b = merged
            groups[a] = groups[a] + groups.pop(b)
        return Rules(layout, tuple(
            Cage(tuple(sorted(cells)), int(self.solution[cells].sum()))
            for cells in sorted(groups.values())))

    def merge(self, a: int, b: int) -> None:
        for cell in self.cells[b]:
            self.of[cell] = a
        self.cells[a] = self.cells[a] + self.cells.pop(b)
        self.values[a] |= self.values.pop(b)

    def pairs(self, neighbours, max_cage: int) -> set[tuple[int, int]]:
        """Adjacent cage pairs ``(a, b)``, ``a < b``, that may merge."""
        found = set()
        for cell, near in enumerate(neighbours):
            a = self.of[cell]
            for other in near:
                b = self.of[other]
                if a < b and not self.values[a] & self.values[b] and \
                        len(self.cells[a]) + len(self.cells[b]) <= max_cage:
                    found.add((a, b))
        return found


def _stoppable(search, deadline: float | None):
    """``search(control)``, a compiled search polling ``control``'s stop,
    stopped at ``deadline`` (:func:`time.perf_counter`) or by Ctrl-C
    (:func:`~sudoku_models.stoppable.call_stoppable`): what it returned
    (a stopped fill returns None), ``KeyboardInterrupt`` on Ctrl-C. A fill
    had no stop: on a layout it rarely fills it ran past any limit, and a
    compiled search holds Ctrl-C back until it returns."""
    from sudoku_models.stoppable import call_stoppable

    control = new_control()
    result, reason = call_stoppable(lambda: search(control), lambda: control.__setitem__(STOP, 1),
                                    deadline)
    if reason == "interrupted":
        raise KeyboardInterrupt
    return result


def _unique(grid: np.ndarray, rules: Rules, max_nodes: int | None, seconds: float,
            deadline: float | None = None) -> bool:
    """Whether the counter proves one solution within ``max_nodes`` branch
    nodes (stopped at ``deadline``: not proved) or, when ``max_nodes`` is
    None, within ``seconds``."""
    if max_nodes is not None:
        def count(control):  # a stopped count is a lower bound: not a proof
            found, _ = run_search(grid, rules, 2, max_nodes=max_nodes, control=control)
            return -1 if control[STOPPED] else found

        return _stoppable(count, deadline) == 1
    side = rules.layout.side
    try:
        return backtrack_count(Puzzle(grid.reshape(side, side).astype(np.int64), rules),
                               limit=2, time_limit=seconds) == 1
    except CountIncomplete:
        return False


def _attempt(layout: Layout, rng: np.random.Generator, solution: np.ndarray, low: int,
             high: int, givens: int, max_cage: int, deadline: float | None, neighbours,
             check_nodes: int | None, check_seconds: float) -> tuple | None:
    """One full grid's try: ``(clues, rules, solution)`` with a cage count in
    ``low..high``, or None when the merges stall above it or time is up."""
    solution = solution.astype(np.int64)
    clues = np.zeros(layout.cells, np.int32)
    given = rng.choice(layout.cells, size=givens, replace=False)
    clues[given] = solution[given]
    cages = _Cages(solution)
    target = int(rng.integers(low, high + 1))
    failed: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    while len(cages.cells) > target:
        if deadline is not None and time.perf_counter() > deadline:
            return None
        pairs = [p for p in cages.pairs(neighbours, max_cage)
                 if (tuple(cages.cells[p[0]]), tuple(cages.cells[p[1]])) not in failed]
        if not pairs:
            break
        ties = rng.random(len(pairs))
        order = sorted(range(len(pairs)), key=lambda k: (
            len(cages.cells[pairs[k][0]]) + len(cages.cells[pairs[k][1]]), ties[k]))
        for k in order:
            a, b = pairs[k]
            seconds = check_seconds if deadline is None else \
                max(min(check_seconds, deadline - time.perf_counter()), 0.01)
            if _unique(clues, cages.rules(layout, (a, b)), check_nodes, seconds, deadline):
                cages.merge(a, b)
                break
            failed.add((tuple(cages.cells[a]), tuple(cages.cells[b])))
            if deadline is not None and time.perf_counter() > deadline:
                return None
        else:
            break
    if len(cages.cells) > high:
        return None
    return clues, cages.rules(layout), solution


def _check(puzzle: Puzzle, solution: np.ndarray, low: int, high: int,
           deadline: float | None, confirm: tuple[str, ...]) -> str | None:
    """Why ``puzzle`` fails the final checks (module docstring), or None."""
    cages = [c for c in puzzle.constraints if isinstance(c, Cage)]
    if not low <= len(cages) <= high:
        return f"{len(cages)} cages, not {low}..{high}"
    if puzzle.rules.violations(solution):
        return "; ".join(puzzle.rules.violations(solution))
    left = None if deadline is None else max(deadline - time.perf_counter(), 0.1)
    count = backtrack_count(puzzle, limit=2, time_limit=left)
    if count != 1:
        return f"{count} solutions"
    if not np.array_equal(backtrack_solve(puzzle).ravel(), solution):
        return "its solution is not the grid it was drawn from"
    for method in confirm:
        left = None if deadline is None else max(deadline - time.perf_counter(), 0.1)
        try:
            count = count_solutions(puzzle, method, limit=2, time_limit=left)
        except CountIncomplete:
            return f"{method} did not finish its count"
        if count != 1:
            return f"{method} counts {count} solutions"
    return None


def generate_killer(cages, layout: Layout | None = None, givens: int = 0, seed=None,
                    max_cage: int | None = None,
                    time_limit: float | None = DEFAULT_TIME_LIMIT,
                    check_nodes: int | None = MERGE_CHECK_NODES, check_seconds: float = 10.0,
                    confirm: str | tuple[str, ...] | None = None) -> Puzzle:
    """A killer puzzle with exactly one solution (method: module docstring).

    ``cages``: the number of cages, or a ``(low, high)`` range (each
    attempt draws its target in it); ``layout``: a
    :class:`~sudoku_models.core.geometry.Layout` (default the 9x9 grid; any
    layout up to side 36 the counter fills); ``givens``: digits given as
    clues beside the cages (default 0); ``seed``: None, a whole number >= 0
    or a ``numpy.random.Generator`` (the same seed gives the same puzzle);
    ``max_cage``: the most cells a cage may have (default the side);
    ``time_limit``: seconds (default :data:`DEFAULT_TIME_LIMIT`), None for
    none. ``check_nodes``: the branch nodes a merge's uniqueness check may
    use (default :data:`MERGE_CHECK_NODES`); None checks each merge within
    ``check_seconds`` seconds instead (default 10), so that no node budget
    of the counter selects the puzzles. ``confirm``: a counting method
    (``"sat-extended"``, ``"cp"``, ...) or a tuple of them, each of which
    must also count exactly one solution, within what is left of the time
    limit, before a puzzle is returned (default None: the counter alone): a
    collection that no one method selected.

    Returns a :class:`~sudoku_models.Puzzle` whose rules are the layout and
    the cages (:class:`~sudoku_models.core.rules.Cage` with totals), its clues the
    givens. Raises :class:`GenerationError` for a bad argument (the message
    names it) and when no puzzle passing every check was found within the
    time limit. Fewer cages make harder puzzles: on 9x9 without givens, 26
    or more cages are mostly decided by the counter's propagation alone (0
    branch nodes), 18 to 21 take hundreds to thousands of branch nodes
    (``sudoku_models/collections/SOURCES.md``); below about 17 cages the merges
    stall and the time limit is reached."""
    if layout is None:
        layout = Layout.square(3)
    if not isinstance(layout, Layout):
        raise GenerationError(f"layout must be a Layout, got {type(layout).__name__}")
    if layout.more_values:
        raise GenerationError(f"the generator fills grids whose houses hold every value once; "
                              f"{layout.name} has more values than cells per house")
    if layout.side > 36:
        raise GenerationError(f"killer puzzles go up to side 36, got {layout.name}")
    low, high = _cage_range(cages, layout.cells)
    givens = _whole(givens, "givens", 0, layout.cells)
    max_cage = _whole(layout.side if max_cage is None else max_cage, "max_cage", 1, layout.side)
    if -(-layout.cells // max_cage) > high:
        raise GenerationError(f"{high} cages of at most {max_cage} cells cannot cover "
                              f"{layout.cells} cells")
    if check_nodes is not None:
        check_nodes = _whole(check_nodes, "check_nodes", 1, 2**62)
    for value in (time_limit, check_seconds):
        if value is not None:
            try:
                validation.time_limit(value)
            except ValueError as error:
                raise GenerationError(str(error)) from None
    confirm = () if confirm is None else (confirm,) if isinstance(confirm, str) else confirm
    if not isinstance(confirm, tuple) or not all(
            isinstance(m, str) and m in METHODS and METHODS[m].can_count for m in confirm):
        raise GenerationError(f"confirm must name a method that counts solutions, or a tuple "
                              f"of them ({', '.join(m for m, i in METHODS.items() if i.can_count)}"
                              f"), got {confirm!r}")
    try:
        rng = as_generator(seed)
    except SeedError as error:
        raise GenerationError(str(error)) from None
    load_kernels("variants", "count")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    neighbours = _neighbours(layout)
    attempts, rejected = 0, []
    while deadline is None or time.perf_counter() < deadline:
        solution = _stoppable(lambda control: fill(layout, rng, control=control), deadline)
        if solution is None:  # the fill was stopped at the deadline
            break
        attempts += 1
        found = _attempt(layout, rng, solution, low, high, givens, max_cage, deadline,
                         neighbours, check_nodes, check_seconds)
        if found is None:
            continue
        clues, rules, solution = found
        puzzle = Puzzle(clues.reshape(layout.side, layout.side).astype(np.int64), rules)
        try:
            why = _check(puzzle, solution, low, high, deadline, confirm)
        except CountIncomplete:
            break
        if why is None:
            return puzzle
        rejected.append(why)
    wanted = f"{low}" if low == high else f"{low}..{high}"
    within = f" within {time_limit:g} s" if time_limit is not None else ""
    message = (f"no {layout.side}x{layout.side} killer with {wanted} cages and {givens} givens "
               f"found{within} ({attempts} grids tried" if attempts else
               f"no full grid of the {layout.name} filled{within}, so no killer on it (some "
               f"jigsaws have no full grid, others rarely fill")
    if rejected:
        message += f"; failed the final check: {rejected[0]}"
    raise GenerationError(message + ")")


def killer_nodes(puzzle: Puzzle) -> int:
    """The counter's branch nodes to prove ``puzzle`` unique (count to 2):
    the generator's measure of difficulty."""
    control = new_control()
    run_search(puzzle.grid.ravel(), puzzle.rules, 2, control=control)
    return int(control[2])
