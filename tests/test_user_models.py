"""Models a user writes (issue 45): the first notebook's textbook models,
read from the notebook's own cells, registered in one call each, are then
methods like the built-in ones: solved to the counter's grid, counted as
the counter counts, the same size as ``milp`` and ``cp`` (the one difference
named: a fixed clue leaves the compiled MILP), changed after ``build``,
written and read back, refused outside their claims, and benchmarked in
this process and from a shell by their module path. Every break of the
convention is a ``ValueError`` naming it."""

import subprocess
import sys
from pathlib import Path

import nbformat
import numpy as np
import pytest

from sudoku_models import (CountIncomplete, Puzzle, count_solutions, export, read_puzzle,
                           read_puzzles, register_model, solve, unregister_model, verify)
from sudoku_models.bench import RunSpec, run_benchmark
from sudoku_models.formulations.grid_variables import ModelConventionError
from sudoku_models.registry import METHODS, CapabilityError, UnknownMethodError, method_info

from .helpers import holes, pattern_grid

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "first_models.ipynb"
HEADER = "import numpy as np\nimport pyomo.environ as pyo\nfrom ortools.sat.python import cp_model\n"
UNIQUE = holes(pattern_grid(2), 0.55, seed=1)  # 4x4, one solution
SEVERAL = holes(pattern_grid(2), 0.7, seed=3)  # 4x4, several solutions
HARD = read_puzzles("top95")[0]  # 9x9, 17 clues


def notebook_source(tag: str) -> str:
    """The source of the notebook's code cell tagged ``tag``."""
    cells = [cell for cell in nbformat.read(NOTEBOOK, as_version=4).cells
             if tag in cell.metadata.get("tags", [])]
    assert len(cells) == 1, tag
    return cells[0].source


def notebook_function(tag: str):
    space: dict = {}
    exec(HEADER + notebook_source(tag), space)
    return space[tag.replace("-", "_")]


@pytest.fixture
def textbook():
    """The notebook's two models, registered as the notebook registers them."""
    register_model("textbook-milp", notebook_function("textbook-milp"), paradigm="MILP")
    register_model("textbook-cp", notebook_function("textbook-cp"), paradigm="CP")
    yield ("textbook-milp", "textbook-cp")
    unregister_model("textbook-milp")
    unregister_model("textbook-cp")


def test_the_notebook_writes_each_model_in_about_forty_lines():
    for tag in ("textbook-milp", "textbook-cp"):
        lines = [line for line in notebook_source(tag).splitlines() if line.strip()]
        assert len(lines) <= 40, (tag, len(lines))


@pytest.mark.parametrize("puzzle", [UNIQUE, HARD], ids=["4x4", "9x9"])
def test_they_solve_to_the_counters_grid(textbook, puzzle):
    expected = solve(puzzle, "backtracking").grid
    for method in textbook:
        result = solve(puzzle, method, time_limit=30)
        assert result.status.solved and verify(puzzle, result.grid), method
        np.testing.assert_array_equal(result.grid, expected)
        assert result.method == method and result.build_seconds > 0


def test_they_count_as_the_counter_counts(textbook):
    for puzzle in (SEVERAL, UNIQUE, HARD):
        expected = count_solutions(puzzle, "backtracking", limit=None)
        for method in textbook:
            assert count_solutions(puzzle, method, limit=None) == expected, (method, puzzle)
    empty = Puzzle.from_grid(np.zeros((4, 4), dtype=int))  # 288 grids: a cut each for a MILP
    assert count_solutions(empty, "textbook-cp", limit=None) == 288
    assert count_solutions(empty, "textbook-milp", limit=12) == 12
    with pytest.raises(CountIncomplete):
        count_solutions(Puzzle.from_grid(np.zeros((9, 9), dtype=int)), "textbook-cp",
                        limit=None, time_limit=0.5)


@pytest.mark.parametrize("side", [4, 9])
def test_the_textbook_milp_is_milp_and_the_textbook_cp_is_cp(textbook, side):
    puzzle = UNIQUE if side == 4 else HARD
    empty = Puzzle.from_grid(np.zeros((side, side), dtype=int))
    assert solve(empty, "textbook-milp").size == solve(empty, "milp").size
    assert solve(empty, "textbook-milp").size.variables == side**3
    mine, theirs, clues = solve(puzzle, "textbook-milp").size, solve(puzzle, "milp").size, \
        puzzle.num_clues
    # the named difference: a fixed clue leaves the compiled model, with its four nonzeros
    assert (mine.variables, mine.constraints, mine.nonzeros) == \
        (theirs.variables - clues, theirs.constraints, theirs.nonzeros - 4 * clues)
    for p in (empty, puzzle):
        assert solve(p, "textbook-cp").size == solve(p, "cp").size


