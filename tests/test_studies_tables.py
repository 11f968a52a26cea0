"""Builders of published tables on small files: SAT encodings, difficulty,
rating, recorded runs."""

from pathlib import Path

import pandas as pd
import pytest

import benchmarks.difficulty.effort_tables as difficulty
import benchmarks.sat_encodings.tables as encodings
import benchmarks.difficulty.rating_tables as rating
import benchmarks.formulation_strength.tables as strength
from benchmarks.formulation_strength.counting import record

ROOT_RESULTS = Path(strength.__file__).parent / "results"


def test_sat_tables_count_solves_search_and_propagation(tmp_path):
    path = tmp_path / "sat.csv"
    # CPU seconds 1-4 ms, wall seconds ten times that: the table reads the CPU clock
    rows = [["top95", i, "sat-extended", "OPTIMAL", True, 0.001 * (i + 1), 0.01 * (i + 1), 0.5, 0,
             str({"decisions": 0 if i < 3 else 5, "conflicts": 0})] for i in range(4)]
    rows += [["top95", i, "propagation extended", "COMPLETE" if i < 1 else "INCOMPLETE"]
             + [""] * 6 for i in range(4)]
    rows += [["top95", i, "propagation minimal", "INCOMPLETE"] + [""] * 6 for i in range(4)]
    pd.DataFrame(rows, columns=["dataset", "index", "method", "status", "verified", "cpu_seconds",
                                "wall_seconds", "load", "core", "stats"]).to_csv(path, index=False)
    table = encodings.method_table(path, "top95").splitlines()
    assert table[2] == "| sat-extended | 4/4 | 2.50 | 3.70 | 4.00 | 75% |"
    assert encodings.propagation_table(path).splitlines()[2] == "| top95 | 0% | 25% |"


def test_difficulty_within_collection_differs_from_pooled(tmp_path):
    path = tmp_path / "d.csv"
    # two collections: effort follows the collection, not the score within it
    rows = [{"set": s, "order": 3, "score": score, "level": "easy", "cp seconds": effort}
            for s, base in (("easy set", 0), ("hard set", 100))
            for score, effort in zip(range(base, base + 10), [5, 3, 9, 1, 7, 2, 8, 4, 6, 0])]
    for row in rows:
        row["cp seconds"] += 100 * (row["set"] == "hard set")
    pd.DataFrame(rows).to_csv(path, index=False)
    lines = difficulty.within_collection(path, measures="cp seconds").splitlines()
    cells = [c.strip() for c in lines[2].split("|")[2:-1]]
    within, pooled = [float(c) for c in cells[:2]], float(cells[2])
    assert all(abs(v) < 0.3 for v in within) and pooled >= 0.7


def test_rating_agreement_on_the_matching_scale(tmp_path):
    path = tmp_path / "r.csv"
    pd.DataFrame({"set": ["a", "a", "b"], "level": ["easy", "medium", "needs search"],
                  "qqwing": ["Easy", "Expert", "Expert"], "score": [1, 2, 3],
                  "qqwing guesses": [0, 1, 4], "rate ms": [1.0, 1.0, 2.0]}).to_csv(path,
                                                                                 index=False)
    table = rating.rank_agreement(path)
    assert "| a | 2 | 50.0% |" in table and "| all | 3 | 66.7% |" in table
    assert "| easy | 0 | 1 | 0 | 0 | 1 |" in rating.agreement(path)


def test_the_empty_4x4_is_counted_by_each_paradigm_in_interleaved_rounds(tmp_path):
    from sudoku_models import count_solutions

    path = record(2, tmp_path / "counting.csv", labels=("backtracking", "cp"))
    rows = pd.read_csv(path)
    # order reversed in the second round; every count the counter's own
    assert rows["label"].tolist() == ["backtracking", "cp", "cp", "backtracking"]
    assert set(rows["count"]) == {count_solutions("." * 16, "backtracking", limit=None)}
    table = strength.counting_table(path).splitlines()
    assert table[0].startswith("| method | solutions | rounds | CPU s, median (min-max) |")
    assert table[2].startswith("| backtracking | 288 | 2 |")


