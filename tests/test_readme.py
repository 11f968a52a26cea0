"""The README's commands are the ones CI runs, and every snippet in it runs
as pasted: each Python block as a script and line by line in the plain
Python REPL, each shell block in bash (``sudoku-models`` being this
checkout's ``python -m sudoku_models``).

A block may carry a marker on the line before it: ``<!-- snippet: slow -->``
(run only with ``-m slow``) or ``<!-- snippet: not run: REASON -->`` (it
sets up an environment, or needs a cluster: the reason says which).
"""

import code
import contextlib
import io
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


@dataclass(frozen=True)
class Snippet:
    language: str  # "python" or "bash"
    text: str
    line: int  # of the opening fence in README.md, 1-based
    marker: str  # "", "slow" or "not run: ..."

    @property
    def name(self) -> str:
        return f"{self.language}-line-{self.line}"


def snippets() -> list[Snippet]:
    """Every fenced ``python`` and ``bash`` block of the README, in order."""
    found = []
    fence = re.compile(r"(?:<!-- snippet: (?P<marker>[^>]*?) -->\n)?```(?P<lang>python|bash)\n"
                       r"(?P<text>.*?)^```$", re.S | re.M)
    for match in fence.finditer(README):
        line = README.count("\n", 0, match.start("lang")) + 1
        found.append(Snippet(match["lang"], match["text"], line, match["marker"] or ""))
    return found


SNIPPETS = snippets()


def params(language: str) -> list:
    """The blocks of one language as pytest parameters, marked as the README says."""
    out = []
    for snippet in SNIPPETS:
        if snippet.language != language:
            continue
        marks = []
        if snippet.marker == "slow":
            marks.append(pytest.mark.slow)
        elif snippet.marker.startswith("not run:"):
            marks.append(pytest.mark.skip(reason=f"README says {snippet.marker}"))
        elif snippet.marker:
            raise ValueError(f"README.md line {snippet.line}: unknown snippet marker {snippet.marker!r}")
        out.append(pytest.param(snippet, id=snippet.name, marks=marks))
    return out


def run_in_repl(text: str) -> tuple[list[str], str]:
    """``text`` pasted line by line into an interactive interpreter (where a
    blank line must end a ``for`` block): the errors shown, and what it printed.
    The registry is as it was afterwards: a method a snippet registers (``Write
    your own model``) does not reach the other tests of this process."""
    from sudoku_models.registry import METHODS

    before = dict(METHODS)
    try:
        return _run_in_repl(text)
    finally:
        METHODS.clear()
        METHODS.update(before)


def _run_in_repl(text: str) -> tuple[list[str], str]:
    errors: list[str] = []

    class Console(code.InteractiveConsole):
        def showsyntaxerror(self, filename=None, **kwargs):
            errors.append("SyntaxError")

        def showtraceback(self):
            errors.append(repr(sys.exc_info()[1]))

    console = Console()
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        for line in text.splitlines():
            console.push(line)
        console.push("")
    return errors, shown.getvalue()


def test_ci_runs_exactly_the_readme_test_command():
    ci_command = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert ci_command in README
    assert "python -m pytest" in ci_command
    (test_block,) = [s for s in SNIPPETS if ci_command in s.text]
    assert test_block.marker.startswith("not run:")  # CI runs it, by itself


def test_the_readme_has_snippets_and_every_marker_is_known():
    assert [s.language for s in SNIPPETS].count("python") >= 2
    assert all(s.marker in ("", "slow") or s.marker.startswith("not run: ") for s in SNIPPETS)


def _tour() -> str:
    """The README's first Python block (in the five-minute tour)."""
    tour_at = README.index("## Five-minute tour")
    return next(s.text for s in SNIPPETS if s.language == "python"
                and README.index(s.text) > tour_at)


def test_the_five_minute_tour_runs_and_its_answers_hold():
    """The README's first Python block is run as a newcomer would run it."""
    scope: dict = {"__name__": "__main__"}
    exec(compile(_tour(), "README.md (five-minute tour)", "exec"), scope)
    from sudoku_models import verify
    from sudoku_models.counter import backtrack_solve

    assert verify(scope["q"], backtrack_solve(scope["q"]))
    assert scope["q"].num_clues == 22
    assert verify(scope["killer"], scope["solve"](scope["killer"], "backtracking").grid)


def test_the_five_minute_tour_runs_pasted_into_the_python_repl():
    """Every line runs without an error and the first solve of every method
    is solved and verified."""
    errors, shown = run_in_repl(_tour())
    assert errors == []
    printed = [line.split() for line in shown.splitlines() if line.split()]
    solves = [words for words in printed if words[0] in ("milp", "cp", "sat-extended", "backtracking")]
    assert [w[0] for w in solves] == ["milp", "cp", "sat-extended", "backtracking"]
    assert all(w[1] == "OPTIMAL" and w[-1] == "True" for w in solves)


OTHER_PYTHON = [p for p in params("python") if p.values[0].text != _tour()]  # the tour: above


@pytest.mark.parametrize("snippet", OTHER_PYTHON)
def test_a_python_snippet_runs_as_a_script(snippet, tmp_path):
    script = tmp_path / "snippet.py"
    script.write_text(snippet.text)
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.mark.parametrize("snippet", OTHER_PYTHON)
def test_a_python_snippet_runs_pasted_into_the_python_repl(snippet):
    errors, _ = run_in_repl(snippet.text)
    assert errors == []


@pytest.mark.parametrize("snippet", params("bash"))
def test_a_shell_snippet_runs_as_pasted(snippet, tmp_path):
    """Run in a scratch folder that sees the repository's ``benchmarks/``
    (the files it writes land there); every command must succeed."""
    (tmp_path / "benchmarks").symlink_to(ROOT / "benchmarks")
    prelude = f'set -euo pipefail\nsudoku-models() {{ "{sys.executable}" -m sudoku_models "$@"; }}\n'
    done = subprocess.run(["bash", "-c", prelude + snippet.text], cwd=tmp_path, env=ENV,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"README.md line {snippet.line}:\n{done.stderr[-3000:]}"
