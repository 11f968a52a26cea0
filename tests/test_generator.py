"""Full grids and the puzzle generator (the counter's own tests are in
test_counter.py). Uniqueness is checked against CP-SAT's solution
enumeration, an independent method."""

import inspect
import re
import time

import numpy as np
import pytest

import generator
from generator import GenerationError, generate, random_full_grid
from generator.requests import most_minimal_clues
from sudoku_models import Puzzle, verify
from sudoku_models.counter import backtrack_count, backtrack_solve
from sudoku_models.logic import rate
from sudoku_models.formulations.cp.integer import CpFormulation

from .helpers import DATASETS


def cp_count(puzzle, limit=None):
    return CpFormulation(puzzle.order).count_solutions(puzzle, limit=limit)


@pytest.mark.parametrize("order", [2, 3, 4, 5])
def test_random_full_grids_are_valid_and_reproducible(order):
    grid = random_full_grid(order, seed=11)
    assert verify(Puzzle.from_grid(np.zeros_like(grid)), grid)
    np.testing.assert_array_equal(grid, random_full_grid(order, seed=11))
    assert not np.array_equal(grid, random_full_grid(order, seed=12))


@pytest.mark.parametrize("order, clues", [(2, 4), (2, 7), (3, 21), (3, 25), (3, 30), (4, 110)])
def test_generated_puzzles_have_exact_clues_and_one_solution(order, clues):
    puzzle = generate(clues, order=order, seed=5)
    assert puzzle.order == order and puzzle.num_clues == clues
    assert cp_count(puzzle, limit=2) == 1  # independent of the generator's counter
    assert puzzle == generate(clues, order=order, seed=5)
    assert puzzle != generate(clues, order=order, seed=6)


@pytest.mark.parametrize("symmetry", generator.SYMMETRIES)
def test_symmetric_clues(symmetry):
    puzzle = generate(26, seed=3, symmetry=symmetry)
    filled = puzzle.grid != 0
    image = {"rotational": filled[::-1, ::-1], "mirror": filled[:, ::-1], "diagonal": filled.T}
    np.testing.assert_array_equal(filled, image[symmetry])
    assert puzzle.num_clues == 26 and cp_count(puzzle, limit=2) == 1


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"clues": 16}, "no 9x9 puzzle with fewer than 17 clues has a unique solution"),
        ({"clues": 3, "order": 2}, "fewer than 4 clues"),
        ({"clues": 82}, "a 9x9 grid has 81 cells: cannot place 82 clues"),
        ({"clues": 30, "symmetry": "spiral"}, "symmetry must be one of"),
        ({"clues": 30, "order": 7}, "order must be 2..6"),
        ({"clues": 30, "time_limit": 0}, "time_limit must be a positive"),
        ({"clues": 30, "time_limit": float("inf")}, "time_limit must be a positive"),
        ({"clues": 30, "seed": -1}, "seed must be a whole number >= 0"),
        ({"clues": 30, "difficulty": "fiendish"}, "difficulty must be one of"),
        # the requests of issue 15 that searched forever
        ({"clues": 5, "order": 2, "symmetry": "rotational"}, "clue count must be even"),
        ({"clues": 101, "order": 4, "symmetry": "mirror"}, "clue count must be even"),
        ({"clues": 10, "order": 4}, "needs at least 15 clues"),
        ({"clues": 20, "order": 5}, "needs at least 24 clues"),
        ({"clues": 34, "order": 6}, "needs at least 35 clues"),
        # issue 22: a grid with a few empty cells is never minimal, always easy
        ({"clues": 81, "minimal": True}, "a minimal puzzle has at most 72"),
        ({"clues": 80, "minimal": True}, "a minimal puzzle has at most 72"),
        ({"clues": 73, "minimal": True}, "every row needs an empty cell"),
        ({"clues": 13, "order": 2, "minimal": True}, "a minimal puzzle has at most 12"),
        ({"clues": 80, "difficulty": "expert"}, "singles solve it and it rates 'easy'"),
        ({"clues": 81, "difficulty": "needs search"}, "ask for at most 77 clues"),
        ({"clues": 78, "difficulty": "medium"}, "at most 3 empty cells"),
    ],
)
def test_impossible_requests_fail_at_once(kwargs, message):
    start = time.perf_counter()
    with pytest.raises(GenerationError, match=message):
        generate(**kwargs)
    assert time.perf_counter() - start < 1