def test_paired_tables_read_the_cpu_seconds_of_one_interleaved_run(tmp_path):
    import pytest

    from sudoku_models.bench import RunSpec, run_benchmark
    from sudoku_models.records import load_results

    out = tmp_path / "paired.csv"
    run_benchmark(RunSpec(["cp", "backtracking"], ["top95"], out, first=4, interleave=True,
                          progress=False))
    rows = load_results(out)
    # interleaved: each puzzle by both methods before the next
    assert rows["index"].tolist() == [1, 1, 2, 2, 3, 3, 4, 4]
    cpu = rows.pivot_table(index="index", columns="method", values="cpu_s")
    counter_wins = int((cpu["backtracking"] < cpu["cp"]).sum())
    fastest = strength.fastest(out, "top95", clock="cpu").splitlines()
    assert "median CPU time / fastest" in fastest[0]
    assert fastest[2].startswith(f"| backtracking | {counter_wins} | 4 |")
    wins = strength.wins(out, "top95", clock="cpu").splitlines()
    assert wins[2].split("|")[3].strip() == f"{counter_wins / 4:.0%}"
    summary = strength.cpu_summary(out).splitlines()
    cp = next(line for line in summary if line.startswith("| top95 | cp |"))
    assert cp.split("|")[4].strip() == "4"  # solved and verified
    assert cp.split("|")[7].strip() == f"{1000 * cpu['cp'].median():.3g}"
    with pytest.raises(ValueError, match="clock must be one of wall, cpu, got 'gpu'"):
        strength.fastest(out, "top95", clock="gpu")


def test_the_machinery_tables_pair_on_cpu_seconds(tmp_path):
    import benchmarks.machinery.tables as machinery

    overhead = tmp_path / "overhead.csv"
    pd.DataFrame({"comparison": ["c"] * 8, "role": ["ours", "baseline"] * 4,
                  "name": ["a", "b"] * 4, "pass": [0, 0, 0, 0, 1, 1, 1, 1],
                  "index": [0, 0, 1, 1] * 2,
                  "cpu_s": [0.002, 0.004, 0.004, 0.004, 0.002, 0.004, 0.002, 0.004],
                  "seconds": [1.0] * 8}).to_csv(overhead, index=False)
    # per-pass medians: ours 3 and 2 ms, the baseline 4 and 4: medians 2.5 and 4
    assert machinery.overhead_table(overhead).splitlines()[2] == "| c | a | 2.50 | b | 4.00 | 0.62 |"
    batch = tmp_path / "batch.csv"
    pd.DataFrame({"dataset": ["d"] * 4, "method": ["m"] * 4,
                  "mode": ["batch", "fresh", "fresh", "batch"], "index": [0, 0, 1, 1],
                  "verified": [True] * 4, "cpu_s": [0.001, 0.004, 0.006, 0.001],
                  "build_s": [0.0] * 4, "solve_s": [0.0] * 4, "total_s": [9.0] * 4}).to_csv(
        batch, index=False)
    lines = machinery.batch_table(batch).splitlines()
    assert lines[3] == "| d | m | fresh | 2/2 | 5.00 | 5.00 |"


def test_interleaving_effect_refuses_a_run_with_unsolved_rows(tmp_path):
    recorded = ROOT_RESULTS / "interleave_ab"
    frame = pd.read_csv(recorded / "by_method_1.csv.gz", low_memory=False).head(30)
    frame.loc[3, "status"] = "TIME_LIMIT"
    frame.to_csv(tmp_path / "by_method_1.csv", index=False)
    with pytest.raises(ValueError, match="by_method_1.csv: the comparison needs every row solved"):
        strength.interleaving_effect(tmp_path / "by_method_1.csv")


