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

import dataclasses
from dataclasses import dataclass

import highspy
import numpy as np
import scipy.sparse as sp

from ..binary.model import binary_model
from ...puzzle import Puzzle
from .backends import LinearProblem
from ..base import entry_points
from ..binary.variant_rows import BinaryRowOptions, binary_rules, rule_matrix
from .linear import LinearFormulation
from .objectives import tiebreak_costs

# sudokuEngine's row blocks, as families of the binary model (see module docstring)
ENGINE_FAMILIES = ("column", "row", "box", "cell")


@dataclass(frozen=True)
class EngineMatrices:
    """The data of ``intlinprog(f, intcon, [], [], Aeq, beq, lb, ub)``.

    ``Aeq``: ``(4*s*s, s**3)`` sparse CSR 0/1 matrix (324 x 729 for 9x9; a Latin
    square has no box rows);
    ``beq``: ``(4*s*s,)`` ones; ``lb``, ``ub``, ``f``: ``(s**3,)`` in
    column-major order of the ``(s, s, s)`` array. 0-based here. A variant
    adds ``b_lower <= A x <= b_upper`` (its rows from
    :func:`.binary_rules.rule_matrix`; None for classic rules), over ``x``
    and, after its ``s**3`` columns, the binaries of the digit-set forms
    (``extra`` names them; bounds 0..1, cost 0).
    """

    Aeq: sp.csr_matrix
    beq: np.ndarray
    lb: np.ndarray
    ub: np.ndarray
    f: np.ndarray
    A: sp.csr_matrix | None = None
    b_lower: np.ndarray | None = None
    b_upper: np.ndarray | None = None
    extra: tuple[str, ...] = ()


def column(i, j, k, side: int):
    """0-based column of x(i, j, k) (0-based indices) in MATLAB's ``x(:)``;
    elementwise on int arrays."""
    return i + side * j + side * side * k


def engine_columns(layout) -> np.ndarray:
    """MATLAB's column of every variable of the binary model of ``layout`` (a
    :class:`~sudoku_models.core.geometry.Layout` or an int order): ``(s**3,)``,
    indexed by :class:`~.binary_model.BinaryModel` variable
    number."""
    model = binary_model(layout)
    return column(*model.cell_value(np.arange(model.num_vars)), model.side)


def engine_matrices(puzzle: Puzzle) -> EngineMatrices:
    """Build ``Aeq``, ``beq``, ``lb``, ``ub`` and ``f`` exactly as
    ``sudokuEngine(B)`` does, for a puzzle of any layout: the rows are the
    groups of the binary model's families in sudokuEngine's order
    (:data:`ENGINE_FAMILIES`), the columns MATLAB's column-major ``x(:)``."""
    model = binary_model(puzzle.layout)
    s = model.side
    to_column = engine_columns(puzzle.layout)
    groups = np.concatenate([model.groups[f] for f in ENGINE_FAMILIES])
    rows = np.repeat(np.arange(len(groups)), s)
    Aeq = sp.csr_matrix((np.ones(groups.size), (rows, to_column[groups.ravel()])),
                        shape=(len(groups), s**3))
    lb = np.zeros(s**3)
    lb[to_column[model.clue_vars(puzzle.grid)]] = 1
    f = tiebreak_costs(s).ravel(order="F").astype(float)
    return EngineMatrices(Aeq, np.ones(len(groups)), lb, np.ones(s**3), f)


