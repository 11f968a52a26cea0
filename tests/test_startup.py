"""Start-up (issue 35): the help of the command line and of every
sub-command, and every error about arguments, are answered before a
compiler, a solver or a data library (numpy included) is imported.
Checked in a fresh interpreter through ``sys.modules`` after the parse (no
timing in a test). The registry names the constraint kinds
(:mod:`sudoku_models.constraint_kinds`) and the rater's levels without
numpy; the command modules import puzzles, files and the rater where they
use them."""

import subprocess
import sys

import pytest

HEAVY = ("numpy", "numba", "pyomo", "ortools", "highspy", "pysat", "pyscipopt", "pandas", "scipy",
         "matplotlib", "distributed", "submitit")

ARGUMENTS = ["--help", "--version", "solve --help", "count --help", "export --help",
             "methods --help", "explain --help", "rate --help", "bench --help",
             "bench run --help", "bench report --help", "generate --help", "solve --bogus",
             "show-model --help", "show-model cp", "show-model cp 1234 --lines 0",
             "count --limit -3 1234", "generate --order 9 --clues 20",
             "generate --layout boxes:9x9", "bench run --executor pbs", "no-such-command"]


def test_help_and_argument_errors_import_no_solver_or_compiler():
    _assert_nothing_heavy_after(
        "from sudoku_models.cli import build_parser\n"
        f"for words in {[a.split() for a in ARGUMENTS]!r}:\n"
        "    out, err = io.StringIO(), io.StringIO()\n"
        "    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):\n"
        "        try:\n"
        "            build_parser().parse_args(words)\n"
        "            raise AssertionError(f'{words} parsed')\n"
        "        except SystemExit as exc:\n"
        "            assert exc.code == (0 if words[-1] in ('--help', '--version') else 2), words\n"
        "            assert out.getvalue() or err.getvalue(), words\n")


def _assert_nothing_heavy_after(script: str) -> None:
    """Run ``script`` in a fresh interpreter (``contextlib``, ``io`` and
    ``sys`` imported): it passes, and no module of :data:`HEAVY` is loaded
    after it."""
    code = (f"import contextlib, io, sys\n{script}"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_every_kind_names_itself_once_and_the_registry_reads_them_from_the_kinds():
    """A kind's name lives in its class alone: ``KINDS`` is filled as the
    kinds are defined, a class without a name or with a name already taken
    is refused, and the registry's kind names are read from them."""
    from sudoku_models.core.constraint import KINDS, Constraint
    from sudoku_models.registry import EVERY_KIND, constraint_kind_names

    names = constraint_kind_names()  # the kinds load when first asked for
    assert all(cls.kind == name for name, cls in KINDS.items()) and len(KINDS) >= 50
    assert names == (*KINDS, "cage-total")
    assert list(EVERY_KIND) == list(constraint_kind_names()) and "thermometer" in EVERY_KIND
    with pytest.raises(TypeError, match="sets no 'kind'"):
        type("Nameless", (Constraint,), {})
    with pytest.raises(TypeError, match="kind 'cage' is named by Cage and Other"):
        type("Other", (Constraint,), {"kind": "cage"})
    assert KINDS["cage"].__name__ == "Cage"


def test_solve_file_with_milp_imports_no_scipy_and_verifies_every_answer(tmp_path):
    """``solve --file`` with ``milp`` compiles the Pyomo model into numpy
    arrays: scipy (and with it the ``scipy.stats`` Pyomo's deferred import
    would pull in, 0.8 s) is never imported, nor numba, nor ``numpy.ma``
    (numpy's median and percentile load it: the summary's are plain
    Python); a file of classic puzzles loads no constraint kind (their
    dataclasses: 35-42 ms) nor the readers of other formats that import
    them; every answer is checked against the rules by the command
    itself (exit code 0)."""
    from .helpers import SEED_STRING

    puzzles = tmp_path / "two.txt"
    puzzles.write_text(f"{SEED_STRING}\n{SEED_STRING.replace('2', '.', 1)}\n")
    code = (
        "import sys\n"
        "from sudoku_models.cli import main\n"
        f"code = main(['solve', '--method', 'milp', '--file', {str(puzzles)!r}])\n"
        "print(code, sorted({m.split('.')[0] for m in sys.modules} & {'scipy', 'numba'}\n"
        "                   | {'numpy.ma', 'sudoku_models.core.cell_kinds',\n"
        "                      'sudoku_models.core.line_kinds', 'sudoku_models.formats.iss',\n"
        "                      'sudoku_models.formats.fpuzzles',\n"
        "                      'sudoku_models.formats.toolkit_json'} & set(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "0 []"
    assert any(line.split()[:3] == ["milp", "2", "2"] for line in lines)  # rows, verified


IMPOSSIBLE = ["generate --clues 16", "generate --clues 80 --minimal",
              "generate --order 4 --clues 5", "generate --clues 7 --symmetry rotational --order 2",
              "generate --clues 14 --difficulty hard --order 2"]


def test_impossible_generate_requests_are_refused_before_numpy():
    """``generate`` proves these requests impossible (generator.requests)
    before numpy or the compiled generator load: exit 2, one line naming
    why."""
    _assert_nothing_heavy_after(
        "from sudoku_models.cli import main\n"
        f"for words in {[a.split() for a in IMPOSSIBLE]!r}:\n"
        "    err = io.StringIO()\n"
        "    with contextlib.redirect_stderr(err):\n"
        "        assert main(words) == 2, words\n"
        "    text = err.getvalue()\n"
        "    assert text.startswith('sudoku-models: error: cannot') and text.count('\\n') == 1, text\n")


def test_verify_fast_path_agrees_with_grid_errors():
    """verify's own checks (no messages) judge every grid as grid_errors
    does: a solution, and each way a grid can break the rules or the clues."""
    import numpy as np

    from sudoku_models.checking import grid_errors, verify
    from sudoku_models.formats.puzzle_text import as_puzzle

    solution = np.array([[(3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)])
    puzzle = as_puzzle("".join(str(v) if i % 4 == 0 else "." for i, v in enumerate(solution.ravel())))
    swapped = solution.copy()
    swapped[0, [1, 2]] = swapped[0, [2, 1]]  # same values in the row, not in the columns
    clue_changed = solution.copy()
    clue_changed[[0, 1], 0] = clue_changed[[1, 0], 0]
    grids = [solution, swapped, clue_changed, solution * 0, solution + 1, solution[:8],
             np.where(solution == 9, 10, solution), solution.astype(float), solution.tolist()]
    for grid in grids:
        assert verify(puzzle, grid) == (not grid_errors(puzzle, grid))
    assert verify(puzzle, solution) and not verify(puzzle, swapped) and not verify(puzzle, None)