def test_a_variants_run_under_a_cpu_limit_scores_par2_with_its_time_outs(tmp_path):
    from benchmarks.studykit.runs import StudyChunk, run_study_chunk
    from benchmarks.variants.tables import method_table

    out = tmp_path / "boxes-6x6.csv"
    run_study_chunk(StudyChunk("t", ["cp", "backtracking"], ["boxes-6x6"], None, 30.0, first=2,
                               cpu_limit=2.0), out, progress=False)
    rows = pd.read_csv(out)
    assert set(rows["cpu_limit_s"]) == {2.0}
    first_cp = rows.index[rows["method"] == "cp"][0]
    rows.loc[first_cp, ["status", "cpu_s"]] = ["TIME_LIMIT", 2.0]  # one time-out, censored
    rows.to_csv(out, index=False)
    table = method_table(str(out)).splitlines()
    assert "PAR-2 CPU s" in table[0] and "CPU limit 2 s per solve" in table[-1]
    solved_cp = float(rows.loc[(rows["method"] == "cp") & (rows.index != first_cp), "cpu_s"].iloc[0])
    cp = next(line for line in table if line.startswith("| cp |")).split("|")
    assert cp[5].strip() == "1"  # not solved
    assert cp[8].strip() == f"{(solved_cp + 4.0) / 2:.3f}"  # PAR-2: the time-out scores 2 x 2 s


def _race_rows(rows):
    from benchmarks.interactive_solver.race import COLUMNS

    return pd.DataFrame([dict(zip(COLUMNS, ("tarek", name, copy, program, 1, status, 1, 10, cpu,
                                            solve, "", 1.0, 1)))
                         for name, copy, program, status, cpu, solve in rows])


def test_the_race_table_averages_only_puzzles_both_programs_decided(tmp_path):
    from benchmarks.interactive_solver.race import table

    rows = [("a", 0, "counter", "OPTIMAL", 0.2, ""), ("a", 0, "iss", "unique", "", 0.1),
            ("b", 0, "counter", "OPTIMAL", 0.4, ""), ("b", 0, "iss", "unique", "", 0.1),
            ("c", 0, "counter", "TIME_LIMIT", 60.0, ""), ("c", 0, "iss", "unique", "", 5.0),
            ("d", 0, "counter", "OPTIMAL", 1.0, ""), ("d", 0, "iss", "TIME_LIMIT", "", 60.0)]
    _race_rows(rows).to_csv(tmp_path / "race.csv", index=False)
    line = table(tmp_path / "race.csv").splitlines()[2]
    cells = [c.strip() for c in line.split("|")[1:-1]]
    assert cells[1:3] == ["4 (4)", "2"]  # c and d are left out of the means
    assert cells[3].startswith("0.3000") and cells[4].startswith("0.1000")
    assert cells[5].startswith("3.00x") and cells[8] == "1, 1"
    # the solver faster on a and b, and on c, which only it decided; the counter on d
    assert cells[6] == "1 : 3" and cells[7] == "no difference found (sign p 0.62)"


def test_a_count_to_two_that_ended_is_decided_whatever_it_found(tmp_path):
    """Two solutions (the solver's "multiple"), none ("no-solution",
    INFEASIBLE) and one are each a decided count; the solver's "capped" and
    the counter's TIME_LIMIT are not."""
    from benchmarks.interactive_solver.race import table

    rows = [("a", 0, "counter", "OPTIMAL", 0.2, ""), ("a", 0, "iss", "multiple", "", 0.1),
            ("b", 0, "counter", "INFEASIBLE", 0.4, ""), ("b", 0, "iss", "no-solution", "", 0.1),
            ("c", 0, "counter", "OPTIMAL", 0.6, ""), ("c", 0, "iss", "capped", "", 5.0),
            ("d", 0, "counter", "TIME_LIMIT", 60.0, ""), ("d", 0, "iss", "unique", "", 0.1)]
    _race_rows(rows).to_csv(tmp_path / "race.csv", index=False)
    cells = [c.strip() for c in table(tmp_path / "race.csv").splitlines()[2].split("|")[1:-1]]
    assert cells[1:3] == ["4 (4)", "2"] and cells[8] == "1, 1"
    assert cells[3].startswith("0.3000") and cells[4].startswith("0.1000")


def test_the_race_table_calls_a_difference_inside_the_copies_spread_within_variability(tmp_path):
    from benchmarks.interactive_solver.race import table

    def race(spread):  # eight puzzles, three copies each; the counter twice the solver's time
        return [(f"p{i}", copy, program, "OPTIMAL" if program == "counter" else "unique",
                 2 * seconds if program == "counter" else "", seconds if program == "iss" else "")
                for i in range(8) for copy, seconds in enumerate((0.1, 0.1 * spread, 0.1))
                for program in ("counter", "iss")]

    for spread, verdict in ((1.5, "solver faster (sign p 0.0078, copies' spread 1.5x)"),
                            (3.0, "within variability (sign p 0.0078, copies' spread 3.0x)")):
        _race_rows(race(spread)).to_csv(tmp_path / "race.csv", index=False)
        cells = [c.strip() for c in table(tmp_path / "race.csv").splitlines()[2].split("|")[1:-1]]
        assert cells[1:3] == ["8 (24)", "24"]
        assert cells[5] == "2.00x (2.00-2.00)"  # every puzzle's sum over its copies: 2 to 1
        assert cells[6] == "0 : 8" and cells[7] == verdict


