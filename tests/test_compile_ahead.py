"""No compile inside a result (issue 32): the counter's kernels are compiled
or loaded before a solve's clock and time limit start, and a compile is
reported apart (in the first solve's warm-up, ``stats["warm_up_s"]``, issue
44), as a new user meets it: a fresh process with an empty numba cache."""

import json
import os
import subprocess
import sys

import pytest

TOUR = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

FIRST_SOLVES = f"""
import json
from sudoku_models import Puzzle, solve, verify
p = Puzzle.from_string({TOUR!r})
results = [solve(p, "backtracking", time_limit=10) for _ in range(100)]
print(json.dumps([{{"status": r.status.name, "verified": bool(verify(p, r.grid)),
                    "solve_seconds": r.solve_seconds, "stats": r.stats}} for r in results]))
"""


def _fresh(script: str, cache_dir) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache_dir))
    return subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, check=True, timeout=600)


def test_a_first_solve_with_an_empty_cache_is_optimal_and_holds_no_compile(tmp_path):
    run = _fresh(FIRST_SOLVES, tmp_path)
    results = json.loads(run.stdout)
    first, hundredth = results[0], results[-1]
    assert first["status"] == "OPTIMAL" and first["verified"]
    assert first["solve_seconds"] < 0.1
    # it did compile, in the warm-up before the first solve, and says so apart
    assert first["stats"]["warm_up_s"] > 0.5 and "compile_s" not in first["stats"]
    assert "warm_up_s" not in hundredth["stats"]
    # the one line on stderr, saying what is compiled and where it is kept
    assert run.stderr.count("\n") == 1
    assert "compiling the counter (counter.kernel9." in run.stderr and str(tmp_path) in run.stderr
    # the first and the hundredth solve take alike (1 ms: the floor of a busy machine's jitter)
    assert first["solve_seconds"] <= 2 * max(hundredth["solve_seconds"], 1e-3)
    # the next process loads the kernels from the cache: no notice, no compile_s
    again = _fresh(FIRST_SOLVES, tmp_path)
    assert again.stderr == ""
    assert all("compile_s" not in r["stats"] for r in json.loads(again.stdout))


def test_compile_seconds_count_the_kernels_real_compiles_only(capfd):
    import numba

    from sudoku_models.counter import compile_cache, warm_up

    warm_up()  # installs the watch; loads (or compiles) every kernel
    capfd.readouterr()
    before = compile_cache.compile_seconds()
    warm_up()
    assert compile_cache.compile_seconds() == before  # nothing compiled again

    @numba.njit
    def users_own(x):
        return x + 1

    assert users_own(1) == 2  # a user's numba function: no notice, not counted
    assert compile_cache.compile_seconds() == before
    assert capfd.readouterr().err == ""


@pytest.mark.slow
def test_the_first_16x16_generate_says_that_it_compiles(tmp_path):
    run = _fresh("import generator; print(generator.generate(order=4, seed=1).num_clues)",
                 tmp_path)
    assert int(run.stdout) > 0
    assert run.stderr.startswith("sudoku-models: compiling the counter")
    assert run.stderr.count("\n") == 1


def test_warm_up_command_leaves_every_kernel_loaded(capsys):
    from sudoku_models.cli import main
    from sudoku_models.counter import api

    assert main(["warm-up"]) == 0
    out = capsys.readouterr().out
    assert "the counter's kernels are ready" in out
    assert "the generator's kernels are ready" in out
    assert api._loaded == set(api._KERNELS)


AFTER_WARM_UP = """
import sys
import numba
from numba.core.registry import CPUDispatcher
import generator
from sudoku_models.cli import main

def signatures():
    found = {}
    for name, module in list(sys.modules.items()):
        if name.startswith(("generator", "sudoku_models.counter")):
            for attribute, value in vars(module).items():
                if isinstance(value, CPUDispatcher):
                    found[f"{name}.{attribute}"] = len(value.signatures)
    return found

assert main(["warm-up"]) == 0
before = signatures()
for request in [dict(clues=24), dict(minimal=True), dict(symmetry="rotational"),
                dict(difficulty="easy")]:
    generator.generate(seed=3, **request)
# the tour's command lines (a Puzzle's read-only grid; the generator's own random stream)
main(["generate", "--clues", "24", "--seed", "3"])
main(["count", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"])
after = signatures()
print(sorted(name for name in after if after[name] != before.get(name, 0)))
"""


def test_after_warm_up_the_tour_needs_no_new_kernel():
    """Every signature the tour's 9x9 generate and count use is compiled
    (or loaded) by warm-up: in a fresh process, no numba function of the
    counter or the generator gains a signature afterwards (compiled or
    loaded, so this holds with a warm cache as with an empty one)."""
    run = subprocess.run([sys.executable, "-c", AFTER_WARM_UP], capture_output=True,
                         text=True, check=True, timeout=600)
    assert run.stdout.strip().splitlines()[-1] == "[]"