def test_two_absent_values_give_a_second_solution():
    """The reason behind the side - 1 bound: swap two values absent from the
    clues in the solution and the clues still hold."""
    puzzle = generate(30, seed=2)
    solution = backtrack_solve(puzzle)
    present = set(puzzle.grid[puzzle.grid > 0].tolist())
    grid = np.where(puzzle.grid == 1, 0, np.where(puzzle.grid == 2, 0, puzzle.grid))
    assert present >= {1, 2} and backtrack_count(Puzzle.from_grid(grid)) == 2
    swapped = np.where(solution == 1, 2, np.where(solution == 2, 1, solution))
    assert verify(Puzzle.from_grid(grid), swapped) and verify(Puzzle.from_grid(grid), solution)


def test_unreached_target_reports_the_fewest_clues():
    with pytest.raises(GenerationError) as info:
        generate(19, seed=1, time_limit=0.5)  # 17 and 18 come from the known puzzles
    message = str(info.value)
    assert "within 0.5 s; the fewest clues reached was" in message
    assert int(message.rsplit(" ", 1)[1]) > 19


def test_the_minimal_bound_is_right_where_it_is_checked():
    """A minimal puzzle's clue's value has another cell of its row in the
    second solution: that cell is empty. Checked on generated puzzles:
    every row has an empty cell, and removing a clue gives a second
    solution differing from the first in the clue's row at an empty cell."""
    for seed in range(5):
        puzzle = generate(minimal=True, seed=seed)
        assert (puzzle.grid == 0).any(axis=1).all()
        assert puzzle.num_clues <= most_minimal_clues(3)


@pytest.mark.parametrize("limit", [1e-5, 1e-4, 1e-3, 3e-3, 0.01])
@pytest.mark.parametrize("kwargs", [{"minimal": True}, {"clues": 24, "minimal": True},
                                    {"clues": 81, "minimal": False}, {"difficulty": "medium"},
                                    {"minimal": True, "symmetry": "rotational"}])
def test_a_generation_cut_short_never_returns_a_puzzle_short_of_the_request(kwargs, limit):
    """Issue 22: generate(minimal=True, seed=0, time_limit=0.002) returned a
    full grid. A tiny limit ends in GenerationError naming what was reached,
    or in a puzzle meeting the whole request (checked with CP-SAT)."""
    generate(minimal=True, seed=0)  # compiled kernels loaded
    for seed in range(3):
        try:
            puzzle = generate(**kwargs, seed=seed, time_limit=limit)
        except GenerationError as error:
            assert re.search(r"within .* s; (no removal pass had finished|the (fewest clues "
                             r"reached was \d+|minimal puzzles reached had \d+ to \d+ clues))",
                             str(error)), str(error)
            continue
        assert cp_count(puzzle, limit=2) == 1
        if "clues" in kwargs:
            assert puzzle.num_clues == kwargs["clues"]
        if kwargs.get("minimal") and "symmetry" not in kwargs:
            assert generator.is_minimal(puzzle)
        if "difficulty" in kwargs:
            assert rate(puzzle).level == kwargs["difficulty"]


def test_a_pass_cut_short_gives_no_candidate_and_the_final_check_refuses_what_falls_short():
    from generator.puzzles import _Generator
    from sudoku_models.counter.core import STOP, new_control

    control = new_control()
    request = _Generator(None, 3, np.random.default_rng(0), None, None, True, control)
    solution = random_full_grid(3, seed=0).ravel().astype(np.int32)
    control[STOP] = 1  # the deadline came before the pass
    assert request.candidate(solution) is None and not request.reached
    control[STOP] = 0
    assert not request.meets(solution.copy(), solution)  # a full grid is not minimal
    assert request.rejected == {"minimality": 1}
    minimal = generate(minimal=True, seed=3).grid.ravel().astype(np.int32)
    assert request.meets(minimal, backtrack_solve(generate(minimal=True, seed=3)).ravel())
    request.clues = 30
    assert not request.meets(minimal, backtrack_solve(generate(minimal=True, seed=3)).ravel())
    assert request.rejected["clue count"] == 1


