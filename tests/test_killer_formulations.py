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
from benchmarks.studykit.cpu_budget import solve_within

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
    result = solve_within(model, hard, 1.0)
    assert result.status.name == "TIME_LIMIT" and time.process_time() - cpu < 30


@pytest.mark.parametrize("form", ["cp sum", "sat totalizer", "counter bounds"])
def test_every_kind_of_method_is_stopped_by_its_cpu_budget(form):
    """CP-SAT through stop_search (its effort kept), PySAT's CaDiCaL between
    its slices, the counter through its control array: killer #45 of the unselected
    collection takes each of these forms over 2 CPU s."""
    easy, hard = (read_puzzles(DATASETS / "killer-unselected-9x9.jsonl")[i] for i in (2, 44))
    RUN.warm_up(easy, [form])  # a compile, cache load or library set-up is not the solve's
    row = RUN.solve_form(hard, form, cpu_limit=0.3, wall_limit=600, seed=0)
    assert row["status"] == "TIME_LIMIT" and row["grid"] is None and not row["verified"]
    assert 0.3 < row["cpu_seconds"] < 1.5
    assert row["branches"] > 0


def test_every_form_solves_an_easy_killer_to_an_answer_verify_accepts():
    easy = read_puzzles(DATASETS / "killer-unselected-9x9.jsonl")[2]
    for form in RUN.FORMS:
        row = RUN.solve_form(easy, form, cpu_limit=30, wall_limit=600, seed=0)
        assert row["status"] == "OPTIMAL" and row["verified"], form
        assert verify(easy, row["grid"])
        unit = RUN.EFFORT[RUN.FORMS[form][0]][0]
        assert row[unit] is not None and row["cpu_seconds"] <= 30, form


def test_the_table_shows_time_outs_as_bounds_and_takes_the_median_over_all_runs(tmp_path):
    path = tmp_path / "runs.csv"
    base = {"cages": 24, "order": 0, "wall_seconds": 1.0, "build_seconds": 0.5, "nodes": 3,
            "lp_iterations": 9, "load": 1.0, "lp_fractional": 10, "lp_random_bound": 200.0,
            "solution_random_cost": 390, "solver": "HiGHS", "cpu_limit": 30, "wall_limit": 600}
    runs = [("milp sets", "OPTIMAL", True, 4.0), ("milp sets", "OPTIMAL", True, 8.0),
            ("milp sets", "TIME_LIMIT", False, 31.0), ("milp sum", "TIME_LIMIT", False, 30.2),
            ("milp sum", "OPTIMAL", True, 2.0), ("milp sum", "TIME_LIMIT", False, 30.5)]
    RUN.write([{**base, "instance": i // 2 + 1, "form": form, "status": status,
                "verified": verified, "cpu_seconds": cpu}
               for i, (form, status, verified, cpu) in enumerate(runs)], path)
    text = RUN.table(path)
    assert text.count(">= 30") == 3 and "| 4.0 |" in text and "| 2.0 |" in text
    assert '`milp cage="sets"`: 2 of 3 solved within the budget; median 8.0 CPU s' in text
    assert '`milp cage="sum"`: 1 of 3 solved within the budget; median not reached' in text


def test_the_table_counts_paired_wins_against_the_first_form(tmp_path):
    base = {"cages": 24, "wall_seconds": 1.0, "build_seconds": 0.5, "nodes": 3,
            "lp_iterations": 9, "load": 1.0, "lp_fractional": 10, "lp_random_bound": 200.0,
            "solution_random_cost": 390, "solver": "HiGHS", "cpu_limit": 30, "wall_limit": 600}
    runs = {1: [("milp sum", "TIME_LIMIT", 30.1), ("milp sets", "OPTIMAL", 9.0),
                ("milp sets+rule45", "OPTIMAL", 3.0)],
            2: [("milp sets", "TIME_LIMIT", 30.0), ("milp sets+rule45", "OPTIMAL", 12.0),
                ("milp sum", "OPTIMAL", 5.0)],
            3: [("milp sets+rule45", "TIME_LIMIT", 30.2), ("milp sum", "TIME_LIMIT", 30.0),
                ("milp sets", "OPTIMAL", 20.0)]}
    rows = [{**base, "instance": i, "order": order, "form": form, "status": status,
             "verified": status == "OPTIMAL", "cpu_seconds": cpu}
            for i, forms in runs.items() for order, (form, status, cpu) in enumerate(forms)]
    RUN.write(rows[:6], tmp_path / "a.csv")
    RUN.write(rows[6:], tmp_path / "b.csv")
    text = RUN.table(tmp_path / "a.csv", str(tmp_path / "b.csv"))
    assert ('`milp cage="sets"` used fewer CPU seconds than `milp cage="sum"` on 2 of 3 '
            'instances') in text
    assert ('`milp cage="sets", rule45=True` used fewer CPU seconds than `milp cage="sum"` on 1 '
            'of 3 instances') in text
    assert ('`milp cage="sets", rule45=True`: 2 of 3 solved within the budget; median 12.0 CPU s'
            in text)
    body = [line for line in text.splitlines() if line.startswith("| TAREK")]
    assert [line.split("|")[1].strip() for line in body] == ["TAREK #1"] * 3 + \
        ["TAREK #2"] * 3 + ["TAREK #3"] * 3


