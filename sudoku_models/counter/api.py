"""The counter's Python interface: count and backtrack_solve one puzzle or a batch
(on every core), with time limits and Ctrl-C, over the compiled search core
(:mod:`.core`). Imported by :mod:`sudoku_models.counter` on first use of
one of its names.
"""

from __future__ import annotations

import math
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor, wait
from functools import cache, lru_cache, partial

import numpy as np

from .. import cores, validation
from ..deadline import Deadline
from ..errors import CountIncomplete
from ..limits import check_limit
from ..errors import PuzzleFormatError
from ..core.automata import forget_automata
from ..core.geometry import Layout
from ..puzzle import Puzzle
from ..formats.puzzle_text import as_puzzle
from ..core.rules import Rules
from ..stoppable import call_stoppable, ctrl_c_deferred
from . import _CACHE_DIR
from . import compile_cache as _cache
from . import kernel9 as _k9
from . import kernel as _kernel
from . import kernel_tables
from .core import BAD_VALUE, NO_LIMIT, STOP, STOPPED, new_control
from .kernel_tables import Tables

_cache.watch(_CACHE_DIR)  # a compile's notice and seconds (compile_seconds), wherever it happens

ALL = NO_LIMIT  # "no limit" for the counter
# A search of a grid without variant constraints within this many branch
# nodes (milliseconds) runs in the calling thread as it is; a longer one starts
# again, watched so that it can be stopped. A variant's node has no such bound
# (an Or of 200 cages: 6 ms a node), so its search is always watched.
QUICK_NODES = 2000


def tables(layout: Layout | Rules | int) -> Tables:
    """The :class:`~.kernel_tables.Tables` of a
    :class:`~sudoku_models.core.geometry.Layout`, of a variant's
    :class:`~sudoku_models.core.rules.Rules` (:func:`.kernel_tables.build_rules`;
    the 64 latest kept) or of the standard grid of an order (2 to 7), built
    once per layout."""
    if isinstance(layout, Rules):
        return _tables(layout.layout) if layout.classic else _rules_tables(layout)
    return _tables(layout if isinstance(layout, Layout) else Layout.square(layout))


@cache
def _tables(layout: Layout) -> Tables:
    return kernel_tables.build(layout)


@lru_cache(maxsize=64)
def _rules_tables(rules: Rules) -> Tables:
    return kernel_tables.build_rules(rules)


def forget_tables() -> None:
    """Drop the variants' tables :func:`tables` keeps, the sets of values
    by size and sum (:func:`.kernel_tables.combination_table`) and the line
    automata they were made from (:func:`~sudoku_models.core.automata.forget_automata`),
    so that the next call on a puzzle new to its :class:`Rules` object
    builds them as its first call did (a benchmark that times what a user
    pays for a puzzle new to the process)."""
    _rules_tables.cache_clear()
    kernel_tables.combination_table.cache_clear()
    forget_automata()


def run_search(grid: np.ndarray, order: int | Layout | Rules, limit: int,
               value_order: np.ndarray | None = None, max_nodes: int = ALL,
               control: np.ndarray | None = None):
    """Count solutions of a flat ``(N,)`` grid of ``order`` (or of any
    :class:`~sudoku_models.core.geometry.Layout`, or a variant's
    :class:`~sudoku_models.core.rules.Rules`) on the general kernel
    (:func:`.kernel.count`: naked and hidden singles; a variant's rules and
    locked candidates too) up to ``limit``;
    returns the count (-1 when more than ``max_nodes`` branch nodes were
    needed) and the first solution found as a flat ``(N,)`` int32 array
    (only meaningful when the count is positive). ``value_order``: ``(N,
    s)`` values to try per cell (default increasing). ``control``: the
    core's control array (:func:`.core.new_control`; its ``NODES`` slot
    gets the branch nodes); after a stop, ``control[STOPPED]`` is 1 and the
    count is a lower bound."""
    t = tables(order)
    solution = np.zeros(t.cells, dtype=np.int32)
    count = _kernel.count(np.ascontiguousarray(grid, dtype=np.int32), limit, max_nodes,
                          t.identity if value_order is None else value_order,
                          new_control() if control is None else control, solution,
                          t.singles if t.rules is None else t.locked, _workspace(t))
    return int(count), solution


