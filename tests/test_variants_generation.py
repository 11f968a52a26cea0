"""Variant generation: killer puzzles (generator.killer), jigsaw and
rectangular layouts through ``sudoku-models generate``, each result checked
by a second method (an independent CP-SAT model, tests/logic_checks.py)."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from generator import GenerationError, generate_killer, killer_nodes
from sudoku_models import Puzzle, read_puzzles
from sudoku_models.cli import main
from sudoku_models.counter import backtrack_count
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import Cage

from .logic_checks import solutions
from sudoku_models.formats.toolkit_json import from_json, to_json


def _connected(cells, side) -> bool:
    cells = set(cells)
    todo = [min(cells)]
    seen = set(todo)
    while todo:
        r, c = divmod(todo.pop(), side)
        for other in ((r - 1) * side + c, (r + 1) * side + c, r * side + c - 1, r * side + c + 1):
            rr, cc = divmod(other, side)
            if other in cells and other not in seen and abs(rr - r) + abs(cc - c) == 1:
                seen.add(other)
                todo.append(other)
    return seen == cells


def _check_cages(puzzle: Puzzle, cages: tuple[int, int], givens: int, max_cage: int) -> None:
    """The shape asked of a killer: the cage count in ``cages`` (low, high),
    cages with totals covering the grid, each connected and at most
    ``max_cage`` cells, ``givens`` given digits."""
    low, high = cages
    found = puzzle.constraints
    assert all(isinstance(c, Cage) and c.total is not None for c in found)
    assert low <= len(found) <= high
    assert sorted(c for cage in found for c in cage.cells) == list(range(puzzle.layout.cells))
    assert all(len(c.cells) <= max_cage and _connected(c.cells, puzzle.side) for c in found)
    assert np.count_nonzero(puzzle.grid) == givens


def _check_killer(puzzle: Puzzle, low: int, high: int, givens: int, max_cage: int) -> None:
    _check_cages(puzzle, (low, high), givens, max_cage)
    found = solutions(puzzle, limit=2)  # the second method: CP-SAT, written in the tests
    assert len(found) == 1
    assert puzzle.rules.violations(found[0]) == []
    assert backtrack_count(puzzle, limit=None) == 1


@pytest.mark.parametrize("layout, cages, givens, max_cage", [
    (Layout.square(2), (5, 7), 0, 4),
    (Layout.boxes(2, 3), (10, 12), 0, 6),
    (Layout.boxes(2, 3), (9, 10), 2, 5),
    (Layout.square(3), (22, 26), 0, 9),
    (Layout.square(3), (18, 20), 1, 6),
])
def test_killers_are_unique_by_a_second_method_with_the_cages_asked(layout, cages, givens,
                                                                    max_cage):
    puzzle = generate_killer(cages, layout=layout, givens=givens, seed=11, max_cage=max_cage)
    low, high = (cages, cages) if isinstance(cages, int) else cages
    _check_killer(puzzle, low, high, givens, max_cage)


def test_the_same_seed_gives_the_same_killer_and_another_seed_another():
    first = generate_killer((24, 28), seed=5)
    assert generate_killer((24, 28), seed=5) == first
    assert generate_killer((24, 28), seed=6) != first


def test_fewer_cages_take_the_counter_more_branch_nodes():
    easy = [killer_nodes(generate_killer(32, seed=s)) for s in range(3)]
    hard = [killer_nodes(generate_killer(19, seed=s)) for s in range(3)]
    assert sum(easy) < sum(hard)


def test_a_killer_reads_back_from_its_json():
    puzzle = generate_killer(12, layout=Layout.boxes(2, 3), seed=3)
    assert from_json(json.dumps(to_json(puzzle))) == puzzle


@pytest.mark.parametrize("kwargs, message", [
    ({"cages": 0}, "1 <= low <= high"),
    ({"cages": (9, 8)}, "1 <= low <= high"),
    ({"cages": "20"}, "whole number or a .low, high. pair"),
    ({"cages": 8}, "cannot cover 81 cells"),
    ({"cages": 20, "max_cage": 3}, "cannot cover 81 cells"),
    ({"cages": 20, "givens": -1}, "givens must be a whole number"),
    ({"cages": 20, "max_cage": 10}, "max_cage must be a whole number in 1..9"),
    ({"cages": 20, "seed": -2}, "seed"),
    ({"cages": 20, "layout": 3}, "layout must be a Layout"),
    ({"cages": 20, "time_limit": -1}, "time"),
    ({"cages": 20, "check_nodes": 0}, "check_nodes must be a whole number"),
    ({"cages": 20, "check_seconds": -1}, "time"),
    ({"cages": 20, "confirm": "matching"}, "confirm must name a method that counts"),
    ({"cages": 20, "confirm": ("cp", "matching")}, "confirm must name a method that counts"),
    ({"cages": 20, "confirm": ["cp"]}, "or a tuple of them"),
])
def test_bad_requests_are_generation_errors_naming_what(kwargs, message):
    with pytest.raises(GenerationError, match=message):
        generate_killer(**kwargs)


@pytest.mark.parametrize("confirm", ["sat-extended", "cp"])
def test_killers_checked_by_time_and_confirmed_by_a_second_method_are_unique(confirm):
    """No node budget and a second complete method: the puzzle is unique by
    the tests' own CP-SAT model and by the counter, its cages as asked."""
    layout = Layout.boxes(2, 3)
    puzzle = generate_killer((9, 11), layout=layout, seed=4, check_nodes=None, check_seconds=5,
                             confirm=confirm)
    _check_killer(puzzle, 9, 11, 0, 6)


