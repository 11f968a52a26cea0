"""The compiled backtracking counter and solver (sudoku_models.counter): the
general-order kernel, the 9x9 bitboard kernel and the batch API. Counts are
checked against CP-SAT's solution enumeration (an independent method) and
the two kernels against each other; solutions against the rules and clues."""

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import random_full_grid
from sudoku_models import Puzzle, PuzzleFormatError, read_puzzles, verify
from sudoku_models.counter import (backtrack_count, backtrack_count_many, backtrack_solve,
                                   backtrack_solve_many, compile_cache, load_kernels, run_search,
                                   run_search9)
from sudoku_models.errors import CountIncomplete
from sudoku_models.formulations.cp.integer import CpFormulation

from .helpers import DATASETS

LIMIT = 40


def cp_count(puzzle, limit=None):
    return CpFormulation(puzzle.order).count_solutions(puzzle, limit=limit)


@st.composite
def partial_grids(draw, order, low=0.3):
    """Cells of a random full grid, some kept (a share from ``low`` to 1);
    sometimes one clue changed to another value (which may leave no
    solution)."""
    side = order * order
    grid = random_full_grid(order, seed=draw(st.integers(0, 2**32 - 1)))
    keep_share = draw(st.floats(0.0, 1.0)) if order == 2 else draw(st.floats(low, 1.0))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    clues = np.where(rng.random(grid.shape) < keep_share, grid, 0)
    if draw(st.booleans()) and clues.any():
        r, c = np.argwhere(clues)[rng.integers(np.count_nonzero(clues))]
        clues[r, c] = rng.integers(1, side + 1)
    return Puzzle.from_grid(clues)


@settings(max_examples=60, deadline=None)
@given(partial_grids(order=2))
def test_counts_of_4x4_agree_with_cp_sat_enumeration(puzzle):
    assert backtrack_count(puzzle, limit=None) == cp_count(puzzle)


@settings(max_examples=60, deadline=None)
@given(partial_grids(order=3))
def test_counts_of_9x9_agree_with_cp_sat_enumeration(puzzle):
    assert backtrack_count(puzzle, limit=LIMIT) == cp_count(puzzle, limit=LIMIT)


@settings(max_examples=25, deadline=None)
@given(partial_grids(order=3, low=0.35))
def test_many_solutions_of_9x9_agree_with_cp_sat_enumeration(puzzle):
    count = backtrack_count(puzzle, limit=None) if puzzle.num_clues >= 45 else None
    if count is not None and count <= 3000:
        assert count == cp_count(puzzle)
    assert backtrack_count(puzzle, limit=500) == cp_count(puzzle, limit=500)


@settings(max_examples=60, deadline=None)
@given(partial_grids(order=3, low=0.2), st.sampled_from([1, 2, 50, 10**9]))
def test_the_9x9_kernel_agrees_with_the_general_kernel(puzzle, limit):
    flat = puzzle.grid.ravel()
    general, _ = run_search(flat, 3, limit, max_nodes=200_000)
    fast, solution = run_search9(flat, limit, max_nodes=200_000)
    if general >= 0 and fast >= 0:  # both finished within the node budget
        assert fast == general
    if fast > 0:
        assert verify(puzzle, solution.reshape(9, 9))


def test_empty_4x4_has_288_solutions():
    assert backtrack_count(np.zeros((4, 4), dtype=int), limit=None) == 288


def test_order_4_counts_agree_with_cp_sat():
    grid = random_full_grid(4, seed=5)
    rng = np.random.default_rng(5)
    for share in (0.45, 0.55, 0.7):
        puzzle = Puzzle.from_grid(np.where(rng.random(grid.shape) < share, grid, 0))
        assert backtrack_count(puzzle, limit=30) == cp_count(puzzle, limit=30)