def run_search9(grid: np.ndarray, limit: int, max_nodes: int = ALL,
                control: np.ndarray | None = None):
    """:func:`run_search` for a 9x9 grid on the bitboard kernel
    (:func:`~sudoku_models.counter.kernel9.count9`): the count (-1 when more
    than ``max_nodes`` branch nodes were needed) and the first solution, a
    flat ``(81,)`` int32 array."""
    solution = np.zeros(81, dtype=np.int32)
    count = _k9.count9(np.ascontiguousarray(grid, dtype=np.int32), limit, max_nodes, solution,
                       new_control() if control is None else control, _workspace(None))
    return int(count), solution


_NINE = Layout.square(3)
_local = threading.local()


def _nine() -> tuple:
    """This thread's ``(workspace, control, solution)`` for quick 9x9 counts:
    the bitboard kernel's workspace, a control array that no one asks to
    stop (so it needs no reset) and a scratch ``(81,)`` solution."""
    try:
        return _local.nine
    except AttributeError:
        _local.nine = (_workspace(None), new_control(), np.zeros(81, np.int32))
        return _local.nine


def _quick9(clues: np.ndarray, limit: int) -> tuple[int, np.ndarray]:
    """:func:`.kernel9.count9_checked` of the flat ``(81,)`` ``clues`` (any
    integer type, unchecked) within ``QUICK_NODES`` branch nodes, unwatched:
    ``(count, this thread's scratch solution)``, the count ``BUDGET`` when
    it needs more nodes, ``BAD_VALUE`` for a value outside 0..9."""
    work, control, solution = _nine()
    return _k9.count9_checked(clues, limit, QUICK_NODES, solution, control, work), solution


def _workspace(t: Tables | None) -> tuple:
    """This thread's workspace for the tables ``t`` (None: the 9x9 bitboard
    kernel's), kept between calls: a single-puzzle call allocates none (a
    variant's is fresh: its size depends on the rules)."""
    kept = getattr(_local, "work", None)
    if kept is None:
        kept = _local.work = {}
    if t is not None and t.rules is not None:
        return t.workspace()  # a variant's sums size it: no sharing
    key = None if t is None else t.layout
    if key not in kept:
        kept[key] = _k9.workspace() if t is None else t.workspace()
    return kept[key]


def _stop(control: np.ndarray):
    """The stop for :mod:`sudoku_models.stoppable`: sets the kernels' stop flag."""
    return lambda: control.__setitem__(STOP, 1)


def _deadline(time_limit: float | None) -> float | None:
    """``time_limit`` seconds from now as a :func:`time.perf_counter` value."""
    return None if time_limit is None else time.perf_counter() + time_limit


def run_stoppable(grid: np.ndarray, order: int | Layout | Rules, limit: int,
                  deadline: Deadline = Deadline(), control: np.ndarray | None = None):
    """:func:`run_search` (:func:`run_search9` for the 9x9 grid) watched by
    :func:`sudoku_models.stoppable.call_stoppable` (the kernels release the
    GIL, so the watcher thread can set their stop flag), so that Ctrl-C and
    ``deadline`` (wall or CPU clock) stop it. ``order``: an order, a
    :class:`~sudoku_models.core.geometry.Layout` or a variant's
    :class:`~sudoku_models.core.rules.Rules`. A search that needs at most
    ``QUICK_NODES`` branch nodes (milliseconds) on a grid without variant
    constraints is done first unwatched, without the watch's cost of about
    0.02 ms (unless the deadline's wall clock has under 0.1 s left). ``control``: a
    control array (:func:`.core.new_control`) to read the branch nodes of
    both searches from afterwards. Returns ``(count, solution)``; raises
    :class:`~sudoku_models.errors.CountIncomplete` with the solutions
    found so far when stopped."""
    layout = order if isinstance(order, (Layout, Rules)) else Layout.square(order)
    nine = layout is _NINE or layout == _NINE
    load_kernels_for(layout)
    if control is None:
        control = new_control()
    left = deadline.wall_left()
    plain = not (isinstance(layout, Rules) and layout.constraints)
    if plain and (left is None or left >= 0.1):  # short searches skip the thread
        if nine:
            count, solution = run_search9(grid, limit, max_nodes=QUICK_NODES, control=control)
        else:
            count, solution = run_search(grid, layout, limit, max_nodes=QUICK_NODES,
                                         control=control)
        if count >= 0:
            return count, solution
    work = (partial(run_search9, grid, limit, control=control) if nine
            else partial(run_search, grid, layout, limit, control=control))
    (count, solution), reason = call_stoppable(work, _stop(control), deadline.wall, deadline.cpu)
    if control[STOPPED]:
        raise CountIncomplete(count, reason)
    return count, solution


