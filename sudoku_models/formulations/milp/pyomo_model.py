"""Pyomo models compiled into any MILP back-end.

Pyomo builds the model; when it is first solved, :func:`standard_form` turns
it into sparse matrix form, a :class:`~.backends.LinearProblem`, which goes
to the back-end the ``solver`` option names once (HiGHS or SCIP:
:mod:`.backends`), so a HiGHS/SCIP comparison measures solvers, not
interfaces. For each new puzzle the changed variable bounds go straight to
the back-end's own model as column bounds (:meth:`PyomoFormulation._set_bounds`,
numpy arrays: no Pyomo work per puzzle); the Pyomo variables get them when
the model is compiled or handed out (:meth:`~.base.Formulation.build`,
:attr:`PyomoFormulation.model`), so the Pyomo model a caller sees always
shows the current puzzle. When :meth:`build` has handed the Pyomo model to
the caller, the next solve compiles it again, so a constraint the caller
added or a bound they changed is part of that solve.

This plays the role of Pyomo's persistent solver interfaces without their
per-solve cost: measured on top95, the persistent HiGHS interface's
``solve()`` (``pyomo.contrib.solver.solvers.highs.Highs``) added about 4 ms
per puzzle to HiGHS's 5.5 ms (it switches HiGHS's log on and captures it
through a pipe, and maps every variable back), which would make the Pyomo
model look slower than the solver-based one for reasons that have nothing to
do with modelling; the persistent SCIP interface
(``pyomo.contrib.solver.solvers.scip.scip_persistent``) likewise re-walks
the model for changes on every solve.
"""

from __future__ import annotations

import logging
import re
from typing import NamedTuple

import numpy as np
import pyomo.core as pyo  # not pyomo.environ: its solver plugins cost 0.2 s of start-up
from pyomo.common.collections import ComponentMap
from pyomo.core.base import SortComponents
from pyomo.repn.linear import LinearRepnVisitor
from pyomo.repn.util import VarRecorder

from ...stoppable import DropStopReports
from .backends import LinearProblem, SparseRows
from .linear import LinearFormulation

logging.getLogger("pyomo.core").addFilter(DropStopReports())  # a build stopped at its limit

_INF = float("inf")
_ORDER = SortComponents.ORDERED_INDICES  # the order of Pyomo's standard-form compiler


class StandardForm(NamedTuple):
    """What :func:`standard_form` returns: the ``problem`` (always a
    minimisation), ``sense`` (1, or -1 when the Pyomo objective maximises and
    ``problem.cost`` is its negation), the Pyomo variable of each column
    and the Pyomo constraint of each row."""

    problem: LinearProblem
    sense: int
    columns: list
    rows: list


def standard_form(model: pyo.ConcreteModel) -> StandardForm:
    """The linear model ``model`` (one active objective) as a
    :class:`~.backends.LinearProblem`, in the rows and columns Pyomo's
    standard-form compiler (``pyomo.repn.plugins.standard_form``,
    ``mixed_form=True``) gives it: a row per active constraint in component
    order (two for a ranged one, the upper side first), the constant moved
    to the bounds; the columns every variable of each indexed ``Var`` in
    index order, the components in the order the objective and the rows
    first meet them, unused and fixed ones left out; a fixed variable's
    value moved to the bounds. Built here with Pyomo's linear walker
    (``pyomo.repn.linear.LinearRepnVisitor``) into numpy arrays, because
    that compiler builds scipy matrices and importing scipy makes Pyomo
    import ``scipy.stats`` (0.8 s of CPU). A constraint with no variable
    is left out where it holds and kept as an empty row where it cannot (the
    model is then infeasible). Raises ``ValueError`` for a nonlinear
    expression or a model without exactly one active objective."""
    var_map: dict[int, pyo.Var] = {}
    visitor = LinearRepnVisitor({}, var_recorder=VarRecorder(var_map, _ORDER))
    objectives = list(model.component_data_objects(pyo.Objective, active=True, sort=_ORDER))
    if len(objectives) != 1:
        raise ValueError(f"model {model.name!r} has {len(objectives)} active objectives, "
                         f"needs one")
    objective = _linear(visitor, objectives[0].expr, objectives[0])
    entries: list[tuple[int, dict]] = []  # (row, {variable id: coefficient})
    lower, upper, rows = [], [], []
    for con in model.component_data_objects(pyo.Constraint, active=True, sort=_ORDER):
        low, body, high = con.to_bounded_expression(evaluate_bounds=True)
        if low is None and high is None:
            continue
        repn = _linear(visitor, body, con)
        offset = pyo.value(repn.constant)
        if not repn.linear and (low is None or low <= offset) and (high is None or
                                                                  high >= offset):
            continue  # no variable and holds; one that cannot hold stays an empty row,
            # which the solver reports INFEASIBLE
        sides = [(low, high)] if low == high else \
            [(-_INF, high)] * (high is not None) + [(low, _INF)] * (low is not None)
        for row_low, row_high in sides:
            entries.append((len(rows), repn.linear))
            lower.append(row_low - offset)
            upper.append(row_high - offset)
            rows.append(con)
    place = {vid: j for j, vid in enumerate(var_map)}
    used = np.zeros(len(var_map), bool)
    for _, linear in entries + [(0, objective.linear)]:
        used[[place[vid] for vid in linear]] = True
    new = np.cumsum(used) - 1  # column of each used variable
    row_of = np.repeat([r for r, linear in entries], [len(linear) for _, linear in entries])
    column_of = new[[place[vid] for _, linear in entries for vid in linear]]
    values = [float(a) for _, linear in entries for a in linear.values()]
    columns = [v for v, kept in zip(var_map.values(), used) if kept]
    sense = 1 if objectives[0].is_minimizing() else -1
    cost = np.zeros(len(columns))
    for vid, a in objective.linear.items():
        cost[new[place[vid]]] = sense * float(a)
    return StandardForm(LinearProblem(
        A=SparseRows.from_entries(row_of, column_of, values, (len(rows), len(columns))),
        row_lower=lower, row_upper=upper,
        col_lower=[-_INF if v.lb is None else v.lb for v in columns],
        col_upper=[_INF if v.ub is None else v.ub for v in columns],
        cost=cost,
        integer=[v.is_integer() or v.is_binary() for v in columns],
    ), sense, columns, rows)


