"""Every claim the registry makes holds, on small puzzles: each option and each
value it allows (solver names included) solves; each method that says it
counts counts right (against the compiled counter) with every option value,
and one that does not refuses; each export format it lists is written with
every option value and read back by another tool to the verified grid, and
every other format is refused; each layout kind it lists (square, rectangular
boxes, jigsaw, Latin square) solves and counts, the others are refused;
``seeded`` methods depend on the seed and the others do not. A claim that
drifts from the code fails here."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from sudoku_models import METHODS, Puzzle, count_solutions, export, solve, verify
from sudoku_models.model_files import SUFFIXES
from sudoku_models.formulations.parameters import SolverOptionError
from sudoku_models.core.geometry import Layout
from sudoku_models.registry import LAYOUT_KINDS, CapabilityError, layout_kind, method_class
from sudoku_models.solving import make_method

from .helpers import holes, pattern_grid

UNIQUE = holes(pattern_grid(2), 0.55, seed=1)  # 4x4, one solution (checked below)
SEVERAL = holes(pattern_grid(2), 0.7, seed=3)  # 4x4, several solutions
FORMATS = sorted(set(SUFFIXES.values()))


def _holes(full: np.ndarray, layout: Layout, share: float, seed: int) -> Puzzle:
    rng = np.random.default_rng(seed)
    return Puzzle(np.where(rng.random(full.shape) < share, 0, full), layout)


_I, _J = np.indices((6, 6))
_JIGSAW = Layout.jigsaw([[0, 0, 0, 1, 1, 1], [0, 0, 2, 2, 1, 1], [0, 2, 2, 2, 3, 1],
                         [4, 4, 5, 2, 3, 3], [4, 4, 5, 5, 3, 3], [4, 4, 5, 5, 5, 3]])
_JIGSAW_GRID = np.array([[1, 3, 6, 2, 4, 5], [5, 4, 2, 3, 6, 1], [2, 6, 1, 4, 5, 3],
                         [3, 2, 4, 5, 1, 6], [4, 1, 5, 6, 3, 2], [6, 5, 3, 1, 2, 4]])
LAYOUT_PUZZLES = {  # one small puzzle of each layout kind
    "square": SEVERAL,
    "boxes": _holes((3 * (_I % 2) + _I // 2 + _J) % 6 + 1, Layout.boxes(2, 3), 0.5, 1),
    "jigsaw": _holes(_JIGSAW_GRID, _JIGSAW, 0.5, 0),
    "latin": _holes(np.add(*np.indices((5, 5))) % 5 + 1, Layout.latin(5), 0.55, 1),
}

# A native parameter each solver has, for the methods that take solver_options
NATIVE = {"HiGHS": {"presolve": "off"}, "SCIP": {"presolving/maxrounds": "0"},
          "CP-SAT": {"cp_model_presolve": "false"}}


def _solver_family(method: str, options: dict) -> str:
    solver = options.get("solver", "highs" if METHODS[method].solver == "HiGHS" else "")
    return {"highs": "HiGHS", "scip": "SCIP"}.get(solver, METHODS[method].solver)


def _variants(method: str) -> list[dict]:
    """Every allowed value of every option of ``method`` (one option at a
    time), plus, for methods with ``solver``, ``solver_options`` and
    ``stats`` with each solver; free-form options get a real native
    parameter of the solver."""
    info = METHODS[method]
    variants = [{}]
    for key, allowed in info.options.items():
        if key == "solver_options":
            continue  # below, per solver
        variants += [{key: value} for value in allowed]
    if "solver_options" in info.options:
        solvers = info.options.get("solver", (None,))
        for solver in solvers:
            base = {} if solver is None else {"solver": solver}
            variants.append({**base, "solver_options": NATIVE[_solver_family(method, base)]})
            if "stats" in info.options:
                variants.append({**base, "stats": "detailed"})
    return [v for v in variants if _installed(v)]


def _installed(options: dict) -> bool:
    if options.get("solver") == "scip":
        try:
            import pyscipopt  # noqa: F401
        except ImportError:
            return False
    return True


CASES = [(m, v) for m in METHODS for v in _variants(m)]
IDS = [f"{m}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for m, o in CASES]


def test_the_small_puzzles_are_what_the_tests_say():
    assert count_solutions(UNIQUE, limit=None) == 1
    assert count_solutions(SEVERAL, limit=None) > 2


@pytest.mark.parametrize("method, options", CASES, ids=IDS)
def test_every_option_value_solves(method, options):
    result = solve(UNIQUE, method, **options)
    assert verify(UNIQUE, result.grid), (method, options)
    np.testing.assert_array_equal(result.grid, solve(UNIQUE, "backtracking").grid)
    if "solver_options" in options:
        assert result.solver.endswith(f"={next(iter(options['solver_options'].values()))})")


@pytest.mark.parametrize("method, options", CASES, ids=IDS)
def test_counting_is_as_the_registry_says(method, options):
    model = make_method(method, 2, **options)
    if not METHODS[method].can_count:
        with pytest.raises(CapabilityError):
            model.count_solutions(SEVERAL)
        return
    assert model.count_solutions(SEVERAL, limit=None) == count_solutions(SEVERAL, limit=None)
    assert model.count_solutions(SEVERAL, limit=2) == 2
    assert model.count_solutions(UNIQUE, limit=None) == 1


@pytest.mark.parametrize("method, options", CASES, ids=IDS)
def test_export_is_as_the_registry_says(method, options, tmp_path):
    claimed = METHODS[method].export_formats
    for fmt in FORMATS:
        path = tmp_path / f"model.{fmt}"
        if fmt not in claimed:
            with pytest.raises(CapabilityError):
                export(UNIQUE, method, path, format=fmt, **options)
            with pytest.raises(CapabilityError):
                make_method(method, 2, **options).export(UNIQUE, path, fmt)
            continue
        export(UNIQUE, method, path, format=fmt, **options)
        grid = READ_BACK[fmt](path, UNIQUE.side)
        assert verify(UNIQUE, grid), (method, options, fmt)


def test_free_form_options_are_checked_by_the_solver():
    for method, info in METHODS.items():
        if "solver_options" in info.options:
            with pytest.raises(SolverOptionError, match="has no option 'no_such_parameter'"):
                make_method(method, 2, solver_options={"no_such_parameter": 1})
        else:
            with pytest.raises(ValueError, match="takes no option 'solver_options'"):
                make_method(method, 2, solver_options={"presolve": "off"})


def test_a_value_outside_each_vocabulary_is_refused_by_registry_and_class_alike():
    for method, info in METHODS.items():
        for key, allowed in info.options.items():
            if not allowed:
                continue
            message = f"{key} must be one of {', '.join(map(str, allowed))}"
            with pytest.raises(ValueError, match=message):
                info.check_options({key: "no-such-value"})
            with pytest.raises(ValueError, match=message):
                method_class(method)(2, **{key: "no-such-value"})


def test_the_layout_puzzles_are_of_their_kinds():
    assert set(LAYOUT_PUZZLES) == set(LAYOUT_KINDS)
    for kind, puzzle in LAYOUT_PUZZLES.items():
        assert layout_kind(puzzle.layout) == kind


@pytest.mark.parametrize("kind", LAYOUT_KINDS)
@pytest.mark.parametrize("method", list(METHODS))
def test_layouts_are_as_the_registry_says(method, kind):
    puzzle = LAYOUT_PUZZLES[kind]
    info = METHODS[method]
    if kind not in info.layouts:
        with pytest.raises(CapabilityError, match=f"takes {', '.join(info.layouts)} layouts"):
            solve(puzzle, method)
        return
    result = solve(puzzle, method)
    assert verify(puzzle, result.grid)
    if info.can_count:  # CP-SAT's enumeration, which takes every layout, as the reference
        assert count_solutions(puzzle, method, limit=None) == \
            count_solutions(puzzle, "cp", limit=None)


def test_one_model_per_layout():
    from sudoku_models import solve_many

    puzzles = [LAYOUT_PUZZLES["boxes"], LAYOUT_PUZZLES["latin"], LAYOUT_PUZZLES["boxes"]]
    results = list(solve_many(puzzles, "milp"))
    assert all(verify(p, r.grid) for p, r in zip(puzzles, results))
    assert results[2].build_seconds < results[0].build_seconds  # the 6x6 model was kept
    assert method_class("milp")(3).layout == Layout.square(3)  # an int is the square order
    with pytest.raises(ValueError, match="this model is of 6x6 \\(2x3 boxes\\), the puzzle of "
                                         "5x5 Latin square"):
        method_class("milp")(Layout.boxes(2, 3)).solve(LAYOUT_PUZZLES["latin"])


# The seed's effect shows on some instances only (CP-SAT's one-worker search
# rarely uses it; CaDiCaL's shuffling needs a search): the first of these where
# two seeds differ is enough. A method that ignores the seed must give the
# same run on the small ones.
def _seed_probes():
    from generator.holes import holes_puzzle

    yield from (Puzzle.from_grid(np.zeros((s, s), dtype=int)) for s in (4, 9, 16))
    yield holes_puzzle(5, 0.6, "balanced", seed=1)


def _seed_matters(method: str, probes) -> bool:
    for puzzle in probes:
        if METHODS[method].slow and puzzle.order > 2:
            break
        # compile_s, warm_up_s: a first call's one-time costs, reported apart (not outcomes)
        runs = {(r.grid.tobytes(), tuple(sorted((k, v) for k, v in r.stats.items()
                                                 if k not in ("compile_s", "warm_up_s"))))
                for r in (solve(puzzle, method, seed=seed, time_limit=60) for seed in range(4))}
        if len(runs) > 1:
            return True
    return False


@pytest.mark.parametrize("method", list(METHODS))
def test_seeded_is_as_the_registry_says(method):
    info = METHODS[method]
    if not info.seeded:
        assert not _seed_matters(method, itertools.islice(_seed_probes(), 2))
    elif info.solver == "CP-SAT":
        model = method_class(method)(2, seed=7)
        assert model._solver(None).parameters.random_seed == 7
    else:
        assert _seed_matters(method, _seed_probes())


# -- reading exported files with another tool ------------------------------------


def _read_lp(path, side):
    """HiGHS reads the LP/MPS file and solves it; the grid from the column
    names ``x_rR_cC_vV`` (binary models) or ``y_rR_cC`` (integer cells)."""
    import highspy

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    assert h.readModel(str(path)) == highspy.HighsStatus.kOk
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    values = h.getSolution().col_value
    return _grid_from_names([h.getColName(j)[1] for j in range(h.getNumCol())], values, side)


def _read_pbtxt(path, side):
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    assert model.proto.parse_text_format(path.read_text())
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    names = [v.name for v in model.proto.variables]
    return _grid_from_names(names, list(solver.response_proto.solution), side)


def _read_cnf(path, side):
    from pysat.formula import CNF
    from pysat.solvers import Glucose4

    names = dict(re.findall(r"^c (\d+) (x_r\d+_c\d+_v\d+)$", path.read_text(), re.M))
    with Glucose4(bootstrap_with=CNF(from_file=str(path)).clauses) as glucose:
        assert glucose.solve()
        model = glucose.get_model()
    return _grid_from_names([names.get(str(abs(lit)), "") for lit in model],
                            [1 if lit > 0 else 0 for lit in model], side)


def _grid_from_names(names, values, side):
    grid = np.zeros((side, side), dtype=int)
    for name, value in zip(names, values):
        if match := re.fullmatch(r"x_r(\d+)_c(\d+)_v(\d+)", name):
            if value > 0.5:
                r, c, v = map(int, match.groups())
                grid[r - 1, c - 1] = v
        elif match := re.fullmatch(r"(?:y|cell)_r(\d+)_c(\d+)", name):
            r, c = map(int, match.groups())
            grid[r - 1, c - 1] = round(value)
    return grid


READ_BACK = {"lp": _read_lp, "mps": _read_lp, "pbtxt": _read_pbtxt, "cnf": _read_cnf}


def test_every_format_has_a_reader():
    assert set(READ_BACK) == set(FORMATS)
    assert set(itertools.chain.from_iterable(i.export_formats for i in METHODS.values())) \
        <= set(FORMATS)


@pytest.mark.parametrize("method", list(METHODS))
def test_a_method_models_the_constraint_kinds_it_claims_and_refuses_the_others(method):
    """Every claimed kind solves a small variant to a verified grid; every
    other kind is one CapabilityError naming the method and the kind."""
    from sudoku_models.registry import constraint_kind_names, needed_kinds
    from sudoku_models.core.constraint import KINDS

    from .variant_puzzles import brute_count, variant_puzzle

    info = METHODS[method]
    for kind in KINDS:
        try:
            puzzle = variant_puzzle(kind, Layout.square(2), 0)
        except ValueError:  # no 4x4 grid holds it (anti-king)
            puzzle = variant_puzzle(kind, Layout.boxes(2, 3), 0)
        needed = set(needed_kinds(puzzle.rules))
        if needed <= set(info.kinds):
            result = solve(puzzle, method, time_limit=30)
            if puzzle.side == 4 and brute_count(puzzle) == 0:
                assert result.status.name == "INFEASIBLE", (method, kind, result.status)
            else:
                assert verify(puzzle, result.grid), (method, kind, result.status)
        else:
            missing = next(k for k in constraint_kind_names() if k in needed and k not in info.kinds)
            with pytest.raises(CapabilityError, match=f"'{method}' does not model {missing} "):
                solve(puzzle, method)