_warm = threading.Lock()
_loaded: set[str] = set()


def _load_count9_many() -> None:
    _k9.count9_many(np.zeros((1, 81), dtype=np.int32), 1, np.zeros(1, np.int64),
                    np.zeros((1, 81), np.int32), new_control())


def _load_variants() -> None:
    from ..core.cell_kinds import Cage
    from ..core.line_kinds import Regular

    run_search(np.zeros(16, dtype=np.int32), Rules(Layout.square(2), (
        Cage((0, 1), 3), Regular((4, 5, 6), pattern="1.*"))), 1)  # a line: its diagram compiles


def _read_only(array: np.ndarray) -> np.ndarray:
    """``array``, not writable: a :class:`~sudoku_models.Puzzle`'s grid is
    read-only, and numba compiles a kernel apart for read-only arrays."""
    array.setflags(write=False)
    return array


# kernel name -> a call that compiles or loads it
_KERNELS = {
    "count9_many": _load_count9_many,
    "count9": lambda: (run_search9(np.zeros(81, dtype=np.int32), 1),
                       *(_quick9(clues, 1) for t in _COMPILED_TYPES
                         for clues in (np.zeros(81, t), _read_only(np.zeros(81, t))))),
    "count": lambda: run_search(np.zeros(16, dtype=np.int32), 2, 1),
    "variants": _load_variants,
}


def load_kernels(*names: str) -> None:
    """Compile (first time for this user, with a one-line notice on stderr)
    or load from the cache the named kernels: ``"count9_many"`` (9x9
    batches), ``"count9"`` (one 9x9 grid), ``"count"`` (any layout),
    ``"variants"`` (any layout with a variant's rules); every
    one when none is named. Loading the first costs about 0.15-0.3 s
    (numba sets up its compiler), each further one about 0.01 s. Cheap for
    kernels already loaded in this process; thread-safe; a Ctrl-C meanwhile
    is raised once loading has ended. Raises ``ValueError`` for another name."""
    wanted = set(names or _KERNELS)
    if wanted <= _loaded:
        return
    if wanted - _KERNELS.keys():
        raise ValueError(f"unknown kernel {', '.join(sorted(wanted - _KERNELS.keys()))}; "
                         f"choose from {', '.join(_KERNELS)}")
    with _warm, ctrl_c_deferred():
        for name in [name for name in _KERNELS if name in wanted - _loaded]:
            _KERNELS[name]()
            _loaded.add(name)


def load_kernels_for(order: int | Layout | Rules) -> None:
    """:func:`load_kernels` of the kernel that :func:`run_stoppable` runs
    for ``order`` (an order, a :class:`~sudoku_models.core.geometry.Layout` or a
    variant's :class:`~sudoku_models.core.rules.Rules`): call it before a timing
    starts, so that the timing holds no compile."""
    layout = order if isinstance(order, (Layout, Rules)) else Layout.square(order)
    kind = ("count9" if layout is _NINE or layout == _NINE
            else "count" if isinstance(layout, Layout) else "variants")
    if kind not in _loaded:
        load_kernels(kind)


def warm_up() -> None:
    """Compile (first time for this user, with a one-line notice on stderr)
    or load from the cache every counter kernel, so that no later call pays
    for it: :func:`load_kernels` of all. Cheap after the first call in a
    process; thread-safe. The benchmark runner calls it once per worker
    before timing."""
    load_kernels()


_SQUARE_SIDES = {n * n: n for n in range(2, 7)}


def _clues(puzzle) -> tuple[np.ndarray, Layout | Rules]:
    """The flat clues and the layout (a variant's rules) of ``puzzle``: a
    :class:`~sudoku_models.Puzzle`, or anything
    :func:`~sudoku_models.puzzle.as_puzzle` takes. An integer numpy array of
    a square order is checked here with numpy, not cell by cell (that check
    cost 17 times the count of a 17-clue puzzle, issue 23)."""
    if isinstance(puzzle, Puzzle):
        return puzzle.grid.ravel(), puzzle.rules if puzzle.rules.constraints else puzzle.layout
    if isinstance(puzzle, np.ndarray) and puzzle.dtype.kind in "iu" and puzzle.ndim == 2 \
            and puzzle.shape[0] == puzzle.shape[1] and puzzle.shape[0] in _SQUARE_SIDES \
            and puzzle.size and 0 <= puzzle.min() and puzzle.max() <= puzzle.shape[0]:
        return puzzle.ravel(), Layout.square(_SQUARE_SIDES[puzzle.shape[0]])
    return _clues(as_puzzle(puzzle))


