"""The base of the CP-SAT methods (``cp``, ``cp-bool``): :class:`CpSatFormulation`.

Clues are loaded by editing variable domains in the model's proto, so one
``CpModel`` serves every puzzle of an order. CP-SAT runs with one worker by
default, so that times compare fairly with HiGHS; ``threads`` and ``seed``
set ``num_workers`` and ``random_seed``, and ``solver_options`` any other
field of ``SatParameters`` (docs: "CP-SAT solver parameters",
``sat_parameters.proto``), e.g. ``{"cp_model_presolve": False}``.
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Mapping

import numpy as np
import ortools
from google.protobuf import text_format
from ortools.sat import sat_parameters_pb2
from ortools.sat.python import cp_model

from ...deadline import Deadline
from ...puzzle import Puzzle
from ...result import Status
from ...stoppable import call_stoppable
from ..base import Formulation
from ..parameters import (CTRL_C, SolverOptionError, Value, as_bool, check_not_reserved, label,
                         parse_solver_options, unknown)

# SatParameters fields the toolkit sets itself -> the option to use instead
RESERVED = {"num_workers": "threads", "num_search_workers": "threads", "random_seed": "seed",
            "max_time_in_seconds": "time_limit", "log_search_progress": "log",
            "log_to_stdout": "log", "enumerate_all_solutions": "count_solutions",
            "catch_sigint_signal": CTRL_C}

_STATUS = {
    cp_model.OPTIMAL: Status.OPTIMAL,
    cp_model.FEASIBLE: Status.FEASIBLE,
    cp_model.INFEASIBLE: Status.INFEASIBLE,
    cp_model.MODEL_INVALID: Status.ERROR,
}


class _SolutionCounter(cp_model.CpSolverSolutionCallback):
    """Counts the distinct grids among the solutions CP-SAT reports (a
    model with helper variables a grid does not fix, such as the branch an
    ``or`` constraint takes or an automaton's states, can report one grid
    more than once); stops the search at ``limit``. ``grid_of(callback)``:
    the grid of the solution at hand."""

    def __init__(self, limit: int | None, grid_of) -> None:
        super().__init__()
        self.limit = limit
        self.grid_of = grid_of
        self.seen: set[bytes] = set()

    @property
    def count(self) -> int:
        return len(self.seen)

    def on_solution_callback(self) -> None:
        self.seen.add(np.asarray(self.grid_of(self), dtype=np.int8).tobytes())
        if self.limit is not None and self.count >= self.limit:
            self.stop_search()


def _solve_stoppable(solver: cp_model.CpSolver, model, deadline: Deadline, callback=None):
    """``solver.solve(model, callback)`` watched by
    :func:`sudoku_models.stoppable.call_stoppable`, so that Ctrl-C and the
    CPU limit of ``deadline`` reach it: ``stop_search`` ends the search (at
    the limit: CP-SAT's UNKNOWN, or a solution found), and on Ctrl-C
    ``KeyboardInterrupt`` is then raised. CP-SAT's own SIGINT handling (``catch_sigint_signal``) is not
    used: a Ctrl-C that came before it had put its handler in place was lost,
    and the enumeration ran on for good."""
    code, reason = call_stoppable(lambda: solver.solve(model, callback), solver.stop_search,
                                  deadline.wall, deadline.cpu)
    if reason == "interrupted":
        raise KeyboardInterrupt
    return code


def sat_parameters(options: Mapping[str, Value]) -> str:
    """``options`` (``SatParameters`` field names to values; strings are
    read as the proto's text format: ``"false"``, ``"0.5"``,
    ``"FIXED_SEARCH"``) as ``SatParameters`` in text format. Raises
    :class:`~.parameters.SolverOptionError` for an unknown or reserved
    field or a value of the wrong type."""
    parameters = sat_parameters_pb2.SatParameters()
    fields = parameters.DESCRIPTOR.fields_by_name
    for name, value in options.items():
        check_not_reserved("CP-SAT", name, RESERVED)
        if name not in fields:
            raise unknown("CP-SAT", name, fields)
        if fields[name].type == fields[name].TYPE_BOOL:
            value = as_bool("CP-SAT", name, value)
        text = str(value).lower() if isinstance(value, bool) else str(value)
        if fields[name].type == fields[name].TYPE_STRING:
            text = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
        try:
            text_format.Merge(f"{name}: {text}", parameters)
        except text_format.ParseError as error:
            raise SolverOptionError(f"CP-SAT option {name!r} refuses {value!r}: "
                                    f"{str(error).rsplit(': ', 1)[-1]}") from None
    return text_format.MessageToString(parameters)


def _merge(parameters, text: str) -> None:
    """Merge ``text`` (``SatParameters`` in text format) into a solver's
    parameters: OR-Tools' own message from 9.13 on, a protobuf one before."""
    if hasattr(parameters, "merge_text_format"):
        parameters.merge_text_format(text)
    else:
        text_format.Merge(text, parameters)


class CpSatFormulation(Formulation):
    """A formulation whose model is a CP-SAT ``CpModel`` (``self.model``).
    ``solver_options``: ``SatParameters`` fields, a mapping or
    ``"name=value,..."`` (:func:`sat_parameters`), checked now and set on
    every solve; the result's ``solver`` names them. Subclasses build the
    model in ``_build_rules``, load clues with :meth:`_set_domain` and read
    the grid in :meth:`_grid_values`."""

    def __init__(self, layout=3, *, solver_options=None, **options) -> None:
        super().__init__(layout, **options)
        self.model: cp_model.CpModel | None = None
        options = parse_solver_options(solver_options)
        self._parameters = sat_parameters(options)
        self.solver_options = options
        if options:
            self.solver_name = lambda: f"{CpSatFormulation.solver_name()} ({label(options)})"

    def _remember_handed_out_model(self) -> None:
        self._clue_domains = [list(self.model.proto.variables[i].domain)
                              for i in range(self._clue_variables())]

    def _model_changed_by_user(self) -> None:
        """Constraints and variables a user adds are solved with; a domain
        they change on a variable that carries clues would be rewritten by
        the next clue loading, so it is refused."""
        from ..base import ModelChangedError

        for index, domain in enumerate(self._clue_domains):
            if list(self.model.proto.variables[index].domain) != domain:
                name = self.model.proto.variables[index].name
                raise ModelChangedError(
                    f"{self.name}: the domain of {name} was changed outside the clue loading, "
                    f"which rewrites it; add a constraint to the model instead")

    def _clue_variables(self) -> int:
        """How many variables, from the first, carry the clues as domains."""
        return self.side**2

    def _set_domain(self, index: int, low: int, high: int) -> None:
        """Set the domain of variable number ``index`` to ``low..high``."""
        domain = self.model.proto.variables[index].domain
        domain.clear()
        domain.extend([low, high])

    def _solver(self, time_limit: float | None) -> cp_model.CpSolver:
        """A solver with this formulation's parameters, stopping after
        ``time_limit`` seconds (None: no limit)."""
        solver = cp_model.CpSolver()
        if self._parameters:
            _merge(solver.parameters, self._parameters)
        solver.parameters.num_workers = self.threads
        solver.parameters.random_seed = self.seed
        solver.parameters.log_search_progress = self.log
        # CP-SAT would otherwise leave SIGINT at its default (kill the process) after solving
        solver.parameters.catch_sigint_signal = False
        solver.parameters.log_to_stdout = False  # through Python, so notebooks show it
        solver.log_callback = print
        if time_limit is not None:
            solver.parameters.max_time_in_seconds = time_limit
        return solver

    def _run(self):
        solver = self._solver(self._time_left())
        code = _solve_stoppable(solver, self.model, self._deadline)
        stats = {"branches": int(solver.num_branches), "conflicts": int(solver.num_conflicts)}
        unknown = Status.TIME_LIMIT if self._deadline.limited else Status.ERROR
        status = _STATUS.get(code, unknown)  # UNKNOWN: stopped before an answer
        if not status.solved:
            return status, None, stats, None
        return status, self._grid_values(solver), stats, None

    @abstractmethod
    def _grid_values(self, solver) -> np.ndarray:
        """The ``n**4`` cell values (row-major) of the solution of ``solver``
        (a ``CpSolver`` or a solution callback)."""

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None,
                        time_limit: float | None = None,
                        cpu_limit: float | None = None) -> int:
        """Number of solutions of ``puzzle`` by CP-SAT's solution enumeration
        (``enumerate_all_solutions``, one worker; distinct grids, whatever
        the helper variables), stopping at ``limit`` (None: all).
        Contradictory clues give 0. ``time_limit`` and ``cpu_limit`` (as
        :meth:`Formulation.count_solutions`) or Ctrl-C end it early with
        :class:`~sudoku_models.errors.CountIncomplete`."""
        from ...errors import CountIncomplete
        from ...limits import check_limit

        check_limit(limit)
        deadline = self._start_count(time_limit, cpu_limit)
        if not self._ready_in_time(puzzle, self._ready):
            raise CountIncomplete(0, "time limit")
        solver = self._solver(self._time_left())
        solver.parameters.num_workers = 1
        solver.parameters.enumerate_all_solutions = True
        counter = _SolutionCounter(limit, self._grid_values)
        try:
            code = _solve_stoppable(solver, self.model, deadline, counter)
        except KeyboardInterrupt:
            raise CountIncomplete(counter.count, "interrupted") from None
        if limit is not None and counter.count >= limit:
            return counter.count
        if code not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):  # the time limit ended it
            raise CountIncomplete(counter.count, "time limit")
        return counter.count

    def export(self, puzzle: Puzzle, path, fmt: str) -> None:
        """Write the model of ``puzzle`` as ``"pbtxt"``: the ``CpModelProto``
        in protobuf text format (OR-Tools ``cp_model.proto``), which
        ``CpModel().proto.parse_text_format`` (or any protobuf library with
        ``cp_model.proto``) reads back."""
        if fmt != "pbtxt":
            super().export(puzzle, path, fmt)
        self._ready(puzzle)
        with open(path, "w") as handle:
            handle.write(str(self.model.proto))

    @staticmethod
    @functools.cache
    def solver_name() -> str:
        return f"CP-SAT {ortools.__version__}"
