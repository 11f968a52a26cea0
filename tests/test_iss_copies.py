"""Every isomorphic copy (:func:`sudoku_models.symmetry.copies`) written as
the Interactive Sudoku Solver's constraint string: the kinds a move (or the
values 0..N-1) turns into what the solver has no item of the same name for
are written in another item that means the same (a greater-than whose cells
no longer touch: a thermometer of two cells; clones: ``SameValues``; a
regular line given by transitions: the solver's serialized ``NFA``), and
read back to the copy's solutions."""

from __future__ import annotations

import base64
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, verify
from sudoku_models.core.automata import Automaton
from sudoku_models.core.cell_kinds import (Candidates, Clone, GreaterThan, Parity, Region,
                                           Thermometer)
from sudoku_models.core.geometry import Layout
from sudoku_models.core.line_kinds import Quadruple, Regular
from sudoku_models.core.rules import Rules
from sudoku_models.core.value_range import ONE_TO_N, as_regular
from sudoku_models.formats.iss import _nfa, _nfa_code, to_iss
from sudoku_models.formats.puzzle_text import read_puzzle
from sudoku_models.symmetry import copies

from .test_value_range import all_grids


def _regex(pattern: str) -> str:
    return base64.urlsafe_b64encode(pattern.encode()).decode().rstrip("=")


# 4x4 puzzles whose copies to_iss refused: (string, an item some copy is written with)
LEFT_OUT = {
    "greater apart": (".Shape~4x4.GreaterThan~R1C2~R1C3.GreaterThan~R2C1~R3C1.~R4C4_2",
                      ".Thermo~"),
    "clones": (".Shape~4x4.SameValues~2~R1C1~R4C4.SameValues~3~R1C2~R2C4~R3C1.~R2C2_3",
               ".SameValues~2~"),
    "value indexing": (".Shape~4x4.ValueIndexing~R1C1~R1C2~R1C3~R1C4~R2C4.~R3C3_1", ".NFA~"),
    "look and say": (".Shape~4x4.LookAndSay~1203~R1C1~R2C2~R3C3~R4C4~R1C2", ".NFA~"),
    "regex relabelled": (f".Shape~4x4.Regex~{_regex('1[23]*4?')}~R1C1~R2C1~R3C1", ".NFA~"),
    "dutch flatmates": (".Shape~4x4.DutchFlatmates.~R1C1_1", ".NFA~"),
    "arrow in 0..3": (".Shape~4x4~0-3.Arrow~R1C1~R1C2~R2C1.~R4C4_0", ".NFA~"),
    "skyscraper in 0..3": (".Shape~4x4~0-3.Skyscraper~R2~3~.Sum~3~R3C3~R4C4", ".NFA~"),
}


def solutions(puzzle: Puzzle) -> set[tuple[int, ...]]:
    """The 4x4 grids (1..4 inside) that solve ``puzzle``."""
    return {tuple(g) for g in all_grids() + 1 if verify(puzzle, g.reshape(4, 4))}


@pytest.mark.parametrize("name", sorted(LEFT_OUT))
def test_every_copy_is_written_and_reads_back_to_the_copys_solutions(name):
    text, item = LEFT_OUT[name]
    moved = copies(read_puzzle(text), 8, seed=0)
    assert len(moved) == 8
    written = [to_iss(m.puzzle) for m in moved]  # once: a PuzzleFormatError for most
    assert any(item in string for string in written[1:])
    for m, string in zip(moved, written):
        found = solutions(m.puzzle)
        assert found and len(found) < 288
        assert solutions(read_puzzle(string)) == found, (m.index, string)


def test_a_greater_than_apart_is_a_two_cell_thermometer_and_a_clone_same_values():
    layout = Layout.for_side(4)
    rules = Rules(layout, (GreaterThan((1, 11)), GreaterThan((0, 1)), Clone((0, 2), (15, 13))))
    text = to_iss(Puzzle(np.zeros((4, 4), dtype=int), rules))
    assert text == (".Shape~4x4.Thermo~R3C4~R1C2.GreaterThan~R1C1~R1C2"
                    ".SameValues~2~R1C1~R4C4.SameValues~2~R1C3~R4C2")
    back = read_puzzle(text).rules.constraints
    assert back == (Thermometer((11, 1)), GreaterThan((0, 1)), Clone((0,), (15,)),
                    Clone((2,), (13,)))


