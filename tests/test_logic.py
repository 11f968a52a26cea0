"""The explaining solver and the rating: every step replayed against the
unique solution (found independently by the compiled backtracking counter),
one puzzle per technique, errors, JSON and the commands explain and rate."""

import json

import numpy as np
import pytest

from generator import generate
from sudoku_models import Puzzle, PuzzleFormatError, read_puzzles
from sudoku_models.cli import main as _cli
from sudoku_models.counter import backtrack_count, backtrack_solve
from sudoku_models.logic import LEVELS, UnsolvablePuzzle, explain, hint, rate
from sudoku_models.logic.candidates import CandidateGrid
from sudoku_models.logic.human_solver import apply, next_step
from sudoku_models.logic.ladder import TECHNIQUES, level_of
from sudoku_models.logic.step import NEEDS_SEARCH
from sudoku_models.logic.techniques import jellyfish

from .helpers import DATASETS
from .logic_checks import replay as checked_replay


def replay(puzzle: Puzzle) -> list:
    """Explain ``puzzle`` and check every step against its unique solution,
    found by the compiled backtracking counter (see logic_checks.replay)."""
    assert backtrack_count(puzzle) == 1
    return checked_replay(puzzle, backtrack_solve(puzzle))


def test_top95_steps_replay_against_the_solution():
    for puzzle in read_puzzles(DATASETS / "top95.txt")[::3]:
        replay(puzzle)


@pytest.mark.slow
def test_top1465_sample_steps_replay_against_the_solution():
    # every 60th: a third of them need forcing chains (about 1 s each)
    for puzzle in read_puzzles(DATASETS / "top1465.txt")[::60]:
        replay(puzzle)


@pytest.mark.slow
def test_top1465_all_steps_replay_against_the_solution():
    for puzzle in read_puzzles(DATASETS / "top1465.txt"):
        replay(puzzle)


@pytest.mark.parametrize("order, clues, seeds", [(2, 4, 10), (2, 6, 10), (3, 24, 10),
                                                 (3, 30, 10), (4, 110, 3), (4, 100, 2)])
def test_generated_steps_replay_against_the_solution(order, clues, seeds):
    for seed in range(seeds):
        replay(generate(clues, order=order, seed=seed))


def test_orders_5_and_6_are_explained_and_replay():
    for order, clues in ((5, 330), (6, 800)):
        steps = replay(generate(clues, order=order, seed=0))
        assert steps and steps[-1].placements  # finished by techniques at these densities


# One puzzle per technique: the first (shortest) puzzle in top1465, 17clue or
# among generated 16x16 puzzles where the easiest-first solver uses it.
TECHNIQUE_PUZZLES = {
    "Full House": "9..4.3.....2..7....4.2...9...4...56.5.......86.....4.3.7.315.....9..21......76...",
    "Naked Single": ".......4...2..4..1.7..5..9...3..7....4..6....6..1..8...2....1..85.9...6.....8...3",
    "Hidden Single": "2..5..6...9.....3...1..9..44..9..7...5..4..8...7..1..6...1..3...2..7..9...8..3..5",
    "Locked Candidates Type 1 (Pointing)":
        "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
    "Locked Candidates Type 2 (Claiming)":
        "..6..3....97..513..2..91.8........7.6.........41.....9...5..8.....3.47....4.16..5",
    "Naked Pair": ".63...9....78.6...84...1........52.35..1.........74.9..2....8.6.8..5..3.4.......2",
    "Hidden Pair": "...58......7...6..3..6.42..97..2.5.3..1.5..4.5.....7..4.59...2........6.....1.3..",
    "Naked Triple": "..3.8.95.8...9.......7.3..1.3.....46..8.4..2.7....25....26.4......9..3..59.......",
    "Hidden Triple": "...........5.9.17..3...2..84..........94..3...7.86...4..7..8...2.......1..19...56",
    "Naked Quadruple":
        "7.4.6.8..25..4...1.....7......8...5..6..251.7...1..28......3.6.9.........25...4..",
    "X-Wing": "9..7..3...5..2..1...7.....93..6..7...6..5..3...2..8..61..4..6...4..6..8...6..3..4",
    "Hidden Quadruple": (
        "59..4...7C...F.....35.2...D9.G..41...F.76A....BD.8..A.D...1.59768.6.97.F.B.D.3G........AG"
        "...F7.....7..B.C..58...F...3EG1...4..C...D..2..F5..9.1...8...7.3GEB4.A...C.F........B.894"
        ".....8..C...D.D..5.A1.4...B.327..8.9......C6.5G.3..C.........A...B7.6....E..9G"),
    "Swordfish": "...3..5...5..1..3...7..4..12.....4...6..9......1..6..28..7..2...9..8..5...5..9..7",
    "XY-Wing": "........43...6..9..857..6.........4..9...25..1.2.....9.....4..34.75.8.....6.1....",
    "XYZ-Wing": "1..5..2.7.5.2....6....7.8......3.98.5....9..3..9....1.3...86...4..9......9..4..68",
}


@pytest.mark.parametrize("technique", sorted(TECHNIQUE_PUZZLES))
def test_each_technique_fires_on_a_puzzle_that_needs_it(technique):
    puzzle = Puzzle.from_string(TECHNIQUE_PUZZLES[technique])
    solution = backtrack_solve(puzzle).ravel()
    grid = CandidateGrid.from_puzzle(puzzle)
    while True:  # the steps up to its first use, each against the solution
        step = next_step(grid)
        assert step is not None, f"{technique} not used"
        assert all(solution[c] == v for c, v in step.placements), step.text
        assert all(solution[c] != v for c, v in step.eliminations), step.text
        if step.technique == technique:
            break
        apply(grid, step)
    assert step.placements or step.eliminations
    for cell, value in step.eliminations:
        assert f"r{cell // puzzle.side + 1}c{cell % puzzle.side + 1}<>{value}" in step.text
    # the ladder's order: no technique before it in the ladder applied there
    rank = next(i for i, (_, find, _) in enumerate(TECHNIQUES)
                if (found := find(grid)) is not None and found.technique == technique)
    assert all(find(grid) is None for _, find, _ in TECHNIQUES[:rank])


