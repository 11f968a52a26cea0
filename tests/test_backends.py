"""The MILP back-ends behind one protocol (HiGHS, SCIP), the solvers' own
parameters passed through (HiGHS, SCIP, CP-SAT), detailed MILP statistics,
and one time limit, build included, for every method."""

import time

import numpy as np
import pytest

from generator.holes import holes_puzzle
from sudoku_models import METHODS, Puzzle, Status, method_class, solve, solve_many, verify
from sudoku_models.formulations.milp.backends import Backend, backend_class
from sudoku_models.formulations.parameters import SolverOptionError, parse_solver_options
from sudoku_models.registry import MILP_SOLVERS

from .helpers import SEED_STRING, solve_stats
from .test_registry import DummyMethod

BASIC = {"B&B nodes", "LP iterations"}
DETAILED = {"presolved rows", "presolved columns", "root LP seconds", "root LP iterations",
            "root bound", "first solution seconds"}


def solvers():
    """The back-ends installed here (SCIP is an extra)."""
    try:
        import pyscipopt  # noqa: F401
    except ImportError:
        return ["highs"]
    return list(MILP_SOLVERS)


# -- the protocol --------------------------------------------------------------


@pytest.mark.parametrize("solver", solvers())
def test_every_back_end_implements_the_protocol(solver):
    cls = backend_class(solver)
    assert issubclass(cls, Backend) and cls.name == solver and not cls.__abstractmethods__
    assert cls.version().split()[0].lower() == solver  # "HiGHS 1.14.0", "SCIP 9.2.1"


def test_an_unknown_back_end_is_a_value_error():
    with pytest.raises(ValueError, match=f"solver must be one of {', '.join(MILP_SOLVERS)}, got 'cplex'"):
        backend_class("cplex")


@pytest.mark.parametrize("solver", solvers())
def test_the_back_end_attribute_holds_the_chosen_solver(solver, seed_puzzle):
    formulation = method_class("milp")(3, solver=solver)
    assert formulation.solve(seed_puzzle).solver.startswith(formulation.backend.version())
    assert type(formulation.backend) is backend_class(solver)
    assert formulation.backend.native is not None
    assert not hasattr(formulation, "highs_model")


# -- native parameters ---------------------------------------------------------


def test_solver_options_parse_from_a_mapping_or_a_string():
    assert parse_solver_options("solver=ipm, run_crossover=off") == {
        "solver": "ipm", "run_crossover": "off"}
    assert parse_solver_options({"presolve": "off"}) == {"presolve": "off"}
    assert parse_solver_options(None) == {}
    for bad in ("solver", "=ipm", 3):
        with pytest.raises(SolverOptionError):
            parse_solver_options(bad)


def test_highs_options_reach_highs_and_the_result(seed_puzzle):
    formulation = method_class("milp")(3, solver_options="solver=ipm,run_crossover=off,"
                                                          "mip_rel_gap=0.5,presolve=off")
    result = formulation.solve(seed_puzzle)
    assert verify(seed_puzzle, result.grid)
    highs = formulation.backend.highs
    assert highs.getOptionValue("solver")[1] == "ipm"
    assert highs.getOptionValue("run_crossover")[1] == "off"
    assert highs.getOptionValue("mip_rel_gap")[1] == 0.5
    assert result.solver.endswith("(solver=ipm, run_crossover=off, mip_rel_gap=0.5, presolve=off)")
    assert result.stats["LP iterations"] > 0  # presolve off: the LP does the work


def test_scip_options_reach_scip(seed_puzzle):
    pytest.importorskip("pyscipopt")
    formulation = method_class("milp")(3, solver="scip",
                                       solver_options={"presolving/maxrounds": "0",
                                                       "lp/initalgorithm": "b"})
    result = formulation.solve(seed_puzzle)
    assert verify(seed_puzzle, result.grid)
    assert formulation.backend.scip.getParam("presolving/maxrounds") == 0
    assert formulation.backend.scip.getParam("lp/initalgorithm") == "b"
    assert "presolving/maxrounds=0" in result.solver


def test_cp_sat_options_reach_cp_sat(seed_puzzle):
    plain = solve(seed_puzzle, "cp")
    off = method_class("cp")(3, solver_options="cp_model_presolve=false")
    result = off.solve(seed_puzzle)
    assert verify(seed_puzzle, result.grid) and "cp_model_presolve=false" in result.solver
    assert off._solver(None).parameters.cp_model_presolve is False
    assert result.stats["branches"] > plain.stats["branches"]  # presolve had settled it


