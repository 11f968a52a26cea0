"""SAT: the binary assignment model as CNF clauses, solved by PySAT.

Sources: I. Lynce and J. Ouaknine, "Sudoku as a SAT problem" (AIMATH 2006),
and G. Kwon and H. Jain, "Optimized CNF encoding for Sudoku puzzles"
(LPAR 2006). Variable ``v`` of :mod:`sudoku_models.binary_model` (cell
``(i, j)`` holds ``k + 1``) is the DIMACS literal ``v + 1``.

* ``sat-minimal`` (Lynce and Ouaknine's minimal encoding): every cell holds
  at least one value (one clause per cell), and every value is at most once
  in each row, column and box (one binary clause ``-a -b`` per pair of
  variables in each row/column/box group). That a cell holds at most one
  value follows: a cell with two values leaves some house short of a value.
* ``sat-extended`` adds what is redundant for correctness: at most one value
  per cell (pairwise) and every value at least once in every house (one
  clause per house and value). Unit propagation on those clauses is what a
  human solver calls naked and hidden singles, so many puzzles need no search.

At-most-one is written pairwise (``s*(s-1)/2`` clauses per group), as in
both papers.

A variant's constraints (:func:`variant_clauses`, from the rules'
:attr:`~sudoku_models.rules.Rules.lowered` families): an extra region, cage,
anti-knight or anti-king pair is an at-most-one per value (pairwise; a full
region also at-least-one per value in the extended encoding); each pair
relation (Kropki, XV, greater-than and thermometer steps, non-consecutive,
the negative constraints) is one binary clause ``-x[a,u] -x[b,v]`` per
forbidden value pair; parity is unit clauses; a killer cage's total is
written by its digit combinations ("cage combinations as clauses"): one
selector per set of distinct digits that reaches the total, at least one
selector true, a selector forcing each of its digits into the cage and
every other digit out of it (with the cage's at-most-one rows this is exact:
the cage holds that set). An arrow is written by its value tuples, the
way a CP solver's table constraint is: one selector per assignment of values
to the arrow's cells that sums to a value the circle may hold (cells that
share a house or an extra group differ, domains respected), at least one
selector true, a selector forcing each of its values and the circle's sum;
the extended encoding adds, per cell and value, that the value needs a
selector giving it (support clauses: unit propagation then removes every
value no tuple supports). An arrow of L cells has at most C(N, L) tuples
(the compositions of the circle's values; 84 for three cells at 9x9, at
most 12,870 at 16x16); an arrow with more than
:data:`MAX_ARROW_TUPLES` is refused with a ``ValueError`` naming it.

Clues are either assumptions (``clues="assumptions"``, the default: one
solver instance holds the rules and serves every puzzle of a file, keeping
what it learnt, which is implied by the rules alone) or unit clauses
(``clues="units"``: unit clauses cannot be taken back, so every puzzle gets
a fresh solver loaded with the rules and its clues). Measured on top95,
17clue and generated 16x16 puzzles (benchmarks/README.md, "SAT, and SCIP
for the MILP"), assumptions are 4 to 60 times faster on median: copying the
~10,000 rule clauses of a 9x9 into a new solver costs more than solving.

Time limits and Ctrl-C: CaDiCaL in PySAT has no ``interrupt()``, so it runs
in slices bounded by a number of conflicts (and, under a time limit,
decisions), with the clock checked in between; the other solvers are
stopped by ``interrupt()`` from a watcher thread at the deadline
(:mod:`sudoku_models.stoppable`). In the main thread PySAT takes Ctrl-C
over during a solver call and jumps out of the solver, whatever the solver;
that solver is then abandoned, not freed (freeing it crashed). A
search stopped by the time limit gives TIME_LIMIT; Ctrl-C raises
``KeyboardInterrupt`` (and the solver, whose state is then unknown, is
discarded).
"""

from __future__ import annotations

import functools
import time
from pathlib import Path
from typing import ClassVar, NamedTuple

import numpy as np

from ..binary_model import binary_model
from ..errors import CountIncomplete
from ..limits import check_limit
from ..puzzle import Puzzle
# the vocabularies, defined in the registry (kept here under their old names)
from ..registry import SAT_CLUE_MODES as CLUE_MODES  # noqa: F401
from ..registry import SAT_SOLVERS as SOLVERS  # noqa: F401
from ..result import ModelSize, Status
from ..stoppable import call_stoppable
from .base import Formulation, entry_points

