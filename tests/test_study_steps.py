"""``python -m benchmarks.<question> STEP``: the step dispatcher of every study."""

import sys

import pytest

from benchmarks.studykit.steps import run_step


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A study package ``fake_study`` with a step that exits 3 and one that
    is stopped by Ctrl-C, on sys.path for this test."""
    folder = tmp_path / "fake_study"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "exits.py").write_text("import sys\nsys.exit(3)\n")
    (folder / "stopped.py").write_text("print('row 1', flush=True)\nraise KeyboardInterrupt\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    yield "fake_study", {"exits": ("exits", "exits with 3"), "stopped": ("stopped", "Ctrl-C")}
    for name in [m for m in sys.modules if m.startswith("fake_study")]:
        del sys.modules[name]


def test_a_step_stopped_by_ctrl_c_ends_with_one_line_and_130(package, capsys):
    name, steps = package
    assert run_step(name, steps, ["stopped"]) == 130
    out, err = capsys.readouterr()
    assert out == "row 1\n"
    assert err == "python -m fake_study stopped: interrupted\n"


def test_a_step_keeps_its_exit_code_and_an_unknown_step_lists_the_steps(package, capsys):
    name, steps = package
    assert run_step(name, steps, ["exits"]) == 3
    assert run_step(name, steps, ["nope"]) == 2
    err = capsys.readouterr().err
    assert "exits with 3" in err and "Ctrl-C" in err and err.startswith("usage: python -m fake_study")
