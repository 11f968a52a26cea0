"""Matrix: the solver-based MILP of MATLAB's ``sudokuEngine``, straight into HiGHS.

Source: MATLAB's "Solve Sudoku Puzzles via Integer Programming: Solver-Based"
(seed 000). The 9 x 9 x 9 binary array ``x`` is flattened in MATLAB's
column-major order (``x(i, j, k)`` is column ``i + 9(j-1) + 81(k-1)``,
1-based), and ``sudokuEngine`` builds, in this order, the rows of
``Aeq * x = beq``:

1. for each column j and value k: sum over rows i of x(i, j, k) = 1
   (the seed's comment calls these "one in each row");
2. for each row i and value k: sum over columns j = 1;
3. for each box (U, V) and value k: sum over the box = 1;
4. for each cell (i, j): sum over values k = 1 ("one in each depth").

``lb`` is 0 with 1 at every clue, ``ub`` is 1, all columns are integer and
``f = (1:N)'``. The arrays are built with numpy/scipy and passed to highspy
(``Highs.passModel``, HiGHS docs "Python: highspy") with no modelling layer:
this is the baseline the Pyomo model's overhead is measured against. A new
puzzle only changes the clue columns' bounds (``changeColsBounds``).
"""

from __future__ import annotations

from dataclasses import dataclass

import highspy
import numpy as np
import scipy.sparse as sp

from ..puzzle import Puzzle
from ..result import ModelSize
from .base import Formulation, entry_points
from .highs_model import HighsModel, count_with_no_good_cuts, highs_version
from .objectives import OBJECTIVES, check_objective, tiebreak_costs

@dataclass(frozen=True)
class EngineMatrices:
    """The data of ``intlinprog(f, intcon, [], [], Aeq, beq, lb, ub)``.

    ``Aeq``: ``(4*s*s, s**3)`` sparse CSR 0/1 matrix (324 x 729 for 9x9);
    ``beq``: ``(4*s*s,)`` ones; ``lb``, ``ub``, ``f``: ``(s**3,)`` in
    column-major order of the ``(s, s, s)`` array. 0-based here.
    """

    Aeq: sp.csr_matrix
    beq: np.ndarray
    lb: np.ndarray
    ub: np.ndarray
    f: np.ndarray


def column(i: int, j: int, k: int, side: int) -> int:
    """0-based column of x(i, j, k) (0-based indices) in MATLAB's ``x(:)``."""
    return i + side * j + side * side * k


def engine_matrices(puzzle: Puzzle) -> EngineMatrices:
    """Build ``Aeq``, ``beq``, ``lb``, ``ub`` and ``f`` exactly as
    ``sudokuEngine(B)`` does, for a puzzle of any order."""
    n, s = puzzle.order, puzzle.side
    index = np.arange(s**3).reshape((s, s, s), order="F")  # index[i, j, k] = column
    groups = [index[:, j, k] for j in range(s) for k in range(s)]
    groups += [index[i, :, k] for i in range(s) for k in range(s)]
    groups += [
        index[u : u + n, v : v + n, k].ravel(order="F")
        for u in range(0, s, n) for v in range(0, s, n) for k in range(s)
    ]
    groups += [index[i, j, :] for i in range(s) for j in range(s)]
    columns = np.concatenate(groups)
    rows = np.repeat(np.arange(len(groups)), s)
    Aeq = sp.csr_matrix((np.ones(len(columns)), (rows, columns)), shape=(len(groups), s**3))
    lb = np.zeros(s**3)
    r, c = np.nonzero(puzzle.grid)
    lb[column(r, c, puzzle.grid[r, c] - 1, s)] = 1
    f = tiebreak_costs(s).ravel(order="F").astype(float)
    return EngineMatrices(Aeq, np.ones(len(groups)), lb, np.ones(s**3), f)


class MatrixFormulation(Formulation):
    """MATLAB's solver-based matrices passed to HiGHS through highspy.

    ``objective``: ``"feasibility"`` (default) or ``"tiebreak"`` (the seed's
    ``f``; on the seed puzzle HiGHS reports 29565, as intlinprog). After
    :meth:`build`, ``matrices`` holds :class:`EngineMatrices` (``lb`` showing
    the current clues) and ``highs`` the ``highspy.Highs`` instance, which
    :meth:`build` returns. Raises ``ValueError`` for an unknown
    objective.
    """

    name = "matrix"
    description = "MATLAB sudokuEngine's Aeq, beq, lb, ub, f passed straight to HiGHS (highspy)"
    objectives = OBJECTIVES

    def __init__(self, order: int = 3, *, objective: str = "feasibility", **options) -> None:
        super().__init__(order, **options)
        self.objective = check_objective(objective)
        self.matrices: EngineMatrices | None = None
        self.highs_model: HighsModel | None = None
        self.highs: highspy.Highs | None = None
        self._clue_columns = np.zeros(0, dtype=np.int64)

    def _build_rules(self) -> None:
        self.matrices = m = engine_matrices(Puzzle(np.zeros((self.side, self.side)), self.order))
        cost = m.f if self.objective == "tiebreak" else np.zeros_like(m.f)
        self.highs_model = HighsModel(m.Aeq, m.beq, m.beq, m.lb, m.ub, cost, np.ones(len(cost), bool))
        self.highs = self.highs_model.highs

    def _load_clues(self, puzzle: Puzzle) -> None:
        r, c = np.nonzero(puzzle.grid)
        clues = column(r, c, puzzle.grid[r, c] - 1, self.side)
        changed = np.union1d(self._clue_columns, clues)
        self.highs_model.set_bounds(changed, np.isin(changed, clues), np.ones(len(changed)))
        self.matrices.lb[self._clue_columns] = 0
        self.matrices.lb[clues] = 1
        self._clue_columns = clues

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None) -> int:
        """Number of solutions of ``puzzle`` by HiGHS with no-good cuts
        (see :func:`~.highs_model.count_with_no_good_cuts`), up to ``limit``."""
        self.build(puzzle)
        return count_with_no_good_cuts(self.highs_model, np.arange(self.side**3), limit)

    def _native_model(self) -> highspy.Highs:
        return self.highs

    def _run(self):
        status, values, stats, objective = self.highs_model.run(
            log=self.log, threads=self.threads, seed=self.seed, time_limit=self.time_limit
        )
        if not status.solved:
            return status, None, stats, None
        x = values.reshape((self.side,) * 3, order="F")
        return status, np.argmax(x, axis=2).ravel() + 1, stats, objective

    def size(self) -> ModelSize:
        rows, cols = self.highs_model.shape
        return ModelSize(variables=cols, constraints=rows, nonzeros=self.highs_model.nonzeros)

    @staticmethod
    def solver_name() -> str:
        return highs_version()


build, solve = entry_points(MatrixFormulation)