def test_a_sample_of_17_clue_puzzles_each_count_exactly_one():
    puzzles = read_puzzles(DATASETS / "17clue.txt")
    sample = [puzzles[i] for i in np.random.default_rng(17).choice(len(puzzles), 300, replace=False)]
    assert [backtrack_count(p) for p in sample] == [1] * 300
    assert [backtrack_count(p, limit=None) for p in sample[:50]] == [1] * 50
    assert all(cp_count(p, limit=2) == 1 for p in sample[:20])
    flat = [p.grid.ravel() for p in sample]
    assert [run_search(g, 3, 2)[0] for g in flat] == [1] * 300  # the general kernel too


def test_solve_returns_verified_grids_or_none():
    for puzzle in read_puzzles(DATASETS / "top95.txt"):
        assert verify(puzzle, backtrack_solve(puzzle))
    assert backtrack_solve(Puzzle.from_string("5...5" + "." * 76)) is None
    assert backtrack_solve(Puzzle.from_string("12345678." + "........9" + "." * 63)) is None
    assert verify(Puzzle.from_grid(np.zeros((16, 16), int)), backtrack_solve(np.zeros((16, 16), int)))


def test_limit_stops_the_count_and_bad_limits_raise():
    empty = Puzzle.from_grid(np.zeros((9, 9), dtype=int))
    assert backtrack_count(empty, limit=7) == 7
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="limit must be a whole number"):
            backtrack_count(empty, limit=bad)
        with pytest.raises(ValueError, match="limit must be a whole number"):
            backtrack_count_many(np.zeros((2, 81), int), limit=bad)
    with pytest.raises(PuzzleFormatError):
        backtrack_count([[1, 2], [3]])


def _collection(name):
    return np.stack([p.grid.ravel() for p in read_puzzles(DATASETS / name)])


@pytest.mark.parametrize("workers", [1, 2])
def test_batch_counts_and_solutions_match_one_at_a_time(workers):
    hard = _collection("top95.txt")
    rng = np.random.default_rng(3)
    grids = [random_full_grid(3, seed=s) for s in range(40)]
    partial = np.stack([np.where(rng.random(81) < 0.3, g.ravel(), 0) for g in grids])
    partial[::7, 0] = partial[::7, 1] = 5  # some without solution
    batch = np.concatenate([hard, partial])
    for limit in (1, 2, 100):
        counts = backtrack_count_many(batch, limit=limit, workers=workers)
        assert counts.tolist() == [backtrack_count(Puzzle.from_grid(g.reshape(9, 9)), limit=limit)
                                   for g in batch]
    solutions = backtrack_solve_many(batch.reshape(-1, 9, 9), workers=workers)
    for grid, solution, count in zip(batch, solutions, counts):
        puzzle = Puzzle.from_grid(grid.reshape(9, 9))
        assert verify(puzzle, solution) if count else not solution.any()


def test_batch_of_other_orders_and_of_puzzle_objects():
    puzzles = [Puzzle.from_grid(np.where(np.random.default_rng(s).random((4, 4)) < 0.3,
                                         random_full_grid(2, seed=s), 0)) for s in range(30)]
    assert backtrack_count_many(puzzles, limit=None).tolist() == [cp_count(p) for p in puzzles]
    for puzzle, solution in zip(puzzles, backtrack_solve_many(puzzles)):
        assert verify(puzzle, solution)


@pytest.mark.parametrize("bad, message", [
    (np.zeros((3, 80), int), "80 cells is not a grid"),
    (np.zeros((0, 81), int), "expected an array of puzzles"),
    (np.zeros(81, int), "expected an array of puzzles"),
    (np.full((2, 81), 0.5), "must be integers"),
    (np.eye(81, dtype=int) * 10, "puzzle 0, cell r1c1: value 10 outside 0..9"),
    (-np.eye(16, dtype=int)[:3], "puzzle 0, cell r1c1: value -1 outside 0..4"),
])
def test_bad_batches_raise_naming_the_fault(bad, message):
    with pytest.raises(PuzzleFormatError, match=message):
        backtrack_count_many(bad)