ENCODINGS = ("minimal", "extended")
DEFAULT_SOLVER = "cadical195"
_STATS = ("decisions", "conflicts", "propagations")
_FIRST_SLICE = {"conflicts": 64, "decisions": 1024}  # CaDiCaL budget of the first slice
_MAX_SLICE_CONFLICTS = 4096  # so a slice overruns the time limit by little
_MAX_SLICE_DECISIONS = 1 << 20  # likewise; the budget is a C long (doubling overflowed it)
MAX_ARROW_TUPLES = 200_000
"""The most value tuples an arrow's selector encoding may have."""


@functools.cache
def rule_clauses(layout, encoding: str) -> tuple[np.ndarray, ...]:
    """The clauses of the rules of ``layout`` (a
    :class:`~sudoku_models.geometry.Layout` or an int order) in ``encoding`` (``"minimal"`` or
    ``"extended"``), as read-only int32 arrays of DIMACS literals, one array
    per clause width: at-least-one clauses ``(m, s)`` and at-most-one pairs
    ``(m, 2)``. Built from :func:`~sudoku_models.binary_model.binary_model`.
    Raises ``ValueError`` for an unknown encoding."""
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {', '.join(ENCODINGS)}, got {encoding!r}")
    model = binary_model(layout)
    at_least = ("cell", "row", "column", "box") if encoding == "extended" else ("cell",)
    at_most = ("row", "column", "box") + (("cell",) if encoding == "extended" else ())
    first, second = np.triu_indices(model.side, 1)
    literals = {family: (group + 1).astype(np.int32) for family, group in model.groups.items()}
    blocks = (
        np.concatenate([literals[f] for f in at_least]),
        np.concatenate([np.stack([-literals[f][:, first], -literals[f][:, second]], axis=2)
                        .reshape(-1, 2) for f in at_most]),
    )
    for block in blocks:
        block.setflags(write=False)
    return blocks


@functools.cache
def rule_clause_list(layout, encoding: str) -> list[list[int]]:
    """:func:`rule_clauses` as one list of clauses (lists of ints), the form
    PySAT takes; cached, do not modify."""
    return [clause for block in rule_clauses(layout, encoding) for clause in block.tolist()]


def variant_clauses(rules, encoding: str) -> tuple[list[list[int]], int]:
    """The clauses of a variant's constraints (see the module docstring) and
    the number of variables with the cage and arrow selectors, which follow
    the ``s**3`` cell variables. Raises ``ValueError`` for an arrow with more
    than :data:`MAX_ARROW_TUPLES` value tuples."""
    from itertools import combinations

    from ..rules import Arrow, Cage

    side, lowered = rules.layout.side, rules.lowered

    def literal(cell: int, value: int) -> int:  # value 0-based
        return cell * side + value + 1

    clauses: list[list[int]] = []
    for group, full in zip(lowered.groups, lowered.full):
        for k in range(side):
            lits = [literal(c, k) for c in group]
            clauses += [[-lits[a], -lits[b]] for a, b in combinations(range(len(lits)), 2)]
            if full and encoding == "extended":
                clauses.append(lits)
    for pair in lowered.pairs:
        clauses += [[-literal(pair.first, int(u)), -literal(pair.second, int(v))]
                    for u, v in np.argwhere(~pair.allowed)]
    for cell, mask in enumerate(lowered.domains.tolist()):
        clauses += [[-literal(cell, k)] for k in range(side) if not mask >> k & 1]
    top = side**3
    for cage in (c for c in rules.constraints if isinstance(c, Cage) and c.total is not None):
        selectors = []
        for digits in combinations(range(side), len(cage.cells)):
            if sum(digits) + len(digits) != cage.total:
                continue
            top += 1
            selectors.append(top)
            for k in range(side):
                if k in digits:
                    clauses.append([-top] + [literal(c, k) for c in cage.cells])
                else:
                    clauses += [[-top, -literal(c, k)] for c in cage.cells]
        clauses.append(selectors)  # empty when no digits reach the total: unsatisfiable
    for arrow in (c for c in rules.constraints if isinstance(c, Arrow)):
        cells = (*arrow.cells, arrow.circle)
        supports: dict[int, list[int]] = {}
        selectors = []
        for values in arrow_tuples(arrow, rules):
            top += 1
            selectors.append(top)
            for cell, value in zip(cells, values):
                clauses.append([-top, literal(cell, value - 1)])
                supports.setdefault(literal(cell, value - 1), []).append(top)
        clauses.append(selectors)  # empty when no tuple exists: unsatisfiable
        if encoding == "extended":
            clauses += [[-literal(cell, k), *supports.get(literal(cell, k), [])]
                        for cell in cells for k in range(side)]
    return clauses, top


