"""The killer-formulations benchmark reads TAREK's killers right and keeps
its budget of CPU seconds: the short killer format parsed to the cages whose
published solution ``verify`` accepts, malformed texts refused, and a solve
stopped once its CPU budget is spent."""

import time

import numpy as np
import pytest

from sudoku_models import read_puzzles, verify
from sudoku_models.solving import make_method

import benchmarks.killer_formulations.run as RUN

from .helpers import DATASETS

# TAREK #1 and its solution, as the Interactive Sudoku Solver's data/killers.js lists them
TAREK_1 = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
SOLUTION_1 = "432851769786239415159467823263974581971583642548612397397148256614725938825396174"


def test_a_short_killer_is_read_into_the_cages_of_its_solution():
    puzzle = RUN.short_killer(TAREK_1)
    cages = puzzle.rules.constraints
    assert len(cages) == 24 and sum(c.total for c in cages) == 405
    assert sorted(cell for c in cages for cell in c.cells) == list(range(81))
    assert verify(puzzle, np.array([int(d) for d in SOLUTION_1]).reshape(9, 9))
    wrong = SOLUTION_1[1] + SOLUTION_1[0] + SOLUTION_1[2:]  # r1c1 and r1c2 swapped
    assert not verify(puzzle, np.array([int(d) for d in wrong]).reshape(9, 9))


def test_the_collection_block_is_found_and_bad_texts_are_refused():
    text = ("export const OTHER = new PuzzleCollection({}, ['x']);\n"
            f"export const TAREK_ALL = new PuzzleCollection(\n  {{}},\n  [\n    '{TAREK_1}',\n  ],\n);\n")
    assert RUN.tarek_killers(text) == [TAREK_1]
    with pytest.raises(ValueError, match="no TAREK_ALL"):
        RUN.tarek_killers("const X = 1;")
    with pytest.raises(ValueError, match="81 characters"):
        RUN.short_killer(TAREK_1[:80])
    with pytest.raises(ValueError, match="do not end in a total"):
        RUN.short_killer(">" + "<" + TAREK_1[2:])


def test_a_cpu_budget_stops_a_hard_solve():
    hard = read_puzzles(DATASETS / "killer-9x9.jsonl")[30]  # cage="sum" does not solve it in 20 s
    model = make_method("milp", hard.rules, time_limit=600)
    cpu = time.process_time()
    with RUN.cpu_budget(model, 1.0):
        result = model.solve(hard)
    assert result.status.name == "TIME_LIMIT" and time.process_time() - cpu < 30


def test_the_table_shows_time_outs_as_bounds_and_takes_the_median_over_all_runs(tmp_path):
    path = tmp_path / "runs.csv"
    base = {"cages": 24, "order": 0, "wall_seconds": 1.0, "build_seconds": 0.5, "nodes": 3,
            "lp_iterations": 9, "load": 1.0, "lp_fractional": 10, "lp_random_bound": 200.0,
            "solution_random_cost": 390, "solver": "HiGHS", "cpu_limit": 30, "wall_limit": 600}
    runs = [("sets", "OPTIMAL", True, 4.0), ("sets", "OPTIMAL", True, 8.0),
            ("sets", "TIME_LIMIT", False, 31.0), ("sum", "TIME_LIMIT", False, 30.2),
            ("sum", "OPTIMAL", True, 2.0), ("sum", "TIME_LIMIT", False, 30.5)]
    RUN.write([{**base, "instance": i // 2 + 1, "form": form, "status": status,
                "verified": verified, "cpu_seconds": cpu}
               for i, (form, status, verified, cpu) in enumerate(runs)], path)
    text = RUN.table(path)
    assert text.count(">= 30") == 3 and "| 4.0 |" in text and "| 2.0 |" in text
    assert '`cage="sets"`: 2 of 3 solved within the budget; median 8.0 CPU s' in text
    assert '`cage="sum"`: 1 of 3 solved within the budget; median not reached' in text