@pytest.mark.parametrize("pattern, side, code", [
    ("1[23]*4", 4, "RNQwdSA"),  # packed: deterministic, the shorter form
    ("[1-9]*5[1-9]*", 9, "Qjf8If__gA"),
])
def test_the_nfa_item_is_what_the_solvers_serializer_writes(pattern, side, code):
    """The strings the solver's ``NFASerializer.serialize`` writes for its
    ``regexToNFA`` of these patterns (``js/nfa_builder.js``, run on node)."""
    line = Regular((0, 1, 2), pattern=pattern)
    assert _nfa_code(as_regular(line.cells, line.automaton(side)), Layout.for_side(side),
                     ONE_TO_N) == code


def same_language(a: Automaton, b: Automaton) -> bool:
    """Whether two automata over the same values accept the same words of
    one value or more (a line's): no pair of states reached together by
    such a word, -1 for none, where one accepts and the other does not."""
    def after(p, q):
        return [(a.next[p][v] if p >= 0 else -1, b.next[q][v] if q >= 0 else -1)
                for v in range(a.side)]

    todo = after(a.start, b.start)
    seen = set(todo)
    while todo:
        p, q = todo.pop()
        if (p in a.accepting) != (q in b.accepting):
            return False
        for pair in after(p, q):
            if pair not in seen:
                seen.add(pair)
                todo.append(pair)
    return True


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10).flatmap(lambda n: st.tuples(
    st.sets(st.tuples(st.integers(0, n - 1), st.integers(1, 6), st.integers(0, n - 1)),
            min_size=1, max_size=3 * n),
    st.integers(0, n - 1), st.sets(st.integers(0, n - 1), min_size=1))))
def test_a_written_automaton_reads_back_to_the_same_language(automaton):
    """Both forms (packed where deterministic and shorter, else plain),
    read by the reader of the solver's items; a language without a word
    of one value or more too."""
    transitions, start, accepting = automaton
    line = Regular((0, 1, 2), transitions=tuple(sorted(transitions)), start=start,
                   accepting=tuple(sorted(accepting)))
    back = Regular((0, 1, 2), **dict(zip(("transitions", "start", "accepting"), _nfa(
        _nfa_code(line, Layout.for_side(6), ONE_TO_N), 6, "test"))))
    assert same_language(line.automaton(6), back.automaton(6))


def _normal(puzzle: Puzzle) -> tuple[Counter, list[Regular]]:
    """The constraints in one form each where two items say the same: a
    greater-than as a thermometer, clones a cell at a time, candidates and
    parity as each cell's values, regions without their names, a
    quadruple's cells in order; the regular
    lines apart."""
    found, lines = Counter(), []
    values = range(1, puzzle.layout.values + 1)
    for c in puzzle.constraints:
        if isinstance(c, Regular):
            lines.append(c)
        elif isinstance(c, GreaterThan):
            found[Thermometer(c.cells[::-1])] += 1
        elif isinstance(c, Clone):
            found.update(Clone((a,), (b,)) for a, b in zip(c.cells, c.clones))
        elif isinstance(c, Candidates):
            found.update(("values", cell, frozenset(c.values)) for cell in c.cells)
        elif isinstance(c, Region):  # a moved diagonal keeps its name, written without
            found[replace(c, name="")] += 1
        elif isinstance(c, Quadruple):  # its square from any corner
            found[replace(c, cells=tuple(sorted(c.cells)))] += 1
        elif isinstance(c, Parity):
            found.update(("values", cell, frozenset(v for v in values
                                                     if v % 2 == (c.parity == "odd")))
                         for cell in c.cells)
        else:
            found[c] += 1
    return found, lines


def assert_same_puzzle(back: Puzzle, puzzle: Puzzle) -> None:
    """``back`` says what ``puzzle`` says: the same grid, layout and
    values, the same constraints (:func:`_normal`), each regular line's
    language the same on the same cells."""
    assert np.array_equal(back.grid, puzzle.grid)
    assert (back.layout, back.values) == (puzzle.layout, puzzle.values)
    (found, lines), (wanted, wanted_lines) = _normal(back), _normal(puzzle)
    extra, missing = found - wanted, wanted - found  # small: pytest's diff of the whole is slow
    assert not extra and not missing, (extra, missing)
    assert len(lines) == len(wanted_lines)
    side = puzzle.layout.values
    for line in wanted_lines:
        match = next((other for other in lines if other.cells == line.cells and same_language(
            other.automaton(side), line.automaton(side))), None)
        assert match is not None, line
        lines.remove(match)


def test_the_shipped_strings_copies_read_back_to_themselves():
    """The solver's puzzles the tests ship (11, six of them with more
    values than cells in a house), three copies each."""
    from .test_more_values import ISS

    for name, (text, _) in ISS.items():
        for m in copies(read_puzzle(text), 3, seed=0):
            assert_same_puzzle(read_puzzle(to_iss(m.puzzle)), m.puzzle)