def test_bad_worker_counts_raise():
    for bad in (0, -2, 1.5, True):
        with pytest.raises(ValueError, match="workers must be"):
            backtrack_count_many(np.zeros((1, 81), int), workers=bad)


def test_a_9x9_batch_loads_only_its_kernel_and_unknown_kernels_raise():
    script = ("import numpy as np\n"
              "from sudoku_models.counter import api as counter\n"
              "print(counter.backtrack_count_many(np.zeros((2, 81), int), limit=3).tolist(),"
              " sorted(counter._loaded))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out == "[3, 3] ['count9_many']\n"
    with pytest.raises(ValueError, match="unknown kernel count10; choose from count9_many"):
        load_kernels("count10")


def test_time_limit_on_an_empty_grid_raises_with_a_lower_bound():
    start = time.monotonic()
    with pytest.raises(CountIncomplete) as stopped:
        backtrack_count(np.zeros((9, 9), int), limit=None, time_limit=0.3)
    assert time.monotonic() - start < 0.3 + 1.0
    assert stopped.value.reason == "time limit" and stopped.value.lower_bound > 0
    with pytest.raises(CountIncomplete) as stopped:
        backtrack_count_many(np.zeros((4, 81), int), limit=None, workers=2, time_limit=0.3)
    assert time.monotonic() - start < 0.6 + 2.0
    assert stopped.value.reason == "time limit" and (stopped.value.counts == -1).all()


def test_ctrl_c_stops_a_count_without_printing_a_count():
    script = (
        "import sys, numpy as np\n"
        "from sudoku_models.counter import backtrack_count, warm_up\n"
        "from sudoku_models.errors import CountIncomplete\n"
        "warm_up()\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    print('count', backtrack_count(np.zeros((9, 9), int), limit=None))\n"
        "except CountIncomplete as stopped:\n"
        "    print(stopped)\n"
        "    sys.exit(130)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert out.startswith("counting stopped (interrupted) after ") and "count " not in out


def test_the_numba_cache_is_per_user_unless_chosen(tmp_path):
    script = ("import sudoku_models.counter, numba\n"
              "print(numba.config.CACHE_DIR)")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True).stdout.strip()
    digest = compile_cache.kernel_sources_digest()
    assert out == str(tmp_path / "sudoku-models" / "numba" / f"kernels-{digest}")
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "mine")
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == str(tmp_path / "mine")
    assert compile_cache.default_cache_dir().name == "numba"


def test_an_edit_of_any_kernel_source_moves_the_default_cache_to_another_folder(tmp_path):
    """A cached kernel holds the code of the kernels it calls from other
    modules: an edit of one module must not let another module's entries
    load beside the new ones."""
    root = Path(compile_cache.__file__).resolve().parents[2]
    for source in compile_cache.KERNEL_SOURCES:
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / source).write_bytes((root / source).read_bytes())
    digest = compile_cache.kernel_sources_digest(tmp_path)
    assert digest == compile_cache.kernel_sources_digest() and len(digest) == 12
    digests = {digest}
    for source in compile_cache.KERNEL_SOURCES:
        text = (root / source).read_text()
        (tmp_path / source).write_text(text + "\n# edited\n")
        digests.add(compile_cache.kernel_sources_digest(tmp_path))
        (tmp_path / source).write_text(text)
    assert len(digests) == 1 + len(compile_cache.KERNEL_SOURCES)


def _project_imports(source: Path, root: Path) -> set[str]:
    """The modules of ``sudoku_models.counter`` that ``source`` imports, as
    paths relative to ``root``."""
    import ast

    package = "sudoku_models.counter"
    found = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = ".".join(source.relative_to(root).with_suffix("").parts[:-node.level])
            module = f"{base}.{node.module}" if node.module else base
        else:
            module = node.module
        names = [module] + [f"{module}.{alias.name}" for alias in node.names]
        found |= {f"{name.replace('.', '/')}.py" for name in names
                  if name.startswith(package + ".")
                  and (root / f"{name.replace('.', '/')}.py").exists()}
    return found