def test_jellyfish_on_a_puzzle_that_has_one():
    # top1465: a Jellyfish on the candidates of the clues alone
    puzzle = Puzzle.from_string(
        ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........")
    solution = backtrack_solve(puzzle).ravel()
    step = jellyfish(CandidateGrid.from_puzzle(puzzle))
    assert step.technique == "Jellyfish" and step.values == (1,)
    assert step.text.startswith("Jellyfish: 1 in r2,r3,r5,r7 is confined to c2,c3,c6,c8, so ")
    assert len(step.eliminations) == 5
    assert all(solution[cell] != value for cell, value in step.eliminations)
    assert all(puzzle.grid.ravel()[cell] == 0 for cell, _ in step.eliminations)


def test_pointing_text_in_the_field_notation():
    step = hint(TECHNIQUE_PUZZLES["Locked Candidates Type 1 (Pointing)"])
    assert step.text == ("Locked Candidates Type 1 (Pointing): 5 in b5 is confined to r4, "
                             "so r4c1<>5, r4c3<>5, r4c7<>5, r4c8<>5, r4c9<>5")


def test_hint_is_the_first_step_and_none_on_a_full_grid():
    text = TECHNIQUE_PUZZLES["X-Wing"]
    assert hint(text) == explain(text)[0]
    full = backtrack_solve(Puzzle.from_string(text))
    assert hint(full) is None
    assert explain(full) == []


def test_puzzle_with_several_solutions_ends_in_needs_search():
    empty = Puzzle.from_grid(np.zeros((4, 4), int))
    steps = explain(empty)
    assert [s.technique for s in steps] == [NEEDS_SEARCH]
    assert "16 cells remain" in steps[0].text
    assert hint(empty).technique == NEEDS_SEARCH
    rating = rate(empty)
    assert rating.level == "needs search" and rating.cells_left == 16
    assert rating.se.er is None


def test_contradictory_clues_raise_naming_value_and_house():
    bad = "11" + "." * 79
    with pytest.raises(UnsolvablePuzzle, match=r"1 appears more than once in row 1 \(r1c1, r1c2\)"):
        explain(bad)
    with pytest.raises(ValueError):
        rate(bad)


def test_contradiction_found_while_solving_names_the_cell():
    # r1c3 sees 1, 2 in its row and 3, 4 in its column
    with pytest.raises(UnsolvablePuzzle, match="r1c3 has no candidate left"):
        explain("12....3...4.....")
    assert backtrack_count(Puzzle.from_string("12....3...4.....")) == 0


def test_malformed_puzzle_raises_format_error():
    with pytest.raises(PuzzleFormatError):
        explain("123")


def test_step_to_dict_is_json():
    step = explain(TECHNIQUE_PUZZLES["Naked Pair"])[1]
    data = json.loads(json.dumps(step.to_dict()))
    assert data["technique"] == "Naked Pair"
    assert data["eliminations"] == [{"cell": f"r{c // 9 + 1}c{c % 9 + 1}", "value": v}
                                    for c, v in step.eliminations]
    assert data["values"] == [2, 7]


def test_rating_levels_ratings_and_counts():
    puzzles = read_puzzles(DATASETS / "top95.txt")[:6] + [generate(30, seed=s) for s in range(5)]
    for puzzle in puzzles:
        rating = rate(puzzle)
        steps = explain(puzzle)
        assert rating.level in LEVELS
        counted = [s.technique for s in steps if s.technique != NEEDS_SEARCH]
        assert sum(rating.steps.values()) == len(counted)
        if steps[-1].technique == NEEDS_SEARCH:
            assert rating.level == "needs search" and rating.se.er is None
            assert rating.cells_left > 0
        else:
            assert rating.cells_left == 0
            assert rating.se.er == max(s.rating for s in steps)
            assert rating.hardest == next(s.technique for s in steps
                                          if s.rating == rating.se.er)
            assert rating.level == level_of(rating.se.er)


def test_level_scale():
    assert [level_of(r) for r in (1.2, 3.4, 4.2, 7.1, None)] == [
        "easy", "medium", "hard", "expert", "needs search"]
    assert {level_of(rating) for _, _, rating in TECHNIQUES} == set(LEVELS) - {"needs search"}


def test_cli_explain_prints_steps_and_json(capsys):
    text = generate(30, seed=3).to_string()
    assert _cli(["explain", text]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].strip().startswith("1. ")
    assert len(out) == len(explain(text)) + 1
    assert _cli(["explain", text, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["technique"] for s in data["steps"]] == [s.technique for s in explain(text)]
    assert [s["rating"] for s in data["steps"]] == [s.rating for s in explain(text)]
    assert data["solved"] is True
    assert _cli(["explain", "." * 16, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["solved"] is False and data["steps"][-1]["technique"] == NEEDS_SEARCH


def test_cli_rate_file_and_bad_puzzle(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(TECHNIQUE_PUZZLES["X-Wing"] + "\n" + "11" + "." * 79 + "\n")
    assert _cli(["rate", "--file", str(path), "--json"]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["level"] == rate(TECHNIQUE_PUZZLES["X-Wing"]).level
    assert second["level"] == "no solution" and "row 1" in second["error"]
    assert _cli(["rate", "11" + "." * 79]) == 2
    assert "appears more than once" in capsys.readouterr().err