def _linear(visitor: LinearRepnVisitor, expr, owner):
    repn = visitor.walk_expression(expr)
    if repn.nonlinear is not None:
        raise ValueError(f"{owner.name!r} is not linear: a MILP back-end cannot take it")
    return repn


class PyomoFormulation(LinearFormulation):
    """A formulation whose model is a Pyomo ``ConcreteModel`` (``self._model``)
    compiled into its back-end. Subclasses build ``self._model`` in
    ``_build_rules``, give a new puzzle's bounds with :meth:`_set_bounds`
    and read the grid in :meth:`_grid_values` through :meth:`_columns`.
    Options as :class:`~.linear.LinearFormulation`."""

    def __init__(self, layout=3, **options) -> None:
        super().__init__(layout, **options)
        self._model: pyo.ConcreteModel | None = None  # self.model for users: see below
        self._column: ComponentMap | None = None
        self._rows: list = []
        self._cache: dict = {}  # per compiled model: column index arrays of subclasses
        self._bounds: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # Var name -> bounds
        self._in_pyomo: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # as last written there
        self._in_backend: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # as last sent there

    def _native_model(self) -> pyo.ConcreteModel:
        self._write_bounds()
        return self._model

    @property
    def model(self) -> pyo.ConcreteModel | None:
        """The Pyomo model, showing the current puzzle's bounds. Reached
        from outside it counts as handed out, as from :meth:`build`: the
        next solve compiles it again with whatever was added to it or
        changed on it."""
        self._handed_out = True
        if self._model is not None:
            self._write_bounds()
        return self._model

    def _model_changed_by_user(self) -> None:
        self.backend = None  # compile again on the next _attach_solver
        self._cache.clear()

    def _attach_solver(self) -> None:
        if self.backend is not None:
            return
        self._write_bounds()
        form = standard_form(self._model)
        self._sense = form.sense
        self._load_backend(form.problem)
        self._column = ComponentMap((v, j) for j, v in enumerate(form.columns))
        self._rows = form.rows
        self._in_backend = dict(self._bounds)

    def _set_bounds(self, var, lower: np.ndarray, upper: np.ndarray) -> None:
        """Give the variables of the indexed Pyomo ``var`` (in its index
        order) the bounds ``lower`` and ``upper`` (float arrays, one entry
        per variable, ``±inf`` for none): once the model is compiled, those
        that changed go straight to the back-end as column bounds (numpy
        only: the cost per puzzle of the hot path); the Pyomo variables get
        them when the model is compiled or handed out."""
        name = var.local_name
        self._bounds[name] = (lower, upper)
        if self.backend is None:
            return
        old_lower, old_upper = self._in_backend[name]
        changed = np.flatnonzero((old_lower != lower) | (old_upper != upper))
        if len(changed):
            key = f"columns of {name}"
            if key not in self._cache:
                self._cache[key] = self._columns(var.values())
            self.backend.set_bounds(self._cache[key][changed], lower[changed], upper[changed])
        self._in_backend[name] = (lower, upper)

    def _write_bounds(self) -> None:
        """Write the bounds :meth:`_set_bounds` gave onto the Pyomo variables
        whose bounds it changed since the last write (a bound the caller set
        on another variable stays)."""
        for name, (lower, upper) in self._bounds.items():
            variables = list(self._model.component(name).values())
            if name in self._in_pyomo:
                old_lower, old_upper = self._in_pyomo[name]
                changed = np.flatnonzero((old_lower != lower) | (old_upper != upper)).tolist()
            else:
                changed = range(len(variables))
            for i in changed:
                variables[i].setlb(None if lower[i] == -_INF else float(lower[i]))
                variables[i].setub(None if upper[i] == _INF else float(upper[i]))
            self._in_pyomo[name] = (lower, upper)

    def _columns(self, variables) -> np.ndarray:
        """Back-end column index of each Pyomo variable."""
        return np.array([self._column[v] for v in variables])

    def _column_names(self) -> list[str]:
        names = [None] * len(self._column)
        for var, j in self._column.items():
            names[j] = self._var_name(var)
        return names

    def _row_names(self) -> list[str]:
        return [self._constraint_name(con) for con in self._rows]

    def _var_name(self, var) -> str:
        """Export name of a Pyomo variable (default: its Pyomo name, made
        safe for LP and MPS)."""
        return _safe(var.name)

    def _constraint_name(self, con) -> str:
        """Export name of a Pyomo constraint (default: its Pyomo name)."""
        return _safe(con.name)


def _safe(name: str) -> str:
    """A Pyomo component name with only letters, digits and ``_``."""
    return re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9_]", "_", name)).strip("_")
