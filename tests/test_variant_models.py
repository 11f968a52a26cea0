"""Every method models the variant constraint kinds its registry entry
claims: each answer checked by the independent checker (``verify``, the
rules' definitions), each count against brute force (4x4) or the compiled
counter (6x6), and every formulation option (``cage``, ``order``, ``arrow``,
``prune``; CP's ``cage="table"``, ``rule45=True``) gives the same answers."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_models import METHODS, Puzzle, count_solutions, solve, verify
from sudoku_models.core.geometry import Layout
from sudoku_models.errors import UnsolvablePuzzle
from sudoku_models.registry import needed_kinds
from sudoku_models.core.constraint import KINDS
from sudoku_models.core.cell_kinds import Cage

from .variant_puzzles import brute_count, random_rules, variant_puzzle

LAYOUTS = {"4x4": Layout.square(2), "6x6": Layout.boxes(2, 3)}
CONFIGURATIONS = [(m, {}) for m, info in METHODS.items() if info.kinds and m != "backtracking"]
CONFIGURATIONS += [("cp", {"cage": "table"}), ("cp", {"rule45": True})]
FORMS = ("cage", "order", "arrow")  # the formulation options of a constraint kind


def other_forms(method: str) -> dict:
    """Each formulation option of ``method`` at the last value its registry
    entry allows (the first is the default): ``cage="sets"`` for the binary
    models and ``cp``, ``cage="totalizer"`` for SAT, ``order="cumulative"``..."""
    return {key: METHODS[method].options[key][-1] for key in FORMS
            if key in METHODS[method].options}


CONFIGURATIONS += [(m, other_forms(m)) for m, info in METHODS.items()
                   if info.kinds and other_forms(m)]
CONFIGURATIONS += [(m, {"prune": False}) for m, info in METHODS.items() if "prune" in info.options]


def reference_count(puzzle: Puzzle) -> int:
    """Brute force over every grid at 4x4; the compiled counter at 6x6."""
    if puzzle.side == 4:
        return brute_count(puzzle)
    return count_solutions(puzzle, "backtracking", limit=None)


SLOW_CASES = {("region", "6x6")}
"""The slowest case: 28 s in a fresh clone's suite with empty caches
(compiling included), 6.6 s warm, where the next is 9 s cold; run with
``-m slow`` to keep the suite under 10 minutes. ``region`` on 4x4,
against brute force, stays in the suite."""


@pytest.mark.parametrize("kind,layout", [
    pytest.param(kind, layout, marks=[pytest.mark.slow] * ((kind, layout) in SLOW_CASES))
    for kind in KINDS for layout in LAYOUTS])
def test_every_claimed_kind_solves_and_counts_as_the_reference(kind, layout):
    try:
        puzzle = variant_puzzle(kind, LAYOUTS[layout], 1)
    except ValueError:
        pytest.skip(f"no {layout} grid holds {kind}")
    expected = reference_count(puzzle)
    for method, options in CONFIGURATIONS:
        if not set(needed_kinds(puzzle.rules)) <= set(METHODS[method].kinds):
            continue
        result = solve(puzzle, method, time_limit=30, **options)
        if expected:
            assert verify(puzzle, result.grid), (method, options, result.status)
        else:
            assert result.status.name == "INFEASIBLE", (method, options, result.status)
        if METHODS[method].can_count:  # matching solves but does not count
            assert count_solutions(puzzle, method, limit=None, time_limit=60, **options) \
                == expected, (method, options)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), layout=st.sampled_from(list(LAYOUTS)),
       share=st.floats(0.3, 0.7))
def test_random_mixes_of_constraints_count_alike_across_methods(seed, layout, share):
    """Several kinds at once, drawn to hold on a random grid: every
    modelling method counts what the reference counts (up to 20); a method
    that cannot count finds a solution exactly when there is one."""
    rng = np.random.default_rng(seed)
    layout = LAYOUTS[layout]
    full = solve(Puzzle(np.zeros((layout.side, layout.side), int), layout), "backtracking").grid
    rules = random_rules(layout, full.ravel(), rng, int(rng.integers(1, 4)))
    grid = np.where(rng.random(full.shape) < share, full, 0)
    puzzle = Puzzle(grid, rules)
    expected = min(reference_count(puzzle), 20)
    for method, options in CONFIGURATIONS:
        if not set(needed_kinds(rules)) <= set(METHODS[method].kinds):
            continue
        if method in ("milp", "matrix"):  # no-good cuts: slow beyond a few solutions
            if expected > 5:
                continue
        if not METHODS[method].can_count:  # matching: a solution that verifies, or none
            if puzzle.conflicts():  # a drawn region repeats two clues: named before solving
                assert expected == 0
                with pytest.raises(UnsolvablePuzzle, match="the clues repeat"):
                    solve(puzzle, method, time_limit=60, **options)
                continue
            result = solve(puzzle, method, time_limit=60, **options)
            assert verify(puzzle, result.grid) if expected else result.status.name == "INFEASIBLE"
            continue
        assert count_solutions(puzzle, method, limit=20, time_limit=60, **options) == expected, \
            (method, options, [c.kind for c in rules.constraints])


def test_a_killer_cage_table_holds_every_assignment_and_nothing_else():
    from itertools import product

    from sudoku_models.formulations.cp.integer import cage_table

    table = set(cage_table(3, 10, 9))
    brute = {t for t in product(range(1, 10), repeat=3) if len(set(t)) == 3 and sum(t) == 10}
    assert table == brute and len(table) == 24  # {1,2,7} {1,3,6} {1,4,5} {2,3,5}, 6 orders each
    killer = Puzzle(np.zeros((4, 4), int), 2, constraints=[Cage((0, 1), 3), Cage((2, 3), 7)])
    assert count_solutions(killer, "cp", limit=None, cage="table") == brute_count(killer)


@pytest.mark.parametrize("method, options",
                         [(m, options) for m, info in METHODS.items()
                          if "cage-total" in info.kinds and info.export_formats
                          for options in ({}, other_forms(m))])
def test_a_variant_model_exports_and_reads_back_to_a_verified_grid(method, options, tmp_path):
    """Each format a method writes holds the variant's constraints: another
    tool (HiGHS, CP-SAT, Glucose) reads it back and solves it to a grid
    that ``verify`` accepts against the variant's rules (a unique killer, so
    a file without its cages would most likely give another grid)."""
    from sudoku_models import export

    from .test_registry_claims import READ_BACK

    killer = Puzzle(np.zeros((6, 6), int), Layout.boxes(2, 3),
                    constraints=[Cage((0, 1), 3), Cage((2, 3, 8), 15), Cage((6, 12), 9),
                                 Cage((14, 15, 21), 7), Cage((28, 29), 11),
                                 Cage((24, 30, 31), 12), Cage((34, 35), 5)])
    for fmt in METHODS[method].export_formats:
        path = export(killer, method, tmp_path / f"model.{fmt}", **options)
        assert verify(killer, READ_BACK[fmt](path, 6)), (method, options, fmt)