def test_killers_confirmed_by_two_methods_have_the_cages_and_givens_asked():
    """The 16x16 collection's contract on a tiny request: each merge checked
    within seconds (no node budget), CP-SAT and CaDiCaL both counting one
    solution; unique by the tests' own CP-SAT model and the counter, every
    cage connected and at most ``max_cage`` cells, the givens as asked."""
    layout = Layout.boxes(2, 3)
    puzzle = generate_killer((9, 10), layout=layout, givens=2, seed=7, max_cage=5,
                             check_nodes=None, check_seconds=5, confirm=("cp", "sat-extended"))
    _check_killer(puzzle, 9, 10, 2, 5)


def test_a_limit_is_an_error_never_a_puzzle_that_fails_a_check():
    with pytest.raises(GenerationError, match=r"no 9x9 killer with 11 cages .* within 0.5 s"):
        generate_killer(11, seed=1, time_limit=0.5)


# -- the command line ---------------------------------------------------------


def test_generate_killer_writes_json_lines_that_read_back_unique(tmp_path, capsys):
    out = tmp_path / "killers.jsonl"
    assert main(["generate", "--killer", "--cages", "10-12", "--layout", "boxes:2x3",
                 "--count", "2", "--seed", "4", "--out", str(out)]) == 0
    puzzles = read_puzzles(out)
    assert len(puzzles) == 2
    for puzzle in puzzles:
        _check_killer(puzzle, 10, 12, 0, 6)
    source = json.loads(out.read_text().splitlines()[0])["source"]
    assert source == ("sudoku-models generate --killer --cages 10-12 --count 2 --layout boxes:2x3 "
                      "--seed 4")
    # the command in 'source' makes the same puzzles, and may write over its own file
    assert main([*source.split()[1:], "--out", str(out)]) == 0
    assert read_puzzles(out) == puzzles