def test_the_unselected_killer_collection_is_as_its_sources_entry_says():
    """50 killers, five groups of ten with the cages asked and no givens,
    each unique by the counter (the generator's second method, CaDiCaL,
    confirmed them when they were made; CP-SAT confirms the first of each
    group here)."""
    from sudoku_models import count_solutions
    from sudoku_models.core.cell_kinds import Cage

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
    row = {"instance": 1, "cages": 24, "order": 0, "form": "milp sum", "status": "OPTIMAL",
           "verified": True, "cpu_seconds": 37.5, "wall_seconds": 200.0, "build_seconds": 0.1,
           "nodes": 4987, "lp_iterations": 9, "load": 7.5, "lp_fractional": 10,
           "lp_random_bound": 200.0, "solution_random_cost": 390, "solver": "HiGHS",
           "cpu_limit": 10, "wall_limit": 600}
    RUN.write([row, {**row, "form": "milp sets", "cpu_seconds": 6.2, "order": 1}],
              tmp_path / "a.csv")
    text = RUN.table(tmp_path / "a.csv")
    assert "| >= 10 |" in text and "| 6.2 |" in text
    assert '`milp cage="sum"`: 0 of 1 solved within the budget' in text
    assert '`milp cage="sets"` used fewer CPU seconds than `milp cage="sum"` on 1 of 1' in text


def _runs(rows, limit):
    base = {"cages": 18, "wall_seconds": 1.0, "build_seconds": 0.1, "lp_iterations": 9,
            "load": 1.0, "solver": "x", "wall_limit": 600, "seed": 0}
    return [{**base, "instance": i, "order": k, "form": form, "status": status,
             "verified": status == "OPTIMAL", "cpu_seconds": cpu, "cpu_limit": limit,
             "nodes": effort, "conflicts": effort, "branches": effort,
             "lp_random_bound": 300.0 if form.startswith("milp") else None,
             "solution_random_cost": 400 if form.startswith("milp") else None}
            for k, (i, form, status, cpu, effort) in enumerate(rows)]


def test_two_cpu_times_within_a_fifth_or_a_twentieth_of_a_second_are_about_the_same():
    assert RUN._faster(1.0, 1.3) and not RUN._faster(1.0, 1.1) and not RUN._faster(1.3, 1.0)
    assert not RUN._faster(0.01, 0.05) and RUN._faster(0.01, 0.07)
    assert RUN._faster(9.0, np.inf) and not RUN._faster(np.inf, np.inf)


def test_the_summary_keeps_censored_runs_as_bounds_at_both_budgets(tmp_path):
    """Three instances: ``cp sum`` solves 2 at 10 s, ``cp sets`` 1 at 10 s
    and one more at 60 s (the other rerun times out again); a median is
    given only where more than half are solved."""
    RUN.write(_runs([(1, "cp sum", "OPTIMAL", 1.0, 10), (1, "cp sets", "OPTIMAL", 2.0, 20),
                     (2, "cp sum", "OPTIMAL", 3.0, 30), (2, "cp sets", "TIME_LIMIT", 10.1, 99),
                     (3, "cp sum", "TIME_LIMIT", 10.0, 99), (3, "cp sets", "TIME_LIMIT", 10.2, 9),
                     (1, "milp sum", "OPTIMAL", 4.0, 5)], 10), tmp_path / "a.csv")
    RUN.write(_runs([(2, "cp sets", "OPTIMAL", 40.0, 400), (3, "cp sets", "TIME_LIMIT", 60.1, 9),
                     (3, "cp sum", "TIME_LIMIT", 60.0, 9)], 60), tmp_path / "b.csv")
    lines = RUN.options_table(tmp_path / "a.csv", tmp_path / "b.csv").splitlines()
    assert "solved, 10 CPU s" in lines[0] and "solved, 60 CPU s" in lines[0]
    cells = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
             for line in lines[2:]}
    assert cells["`cp sum`"] == ["2 of 3", "3.0", "2 of 3", "3.0", "30 conflicts", ""]
    assert cells["`cp sets`"] == ["1 of 3", "-", "2 of 3", "40.0", "400 conflicts", ""]
    assert cells["`milp sum`"] == ["1 of 1", "4.0", "1 of 1", "4.0", "5 B&B nodes", "0.750"]
    paired = RUN.paired_table(tmp_path / "a.csv", tmp_path / "b.csv")
    assert "| cp | `cp sum` | `cp sets` | 2 | 0 | 0 | 1 | 3 |" in paired and "milp" not in paired
    groups = RUN.groups_table(tmp_path / "a.csv", per_group=2)
    assert "#1-2 (18 cages)" in groups and "| `cp sum` | 2 of 2 | 0 of 1 |" in groups
    same = RUN.same_solve_table(tmp_path / "a.csv", tmp_path / "b.csv")
    assert ("| #2 | `cp sets` | TIME_LIMIT / OPTIMAL | 10.10 (10) | 40.00 (60) | 99 conflicts | "
            "400 conflicts |") in same and len(same.splitlines()) == 5
    assert RUN.censored(RUN.read_rows(tmp_path / "a.csv")) == {(2, "cp sets"), (3, "cp sum"),
                                                               (3, "cp sets")}