def test_the_minimality_check_takes_a_recorded_solution_only_where_it_proves_the_clue_needed():
    # the removal pass records, per orbit it kept, the other solution that kept
    # it; the final check accepts that as the proof only if it is a valid grid,
    # another than the solution and equal to every other clue; else it searches
    from generator import search
    from sudoku_models.counter import kernel9, tables
    from sudoku_models.counter.core import new_control
    from generator.puzzles import orbits

    t = tables(3)
    groups = orbits(3, None)
    solution = random_full_grid(3, seed=5).ravel().astype(np.int32)
    puzzle = solution.copy()
    record = search.new_record(len(groups), 81)
    witnesses = record[0]
    args = (new_control(), np.zeros(81, np.int32))
    order = np.random.default_rng(5).permutation(len(groups))
    search.reduce(solution, puzzle, groups, order, 0, 2**62, *args, record, t.singles,
                  t.workspace(), kernel9.workspace())
    emptied = [cell for cell in order if puzzle[cell] == 0]  # in the order of removal
    assert list(np.diff(record[1][emptied])) == [1] * (len(emptied) - 1)
    kept = np.flatnonzero(puzzle)
    for k in kept:  # each recorded solution is another solution of the puzzle without clue k
        assert not np.array_equal(witnesses[k], solution)
        without = puzzle.copy()
        without[k] = 0
        assert verify(Puzzle.from_grid(without.reshape(9, 9)), witnesses[k].reshape(9, 9))
    work = (t.singles, t.workspace(), kernel9.workspace())
    assert search.removable_orbit(puzzle, solution, groups, 0, *args, witnesses, *work) == -1
    # one clue more, removable; every recorded solution wrong in its own way: the
    # check must not take any of them and must find the removable clue by search
    extra = np.flatnonzero(puzzle == 0)[0]
    denser = puzzle.copy()
    denser[extra] = solution[extra]
    bad = np.zeros_like(witnesses)
    bad[extra] = solution  # not another solution
    other = random_full_grid(3, seed=6).ravel().astype(np.int32)
    bad[kept] = other  # a valid grid that breaks the clues
    broken = witnesses.copy()
    broken[extra] = witnesses[kept[0]]
    broken[extra, np.flatnonzero(puzzle == 0)[1]] = 0  # not a full grid
    for recorded in (bad, broken):
        found = search.removable_orbit(denser, solution, groups, 0, *args, recorded, *work)
        assert found >= 0
        without = denser.copy()
        without[found] = 0
        assert backtrack_count(without.reshape(9, 9), 2) == 1


def test_the_forced_test_on_the_clues_boards_agrees_with_the_one_on_the_grid():
    # every empty cell of random puzzles from dense to sparse: naked or hidden single
    # among the clues, answered on the grid (search._forced) and on the boards the
    # removal pass keeps up to date (kernel9.forced9); a clue taken out and put back
    # leaves the boards as built afresh
    from generator import search
    from sudoku_models.counter import kernel9, tables

    t = tables(3)
    rng = np.random.default_rng(3)
    boards = np.zeros(kernel9.CLUE_BOARDS, np.int64)
    answers = set()
    for seed in range(40):
        solution = random_full_grid(3, seed=seed).ravel().astype(np.int32)
        for density in (0.9, 0.6, 0.4, 0.25):
            clues = np.where(rng.random(81) < density, solution, 0).astype(np.int32)
            kernel9.clue_boards(clues, boards)
            for cell in np.flatnonzero(clues == 0):
                forced = search._forced(clues, np.array([cell, -1]), solution, t.singles)
                assert kernel9.forced9(boards, cell, solution[cell]) == forced
                answers.add(bool(forced))
            for cell in np.flatnonzero(clues)[:3]:
                before = boards.copy()
                kernel9.set_clue(boards, cell, clues[cell], False)
                fresh = np.zeros_like(boards)
                kernel9.clue_boards(np.where(np.arange(81) == cell, 0, clues), fresh)
                assert np.array_equal(boards, fresh)
                kernel9.set_clue(boards, cell, clues[cell], True)
                assert np.array_equal(boards, before)
    assert answers == {True, False}


def test_unreached_minimal_count_names_the_minimal_counts_reached():
    with pytest.raises(GenerationError, match=r"the minimal puzzles reached had \d+ to \d+ clues"):
        generate(40, minimal=True, seed=1, time_limit=0.5)


