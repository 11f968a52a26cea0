"""The rule of 45 in the binary models (``rule45=True``): every innie and
outie row holds at a known solution (TAREK #1's published one), the counts
of random killers stay what the compiled counter counts, and the rows
tighten the LP relaxation without cutting off the solution."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import count_solutions, verify
from sudoku_models.formulations.binary.variant_rows import binary_rules
from sudoku_models.core.geometry import Layout
from sudoku_models.solving import make_method
from sudoku_models.core.sum_rules import derived_sums

import benchmarks.killer_formulations.run as RUN
from benchmarks.studykit.random_costs import random_costs

from .test_cage_rules import _random_killer
from .test_killer_formulations import SOLUTION_1, TAREK_1


def _values(described, grid: np.ndarray) -> np.ndarray:
    """The binary model's variables at ``grid``, each digit-set binary 1
    when its (virtual) cage holds exactly its digits there (read from the
    rows: ``sum_c x[c, k] - sum_{S holds k} y_S = 0``)."""
    side = grid.shape[0]
    x = np.zeros(side**3 + len(described.extra))
    flat = grid.ravel()
    x[np.arange(side * side) * side + flat - 1] = 1
    digits, cells = {}, {}  # y -> the digits its set holds; y -> its cage's cells
    for row in described.rows:
        if row.family.endswith("sets") and row.lower == row.upper == 0:
            k = row.label.rsplit("_v", 1)[1]
            ys = row.variables[row.coefficients < 0]
            xs = row.variables[(row.coefficients > 0) & (row.variables < side**3)]
            for y in ys.tolist():
                digits.setdefault(y, set()).add(int(k))
                cells[y] = set((xs // side).tolist())
    for y, held in digits.items():
        x[y] = set(flat[sorted(cells[y])].tolist()) == held
    return x


@pytest.mark.parametrize("cage", ["sum", "sets"])
def test_every_rule45_row_holds_at_tareks_solution(cage):
    puzzle = RUN.short_killer(TAREK_1)
    grid = np.array([int(d) for d in SOLUTION_1]).reshape(9, 9)
    described = binary_rules(puzzle.rules, cage=cage, rule45=True)
    families = described.families()
    assert {"rule45"} <= set(families) and (cage == "sum") == ("rule45-sets" not in families)
    x = _values(described, grid)
    for row in described.rows:
        value = float(x[row.variables] @ row.coefficients)
        assert (row.lower is None or value >= row.lower) and \
            (row.upper is None or value <= row.upper), row.label
    assert not x[described.zeros].any()
    # the virtual cages: as many as the derived sums whose cells all differ
    peers = puzzle.rules.peer_matrix
    distinct = [s for s in derived_sums(puzzle.rules)
                if all(peers[a, b] for a in s.cells for b in s.cells if a != b)]
    assert len(families.get("rule45-sets", [])) == (sum(1 + 9 for _ in distinct)
                                                     if cage == "sets" else 0)


def test_rule45_tightens_the_lp_relaxation_of_tarek_1():
    puzzle = RUN.short_killer(TAREK_1)
    grid = np.array([int(d) for d in SOLUTION_1]).reshape(9, 9)
    cost = random_costs(0)
    r, c = np.indices(grid.shape)
    best = cost[r, c, grid - 1].sum()
    bounds = [make_method("milp", puzzle.rules, cage="sets", rule45=flag)
              .lp_relaxation(puzzle, cost).bound for flag in (False, True)]
    assert bounds[0] + 1 < bounds[1] <= best + 1e-6


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["sum", "sets"]))
def test_rule45_counts_random_killers_as_the_counter(seed, cage):
    rng = np.random.default_rng(seed)
    puzzle = _random_killer(Layout.boxes(2, 3), rng, 0.2)
    expected = min(count_solutions(puzzle, "backtracking", limit=None), 20)
    for method in ("milp", "cp-bool"):
        assert count_solutions(puzzle, method, limit=20, time_limit=60, cage=cage,
                               rule45=True) == expected, method
        if expected:
            assert verify(puzzle, make_method(method, puzzle.rules, cage=cage, rule45=True)
                          .solve(puzzle).grid)


@pytest.mark.parametrize("method", ["milp", "matrix", "cp-bool"])
def test_a_derived_sum_no_digit_set_fills_makes_the_model_infeasible_not_an_error(method):
    """Two 1s in column 4: the rule of 45 derives sums over those cages
    whose totals no digit set reaches, so their digit-set rows have no
    binary at all (``0 = 1``); every binary model must report the puzzle
    INFEASIBLE (Pyomo refused the constant row, an error, before)."""
    from sudoku_models.formats.puzzle_text import read_puzzle

    puzzle = read_puzzle(".Shape~4x4.Cage~1~R4C4.Cage~1~R3C4")
    assert count_solutions(puzzle, "backtracking", limit=None) == 0
    model = make_method(method, puzzle.rules, cage="sets", rule45=True)
    assert model.solve(puzzle).status.name == "INFEASIBLE"
    assert count_solutions(puzzle, method, limit=None, cage="sets", rule45=True) == 0