def arrow_tuples(arrow, rules) -> list[tuple[int, ...]]:
    """The value tuples ``(v(cells[0]), ..., v(cells[-1]), v(circle))`` of
    ``arrow`` (values 1..N) that sum to the circle, where every two of these
    cells that the rules make differ (``rules.peer_matrix``) differ and every
    value is in its cell's domain (``rules.lowered.domains``). Raises
    ``ValueError`` past :data:`MAX_ARROW_TUPLES`."""
    side = rules.layout.side
    peers, domains = rules.peer_matrix, rules.lowered.domains.tolist()
    cells = list(arrow.cells)
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def extend(total: int) -> None:
        index = len(chosen)
        if index == len(cells):
            circle = arrow.circle
            if (domains[circle] >> (total - 1) & 1
                    and all(not peers[circle, c] or v != total for c, v in zip(cells, chosen))):
                found.append((*chosen, total))
                if len(found) > MAX_ARROW_TUPLES:
                    raise ValueError(f"arrow {arrow.label(rules.layout)}: more than "
                                     f"{MAX_ARROW_TUPLES:,} value tuples for the SAT encoding")
            return
        cell, left = cells[index], len(cells) - index - 1
        for value in range(1, side - total - left + 1):  # every later cell holds at least 1
            if domains[cell] >> (value - 1) & 1 and all(
                    not peers[cell, c] or v != value for c, v in zip(cells, chosen)):
                chosen.append(value)
                extend(total + value)
                chosen.pop()

    extend(0)
    return found


class SatInstance(NamedTuple):
    """What :meth:`SatFormulation.build` returns: ``clauses``, the rules as a
    list of clauses (lists of DIMACS literals; shared, do not modify), and
    ``clue_literals``, one positive literal per clue (assumptions or unit
    clauses, per the ``clues`` option)."""

    clauses: list[list[int]]
    clue_literals: list[int]