@pytest.mark.slow
@pytest.mark.parametrize("order, clues", [(5, 250), (6, 500)])
def test_time_limit_bounds_wall_time_at_large_orders(order, clues):
    generate(30, seed=0)  # compile outside the timing
    start = time.perf_counter()
    with pytest.raises(GenerationError,
                       match="the fewest clues reached was|no removal pass had finished"):
        generate(clues, order=order, seed=1, time_limit=5)
    assert time.perf_counter() - start < 7


def test_every_generation_has_a_finite_default_time_limit():
    assert 0 < generator.DEFAULT_TIME_LIMIT < float("inf")
    default = inspect.signature(generate).parameters["time_limit"].default
    assert default == generator.DEFAULT_TIME_LIMIT


def _houses_hold_each_value_once(grid):
    order = int(round(grid.shape[0] ** 0.5))
    side = order * order
    boxes = grid.reshape(order, order, order, order).transpose(0, 2, 1, 3).reshape(side, side)
    want = np.arange(1, side + 1)
    return all((np.sort(lines, axis=1) == want).all() for lines in (grid, grid.T, boxes))


def test_a_49x49_full_grid_is_valid():
    assert _houses_hold_each_value_once(random_full_grid(7, seed=3))


@pytest.mark.parametrize("pattern", generator.PATTERNS)
@pytest.mark.parametrize("order, fraction", [(2, 0.5), (3, 0.42), (3, 0.7), (4, 0.55), (5, 0.43),
                                             (6, 0.4)])
def test_holes_puzzles_have_exact_balanced_holes_and_are_satisfiable(order, fraction, pattern):
    puzzle = generator.holes_puzzle(order, fraction, pattern, seed=9)
    side = order * order
    holes = puzzle.grid == 0
    assert holes.sum() == round(fraction * side * side)
    q, r = divmod(int(holes.sum()), side)
    boxes = holes.reshape(order, order, order, order).transpose(0, 2, 1, 3).reshape(side, side)
    balanced = {"random": (), "balanced": (holes, holes.T),
                "doubly-balanced": (holes, holes.T, boxes)}
    for lines in balanced[pattern]:
        per_line = np.sort(lines.sum(axis=1))
        np.testing.assert_array_equal(per_line, [q] * (side - r) + [q + 1] * r)
    if order <= 4:
        solution = backtrack_solve(puzzle)
        assert solution is not None and verify(puzzle, solution)
    else:  # the clues come from a full grid: no clue conflicts with another
        assert puzzle.conflicts() == []
    assert puzzle == generator.holes_puzzle(order, fraction, pattern, seed=9)
    assert puzzle != generator.holes_puzzle(order, fraction, pattern, seed=10)


def test_holes_puzzles_batch_is_reproducible_and_bad_arguments_raise():
    batch = generator.holes_puzzles(3, 3, 0.6, "balanced", seed=4)
    assert batch == generator.holes_puzzles(3, 3, 0.6, "balanced", seed=4)
    assert batch[:2] == generator.holes_puzzles(2, 3, 0.6, "balanced", seed=4)
    assert len(set(batch)) == 3
    for kwargs, message in [({"order": 8}, "order must be 2..6"),
                            ({"fraction": 1.5}, "from 0 to 1"),
                            ({"pattern": "zigzag"}, "pattern must be one of"),
                            ({"seed": -3}, "seed must be")]:
        with pytest.raises(generator.HolesError, match=message):
            generator.holes_puzzle(**{"order": 3, "fraction": 0.5, **kwargs})


@pytest.mark.parametrize("order, symmetry", [(2, None), (3, None), (3, "rotational"), (4, None)])
def test_minimal_puzzles_lose_uniqueness_with_any_clue_removed(order, symmetry):
    puzzle = generate(order=order, seed=8, symmetry=symmetry, minimal=True)
    assert cp_count(puzzle, limit=2) == 1
    if symmetry is None:
        assert generator.is_minimal(puzzle)
        cells = np.argwhere(puzzle.grid)
        sample = cells if order <= 3 else cells[np.random.default_rng(0).choice(len(cells), 12)]
        for r, c in sample:  # each removal checked independently, by CP-SAT
            grid = puzzle.grid.copy()
            grid[r, c] = 0
            assert cp_count(Puzzle.from_grid(grid), limit=2) == 2


