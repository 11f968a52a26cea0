"""The one registry: a method registered once is found by the API, the CLI
and the benchmark runner; capabilities are flags; nothing in sudoku_models
imports generator; importing the package and building the CLI parser loads
no solver."""

import subprocess
import sys

import numpy as np
import pytest

import sudoku_models
from sudoku_models import Puzzle, Status, count_solutions, solve, verify
from sudoku_models.bench import RunSpec, run_benchmark
from sudoku_models.records import read_results
from sudoku_models.cli import main
from sudoku_models.formulations.base import Formulation
from sudoku_models.registry import (
    METHODS, CapabilityError, MethodInfo, UnknownMethodError, counting_methods, method_class,
    register, unregister,
)
from sudoku_models.result import ModelSize

from .helpers import SEED_STRING, solve_stats


class DummyMethod(Formulation):
    """Solves by asking the backtracking counter, counts 7 at most: enough
    to see the registry wire it everywhere."""

    name = "dummy"

    def _build_rules(self):
        pass

    def _load_clues(self, puzzle):
        self.puzzle = puzzle

    def _native_model(self):
        return None

    def _run(self):
        result = method_class("backtracking")(self.order).solve(self.puzzle)
        return result.status, result.grid.ravel(), {"calls": 1}, None

    def size(self):
        return ModelSize(1, 2, 3)

    @staticmethod
    def solver_name():
        return "dummy 1.0"

    def count_solutions(self, puzzle, limit=None, time_limit=None, cpu_limit=None):
        return min(limit or 99, 7)


@pytest.fixture
def dummy():
    register(MethodInfo("dummy", DummyMethod, "a test method registered from a test", "search",
                        "none", "dummy", can_count=True))
    yield DummyMethod
    unregister("dummy")


def test_builtin_methods_and_flags():
    assert list(METHODS)[:6] == ["milp", "cp", "matrix", "cp-bool", "milp-alldiff", "matching"]
    assert {"backtracking", "sat-minimal", "sat-extended"} <= set(METHODS)
    assert set(counting_methods()) == {"milp", "cp", "matrix", "cp-bool", "milp-alldiff",
                                       "backtracking", "sat-minimal", "sat-extended"}
    for name, info in METHODS.items():
        assert info.description and info.paradigm in ("MILP", "CP", "SAT", "search")
        assert method_class(name).name == name


def test_a_registered_method_is_found_by_the_api_the_cli_and_the_runner(dummy, capsys, tmp_path):
    puzzle = Puzzle.from_string(SEED_STRING)
    result = solve(puzzle, method="dummy")
    assert result.method == "dummy" and solve_stats(result) == {"calls": 1} and verify(puzzle, result.grid)
    assert count_solutions(puzzle, method="dummy", limit=None) == 7
    assert main(["solve", SEED_STRING, "--method", "dummy,cp"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["puzzle", "dummy", "cp"] and "dummy 1.0" in out
    assert main(["count", SEED_STRING, "--method", "dummy"]) == 0
    assert capsys.readouterr().out.endswith("\t7\n")
    assert main(["methods"]) == 0
    assert "dummy: a test method registered from a test" in capsys.readouterr().out
    out_csv = tmp_path / "dummy.csv"
    run_benchmark(RunSpec(["dummy"], ["top95"], out_csv, first=3, progress=False))
    rows = read_results(out_csv)
    assert [r["method"] for r in rows] == ["dummy"] * 3
    assert all(r["status"] == "OPTIMAL" and r["verified"] == "true" for r in rows)


def test_unregistered_names_and_missing_capabilities_are_value_errors(tmp_path):
    puzzle = Puzzle.from_string(SEED_STRING)
    with pytest.raises(UnknownMethodError, match="unknown method 'nope'; choose from milp, cp"):
        solve(puzzle, method="nope")
    with pytest.raises(CapabilityError, match="cannot count solutions with 'matching'"):
        count_solutions(puzzle, method="matching")
    with pytest.raises(CapabilityError, match="method 'matching' cannot export"):
        sudoku_models.export(puzzle, "matching", tmp_path / "x.lp")
    with pytest.raises(ValueError, match="takes no option 'objective'"):
        solve(puzzle, method="cp", objective="tiebreak")


def test_bad_construction_options_are_value_errors():
    cls = method_class("cp")
    for kwargs, message in [({"order": 7}, "order must be"), ({"time_limit": -1}, "time_limit"),
                            ({"threads": 0}, "threads")]:
        order = kwargs.pop("order", 3)
        with pytest.raises(ValueError, match=message):
            cls(order, **kwargs)


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


def test_no_module_of_sudoku_models_imports_generator():
    code = """
import importlib, pkgutil, sys
sys.modules["generator"] = None  # any import of generator now fails
import sudoku_models
names = [m.name for m in pkgutil.walk_packages(sudoku_models.__path__, "sudoku_models.")]
for name in names:
    importlib.import_module(name)
from sudoku_models import Puzzle, solve, count_solutions
p = Puzzle.from_string("." * 16)
assert count_solutions(p, "backtracking", limit=None) == 288
assert solve(p, "cp").status.solved
print(len(names))
"""
    run = _python(code)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) >= 20


def test_import_and_cli_parser_load_no_solver():
    solvers = ("pyomo", "ortools", "highspy", "pandas", "matplotlib", "pysat", "distributed",
               "numba")
    code = f"""
import sys
import sudoku_models
import sudoku_models.cli
from sudoku_models.cli import build_parser
build_parser()  # also imports the extensions' registration modules
print(sorted(m for m in {solvers!r} if m in sys.modules))
"""
    run = _python(code)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_solve_with_cp_does_not_import_pyomo():
    code = f"""
import sys
from sudoku_models.cli import main
assert main(["solve", {SEED_STRING!r}, "--method", "cp"]) == 0
print("pyomo" in sys.modules, "highspy" in sys.modules)
"""
    run = _python(code)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "False False"


def test_milp_alldiff_refuses_a_build_longer_than_its_time_limit():
    empty = Puzzle.from_grid(np.zeros((16, 16), dtype=int))
    result = solve(empty, method="milp-alldiff", time_limit=0.5)
    assert result.status is Status.TIME_LIMIT and result.grid is None
    assert result.stats["expected build seconds"] >= 1