def test_the_race_layouts_table_parts_the_collections_own_layouts_from_the_moved_copies(tmp_path):
    from benchmarks.interactive_solver.race import layouts_table

    rows = [("p", 0, "counter", "OPTIMAL", 0.1, ""), ("p", 0, "iss", "unique", "", 0.1),
            ("p", 1, "counter", "OPTIMAL", 0.6, ""), ("p", 1, "iss", "unique", "", 0.2),
            ("p", 2, "counter", "OPTIMAL", 0.2, ""), ("p", 2, "iss", "unique", "", 0.2),
            ("p", 3, "counter", "TIME_LIMIT", 60.0, ""), ("p", 3, "iss", "unique", "", 0.2)]
    _race_rows(rows).to_csv(tmp_path / "race.csv", index=False)
    own, moved = [[c.strip() for c in line.split("|")[1:-1]]
                  for line in layouts_table(tmp_path / "race.csv").splitlines()[2:]]
    assert own[1:3] == ["own", "1"] and own[-1] == "1.00x"
    assert moved[1:3] == ["moved", "2"]  # copy 3, which the counter left undecided, is not in it
    assert moved[5:] == ["0.4000", "0.2000", "2.00x"]


def test_each_timed_call_of_the_race_builds_the_puzzles_automata_and_tables_as_a_first_call_does():
    """The counter keeps the latest 64 puzzles' tables, the process its
    lines' automata and a puzzle object its lowered constraints: the
    one-copy races of 64 puzzles or fewer timed every call with the
    warm-up's tables, and every race the warm-up's automata."""
    from benchmarks.interactive_solver.race import time_counter
    from sudoku_models import solve
    from sudoku_models.core import automata
    from sudoku_models.counter import forget_tables, tables
    from sudoku_models.formats.puzzle_text import read_puzzle

    source = ".Lunchbox~7~R1C1~R1C2~R1C3~R1C4.~R5C5_2"
    killer = read_puzzle(source)
    solve(killer, "backtracking")
    kept = tables(killer.rules)
    assert tables(killer.rules) is kept  # kept from the solve before
    made = automata.lunchbox_automaton(7, 9)
    assert automata.lunchbox_automaton(7, 9) is made  # kept by the process
    row = time_counter(source, 5.0)
    assert row["status"] == "OPTIMAL" and tables(killer.rules) is not kept  # built again
    assert automata.lunchbox_automaton(7, 9) is not made
    built = tables(killer.rules)
    forget_tables()
    assert tables(killer.rules) is not built


def test_the_race_examples_are_the_read_ones_each_string_once(capsys):
    from benchmarks.interactive_solver.race import readable_examples

    text = ("{ name: 'A', input: '.~R1C1_1.~R5C5_2' },\n"
            "{ name: 'B', input: '.~R1C1_1.~R5C5_2' },\n"
            "{ name: 'C', input: '.Shape~6x9' },\n")
    assert readable_examples(text) == [("A", ".~R1C1_1.~R5C5_2")]
    assert "examples: C left out, not read: Shape: '6x9'" in capsys.readouterr().out


def test_race_copies_are_isomorphic_constraint_strings_of_the_puzzle():
    from benchmarks.interactive_solver.race import copies_of
    from sudoku_models.formats.puzzle_text import read_puzzle

    source = ".Cage~3~R1C1~R1C2.~R5C5_2"
    found = copies_of(source, 3)
    assert [copy for copy, _ in found] == [0, 1, 2] and found[0][1] == source
    assert len({text for _, text in found}) == 3
    for _, text in found:
        puzzle = read_puzzle(text)
        assert (puzzle.grid > 0).sum() == 1 and len(puzzle.rules.constraints) == 1
