"""Exported models read back and solve to the same verified grid: LP and
MPS by HiGHS, the CP-SAT proto by CP-SAT."""

import re
import warnings

import numpy as np
import pytest

from sudoku_models import Puzzle, export, solve, verify
from sudoku_models.formulations.binary.model import binary_model

from .helpers import SEED_STRING


def _highs_grid(path, side):
    """Read an LP/MPS file with HiGHS, solve it, and read the grid back
    from the x_rR_cC_vV column names."""
    import shutil

    import highspy

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    if path.suffix not in (".lp", ".mps"):  # HiGHS picks its reader by the suffix
        path = shutil.copyfile(path, path.with_suffix(".mps"))
    assert h.readModel(str(path)) == highspy.HighsStatus.kOk
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    values = h.getSolution().col_value
    grid = np.zeros((side, side), dtype=int)
    for j in range(h.getNumCol()):
        name = h.getColName(j)[1]
        match = re.fullmatch(r"x_r(\d+)_c(\d+)_v(\d+)", name)
        if match and values[j] > 0.5:
            r, c, v = map(int, match.groups())
            grid[r - 1, c - 1] = v
        match = re.fullmatch(r"y_r(\d+)_c(\d+)", name)
        if match:
            r, c = map(int, match.groups())
            grid[r - 1, c - 1] = round(values[j])
    return grid


@pytest.mark.parametrize("method", ["milp", "matrix"])
@pytest.mark.parametrize("fmt", ["lp", "mps"])
def test_lp_and_mps_read_back_by_highs_solve_to_the_same_grid(method, fmt, tmp_path):
    puzzle = Puzzle.from_string(SEED_STRING)
    path = tmp_path / f"model.{fmt}"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        export(puzzle, method, path)
    grid = _highs_grid(path, 9)
    assert verify(puzzle, grid)
    assert np.array_equal(grid, solve(puzzle, method="backtracking").grid)  # unique solution


def test_lp_names_are_one_based_and_readable(tmp_path, caplog):
    puzzle = Puzzle.from_string(SEED_STRING)
    for method in ("milp", "matrix"):
        path = tmp_path / f"{method}.lp"
        export(puzzle, method, path)
        text = path.read_text()
        bm = binary_model(3)
        for family in ("cell", "row", "column", "box"):
            labels = bm.labels(family)
            assert labels[0] in text and labels[-1] in text
        assert "x_r1_c1_v1" in text and "x_r9_c9_v9" in text and "x_r0" not in text
        assert "constant objective" not in caplog.text


def test_format_from_option_overrides_the_suffix(tmp_path):
    puzzle = Puzzle.from_string(SEED_STRING)
    path = tmp_path / "model.txt"
    export(puzzle, "milp", path, format="mps")
    assert "ROWS" in path.read_text()
    assert verify(puzzle, _highs_grid(path, 9))


def test_milp_alldiff_lp_reads_back(tmp_path):
    solution = solve(Puzzle.from_string(SEED_STRING), method="backtracking").grid
    easy = solution.copy()
    easy[0, :3] = 0  # three empty cells: HiGHS solves the weak model at once
    puzzle = Puzzle.from_grid(easy)
    path = tmp_path / "alldiff.lp"
    export(puzzle, "milp-alldiff", path)
    assert np.array_equal(_highs_grid(path, 9), solution)


@pytest.mark.parametrize("method", ["cp", "cp-bool"])
def test_cp_sat_proto_text_reads_back_and_solves(method, tmp_path):
    from ortools.sat.python import cp_model

    puzzle = Puzzle.from_string(SEED_STRING)
    path = tmp_path / "model.pbtxt"
    export(puzzle, method, path)
    model = cp_model.CpModel()
    assert model.proto.parse_text_format(path.read_text())
    assert len(model.proto.variables) == (81 if method == "cp" else 729)
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    values = np.array(solver.response_proto.solution)
    if method == "cp":
        grid = values[:81].reshape(9, 9)
    else:
        grid = np.argmax(values[:729].reshape(81, 9), axis=1).reshape(9, 9) + 1
    assert verify(puzzle, grid)
    assert np.array_equal(grid, solve(puzzle, method="backtracking").grid)