@pytest.mark.parametrize("method, options, message", [
    ("milp", {"solvr": "ipm"}, "HiGHS has no option 'solvr' (did you mean solver"),
    ("milp", {"solver": "nope"}, "HiGHS option 'solver' refuses 'nope': Value \"nope\""),
    ("milp", {"mip_rel_gap": "lots"}, "'mip_rel_gap' is a number"),
    ("milp", {"time_limit": 3}, "is set by the toolkit: give time_limit= to solve() or the "
                                "method (--time-limit on the command line)"),
    ("matrix", "threads=2", "give threads= to solve() or the method (the command line runs one "
                            "thread)"),
    ("cp", {"cp_model_presolv": 0}, "CP-SAT has no option 'cp_model_presolv' (did you mean"),
    ("cp", {"search_branching": "NOPE"}, "has no value named NOPE"),
    ("cp-bool", "random_seed=3", "give seed= to solve() or the method (bench run --solver-seed "
                                 "on the command line)"),
    ("cp", {"catch_sigint_signal": True}, "the toolkit handles Ctrl-C itself"),
])
def test_unknown_reserved_and_refused_parameters_are_clear_errors(method, options, message,
                                                                   seed_puzzle):
    with pytest.raises(SolverOptionError) as error:
        solve(seed_puzzle, method, solver_options=options)
    assert message in str(error.value)


def test_scip_parameters_are_checked_too(seed_puzzle):
    pytest.importorskip("pyscipopt")
    with pytest.raises(SolverOptionError, match="SCIP has no option 'presolving/maxround' "
                                                "\\(did you mean presolving/maxrounds"):
        solve(seed_puzzle, "milp", solver="scip", solver_options="presolving/maxround=0")
    with pytest.raises(SolverOptionError, match="'limits/gap' refuses -1.0"):
        solve(seed_puzzle, "milp", solver="scip", solver_options="limits/gap=-1")
    with pytest.raises(SolverOptionError, match="give time_limit= to solve"):
        solve(seed_puzzle, "milp", solver="scip", solver_options="limits/time=5")


# -- statistics ------------------------------------------------------------------


@pytest.mark.parametrize("solver", solvers())
def test_detailed_statistics_of_a_solve_that_needs_the_root_lp(solver):
    puzzle = holes_puzzle(4, 0.6, "balanced", seed=3)  # not settled by presolve
    basic = solve(puzzle, "milp", solver=solver)
    assert set(solve_stats(basic)) == BASIC
    result = solve(puzzle, "milp", solver=solver, stats="detailed")
    assert verify(puzzle, result.grid)
    assert set(solve_stats(result)) == BASIC | DETAILED
    model = result.size
    assert 0 < result.stats["presolved rows"] < model.constraints
    assert 0 < result.stats["presolved columns"] < model.variables
    assert 0 < result.stats["root LP iterations"] <= result.stats["LP iterations"]
    assert 0 < result.stats["root LP seconds"] < result.solve_seconds
    assert 0 < result.stats["first solution seconds"] <= result.solve_seconds
    assert result.stats["root bound"] == 0  # the feasibility objective's bound


def test_detailed_statistics_when_presolve_settles_the_puzzle(seed_puzzle):
    result = solve(seed_puzzle, "milp", stats="detailed")  # HiGHS's presolve settles every 9x9
    assert result.stats["presolved rows"] == result.stats["presolved columns"] == 0
    assert "root LP seconds" not in result.stats  # no LP was solved
    assert result.stats["first solution seconds"] <= result.solve_seconds


@pytest.mark.parametrize("solver", solvers())
def test_the_root_bound_of_the_tiebreak_objective(solver):
    puzzle = holes_puzzle(4, 0.6, "balanced", seed=3)
    result = solve(puzzle, "milp", solver=solver, objective="tiebreak", stats="detailed")
    assert verify(puzzle, result.grid)
    assert 0 < result.stats["root bound"] <= result.objective + 1e-6


# -- one time limit, build included ----------------------------------------------


@pytest.mark.parametrize("solver", solvers())
def test_stop_from_another_thread_ends_a_run_as_its_time_limit_would(solver):
    """``Backend.stop()`` (a caller's own budget, e.g. CPU seconds) ends a
    hard solve early as TIME_LIMIT, not as an error."""
    import threading

    from sudoku_models import read_puzzles

    from .helpers import DATASETS

    hard = read_puzzles(DATASETS / "killer-9x9.jsonl")[30]  # cage="sum": no answer in 20 s
    formulation = method_class("milp")(hard.rules, solver=solver, time_limit=600)
    formulation.build(hard)
    timer = threading.Timer(1.0, lambda: formulation.backend.stop())
    start = time.perf_counter()
    timer.start()
    result = formulation.solve(hard)
    timer.join()
    assert result.status is Status.TIME_LIMIT and time.perf_counter() - start < 300


@pytest.mark.parametrize("method", list(METHODS))
def test_a_limit_the_build_uses_up_is_a_time_out_for_every_method(method):
    empty = Puzzle.from_grid(np.zeros((16, 16), dtype=int))
    result = solve(empty, method, time_limit=1e-4)
    assert result.status is Status.TIME_LIMIT and result.grid is None
    assert result.total_seconds >= 1e-4 or result.stats.get("expected build seconds")


