"""More of the Interactive Sudoku Solver's kinds (issue 33): each automaton
against its kind's definition, the pair and sum kinds against theirs,
counts on 4x4 puzzles against brute force, the constraint string both
ways, and the solver's serialized automata (NFA items) decoded."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, solve, verify
from sudoku_models.errors import PuzzleFormatError
from sudoku_models.core.geometry import Layout
from sudoku_models.formats.iss import from_iss, to_iss
from sudoku_models.registry import METHODS
from sudoku_models.core.cell_kinds import (AntiTaxicab, CountingCircles, GlobalEntropy, GlobalMod,
                                           Indexing, Pairwise)
from sudoku_models.core.line_kinds import (Between, CountDistinct, EqualityCage, EqualSum, Lockout,
                                           RegionSumLine, RellikCage, SumLine)
from sudoku_models.core.rules import Rules

from .variant_puzzles import all_grids, brute_count, holding_constraint

NEW = ("between", "lockout", "rellik-cage", "region-sum-line", "pairwise", "indexing",
       "anti-taxicab", "counting-circles", "equality-cage", "count-distinct", "same-values",
       "equal-sum")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=9), st.integers(1, 30),
       st.integers(1, 8))
def test_each_automaton_accepts_exactly_what_its_definition_allows(word, total, gap):
    line = tuple(range(len(word)))
    kinds = [Between(line), Lockout(line, gap), SumLine(line, total % 10 + 1, True),
             RellikCage(line, total)]
    if len(set(word)) == len(word):  # an equality cage's values differ (its group says so)
        kinds.append(EqualityCage(line))
    kinds.append(CountDistinct(line))
    for kind in kinds:
        assert kind.automaton(9).accepts(word) == kind.holds(word, 9), (kind, word)
    circles = CountingCircles(line)
    by_lines = all(line.automaton.accepts(word) for line in circles.automata(Layout.square(3)))
    assert by_lines == (circles.violations(np.array(word), Layout.square(3), None) == [])


def test_a_looped_sum_line_may_cut_through_its_ends():
    loop, line = SumLine((0, 1, 2, 3), 10, True), SumLine((0, 1, 2, 3), 10)
    assert loop.holds([3, 9, 1, 7], 9) and not line.holds([3, 9, 1, 7], 9)  # 7+3, 9+1
    assert not loop.holds([3, 9, 2, 7], 9)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=16, max_size=16))
def test_the_pair_kinds_hold_exactly_when_their_rule_does(values):
    layout, grid = Layout.square(2), np.array(values)
    row = grid.reshape(4, 4)
    runs = [values[0] + values[1], values[2] + values[6]]  # r1c1 r1c2 in box 1; r1c3 r2c3 in box 2
    cases = [
        (RegionSumLine((0, 1, 2, 6)), runs[0] == runs[1]),
        (Pairwise((0, 1, 2), ((1, 2), (2, 3), (3, 4)), "consecutive"),
         all(b == a + 1 for a, b in zip(values, values[1:3]))),
        (Pairwise((0, 1, 2), ((1, 2), (2, 1)), "all"), False),  # three cells, two values
        (Indexing((0,), "column"), row[0, values[0] - 1] == 1),
        (Indexing((5,), "row"), row[values[5] - 1, 1] == 2),
        (AntiTaxicab(), not any(grid[a] == grid[b] == abs(a // 4 - b // 4) + abs(a % 4 - b % 4)
                                for a in range(16) for b in range(a + 1, 16)
                                if a // 4 != b // 4 and a % 4 != b % 4
                                and (a // 8, a % 4 // 2) != (b // 8, b % 4 // 2))),
    ]
    for constraint, holds in cases:
        violations = Rules(layout, (constraint,)).violations(grid)
        assert (violations == []) == bool(holds), (constraint, violations)


@pytest.mark.parametrize("kind", NEW)
def test_every_method_counts_a_4x4_as_brute_force_does(kind):
    """Two constraints of the kind that hold on a random grid, a quarter of
    the cells given: the counter, CP-SAT, SAT and the MILP each count
    (to 3) what brute force over every 4x4 grid counts."""
    layout = Layout.square(2)
    rng = np.random.default_rng(NEW.index(kind))
    grids = all_grids(layout)
    for _ in range(3):
        full = grids[int(rng.integers(len(grids)))]
        constraints = [holding_constraint(kind, layout, full, rng)
                       for _ in range(1 if kind == "anti-taxicab" else 2)]
        if not all(c == constraints[0] for c in constraints[1:]):
            constraints = list(dict.fromkeys(constraints))
        grid = np.where(rng.random(16) < 0.25, full, 0).reshape(4, 4)
        puzzle = Puzzle(grid, Rules(layout, tuple(constraints)))
        expected = min(brute_count(puzzle), 3)
        for method in ("backtracking", "cp", "sat-extended", "milp"):
            assert kind in METHODS[method].kinds
            assert count_solutions(puzzle, method, limit=3) == expected, (kind, method)


@pytest.mark.parametrize("rule, classes", [(GlobalEntropy(), lambda v: (v - 1) // 2),
                                            (GlobalMod(), lambda v: v % 3)])
def test_global_entropy_and_mod_solve_on_a_6x6_in_every_method_that_models_them(rule, classes):
    layout = Layout.boxes(2, 3)
    full = solve(Puzzle(np.zeros((6, 6), int), Rules(layout, (rule,))), "backtracking").grid
    assert Rules(layout, (rule,)).violations(full) == []
    for square in GlobalEntropy.squares(layout):
        assert len({classes(int(full.ravel()[c])) for c in square}) == 3
    puzzle = Puzzle(np.where(np.arange(36).reshape(6, 6) % 3 == 0, full, 0),
                    Rules(layout, (rule,)))
    counts = {m: count_solutions(puzzle, m, limit=5) for m in ("backtracking", "cp", "sat-extended")}
    assert len(set(counts.values())) == 1 and counts["backtracking"] >= 1, counts
    for method in [m for m, info in METHODS.items() if rule.kind in info.kinds]:
        assert verify(puzzle, solve(puzzle, method, time_limit=60).grid), method


def test_the_constraint_string_carries_each_kind_both_ways():
    text = (".Between~R1C1~R1C2~R1C3.Lockout~3~R2C1~R2C2~R2C3.RellikCage~9~R3C1~R3C2"
            ".RegionSumLine~R4C1~R4C2~R4C3~R4C4.SumLine~10~R5C1~R5C2~R6C2~R6C1~LOOP"
            ".Indexing~C~R7C1~R8C1.AntiTaxicab.GlobalEntropy.PairX~9X_1f9X_1f9X_F~_~R9C1~R9C2"
            "~R9C3.Binary~EAEBEAAQAAAAE~~R3C6~R4C6.EqualityCage~R1C5~R1C6.CountDistinct~R2C5"
            "~R2C6.CountingCircles~R3C5~R4C5.GlobalMod.SameValues~2~R5C5~R5C6~R6C6~R6C7"
            ".EqualSum~R7C5~R7C6~-~R8C5~-~R7C6~R8C6")
    puzzle = from_iss(text)
    rules = puzzle.rules
    assert rules.constraints[1] == Lockout((9, 10, 11), 3)
    assert rules.constraints[4] == SumLine((36, 37, 46, 45), 10, True)
    assert rules.constraints[5] == Indexing((54, 63), "column")
    non_consecutive = rules.constraints[6]  # the solver's own key for AntiConsecutive
    assert set(non_consecutive.allowed) == {(u, v) for u in range(1, 10) for v in range(1, 10)
                                            if abs(u - v) != 1}
    assert non_consecutive.pairs_of == "all"
    six = from_iss(".Shape~6x6.Pair~961rXv~_non-consecutive~R3C1~R3C2").rules  # the solver's key
    assert set(six.constraints[0].allowed) == {(u, v) for u in range(1, 7) for v in range(1, 7)
                                               if abs(u - v) != 1}
    assert from_iss(to_iss(puzzle)).rules == rules


def test_same_values_of_single_cells_hold_one_value():
    puzzle = from_iss(".SameValues~3~R1C1~R2C4~R3C7")
    rules = puzzle.rules
    values = np.zeros(81, int)
    values[[0, 12, 24]] = [5, 5, 5]
    assert rules.violations(values) == []
    values[24] = 6
    assert len(rules.violations(values)) == 1


# The solver's own serialized automata (data/collections.js, "Diagonal
# Skyscrapers" and "Odd, Even, Seven Thermos"), decoded and checked against
# the rule each stands for.
SKYSCRAPER_9 = "TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg"
SKYSCRAPER_1 = "TgZf8SNFZ4kAiAyIDmZg9ERA-qqqj9mZmY_u7u7u_4iIiIj_zMzMzMg"


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(1, 10)))
def test_a_decoded_automaton_accepts_what_its_rule_says(word):
    for code, visible in ((SKYSCRAPER_9, 9), (SKYSCRAPER_1, 1)):
        rules = from_iss(f".NFA~{code}~_~R1C1~R2C2~R3C3~R4C4~R5C5~R6C6~R7C7~R8C8~R9C9").rules
        seen = sum(v > max(word[:i], default=0) for i, v in enumerate(word))
        assert rules.constraints[0].automaton(9).accepts(word) == (seen == visible)


@pytest.mark.parametrize("text, message", [
    (".Lockout~9~R1C1~R1C2", "gap must be 1..8"),
    (".RellikCage~0~R1C1~R1C2", "a total of 1 or more"),
    (".Indexing~X~R1C1", "needs C"),
    (".Pair~!!~R1C1~R1C2", "is not a relation key"),
    (".PairX~961rXv~_~R1C1~R1C1", "none related to itself"),
    (".NFA~%%~_~R1C1", "not an automaton in base64"),
    (".NFA~Tg~_~R1C1~R1C2", "ends early"),
    (".NFA~TgRA~_~R1C1~R1C2", "no transitions"),
    (".SameValues~3~R1C1~R1C2~R1C3~R1C4", "2 or more sets of one size"),
    (".EqualSum~R1C1~-~", "is not a cell such as R1C1"),
    (".Between~R1C1", "2 or more cells"),
    (".SumLine~12~R1C1~R1C2~R1C3~R1C4~R1C5~R1C6~R1C7~R1C8~R1C9~R2C9~LOOP",
     "more than 20,000 states"),
])
def test_a_bad_item_is_a_format_error_naming_it(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        from_iss(text)


def test_each_kind_reads_back_from_json_and_is_drawn():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from sudoku_models.drawing import draw_sudoku
    from sudoku_models.formats.toolkit_json import constraint_to_json, constraints_from_json

    layout = Layout.square(3)
    constraints = (Pairwise((0, 1), ((1, 2), (2, 3))), SumLine((0, 1, 10), 10, True),
                   Between((20, 21, 22)), Lockout((3, 4, 5), 3), RellikCage((27, 28), 5),
                   RegionSumLine((36, 37, 38, 39)), Indexing((45, 54)), AntiTaxicab(),
                   GlobalEntropy())
    items = [constraint_to_json(c, 9) for c in constraints]
    assert items[0]["allowed"] == [[1, 2], [2, 3]] and items[1]["loop"] is True
    assert constraints_from_json(items, layout) == constraints
    with pytest.raises(PuzzleFormatError, match="'loop' must be true or false"):
        constraints_from_json([{**items[1], "loop": 1}], layout)
    ax = draw_sudoku(Puzzle(np.zeros((9, 9), int), Rules(layout, constraints)))
    gids = {a.get_gid() for a in (*ax.patches, *ax.lines, *ax.texts, *ax.collections)}
    assert {"pairwise", "sum-line", "between", "lockout", "rellik-cage", "region-sum-line",
            "indexing", "rules"} <= gids
    [note] = [t for t in ax.texts if t.get_gid() == "rules"]
    assert note.get_text() == "anti-taxicab \u00b7 global entropy"
    plt.close("all")


def test_a_between_line_reads_from_f_puzzles_and_back():
    from sudoku_models.formats.fpuzzles import from_fpuzzles, to_fpuzzles

    data = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)],
            "betweenline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}
    puzzle = from_fpuzzles(data)
    assert puzzle.rules.constraints == (Between((0, 1, 2)),)
    assert to_fpuzzles(puzzle)["betweenline"] == data["betweenline"]


OR_KINDS = ("cage-total", "kropki", "thermometer", "arrow", "sum", "between", "lockout")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=9), st.integers(3, 45))
def test_a_cage_in_an_or_is_one_word_of_its_combinations(word, total):
    """A cage in an Or's branch is one automaton of its group and its sum
    (``rules._word_forms``), accepting a word exactly when its values
    differ and reach the total: a line pruned along its states then keeps
    only the values of the cage's combinations."""
    from sudoku_models.core.cell_kinds import Cage
    from sudoku_models.core.constraint import Context
    from sudoku_models.core.rules import _word_forms

    cells = tuple(range(len(word)))
    [line] = _word_forms(Cage(cells, total), Layout.square(3), Context(frozenset(), frozenset()))
    assert line.cells == cells
    assert line.automaton.accepts(word) == (len(set(word)) == len(word) and sum(word) == total)