# The clue types count9_checked is compiled for (each further one would compile on first use).
_COMPILED_TYPES = (np.dtype(np.int64), np.dtype(np.int32))


def _one(puzzle, limit: int, deadline: Deadline) -> tuple[int, np.ndarray]:
    """The count of one puzzle up to ``limit`` and its first solution (flat;
    the thread's scratch array on the quick path: copy it to keep it). A
    9x9 :class:`~sudoku_models.Puzzle` without constraints, or a ``(9,
    9)`` integer array, goes straight to the compiled kernel, which checks
    the values; anything else through :func:`_clues` and
    :func:`run_stoppable`."""
    left = deadline.wall_left()
    if left is None or left >= 0.1:
        clues = None
        if type(puzzle) is Puzzle:
            rules = puzzle.rules
            if rules.layout is _NINE and not rules.constraints:
                clues = puzzle.grid.ravel()
        elif type(puzzle) is np.ndarray and puzzle.shape == (9, 9):
            if puzzle.dtype in _COMPILED_TYPES:
                clues = puzzle.ravel()
            elif puzzle.dtype.kind in "iu" and puzzle.dtype.itemsize < 4:
                clues = puzzle.ravel().astype(np.int32)  # every value fits
        if clues is not None:
            if "count9" not in _loaded:
                load_kernels("count9")
            count, solution = _quick9(clues, limit)
            if count >= 0:
                return int(count), solution
            if count == BAD_VALUE:
                _clues(puzzle)  # raises PuzzleFormatError naming the cell
    clues, layout = _clues(puzzle)
    return run_stoppable(clues, layout, limit, deadline)


def backtrack_count(puzzle, limit: int | None = 2, time_limit: float | None = None,
                    cpu_limit: float | None = None) -> int:
    """Number of solutions of ``puzzle``, stopping at ``limit``.

    ``puzzle``: a :class:`~sudoku_models.Puzzle` (of any layout, with any
    constraints of :mod:`sudoku_models.core.rules`) or anything :func:`~sudoku_models.puzzle.as_puzzle`
    takes (a puzzle string, ``(n*n, n*n)`` ints as nested lists or an
    array, 0 = empty). ``limit=2`` (default) answers "none, one or
    several"; ``limit=None`` counts every solution. A puzzle with
    contradictory clues has 0. ``time_limit`` (seconds), ``cpu_limit`` (CPU
    seconds of this process) or Ctrl-C stop the
    count with :class:`~sudoku_models.errors.CountIncomplete` (its
    ``lower_bound`` is the solutions found so far). Raises ``ValueError``
    for a limit below 1 (a
    :class:`~sudoku_models.counter.kernel_tables.KernelRulesError` for rules
    the kernel cannot search),
    :class:`~sudoku_models.PuzzleFormatError` for a malformed grid and
    ``TypeError`` for something that is no puzzle.

    Source: depth-first search with naked and hidden singles and
    most-constrained-cell branching (see :mod:`sudoku_models.counter.kernel`);
    9x9 grids on bitboards with locked candidates too
    (:mod:`sudoku_models.counter.kernel9`); a variant's rules as
    :mod:`sudoku_models.counter.kernel_tables` describes.
    """
    check_limit(limit)
    return _one(puzzle, ALL if limit is None else limit, Deadline.after(time_limit, cpu_limit))[0]


def backtrack_solve(puzzle) -> np.ndarray | None:
    """A solution of ``puzzle`` as an ``(N, N)`` int array, or None when
    it has none. Arguments and errors as :func:`backtrack_count`."""
    count, solution = _one(puzzle, 1, Deadline())
    if not count:
        return None
    side = round(solution.size ** 0.5)
    return solution.reshape(side, side).astype(np.int64)


