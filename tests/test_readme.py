"""The README's commands are the ones CI runs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_exactly_the_readme_test_command():
    ci_command = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    readme = (ROOT / "README.md").read_text()
    assert ci_command in readme
    assert "python -m pytest" in ci_command


def _tour() -> str:
    """The README's first Python block (in the five-minute tour)."""
    readme = (ROOT / "README.md").read_text()
    tour = readme[readme.index("## Five-minute tour"):]
    return tour[tour.index("```python\n") + len("```python\n"):tour.index("```\n", tour.index("```python"))]


def test_the_five_minute_tour_runs_and_its_answers_hold():
    """The README's first Python block is run as a newcomer would run it."""
    code = _tour()
    scope: dict = {}
    exec(compile(code, "README.md (five-minute tour)", "exec"), scope)
    from sudoku_models import verify
    from sudoku_models.counter import backtrack_solve

    assert verify(scope["q"], backtrack_solve(scope["q"]))
    assert scope["q"].num_clues == 22
    assert verify(scope["killer"], scope["solve"](scope["killer"], "backtracking").grid)


def test_the_five_minute_tour_runs_pasted_into_the_python_repl():
    """Pasted line by line into the interactive interpreter (where a blank
    line must end a ``for`` block), every line runs without an error and
    the first solve of every method is solved and verified."""
    import code
    import contextlib
    import io

    errors: list[str] = []

    class Console(code.InteractiveConsole):
        def showsyntaxerror(self, filename=None, **kwargs):
            errors.append("SyntaxError")

        def showtraceback(self):
            import sys

            errors.append(repr(sys.exc_info()[1]))

    console = Console()
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        for line in _tour().splitlines():
            console.push(line)
        console.push("")
    assert errors == []
    printed = [line.split() for line in shown.getvalue().splitlines() if line.split()]
    solves = [words for words in printed if words[0] in ("milp", "cp", "sat-extended", "backtracking")]
    assert [w[0] for w in solves] == ["milp", "cp", "sat-extended", "backtracking"]
    assert all(w[1] == "OPTIMAL" and w[-1] == "True" for w in solves)