def test_is_minimal_finds_a_removable_clue():
    puzzle = generate(30, seed=3)
    removable = generator.removable_clues(puzzle)
    assert not generator.is_minimal(puzzle) and removable
    r, c = removable[0]
    grid = puzzle.grid.copy()
    grid[r, c] = 0
    assert cp_count(Puzzle.from_grid(grid), limit=2) == 1
    with pytest.raises(ValueError, match="more than one solution"):
        generator.is_minimal(Puzzle.from_grid(np.zeros((9, 9), int)))


def test_the_9x9_bitboard_check_answers_as_the_general_one_and_cp_sat():
    # the core's other_solution sends 9x9 checks to kernel9.other9: emptying
    # one or two clues of unique puzzles, "is there another solution" must
    # agree with the general kernel's check (with and without locked
    # candidates), with CP-SAT on a sample, and a solution it finds must be
    # a different solution of the clues
    from sudoku_models.counter import kernel, kernel9, run_search, tables
    from sudoku_models.counter.core import BUDGET, FOUND, NO_LIMIT, NONE, new_control
    from sudoku_models.counter.uniqueness import other_solution

    t = tables(3)
    work, work9 = t.workspace(), kernel9.workspace()
    rng = np.random.default_rng(4)
    control = new_control()
    answers = []
    for seed in range(12):
        puzzle = generate(22 + seed % 6, seed=seed)
        solution = run_search(puzzle.grid.ravel(), 3, 2)[1]
        for _ in range(8):
            clues = puzzle.grid.ravel().astype(np.int32)
            removed = rng.choice(np.flatnonzero(clues), size=rng.integers(1, 3), replace=False)
            clues[removed] = 0
            args = (clues, removed.astype(np.int64), solution, NO_LIMIT, control)
            found = np.zeros(81, np.int32)
            fast = other_solution(*args, found, t.singles, work, work9)
            for bundle in (t.singles, t.locked):
                assert fast == kernel.other_solution(*args, np.zeros(81, np.int32), bundle, work)
            if fast == FOUND:
                assert not np.array_equal(found, solution)
                assert verify(Puzzle.from_grid(clues.reshape(9, 9)), found.reshape(9, 9))
            if len(answers) % 8 == 0:
                assert cp_count(Puzzle.from_grid(clues.reshape(9, 9)), limit=2) == 1 + fast
            answers.append(fast)
    assert set(answers) == {FOUND, NONE}
    empty = np.zeros(81, np.int32)  # a case that needs branching, with no node to spend
    assert kernel9.other9(empty, np.array([0], np.int64), random_full_grid(3, seed=1).ravel(), 0,
                          control, np.zeros(81, np.int32), work9) == BUDGET


def test_minimal_with_a_clue_count():
    puzzle = generate(24, seed=5, minimal=True)
    assert puzzle.num_clues == 24 and generator.is_minimal(puzzle)


# "needs search" at 9x9 would need a puzzle beyond dynamic forcing chains (ER
# 9.0 and up): at 16x16, where the ladder stops before the chains, below
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert"])
def test_generated_puzzles_rate_at_the_asked_difficulty(difficulty):
    logic = pytest.importorskip("sudoku_models.logic")
    assert tuple(logic.LEVELS) == generator.LEVELS
    puzzle = generate(order=3, seed=4, difficulty=difficulty, time_limit=60)
    assert logic.rate(puzzle).level == difficulty
    assert cp_count(puzzle, limit=2) == 1


def test_difficulty_with_a_clue_count_and_an_unreachable_target():
    logic = pytest.importorskip("sudoku_models.logic")
    puzzle = generate(26, seed=2, difficulty="medium", time_limit=60)
    assert puzzle.num_clues == 26 and logic.rate(puzzle).level == "medium"
    with pytest.raises(GenerationError, match="levels rated: easy"):
        generate(60, seed=1, difficulty="expert", time_limit=1)


@pytest.mark.parametrize("order, difficulty", [(2, "easy"), (4, "easy"), (4, "medium"),
                                               (4, "needs search")])
def test_generated_puzzles_of_other_orders_rate_at_the_asked_difficulty(order, difficulty):
    logic = pytest.importorskip("sudoku_models.logic")
    puzzle = generate(order=order, seed=1, difficulty=difficulty, time_limit=60)
    assert puzzle.order == order and logic.rate(puzzle).level == difficulty
    assert cp_count(puzzle, limit=2) == 1  # unique, by CP-SAT


