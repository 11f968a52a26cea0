"""Unique-solution puzzles: a clue count, minimal, or a difficulty level.

Method: take a random full grid and remove clues (or symmetric groups of
clues, "orbits") in random order while the puzzle keeps exactly one solution
(each removal checked by the search core's "is there a solution other than
the known one", :func:`sudoku_models.counter.uniqueness.other_solution`; on
9x9 the counter's bitboard kernel answers it). One such pass ends in a minimal puzzle
(about 22 to 26 clues for 9 x 9). To go lower, a local search perturbs it:
put one or two removed orbits back, then remove again in a new random order;
a result no further from the target replaces the current one. After a run
of perturbations without progress it restarts from a new full grid.

Every generation has a time limit (default :data:`DEFAULT_TIME_LIMIT`
seconds). The compiled removal pass and its uniqueness checks poll the
core's stop request (every 1024 branch nodes and between removals), which
:func:`sudoku_models.stoppable.call_stoppable`'s watcher sets at the
deadline, so the limit holds to within a fraction of a second at every
order; Ctrl-C stops the same way.
"""

from __future__ import annotations

import time
from functools import cache

import numpy as np

from sudoku_models import Puzzle
from sudoku_models.counter import kernel9, tables, uniqueness
from sudoku_models.counter.core import NO_LIMIT, NONE, STOP, new_control
from sudoku_models.core.geometry import Layout
from sudoku_models.stoppable import call_stoppable

from . import search
from .generation_errors import GenerationError, SeedError
from .full_grid import as_generator, fill
from .options import DEFAULT_TIME_LIMIT, LEVELS
from .requests import check_request, grid_side

STALL_LIMIT = 200  # perturbations without progress before a restart
# Branch nodes one case of a uniqueness check may use when a clue count is
# the target; a check that needs more is "undecided" and the clue stays.
# Not reached on 9x9 by the bitboard check (none in about 17,000 removal
# passes at 20 clues; the general kernel's check reached it 107 times there,
# so generating 20-clue puzzles from a seed can give another puzzle than with
# it); it keeps sparse 25x25 and 36x36 passes moving. Minimal puzzles use no
# budget: their minimality must be proven.
REMOVAL_CHECK_NODES = 100
# Branch nodes the final uniqueness check may spend counting to 2 before it
# turns to the "other solution" check instead.
UNIQUE_NODES = 2000


def orbits(order: int | Layout, symmetry: str | None) -> np.ndarray:
    """Groups of cells that are kept or removed together: ``(K, 2)`` int
    array of flat indices, -1 padded, for an order's grid or a
    :class:`~sudoku_models.core.geometry.Layout`. ``symmetry``: None (every cell
    alone), ``"rotational"`` (180 degrees), ``"mirror"`` (left-right) or
    ``"diagonal"`` (main diagonal)."""
    return _orbits(grid_side(order), symmetry)


@cache
def _orbits(side: int, symmetry: str | None) -> np.ndarray:
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
    padded = np.array([g + [-1] * (2 - len(g)) for g in groups.values()], dtype=np.int64)
    padded.setflags(write=False)
    return padded


_loaded: set[bool] = set()


def load_generator_kernels(order: int | Layout) -> None:
    """Compile (first time for this user, with the counter's one-line
    notice) or load the generator's kernels for ``order``'s tables, so that
    no time limit pays for it. Cheap once loaded; a Ctrl-C meanwhile is
    raised when loading has ended. The kernels are called with a stop
    already requested: they load, they do not search."""
    t = tables(order)
    locked = t.fastest is t.locked
    if locked in _loaded:
        return
    from sudoku_models.counter import _CACHE_DIR, compile_cache
    from sudoku_models.stoppable import ctrl_c_deferred

    with ctrl_c_deferred():
        if not compile_cache.is_compiled(_CACHE_DIR, search.__file__):
            compile_cache.notice(_CACHE_DIR)
        control, work, work9 = new_control(), t.workspace(), kernel9.workspace()
        # Each kernel is compiled when called; a stop requested beforehand ends it at its
        # first node, so no call searches (an empty 16x16 jigsaw's search can take hours).
        control[STOP] = 1
        grid = np.zeros(t.cells, np.int32)
        search.fill_random(0, 0, control, grid, t.singles, work)
        none = orbits(order, None)[:0]
        record = search.new_record(0, t.cells)
        search.reduce(grid, grid.copy(), none, np.zeros(0, np.int64), 0, REMOVAL_CHECK_NODES, control,
                      grid.copy(), record, t.fastest, work, work9)
        search.removable_orbit(grid, grid, none, 0, control, grid.copy(), record[0], t.fastest,
                               work, work9)
        # the uniqueness check's fallback (_Generator.unique past the quick count's budget)
        uniqueness.other_solution(grid, np.flatnonzero(grid == 0), grid, NO_LIMIT, control,
                                  grid.copy(), t.fastest, work, work9)
    _loaded.add(locked)