class SatFormulation(Formulation):
    """The binary model as CNF, solved by a PySAT solver.

    ``solver``: a PySAT solver name from
    :data:`sudoku_models.registry.SAT_SOLVERS` (default ``"cadical195"``,
    CaDiCaL 1.9.5); ``clues``: ``"assumptions"`` (default, one solver per
    order) or ``"units"`` (a fresh solver per puzzle). The time limit
    covers building the solver (loading the clauses) as well. The
    result's ``stats`` hold the solver's ``decisions``, ``conflicts`` and
    ``propagations`` for this puzzle. A nonzero ``seed`` turns on CaDiCaL's
    random variable shuffling with that seed (its options ``seed``,
    ``shuffle`` and ``shufflerandom``, ``options.hpp``; ``seed`` alone does
    not change a budgeted solve), for run-time distributions over seeds;
    seed 0 is CaDiCaL's default configuration. The other PySAT solvers have
    no seed and ignore it. ``threads`` and ``log`` are accepted and have no effect
    (PySAT's solvers are sequential and silent).
    Raises ``ValueError`` for an unknown solver or clue mode.
    """

    encoding: ClassVar[str]

    def __init__(self, layout=3, *, solver: str = DEFAULT_SOLVER,
                 clues: str = "assumptions", **options) -> None:
        super().__init__(layout, **options)
        self.solver = self._option("solver", solver)
        self.clues = self._option("clues", clues)
        if solver != DEFAULT_SOLVER:  # the instance reports the solver it runs
            self.solver_name = functools.partial(_solver_label, solver)
        self._sat = None  # the PySAT solver holding the rules (and, in units mode, the clues)
        self._clue_literals: list[int] = []

    # -- Formulation ------------------------------------------------------

    def _build_rules(self) -> None:
        self._clauses = rule_clause_list(self.layout, self.encoding)
        self._num_vars = self.side**3
        if not self.rules.classic:
            extra, self._num_vars = variant_clauses(self.rules, self.encoding)
            self._clauses = self._clauses + extra

    def _load_clues(self, puzzle: Puzzle) -> None:
        self._clue_literals = (binary_model(self.layout).clue_vars(puzzle.grid) + 1).tolist()
        if self.clues == "units":
            self._discard_solver()
            self._sat = self._new_solver()
            for literal in self._clue_literals:
                self._sat.add_clause([literal])
        elif self._sat is None:
            self._sat = self._new_solver()

    def _native_model(self) -> SatInstance:
        return SatInstance(self._clauses, self._clue_literals)

    def _run(self):
        assumptions = self._clue_literals if self.clues == "assumptions" else []
        before = self._sat.accum_stats()
        try:
            answer = self._solve(self._sat, assumptions, self._deadline)
        except BaseException:  # Ctrl-C inside the solver: its state is not to be trusted
            self._discard_solver()
            raise
        after = self._sat.accum_stats()
        stats = {key: int(after.get(key, 0) - before.get(key, 0)) for key in _STATS}
        if answer is None:
            return Status.TIME_LIMIT, None, stats, None
        if not answer:
            return Status.INFEASIBLE, None, stats, None
        return Status.OPTIMAL, self._grid_values(self._sat.get_model()), stats, None

    def size(self) -> ModelSize:
        """Variables, clauses and literals of the CNF handed to the solver:
        the rules, plus one unit clause per clue when ``clues="units"``."""
        units = len(self._clue_literals) if self.clues == "units" else 0
        if not self.rules.classic:
            if not self._built:
                self._build_rules()
                self._built = True
            return ModelSize(variables=self._num_vars, constraints=len(self._clauses) + units,
                             nonzeros=sum(map(len, self._clauses)) + units)
        blocks = rule_clauses(self.layout, self.encoding)
        return ModelSize(variables=self.side**3, constraints=sum(len(b) for b in blocks) + units,
                         nonzeros=sum(b.size for b in blocks) + units)

    @staticmethod
    def solver_name() -> str:
        """``"PySAT <version> <solver>"`` of the default solver (an instance
        made with another ``solver`` reports that one)."""
        return _solver_label(DEFAULT_SOLVER)

    # -- counting and export ----------------------------------------------

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None,
                        time_limit: float | None = None) -> int:
        """Number of solutions of ``puzzle``, stopping at ``limit`` (None: all).

        A fresh solver holds the rules and the clues as unit clauses; after
        each solution a blocking clause (the negation of its ``s*s`` true
        cell literals) is added and the solver is called again. The fresh
        solver keeps the blocking clauses away from later puzzles.
        Contradictory clues give 0. Raises ``CountIncomplete`` when the time
        limit (as :meth:`Formulation.count_solutions`) or Ctrl-C ends the
        count, ``ValueError`` for a bad limit or order.
        """
        check_limit(limit)
        deadline = self._start_count(time_limit)
        self._prepare(puzzle)
        solver = self._new_solver()
        count = 0
        try:
            for literal in self._clue_literals:
                solver.add_clause([literal])
            while limit is None or count < limit:
                answer = self._solve(solver, [], deadline)
                if answer is None:
                    raise CountIncomplete(count, "time limit")
                if not answer:
                    break
                count += 1
                model = np.asarray(solver.get_model()[: self.side**3])
                solver.add_clause((-model[model > 0]).tolist())
            return count
        except KeyboardInterrupt:
            raise CountIncomplete(count, "interrupted") from None
        finally:
            solver.delete()

    def export(self, puzzle: Puzzle, path, fmt: str = "cnf") -> Path:
        """Write ``puzzle`` as DIMACS CNF to ``path``: the rules of this
        encoding plus one unit clause per clue, after a comment header that
        maps each variable to its 1-based (row, column, value), e.g.
        ``c 14 x_r1_c2_v5``. Returns the path. Raises ``ValueError`` for a
        format other than ``"cnf"`` or a puzzle of another layout."""
        if fmt != "cnf":
            super().export(puzzle, path, fmt)
        self._prepare(puzzle)
        model = binary_model(self.layout)
        path = Path(path)
        clauses = len(self._clauses) + len(self._clue_literals)
        with path.open("w") as out:
            out.write(f"c Sudoku, {self.layout.name}, "
                      f"{self.name}: {self.info().description}\n")
            out.write(f"c puzzle {puzzle.to_string()}\n")
            out.write("c variable x_rR_cC_vV is true when row R, column C holds V (1-based)\n")
            out.writelines(f"c {v + 1} {model.var_name(v)}\n" for v in range(model.num_vars))
            if self._num_vars > model.num_vars:
                out.write(f"c {model.num_vars + 1}..{self._num_vars}: cage digit-set selectors\n")
            out.write(f"p cnf {self._num_vars} {clauses}\n")
            for block in rule_clauses(self.layout, self.encoding):
                np.savetxt(out, np.column_stack([block, np.zeros(len(block), np.int32)]), fmt="%d")
            rules = len(rule_clause_list(self.layout, self.encoding))
            out.writelines(" ".join(map(str, c)) + " 0\n" for c in self._clauses[rules:])
            out.writelines(f"{literal} 0\n" for literal in self._clue_literals)
        return path

    # -- helpers ----------------------------------------------------------

    def _new_solver(self):
        from pysat.solvers import Solver

        solver = Solver(name=self.solver, bootstrap_with=self._clauses)
        if self.seed and self.solver.startswith("cadical"):  # seed alone changes nothing here
            solver.solver.configure({"seed": int(self.seed), "shuffle": 1, "shufflerandom": 1})
        return solver

    def _discard_solver(self) -> None:
        if self._sat is not None:
            self._sat.delete()
            self._sat = None

    def _grid_values(self, model: list[int]) -> np.ndarray:
        values = np.asarray(model[: self.side**3]).reshape(-1, self.side)
        return np.argmax(values > 0, axis=1) + 1

    def _solve(self, solver, assumptions: list[int], deadline: float | None):
        """True (satisfiable), False (unsatisfiable) or None (stopped at
        ``deadline``, a ``time.perf_counter()`` value; None: no limit)."""
        if self.solver.startswith("cadical"):
            return _solve_in_slices(solver, assumptions, deadline)
        return _solve_interruptible(solver, assumptions, deadline)


