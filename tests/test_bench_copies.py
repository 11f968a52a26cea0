"""Performance variability in a run (issue 44): ``bench run --permutations
K --seeds K`` solves each puzzle in isomorphic copies and each seeded
configuration with several solver seeds; every copy's answer is moved back
and verified against the puzzle itself, and a resumed run solves nothing
twice."""

from sudoku_models.bench import RunSpec, run_benchmark
from sudoku_models.records import read_results

from .test_input_edges import cli


def test_copies_and_seeds_each_have_their_row_and_the_same_answer(tmp_path):
    out = tmp_path / "copies.csv"
    spec = RunSpec(["cp", "backtracking"], ["top95", "killer-9x9"], out, first=2,
                   permutations=3, seeds=2, workers=1, progress=False)
    outcome = run_benchmark(spec)
    rows = read_results(out)
    # cp has a seed (two configurations), the counter none: 3 per puzzle and copy
    assert len(rows) == outcome.written == 2 * 2 * 3 * 3
    assert {(r["method"], r["solver_seed"]) for r in rows} == {
        ("cp", "0"), ("cp", "1"), ("backtracking", "0")}
    assert all(r["status"] == "OPTIMAL" and r["verified"] == "true" for r in rows)
    for dataset in ("top95", "killer-9x9"):
        for index in ("1", "2"):
            mine = [r for r in rows if (r["dataset"], r["index"]) == (dataset, index)]
            assert {r["permutation"] for r in mine} == {"0", "1", "2"}
            # the answers of every copy, moved back, are the puzzle's one solution
            assert len({r["solution_hash"] for r in mine}) == 1
            assert len({r["puzzle_hash"] for r in mine}) == 1  # rows name the instance
    assert run_benchmark(spec).written == 0  # resumed: every copy and seed is held


def test_the_command_line_takes_permutations_and_seeds_and_refuses_zero(tmp_path):
    out = tmp_path / "cli.csv"
    code, printed, err = cli(["bench", "run", "--methods", "backtracking", "--datasets", "top95",
                              "--first", "1", "--permutations", "4", "--out", str(out)])
    assert code == 0, err
    assert sorted(r["permutation"] for r in read_results(out)) == ["0", "1", "2", "3"]
    code, _, err = cli(["bench", "run", "--permutations", "0", "--out", str(out)])
    assert code == 2 and "--permutations" in err and err.count("\n") == 1


def test_a_run_without_copies_leaves_the_permutation_empty(tmp_path):
    out = tmp_path / "plain.csv"
    run_benchmark(RunSpec(["backtracking"], ["top95"], out, first=2, workers=1, progress=False))
    assert {r["permutation"] for r in read_results(out)} == {""}
