"""More of the Interactive Sudoku Solver's puzzles read (issue 33): kinds in
the values 0..N-1 (``Pair``, ``NFA``, ``EqualityCage``, ``CountingCircles``,
``RegionSumLine``), each checked on every 4x4 grid against its meaning
written here in the own values, as the solver's ``sudoku_builder.js`` and
``handlers.js`` define it."""

from __future__ import annotations

import base64
import json
from itertools import combinations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sudoku_models import count_solutions, solve, verify
from sudoku_models.errors import PuzzleFormatError
from sudoku_models.formats.puzzle_text import read_puzzle

from .test_value_range import SIDE, all_grids, cell_id
from sudoku_models.formats.fpuzzles import sudokupad_link
from sudoku_models.formats.iss import to_iss

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def pair_key(allowed: set[tuple[int, int]]) -> str:
    """The solver's ``fnToBinaryKey`` with a value offset of -1: bit
    ``(i - 1) * N + j - 1`` for the own values ``(i - 1, j - 1)``, six bits
    a character, lowest first."""
    bits = [(a, b) in allowed for a in range(SIDE) for b in range(SIDE)]
    return "".join(_B64[sum(bit << i for i, bit in enumerate(bits[k:k + 6]))]
                   for k in range(0, len(bits), 6))


def nfa_code(transitions: set[tuple[int, int, int]], states: int, accepting: set[int]) -> str:
    """The solver's ``NFASerializer`` plain format for an automaton with one
    start state (0) over the symbols 1..N (the value indices): a header
    (format, state bits, symbol count, start and accepting counts, the
    start's own acceptance, the transition count bits), then each state's
    transitions, the states ordered start, accepting, others."""
    order = [0] + sorted(accepting - {0}) + sorted(set(range(states)) - accepting - {0})
    number = {q: i for i, q in enumerate(order)}
    state_bits = max(1, (states - 1).bit_length())
    moves = [sorted((v, number[t]) for q, v, t in transitions if q == old) for old in order]
    count_bits = max(1, max(len(m) for m in moves).bit_length())
    out = f"{0:02b}{state_bits - 1:04b}{SIDE - 1:04b}{1:0{state_bits}b}"
    out += f"{len(accepting - {0}):0{state_bits}b}{int(0 in accepting):01b}{count_bits:04b}"
    for listed in moves:
        out += f"{len(listed):0{count_bits}b}" + "".join(
            f"{v - 1:02b}{t:0{state_bits}b}" for v, t in listed)
    out += "0" * (-len(out) % 8)
    data = bytes(int(out[i:i + 8], 2) for i in range(0, len(out), 8))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def nfa_accepts(transitions, accepting, word) -> bool:
    states = {0}
    for value in word:
        states = {t for q, v, t in transitions if q in states and v == value + 1}
    return bool(states & accepting)


def _box(cell: int) -> int:
    return cell // SIDE // 2 * 2 + cell % SIDE // 2


def region_runs(line):
    runs = [[line[0]]]
    for a, b in zip(line, line[1:]):
        (runs[-1].append(b) if _box(a) == _box(b) else runs.append([b]))
    return runs


@st.composite
def zero_items(draw):
    """A constraint string item in the values 0..3 and its meaning."""
    kind = draw(st.sampled_from(["pair", "pairx", "nfa", "equality", "circles", "region-sum"]))
    line = draw(st.lists(st.integers(0, SIDE * SIDE - 1), min_size=2, max_size=6, unique=True))
    ids = "~".join(cell_id(c) for c in line)
    if kind in ("pair", "pairx"):
        allowed = draw(st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1))
        related = list(zip(line, line[1:])) if kind == "pair" else list(combinations(line, 2))
        name = "Pair" if kind == "pair" else "PairX"
        return (f".{name}~{pair_key(allowed)}~_~{ids}",
                lambda g: all((g[a], g[b]) in allowed for a, b in related))
    if kind == "nfa":
        states = draw(st.integers(1, 4))
        transitions = draw(st.sets(st.tuples(st.integers(0, states - 1), st.integers(1, SIDE),
                                             st.integers(0, states - 1)), min_size=1))
        accepting = draw(st.sets(st.integers(0, states - 1), min_size=1))
        return (f".NFA~{nfa_code(transitions, states, accepting)}~_~{ids}",
                lambda g: nfa_accepts(transitions, accepting, g[line]))
    if kind == "equality":
        assume(len(line) in (2, 4))

        def equal(g):
            w = list(g[line])
            return (len(set(w)) == len(w) and sum(v % 2 == 0 for v in w) * 2 == len(w)
                    and sum(v < 2 for v in w) * 2 == len(w))
        return f".EqualityCage~{ids}", equal
    if kind == "circles":
        return f".CountingCircles~{ids}", lambda g: all(
            list(g[line]).count(v) == v for v in set(g[line]))
    runs = region_runs(line)
    return f".RegionSumLine~{ids}", lambda g: len({int(g[r].sum()) for r in runs}) == 1


