"""SAT: the binary assignment model as CNF clauses, solved by PySAT.

The formulations ``sat-minimal`` and ``sat-extended``: the rules' clauses
(:mod:`.encoding`: Lynce and Ouaknine's minimal and extended encodings),
a variant's clauses (:mod:`.variant_clauses`), handed to a PySAT solver
and run within the time limit (:mod:`.time_slices`).

Clues are either assumptions (``clues="assumptions"``, the default: one
solver instance holds the rules and serves every puzzle of a file, keeping
what it learnt, which is implied by the rules alone) or unit clauses
(``clues="units"``: unit clauses cannot be taken back, so every puzzle gets
a fresh solver loaded with the rules and its clues). Measured on top95,
17clue and generated 16x16 puzzles (benchmarks/README.md, "SAT, and SCIP
for the MILP"), assumptions are 4 to 60 times faster on median: copying the
~10,000 rule clauses of a 9x9 into a new solver costs more than solving.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import ClassVar, NamedTuple

import numpy as np

from ...deadline import Deadline
from ...errors import CountIncomplete
from ... import limits
from ...limits import check_limit
from ...puzzle import Puzzle
from ...result import ModelSize, Status
from ..base import Formulation, entry_points
from ..binary.model import binary_model
from .encoding import rule_clause_list, rule_clauses
from .time_slices import solve_in_slices, solve_interruptible
from .variant_clauses import estimated_bytes as clause_estimate, variant_clauses

DEFAULT_SOLVER = "cadical195"
_AUXILIARY = {"sets": "cage digit-set selectors",
              "totalizer": "cage order-encoding and totalizer variables"}
_STATS = ("decisions", "conflicts", "propagations")


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
    order) or ``"units"`` (a fresh solver per puzzle); ``cage``: a killer
    cage's total by its digit-set selectors (``"sets"``, default) or as a
    totalizer over its cells' order encoding (``"totalizer"``); ``prune``:
    True (default) rules out the digits no digit set of a cage holds (unit
    clauses). Sources and what each form propagates:
    :mod:`.variant_clauses`. The time limit
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
                 clues: str = "assumptions", cage: str = "sets", prune: bool = True,
                 **options) -> None:
        super().__init__(layout, **options)
        self.solver = self._option("solver", solver)
        self.clues = self._option("clues", clues)
        self.cage = self._option("cage", cage)
        self.prune = self._option("prune", prune)
        if solver != DEFAULT_SOLVER:  # the instance reports the solver it runs
            self.solver_name = functools.partial(_solver_label, solver)
        self._sat = None  # the PySAT solver holding the rules (and, in units mode, the clues)
        self._clue_literals: list[int] = []

    @property
    def _cell_vars(self) -> int:
        """The variables x[c, k] (``s*s*V``), numbered first."""
        return self.layout.cells * self.num_values

    # -- Formulation ------------------------------------------------------

    def _build_rules(self) -> None:
        self._clauses = rule_clause_list(self.layout, self.encoding)
        self._num_vars = self._cell_vars
        if not self.rules.classic:
            extra, self._num_vars = variant_clauses(self.rules, self.encoding, self.cage,
                                                    self.prune)
            self._clauses = self._clauses + extra

    def _estimated_bytes(self):
        """The clauses of the automaton lines
        (:func:`~.variant_clauses.estimated_bytes`), the part of a variant's
        CNF that grows past the others (with the square of the states)."""
        return None if self.rules.classic else clause_estimate(self.rules, limits.MODEL_BYTES)

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
        return ModelSize(variables=self._cell_vars, constraints=sum(len(b) for b in blocks) + units,
                         nonzeros=sum(b.size for b in blocks) + units)

    @staticmethod
    def solver_name() -> str:
        """``"PySAT <version> <solver>"`` of the default solver (an instance
        made with another ``solver`` reports that one)."""
        return _solver_label(DEFAULT_SOLVER)

    # -- counting and export ----------------------------------------------

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None,
                        time_limit: float | None = None,
                        cpu_limit: float | None = None) -> int:
        """Number of solutions of ``puzzle``, stopping at ``limit`` (None: all).

        A fresh solver holds the rules and the clues as unit clauses; after
        each solution a blocking clause (the negation of its ``s*s`` true
        cell literals) is added and the solver is called again. The fresh
        solver keeps the blocking clauses away from later puzzles.
        Contradictory clues give 0. Raises ``CountIncomplete`` when the time
        or CPU limit (as :meth:`Formulation.count_solutions`) or Ctrl-C ends the
        count, ``ValueError`` for a bad limit or order.
        """
        check_limit(limit)
        deadline = self._start_count(time_limit, cpu_limit)
        if not self._ready_in_time(puzzle, self._prepare):
            raise CountIncomplete(0, "time limit")
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
                model = np.asarray(solver.get_model()[: self._cell_vars])
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
                out.write(f"c {model.num_vars + 1}..{self._num_vars}: auxiliary variables "
                          f"(cage={self.cage}: {_AUXILIARY[self.cage]}; arrow selectors)\n")
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
        values = np.asarray(model[: self._cell_vars]).reshape(-1, self.num_values)
        return np.argmax(values > 0, axis=1) + 1

    def _solve(self, solver, assumptions: list[int], deadline: Deadline):
        """True (satisfiable), False (unsatisfiable) or None (stopped at
        ``deadline``, wall or CPU)."""
        if self.solver.startswith("cadical"):
            return solve_in_slices(solver, assumptions, deadline)
        return solve_interruptible(solver, assumptions, deadline)


@functools.cache
def _solver_label(solver: str) -> str:
    import pysat

    return f"PySAT {pysat.__version__} {solver}"


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
