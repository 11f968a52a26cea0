"""The package's shape: every module in one of the eight layers, no file name
twice, and a wheel that holds the library only (no study, no results)."""

import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections import Counter
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sudoku_models", "generator")


def _layers() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    return [[name.strip() for name in layer.replace("|", ":").split(":")]
            for layer in contract["layers"]]


def test_every_module_is_placed_in_one_of_eight_layers_at_most():
    layers = _layers()
    assert 6 <= len(layers) <= 8
    placed = [name for layer in layers for name in layer]
    assert len(placed) == len(set(placed))
    package = ROOT / "sudoku_models"
    modules = {p.stem for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")}
    modules |= {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    assert modules - set(placed) == set(), "modules outside every layer"
    assert set(placed) - modules == set(), "layers naming modules that do not exist"


def test_no_file_name_is_used_twice():
    names = Counter(p.name for package in PACKAGES for p in (ROOT / package).rglob("*.py")
                    if p.name not in ("__init__.py", "__main__.py"))
    assert [name for name, count in names.items() if count > 1] == []


def test_the_wheel_holds_the_library_and_nothing_of_the_studies(tmp_path):
    """``pip wheel .`` of the files git tracks (a copy, so that the build
    leaves nothing in the checkout)."""
    source = tmp_path / "source"
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    for name in tracked:
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                    str(source)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("sudoku_models-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == set(PACKAGES)
    assert not [n for n in names if "/studies/" in n or "results" in n.split("/")
                or n.endswith((".csv", ".csv.gz", ".ipynb"))]
    assert "sudoku_models/solving.py" in names and "generator/puzzles.py" in names


QUESTIONS = sorted(p.parent.name for p in (ROOT / "benchmarks").glob("*/README.md"))


def test_each_question_folder_runs_with_one_command():
    """``python -m benchmarks.<question> --help`` answers for every folder
    with a README (a question), and an unknown step of a multi-step folder
    is refused with exit code 2."""
    assert len(QUESTIONS) >= 9
    for question in QUESTIONS:
        done = subprocess.run([sys.executable, "-m", f"benchmarks.{question}", "--help"],
                              cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0 and "usage" in done.stdout.lower(), (question, done.stderr)
    done = subprocess.run([sys.executable, "-m", "benchmarks.counter_speed", "nonsense"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "vs-tdoku" in done.stderr