@pytest.mark.parametrize("seed", range(4))
def test_an_or_counts_on_a_4x4_as_brute_force_does(seed):
    """Two branches: one constraint that holds on a random grid, and one of
    two constraints drawn for another grid (which may or may not hold):
    every method counts what brute force counts."""
    from sudoku_models.core.rules import Either

    layout = Layout.square(2)
    rng = np.random.default_rng(100 + seed)
    grids = all_grids(layout)
    full, other = (grids[int(i)] for i in rng.integers(len(grids), size=2))
    kinds = rng.choice(OR_KINDS, 3)
    branches = ((holding_constraint(str(kinds[0]), layout, full, rng),),
                tuple(dict.fromkeys(holding_constraint(str(k), layout, other, rng)
                                    for k in kinds[1:])))
    grid = np.where(rng.random(16) < 0.2, full, 0).reshape(4, 4)
    puzzle = Puzzle(grid, Rules(layout, (Either(branches),)))
    expected = min(brute_count(puzzle), 4)
    assert expected >= 1
    for method in ("backtracking", "cp", "sat-extended", "milp"):
        assert count_solutions(puzzle, method, limit=4) == expected, method


def test_an_or_reads_and_writes_as_the_solver_does():
    from sudoku_models.core.cell_kinds import Cage, Candidates
    from sudoku_models.core.rules import Either

    text = (".Or.~R1C2_1.~R1C1_1.End.Or.And.~R2C1_3.~R2C2_4.End.Cage~10~R3C1~R3C2.End"
            ".Or.Cage~3~R5C1~R5C2~R5C3~R5C4.Lunchbox~3~R5C1~R5C2~R5C3~R5C4.End")
    puzzle = from_iss(text)
    grid, rules = puzzle.grid, puzzle.rules
    assert not grid.any()  # givens inside an Or are branches, not clues
    assert rules.constraints[0] == Either(((Candidates((1,), (1,)),), (Candidates((0,), (1,)),)))
    assert rules.constraints[1].branches[1] == (Cage((18, 19), 10),)
    assert len(rules.constraints[2].branches) == 1  # a cage of 4 cells never sums to 3
    assert from_iss(to_iss(puzzle)).rules == rules
    from sudoku_models.formats.toolkit_json import constraint_to_json, constraints_from_json

    items = [constraint_to_json(c, 9) for c in rules.constraints]
    assert items[1]["branches"][1] == [{"kind": "cage", "cells": ["r3c1", "r3c2"], "total": 10}]
    assert constraints_from_json(items, rules.layout) == rules.constraints
    values = np.zeros(81, int)
    values[[0, 1, 9, 10, 18, 19]] = [1, 2, 3, 5, 6, 4]  # r1c1 1; not 3 and 4, but 6 + 4
    values[36:40] = [1, 2, 3, 4]  # 2 + 3 between 1 and 4 is 5, not 3
    assert rules.violations(values) == ["or r5c1: no branch holds"]