@pytest.mark.parametrize("spec, side", [("jigsaw:6", 6), ("boxes:2x4", 8), ("latin:5", 5)])
def test_generate_on_a_layout_gives_unique_puzzles_of_it(spec, side, capsys):
    clues = {6: 14, 8: 30, 5: 12}[side]
    assert main(["generate", "--layout", spec, "--clues", str(clues), "--count", "2",
                 "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    puzzles = [from_json(line) for line in lines]
    kind = spec.split(":")[0]
    for puzzle in puzzles:
        assert puzzle.side == side and puzzle.layout.kind == kind
        assert np.count_nonzero(puzzle.grid) == clues
        assert len(solutions(puzzle, limit=2)) == 1
    if kind == "jigsaw":
        assert puzzles[0].layout != puzzles[1].layout  # a new jigsaw for each puzzle


def test_generate_help_documents_layouts_and_killers():
    script = Path(sys.executable).with_name("sudoku-models")
    run = subprocess.run([script, "generate", "--help"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0
    out = run.stdout
    for word in ("--layout", "boxes:RxC", "jigsaw:N", "latin:N", "--killer", "--cages",
                 "--givens", "--max-cage"):
        assert word in out


@pytest.mark.parametrize("argv, message", [
    (["--killer"], "--killer needs --cages"),
    (["--killer", "--cages", "20", "--clues", "3"], "not --clues"),
    (["--clues", "30", "--cages", "20"], "go with --killer"),
    (["--clues", "30", "--order", "3", "--layout", "boxes:2x3"], "not both"),
    (["--clues", "30", "--layout", "boxes:5x9"], "expected boxes:RxC"),
    (["--clues", "30", "--layout", "hex:9"], "expected boxes:RxC"),
    (["--killer", "--cages", "9-5"], "LOW <= HIGH"),
    (["--killer", "--cages", "3"], "cannot cover 81 cells"),
])
def test_bad_generate_requests_are_one_line_exit_2(argv, message, capsys):
    assert main(["generate", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


# -- the shipped variant collections (sudoku_models/collections/SOURCES.md) ----------

COLLECTIONS = {"killer-9x9": (9, "boxes", True, 50), "killer-16x16": (16, "boxes", True, 10),
               "jigsaw-9x9": (9, "jigsaw", False, 50), "boxes-6x6": (6, "boxes", False, 50),
               "boxes-8x8": (8, "boxes", False, 50), "boxes-12x12": (12, "boxes", False, 50)}


def _collection(name):
    from sudoku_models.bench.datasets import load_dataset

    return [puzzle for _, puzzle in load_dataset(name)]


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow)  # 20 s of counting
                                  if name == "killer-16x16" else name for name in COLLECTIONS])
def test_collections_read_with_their_layouts_and_are_unique_for_the_counter(name):
    side, kind, killer, size = COLLECTIONS[name]
    puzzles = _collection(name)
    assert len(puzzles) == size and len(set(puzzles)) == size
    for puzzle in puzzles:
        assert puzzle.side == side and puzzle.layout.kind == kind
        assert bool(puzzle.constraints) == killer
        assert backtrack_count(puzzle, limit=2) == 1
    if kind == "jigsaw":
        assert len({p.layout for p in puzzles}) == 50


def _second_method(puzzles):
    for puzzle in puzzles:
        found = solutions(puzzle, limit=2)
        assert len(found) == 1, puzzle.name
        assert puzzle.rules.violations(found[0]) == []


@pytest.mark.parametrize("name", ["jigsaw-9x9", "boxes-6x6", "boxes-8x8", "boxes-12x12"])
def test_collections_are_unique_by_a_second_method(name):
    _second_method(_collection(name))


def test_the_easier_killers_are_unique_by_a_second_method():
    _second_method(_collection("killer-9x9")[:20])


@pytest.mark.slow
def test_the_harder_killers_are_unique_by_a_second_method():
    _second_method(_collection("killer-9x9")[20:])


def _unique_by_sat(puzzles):
    """The second method at 16x16 killers: the SAT encoding (CP-SAT's plain
    killer model cannot prove some of them unique within minutes)."""
    from sudoku_models import verify
    from sudoku_models.solving import count_solutions as count_any
    from sudoku_models.solving import solve

    for puzzle in puzzles:
        assert count_any(puzzle, limit=2, method="sat-extended", time_limit=120) == 1, puzzle.name
        assert verify(puzzle, solve(puzzle, "sat-extended").grid)


def test_the_first_16x16_killers_are_unique_by_sat():
    _unique_by_sat(_collection("killer-16x16")[:3])


@pytest.mark.slow
def test_every_16x16_killer_is_unique_by_sat():
    _unique_by_sat(_collection("killer-16x16")[3:])


@pytest.mark.parametrize("name, lines", [("boxes-6x6", slice(0, 50)),
                                         ("killer-9x9", slice(0, 10))])
def test_a_shipped_collection_is_what_its_command_makes(name, lines, tmp_path):
    from sudoku_models.formats import collection_file

    shipped = collection_file(name).read_text().splitlines()[lines]
    command = json.loads(shipped[0])["source"].split()
    out = tmp_path / "again.jsonl"
    assert main([*command[1:], "--out", str(out)]) == 0
    assert out.read_text().splitlines() == shipped


# -- python -m benchmarks.variants ------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def test_the_variants_benchmark_pairs_methods_per_puzzle_and_records_refusals(tmp_path):
    import pandas as pd

    from benchmarks.variants.tables import load

    run = subprocess.run([sys.executable, "-m", "benchmarks.variants", "--datasets",
                          "boxes-6x6,killer-9x9", "--first", "2", "--methods",
                          "backtracking,cp,matching", "--time-limit", "5", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    six = load(str(tmp_path / "boxes-6x6.csv"))
    assert sorted(six["label"]) == sorted(["backtracking", "cp", "matching"] * 2)
    assert six["solved"].all() and six["verified"].all()
    killers = load(str(tmp_path / "killer-9x9.csv"))
    labels = ["backtracking", "cp", "cp [cage=table]", "cp [rule45=True]",
              "cp [cage=sets;rule45=True]", "matching"]
    assert sorted(killers["label"]) == sorted(labels * 2) and set(killers["index"]) == {1, 2}
    # one run, interleaved: each puzzle by every configuration before the next, order rotated
    assert list(killers["index"]) == [1] * 6 + [2] * 6
    assert list(killers["label"][:6]) != list(killers["label"][6:])
    assert killers["core"].notna().all() and (killers["cpu_s"] >= 0).all()
    for _, row in killers.iterrows():  # solved and verified, or refused by name
        if row["not_modelled"]:
            assert row["method"] == "matching"
            assert f"'{row['method']}'" in row["error"] and "cage" in row["error"]
        else:
            assert row["solved"] and row["verified"]
    assert (killers[killers["label"] == "backtracking"]["solutions"] == 1).all()
    assert "| backtracking | 2 | 2 | 0 | 0 |" in run.stdout
    assert "| matching | 2 | 0 | 2 | 0 |" in run.stdout
    assert "clock: CPU seconds" in run.stdout
    # resumable: the same command again writes nothing
    again = subprocess.run([sys.executable, "-m", "benchmarks.variants", "--datasets",
                            "killer-9x9", "--first", "2", "--methods", "backtracking,cp,matching",
                            "--time-limit", "5", "--out", str(tmp_path)],
                           capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert again.returncode == 0, again.stderr
    assert len(pd.read_csv(tmp_path / "killer-9x9.csv")) == 12


def test_the_unselected_16x16_killers_are_as_their_sources_entry_says():
    """The 16x16 half of the unselected killer collection: its groups of
    five, cage ranges and seeds in order, cages of at most 9 cells, 24
    givens, each line's ``source`` the call that made it; the counter, CP-SAT
    and CaDiCaL confirmed every one when it was made, and here the tests'
    own CP-SAT model confirms the first."""
    from benchmarks.killer_formulations.collection import (GROUPS_16, OUT_16, PER_GROUP_16,
                                                           SIZES, _call)

    common = SIZES[16][3]
    lines = [json.loads(line) for line in OUT_16.read_text().splitlines()]
    puzzles = read_puzzles(OUT_16)
    assert len(puzzles) == len(GROUPS_16) * PER_GROUP_16
    for group, (cages, first) in enumerate(GROUPS_16):
        chosen = slice(group * PER_GROUP_16, (group + 1) * PER_GROUP_16)
        assert [line["source"] for line in lines[chosen]] == \
            [_call(cages, first * 100 + k, common) for k in range(PER_GROUP_16)]
        for puzzle in puzzles[chosen]:
            _check_cages(puzzle, cages, 24, 9)
    found = solutions(puzzles[0], limit=2)
    assert len(found) == 1 and puzzles[0].rules.violations(found[0]) == []