class _Generator:
    """One generation request: the random state, the workspace and the
    compiled removal pass, run in a worker thread so a deadline or Ctrl-C
    can stop it (see :func:`generate`)."""

    def __init__(self, clues, order, rng, symmetry, difficulty, minimal, control, se=None):
        self.clues = clues
        self.order = order
        self.rng = rng
        self.difficulty = difficulty
        self.se = se
        self.minimal = minimal
        self.control = control
        self.tables = tables(order)
        self.groups = orbits(order, symmetry)
        self.work = self.tables.workspace()
        self.work9 = kernel9.workspace()
        self.found = np.zeros(self.tables.cells, np.int32)
        self.first = np.zeros(self.tables.cells, np.int32)  # the final count's first solution
        self.quiet = new_control()  # for the final count: bounded by UNIQUE_NODES, never stopped
        self.budget = NO_LIMIT if minimal else REMOVAL_CHECK_NODES
        # What the removal passes of the puzzle at hand record for the final checks
        # (search.reduce): the other solutions that kept each orbit (for a minimal
        # request: the proof that each clue left is needed) and the order of removal.
        # A trial pass writes into the spare, which replaces it when the trial is kept.
        # (The spare is made at the first trial: a minimal request without a count has none.)
        self.witnesses = len(self.groups) if minimal else 0
        self.record = search.new_record(self.witnesses, self.tables.cells)
        self.spare = None
        self.fewest = grid_side(order) ** 2
        self.levels_seen: dict[str, int] = {}
        self.ratings: dict[bytes, object] = {}
        self.rejected: dict[str, int] = {}
        self.reached: set[int] = set()  # clue counts of the puzzles passes ended with
        self.undecided = 0

    def reduce(self, puzzle: np.ndarray, solution: np.ndarray, target: int,
               trial: bool = False) -> int:
        """Remove orbits of ``puzzle`` (in place) in a random order down to
        ``target`` clues at most, writing to ``self.record`` (``trial``: a
        pass from the puzzle at hand with orbits put back, written to
        ``self.spare`` until :meth:`keep_trial`); the clues left
        (``self.undecided``: the removals whose check ran out of its node
        budget)."""
        record = self.record
        if trial:
            if self.spare is None:
                self.spare = search.new_record(self.witnesses, self.tables.cells)
            self.spare[1][:] = self.record[1]
            record = self.spare
        count, self.undecided = search.reduce(
            solution, puzzle, self.groups, self.rng.permutation(len(self.groups)), target,
            self.budget, self.control, self.found, record, self.tables.fastest, self.work,
            self.work9)
        return count

    def keep_trial(self) -> None:
        """The trial pass's puzzle replaces the one at hand: so does its record."""
        self.record, self.spare = self.spare, self.record

    def stopped(self) -> bool:
        return bool(self.control[STOP])

    def reach(self, count: int) -> None:
        """Record the clue count a finished removal pass ended with."""
        self.fewest = min(self.fewest, count)
        self.reached.add(count)

    def run(self) -> np.ndarray | None:
        """A flat puzzle meeting the request (checked by :meth:`meets`), or
        None when stopped first."""
        while not self.stopped():
            solution = fill(self.order, self.rng, self.work, self.control)  # a fresh array
            if solution is None:
                return None
            found = self.candidate(solution)
            if found is not None and self.meets(found, solution):
                return found
        return None

    def unique(self, puzzle: np.ndarray, solution: np.ndarray) -> bool:
        """Whether ``solution`` is the only solution of ``puzzle``. At 9x9
        a count to 2 (about 10 us), or, when that needs more than
        ``UNIQUE_NODES`` branch nodes, as at other orders: the core's "other
        solution" check over every empty cell, latest removed first. Its
        cases are then the removal checks' own (the case of a cell fixes the
        cells removed after it to the solution and strikes the solution's
        value from it: the puzzle just after its removal), so it costs about
        what they cost, where a count to 2 from scratch (or the cases in
        cell order) can cost more than the whole pass at 25x25."""
        if self.order == 3:
            count = kernel9.count9(puzzle, 2, UNIQUE_NODES, self.first, self.quiet, self.work9)
            if count >= 0:
                return count == 1 and np.array_equal(self.first, solution)
        empty = np.flatnonzero(puzzle == 0)
        latest_first = empty[np.argsort(-self.record[1][empty], kind="stable")]
        return uniqueness.other_solution(
            puzzle, latest_first, solution, NO_LIMIT, self.control, self.found,
            self.tables.fastest, self.work, self.work9) == NONE

    def meets(self, puzzle: np.ndarray, solution: np.ndarray) -> bool:
        """Whether ``puzzle`` meets the request, checked afresh: its clue
        count, ``solution`` its only solution (:meth:`unique`), minimal by
        orbits (no orbit of clues can go: for each, another solution of the
        puzzle without it, the one the removal pass recorded, checked cell
        by cell against the rules and the clues, or else found by a search),
        its level. A failed check (a pass cut short by the limit) is
        recorded in ``self.rejected``."""
        t = self.tables
        checks = [
            ("clue count", self.clues is None or int(np.count_nonzero(puzzle)) == self.clues),
            ("uniqueness", lambda: self.unique(puzzle, solution)),
            ("minimality", lambda: not self.minimal or search.removable_orbit(
                puzzle, solution, self.groups, 0, self.control, self.found, self.record[0],
                t.fastest, self.work, self.work9) == -1),
            ("level", lambda: not self.rated() or self.rank(puzzle) == self.target()),
        ]
        for name, check in checks:
            if not (check() if callable(check) else check) or self.stopped():
                self.rejected[name] = self.rejected.get(name, 0) + 1
                return False
        return True

    def candidate(self, solution: np.ndarray) -> np.ndarray | None:
        """Search from one full grid: a puzzle meeting the request, or None."""
        # Minimal puzzles (and difficulty targets without a clue count) empty
        # every removable orbit; a clue count alone stops the pass there.
        exhaustive = self.minimal or self.clues is None
        target = 0 if exhaustive else self.clues
        puzzle = solution.copy()
        count = self.reduce(puzzle, solution, target)
        if self.stopped():
            return None  # a pass cut short: not minimal, not at the count
        decided = self.undecided == 0
        if self.clues is not None:
            stall = 0
            while count != self.clues and stall < STALL_LIMIT and not self.stopped():
                self.reach(count)
                if count < self.clues:
                    break  # minimal below the count: a new grid
                trial = puzzle.copy()
                empty = np.flatnonzero(trial[self.groups[:, 0]] == 0)
                for k in self.rng.choice(empty, size=min(len(empty), self.rng.integers(1, 3)),
                                         replace=False):
                    back = self.groups[k][self.groups[k] >= 0]
                    trial[back] = solution[back]
                trial_count = self.reduce(trial, solution, target, trial=True)
                if self.undecided and exhaustive:
                    continue
                stall = 0 if trial_count < count else stall + 1
                if trial_count <= count:
                    puzzle, count, decided = trial, trial_count, self.undecided == 0
                    self.keep_trial()
            self.reach(count)
            if count != self.clues or self.stopped():
                return None
        else:
            self.reach(count)
        if self.minimal and not decided:
            return None
        if not self.rated():
            return puzzle
        return self.with_difficulty(puzzle, solution)

    def rated(self) -> bool:
        """Whether the request has a difficulty (a level or an SE range)."""
        return self.difficulty is not None or self.se is not None

    def rating(self, puzzle: np.ndarray):
        """The rater's :class:`~sudoku_models.logic.Rating` of ``puzzle``
        (remembered: the final check asks again for the puzzle it returns)."""
        from sudoku_models.logic import rate

        key = puzzle.tobytes()
        if key not in self.ratings:
            side = grid_side(self.order)
            rating = rate(Puzzle(puzzle.reshape(side, side).astype(np.int64), self.order))
            seen = rating.level if self.se is None else (
                "ER unknown" if rating.se.er is None else f"ER {rating.se.er:.1f}")
            self.levels_seen[seen] = self.levels_seen.get(seen, 0) + 1
            self.ratings[key] = rating
        return self.ratings[key]

    def rank(self, puzzle: np.ndarray) -> int:
        """How hard ``puzzle`` rates on the request's scale: the index of its
        level in LEVELS; for an SE range 0 below it, 1 in it, 2 above it or
        not finished by the ladder (ER unknown)."""
        rating = self.rating(puzzle)
        if self.se is None:
            return LEVELS.index(rating.level)
        er = rating.se.er
        if er is None or er > self.se[1]:
            return 2
        return 0 if er < self.se[0] else 1

    def target(self) -> int:
        return 1 if self.se is not None else LEVELS.index(self.difficulty)

    def with_difficulty(self, puzzle: np.ndarray, solution: np.ndarray) -> np.ndarray | None:
        """``puzzle`` if it rates at the target level; without a clue count
        (and not minimal), the puzzle with the fewest clues at that level
        among ``puzzle`` plus its removed orbits put back one by one (more
        clues never make a puzzle harder for the rater, so a bisection
        finds it); None if neither rates at the target."""
        target = self.target()
        level = self.rank(puzzle)
        if level == target:
            return puzzle
        if level < target or self.clues is not None or self.minimal:
            return None
        removed = [g[g >= 0] for g in self.groups[self.rng.permutation(len(self.groups))]
                   if not puzzle[g[0]]]

        def with_back(k: int) -> np.ndarray:
            more = puzzle.copy()
            for cells in removed[:k]:
                more[cells] = solution[cells]
            return more

        easy_enough, too_hard = len(removed), 0  # with all back: the full grid, "easy"
        while easy_enough - too_hard > 1 and not self.stopped():
            middle = (easy_enough + too_hard) // 2
            if self.rank(with_back(middle)) <= target:
                easy_enough = middle
            else:
                too_hard = middle
        best = with_back(easy_enough)
        return best if self.rank(best) == target else None


