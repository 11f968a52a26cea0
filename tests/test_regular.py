"""The regular constraint: its automata against Python's ``re``, its models
against brute force on 4x4 grids, its input errors."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, solve, verify
from sudoku_models.core.automata import (from_pattern, from_transitions, lunchbox_automaton,
                                       sandwich_automaton, sum_loop_automaton)
from sudoku_models.errors import PuzzleFormatError, RulesError
from sudoku_models.core.geometry import Layout
from sudoku_models.formats.toolkit_json import constraint_to_json, constraints_from_json
from sudoku_models.registry import METHODS
from sudoku_models.core.line_kinds import Regular
from sudoku_models.core.rules import Rules

from .test_rules import random_regular
from .variant_puzzles import all_grids, brute_count

LAYOUT = Layout.square(2)
COUNTING = [m for m, info in METHODS.items() if "regular" in info.kinds and info.can_count]


def _pattern(draw_digit, depth: int, rng) -> str:
    """A random regular expression of the supported syntax."""
    pick = rng.integers(6 if depth else 3)
    if pick == 0:
        return str(draw_digit())
    if pick == 1:
        return "."
    if pick == 2:
        low = draw_digit()
        return f"[{'^' if rng.random() < 0.3 else ''}{low}-{min(9, low + int(rng.integers(3)))}]"
    if pick == 3:
        return "(" + "|".join(_pattern(draw_digit, depth - 1, rng)
                              for _ in range(int(rng.integers(1, 3)))) + ")"
    if pick == 4:
        return "".join(_pattern(draw_digit, depth - 1, rng) for _ in range(int(rng.integers(2, 4))))
    quantifier = str(rng.choice(["*", "+", "?", "{2}", "{1,}", "{0,2}"]))
    return "(" + _pattern(draw_digit, depth - 1, rng) + ")" + quantifier


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_pattern_accepts_what_python_re_matches(seed):
    rng = np.random.default_rng(seed)
    pattern = _pattern(lambda: int(rng.integers(1, 10)), 3, rng)
    automaton = from_pattern(pattern, 9)
    python = re.compile(pattern)
    for length in range(6):
        for _ in range(30):
            word = [int(v) for v in rng.integers(1, 10, length)]
            assert automaton.accepts(word) == bool(python.fullmatch("".join(map(str, word)))), \
                (pattern, word)


def test_a_non_deterministic_automaton_accepts_the_words_of_some_run():
    # ends in 1 after an even number of 2s: a choice at each 1
    automaton = from_transitions([(0, 1, 0), (0, 1, 2), (0, 2, 1), (1, 2, 0)], 0, [2], 3)
    assert automaton.accepts([1]) and automaton.accepts([2, 2, 1, 1])
    assert not automaton.accepts([2, 1]) and not automaton.accepts([1, 3])


def test_the_layers_keep_exactly_the_transitions_of_accepted_words():
    automaton = from_pattern("1.*2", 3)
    layers = automaton.layers(3)
    assert {v for _, v, _ in layers[0]} == {1}
    assert {v for _, v, _ in layers[1]} == {1, 2, 3}
    assert {v for _, v, _ in layers[2]} == {2}
    assert automaton.layers(1) == ((),)  # "1.*2" has no word of one value


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), st.floats(0.2, 0.8), st.booleans())
def test_every_method_counts_regular_lines_as_brute_force(seed, share, fit):
    """One or two random lines (expressions or automata), holding on a random
    grid or drawn blindly: every counting method agrees with brute force
    over the 288 grids, and a solved grid passes the checker."""
    rng = np.random.default_rng(seed)
    grids = all_grids(LAYOUT)
    values = grids[int(rng.integers(len(grids)))]
    lines = []
    for _ in range(int(rng.integers(1, 3))):
        line = tuple(int(c) for c in rng.choice(16, int(rng.integers(2, 6)), False))
        lines.append(random_regular(line, 4, values if fit else None, rng))
    grid = np.where(rng.random(16) < share, values, 0).reshape(4, 4)
    puzzle = Puzzle(grid, Rules(LAYOUT, tuple(lines)))
    expected = min(brute_count(puzzle), 10)
    for method in COUNTING:
        if method in ("milp", "matrix") and expected > 4:
            continue  # no-good cuts: slow beyond a few solutions
        assert count_solutions(puzzle, method, limit=10, time_limit=60) == expected, \
            (method, [constraint_to_json(c, 4) for c in lines])
    result = solve(puzzle, "cp-bool")
    assert verify(puzzle, result.grid) if expected else result.status.name == "INFEASIBLE"


def test_a_line_through_a_cell_twice_is_read_again_after_it_strikes():
    """A line through r1c1 twice, /12|31/: a pass on all four candidates
    leaves r1c1 the values both places support, 1 (from "12" and from
    "31"), though no word puts 1 in both; that is no fixed point, so the
    next pass must read the line again and find the contradiction (a
    kernel that skipped it would have taken 1 in r1c1 for an answer)."""
    from sudoku_models.core.line_kinds import Regular
    from sudoku_models.counter import kernel, kernel_tables
    from sudoku_models.counter.kernel_tables import (LINE_ACCEPT, LINE_CELLS, LINE_KEYS,
                                                     LINE_LAYERS, LINE_MARKS, LINE_NEXT,
                                                     LINE_START)

    rules = Rules(LAYOUT, (Regular((0, 0), pattern="12|31"),))
    tables = kernel_tables.build_rules(rules)
    work = tables.workspace()
    cand = np.full(16, 0b1111, np.int64)  # before the line's domain: every value

    def one_pass():
        t = tables.locked
        return kernel._lines(cand, t[LINE_CELLS], t[LINE_NEXT], t[LINE_START], t[LINE_ACCEPT],
                             work[LINE_LAYERS], work[LINE_MARKS], work[LINE_KEYS])

    assert one_pass() == 1 and cand[0] == 0b0001
    assert one_pass() == -1
    assert count_solutions(Puzzle(np.zeros((4, 4), int), rules), "backtracking") == 0


@pytest.mark.parametrize("bound", [0, 10**9])
def test_a_line_whose_diagram_outgrows_the_bound_is_pruned_on_its_automaton(monkeypatch, bound):
    """Past :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` states (here
    patched to 0) a line's diagram gives way to its automaton, a sink
    added; the counts stay those of brute force either way."""
    from sudoku_models.core.line_kinds import Regular
    from sudoku_models.counter import forget_tables, kernel_tables
    from sudoku_models.counter.kernel_tables import LINE_NEXT

    monkeypatch.setattr(kernel_tables, "MAX_AUTOMATON_STATES", bound)
    forget_tables()
    line = Regular((0, 1, 2, 3, 7, 11), pattern="1.*(23|4)|.3.*")
    puzzle = Puzzle(np.zeros((4, 4), int), Rules(LAYOUT, (line,)))
    automaton = line.automaton(4)
    expected = len(kernel_tables.line_diagram(automaton, 6)[0]) if bound else automaton.states
    assert kernel_tables.build_rules(puzzle.rules).locked[LINE_NEXT].shape == (1, expected + 1, 4)
    assert count_solutions(puzzle, "backtracking", limit=None) == brute_count(puzzle) > 0
    forget_tables()


def test_a_regular_line_on_a_9x9_solves_alike_in_every_method():
    # row 1 alternates low (1-5) and high (6-9) digits, column 1 rises then falls once
    rules = Rules(Layout.square(3), (
        Regular(tuple(range(9)), pattern="([1-5][6-9])*[1-5]"),
        Regular(tuple(range(0, 81, 9)), pattern="1?2?3?4?5?6?7?8?9?9?8?7?6?5?4?3?2?1?")))
    puzzle = Puzzle(np.zeros((9, 9), int), rules)
    for method in [m for m, info in METHODS.items() if "regular" in info.kinds]:
        result = solve(puzzle, method, time_limit=60)
        assert verify(puzzle, result.grid), method
        row = result.grid[0]
        assert all((row[i] <= 5) == (i % 2 == 0) for i in range(9)), (method, row)
        column = list(result.grid[:, 0])
        top = column.index(9)
        assert column[:top + 1] == sorted(column[:top + 1]), (method, column)
        assert column[top:] == sorted(column[top:], reverse=True), (method, column)


def test_the_checker_names_the_line_and_the_word():
    rules = Rules(LAYOUT, (Regular((0, 1, 2, 3), pattern="1.*2"),))
    grid = np.array([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])
    assert rules.violations(grid) == ["regular r1c1 /1.*2/: 1234 is not a word of its language"]
    assert verify(Puzzle(np.zeros((4, 4), int), rules), grid) is False


def test_json_reads_and_writes_both_forms():
    for constraint in (Regular((0, 5, 10), pattern="[12]+3"),
                       Regular((3, 2), transitions=((0, 1, 1), (1, 4, 0)), start=0,
                               accepting=(0,))):
        written = constraint_to_json(constraint, 4)
        assert constraints_from_json([written], LAYOUT) == (constraint,)
    assert constraint_to_json(Regular((0, 5), pattern="12"), 4) == {
        "kind": "regular", "cells": ["r1c1", "r2c2"], "pattern": "12"}


@pytest.mark.parametrize("item, message", [
    ({"pattern": "1(2"}, r"regular expression '1\(2': a '\(' without its '\)' at position 4"),
    ({"pattern": "1)"}, r"unexpected '\)' at position 2"),
    ({"pattern": "*1"}, r"'\*' is not a digit, '\.', '\[', or '\(' at position 1"),
    ({"pattern": "1{3,2}"}, "a count from 0 to 100"),
    ({"pattern": "[12"}, r"a '\[' without its '\]'"),
    ({}, "give a pattern or transitions, one of them"),
    ({"pattern": "1", "transitions": [[0, 1, 0]], "accepting": [0]}, "one of them"),
    ({"transitions": [[0, 1, 0]]}, "no accepting state"),
    ({"transitions": [[0, 7, 0]], "accepting": [0]}, r"0 -7-> 0: the value is outside 1\.\.4"),
    ({"transitions": [[0, 1]], "accepting": [0]}, r"\[state, value, next state\] triples"),
])
def test_a_bad_regular_line_is_a_format_error_naming_it(item, message):
    with pytest.raises(PuzzleFormatError, match=message):
        constraints_from_json([{"kind": "regular", "cells": ["r1c1", "r1c2"], **item}], LAYOUT)


def test_too_many_states_is_refused():
    with pytest.raises(RulesError, match="more than 20,000 states"):
        from_pattern(".*1.{15}", 9)  # the 16th value from the end: 2**16 subsets


def test_the_constraint_string_reads_and_writes_regex_lines():
    from sudoku_models.formats.iss import from_iss, to_iss

    # the solver's own example: "(12|24)" somewhere on each of two columns, pattern in base64
    puzzle = from_iss(".Shape~6x6.Regex~LiooMTJ8MjQpLio~R1C1~R2C1~R3C1~~R1C2~R2C2~R3C2")
    rules = puzzle.rules
    assert rules.constraints == (Regular((0, 6, 12), pattern=".*(12|24).*"),
                                 Regular((1, 7, 13), pattern=".*(12|24).*"))
    again = from_iss(to_iss(puzzle))
    assert again.rules == rules
    assert from_iss(".Regex~1%7C2~R1C1").rules.constraints == (Regular((0,), pattern="1|2"),)
    with pytest.raises(PuzzleFormatError, match=r"item 1 \(Regex\): 'K\*' is not a pattern"):
        from_iss(".Regex~K*~R1C1")
    with pytest.raises(PuzzleFormatError, match="needs some cells"):
        from_iss(".Regex~MQ")


def test_a_regular_line_is_drawn_through_its_cells_with_its_pattern():
    from .test_drawing import _artists, _centre, _draw

    line = Regular((0, 10, 20), pattern="1.*2")
    ax = _draw((line,))
    drawn = next(a for a in _artists(ax, "regular") if hasattr(a, "get_xydata"))
    assert np.allclose(drawn.get_xydata(), [_centre(c) for c in line.cells])
    assert [t.get_text() for t in _artists(ax, "regular") if hasattr(t, "get_text")] == ["1.*2"]


def _moore(automaton):
    """The minimal automaton by Moore's round-by-round refinement, state by
    state in plain Python, numbered in order of first reach: the reference
    :func:`~sudoku_models.core.automata._minimized` (numpy rounds, then
    Hopcroft's; classes numbered by their first states) must match."""
    from sudoku_models.core.automata import Automaton

    group = [int(q in automaton.accepting) for q in range(automaton.states)]
    while True:
        signatures = [(group[q], *(group[t] if t >= 0 else -1 for t in automaton.next[q]))
                      for q in range(automaton.states)]
        names = {sig: i for i, sig in enumerate(dict.fromkeys(signatures))}
        refined = [names[sig] for sig in signatures]
        if len(names) == len(set(group)):
            break
        group = refined
    number, order = {refined[automaton.start]: 0}, [automaton.start]
    for q in order:
        for t in automaton.next[q]:
            if t >= 0 and refined[t] not in number:
                number[refined[t]] = len(order)
                order.append(t)
    return Automaton(len(order), 0,
                     frozenset(number[refined[q]] for q in order if q in automaton.accepting),
                     tuple(tuple(number[refined[t]] if t >= 0 else -1 for t in automaton.next[q])
                           for q in order))


_SMALL_DFA = st.integers(1, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(0, n - 1), st.frozensets(st.integers(0, n - 1)),
    st.integers(1, 4).flatmap(lambda side: st.lists(
        st.lists(st.integers(-1, n - 1), min_size=side, max_size=side).map(tuple),
        min_size=n, max_size=n).map(tuple))))


@settings(max_examples=300, deadline=None)
@given(_SMALL_DFA)
def test_minimizing_merges_exactly_the_states_moore_merges(drawn):
    from sudoku_models.core.automata import Automaton

    n, start, accepting, table = drawn
    assert _from_table(start, accepting, table) == _moore(Automaton(n, start, accepting, table))


_ACYCLIC_DFA = st.integers(1, 14).flatmap(lambda n: st.integers(1, 4).flatmap(lambda side: st.tuples(
    st.lists(st.booleans(), min_size=n, max_size=n),
    st.tuples(*[st.lists(st.integers(q + 1, n), min_size=side, max_size=side)
                for q in range(n)]))))


@settings(max_examples=300, deadline=None)
@given(_ACYCLIC_DFA)
def test_an_acyclic_automaton_is_minimized_in_one_sweep_as_moore_would(drawn):
    """:func:`~sudoku_models.core.automata._acyclic_classes` (every
    transition to a higher state, ``n`` the sink) splits the states as
    Moore's and Hopcroft's refinement does."""
    from unittest.mock import patch

    from sudoku_models.core import automata

    flags, rows = drawn
    n = len(flags)
    moves = np.array(list(rows) + [[n] * len(rows[0])], np.int64)
    accepting = np.array(list(flags) + [False])
    swept = automata._classes(moves, accepting)
    with patch.object(automata, "_ACYCLIC_STATES", -1):
        refined = automata._classes(moves, accepting)
    pairs = set(zip(swept.tolist(), refined.tolist()))  # one pair a class: the same split
    assert len(pairs) == len(set(swept.tolist())) == len(set(refined.tolist()))


def _from_table(start, accepting, table):
    """:func:`~sudoku_models.core.automata.from_step` on a table of next
    states (the states it reaches, numbered breadth first, then
    minimized)."""
    from sudoku_models.core.automata import from_step

    return from_step(start, lambda q, v: table[q][v - 1] if table[q][v - 1] >= 0 else None,
                     lambda q: q in accepting, len(table[0]))


@settings(max_examples=100, deadline=None)
@given(_SMALL_DFA, st.integers(0, 2))
def test_hopcroft_finishes_what_a_few_of_moores_rounds_began(drawn, rounds):
    """The refinement past the numpy rounds (:func:`~sudoku_models.core.
    automata._hopcroft`) merges the same states, from any round on."""
    from unittest.mock import patch

    from sudoku_models.core import automata

    n, start, accepting, table = drawn
    with patch.object(automata, "_MOORE_ROUNDS", rounds):
        assert _from_table(start, accepting, table) == _moore(
            automata.Automaton(n, start, accepting, table))


def test_a_long_chain_of_states_minimizes_in_little_time():
    """Moore's refinement needs a round per state of a chain: a cyclic chain
    of 3,000 states took 10 s to read, 20,000 about 450 s (and an Or of 200
    cages, a chain of 800 positions, 6 s each time it was built)."""
    import time

    start = time.process_time()
    automaton = from_pattern("((.{100}){30})*", 9)
    assert automaton.states == 3000 and automaton.accepts([5] * 6000)
    assert not automaton.accepts([5] * 2999)
    assert time.process_time() - start < 2


def _words(side: int, most: int):
    """Every word of values ``1..side`` of up to ``most`` values."""
    from itertools import product

    for length in range(most + 1):
        yield from product(range(1, side + 1), repeat=length)


_SMALL_NFA = st.integers(1, 3).flatmap(lambda side: st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.just(side), st.integers(0, n - 1), st.frozensets(st.integers(0, n - 1)),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(1, side), st.integers(0, n - 1)),
             max_size=3 * n))))


@settings(max_examples=150, deadline=None)
@given(_SMALL_NFA)
def test_the_subset_construction_accepts_the_words_of_some_run(drawn):
    """:func:`~sudoku_models.core.automata._subsets` (numpy, a level at a
    time) against running every state of the finite automaton at once, on
    every word of up to five values."""
    side, start, accepting, transitions = drawn
    automaton = from_transitions(transitions, start, accepting, side)
    for word in _words(side, 5):
        states = {start}
        for value in word:
            states = {t for q, v, t in transitions if q in states and v == value}
        assert automaton.accepts(word) == bool(states & accepting), (drawn, word)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4).flatmap(lambda side: st.integers(1, 8).flatmap(lambda n: st.tuples(
    st.just(side), st.integers(0, n - 1), st.frozensets(st.integers(0, n - 1)),
    st.dictionaries(st.tuples(st.integers(0, n - 1), st.integers(1, side)),
                    st.integers(0, n - 1), max_size=n * side)))))
def test_deterministic_transitions_skip_the_subset_construction_to_the_same_automaton(drawn):
    """:func:`~sudoku_models.core.automata.from_transitions` of a
    deterministic automaton (read breadth first) against the subset
    construction of the same transitions: the same states, numbering and
    accepting states."""
    from sudoku_models.core import automata

    side, start, accepting, table = drawn
    transitions = [(q, v, t) for (q, v), t in table.items()]
    number = {start: 0}
    edges = [[] for _ in range(side)]
    for q, v, t in transitions:
        edges[v - 1].append((number.setdefault(q, len(number)), number.setdefault(t, len(number))))
    subsets = automata._subsets(frozenset([0]), edges,
                                frozenset(number[q] for q in accepting if q in number),
                                len(number), side)
    assert from_transitions(transitions, start, accepting, side) == subsets


_GUESS_TABLES = st.integers(1, 3).flatmap(lambda side: st.integers(1, 8).flatmap(lambda n: st.tuples(
    st.just(side), st.frozensets(st.integers(0, n - 1), min_size=1),
    st.frozensets(st.integers(0, n - 1)),
    st.lists(st.lists(st.integers(-1, n - 1), min_size=side, max_size=side),
             min_size=n, max_size=n))))


def _states_reaching_acceptance(automaton) -> set[int]:
    live = set(automaton.accepting)
    while grown := {q for q in range(automaton.states) if q not in live
                    and any(t in live for t in automaton.next[q])}:
        live |= grown
    return live


@settings(max_examples=100, deadline=None)
@given(_GUESS_TABLES, st.integers(-1, 0))
def test_an_automaton_on_guesses_accepts_the_words_some_guess_accepts(drawn, shift):
    """:func:`~sudoku_models.core.automata.from_guesses` against running each
    guess on its own (guesses named by strings, values read shifted)."""
    from sudoku_models.core.automata import from_guesses

    side, starts, accepting, table = drawn

    def step(guess, value):
        after = table[int(guess)][value - shift - 1]
        return None if after < 0 else str(after)

    automaton = from_guesses(sorted(map(str, starts)), step, lambda g: int(g) in accepting, side,
                             shift)
    for word in _words(side, 5):
        alive = set(starts)
        for value in word:
            alive = {table[g][value - 1] for g in alive} - {-1}
        assert automaton.accepts(word) == bool(alive & accepting), (drawn, word)


@settings(max_examples=100, deadline=None)
@given(_GUESS_TABLES, st.integers(0, 4))
def test_guesses_that_cannot_accept_in_the_values_left_are_left_out(drawn, longest):
    """:func:`~sudoku_models.core.automata.from_guesses` to words of
    ``longest`` values: right on every word up to that length, and every
    state it keeps reaches an accepting one (the subsets leave out the
    guesses that reach none within the values left: a lunchbox's automaton
    for a total of 29 on seven cells went from 788 states to 98)."""
    from sudoku_models.core.automata import from_guesses

    side, starts, accepting, table = drawn
    automaton = from_guesses(sorted(starts), lambda g, v: None if table[g][v - 1] < 0
                             else table[g][v - 1], accepting.__contains__, side, longest=longest)
    for word in _words(side, longest):
        alive = set(starts)
        for value in word:
            alive = {table[g][value - 1] for g in alive} - {-1}
        assert automaton.accepts(word) == bool(alive & accepting), (drawn, word)
    assert _states_reaching_acceptance(automaton) == set(range(automaton.states)) or \
        automaton.states == 1 and not automaton.accepting, drawn


@settings(max_examples=100, deadline=None)
@given(_SMALL_NFA)
def test_states_that_cannot_accept_are_left_out_of_a_finite_automaton(drawn):
    """:func:`~sudoku_models.core.automata.from_transitions`, deterministic
    or not: every state reaches an accepting one (an automaton of no word
    is one state without transitions)."""
    side, start, accepting, transitions = drawn
    automaton = from_transitions(transitions, start, accepting, side)
    assert _states_reaching_acceptance(automaton) == set(range(automaton.states)) or \
        (automaton.states, automaton.accepting) == (1, frozenset()), drawn


@settings(max_examples=100, deadline=None)
@given(_SMALL_NFA, st.integers(0, 4))
def test_the_layers_are_the_transitions_of_the_accepted_words(drawn, length):
    """:meth:`~sudoku_models.core.automata.Automaton.layers` (and their
    values, :meth:`~sudoku_models.core.automata.Automaton.masks`) against
    the runs of every accepted word of the length."""
    side, start, accepting, transitions = drawn
    automaton = from_transitions(transitions, start, accepting, side)
    used: list[set] = [set() for _ in range(length)]
    for word in _words(side, length):
        if len(word) == length and automaton.accepts(word):
            state = automaton.start
            for i, value in enumerate(word):
                after = automaton.next[state][value - 1]
                used[i].add((state, value, after))
                state = after
    assert [set(arcs) for arcs in automaton.layers(length)] == used
    assert all(list(arcs) == sorted(arcs) for arcs in automaton.layers(length))
    assert automaton.masks(length) == tuple(sum({1 << (v - 1) for _, v, _ in arcs})
                                            for arcs in used)



@settings(max_examples=100, deadline=None)
@given(_SMALL_NFA, st.integers(0, 4))
def test_a_line_diagram_accepts_the_words_of_its_length_on_live_states_only(drawn, length):
    """:func:`~sudoku_models.counter.line_diagrams.line_diagram` against the
    automaton it unrolls, on every word of up to ``length + 1`` values: the
    words of ``length`` values alike, no other; every transition on an
    accepted word (none leads nowhere) and as few states as Moore's
    refinement leaves."""
    from sudoku_models.core.automata import Automaton
    from sudoku_models.counter.line_diagrams import line_diagram

    side, start, accepting, transitions = drawn
    automaton = from_transitions(transitions, start, accepting, side)
    moves, accepts = line_diagram(automaton, length)
    diagram = Automaton(len(moves), 0, frozenset(np.flatnonzero(accepts).tolist()),
                        tuple(map(tuple, moves.tolist())))
    for word in _words(side, length + 1):
        assert diagram.accepts(word) == (len(word) == length and automaton.accepts(word)), word
    every = {(q, v, t) for q, row in enumerate(diagram.next) for v, t in enumerate(row, 1) if t >= 0}
    assert {arc for arcs in diagram.layers(length) for arc in arcs} == every
    assert _moore(diagram).states == diagram.states


@pytest.mark.parametrize("build, length", [
    (lambda: sandwich_automaton(18, 9), 9), (lambda: lunchbox_automaton(23, 9), 6),
    (lambda: sum_loop_automaton(10, 9, 4), 4)])
def test_a_line_diagram_merges_the_states_with_the_same_words_left(build, length):
    """States that differ on longer words but not on the line's rest are
    one state of the diagram (a sandwich row: 194 states on its accepted
    words, 157 once merged), and it accepts what the automaton does on
    words of the line's length (sampled)."""
    from sudoku_models.core.automata import Automaton
    from sudoku_models.counter.line_diagrams import line_diagram

    automaton = build()
    moves, accepts = line_diagram(automaton, length)
    diagram = Automaton(len(moves), 0, frozenset(np.flatnonzero(accepts).tolist()),
                        tuple(map(tuple, moves.tolist())))
    assert _moore(diagram).states == diagram.states
    rng = np.random.default_rng(length)
    for word in rng.integers(1, 10, (3000, length)).tolist():
        assert diagram.accepts(word) == automaton.accepts(word)
