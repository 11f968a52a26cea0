"""The bundled ``teaching`` collection (issue 45): a few puzzles per regime
where MILP and CP part ways, each tagged with why; each regime is its own
dataset in ``bench run``, and each shows its contrast in the solvers' own
effort (statuses and counts a re-run keeps, not seconds)."""

import pytest

from sudoku_models import solve, verify
from sudoku_models.bench.datasets import collection_parts, expand_parts, load_dataset
from sudoku_models.errors import DatasetError
from sudoku_models.formats.files import read_puzzles

REGIMES = ("root", "milp-faster", "cp-faster", "formulation", "alldiff")


def test_the_collection_is_what_its_maker_writes_and_every_puzzle_says_why():
    from benchmarks.teaching_regimes.collection import TARGET, lines

    assert TARGET.read_text().splitlines() == lines()
    puzzles = read_puzzles("teaching")
    assert collection_parts("teaching") == REGIMES
    for puzzle in puzzles:
        part, _, why = puzzle.name.partition("/")
        assert part in REGIMES and ": " in why and len(why) > 40, puzzle.name
    assert [p.side for p in puzzles if p.name.startswith(("milp-faster", "cp-faster"))] == [25] * 5


def test_each_regime_is_its_own_dataset():
    assert expand_parts(["teaching", "top95"]) == [f"teaching:{r}" for r in REGIMES] + ["top95"]
    assert expand_parts(["killer-9x9"]) == ["killer-9x9"]  # no parts: one dataset
    cp_faster = load_dataset("teaching:cp-faster")
    assert [index for index, _ in cp_faster] == [6, 7]  # the collection's own indices
    assert all(p.name.startswith("cp-faster/") for _, p in cp_faster)
    with pytest.raises(DatasetError, match="teaching:nosuch: teaching has the parts root, "):
        load_dataset("teaching:nosuch")
    with pytest.raises(DatasetError, match="top95:root: top95 has no parts"):
        load_dataset("top95:root")


def part(name):
    return [p for _, p in load_dataset(f"teaching:{name}")]


def test_every_puzzle_has_a_solution_and_the_killers_and_classics_one_only():
    from sudoku_models import count_solutions

    for regime in REGIMES:
        for puzzle in part(regime):
            result = solve(puzzle, "cp", time_limit=60)
            assert verify(puzzle, result.grid), puzzle.name
            if puzzle.side == 9:
                assert count_solutions(puzzle, "cp", limit=2, time_limit=60) == 1


def test_each_regime_shows_its_contrast_in_the_solvers_effort():
    """The lesson of each part, by what the solvers report (one thread):
    root: no search by either; 80% holes: HiGHS at its first node, CP-SAT
    branching; 60% holes: CP-SAT solves, HiGHS does not within 3 s; killers:
    the digit sets need no LP iteration where the sum rows need thousands
    (or the limit); the seed: milp-alldiff searches where milp does not."""
    for puzzle in part("root"):
        milp, cp = solve(puzzle, "milp"), solve(puzzle, "cp")
        assert milp.stats["B&B nodes"] == milp.stats["LP iterations"] == 0
        assert cp.stats["branches"] == 0 and verify(puzzle, milp.grid)
    for puzzle in part("milp-faster")[:1]:
        milp, cp = solve(puzzle, "milp", time_limit=30), solve(puzzle, "cp", time_limit=30)
        assert milp.stats["B&B nodes"] <= 1 and milp.stats["LP iterations"] == 0
        assert cp.stats["branches"] > 10_000 and verify(puzzle, milp.grid)
    for puzzle in part("cp-faster")[:1]:
        assert verify(puzzle, solve(puzzle, "cp", time_limit=30).grid)
        assert solve(puzzle, "milp", time_limit=3).status.name == "TIME_LIMIT"
    for puzzle in part("formulation")[:1]:
        sets = solve(puzzle, "milp", time_limit=30, cage="sets")
        sums = solve(puzzle, "milp", time_limit=3)
        assert verify(puzzle, sets.grid) and sets.stats["LP iterations"] == 0
        assert sums.status.name == "TIME_LIMIT" or sums.stats["LP iterations"] > 1000
    [seed] = part("alldiff")
    milp, alldiff = solve(seed, "milp"), solve(seed, "milp-alldiff", time_limit=3)
    assert milp.stats["LP iterations"] == 0
    assert alldiff.status.name == "TIME_LIMIT" or alldiff.stats["LP iterations"] > 1000
