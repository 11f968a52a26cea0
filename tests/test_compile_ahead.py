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


WARM_UP_LOADS_ALL = """
from sudoku_models.cli import main
from sudoku_models.counter import api
assert main(["warm-up"]) == 0
assert api._loaded == set(api._KERNELS)
"""


@pytest.mark.slow
def test_warm_up_on_an_empty_cache_compiles_the_generator_in_a_process_of_its_own(tmp_path):
    """On two cores the generator's kernels compile beside the counter's;
    the command still leaves every kernel loaded in its own process, and the
    next run loads both from the cache."""
    first = _fresh(WARM_UP_LOADS_ALL, tmp_path).stdout.splitlines()
    assert first[0].startswith("the counter's kernels are ready: compiled in")
    apart = len(os.sched_getaffinity(0)) > 1
    assert ("in a process of their own" in first[1]) is apart, first[1]
    again = _fresh(WARM_UP_LOADS_ALL, tmp_path).stdout.splitlines()
    assert all("loaded from the cache" in line for line in again), again


def test_a_kernel_load_apart_runs_and_reports_what_it_compiled():
    """The process that ``warm-up`` starts for an extension's kernels on an
    empty cache imports its load, runs it and reports the seconds compiled
    (none here: the generator's kernels are in the cache)."""
    from generator.commands import _warm_up_generator
    from sudoku_models.commands import warm_up

    _warm_up_generator()  # into the cache, if it is not
    started = warm_up._compile_apart([("the generator's kernels", _warm_up_generator)])
    process, _ = started["the generator's kernels"]
    assert warm_up._compiled_there(process) == 0.0 and process.returncode == 0


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
                dict(difficulty="easy"), dict(clues=17), dict(clues=18)]:
    generator.generate(seed=3, **request)
# what compiled again after warm-up (issue 45): the pool search for low clue counts, and
# the counting notebook's grids by bands and up to symmetry (9x9 and 8x8 as it runs them)
generator.low_clue_puzzles(23, seconds=1, seed=1, pool_size=4)
from generator.bands import count_by_bands
from generator.grid_symmetry import essentially_different_grids, fixed_grids, symmetry_classes
count_by_bands(2, 4)
essentially_different_grids(2)
fixed_grids(3, symmetry_classes(3)[1].cells)
# the tour's command lines (a Puzzle's read-only grid; the generator's own random stream)
main(["generate", "--clues", "24", "--seed", "3"])
main(["count", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"])
after = signatures()
print(sorted(name for name in after if after[name] != before.get(name, 0)))
"""


def test_after_warm_up_the_tour_needs_no_new_kernel():
    """Every signature the tour's 9x9 generate and count use, and the
    generator's low clue counts and grid counts, is compiled (or loaded) by
    warm-up: in a fresh process, no numba function of the counter or the
    generator gains a signature afterwards (compiled or loaded, so this
    holds with a warm cache as with an empty one)."""
    run = subprocess.run([sys.executable, "-c", AFTER_WARM_UP], capture_output=True,
                         text=True, check=True, timeout=600)
    assert run.stdout.strip().splitlines()[-1] == "[]"


AFTER_WARM_UP_README = """
import contextlib, io, json, os, shlex, sys
from numba.core.registry import CPUDispatcher
from sudoku_models.cli import main
sys.path.insert(0, ROOT)
from tests.test_readme import SNIPPETS

def signatures():
    return {f"{name}.{attribute}": len(value.signatures)
            for name, module in list(sys.modules.items())
            if name.startswith(("generator", "sudoku_models"))
            for attribute, value in list(vars(module).items()) if isinstance(value, CPUDispatcher)}

assert main(["warm-up"]) == 0
before = signatures()
os.chdir(sys.argv[1])
ran = []
with contextlib.redirect_stdout(io.StringIO()):
    for snippet in SNIPPETS:
        if snippet.language == "python" and not snippet.marker:
            exec(compile(snippet.text, f"README.md:{snippet.line}", "exec"), {"__name__": "__main__"})
            ran.append(snippet.line)
        elif snippet.language == "bash" and "SLURM" not in snippet.marker:
            for command in snippet.text.replace("&&", "\\n").splitlines():
                words = shlex.split(command, comments=True)
                if words[:1] == ["sudoku-models"] and words[1:2] != ["warm-up"]:
                    assert main(words[1:]) == 0, command
                    ran.append(command.strip())
after = signatures()
print(json.dumps({"ran": ran, "new": sorted(n for n in after if after[n] != before.get(n, 0))}))
"""


@pytest.mark.slow
def test_after_warm_up_the_readmes_commands_need_no_new_kernel(tmp_path):
    """Issue 45: after ``warm-up``, every command of the README (its Python
    blocks, and every ``sudoku-models`` line of its shell blocks, the
    set-up's ``solve --file top95`` included; not the SLURM ones) runs in
    one process without any numba function of the toolkit gaining a
    signature. The notebooks are checked the same way as they run
    (tests/test_notebooks.py)."""
    from pathlib import Path

    root = str(Path(__file__).resolve().parent.parent)
    run = subprocess.run([sys.executable, "-c", f"ROOT = {root!r}\n" + AFTER_WARM_UP_README,
                          str(tmp_path)], capture_output=True, text=True, timeout=1800, cwd=root)
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert "sudoku-models solve --file top95" in found["ran"] and len(found["ran"]) >= 10
    assert found["new"] == []


def test_one_compile_time_statement_everywhere(capsys):
    """Issue 45: the README said "a minute or two", warm-up --help "about
    20-90 s" and the notice "about 10-60 s"; one measured statement now."""
    from pathlib import Path

    from sudoku_models.cli import main
    from sudoku_models.counter.compile_cache import COMPILE_TIME, notice

    root = Path(__file__).resolve().parent.parent
    readme, design = ((root / name).read_text() for name in ("README.md", "docs/design.md"))
    assert " ".join(COMPILE_TIME.split()) in " ".join(readme.split())
    assert COMPILE_TIME in " ".join(design.split())
    assert main(["--help"]) == 0
    assert COMPILE_TIME in " ".join(capsys.readouterr().out.split())
    from sudoku_models.counter import compile_cache

    was, compile_cache._compiles.noticed = compile_cache._compiles.noticed, False
    try:
        notice(Path("cache"), "a kernel")
    finally:
        compile_cache._compiles.noticed = was
    assert f"({COMPILE_TIME}; cache in cache)" in capsys.readouterr().err
    for text in (readme, design):
        assert not any(old in text for old in ("10-60 s", "20-90 s", "a minute or two"))