@functools.cache
def _solver_label(solver: str) -> str:
    import pysat

    return f"PySAT {pysat.__version__} {solver}"


def _solve_limited(solver, assumptions: list[int], expect_interrupt: bool = False):
    """``solver.solve_limited``. In the main thread PySAT takes SIGINT over
    during the call and on Ctrl-C jumps out of the solver (``longjmp``),
    raising "Caught keyboard interrupt": the solver is then abandoned
    (:func:`_abandon`) and ``KeyboardInterrupt`` raised."""
    try:
        return solver.solve_limited(assumptions=assumptions, expect_interrupt=expect_interrupt)
    except Exception as error:
        if "keyboard interrupt" not in str(error).lower():
            raise
        _abandon(solver)
        raise KeyboardInterrupt from None


def _abandon(solver) -> None:
    """Drop the handle of a native solver that PySAT jumped out of: its
    memory is left inconsistent, and freeing it crashed the process
    ("munmap_chunk(): invalid pointer"). The memory is leaked instead;
    ``delete()`` and the garbage collector then leave it alone."""
    native = getattr(solver, "solver", None)
    for name, value in list(vars(native).items()) if native is not None else []:
        if type(value).__name__ == "PyCapsule":
            setattr(native, name, None)


def _solve_interruptible(solver, assumptions: list[int], deadline: float | None):
    """A solver with ``interrupt()``: ``solve_limited`` watched by
    :func:`sudoku_models.stoppable.call_stoppable`, which interrupts it at
    the deadline (a solver call would otherwise hold off the clock until it
    returned)."""
    answer, reason = call_stoppable(lambda: _solve_limited(solver, assumptions, True),
                                    solver.interrupt, deadline)
    solver.clear_interrupt()
    if reason == "interrupted":
        raise KeyboardInterrupt
    return answer


def _solve_in_slices(solver, assumptions: list[int], deadline: float | None):
    """CaDiCaL: ``solve_limited`` under a conflict budget, slice after slice,
    so that Python gets control between slices (PySAT's CaDiCaL does not
    take ``interrupt()``; Ctrl-C: :func:`_solve_limited`). With a
    ``deadline`` the slices start small (64 conflicts, 1,024 decisions) and
    double, and the clock is checked in between; without one a slice is
    4,096 conflicts, which a 9x9 puzzle never needs, so its statistics are
    those of one call. What the solver learnt is kept across slices."""
    conflicts, decisions = _FIRST_SLICE["conflicts"], _FIRST_SLICE["decisions"]
    if deadline is None:
        conflicts, decisions = _MAX_SLICE_CONFLICTS, -1
    while deadline is None or time.perf_counter() < deadline:
        solver.conf_budget(conflicts)
        solver.dec_budget(decisions)
        answer = _solve_limited(solver, assumptions)
        if answer is not None:
            return answer
        conflicts = min(2 * conflicts, _MAX_SLICE_CONFLICTS)
        decisions = -1 if deadline is None else min(2 * decisions, _MAX_SLICE_DECISIONS)
    return None


class SatMinimalFormulation(SatFormulation):
    """Minimal encoding: cell at-least-one, at-most-one per value in each
    row, column and box. Options as :class:`SatFormulation`."""

    name = "sat-minimal"
    encoding = "minimal"


class SatExtendedFormulation(SatFormulation):
    """Extended encoding: the minimal one plus cell at-most-one and house
    at-least-one. Options as :class:`SatFormulation`."""

    name = "sat-extended"
    encoding = "extended"


build_minimal, solve_minimal = entry_points(SatMinimalFormulation)
build_extended, solve_extended = entry_points(SatExtendedFormulation)
