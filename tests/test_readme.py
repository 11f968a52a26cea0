"""The README's commands are the ones CI runs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_exactly_the_readme_test_command():
    ci_command = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    readme = (ROOT / "README.md").read_text()
    assert ci_command in readme
    assert "python -m pytest" in ci_command


def test_the_five_minute_tour_runs_and_its_answers_hold():
    """The README's first Python block is run as a newcomer would run it."""
    readme = (ROOT / "README.md").read_text()
    tour = readme[readme.index("## Five-minute tour"):]
    code = tour[tour.index("```python\n") + len("```python\n"):tour.index("```\n", tour.index("```python"))]
    scope: dict = {}
    exec(compile(code, "README.md (five-minute tour)", "exec"), scope)
    from sudoku_models import verify

    assert verify(scope["q"], __import__("generator").solve(scope["q"]))
    assert scope["q"].num_clues == 22
    assert verify(scope["killer"], scope["solve"](scope["killer"], "backtracking").grid)
