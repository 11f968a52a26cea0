"""What a puzzle's solutions have in common: its true candidates and every
solution, for any puzzle (every layout and constraint kind) and any method
that solves it.

* :func:`true_candidates`: the digits each cell takes in at least one
  solution (what the Interactive Sudoku Solver calls "true candidates" and
  Sudoku Explainer's "analyse" shows for a puzzle with several solutions);
* :func:`iter_solutions`: every solution, one by one.

Both are built on the method's ``solve`` alone, so they hold for every kind
the method models (the registry says which), and every answer can be
checked by :func:`~sudoku_models.checking.verify`.

*True candidates* (a standard reduction; Berthier, *The Hidden Logic of
Sudoku*, 2007, ch. 4, calls the digits "in some solution" the puzzle's
possibilities): a first solution proves its own digits; then each digit
``v`` of each cell not yet proved is tried as a clue: a solution proves
every digit it holds, and INFEASIBLE refutes ``v`` in that cell. One model
of the method serves every try (only the clues change), and a puzzle whose
first solve proves it unique (the counter counts to two) needs no more.

*Every solution*: a depth-first split of the solution space (the
"solution-space partition" of all-solutions SAT solving; Grumberg, Schuster
and Yadgar, "Memory efficient all-solutions SAT solver", 2004). Given a
solution ``s`` of a subproblem with empty cells ``e1, e2, ...``, its other
solutions are split into disjoint parts: ``e1 != s[e1]``; ``e1 = s[e1]`` and
``e2 != s[e2]``; and so on, each part a puzzle with the earlier cells as
clues and one :class:`~sudoku_models.core.rules.Candidates` constraint. A part
the method counts as having one solution is not split further.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from . import validation
from .errors import CountIncomplete
from .limits import check_limit
from .puzzle import Puzzle
from .formats.puzzle_text import as_puzzle
from .result import SolveResult, Status
from .core.cell_kinds import Candidates
from .core.rules import Rules
from .solving import make_method, within_limit


@dataclass(frozen=True)
class TrueCandidates:
    """The true candidates of ``puzzle`` found by :func:`true_candidates`.

    ``candidates``: ``(N, N, N)`` bool, ``[r, c, v - 1]`` true when some
    solution holds ``v`` at row ``r``, column ``c`` (0-based); ``undecided``:
    the same shape, true for the digits neither proved nor refuted when a
    time limit or Ctrl-C stopped the search (``reason`` then says which;
    all false when complete); ``solves``: the method's solves;
    ``seconds``: wall seconds in all."""

    puzzle: Puzzle
    candidates: np.ndarray
    undecided: np.ndarray
    solves: int
    seconds: float
    reason: str = ""

    @property
    def complete(self) -> bool:
        """Every digit of every cell proved or refuted."""
        return not self.reason

    @property
    def solutions_exist(self) -> bool:
        """At least one solution was found."""
        return bool(self.candidates.any())

    def text(self) -> str:
        """One line per row, each cell's true candidates (digits, or for a
        side above 9 comma-separated numbers); a digit still undecided is
        shown in parentheses, e.g. ``12(59)``; a cell with none as ``-``."""
        side = self.candidates.shape[0]
        join = "" if side <= 9 else ","
        cells = [[_cell_text(self.candidates[r, c], self.undecided[r, c], join)
                  for c in range(side)] for r in range(side)]
        width = max(len(t) for row in cells for t in row)
        return "".join(" ".join(t.ljust(width) for t in row).rstrip() + "\n" for row in cells)


def _cell_text(proved: np.ndarray, undecided: np.ndarray, join: str) -> str:
    def digits(flags):
        return join.join(str(v + 1) for v in np.flatnonzero(flags))

    text = digits(proved) + (f"({digits(undecided)})" if undecided.any() else "")
    return text or "-"


def true_candidates(puzzle, method: str = "backtracking", time_limit: float | None = None,
                    **options) -> TrueCandidates:
    """The digits each cell of ``puzzle`` takes in at least one solution
    (the module's reduction: a first solution, then each unproved digit
    tried as a clue).

    ``method``: any registered method that models the puzzle's layout and
    kinds (default the compiled counter; ``"sat-extended"``, ``"cp"``, ...);
    ``options`` go to it. ``time_limit``: seconds for the whole search;
    when it (or Ctrl-C) stops the search, the result is incomplete
    (``reason``) and the digits not yet decided are ``undecided``, never
    reported as candidates or as refuted. An infeasible puzzle gives no
    candidates at all. Raises ``ValueError`` (a
    :class:`~sudoku_models.registry.CapabilityError`) for a method that does
    not model the puzzle, a bad time limit or option.
    """
    puzzle = as_puzzle(puzzle)
    time_limit = validation.time_limit(time_limit)
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    side = puzzle.rules.layout.side
    model = make_method(method, puzzle.rules, **options)
    proved = np.zeros((side, side, side), dtype=bool)
    refuted = np.zeros_like(proved)
    grid = np.asarray(puzzle.grid)
    for (r, c), v in np.ndenumerate(grid):  # a clue is its cell's only candidate
        if v:
            refuted[r, c] = True
            refuted[r, c, v - 1] = False
    solves, reason = 0, ""

    def attempt(trial: Puzzle) -> SolveResult | None:
        """Solve ``trial`` within what is left of the limit; prove the
        digits of its solution. None when the limit ran out first."""
        nonlocal solves
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            model.time_limit = left
        result = model.solve(trial)
        solves += 1
        if result.status.solved:
            proved[np.arange(side)[:, None], np.arange(side)[None, :], result.grid - 1] = True
        elif result.status is not Status.INFEASIBLE:
            return None
        return result

    try:
        first = attempt(puzzle)
        if first is None:
            reason = "time limit"
        elif first.status is Status.INFEASIBLE:
            refuted[:] = True
        elif first.stats.get("solutions") == 1:  # the counter counted to two and found one
            refuted |= ~proved
        else:
            for (r, c), given in np.ndenumerate(grid):
                for v in range(side) if not given else ():
                    if proved[r, c, v] or refuted[r, c, v]:
                        continue
                    trial_grid = grid.copy()
                    trial_grid[r, c] = v + 1
                    tried = attempt(Puzzle(trial_grid, puzzle.rules, puzzle.name))
                    if tried is None:
                        reason = "time limit"
                        break
                    if tried.status is Status.INFEASIBLE:
                        refuted[r, c, v] = True
                if reason:
                    break
    except KeyboardInterrupt:
        reason = "interrupted"
    undecided = ~(proved | refuted)
    if not reason:
        undecided[:] = False
    return TrueCandidates(puzzle, proved, undecided, solves, time.perf_counter() - start, reason)



def iter_solutions(puzzle, method: str = "backtracking", limit: int | None = None,
                   time_limit: float | None = None, **options) -> Iterator[np.ndarray]:
    """Every solution of ``puzzle`` as an ``(N, N)`` int array, each once,
    stopping after ``limit`` (None: all), by the module's depth-first split
    of the solution space.

    ``method``: any registered method that models the puzzle and can count
    (:func:`~sudoku_models.registry.counting_methods`) and models
    :class:`~sudoku_models.core.rules.Candidates` constraints; ``options`` go to
    it. ``time_limit``: seconds for the whole enumeration. When the limit
    or Ctrl-C stops it before every solution was given, the iterator raises
    :class:`~sudoku_models.errors.CountIncomplete` with the number given so
    far as its lower bound. Raises ``ValueError`` for a bad limit, time limit
    or method.
    """
    puzzle = as_puzzle(puzzle)
    check_limit(limit)
    time_limit = validation.time_limit(time_limit)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    make_method(method, puzzle.rules, **options)  # the method's errors before the first solution
    return _solutions(puzzle, method, limit, deadline, options)


def _solutions(puzzle: Puzzle, method: str, limit: int | None, deadline: float | None,
               options) -> Iterator[np.ndarray]:
    given = 0
    parts = [puzzle]
    try:
        while parts and (limit is None or given < limit):
            part = parts.pop()
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                raise CountIncomplete(given, "time limit")
            model = make_method(method, part.rules, time_limit=left, **options)
            result = within_limit(model.solve(part), left)
            if result.status is Status.INFEASIBLE:
                continue
            if not result.status.solved:
                raise CountIncomplete(given, "time limit")
            given += 1
            yield result.grid
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                raise CountIncomplete(given, "time limit")
            # the counter's solve counts to two already; other methods count here
            counted = result.stats.get("solutions") or model.count_solutions(
                part, limit=2, time_limit=left)
            if counted > 1:
                parts.extend(reversed(_split(part, result.grid)))
    except CountIncomplete as stopped:  # a part's count stopped: the bound is the solutions given
        raise CountIncomplete(given, stopped.reason) from None
    except KeyboardInterrupt:
        raise CountIncomplete(given, "interrupted") from None


def _split(part: Puzzle, solution: np.ndarray) -> list[Puzzle]:
    """The other solutions of ``part`` in disjoint parts: for each empty
    cell ``e`` in turn, the puzzle with the earlier empty cells as in
    ``solution`` and ``e`` holding another digit."""
    layout = part.rules.layout
    side = layout.side
    domains = part.rules.lowered.domains  # the part's candidate constraints among them
    grid = np.array(part.grid)
    parts = []
    for (r, c), value in np.ndenumerate(part.grid):
        if value:
            continue
        cell = r * side + c
        others = tuple(v for v in range(1, side + 1)
                       if domains[cell] >> (v - 1) & 1 and v != solution[r, c])
        if others:
            rules = Rules(layout, part.rules.constraints + (Candidates((cell,), others),))
            parts.append(Puzzle(grid.copy(), rules, part.name))
        grid[r, c] = solution[r, c]
    return parts

