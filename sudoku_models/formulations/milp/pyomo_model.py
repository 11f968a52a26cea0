"""Pyomo models compiled into any MILP back-end.

Pyomo builds the model; when it is first solved, Pyomo's standard-form
compiler (``pyomo.repn.plugins.standard_form.LinearStandardFormCompiler``)
turns it into sparse matrix form, a :class:`~.backends.LinearProblem`, which
goes to the back-end the ``solver`` option names once (HiGHS or SCIP:
:mod:`.backends`), so a HiGHS/SCIP comparison measures solvers, not
interfaces. For each new puzzle the changed variable bounds are set on the
Pyomo variables (so the Pyomo model always shows the current puzzle) and
sent to the back-end as column bounds. When :meth:`build` has handed the
Pyomo model to the caller, the next solve compiles it again, so a
constraint the caller added or a bound they changed is part of that solve.

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

import re

import numpy as np
import pyomo.environ as pyo
from pyomo.common.collections import ComponentMap
from pyomo.repn.plugins.standard_form import LinearStandardFormCompiler

from .backends import LinearProblem
from .linear import LinearFormulation

_INF = float("inf")


class PyomoFormulation(LinearFormulation):
    """A formulation whose model is a Pyomo ``ConcreteModel`` (``self._model``)
    compiled into its back-end. Subclasses build ``self._model`` in
    ``_build_rules``, call :meth:`_send_bounds` with the variables whose
    bounds they changed, and read the grid in :meth:`_grid_values` through
    :meth:`_columns`. Options as :class:`~.linear.LinearFormulation`."""

    def __init__(self, layout=3, **options) -> None:
        super().__init__(layout, **options)
        self._model: pyo.ConcreteModel | None = None  # self.model for users: see below
        self._column: ComponentMap | None = None
        self._rows: list = []
        self._cache: dict = {}  # per compiled model: column index arrays of subclasses

    def _native_model(self) -> pyo.ConcreteModel:
        return self._model

    @property
    def model(self) -> pyo.ConcreteModel | None:
        """The Pyomo model. Reached from outside it counts as handed out, as
        from :meth:`build`: the next solve compiles it again with whatever
        was added to it or changed on it."""
        self._handed_out = True
        return self._model

    def _model_changed_by_user(self) -> None:
        self.backend = None  # compile again on the next _attach_solver
        self._cache.clear()

    def _attach_solver(self) -> None:
        if self.backend is not None:
            return
        form = LinearStandardFormCompiler().write(self._model, mixed_form=True, set_sense=None)
        kinds = np.array([row.bound_type for row in form.rows])  # 0: ==, 1: <=, -1: >=
        rhs = np.asarray(form.rhs, dtype=float)
        self._sense = 1 if form.objectives[0].is_minimizing() else -1
        self._load_backend(LinearProblem(
            A=form.A,
            row_lower=np.where(kinds == 1, -_INF, rhs),
            row_upper=np.where(kinds == -1, _INF, rhs),
            col_lower=[-_INF if v.lb is None else v.lb for v in form.columns],
            col_upper=[_INF if v.ub is None else v.ub for v in form.columns],
            cost=self._sense * form.c.toarray().ravel(),
            integer=[v.is_integer() or v.is_binary() for v in form.columns],
        ))
        self._column = ComponentMap((v, j) for j, v in enumerate(form.columns))
        self._rows = [row.constraint for row in form.rows]

    def _send_bounds(self, variables) -> None:
        """Send the current bounds of changed Pyomo variables to the back-end
        (once the model is loaded; before that they are compiled in)."""
        if self.backend is None or not variables:
            return
        self.backend.set_bounds(
            [self._column[v] for v in variables],
            [-_INF if v.lb is None else v.lb for v in variables],
            [_INF if v.ub is None else v.ub for v in variables],
        )

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