class MatrixFormulation(BinaryRowOptions, LinearFormulation):
    """MATLAB's solver-based matrices passed to HiGHS through highspy.

    ``objective``: ``"feasibility"`` (default) or ``"tiebreak"`` (the seed's
    ``f``; on the seed puzzle HiGHS reports 29565, as intlinprog);
    ``cage``, ``order``, ``arrow``, ``prune`` and ``rule45``: the forms of a variant's
    rows, as for :class:`~.pyomo_binary.MilpFormulation` (sources and what
    each strengthens: :mod:`.binary_rules`); ``solver_options`` and ``stats`` as
    :class:`~.linear.LinearFormulation` (the solver is HiGHS: this method
    exists to pass MATLAB's arrays straight to it). After :meth:`build`,
    ``matrices`` holds :class:`EngineMatrices` (``lb`` showing the current
    clues) and ``highs`` the ``highspy.Highs`` instance, which :meth:`build`
    returns: changes made to it are part of the next solve. Raises
    ``ValueError`` for an unknown objective.
    """

    name = "matrix"

    def __init__(self, layout=3, *, objective: str = "feasibility", **options) -> None:
        super().__init__(layout, **options)
        self.objective = self._option("objective", objective)
        self.matrices: EngineMatrices | None = None
        self.highs: highspy.Highs | None = None
        self._clue_columns = np.zeros(0, dtype=np.int64)

    def _build_rules(self) -> None:
        self.matrices = m = engine_matrices(Puzzle(np.zeros((self.side, self.side)), self.layout))
        cost = m.f if self.objective == "tiebreak" else np.zeros_like(m.f)
        A, lower, upper, extra = m.Aeq, m.beq, m.beq, 0
        if not self.rules.classic:  # a variant's rows below sudokuEngine's (binary_rules)
            described = binary_rules(self.rules, **self.forms)
            extra = len(described.extra)
            columns = np.concatenate([engine_columns(self.layout),
                                      self.side**3 + np.arange(extra)])
            self.matrices = m = dataclasses.replace(
                m, extra=described.extra,
                **dict(zip(("A", "b_lower", "b_upper"), rule_matrix(described, columns))))
            A = sp.vstack([sp.hstack([m.Aeq, sp.csr_matrix((len(m.beq), extra))]), m.A],
                          format="csr")
            lower, upper = np.concatenate([m.beq, m.b_lower]), np.concatenate([m.beq, m.b_upper])
        self._load_backend(LinearProblem(A, lower, upper, np.concatenate([m.lb, np.zeros(extra)]),
                                         np.concatenate([m.ub, np.ones(extra)]),
                                         np.concatenate([cost, np.zeros(extra)]),
                                         np.ones(len(cost) + extra, bool)))
        self.highs = self.backend.native

    def _load_clues(self, puzzle: Puzzle) -> None:
        r, c = np.nonzero(puzzle.grid)
        clues = column(r, c, puzzle.grid[r, c] - 1, self.side)
        changed = np.union1d(self._clue_columns, clues)
        self.backend.set_bounds(changed, np.isin(changed, clues), np.ones(len(changed)))
        self.matrices.lb[self._clue_columns] = 0
        self.matrices.lb[clues] = 1
        self._clue_columns = clues

    def _native_model(self) -> highspy.Highs:
        return self.highs

    def _binary_columns(self) -> np.ndarray:
        return np.arange(self.side**3)

    def _x_columns(self) -> np.ndarray:
        return engine_columns(self.layout).reshape(-1, self.side)

    def _grid_values(self, column_values: np.ndarray) -> np.ndarray:
        x = column_values[: self.side**3].reshape((self.side,) * 3, order="F")
        return np.argmax(x, axis=2).ravel() + 1

    def _column_names(self) -> list[str]:
        model = binary_model(self.layout)
        names = [""] * model.num_vars
        for var, col in enumerate(engine_columns(self.layout).tolist()):
            names[col] = model.var_name(var)
        return names + list(self.matrices.extra)

    def _row_names(self) -> list[str]:
        model = binary_model(self.layout)
        names = [label for family in ENGINE_FAMILIES for label in model.labels(family)]
        if not self.rules.classic:  # the variant's rows, then its zeros (rule_matrix's order)
            described = binary_rules(self.rules, **self.forms)
            names += [row.label for row in described.rows]
            names += [f"zero_{model.var_name(v)}" for v in described.zeros.tolist()]
        return names


build, solve = entry_points(MatrixFormulation)