def test_the_pool_search_finds_distinct_unique_low_clue_puzzles():
    from generator import low_clue_puzzles

    found = low_clue_puzzles(23, seconds=1.0, seed=0, pool_size=8)
    assert found and len({p.to_string() for p in found}) == len(found)
    for puzzle in found[:5]:
        assert puzzle.num_clues <= 23 and cp_count(puzzle, limit=2) == 1
    with pytest.raises(ValueError, match="bad arguments"):
        low_clue_puzzles(20, seconds=0)


def test_minimality_of_any_layout_and_any_puzzle_form_agrees_with_cp():
    """removable_clues / is_minimal take any layout and anything as_puzzle
    takes; each clue's verdict is checked by CP-SAT counting to 2."""
    from sudoku_models import count_solutions as count_by_method
    from sudoku_models.core.geometry import Layout
    from generator import is_minimal, removable_clues

    six = Layout.boxes(2, 3)
    puzzle = generate(12, layout=six, seed=3)
    removable = removable_clues(puzzle)
    for cell in np.flatnonzero(puzzle.grid):
        row, column = divmod(int(cell), 6)
        grid = puzzle.grid.copy()
        grid[row, column] = 0
        unique = count_by_method(Puzzle(grid, six), "cp", limit=2) == 1
        assert unique == ((row, column) in removable)
    assert is_minimal(puzzle) == (not removable)
    seventeen = next(line for line in (DATASETS / "17clue.txt").read_text().splitlines()
                     if line and not line.startswith("#"))  # no 16-clue puzzle exists
    assert is_minimal(seventeen) and removable_clues(seventeen) == []  # a string, 9x9
    with pytest.raises(TypeError, match="puzzle must be a Puzzle"):
        is_minimal(None)


def test_generate_17_and_18_clues_in_seconds_from_the_known_puzzles(capsys):
    """Issue 45: ``generate --clues 17 --count 10`` ended after 61.5 s with
    "the fewest clues reached was 19". The puzzles are drawn from the
    bundled 17-clue collection, relabelled and permuted (said in one line),
    each unique by CP-SAT and a new grid; 18 clues add one clue of the
    solution (unique, not minimal)."""
    from generator import is_minimal
    from sudoku_models.cli import main
    from sudoku_models.formats.files import read_grids

    known = {"".join(map(str, g)) for g in read_grids("17clue").grids.tolist()}
    for clues in (17, 18):
        started = time.perf_counter()
        assert main(["generate", "--clues", str(clues), "--count", "10", "--seed", "5"]) == 0
        took = time.perf_counter() - started
        out, err = capsys.readouterr()
        header, *lines = out.splitlines()
        assert header.startswith(f"# 10 puzzles, order 3, {clues} clues")
        assert err.count("\n") == 1 and "known 17-clue puzzles (collection 17clue) " \
            "relabelled and permuted" in err
        assert took < 20, took  # seconds (about 0.2 s once the kernels are loaded)
        puzzles = [Puzzle.from_string(line) for line in lines]
        assert len(puzzles) == len({p.to_string() for p in puzzles}) == 10
        for puzzle in puzzles:
            assert puzzle.num_clues == clues and cp_count(puzzle, limit=2) == 1
            assert "".join(map(str, puzzle.grid.ravel())) not in known  # a new grid
        if clues == 18:
            assert not any(is_minimal(p) for p in puzzles[:3])
    # the API does the same, named after the known puzzle it comes from
    drawn = generate(17, seed=1)
    assert re.fullmatch(r"17clue\.txt:\d+, relabelled and permuted \(.*\)", drawn.name)


def test_generate_help_says_where_low_clue_counts_come_from(capsys):
    from sudoku_models.cli import main

    assert main(["generate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "17 and 18 are drawn from the bundled 49,158 known 17-clue puzzles" in text


def test_the_pool_search_says_when_it_finds_nothing():
    """low_clue_puzzles returned [] silently (issue 45); it names the fewest
    clues reached and, on 9x9 at 17 or 18, where such puzzles come from."""
    from generator import low_clue_puzzles

    with pytest.raises(GenerationError, match=r"no 9x9 puzzle with at most 17 clues found within "
                       r"0.5 s; the fewest clues reached was (19|[2-3]\d); generator.generate\(17\) "
                       r"draws"):
        low_clue_puzzles(17, seconds=0.5, seed=0, pool_size=4)