def _sum_line(w, total) -> bool:
    """The line cuts into segments each summing to ``total``: every
    multiple of it up to the line's sum is a running sum (zeros anywhere;
    a line of zeros holds, as the solver's ``SumLine`` reads it)."""
    running = set(np.cumsum(w).tolist())
    return sum(w) % total == 0 and all(k * total in running
                                       for k in range(1, sum(w) // total + 1))


def _between_ends(w, low, high):
    a, b = sorted((list(w).index(low), list(w).index(high)))
    return int(sum(w[a + 1:b]))


@st.composite
def zero_line_items(draw):
    """The sums and indexing kinds in the values 0..3: a constraint string
    item and its meaning in the own values."""
    kind = draw(st.sampled_from(["sum-line", "rellik", "lunchbox", "sandwich", "x-sum",
                                 "numbered-room", "indexing"]))
    line = draw(st.lists(st.integers(0, SIDE * SIDE - 1), min_size=2, max_size=4, unique=True))
    ids = "~".join(cell_id(c) for c in line)
    total = draw(st.integers(1, 6))
    row = draw(st.integers(0, SIDE - 1))
    cells_ = [row * SIDE + c for c in range(SIDE)]
    if kind == "sum-line":
        return f".SumLine~{total}~{ids}", lambda g: _sum_line(g[line], total)
    if kind == "rellik":
        return f".RellikCage~{total}~{ids}", lambda g: len(set(g[line])) == len(line) and all(
            sum(chosen) != total for k in range(1, len(line) + 1)
            for chosen in combinations(g[line].tolist(), k))
    if kind == "lunchbox":
        return f".Lunchbox~{total - 1}~{ids}", lambda g: len(set(g[line])) == len(line) and \
            _between_ends(g[line], min(g[line]), max(g[line])) == total - 1
    if kind == "sandwich":
        return f".Sandwich~{total - 1}~R{row + 1}", \
            lambda g: _between_ends(g[cells_], 0, SIDE - 1) == total - 1
    if kind == "x-sum":
        return f".XSum~R{row + 1}~{total}~", lambda g: 1 <= g[cells_[0]] and \
            g[cells_][:g[cells_[0]]].sum() == total
    if kind == "numbered-room":
        value = total % SIDE
        return f".NumberedRoom~R{row + 1}~{value}~", lambda g: 1 <= g[cells_[0]] and \
            g[cells_[g[cells_[0]] - 1]] == value
    direction = draw(st.sampled_from("CR"))

    def indexing(g):  # each control's own value c points at the c-th cell (from 1) of its
        for cell in line:  # row (column), which holds the control's column (row) from 1
            r, c = divmod(cell, SIDE)
            house = g.reshape(SIDE, SIDE)[r] if direction == "C" else g.reshape(SIDE, SIDE)[:, c]
            wanted = (c if direction == "C" else r) + 1
            if not (1 <= g[cell] and house[g[cell] - 1] == wanted):
                return False
        return True
    return f".Indexing~{direction}~{ids}", indexing


def assert_own_meanings(chosen, refusal) -> None:
    """The items of ``chosen`` in the values 0..3 read into rules that hold
    on exactly the 4x4 grids their meanings accept; a text the reader
    refuses must be a refusal ``refusal`` expects (the example is then
    passed over)."""
    text = ".Shape~4x4~0-3" + "".join(item for item, _ in chosen)
    try:
        puzzle = read_puzzle(text)
    except PuzzleFormatError as error:
        assert refusal(error), error
        assume(False)
    for grid in all_grids():
        held = puzzle.rules.violations(grid + 1) == []
        assert held == all(meaning(grid) for _, meaning in chosen), (text, grid)


@settings(max_examples=200, deadline=None)
@given(st.lists(zero_line_items(), min_size=1, max_size=2))
def test_sums_and_indexing_in_0_to_n_minus_1_keep_exactly_their_solutions(chosen):
    # a total out of the kind's reach in 1..N may be refused, never the kind itself
    assert_own_meanings(chosen, lambda error: "ValueRange" not in type(error).__name__)


@settings(max_examples=200, deadline=None)
@given(st.lists(zero_items(), min_size=1, max_size=3))
def test_kinds_in_0_to_n_minus_1_keep_exactly_their_solutions(chosen):
    # an automaton with no word of the line's length may be refused
    assert_own_meanings(chosen, lambda error: "no transitions" in str(error)
                        or "accepts no" in str(error))


def test_a_0_to_n_minus_1_puzzle_of_each_kind_solves_to_its_one_answer_by_two_methods():
    # one grid picked by the rules: brute force on the own-value meanings finds it alone
    text = (".Shape~4x4~0-3.~R1C1_0.CountingCircles~R1C2~R2C4~R4C3"
            ".EqualityCage~R3C1~R3C2.RegionSumLine~R1C3~R2C3~R2C2"
            f".Pair~{pair_key({(a, b) for a in range(4) for b in range(4) if b == a + 1})}"
            "~_~R4C1~R4C2")
    meanings = [lambda g: g[0] == 0,
                lambda g: all(list(g[[1, 7, 14]]).count(v) == v for v in g[[1, 7, 14]]),
                lambda g: (g[8] % 2 != g[9] % 2) and ((g[8] < 2) != (g[9] < 2)),
                lambda g: g[2] + g[6] == g[5], lambda g: g[13] == g[12] + 1]
    answers = [g for g in all_grids() if all(m(g) for m in meanings)]
    puzzle = read_puzzle(text)
    assert len(answers) == 1 == count_solutions(puzzle, "backtracking", limit=None) \
        == count_solutions(puzzle, "cp", limit=None)
    for method in ("backtracking", "cp", "sat-extended", "milp"):
        result = solve(puzzle, method)
        assert verify(puzzle, result.grid), method
        assert np.array_equal(puzzle.values.own(result.grid).ravel(), answers[0]), method


# -- cages that overlap, and a cage listing a cell twice ------------------------

cage_cells = st.lists(st.integers(0, SIDE * SIDE - 1), min_size=1, max_size=4, unique=True)
COUNTING = [("backtracking", {}), ("cp", {}), ("cp", {"rule45": True}), ("cp", {"cage": "table"}),
            ("milp", {"rule45": True, "cage": "sets"}), ("sat-extended", {"cage": "totalizer"})]


@st.composite
def overlapping_cages(draw):
    """Two to four cages, the first two sharing a cell, with totals of a
    4x4 grid's values there (or one off: often no solution)."""
    grid = all_grids()[draw(st.integers(0, len(all_grids()) - 1))] + 1
    first = draw(cage_cells)
    second = draw(cage_cells.filter(lambda c: c != first)) + [first[0]]
    groups = [first, list(dict.fromkeys(second))[:SIDE]] + draw(st.lists(cage_cells, max_size=2))
    return [(tuple(g), min(max(int(grid[g].sum()) + draw(st.sampled_from([0, 0, 0, 1, -1])),
                               len(g) * (len(g) + 1) // 2), len(g) * (2 * SIDE - len(g) + 1) // 2))
            for g in groups]


def brute_count(cages, clues=()) -> int:
    """4x4 grids whose cages hold (a total 0: any sum, as the solver reads it)."""
    grids = all_grids() + 1
    return sum(all(len(set(g[list(c)])) == len(c) and t in (0, g[list(c)].sum()) for c, t in cages)
               and all(g[c] == v for c, v in clues) for g in grids)


@settings(max_examples=25, deadline=None)
@given(overlapping_cages())
def test_overlapping_cages_count_as_brute_force_by_every_method_and_option(cages):
    text = ".Shape~4x4" + "".join(f".Cage~{t}~" + "~".join(cell_id(c) for c in cells)
                                  for cells, t in cages)
    try:
        puzzle = read_puzzle(text)
    except PuzzleFormatError as error:  # a total no different values reach
        assert "sum to" in str(error), error
        assume(False)
    expected = brute_count(cages)
    for method, options in COUNTING:
        assert count_solutions(puzzle, method, limit=None, **options) == expected, \
            (text, method, options)


def test_an_overlapping_killer_solves_to_its_one_answer_and_rates_by_its_steps():
    # a 4x4 killer whose cages overlap at r1c2 and r3c3: one solution by brute force
    cages = [((0, 1, 5), 9), ((1, 2), 4), ((10, 11), 5), ((10, 14), 6), ((3, 7), 6),
             ((12, 13, 8), 8)]
    assert brute_count(cages) == 1
    text = ".Shape~4x4" + "".join(f".Cage~{t}~" + "~".join(cell_id(c) for c in cells)
                                  for cells, t in cages)
    puzzle = read_puzzle(text)
    answer = next(g for g in all_grids() + 1 if all(
        len(set(g[list(c)])) == len(c) and g[list(c)].sum() == t for c, t in cages))
    for method, options in [("backtracking", {}), ("cp", {"rule45": True}),
                            ("milp", {"rule45": True}), ("cp-bool", {"rule45": True}),
                            ("sat-extended", {})]:
        result = solve(puzzle, method, **options)
        assert verify(puzzle, result.grid) and np.array_equal(result.grid.ravel(), answer), method
    fpuzzles = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "killercage": [
        {"cells": [f"R{c // 4 + 1}C{c % 4 + 1}" for c in cells], "value": str(t)}
        for cells, t in cages]}
    assert read_puzzle(json.dumps(fpuzzles)) == puzzle  # f-puzzles cages may overlap too
    assert read_puzzle(sudokupad_link(puzzle)) == puzzle
    from sudoku_models.logic import explain
    steps = explain(puzzle)
    placed = {(c, v) for step in steps for c, v in step.placements}
    assert all(answer[c] == v for c, v in placed)
    assert all(answer[c] != v for step in steps for c, v in step.eliminations)


@pytest.mark.parametrize("item, meaning", [
    (".Cage~9~R1C1~R1C2~R1C2", lambda g: g[0] != g[1] and g[0] + 2 * g[1] == 9),
    (".Cage~0~R1C1~R2C2~R1C1", lambda g: g[0] != g[5]),
    (".Cage~10~R1C1~R2C2~R2C2~R3C3", lambda g: len({g[0], g[5], g[10]}) == 3 and
     g[0] + 2 * g[5] + g[10] == 10),  # no solution
    (".Cage~11~R1C1~R2C2~R2C2~R3C3", lambda g: len({g[0], g[5], g[10]}) == 3 and
     g[0] + 2 * g[5] + g[10] == 11),
])
def test_a_cell_a_cage_lists_twice_counts_twice_in_its_sum_once_in_its_all_different(
        item, meaning):
    puzzle = read_puzzle(".Shape~4x4" + item)
    expected = sum(meaning(g) for g in all_grids() + 1)
    for method, options in COUNTING[:2] + COUNTING[5:]:  # the MILP: many solutions, slowly
        assert count_solutions(puzzle, method, limit=None, **options) == expected, method
    result = solve(puzzle, "milp", rule45=True)
    if expected:
        assert verify(puzzle, result.grid) and meaning(result.grid.ravel())
    else:
        assert result.status.name == "INFEASIBLE"
    assert read_puzzle(to_iss(puzzle)) == puzzle


# -- value indexing and Dutch flatmates, as regular constraints ----------------

@st.composite
def indexing_items(draw):
    """A ``ValueIndexing`` or ``DutchFlatmates`` item, in 1..4 or 0..3
    (``low``), and its meaning on a grid of own values."""
    low = draw(st.sampled_from([0, 1]))
    if low == 1 and draw(st.booleans()):
        def flatmates(g):  # every 2 has a 1 above it or a 4 below it, in its column
            rows = g.reshape(SIDE, SIDE)
            return all(rows[r, c] != 2 or (r > 0 and rows[r - 1, c] == 1) or
                       (r < SIDE - 1 and rows[r + 1, c] == 4)
                       for r in range(SIDE) for c in range(SIDE))
        return low, ".DutchFlatmates", flatmates
    line = draw(st.lists(st.integers(0, SIDE * SIDE - 1), min_size=3, max_size=6, unique=True))
    ids = "~".join(cell_id(c) for c in line)

    def indexing(g):  # the control's own value c (1 to the line's length) points at line[1 + c]
        c = int(g[line[1]])
        return 1 <= c <= len(line) - 2 and g[line[1 + c]] == g[line[0]]
    return low, f".ValueIndexing~{ids}", indexing


@settings(max_examples=120, deadline=None)
@given(st.lists(indexing_items(), min_size=1, max_size=3))
def test_value_indexing_and_dutch_flatmates_keep_exactly_their_solutions(chosen):
    low = chosen[0][0]
    chosen = [(item, meaning) for range_, item, meaning in chosen if range_ == low]
    text = (".Shape~4x4~0-3" if low == 0 else ".Shape~4x4") + "".join(i for i, _ in chosen)
    puzzle = read_puzzle(text)
    for grid in all_grids():
        own = grid + low
        held = puzzle.rules.violations(grid + 1) == []
        assert held == all(meaning(own) for _, meaning in chosen), (text, own)


def test_dutch_flatmates_in_0_to_n_minus_1_are_refused_by_name_as_the_solver_does():
    with pytest.raises(PuzzleFormatError, match=r"item 2 \(DutchFlatmates\): Dutch flatmates "
                                                r"in the values 0..N-1"):
        read_puzzle(".Shape~4x4~0-3.DutchFlatmates")
    with pytest.raises(PuzzleFormatError, match=r"ValueIndexing\): needs a value cell"):
        read_puzzle(".ValueIndexing~R1C1~R1C2")



@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=7, max_size=7),
       st.lists(st.integers(1, 9), min_size=4, max_size=4))
def test_the_kinds_read_as_automata_take_every_value_of_more_values_than_the_side(column, line):
    """On a ``Shape~7x7~9`` the solver's Dutch flatmates read its value
    count (``geometry.numValues``): every 5 has a 1 above it or a 9 below,
    not 4 and 7 as on a 7x7 of seven values; value indexing and
    look-and-say take the values 8 and 9 too."""
    puzzle = read_puzzle(".Shape~7x7~9.NoBoxes.DutchFlatmates.ValueIndexing~R1C1~R1C2~R1C3~R1C4"
                         ".LookAndSay~1908~R2C1~R2C2~R2C3~R2C4")
    flatmates, indexing, look_and_say = (puzzle.constraints[i].automaton(9) for i in (0, 7, 8))
    assert flatmates.accepts(column) == all(
        v != 5 or (r > 0 and column[r - 1] == 1) or (r < 6 and column[r + 1] == 9)
        for r, v in enumerate(column))
    assert indexing.accepts(line) == (1 <= line[1] <= 2 and line[1 + line[1]] == line[0])
    assert look_and_say.accepts(line) == (line.count(9) == 1 and 8 not in line)


def test_a_given_after_a_look_and_say_is_read():  # its clue's counts once took the values' place
    assert read_puzzle(".LookAndSay~23~R1C1~R1C2~R1C3.~R3C3_5").grid[2, 2] == 5

# -- an Or of many branches: one automaton that forgets the branches read ------

@st.composite
def or_plans(draw):
    """Segments ``(branch, automaton, length)`` of 1 to 9 branches, each of
    1 or 2 segments (a value set, a sum, all different), and a word."""
    from sudoku_models.core.automata import different_automaton, linear_automaton, \
        value_set_automaton
    plan = []
    for b in range(draw(st.integers(1, 9))):
        for _ in range(draw(st.integers(1, 2))):
            length = draw(st.integers(1, 3))
            kind = draw(st.sampled_from(["set", "sum", "different"]))
            if kind == "set":
                length, automaton = 1, value_set_automaton(draw(st.integers(1, 15)), SIDE)
            elif kind == "sum":
                automaton = linear_automaton((1,) * length, draw(st.integers(1, 12)), SIDE)
            else:
                automaton = different_automaton(SIDE)
            plan.append((b, automaton, length))
    word = draw(st.lists(st.integers(1, SIDE), min_size=sum(p[2] for p in plan),
                         max_size=sum(p[2] for p in plan)))
    return plan, word


@settings(max_examples=300, deadline=None)
@given(or_plans())
def test_an_or_automaton_accepts_a_word_when_one_branch_holds_on_its_segments(chosen):
    from sudoku_models.core.automata import either_automaton
    plan, word = chosen
    branches = max(b for b, _, _ in plan) + 1
    held = {b: True for b in range(branches)}
    at = 0
    for b, automaton, length in plan:
        held[b] &= automaton.accepts(word[at:at + length])
        at += length
    assert either_automaton(plan, branches, SIDE).accepts(word) == any(held.values())


def test_an_or_of_nine_branches_of_two_outside_clues_each_reads_and_checks_as_defined():
    # as in the solver's "Unbidden First Hidden": branch k holds when the first hidden
    # skyscraper of row 9 and of column 9, both from the far end, is k; before, more than
    # 20,000 states (the subsets of branches alive) and the puzzle was refused
    from sudoku_models.core.line_kinds import HiddenSkyscraper
    puzzle = read_puzzle(".Or" + "".join(
        f".And.HiddenSkyscraper~R9~~{k}.HiddenSkyscraper~C9~~{k}.End" for k in range(1, 10))
        + ".End")
    (either,) = puzzle.rules.constraints
    assert either.branches[2] == (HiddenSkyscraper(tuple(range(80, 71, -1)), 3),
                                  HiddenSkyscraper(tuple(range(80, 0, -9)), 3))
    (line,) = puzzle.rules.lowered.lines
    assert line.automaton.states < 2000
    base = solve(read_puzzle("." * 81), "backtracking").grid.ravel()
    rng = np.random.default_rng(3)
    verdicts = set()
    for _ in range(200):  # the digits relabelled and rows swapped within a band: grids still
        grid = rng.permutation(9)[base - 1] + 1
        rows = grid.reshape(9, 9)[np.concatenate([b * 3 + rng.permutation(3) for b in range(3)])]
        flat = rows.ravel()
        held = not either.violations(flat, puzzle.rules.layout, puzzle.rules.context)
        assert line.automaton.accepts(flat[list(line.cells)]) == held
        verdicts.add(held)
    assert verdicts == {True, False}


# -- Replicate: a template of constraints moved onto target cells ----------------

def bit_set(offsets) -> str:
    """The solver's ``encodeTargetCells``: bit ``i`` for the origin's flat
    index plus ``i``, six bits a base64 digit, lowest first."""
    bits = [i in offsets for i in range(max(offsets) + 1)]
    return "".join(_B64[sum(b << k for k, b in enumerate(bits[i:i + 6]))]
                   for i in range(0, len(bits), 6))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=2, max_size=3,
                unique=True),
       st.sets(st.integers(0, SIDE * SIDE - 1), min_size=1, max_size=4),
       st.sampled_from([0, 1]), st.sampled_from(["thermo", "same", "cage"]))
