"""MILP-alldiff: integer cells with AllDifferent rewritten for a MILP solver.

Source: the Engee/JuMP seed (003) handed its AllDifferent CP model to HiGHS,
which needed 1.7 s and 8,783 LP iterations on a 25-clue puzzle, against 0 for
the binary model. Here the rewrite is explicit: one integer ``y[c]`` in
``1..n*n`` per cell, and for every pair of peers ``(a, b)`` the disjunction
``y[a] <= y[b] - 1  OR  y[a] >= y[b] + 1``, written as a Pyomo GDP
``Disjunction`` and transformed to a MILP by big-M (``gdp.bigm``, default) or
by the hull reformulation (``gdp.hull``) (Pyomo docs: "Generalized
Disjunctive Programming"). 810 disjunctions for 9 x 9. The weak LP relaxation
makes it slow (seconds per hard puzzle): that contrast with the binary model
is the point. A variant adds a disjunction for every pair of cells its
all-different groups make differ (extra regions, cages without totals,
anti-knight and anti-king: :attr:`~sudoku_models.core.rules.Rules.peer_matrix`);
sums and relations are not modelled (the registry refuses them).
"""

from __future__ import annotations

import numpy as np
import pyomo.environ as pyo
from pyomo.gdp import Disjunction

from ...puzzle import Puzzle
from ..base import entry_points
from .pyomo_model import PyomoFormulation


class MilpAllDiffFormulation(PyomoFormulation):
    """Integer cells with pairwise peer disequalities (Pyomo GDP), HiGHS or SCIP.

    ``transformation``: ``"bigm"`` (default) or ``"hull"``; ``solver``,
    ``solver_options`` and ``stats`` as :class:`~.linear.LinearFormulation`.
    After :meth:`build`, ``model.y`` are the cells and ``model.different``
    the (transformed) disjunctions. Counts solutions with no-good cuts on the
    disjunctions' indicator binaries (the order of every pair of peers: in a
    house holding every value once, that order fixes the values). Raises
    ``ValueError`` for an unknown transformation.
    """

    name = "milp-alldiff"
    BUILD_SECONDS_PER_PAIR = 1.3e-3  # Pyomo GDP build + transformation, measured on orders 3, 4

    def __init__(self, layout=3, *, transformation: str = "bigm", **options) -> None:
        super().__init__(layout, **options)
        self.transformation = self._option("transformation", transformation)

    def solve(self, puzzle: Puzzle):
        """As :meth:`Formulation.solve`, but the time and CPU limits cover
        the build: a first build expected to take longer than either limit
        (``BUILD_SECONDS_PER_PAIR`` x peer pairs: 810 for 9x9, 4,992 for
        16x16, 2.3 GB and minutes for 36x36) is not started, and the result is
        TIME_LIMIT with ``stats["expected build seconds"]``."""
        from ...result import ModelSize, SolveResult, Status

        expected = self.BUILD_SECONDS_PER_PAIR * len(self._pairs())
        limits = [limit for limit in (self.time_limit, self.cpu_limit) if limit is not None]
        if (limits and not self._built and expected > min(limits)
                and puzzle.layout == self.layout):
            return SolveResult(self.name, Status.TIME_LIMIT, None, 0.0, 0.0,
                               ModelSize(self.side**2, 0, 0),
                               {"expected build seconds": round(expected)}, self.solver_name(),
                               time_limit=self.time_limit, cpu_limit=self.cpu_limit)
        return super().solve(puzzle)

    def _pairs(self) -> np.ndarray:
        """``(P, 2)`` cells that must differ, ``first < second``: the
        layout's peers and, for a variant, the pairs of its all-different
        groups (extra regions, cages without totals, anti-knight, anti-king)."""
        if self.rules.classic:
            return self.layout.peer_pairs
        return np.argwhere(np.triu(self.rules.peer_matrix, 1))

    def _build_rules(self) -> None:
        s = self.side
        pairs = self._pairs().tolist()
        m = pyo.ConcreteModel(name=f"sudoku_milp_alldiff_{s}x{s}")
        m.cells = pyo.RangeSet(0, s * s - 1)
        m.y = pyo.Var(m.cells, domain=pyo.Integers, bounds=(1, s))
        m.pairs = pyo.RangeSet(0, len(pairs) - 1)
        m.different = Disjunction(
            m.pairs,
            rule=lambda m, p: [m.y[pairs[p][0]] <= m.y[pairs[p][1]] - 1,
                               m.y[pairs[p][0]] >= m.y[pairs[p][1]] + 1],
        )
        m.obj = pyo.Objective(expr=0)
        pyo.TransformationFactory(f"gdp.{self.transformation}").apply_to(m)
        self._model = m

    def _load_clues(self, puzzle: Puzzle) -> None:
        """A clue fixes its cell's ``y`` by both bounds; another cell's are 1 and n*n."""
        grid = puzzle.grid.ravel().astype(float)
        self._set_bounds(self._model.y, np.where(grid > 0, grid, 1.0),
                         np.where(grid > 0, grid, float(self.side)))

    def _grid_values(self, column_values: np.ndarray) -> np.ndarray:
        if "y" not in self._cache:
            self._cache["y"] = self._columns(self._model.y.values())
        return np.rint(column_values[self._cache["y"]]).astype(np.int64)

    def _binary_columns(self) -> np.ndarray:
        if "indicators" not in self._cache:
            self._cache["indicators"] = self._columns(
                disjunct.binary_indicator_var for disjunction in self._model.different.values()
                for disjunct in disjunction.disjuncts)
        return self._cache["indicators"]

    def _var_name(self, var) -> str:
        if var.parent_component() is self._model.y:
            r, c = divmod(var.index(), self.side)
            return f"y_r{r + 1}_c{c + 1}"
        return super()._var_name(var)


build, solve = entry_points(MilpAllDiffFormulation)