def test_a_model_changed_after_build_is_solved_as_changed(textbook):
    """A constraint added to the handed-out model is part of the next solve
    of the same puzzle; a new puzzle is built afresh by the function."""
    from ortools.sat.python import cp_model  # noqa: F401  (the model's own library)
    import pyomo.environ as pyo
    from sudoku_models.solving import make_method

    answer = solve(UNIQUE, "backtracking").grid
    i, j = map(int, np.argwhere(UNIQUE.grid == 0)[0])
    milp = make_method("textbook-milp", UNIQUE.rules)
    model = milp.build(UNIQUE)
    model.not_the_answer = pyo.Constraint(expr=model.x[i + 1, j + 1, int(answer[i, j])] == 0)
    assert milp.solve(UNIQUE).status.name == "INFEASIBLE"
    assert verify(SEVERAL, milp.solve(SEVERAL).grid)
    cp = make_method("textbook-cp", UNIQUE.rules)
    model, cells = cp.build(UNIQUE)
    model.add(cells[i, j] != int(answer[i, j]))
    assert cp.solve(UNIQUE).status.name == "INFEASIBLE"
    assert verify(SEVERAL, cp.solve(SEVERAL).grid)


def test_their_models_are_written_and_read_back_by_the_solvers(textbook, tmp_path):
    import re

    import highspy

    from .test_registry_claims import _read_pbtxt

    export(UNIQUE, "textbook-milp", tmp_path / "m.lp")
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.readModel(str(tmp_path / "m.lp"))
    h.run()
    grid = np.array(UNIQUE.grid)  # the fixed clues are constants, not columns
    for j, value in enumerate(h.getSolution().col_value):
        if (match := re.fullmatch(r"x_(\d)_(\d)_(\d)", h.getColName(j)[1])) and value > 0.5:
            r, c, v = map(int, match.groups())
            grid[r - 1, c - 1] = v
    assert verify(UNIQUE, grid)
    export(UNIQUE, "textbook-cp", tmp_path / "m.pbtxt")
    assert verify(UNIQUE, _read_pbtxt(tmp_path / "m.pbtxt", 4))
    with pytest.raises(CapabilityError):
        export(UNIQUE, "textbook-cp", tmp_path / "m.lp")


def test_they_take_their_paradigms_options_and_refuse_others(textbook):
    detailed = solve(HARD, "textbook-milp", stats="detailed", solver_options={"presolve": "off"})
    assert verify(HARD, detailed.grid) and detailed.stats["presolved columns"] == 729 - 17
    assert detailed.solver.endswith("(presolve=off)")
    assert verify(HARD, solve(HARD, "textbook-cp", solver_options="cp_model_presolve=false",
                              seed=3).grid)
    with pytest.raises(ValueError, match="takes no option 'cage'"):
        solve(UNIQUE, "textbook-milp", cage="sets")
    with pytest.raises(ValueError, match="takes no option 'stats'"):
        solve(UNIQUE, "textbook-cp", stats="detailed")


def test_layouts_and_kinds_outside_the_claim_are_refused(textbook):
    killer = read_puzzle({"format": "sudoku-models/1", "size": 4, "grid": "." * 16,
                          "constraints": [{"kind": "cage", "cells": ["r1c1", "r1c2"],
                                           "total": 3}]})
    from sudoku_models.core.geometry import Layout

    six = Puzzle(np.zeros((6, 6), dtype=int), Layout.boxes(2, 3))
    for method in textbook:
        with pytest.raises(CapabilityError, match=f"'{method}' does not model cage"):
            solve(killer, method)
        with pytest.raises(CapabilityError, match="takes square layouts"):
            solve(six, method)


def _returns(value):
    def build(puzzle):
        return value() if callable(value) else value
    return build


def test_a_function_that_breaks_the_convention_is_named():
    import pyomo.environ as pyo
    from ortools.sat.python import cp_model

    def no_x(puzzle):
        m = pyo.ConcreteModel()
        m.y = pyo.Var([1, 2], domain=pyo.Binary)
        return m

    def few_values(puzzle):
        m = pyo.ConcreteModel()
        m.x = pyo.Var(range(4), range(4), range(3), domain=pyo.Binary)
        return m

    def cells_only(puzzle):
        m = pyo.ConcreteModel()
        m.v = pyo.Var(range(4), range(4), bounds=(1, 4))
        return m, m.v

    def cp_short(puzzle):
        model = cp_model.CpModel()
        return model, [[model.new_int_var(1, 4, "") for _ in range(3)] for _ in range(4)]

    cases = [("MILP", _returns(None), "must return a Pyomo ConcreteModel"),
             ("MILP", no_x, "has no component x"),
             ("MILP", few_values, "3 value labels .*, the grid 4"),
             ("MILP", cells_only, "not from the cells' values"),
             ("CP", _returns(cp_model.CpModel), "must return \\(model, cells\\)"),
             ("CP", cp_short, "a 4x4 nested list")]
    for paradigm, build, message in cases:
        register_model("broken", build, paradigm=paradigm)
        try:
            with pytest.raises(ModelConventionError, match=message):
                solve(UNIQUE, "broken")
        finally:
            unregister_model("broken")