def test_the_solver_gets_what_the_build_left():
    empty = Puzzle.from_grid(np.zeros((25, 25), dtype=int))
    model = method_class("sat-extended")(5, time_limit=30)
    result = model.solve(empty)  # the first solve builds the solver: its CNF inside the limit
    assert result.status is Status.OPTIMAL and verify(empty, result.grid)
    model.time_limit = result.build_seconds * 0.5
    later = model.solve(holes_puzzle(5, 0.5, seed=1))
    assert later.build_seconds < model.time_limit  # only the clues load now


class _Slow(DummyMethod):
    """Answers after the deadline: a solver overrunning its own limit."""

    name = "backtracking"  # a registered name (for the layout check); only solve() is used

    def _run(self):
        if self._time_left() is not None:
            time.sleep(self._time_left() + 0.05)
        return super()._run()


def test_an_answer_after_the_limit_is_a_time_out(seed_puzzle):
    result = _Slow(3, time_limit=0.05).solve(seed_puzzle)
    assert result.status is Status.TIME_LIMIT and result.grid is None
    assert result.stats == {"calls": 1, "after the limit": "OPTIMAL"}
    assert _Slow(3).solve(seed_puzzle).status is Status.OPTIMAL  # no limit, no rule


def test_solve_many_applies_the_limit_to_each_puzzle():
    puzzles = [Puzzle.from_string(SEED_STRING)] * 3
    results = list(solve_many(puzzles, "milp", time_limit=5))
    assert all(r.status is Status.OPTIMAL and r.total_seconds < 5 for r in results)


# -- the Pyomo model compiled without scipy ------------------------------------


def _compiled_by_pyomo(model):
    """Pyomo's own standard-form compiler's rows of ``model``, as the
    problem ``standard_form`` should give: ``(A as a dense array, lower,
    upper, columns' names)``."""
    from pyomo.repn.plugins.standard_form import LinearStandardFormCompiler

    form = LinearStandardFormCompiler().write(model, mixed_form=True, set_sense=None)
    kinds = np.array([row.bound_type for row in form.rows])
    rhs = np.asarray(form.rhs, dtype=float)
    return (form.A.toarray(), np.where(kinds == 1, -np.inf, rhs),
            np.where(kinds == -1, np.inf, rhs), [v.name for v in form.columns])


@pytest.mark.parametrize("method, options, kind", [
    ("milp", {}, None), ("milp", {"objective": "tiebreak"}, None),
    ("milp", {}, "cage"), ("milp", {"cage": "sets"}, "cage"),
    ("milp", {"order": "cumulative"}, "thermometer"), ("milp", {}, "kropki"),
    ("milp", {"arrow": "sets"}, "arrow"), ("milp", {}, "parity"),
    ("milp-alldiff", {}, None), ("milp-alldiff", {"transformation": "hull"}, None)])
def test_standard_form_is_pyomos_standard_form_compiler(method, options, kind):
    """The model a Pyomo formulation hands its back-end is the one Pyomo's
    standard-form compiler makes of it: the same rows, columns, bounds and
    costs in the same order (so HiGHS sees the model it saw before the
    compile went to numpy arrays)."""
    from sudoku_models.formulations.milp.pyomo_model import standard_form
    from sudoku_models.core.geometry import Layout

    from .variant_puzzles import variant_puzzle

    if kind:
        puzzle = variant_puzzle(kind, Layout.square(2), seed=3)
    else:  # r1c2 = 2 in both; the GDP models of 9x9 take seconds (hull: 40 s)
        puzzle = Puzzle.from_string(SEED_STRING if method == "milp" else "12..34..........")
    model = method_class(method)(puzzle.rules, **options).build(puzzle)
    form = standard_form(model)
    A, lower, upper, names = _compiled_by_pyomo(model)
    problem = form.problem
    ours = np.zeros(problem.shape)
    ours[np.repeat(np.arange(problem.shape[0]), np.diff(problem.A.indptr)),
         problem.A.indices] = problem.A.data
    assert [v.name for v in form.columns] == names
    np.testing.assert_array_equal(ours, A)
    np.testing.assert_array_equal(problem.row_lower, lower)
    np.testing.assert_array_equal(problem.row_upper, upper)
    assert all(np.all(np.diff(problem.A.indices[a:b]) > 0)
               for a, b in zip(problem.A.indptr[:-1], problem.A.indptr[1:]))
    clue = model.x[0, 1, 1] if method == "milp" else model.y[1]  # the seed's r1c2 = 2
    if kind is None:
        column = [v is clue for v in form.columns].index(True)
        assert problem.col_lower[column] == (1 if method == "milp" else 2)
