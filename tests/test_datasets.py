"""Real input end to end: all of top95 and the first 500 17-clue puzzles,
both methods in one command, every solution verified."""

import csv

import pytest

from sudoku_models import read_puzzles
from sudoku_models.cli import main

from .helpers import DATASETS


def _solve_file(name, first, tmp_path):
    out_csv = tmp_path / f"{name}.csv"
    argv = ["solve", "--file", str(DATASETS / name), "--method", "milp,cp", "--out", str(out_csv)]
    assert main(argv + (["--first", str(first)] if first else [])) == 0
    return list(csv.DictReader(out_csv.open()))


def _check(rows, puzzles):
    assert len(rows) == 2 * len(puzzles)
    assert all(r["status"] == "OPTIMAL" and r["verified"] == "true" for r in rows)
    assert [r["puzzle"] for r in rows if r["method"] == "cp"] == [p.name for p in puzzles]


def test_all_of_top95_with_both_methods(tmp_path):
    _check(_solve_file("top95.txt", None, tmp_path), read_puzzles(DATASETS / "top95.txt"))


@pytest.mark.slow
def test_first_500_seventeen_clue_puzzles_with_both_methods(tmp_path):
    puzzles = read_puzzles(DATASETS / "17clue.txt")[:500]
    _check(_solve_file("17clue.txt", 500, tmp_path), puzzles)