def _as_batch(puzzles) -> tuple[np.ndarray, Layout]:
    """``(P, N)`` int32 flat grids and their layout, from a sequence of
    :class:`~sudoku_models.Puzzle` of one layout (any layout, without
    constraints beyond its houses) or a ``(P, s, s)`` / ``(P, s*s)`` int
    array of a square order; :class:`~sudoku_models.PuzzleFormatError` when
    malformed, ``ValueError`` for constraints the kernels do not know."""
    if isinstance(puzzles, (list, tuple)) and puzzles and isinstance(puzzles[0], Puzzle):
        rules = puzzles[0].rules
        if not all(type(p) is Puzzle and (p.rules is rules or p.rules == rules)
                   for p in puzzles):
            bad = next(i for i, p in enumerate(puzzles)
                       if not isinstance(p, Puzzle) or p.rules != rules)
            what = (f"a {type(puzzles[bad]).__name__}" if not isinstance(puzzles[bad], Puzzle)
                    else f"{puzzles[bad].layout.name} where puzzle 0 is {rules.layout.name}"
                    if puzzles[bad].layout != rules.layout else "other constraints than puzzle 0")
            raise PuzzleFormatError(f"a batch takes puzzles of one layout and rules; puzzle "
                                    f"{bad} is {what}")
        if rules.constraints:
            raise ValueError("the backtracking counter takes houses only; these puzzles have "
                             f"{len(rules.constraints)} further constraint(s): count them one at a "
                             "time with backtrack_count")
        grids = np.array([p.grid for p in puzzles], dtype=np.int32)
        return grids.reshape(len(puzzles), -1), rules.layout
    array = np.asarray(puzzles)
    if array.ndim == 3 and array.shape[1] == array.shape[2]:
        array = array.reshape(array.shape[0], -1)
    if array.ndim != 2 or array.shape[0] == 0:
        raise PuzzleFormatError(f"expected an array of puzzles (P, s, s) or (P, s*s), got shape "
                                f"{array.shape}")
    if array.dtype.kind not in "iu":
        raise PuzzleFormatError(f"puzzle values must be integers, got dtype {array.dtype}")
    order = round(array.shape[1] ** 0.25)
    if order ** 4 != array.shape[1] or not 2 <= order <= 6:
        raise PuzzleFormatError(f"{array.shape[1]} cells is not a grid of order 2 to 6")
    if array.min() < 0 or array.max() > order * order:
        bad = np.argwhere((array < 0) | (array > order * order))
        i, cell = bad[0]
        raise PuzzleFormatError(f"puzzle {i}, cell r{cell // order**2 + 1}c{cell % order**2 + 1}: "
                                f"value {array[i, cell]} outside 0..{order * order}")
    return np.ascontiguousarray(array, dtype=np.int32), Layout.square(order)


# A batch on several workers starts in the calling thread, in chunks doubling
# in size; once PROBE_SECONDS of its CPU time are spent and more than
# POOL_SECONDS of work is left at the rate seen (BUSY_POOL_SECONDS when the
# machine has no core to spare), workers - 1 helper threads join in. The
# helpers live as long as the process (started on first use), so joining
# costs a wake-up (tens of microseconds), not a pool's start-up (0.1-0.3 ms,
# which kept a hard set's 1-2 ms batch on one thread). Every thread then
# takes the next chunk from a shared cursor, a chunk being a share of what
# is left (at least CHUNK_SECONDS of work), so that the threads end together.
PROBE_SECONDS = 0.0001
POOL_SECONDS = 0.0003
BUSY_POOL_SECONDS = 0.002
CHUNK_SECONDS = 0.0001
_pools: dict = {}
_pools_lock = threading.Lock()


def _pool_seconds() -> float:
    """``POOL_SECONDS`` when the machine has a core to spare (a 1-minute
    load average below the cores less one half), else ``BUSY_POOL_SECONDS``:
    there a helper that other jobs preempt holds the batch's end back by a
    time slice (top95 on 2 cores at load 14: 6.1 ms with a helper, 1.5 ms
    on one thread)."""
    return POOL_SECONDS if os.getloadavg()[0] < (os.cpu_count() or 1) - 0.5 \
        else BUSY_POOL_SECONDS


def _helpers(count: int) -> ThreadPoolExecutor:
    """This process's pool of ``count`` long-lived helper threads (a forked
    child makes its own: its parent's threads are not in it)."""
    key = (os.getpid(), count)
    with _pools_lock:
        if key not in _pools:
            _pools[key] = ThreadPoolExecutor(max_workers=count,
                                             thread_name_prefix="backtrack_count_many")
        return _pools[key]


