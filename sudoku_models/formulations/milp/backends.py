"""The MILP back-ends: the solvers a linear formulation runs on, behind one protocol.

A linear formulation (``milp``, ``milp-alldiff``, ``matrix``: see
:mod:`..linear`) states its model once as a :class:`LinearProblem` (sparse
matrix form, what Pyomo's standard-form compiler makes of a Pyomo model, or
MATLAB's arrays) and hands it to the back-end its ``solver`` option names:
:class:`~.highs.HighsBackend` (HiGHS through highspy) or
:class:`~.scip.ScipBackend` (SCIP through pyscipopt, the extra ``[scip]``).
Every back-end does the same things, so everything above this layer is
written once:

* :meth:`Backend.set_bounds`: change column bounds (a new puzzle's clues),
  :meth:`Backend.column_bounds` reads them;
* :meth:`Backend.run`: solve within a time limit; an :class:`Outcome` with
  the status, the column values, the statistics and the objective;
* :meth:`Backend.stop`: end a run from another thread, as its time limit
  would (for a budget of CPU seconds);
* :meth:`Backend.write`: the model, current bounds included, as an LP or
  MPS file with the given names;
* :meth:`Backend.add_no_good` and :meth:`Backend.remove_no_goods`: the
  cuts that :func:`count_with_no_good_cuts` (one implementation for every
  back-end) counts solutions with;
* statistics: ``B&B nodes`` and ``LP iterations`` always; with
  ``detailed=True`` also ``presolved rows``, ``presolved columns``, ``root
  LP seconds`` (the root LP relaxation's solve), ``root LP iterations``,
  ``root bound`` (the dual bound when the root node ended) and ``first
  solution seconds`` (from the start of the solve), each where the solver
  reports it;
* :meth:`Backend.parameters`: the solver's own parameters
  (``solver_options``, :mod:`..parameters`) checked and typed.

Back-ends are looked up by name (:func:`backend_class`) in
:data:`sudoku_models.registry.MILP_BACKENDS`, the one list of their names,
importing the solver only then. A new back-end: see
:mod:`sudoku_models.formulations.TEMPLATE`.
"""

from __future__ import annotations

import functools
import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import numpy as np

from ...deadline import Deadline
from ...result import Status
from ...registry import MILP_BACKENDS
from ..parameters import Value, as_bool, as_number, check_not_reserved