def test_the_table_counts_paired_wins_against_the_first_form(tmp_path):
    base = {"cages": 24, "wall_seconds": 1.0, "build_seconds": 0.5, "nodes": 3,
            "lp_iterations": 9, "load": 1.0, "lp_fractional": 10, "lp_random_bound": 200.0,
            "solution_random_cost": 390, "solver": "HiGHS", "cpu_limit": 30, "wall_limit": 600}
    runs = {1: [("sum", "TIME_LIMIT", 30.1), ("sets", "OPTIMAL", 9.0),
                ("sets+rule45", "OPTIMAL", 3.0)],
            2: [("sets", "TIME_LIMIT", 30.0), ("sets+rule45", "OPTIMAL", 12.0),
                ("sum", "OPTIMAL", 5.0)],
            3: [("sets+rule45", "TIME_LIMIT", 30.2), ("sum", "TIME_LIMIT", 30.0),
                ("sets", "OPTIMAL", 20.0)]}
    rows = [{**base, "instance": i, "order": order, "form": form, "status": status,
             "verified": status == "OPTIMAL", "cpu_seconds": cpu}
            for i, forms in runs.items() for order, (form, status, cpu) in enumerate(forms)]
    RUN.write(rows[:6], tmp_path / "a.csv")
    RUN.write(rows[6:], tmp_path / "b.csv")
    text = RUN.table(tmp_path / "a.csv", str(tmp_path / "b.csv"))
    assert '`cage="sets"` used fewer CPU seconds than `cage="sum"` on 2 of 3 instances' in text
    assert ('`cage="sets", rule45=True` used fewer CPU seconds than `cage="sum"` on 1 of 3 '
            'instances') in text
    assert '`cage="sets", rule45=True`: 2 of 3 solved within the budget; median 12.0 CPU s' \
        in text
    body = [line for line in text.splitlines() if line.startswith("| TAREK")]
    assert [line.split("|")[1].strip() for line in body] == ["TAREK #1"] * 3 + \
        ["TAREK #2"] * 3 + ["TAREK #3"] * 3


def test_the_unselected_killer_collection_is_as_its_sources_entry_says():
    """50 killers, five groups of ten with the cages asked and no givens,
    each unique by the counter (the generator's second method, CaDiCaL,
    confirmed them when they were made; CP-SAT confirms the first of each
    group here)."""
    from sudoku_models import count_solutions
    from sudoku_models.rules import Cage

    from benchmarks.killer_formulations.collection import GROUPS, OUT, PER_GROUP

    puzzles = read_puzzles(OUT)
    assert len(puzzles) == len(GROUPS) * PER_GROUP
    for group, ((low, high), _) in enumerate(GROUPS):
        for k, puzzle in enumerate(puzzles[group * PER_GROUP:(group + 1) * PER_GROUP]):
            cages = puzzle.rules.constraints
            assert all(isinstance(c, Cage) and c.total for c in cages)
            assert low <= len(cages) <= high and not puzzle.grid.any()
            assert count_solutions(puzzle, "backtracking", limit=2) == 1
            if k == 0:
                assert count_solutions(puzzle, "cp", limit=2, rule45=True, time_limit=60) == 1


def test_a_solve_past_the_cpu_budget_is_a_time_out_in_the_table(tmp_path):
    row = {"instance": 1, "cages": 24, "order": 0, "form": "sum", "status": "OPTIMAL",
           "verified": True, "cpu_seconds": 37.5, "wall_seconds": 200.0, "build_seconds": 0.1,
           "nodes": 4987, "lp_iterations": 9, "load": 7.5, "lp_fractional": 10,
           "lp_random_bound": 200.0, "solution_random_cost": 390, "solver": "HiGHS",
           "cpu_limit": 10, "wall_limit": 600}
    RUN.write([row, {**row, "form": "sets", "cpu_seconds": 6.2, "order": 1}], tmp_path / "a.csv")
    text = RUN.table(tmp_path / "a.csv")
    assert "| >= 10 |" in text and "| 6.2 |" in text
    assert '`cage="sum"`: 0 of 1 solved within the budget' in text
    assert '`cage="sets"` used fewer CPU seconds than `cage="sum"` on 1 of 1' in text