def _run_many(puzzles, limit: int, workers: int | None, time_limit: float | None,
              keep: bool = True):
    """Counts ``(P,)`` int64 and first solutions ``(P, N)`` int32 (``(0,
    N)`` unless ``keep``) of a batch, and its layout; in the calling thread,
    joined by ``workers - 1`` helper threads for a batch of more than
    ``PROBE_SECONDS`` + :func:`_pool_seconds` of work."""
    validation.time_limit(time_limit)
    grids, layout = _as_batch(puzzles)
    if workers is None:
        workers = cores.usable()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1 or None, got {workers!r}")
    nine = layout is _NINE or layout == _NINE
    load_kernels("count9_many" if nine else "count")
    count = grids.shape[0]
    counts = np.full(count, -2, dtype=np.int64)
    solutions = np.zeros(grids.shape if keep or not nine else (0, grids.shape[1]), np.int32)
    control = new_control()
    cursor = [0, 1]  # the next puzzle to take, the least chunk
    lock = threading.Lock()

    def work(chunk: slice) -> None:
        if control[STOP]:
            control[STOPPED] = 1
            return
        if nine:
            _k9.count9_many(grids[chunk], limit, counts[chunk], solutions[chunk] if keep
                            else solutions, control)
            return
        for i in range(chunk.start, chunk.stop):
            counts[i], solutions[i] = run_search(grids[i], layout, limit, control=control)
            if control[STOPPED]:
                counts[i] = -2
                return

    def share() -> None:
        """Chunks from the cursor on until none is left or the work is stopped."""
        while not control[STOPPED]:
            with lock:
                first = cursor[0]
                cursor[0] = min(count, first + max(cursor[1], (count - first) // (2 * workers)))
            if first == count:
                return
            work(slice(first, cursor[0]))

    def run() -> None:
        """The batch from the first puzzle on in this thread, joined by the
        helpers once more than :func:`_pool_seconds` of work is seen to be left."""
        done, size, start, threshold = 0, 1, time.thread_time(), 0.0
        while done < count and not control[STOPPED]:
            spent = time.thread_time() - start
            if workers > 1 and done and spent >= PROBE_SECONDS:
                threshold = threshold or _pool_seconds()
                if spent * (count - done) >= threshold * done:
                    break
            work(slice(done, min(count, done + size)))
            done, size = min(count, done + size), 2 * size
        else:
            return
        cursor[:] = done, max(1, math.ceil(CHUNK_SECONDS * done / spent))
        helpers = _helpers(workers - 1)
        futures = [helpers.submit(share) for _ in range(workers - 1)]
        try:
            share()
        finally:
            for future in futures:
                future.cancel()  # one still queued behind another batch's: not needed
            wait(futures)
        for future in futures:
            if not future.cancelled():
                future.result()

    _, reason = call_stoppable(run, _stop(control), _deadline(time_limit))
    if control[STOPPED]:
        error = CountIncomplete(0, reason)
        error.counts = np.where(counts >= 0, counts, -1)
        raise error
    return counts, solutions, layout


def backtrack_count_many(puzzles, limit: int | None = 2, workers: int | None = None,
                         time_limit: float | None = None) -> np.ndarray:
    """Solutions of every puzzle of a batch, each count stopping at ``limit``
    (None: all), in one call on ``workers`` threads (None: every core).

    ``puzzles``: a ``(P, s, s)`` or ``(P, s*s)`` int array (0 = empty) of a
    square order, or a list of :class:`~sudoku_models.Puzzle` of one layout
    (without constraints beyond its houses). Returns a ``(P,)`` int64
    array. 9x9 batches run in compiled loops over chunks of puzzles (no
    Python per puzzle); other layouts per puzzle. A batch of well under a
    millisecond of work runs in the calling thread whatever ``workers``
    says: ``workers - 1`` helper threads (started once per process, then
    kept) join in only when, after ``PROBE_SECONDS`` of CPU time, more than
    ``POOL_SECONDS`` of work is left at the rate seen (``BUSY_POOL_SECONDS``
    when the load average leaves no core to spare). ``time_limit`` (seconds,
    whole batch) or Ctrl-C raise
    :class:`~sudoku_models.errors.CountIncomplete` whose ``counts``
    attribute holds the finished counts and -1 for the others.
    Raises :class:`~sudoku_models.PuzzleFormatError` for a malformed batch
    or one that mixes layouts, and ``ValueError`` for a bad limit or worker
    count or puzzles with further constraints.
    """
    check_limit(limit)
    return _run_many(puzzles, ALL if limit is None else limit, workers, time_limit,
                     keep=False)[0]


def backtrack_solve_many(puzzles, workers: int | None = None, time_limit: float | None = None) -> np.ndarray:
    """A solution of every puzzle of a batch: ``(P, s, s)`` int array, all
    zeros for a puzzle without solution. Arguments and errors as
    :func:`backtrack_count_many` (search stops at the first solution)."""
    counts, solutions, layout = _run_many(puzzles, 1, workers, time_limit)
    solutions[counts == 0] = 0
    return solutions.reshape(-1, layout.side, layout.side).astype(np.int64)