class SparseRows(NamedTuple):
    """An ``(m, n)`` matrix in compressed sparse row form as plain numpy
    arrays, the fields of scipy's CSR matrix: row ``i`` has the values
    ``data[indptr[i]:indptr[i + 1]]`` (float) in the columns
    ``indices[indptr[i]:indptr[i + 1]]`` (int32, increasing). Kept apart
    from scipy on purpose: once Pyomo is imported, any import of scipy makes
    Pyomo import ``scipy.stats`` too (its deferred-import callback), about
    0.8 s of CPU that a ``solve --file`` with ``milp`` would pay for nothing."""

    data: np.ndarray
    indices: np.ndarray
    indptr: np.ndarray
    shape: tuple[int, int]

    @property
    def nnz(self) -> int:
        """The number of stored nonzeros."""
        return len(self.data)

    @classmethod
    def from_entries(cls, rows, columns, values, shape: tuple[int, int]) -> SparseRows:
        """The matrix with ``values[e]`` at ``(rows[e], columns[e])``
        (equal-length int, int and float arrays): entries at the same place
        are added, zeros dropped."""
        rows, columns = np.asarray(rows, np.int64), np.asarray(columns, np.int64)
        values = np.asarray(values, float)
        place = rows * shape[1] + columns
        place, where = np.unique(place, return_inverse=True)
        summed = np.zeros(len(place))
        np.add.at(summed, where, values)
        kept = summed != 0
        place, summed = place[kept], summed[kept]
        indptr = np.zeros(shape[0] + 1, np.int32)
        np.cumsum(np.bincount(place // shape[1], minlength=shape[0]), out=indptr[1:])
        return cls(summed, (place % shape[1]).astype(np.int32), indptr, tuple(shape))

    @classmethod
    def of(cls, matrix) -> SparseRows:
        """``matrix`` as :class:`SparseRows`: itself, or a copy of a scipy
        sparse matrix or array in any format."""
        if isinstance(matrix, cls):
            return matrix
        csr = matrix.tocsr(copy=True)
        csr.sum_duplicates()  # sorts the columns of each row too
        return cls(csr.data.astype(float), csr.indices.astype(np.int32),
                   csr.indptr.astype(np.int32), tuple(csr.shape))


@dataclass
class LinearProblem:
    """``min cost @ x`` s.t. ``row_lower <= A @ x <= row_upper``,
    ``col_lower <= x <= col_upper``, ``x[j]`` integral where ``integer[j]``.

    ``A``: ``(m, n)`` :class:`SparseRows` (a scipy sparse matrix given here
    is converted); ``row_lower``, ``row_upper``: ``(m,)`` float arrays;
    ``col_lower``, ``col_upper``, ``cost``: ``(n,)`` float arrays;
    ``integer``: ``(n,)`` bool array. Infinite bounds are ``±inf``. Always
    a minimisation (a maximising model negates ``cost``).
    """

    A: SparseRows
    row_lower: np.ndarray
    row_upper: np.ndarray
    col_lower: np.ndarray
    col_upper: np.ndarray
    cost: np.ndarray
    integer: np.ndarray

    def __post_init__(self) -> None:
        self.A = SparseRows.of(self.A)
        for name in ("row_lower", "row_upper", "col_lower", "col_upper", "cost"):
            setattr(self, name, np.asarray(getattr(self, name), dtype=float))
        self.integer = np.asarray(self.integer, dtype=bool)

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)``."""
        return self.A.shape


class Outcome(NamedTuple):
    """What :meth:`Backend.run` returns: ``values`` (the ``(n,)`` column
    values) and ``objective`` are None unless ``status.solved``."""

    status: Status
    values: np.ndarray | None
    stats: dict[str, int | float]
    objective: float | None


class Backend(ABC):
    """One solver holding one :class:`LinearProblem` (the protocol of this
    package; see the module docstring). ``parameters``: the solver's own
    parameters as :meth:`parameters` returns them, set once and kept for
    every run."""

    name: ClassVar[str]
    """The ``solver`` option value that picks this back-end."""
    SOLVER: ClassVar[str]
    """The solver's own name (``"HiGHS"``), in versions and messages."""
    RESERVED: ClassVar[dict[str, str]] = {}
    """Native parameters the toolkit sets on every run -> the option to use instead."""

    def __init__(self, problem: LinearProblem, parameters: Mapping[str, Value] | None = None):
        self.problem = problem
        self.shape = problem.shape
        self.nonzeros = problem.A.nnz

    @classmethod
    @functools.cache
    def version(cls) -> str:
        """Solver and version, e.g. ``"HiGHS 1.14.0"`` (asked once)."""
        return f"{cls.SOLVER} {cls._release()}"

    @classmethod
    def parameters(cls, options: Mapping[str, Value]) -> dict[str, Value]:
        """``options`` (native parameter names to values, strings allowed)
        checked against the solver, each set on a scratch model of it
        (:meth:`_scratch`), and converted to the parameters' types. Raises
        :class:`~..parameters.SolverOptionError` naming the first unknown,
        reserved or refused one."""
        scratch = cls._scratch()
        typed = {}
        for name, value in options.items():
            check_not_reserved(cls.SOLVER, name, cls.RESERVED)
            kind = cls._parameter_type(scratch, name)
            if kind is bool:
                value = as_bool(cls.SOLVER, name, value)
            elif kind in (int, float):
                value = as_number(cls.SOLVER, name, value, kind)
            else:
                value = str(value)
            cls._try_parameter(scratch, name, value)
            typed[name] = value
        return typed

    @classmethod
    @abstractmethod
    def _release(cls) -> str:
        """The installed solver's version number."""

    @classmethod
    @abstractmethod
    def _scratch(cls) -> Any:
        """A new, quiet solver object to try parameters on."""

    @classmethod
    @abstractmethod
    def _parameter_type(cls, scratch, name: str) -> type:
        """``bool``, ``int``, ``float`` or ``str``: the type of the
        parameter ``name``. Raises
        :class:`~..parameters.SolverOptionError` (with the closest names)
        if the solver has no such parameter."""

    @classmethod
    @abstractmethod
    def _try_parameter(cls, scratch, name: str, value: Value) -> None:
        """Set ``name`` to ``value`` on ``scratch``. Raises
        :class:`~..parameters.SolverOptionError`, with the solver's own
        reason, if the solver refuses it."""

    @property
    @abstractmethod
    def native(self) -> Any:
        """The solver's own object (``highspy.Highs``, ``pyscipopt.Model``)."""

    @abstractmethod
    def set_bounds(self, columns, lower, upper) -> None:
        """Change the bounds of ``columns`` (int array) to ``lower``/``upper``."""

    @abstractmethod
    def column_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The columns' current lower and upper bounds, ``(n,)`` float arrays
        (the loaded problem's, as :meth:`set_bounds` changed them)."""

    @abstractmethod
    def run(self, deadline: Deadline, *, log: bool = False, threads: int = 1,
            seed: int = 0, detailed: bool = False) -> Outcome:
        """Solve by ``deadline`` (its wall seconds left are the solver's own
        time limit; its CPU limit is watched and stops the solver through
        :meth:`stop`, ending the run as at its time limit), printing the
        solver's log to standard output if ``log``; ``detailed`` adds the
        statistics of the module docstring. Ctrl-C stops the solver and
        raises ``KeyboardInterrupt`` (the model stays usable)."""

    @abstractmethod
    def stop(self) -> None:
        """Stop the run under way soon, from another thread, the model staying
        usable: the run then ends as at its time limit (TIME_LIMIT, or
        FEASIBLE with a solution). For a caller's own budget (CPU seconds: a
        wall-clock limit on a loaded machine gives a solve a small, varying
        share of a core). Works while :meth:`run` is called from the main
        thread; a stop before the run has begun is forgotten."""

    @abstractmethod
    def write(self, path, fmt: str, column_names: list[str], row_names: list[str]) -> None:
        """Write the model, current bounds included and no-good cuts
        excluded, to ``path`` as ``fmt`` (``"lp"`` or ``"mps"``) with these
        names. Raises ``OSError`` if the file cannot be written."""

    @abstractmethod
    def add_no_good(self, ones: np.ndarray) -> None:
        """Add the cut ``sum of x[ones] <= len(ones) - 1`` (the columns at 1
        in a solution of binaries: that solution is cut off)."""

    @abstractmethod
    def remove_no_goods(self) -> None:
        """Remove every cut :meth:`add_no_good` added."""


def backend_class(name: str) -> type[Backend]:
    """The back-end class called ``name`` (``"highs"``, ``"scip"``), imported
    on first use. Raises ``ValueError`` for another name and ``ImportError``
    naming the extra to install when the solver is missing."""
    if name not in MILP_BACKENDS:
        raise ValueError(f"solver must be one of {', '.join(MILP_BACKENDS)}, got {name!r}")
    module, _, cls = MILP_BACKENDS[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def count_with_no_good_cuts(backend: Backend, binary_columns: np.ndarray, limit: int | None,
                            deadline: Deadline = Deadline(), *, threads: int = 1,
                            seed: int = 0) -> int:
    """Count the solutions of a model whose ``binary_columns`` identify a
    solution, by solving it again and again, each time cutting the last
    solution off with a no-good cut (``sum of the columns at 1 <= their
    number - 1``), up to ``limit`` (None: all). The cuts are removed
    afterwards, so the model serves on. ``deadline`` (wall or CPU clock) or
    Ctrl-C end the count with
    :class:`~sudoku_models.errors.CountIncomplete`; a solver failure is a
    ``RuntimeError``, never a count."""
    from ...errors import CountIncomplete

    count = 0
    try:
        while limit is None or count < limit:
            if deadline.passed():
                raise CountIncomplete(count, "time limit")
            outcome = backend.run(deadline, threads=threads, seed=seed)
            if outcome.status is Status.TIME_LIMIT:
                raise CountIncomplete(count, "time limit")
            if outcome.status is Status.INFEASIBLE:
                break
            if not outcome.status.solved:
                raise RuntimeError(f"{backend.version()} failed while counting solutions "
                                   f"({count} found so far)")
            count += 1
            backend.add_no_good(binary_columns[outcome.values[binary_columns] > 0.5])
    except KeyboardInterrupt:
        raise CountIncomplete(count, "interrupted") from None
    finally:
        backend.remove_no_goods()
    return count
