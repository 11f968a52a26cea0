"""A renban's runs that one cell alone would have to fill twice
(``kernel._sole_holders``, issue 47): struck at the root as the
Interactive Sudoku Solver strikes them, and counts against brute force
on 4x4 grids with renban lines that cross houses."""

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, solve
from sudoku_models.core.geometry import Layout
from sudoku_models.core.line_kinds import Renban
from sudoku_models.core.rules import Rules
from sudoku_models.counter import kernel, kernel_tables
from sudoku_models.counter.core import new_control
from sudoku_models.errors import RulesError

from .variant_puzzles import brute_count

FOUR = Layout.square(2)
NINE = Layout.square(3)


def test_a_run_that_needs_two_values_of_one_cell_is_struck():
    """Hard renban 1's R3C3 R4C4 R5C5 with R6C4 = 1 and R4C5 = 2: R4C4 and
    R5C5 see both givens, so the run 1-2-3 would need R3C3 to hold 1 and
    2; the root keeps 2 and 3 there but not 1."""
    cell = {name: 9 * (int(name[1]) - 1) + int(name[3]) - 1 for name in
            ("R3C3", "R4C4", "R5C5", "R6C4", "R4C5")}
    rules = Rules(NINE, (Renban((cell["R3C3"], cell["R4C4"], cell["R5C5"])),))
    clues = np.zeros(81, np.int32)
    clues[cell["R6C4"]] = 1
    clues[cell["R4C5"]] = 2
    tables = kernel_tables.build_rules(rules)
    work = tables.workspace()
    kernel.count(clues, 2, 0, tables.identity, new_control(), np.zeros(81, np.int32),
                 tables.locked, work)
    root = int(work[kernel_tables.CAND][0][cell["R3C3"]])
    assert root & 0b110 == 0b110
    assert not root & 1


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), lines=st.integers(1, 3), share=st.floats(0.0, 0.4))
def test_renban_lines_count_as_brute_force(seed, lines, share):
    rng = np.random.default_rng(seed)
    full = solve(Puzzle(np.zeros((4, 4), int), FOUR), "backtracking").grid.ravel()
    full = rng.permutation(4)[full - 1] + 1  # the values renamed: another full grid
    constraints = tuple(Renban(tuple(rng.choice(16, int(rng.integers(2, 4)), replace=False)
                                     .tolist())) for _ in range(lines))
    try:
        rules = Rules(FOUR, constraints)
    except RulesError:
        assume(False)
    grid = np.where(rng.random(16) < share, full, 0).reshape(4, 4)
    puzzle = Puzzle(grid, rules)
    assume(not puzzle.conflicts())
    assert count_solutions(puzzle, "backtracking", limit=None) == brute_count(puzzle)


def test_a_renban_arc_between_peers_allows_no_equal_values():
    """Two cells of one row on a renban, and two of a renban that share no
    house: their arcs (``kernel_tables._arcs``) support a value only by
    another, as the Interactive Sudoku Solver's renban table holds
    ``a != b`` (a renban's cells all differ)."""
    rules = Rules(NINE, (Renban((0, 1)), Renban((0, 10, 20, 30))))
    tables = kernel_tables.build_rules(rules)
    arcs = zip(tables.locked[kernel_tables.ARC_FROM].tolist(),
               tables.locked[kernel_tables.ARC_TO].tolist(),
               tables.locked[kernel_tables.ARC_ALLOWED])
    allowed = {(a, b): row for a, b, row in arcs}
    for v in range(9):
        assert not allowed[0, 1][v] >> v & 1
        assert not allowed[1, 0][v] >> v & 1
        assert not allowed[0, 30][v] >> v & 1  # R1C1, R4C4: no house shared