def test_replicate_moves_its_template_onto_each_target(template, targets, low, kind):
    # the template's cells, (row, column) offsets from r1c1 (the origin)
    assume(all(t // SIDE + r < SIDE and t % SIDE + c < SIDE for t in targets
               for r, c in template))
    item = {"thermo": ".Thermo~", "same": ".SameValues~2~", "cage": ".Cage~0~"}[kind]
    assume(kind != "same" or len(template) == 2)
    text = (".Shape~4x4~0-3" if low == 0 else ".Shape~4x4") + f".Replicate~{bit_set(targets)}" \
        + item + "~".join(f"R{r + 1}C{c + 1}" for r, c in template) + ".End"
    copies = [[(t // SIDE + r) * SIDE + t % SIDE + c for r, c in template] for t in targets]
    meanings = {"thermo": lambda g, cs: all(np.diff(g[cs]) > 0),
                "same": lambda g, cs: g[cs[0]] == g[cs[1]],
                "cage": lambda g, cs: len(set(g[cs])) == len(cs)}
    puzzle = read_puzzle(text)
    for grid in all_grids():
        held = puzzle.rules.violations(grid + 1) == []
        assert held == all(meanings[kind](grid, cs) for cs in copies), (text, grid)


def test_replicate_refuses_a_copy_that_leaves_the_grid_or_no_end():
    with pytest.raises(PuzzleFormatError, match="R1C4 moved 0 rows and 1 columns leaves the grid"):
        read_puzzle(".Shape~4x4.Replicate~C.Thermo~R1C3~R1C4.End")  # target r1c2
    with pytest.raises(PuzzleFormatError, match=r"item 2 \(Replicate\): no End closes it"):
        read_puzzle(".Shape~4x4.Replicate~C.Thermo~R1C3~R1C4")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, SIDE * SIDE - 1), min_size=2, max_size=5, unique=True),
       st.lists(st.tuples(st.integers(0, 3), st.integers(0, SIDE)), min_size=1, max_size=3),
       st.sampled_from([0, 1]))