def test_the_kernel_sources_hold_every_module_a_cached_kernel_can_hold():
    root = Path(compile_cache.__file__).resolve().parents[2]
    listed = set(compile_cache.KERNEL_SOURCES)
    defining = {str(path.relative_to(root))
                for folder in ("sudoku_models", "generator")
                for path in (root / folder).rglob("*.py") if "cache=True" in path.read_text()}
    assert defining and defining <= listed
    imported = set().union(*(_project_imports(root / source, root) for source in defining))
    assert imported - {"sudoku_models/counter/compile_cache.py"} <= listed


_RECORD_COMPILED = """
import collections, json
from numba.core import event
compiled = collections.defaultdict(set)  # module.qualname -> (code, closure) compiled


class Record(event.Listener):
    def on_start(self, ev):
        function = getattr((ev.data or {}).get("dispatcher"), "py_func", None)
        if function is not None and function.__module__.startswith(("sudoku_models.", "generator.")):
            closure = tuple(id(cell.cell_contents) for cell in function.__closure__ or ())
            compiled[f"{function.__module__}.{function.__qualname__}"].add(
                (id(function.__code__), closure))

    def on_end(self, ev):
        pass


event.register("numba:compile", Record())
from sudoku_models.counter import warm_up
warm_up()
print(json.dumps({name: len(kinds) for name, kinds in compiled.items()}))
"""


@pytest.mark.slow  # every kernel compiled from an empty cache: 30 s
def test_no_two_compiled_functions_share_a_name(tmp_path):
    """Numba names a function's machine code by its module, qualified name,
    a number counted per process and its argument types. Two functions a
    factory made (an overload's lambdas) under one qualified name meant one
    function in one process's cache entry and the other in another's, and a
    process that loaded both called the wrong one: a SIGSEGV in a fresh CI
    run in four, in every process after. Every counter kernel compiled
    from an empty cache (the generator's kernels are made by no factory):
    one function (code and closure) per name."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    run = subprocess.run([sys.executable, "-c", _RECORD_COMPILED], env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    compiled = json.loads(run.stdout)
    assert "sudoku_models.counter.kernel9.count9" in compiled  # it compiled, and was seen
    assert {name: kinds for name, kinds in compiled.items() if kinds > 1} == {}


def test_a_kernel_compiled_by_another_checkout_is_not_compiled_here(tmp_path):
    from numba.core.caching import _CacheLocator

    from sudoku_models.counter import kernel9

    other = tmp_path / "elsewhere" / "counter"
    for source in (other / "kernel9.py", Path(kernel9.__file__)):
        assert not compile_cache.is_compiled(tmp_path, Path(kernel9.__file__))
        folder = tmp_path / _CacheLocator.get_suitable_cache_subpath(str(source))
        folder.mkdir()
        (folder / "kernel9.count9-337.py311.nbi").touch()
    assert compile_cache.is_compiled(tmp_path, Path(kernel9.__file__))
    assert not compile_cache.is_compiled(tmp_path, Path(kernel9.__file__).with_name("kernel.py"))


_TWICE = """
import numba


@numba.njit(cache=True)
def doubled_sum(a):
    return a.sum() * 2
"""

# A process that compiles one specialization of doubled_sum (int64 or float64
# arrays) into the cache, made to wait in numba's index write until the other
# process reaches it too (or 5 s pass): without a lock between them both have
# read the same empty index and choose the same data file name.
_COMPILE_ONE = """
import os, sys, time
from pathlib import Path
cache, me, other, modules = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
os.environ["NUMBA_CACHE_DIR"] = str(cache)
from sudoku_models.counter import compile_cache
compile_cache.prepare()
from numba.core.caching import IndexDataCacheFile
write_index = IndexDataCacheFile._save_index
def meet_then_write(self, overloads):
    (cache / f"in-{me}").touch()
    deadline = time.monotonic() + 5
    while not (cache / f"in-{other}").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    write_index(self, overloads)