def draws_known(clues, order, symmetry=None, difficulty=None, minimal=False, se=None) -> bool:
    """Whether :func:`generate` draws the puzzle from the known 17-clue
    puzzles (:mod:`generator.known`) instead of searching: 17 or 18 clues on
    the 9x9 grid of square boxes, no symmetry, difficulty or SE range, and
    not ``minimal`` for 18 (17-clue puzzles are all minimal)."""
    from .known import KNOWN_CLUES

    nine = order == 3 if isinstance(order, int) else getattr(order, "order", None) == 3
    return (nine and clues in KNOWN_CLUES and symmetry is None and difficulty is None
            and se is None and not (minimal and clues != 17))


def generate(clues: int | None = None, order: int = 3, seed=None, symmetry: str | None = None,
             time_limit: float | None = DEFAULT_TIME_LIMIT, difficulty: str | None = None,
             minimal: bool = False, layout: Layout | None = None,
             se: tuple[float, float] | None = None) -> Puzzle:
    """A puzzle with exactly one solution.

    ``clues``: the exact number of clues, or None for as few as one removal
    pass leaves (minimal when ``minimal=True``; otherwise a clue whose
    uniqueness check needs more than :data:`REMOVAL_CHECK_NODES` branch nodes
    stays, which happens from order 4 on); ``order``: 2 to 6 (4x4 to 36x36);
    ``seed``: None, a whole number >= 0 (the same seed gives the same puzzle)
    or a ``numpy.random.Generator``; ``symmetry``: None, ``"rotational"``,
    ``"mirror"`` or ``"diagonal"`` (clues placed symmetrically; minimality is
    then by orbits: no symmetric pair can be removed); ``time_limit``:
    seconds (default :data:`DEFAULT_TIME_LIMIT`), None for none; it bounds
    wall time to within a fraction of a second at every order;
    ``difficulty``: None or a level of :func:`sudoku_models.logic.rate` (``"easy"``, ``"medium"``,
    ``"hard"``, ``"expert"``, ``"needs search"``): the puzzle rates at that
    level; ``minimal``: True for a puzzle from which no clue can be removed
    without losing uniqueness (:func:`generator.is_minimal`); ``layout``: a
    :class:`~sudoku_models.core.geometry.Layout` to generate for instead of the
    square grid of ``order`` (rectangular boxes such as
    ``Layout.boxes(2, 3)``, a jigsaw such as :func:`generator.random_jigsaw`
    gives, a Latin square; side up to 36); ``se``: None or ``(low, high)``,
    a range of Sudoku Explainer ratings: the puzzle's ER (the rating of its
    hardest step, :func:`sudoku_models.logic.rate`) lies in it (not with
    ``difficulty``).

    17 and 18 clues on 9x9 (no symmetry, difficulty or SE range; 18 not
    minimal) are drawn from the bundled known 17-clue puzzles, relabelled
    and permuted (18: plus one clue of the solution), in milliseconds:
    :mod:`generator.known`, :func:`draws_known`; no search reaches them.

    Raises :class:`GenerationError` at once for an impossible request (fewer
    clues than :func:`~generator.requests.fewest_possible_clues`, a bad seed, an odd count with
    a symmetry that pairs every cell, more clues than cells, an unknown option), and
    when the time limit ends the search, naming the fewest clues (and, for a
    difficulty, the levels) it reached. ``KeyboardInterrupt`` stops it
    the same way.
    """
    if layout is not None:
        if not isinstance(layout, Layout):
            raise GenerationError(f"layout must be a Layout, got {type(layout).__name__}")
        if layout.more_values:
            raise GenerationError(f"the generator fills grids whose houses hold every value "
                                  f"once; {layout.name} has more values than cells per house")
        order = layout
    check_request(clues, order, symmetry, time_limit, difficulty, minimal, se)
    if difficulty is not None or se is not None:
        from sudoku_models.logic import rate  # noqa: F401  (fail now if the rater is missing)
    try:
        rng = as_generator(seed)
    except SeedError as error:
        raise GenerationError(str(error)) from None
    if draws_known(clues, order, symmetry, difficulty, minimal, se):
        from .known import known_low_clue_puzzle

        return known_low_clue_puzzle(clues, rng)
    load_generator_kernels(order)
    control = new_control()
    request = _Generator(clues, order, rng, symmetry, difficulty, minimal, control,
                         None if se is None else (float(se[0]), float(se[1])))
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    result, reason = call_stoppable(request.run, lambda: control.__setitem__(STOP, 1), deadline)
    if reason == "interrupted":
        raise KeyboardInterrupt
    side = grid_side(order)
    if result is not None:
        return Puzzle(result.reshape(side, side).astype(np.int64), order)
    wanted = f"{clues} clues" if clues is not None else "the fewest clues"
    wanted += ", minimal" if minimal else ""
    wanted += f", rated {difficulty!r}" if difficulty else ""
    wanted += f", SE {se[0]}-{se[1]}" if se is not None else ""
    message = f"no {side}x{side} puzzle ({wanted}) found within {time_limit:g} s; "
    if not request.reached:
        message += "no removal pass had finished"
    elif minimal and clues is not None:
        message += (f"the minimal puzzles reached had {min(request.reached)} to "
                    f"{max(request.reached)} clues")
    else:
        message += f"the fewest clues reached was {min(request.reached)}"
    if request.rejected:
        message += "; failed the final check: " + ", ".join(
            f"{name} ({n})" for name, n in request.rejected.items())
    if difficulty or se is not None:
        seen = ", ".join(f"{level} ({n})" for level, n in request.levels_seen.items()) or "none"
        message += f"; {'levels' if se is None else 'ratings'} rated: {seen}"
    raise GenerationError(message)