@pytest.mark.parametrize("text, message", [
    (".Or.~R1C1_1", "no End closes it"),
    (".End", "an End with no Or or And"),
    (".Or.AntiKnight.End", "a AntiKnight inside an Or or And is not supported"),
])
def test_a_bad_composite_is_a_format_error_naming_it(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        from_iss(text)


def test_a_rule_on_the_whole_grid_inside_an_or_is_refused_by_name():
    from sudoku_models.errors import RulesError
    from sudoku_models.core.cell_kinds import AntiKnight
    from sudoku_models.core.rules import Either

    with pytest.raises(RulesError, match="anti-knight, a rule on the whole grid, inside an or"):
        Rules(Layout.square(3), (Either(((AntiKnight(),), (Between((0, 1, 2)),))),))


def test_an_equal_sum_of_the_same_cells_twice_is_no_row():
    rule = EqualSum((0, 1, 1, 0, 2, 3), (2, 2, 2))
    assert [s.cells for s in rule.sums(Layout.square(3))] == [(2, 3, 0, 1)]


@pytest.mark.parametrize("method", ["cp", "cp-bool", "sat-extended", "backtracking"])
def test_a_grid_two_branches_of_an_or_allow_is_counted_once(method):
    """Both branches hold on every solution: an automaton that guesses the
    branch may accept a grid twice; the count is of grids."""
    from sudoku_models import Puzzle, count_solutions
    from sudoku_models.core.geometry import Layout
    from sudoku_models.core.cell_kinds import Candidates
    from sudoku_models.core.rules import Either, Rules

    from .variant_puzzles import brute_count

    both = Either(((Candidates((0,), (1, 2, 3, 4)),), (Candidates((1,), (1, 2, 3, 4)),)))
    puzzle = Puzzle([[1, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]],
                    Rules(Layout.square(2), (both,)))
    assert count_solutions(puzzle, method, limit=None) == brute_count(puzzle) > 1


def test_cp_sat_counts_a_grid_reported_twice_once():
    """CP-SAT's enumeration reports assignments of every variable; on the
    Interactive Sudoku Solver's "Extreme Lunchbox" and two Or composites it
    reported one grid with two assignments of helper variables and `cp`
    counted 2 where SAT and the solver count 1. The counter keeps grids."""
    from sudoku_models.formulations.cp.cpsat_base import _SolutionCounter

    grids = iter([[1, 2, 3], [1, 2, 3], [3, 2, 1]])
    counter = _SolutionCounter(None, lambda _: next(grids))
    for _ in range(3):
        counter.on_solution_callback()
    assert counter.count == 2