IndexDataCacheFile._save_index = meet_then_write
sys.path.insert(0, modules)
import numpy as np
import twice
print(twice.doubled_sum(np.arange(5, dtype=np.int64 if me == "a" else np.float64)))
"""

_LOAD_BOTH = """
import os, sys
os.environ["NUMBA_CACHE_DIR"] = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import numpy as np
import twice
print(twice.doubled_sum(np.arange(5, dtype=np.int64)), twice.doubled_sum(np.arange(5.0)))
stats = twice.doubled_sum.stats
print(sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


def test_two_processes_compiling_one_kernel_at_once_keep_both_in_the_cache(tmp_path):
    """Numba saves a cache entry with no lock between processes: two that
    compile different specializations of a kernel at the same moment chose
    the same data file, so one entry was lost or pointed at the other's
    machine code (a SIGSEGV in every later process, seen with the test
    workers). compile_cache.prepare locks the saves: both entries survive
    and a third process loads both without compiling."""
    modules, cache = tmp_path / "modules", tmp_path / "cache"
    modules.mkdir()
    cache.mkdir()
    (modules / "twice.py").write_text(_TWICE)
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    children = [subprocess.Popen([sys.executable, "-c", _COMPILE_ONE, str(cache), me, other,
                                  str(modules)], env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
                for me, other in (("a", "b"), ("b", "a"))]
    outputs = [child.communicate(timeout=120) for child in children]
    assert [child.returncode for child in children] == [0, 0], outputs
    assert [out.strip() for out, _ in outputs] == ["20", "20.0"]
    both = subprocess.run([sys.executable, "-c", _LOAD_BOTH, str(cache), str(modules)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert both.returncode == 0, both.stderr
    assert both.stdout.split() == ["20", "20.0", "2", "0"]  # two loads from the cache, no compile


@pytest.mark.slow
def test_first_use_compiles_once_with_a_notice(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    script = "from sudoku_models.counter import warm_up; warm_up()"
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                           text=True, check=True)
    second = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                            text=True, check=True)
    assert first.stderr.count("\n") == 1 and "compiling the counter" in first.stderr
    assert second.stderr == ""


@pytest.mark.slow
@pytest.mark.parametrize("name", ["17clue.txt", "top1465.txt", "top95.txt"])
def test_every_puzzle_of_the_collections_has_exactly_one_solution(name):
    grids = _collection(name)
    assert (backtrack_count_many(grids, limit=2) == 1).all()
    assert (backtrack_count_many(grids, limit=None) == 1).all()
    solutions = backtrack_solve_many(grids)
    given_ = grids.reshape(-1, 9, 9) > 0
    assert (solutions[given_] == grids.reshape(-1, 9, 9)[given_]).all()
    for solution in solutions:  # rows, columns and boxes hold 1..9
        assert verify(Puzzle.from_grid(np.zeros((9, 9), int)), solution)
    assert all(run_search(g, 3, 2)[0] == 1 for g in grids)  # the general kernel agrees
    step = max(1, len(grids) // 500)
    assert all(cp_count(Puzzle.from_grid(g.reshape(9, 9)), limit=2) == 1 for g in grids[::step])


def test_single_puzzle_calls_take_every_puzzle_form_and_any_layout():
    """The single-puzzle path (issue 23: the array is checked with numpy,
    not cell by cell): a Puzzle, a string, nested lists, an array, and
    layouts beyond square boxes and variants' constraints (counted here
    against every 4x4 grid, enumerated by itertools)."""
    from sudoku_models.core.geometry import Layout
    from sudoku_models.core.cell_kinds import Region

    puzzle = read_puzzles(DATASETS / "top95.txt")[0]
    grid = puzzle.grid
    for form in (puzzle, puzzle.to_string(), grid.tolist(), grid, grid.astype(np.int32)):
        assert backtrack_count(form) == 1
        assert verify(puzzle, backtrack_solve(form))
    six = Puzzle(np.zeros((6, 6), int), Layout.boxes(2, 3))
    assert backtrack_count(six, limit=1000) == 1000
    assert verify(six, backtrack_solve(six))
    latin = Puzzle(np.zeros((5, 5), int), Layout.latin(5))
    assert backtrack_count(latin, limit=None) == 161_280
    with pytest.raises(PuzzleFormatError):
        backtrack_count(np.full((9, 9), 10))
    with pytest.raises(TypeError):
        backtrack_count(None)
    diagonal = Puzzle(np.zeros((4, 4), int), 2, constraints=[Region((0, 5, 10, 15))])
    rows = list(itertools.permutations(range(1, 5)))
    grids = [np.array(g) for g in itertools.product(rows, repeat=4)]
    sudoku = [g for g in grids if all(len(set(g[:, c])) == 4 for c in range(4))
              and all(len(set(g[r:r + 2, c:c + 2].ravel())) == 4 for r in (0, 2) for c in (0, 2))]
    assert len(sudoku) == 288
    assert backtrack_count(diagonal, limit=None) == sum(len(set(np.diag(g))) == 4 for g in sudoku)


def test_single_9x9_calls_check_every_value_in_the_kernel_of_any_integer_type():
    """The quick 9x9 path hands the array to the compiled kernel, which
    checks the values (kernel9.count9_checked): no value may wrap or slip
    through, whatever the integer type."""
    puzzle = read_puzzles(DATASETS / "top95.txt")[3]
    for dtype in (np.int64, np.int32, np.int16, np.uint8, np.int8, np.uint64, np.uint32):
        grid = puzzle.grid.astype(dtype)
        assert backtrack_count(grid) == 1
        assert verify(puzzle, backtrack_solve(grid))
    for bad, dtype in ((10, np.int64), (2**32 + 5, np.int64), (-1, np.int32), (10, np.uint8),
                       (2**40, np.uint64), (-3, np.int8)):
        grid = puzzle.grid.astype(dtype)
        grid[4, 7] = bad
        with pytest.raises(PuzzleFormatError, match="row 5, column 8"):
            backtrack_count(grid)
        with pytest.raises(PuzzleFormatError, match="row 5, column 8"):
            backtrack_solve(grid)
    first = backtrack_solve(puzzle)  # a solution handed out is the caller's, not a scratch array
    backtrack_solve(read_puzzles(DATASETS / "top95.txt")[4])
    assert verify(puzzle, first)


def test_batches_of_puzzles_of_any_layout_and_what_a_batch_refuses():
    from sudoku_models.core.geometry import Layout
    from sudoku_models.core.cell_kinds import Region

    rng = np.random.default_rng(2)
    six = Layout.boxes(2, 3)
    full = backtrack_solve(Puzzle(np.zeros((6, 6), int), six))
    puzzles = [Puzzle(np.where(rng.random((6, 6)) < 0.35, full, 0), six) for _ in range(12)]
    assert backtrack_count_many(puzzles, limit=50).tolist() == [
        backtrack_count(p, limit=50) for p in puzzles]
    for puzzle, solution in zip(puzzles, backtrack_solve_many(puzzles)):
        assert verify(puzzle, solution)
    square = Puzzle(np.zeros((4, 4), int), 2)
    with pytest.raises(PuzzleFormatError, match="puzzle 1 is 4x4"):
        backtrack_count_many([puzzles[0], square])
    with pytest.raises(PuzzleFormatError, match="puzzle 2 is a str"):
        backtrack_count_many([square, square, "1..."])
    diagonal = Puzzle(np.zeros((4, 4), int), 2, constraints=[Region((0, 5, 10, 15))])
    with pytest.raises(PuzzleFormatError, match="other constraints"):
        backtrack_count_many([square, diagonal])
    with pytest.raises(ValueError, match="further constraint"):
        backtrack_count_many([diagonal, diagonal])
