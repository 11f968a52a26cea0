"""The thermometer and arrow study: its collections are what SOURCES.md
says (reproducible from each line's seed, unique by an independent method),
its two MILP forms of each kind are valid and the cumulative and digit-set
forms at least as tight in the LP, a solve past its CPU budget is a
time-out, and the tables read the recorded rows right."""

import json

import numpy as np
import pytest

from sudoku_models import count_solutions, read_puzzles, verify
from sudoku_models.counter import backtrack_solve
from sudoku_models.core.cell_kinds import Arrow, Thermometer
from sudoku_models.solving import make_method

import benchmarks.order_formulations.collection as COLLECTION
import benchmarks.order_formulations.run as RUN
from benchmarks.order_formulations.recorded import censored as censored_pairs, write
from benchmarks.order_formulations.tables import milp_pairs, summary
from benchmarks.studykit.random_costs import random_costs

from .helpers import DATASETS
from sudoku_models.formats.toolkit_json import to_json

KINDS = {"thermo": Thermometer, "arrow": Arrow}


def _lines(kind: str) -> list[dict]:
    return [json.loads(line) for line in (DATASETS / f"{kind}-9x9.jsonl").read_text().split("\n")
            if line]


@pytest.mark.parametrize("kind", KINDS)
def test_a_collection_line_is_made_again_from_its_seed(kind):
    first = _lines(kind)[0]
    count, seed = COLLECTION.GROUPS[kind][0][0], COLLECTION.GROUPS[kind][0][1] * 100
    assert f"make({kind!r}, {count}, seed={seed}," in first["source"]
    puzzle = COLLECTION.make(kind, count, seed)
    assert {**to_json(puzzle), "source": first["source"]} == first


@pytest.mark.parametrize("kind", KINDS)
def test_the_collection_is_as_its_sources_entry_says(kind):
    """24 puzzles, six per group with the group's count of thermometers or
    arrows (arrows with their shaft in one house), the last group with
    a median of at most 5 givens against more in the first, each unique by the counter; CP-SAT, a method the
    collection maker did not use, confirms the first of each group."""
    puzzles = read_puzzles(DATASETS / f"{kind}-9x9.jsonl")
    per = COLLECTION.PER_GROUP
    assert len(puzzles) == len(COLLECTION.GROUPS[kind]) * per
    givens = []
    for group, (count, _) in enumerate(COLLECTION.GROUPS[kind]):
        for k, puzzle in enumerate(puzzles[group * per:(group + 1) * per]):
            marks = puzzle.rules.constraints
            assert len(marks) == count and all(isinstance(m, KINDS[kind]) for m in marks)
            if kind == "arrow":
                assert all(COLLECTION._one_house(list(m.cells)) for m in marks)
            assert count_solutions(puzzle, "backtracking", limit=2) == 1
            if k == 0:
                assert count_solutions(puzzle, "cp", limit=2, time_limit=120) == 1
        givens.append(np.median([np.count_nonzero(p.grid)
                                 for p in puzzles[group * per:(group + 1) * per]]))
    assert givens[0] > givens[-1] and givens[-1] <= 5 and max(givens) <= 13


@pytest.mark.parametrize("kind,option", [("thermo", "order"), ("arrow", "arrow")])
def test_the_strong_form_is_valid_and_at_least_as_tight_in_the_lp(kind, option):
    """Both forms solve to the counter's solution; summed over k the
    cumulative rows give ``v(low) <= v(high) - 1`` (and the digit-set rows
    sit beside the arrow's sum row), so their LP minimum of any costs is
    never below the other form's."""
    weak, strong = ("values", "cumulative") if kind == "thermo" else ("sum", "sets")
    puzzle = read_puzzles(DATASETS / f"{kind}-9x9.jsonl")[12]
    solution = backtrack_solve(puzzle)
    cost = random_costs(3)
    r, c = np.indices(solution.shape)
    best = cost[r, c, solution - 1].sum()
    bounds = []
    for form in (weak, strong):
        model = make_method("milp", puzzle.rules, threads=1, **{option: form})
        result = model.solve(puzzle)
        assert result.status.solved and verify(puzzle, result.grid)
        assert np.array_equal(result.grid, solution)
        bounds.append(model.lp_relaxation(puzzle, cost).bound)
    assert bounds[0] <= bounds[1] + 1e-6 <= best + 1e-6


@pytest.mark.parametrize("method, options", [("milp", {"arrow": "sum"}),
                                             ("cp-bool", {"arrow": "sum"})])
def test_the_cpu_budget_stops_the_solver_not_its_wall_safety_net(method, options):
    """Arrow #20 takes either sum form past 10 CPU s; with a budget of 0.5 s
    the solve is stopped near it, long before the wall limit (8 x 0.5 s)
    that stopped it when the budget's watcher was handed the model instead
    of a stop (every CPU second up to that limit spent)."""
    hard = read_puzzles(DATASETS / "arrow-9x9.jsonl")[19]
    row, grid = RUN.solve_once(hard, method, options, 0.5, 0)
    assert row["status"] == "TIME_LIMIT" and grid is None
    assert 0.5 < row["cpu_seconds"] < 2.0


def test_a_run_records_verified_rows_and_a_budget_overrun_is_a_time_out(tmp_path):
    puzzle = read_puzzles(DATASETS / "thermo-9x9.jsonl")[0]
    row, grid = RUN.solve_once(puzzle, "milp", {"order": "cumulative"}, 1e-4, 0)
    assert row["status"] == "TIME_LIMIT" and grid is None
    out = tmp_path / "thermo.csv"
    rows = RUN.run({1: puzzle, 2: puzzle}, "thermo", ("milp values", "milp cumulative", "cp"),
                   60.0, out, dataset="thermo-9x9")
    assert [r["form"] for r in rows] == ["milp values", "milp cumulative", "cp",
                                         "milp cumulative", "cp", "milp values"]
    assert all(r["status"] == "OPTIMAL" and r["verified"] for r in rows)
    assert all(r["lp_random_bound"] <= r["solution_random_cost"] + 1e-6
               for r in rows if r["method"] == "milp")
    assert censored_pairs(out) == set()
    censored = [{**r, "cpu_seconds": 99.0} if r["form"] == "cp" else r for r in rows]
    write(censored, tmp_path / "censored.csv")
    assert censored_pairs(tmp_path / "censored.csv") == {(1, "cp"), (2, "cp")}
    table = summary(tmp_path / "censored.csv")
    assert "| `cp` | 0 of 2 | not reached |" in table
    assert "| `milp values` | 2 of 2 |" in table
    cpu = {(r["instance"], r["form"]): r["cpu_seconds"] for r in rows}
    faster = sum(cpu[i, "milp cumulative"] < cpu[i, "milp values"] for i in (1, 2))
    pairs = milp_pairs(out)
    assert pairs.count("\n| 1 | ") + pairs.count("\n| 2 | ") == 2
    assert f"`milp cumulative` used fewer CPU seconds than `milp values` on {faster} of 2" in pairs