@pytest.mark.parametrize("call, message", [
    (lambda: register_model("milp", print, paradigm="MILP"), "'milp' is a built-in method"),
    (lambda: register_model("my[model]", print, paradigm="MILP"), "a method name is a"),
    (lambda: register_model("a,b", print, paradigm="MILP"), "a method name is a"),
    (lambda: register_model("mine", print, paradigm="SAT"), "paradigm must be one of MILP, CP"),
    (lambda: register_model("mine", print), "paradigm must be one of MILP, CP"),
    (lambda: register_model("mine", 42, paradigm="MILP"), "must be a function"),
    (lambda: register_model("mine", int), "must be a Formulation subclass"),
    (lambda: register_model("mine", print, paradigm="MILP", colour="red"), "takes no 'colour'"),
    (lambda: register_model("mine", print, paradigm="MILP", can_count=False),
     "can_count of a model written as a function"),
    (lambda: unregister_model("cp"), "'cp' is a built-in method"),
])
def test_bad_registrations_are_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()
    assert "mine" not in METHODS


def test_a_class_registers_in_one_call():
    from sudoku_models.formulations.TEMPLATE import TemplateFormulation

    info = register_model("my-template", TemplateFormulation)
    try:
        assert info.paradigm == "MILP" and info.load().name == "my-template"
        assert TemplateFormulation.name == "template"  # the class itself is left as it was
        assert verify(HARD, solve(HARD, "my-template").grid)
        assert count_solutions(SEVERAL, "my-template", limit=None) == \
            count_solutions(SEVERAL, "backtracking", limit=None)
    finally:
        unregister_model("my-template")


def test_bench_run_in_this_process_takes_them(textbook, tmp_path):
    import csv

    out = tmp_path / "runs.csv"
    run_benchmark(RunSpec([*textbook, "milp"], ["top95"], out, first=2, time_limit=30,
                          progress=False))
    rows = list(csv.DictReader(out.open()))
    assert sorted((r["method"], r["index"]) for r in rows) == sorted(
        (m, i) for m in (*textbook, "milp") for i in ("1", "2"))
    assert all(r["verified"] == "true" and r["status"] == "OPTIMAL" for r in rows)
    by_puzzle = {}
    for r in rows:
        by_puzzle.setdefault(r["index"], set()).add(r["solution_hash"])
    assert all(len(hashes) == 1 for hashes in by_puzzle.values())


MODULE = '''
from sudoku_models import register_model

{milp}

{cp}

register_model("textbook-milp", textbook_milp, paradigm="MILP")
register_model("textbook-cp", textbook_cp, paradigm="CP")
'''


def test_another_process_finds_them_by_their_module_path(tmp_path):
    """``sudoku-models bench run`` from a shell (and its workers) imports
    the module from the current folder and runs the functions it registered."""
    import csv

    (tmp_path / "my_models.py").write_text(HEADER + MODULE.format(
        milp=notebook_source("textbook-milp"), cp=notebook_source("textbook-cp")))
    command = [sys.executable, "-m", "sudoku_models"]

    def run(*words):
        return subprocess.run([*command, *words], cwd=tmp_path, capture_output=True, text=True,
                              timeout=300)

    done = run("bench", "run", "--methods", "my_models:textbook_milp,my_models:textbook_cp,cp",
               "--datasets", "top95", "--first", "2", "--workers", "1", "--out", "runs.csv")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader((tmp_path / "runs.csv").open()))
    assert {r["method"] for r in rows} == {"my_models:textbook_milp", "my_models:textbook_cp",
                                          "cp"}
    assert len(rows) == 6 and all(r["verified"] == "true" for r in rows)
    shown = run("show-model", "my_models:textbook_cp", "1.......3....4..", "--lines", "all")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.count("all_different(") == 12 and "cell_r1_c1 = 1" in shown.stdout


def test_a_module_path_is_resolved_once_in_process(tmp_path, monkeypatch, capsys):
    from sudoku_models.cli import main

    (tmp_path / "mine_here.py").write_text(HEADER + MODULE.format(
        milp=notebook_source("textbook-milp"), cp=notebook_source("textbook-cp")))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    try:
        info = method_info("mine_here:textbook_cp")
        assert info.name == "mine_here:textbook_cp" and info.paradigm == "CP"
        assert method_info("mine_here:textbook_cp") is info
        assert verify(UNIQUE, solve(UNIQUE, "mine_here:textbook_milp").grid)
        with pytest.raises(UnknownMethodError, match="MODULE:NAME"):
            method_info("mine_here:")
        for words, message in [
                (["solve", "1.......3....4..", "--method", "mine_here:nothing"],
                 "module mine_here has no 'nothing'"),
                (["solve", "1.......3....4..", "--method", "mine_here:register_model"],
                 "mine_here.register_model is not registered"),
                (["show-model", "no_such_module:f", "1.......3....4.."],
                 "No module named 'no_such_module'"),
                (["bench", "run", "--methods", "mine_here:nothing", "--datasets", "top95",
                  "--first", "1", "--out", "x.csv"], "module mine_here has no 'nothing'")]:
            assert main(words) == 2, words
            err = capsys.readouterr().err
            assert message in err and err.count("\n") == 1, err
    finally:
        for name in ("mine_here:textbook_cp", "mine_here:textbook_milp", "textbook-milp",
                     "textbook-cp"):
            METHODS.pop(name, None)
        sys.modules.pop("mine_here", None)

