"""The SAT formulations: every grid verified on real datasets, both clue
modes, every accepted PySAT solver, time limits, counting by blocking clauses
against the counter and CP-SAT, DIMACS export read back by another solver."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, Status, read_puzzles, solve, solve_many, verify
from sudoku_models import count_solutions as count_by
from sudoku_models.formulations.binary.model import binary_model
from sudoku_models.formulations.sat.encoding import rule_clauses
from sudoku_models.errors import CountIncomplete
from sudoku_models.registry import SAT_SOLVERS
from sudoku_models.formulations.sat.pysat_model import (
    SatExtendedFormulation,
    SatMinimalFormulation,
)

from .helpers import DATASETS, SEED_STRING, holes, pattern_grid

SAT = {"sat-minimal": SatMinimalFormulation, "sat-extended": SatExtendedFormulation}
TOP95 = read_puzzles(DATASETS / "top95.txt")
# no clue repeats (repeated clues never reach a solver: test_formulations), no solution:
# r9c1 must be column 1's 9, row 9 has it; r1c9 must be row 1's 9, column 9 has it
UNSOLVABLE = [Puzzle.from_string("".join(f"{r}........" for r in range(1, 9)) + ".9......."),
              Puzzle.from_string("12345678." + "........9" + "." * 63)]


def all_verified(puzzles, results) -> bool:
    return all(r.status is Status.OPTIMAL and verify(p, r.grid) for p, r in zip(puzzles, results))


@pytest.mark.parametrize("method", SAT)
@pytest.mark.parametrize("clues", ["assumptions", "units"])
def test_top95_every_grid_verified(method, clues):
    assert all_verified(TOP95, solve_many(TOP95, method, clues=clues))


@pytest.mark.parametrize("method", SAT)
def test_seventeen_clue_sample_verified(method):
    puzzles = read_puzzles(DATASETS / "17clue.txt")[:60]
    assert all_verified(puzzles, solve_many(puzzles, method))


@pytest.mark.slow
@pytest.mark.parametrize("method", SAT)
def test_first_500_seventeen_clue_verified(method):
    puzzles = read_puzzles(DATASETS / "17clue.txt")[:500]
    assert all_verified(puzzles, solve_many(puzzles, method))


@pytest.mark.parametrize("solver", SAT_SOLVERS)
def test_every_accepted_solver_solves_and_reports_itself(solver):
    puzzles = [Puzzle.from_string(SEED_STRING), *UNSOLVABLE, TOP95[0]]
    results = list(solve_many(puzzles, "sat-minimal", solver=solver))
    assert [r.status for r in results] == [Status.OPTIMAL, Status.INFEASIBLE, Status.INFEASIBLE,
                                           Status.OPTIMAL]
    assert verify(puzzles[0], results[0].grid) and verify(puzzles[3], results[3].grid)
    assert results[0].solver.endswith(solver)
    assert set(results[3].stats) == {"decisions", "conflicts", "propagations"}


@pytest.mark.parametrize("method", SAT)
@pytest.mark.parametrize("clues", ["assumptions", "units"])
def test_unsolvable_clues_are_infeasible_between_solvable_ones(method, clues):
    # the clues of an infeasible puzzle must not stay in a reused solver
    puzzles = [TOP95[1], *UNSOLVABLE, TOP95[2]]
    statuses = [r.status for r in solve_many(puzzles, method, clues=clues)]
    assert statuses == [Status.OPTIMAL, Status.INFEASIBLE, Status.INFEASIBLE, Status.OPTIMAL]


@pytest.mark.parametrize("solver", ["cadical195", "glucose4"])  # budget slices, interrupt()
def test_time_limit_gives_time_limit_and_the_solver_serves_on(solver):
    model = SatMinimalFormulation(5, solver=solver, time_limit=0.002)
    stopped = model.solve(Puzzle.from_grid(np.zeros((25, 25), dtype=int)))
    assert stopped.status is Status.TIME_LIMIT and stopped.grid is None
    assert stopped.solve_seconds < 1.0
    model.time_limit = 60
    easy = holes(pattern_grid(5), 0.4, seed=5)
    assert verify(easy, model.solve(easy).grid)


def test_extended_encoding_needs_less_search_than_minimal():
    # Lynce and Ouaknine: the redundant clauses let propagation do the work
    decisions = {m: sum(r.stats["decisions"] for r in solve_many(TOP95[:30], m, clues="units"))
                 for m in SAT}
    assert decisions["sat-extended"] < decisions["sat-minimal"]


@pytest.mark.parametrize("order", [2, 3, 4])
def test_clause_counts(order):
    s = order * order
    pairs = s * (s - 1) // 2
    model = binary_model(order)
    for cls, at_least, at_most in [(SatMinimalFormulation, 1, 3), (SatExtendedFormulation, 4, 4)]:
        size = cls(order).size()
        assert (size.variables, size.constraints, size.nonzeros) == (
            s**3, s * s * (at_least + at_most * pairs),
            s * s * (at_least * s + at_most * 2 * pairs))
        assert violated(order, cls.encoding, pattern_grid(order)) == 0
        wrong = pattern_grid(order)
        wrong[0, 0] = wrong[0, 1]  # a repeated value in row 1 and box 1, one missing
        assert violated(order, cls.encoding, wrong) > 0
    # the extended encoding is the minimal one plus cell at-most-one and house at-least-one
    clause_sets = {e: {tuple(c) for block in rule_clauses(order, e) for c in block.tolist()}
                   for e in ("minimal", "extended")}
    extra = clause_sets["extended"] - clause_sets["minimal"]
    assert clause_sets["minimal"] < clause_sets["extended"]
    cells = [set(model.cell_value(np.abs(c) - 1)[0] * s + model.cell_value(np.abs(c) - 1)[1])
             for c in map(np.array, extra) if len(c) == 2]
    assert len(cells) == s * s * pairs and all(len(cell) == 1 for cell in cells)
    assert sum(len(c) == s for c in extra) == 3 * s * s


def falsified(order: int, encoding: str, true: set[int]) -> int:
    """Clauses of the encoding falsified when exactly the literals in ``true`` hold."""
    count = 0
    for block in rule_clauses(order, encoding):
        holds = np.vectorize(lambda lit: (lit in true) if lit > 0 else (-lit not in true))(block)
        count += int((~holds.any(axis=1)).sum())
    return count


def violated(order: int, encoding: str, grid: np.ndarray) -> int:
    model = binary_model(order)
    return falsified(order, encoding,
                           set((model.var(*np.indices(grid.shape), grid - 1) + 1).ravel().tolist()))


def test_units_mode_size_counts_the_clue_clauses(seed_puzzle):
    units = solve(seed_puzzle, "sat-minimal", clues="units").size
    assumed = solve(seed_puzzle, "sat-minimal").size
    assert units.constraints == assumed.constraints + seed_puzzle.num_clues


def test_bad_options_raise_value_error(seed_puzzle):
    with pytest.raises(ValueError, match="solver must be one of cadical195"):
        solve(seed_puzzle, "sat-minimal", solver="kissat404")
    with pytest.raises(ValueError, match="clues must be one of assumptions, units"):
        solve(seed_puzzle, "sat-extended", clues="cells")
    with pytest.raises(ValueError, match=r"of 4x4 \(2x2 boxes\), the puzzle of 9x9 \(3x3 boxes\)"):
        SatMinimalFormulation(2).solve(seed_puzzle)


# -- counting ----------------------------------------------------------------


def random_partial_grid(order: int, seed: int, keep: float) -> Puzzle:
    """A random valid grid (digits, rows within bands and bands permuted),
    with about ``keep`` of its cells kept, sometimes with a wrong clue."""
    rng = np.random.default_rng(seed)
    n, s = order, order * order
    grid = rng.permutation(s)[pattern_grid(order) - 1] + 1
    rows = np.concatenate([band * n + rng.permutation(n) for band in rng.permutation(n)])
    grid = grid[rows][:, rows if seed % 2 else np.arange(s)].T
    grid = np.where(rng.random((s, s)) < keep, grid, 0)
    if seed % 5 == 0:
        grid[0, 0] = rng.integers(1, s + 1)  # sometimes a clue that leaves no solution
    return Puzzle.from_grid(grid)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3]))
def test_counts_agree_with_the_counter_and_cp_sat(seed, order):
    puzzle = random_partial_grid(order, seed, keep=0.45 if order == 2 else 0.5)
    limit = None if order == 2 else 40
    expected = count_by(puzzle, method="backtracking", limit=limit)
    assert count_by(puzzle, method="cp", limit=limit) == expected
    for cls in SAT.values():
        assert cls(order).count_solutions(puzzle, limit=limit) == expected


def test_empty_four_by_four_has_288_and_limits_stop():
    empty = Puzzle.from_string("." * 16)
    for cls in SAT.values():
        assert cls(2).count_solutions(empty, limit=None) == 288
        assert cls(2).count_solutions(empty, limit=5) == 5
        assert cls(3).count_solutions(UNSOLVABLE[0]) == 0


@pytest.mark.parametrize("clues", ["assumptions", "units"])
def test_blocking_clauses_do_not_leak_into_the_next_puzzle(clues):
    model = SatExtendedFormulation(2, clues=clues)
    empty = Puzzle.from_string("." * 16)
    assert model.count_solutions(empty, limit=None) == 288
    result = model.solve(empty)  # every grid was blocked during the count
    assert result.status is Status.OPTIMAL and verify(empty, result.grid)
    assert model.count_solutions(empty, limit=None) == 288


def test_count_cut_short_by_the_time_limit():
    model = SatMinimalFormulation(4, time_limit=0.3)
    with pytest.raises(CountIncomplete) as stopped:
        model.count_solutions(Puzzle.from_grid(np.zeros((16, 16), dtype=int)), limit=None)
    assert stopped.value.reason == "time limit" and stopped.value.lower_bound >= 0


# -- DIMACS export -----------------------------------------------------------


@pytest.mark.parametrize("method", SAT)
def test_exported_cnf_solves_with_glucose_to_a_verified_grid(method, tmp_path):
    from pysat.formula import CNF
    from pysat.solvers import Glucose4

    puzzle = TOP95[3]
    path = SAT[method](3).export(puzzle, tmp_path / "p.cnf")
    text = path.read_text()
    assert "c 1 x_r1_c1_v1\n" in text and "c 729 x_r9_c9_v9\n" in text
    assert "c 14 x_r1_c2_v5\n" in text  # (row 1, column 2, value 5) -> (0*9 + 1)*9 + 4 + 1
    cnf = CNF(from_file=str(path))
    rules = SAT[method](3).size().constraints
    assert cnf.nv == 729 and len(cnf.clauses) == rules + puzzle.num_clues
    with Glucose4(bootstrap_with=cnf.clauses) as glucose:
        assert glucose.solve()
        model = np.asarray(glucose.get_model())
    grid = binary_model(3).solution_grid(model[model > 0] - 1)
    assert verify(puzzle, grid)


def test_exported_cnf_of_unsolvable_clues_is_unsatisfiable(tmp_path):
    from pysat.formula import CNF
    from pysat.solvers import Glucose4

    path = SatMinimalFormulation(3).export(UNSOLVABLE[1], tmp_path / "u.cnf")
    with Glucose4(bootstrap_with=CNF(from_file=str(path)).clauses) as glucose:
        assert glucose.solve() is False


def test_export_rejects_other_formats(seed_puzzle, tmp_path):
    assert SatMinimalFormulation.info().export_formats == ("cnf",)
    with pytest.raises(ValueError, match="method 'sat-minimal' cannot export its model as 'lp'"):
        SatMinimalFormulation(3).export(seed_puzzle, tmp_path / "p.lp", fmt="lp")


@pytest.mark.parametrize("solver", ["cadical195", "glucose4"])
def test_ctrl_c_stops_the_search_and_the_model_serves_on(solver):
    import os
    import signal
    import threading

    model = SatMinimalFormulation(5, solver=solver)
    empty = Puzzle.from_grid(np.zeros((25, 25), dtype=int))
    model.build(empty)
    hard = holes(pattern_grid(5), 0.9, seed=1)  # few clues: search for seconds, if not stopped
    timer = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))  # a real Ctrl-C
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in range(50):  # until the interrupt lands inside a search
                model.solve(empty)
                model.solve(hard)
    finally:
        timer.cancel()
    easy = holes(pattern_grid(5), 0.4, seed=5)
    assert verify(easy, model.solve(easy).grid)


def test_arrow_tuples_are_every_assignment_the_rules_allow(monkeypatch):
    """The SAT encoding's arrow tuples against brute force over all value
    tuples at 6x6 (cells in one house differ, the circle holds the sum); too
    many tuples is a ValueError naming the arrow."""
    from itertools import product

    from sudoku_models.formulations.sat import variant_clauses as sat
    from sudoku_models.core.geometry import Layout
    from sudoku_models.core.cell_kinds import Arrow, Parity
    from sudoku_models.core.rules import Rules

    layout = Layout.boxes(2, 3)
    arrow = Arrow(0, (1, 7, 13))  # r1c1 circle; r1c2 (its row and box), r2c2, r3c2 (its column)
    rules = Rules(layout, (arrow, Parity((7,), "even")))
    cells = (*arrow.cells, arrow.circle)
    expected = [values for values in product(range(1, 7), repeat=4)
                if sum(values[:3]) == values[3] and values[1] % 2 == 0
                and all(values[i] != values[j] for i in range(4) for j in range(i + 1, 4)
                        if rules.peer_matrix[cells[i], cells[j]])]
    assert sorted(sat.arrow_tuples(arrow, rules)) == sorted(expected) and expected
    monkeypatch.setattr(sat, "MAX_ARROW_TUPLES", len(expected) - 1)
    with pytest.raises(ValueError, match="arrow r1c1.*value tuples"):
        sat.arrow_tuples(arrow, rules)