def test_look_and_say_holds_exactly_the_counts_its_clue_says(line, pairs, low):
    # pairs (count, own value); a value given twice with two counts is an error (both
    # positive) or can never hold (one of them 0), as in the solver's builder
    clue = "".join(f"{count}{value}" for count, value in pairs)
    text = (".Shape~4x4~0-3" if low == 0 else ".Shape~4x4") + f".LookAndSay~{clue}~" + \
        "~".join(cell_id(c) for c in line)
    wanted: dict[int, list[int]] = {}
    for count, value in pairs:
        wanted.setdefault(value, []).append(count)
    if any(len([c for c in counts if c]) > 1 for counts in wanted.values()):
        with pytest.raises(PuzzleFormatError, match="gives the value"):
            read_puzzle(text)
        return
    puzzle = read_puzzle(text)
    for grid in all_grids():
        own = list(grid[line] + low)
        meaning = all(len(set(counts)) == 1 and own.count(value) == counts[0]
                      for value, counts in wanted.items())
        assert (puzzle.rules.violations(grid + 1) == []) == meaning, (text, grid)


@pytest.mark.parametrize("text, meaning", [
    (".Shape~4x4.ValueIndexing~R1C1~R2C1~R2C2~R2C3~R2C4.DutchFlatmates.LookAndSay~1314~R1C3~R2C4",
     lambda g: 1 <= g[4] <= 3 and g[4 + g[4]] == g[0] and all(
         g[c] != 2 or (c >= 4 and g[c - 4] == 1) or (c < 12 and g[c + 4] == 4)
         for c in range(16)) and sorted(g[[2, 7]]) == [3, 4]),
    (".Shape~4x4~0-3.Replicate~D.Thermo~R1C1~R1C2.End.Indexing~R~R3C2.Sandwich~1~R2"
     ".NumberedRoom~C4~0~", lambda g: g[0] < g[1] < g[2] and 1 <= g[9] and
     g[4 * (g[9] - 1) + 1] == 3 and _between_ends(g[4:8], 0, 3) == 1 and 1 <= g[3] and
     g[3 + 4 * (g[3] - 1)] == 0),
])
def test_the_new_kinds_count_as_brute_force_by_three_methods(text, meaning):
    puzzle = read_puzzle(text)
    low = puzzle.values.low
    expected = sum(bool(meaning(g + low)) for g in all_grids())
    assert expected > 0
    for method in ("backtracking", "cp", "sat-extended"):
        assert count_solutions(puzzle, method, limit=None) == expected, method
    result = solve(puzzle, "milp")
    assert verify(puzzle, result.grid) and meaning(puzzle.values.own(result.grid).ravel())
