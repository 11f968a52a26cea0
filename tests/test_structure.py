"""The package's shape: every module in one layer of the contract, a probe
import against the layers refused, no file name twice, and a wheel that
holds the library only (no study, no results)."""

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections import Counter
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sudoku_models", "generator")


def _contracts() -> list[dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return config["tool"]["importlinter"]["contracts"]


def _layers(container: str = "sudoku_models") -> list[list[str]]:
    contract = next(c for c in _contracts() if c["type"] == "layers"
                    and c["containers"] == [container])
    return [[name.strip() for name in layer.replace("|", ":").split(":")]
            for layer in contract["layers"]]


def _modules(package: Path) -> set[str]:
    names = {p.stem for p in package.glob("*.py") if p.stem not in ("__init__", "__main__")}
    return names | {p.name for p in package.iterdir() if (p / "__init__.py").exists()}


@pytest.mark.parametrize("container", ["sudoku_models", "sudoku_models.core",
                                       "sudoku_models.formats", "sudoku_models.formulations"])
def test_every_module_is_placed_in_exactly_one_layer(container):
    placed = [name for layer in _layers(container) for name in layer]
    assert len(placed) == len(set(placed))
    modules = _modules(ROOT.joinpath(*container.split(".")))
    assert modules - set(placed) == set(), "modules outside every layer"
    assert set(placed) - modules == set(), "layers naming modules that do not exist"


def test_no_layer_lets_its_modules_import_each_other():
    """Every layer of every contract is one module or independent modules
    ("|"): a layer joined by ":" would let any of its modules import any
    other, which is how the old bottom layer held 14 modules."""
    for contract in _contracts():
        for layer in contract.get("layers", ()):
            assert ":" not in layer, (contract["name"], layer)


PROBES = [  # (the module that imports, the line it gets, why the contract must refuse it)
    ("sudoku_models/core/geometry.py", "from ..formats import files", "core below formats"),
    ("sudoku_models/puzzle.py", "from .formats import iss", "puzzle below formats"),
    ("sudoku_models/formats/iss.py", "from . import toolkit_json", "independent formats"),
    ("sudoku_models/formulations/milp/highs.py", "from ..cp import integer",
     "independent paradigms"),
    ("sudoku_models/solution_space.py", "from .formulations.milp import highs", "fine"),
    ("sudoku_models/solving.py", "from .counter import api", "solving below the counter"),
    ("sudoku_models/logic/step.py", "from .. import drawing", "independent logic and drawing"),
]


@pytest.mark.skipif(shutil.which("lint-imports") is None, reason="import-linter not installed")
@pytest.mark.parametrize("module, line, why", PROBES)
def test_a_probe_import_against_the_layers_breaks_the_contract(tmp_path, module, line, why):
    """A copy of the packages with one import added: ``lint-imports`` keeps
    the contract only for an import that goes down the layers."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text() + f"\n{line}  # noqa\n")
    done = subprocess.run(["lint-imports", "--no-cache"], cwd=tmp_path, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    if why == "fine":
        assert done.returncode == 0, done.stdout
    else:
        assert done.returncode == 1 and "BROKEN" in done.stdout, (why, done.stdout[-2000:])


def test_no_file_name_is_used_twice():
    names = Counter(p.name for package in PACKAGES for p in (ROOT / package).rglob("*.py")
                    if p.name not in ("__init__.py", "__main__.py"))
    assert [name for name, count in names.items() if count > 1] == []


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """``pip wheel .`` of the files git tracks (a copy, so that the build
    leaves nothing in the checkout), built once for this module's tests."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    source = tmp_path / "source"
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    for name in tracked:
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                    str(source)], check=True, capture_output=True)
    (built,) = tmp_path.glob("sudoku_models-*.whl")
    return built


def test_the_wheel_holds_the_library_and_its_collections_and_nothing_of_the_studies(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == set(PACKAGES)
    assert not [n for n in names if "/studies/" in n or "results" in n.split("/")
                or n.endswith((".csv", ".csv.gz", ".ipynb"))]
    assert "sudoku_models/solving.py" in names and "generator/puzzles.py" in names
    from sudoku_models.formats import COLLECTION_SUFFIXES, collection_names

    shipped = {n.split("/")[-1] for n in names if n.startswith("sudoku_models/collections/")}
    assert {name for name in collection_names() if any(name + suffix in shipped
                                                       for suffix in COLLECTION_SUFFIXES)} \
        == set(collection_names()) and "SOURCES.md" in shipped
    assert not [n for n in names if n.startswith("benchmarks/")]


def test_the_installed_wheel_runs_a_benchmark_from_another_folder(wheel, tmp_path):
    """Issue 45: an installed (not editable) wheel could load no bundled
    collection, and the README's main job failed from any folder but the
    checkout's root. The wheel's files, unpacked as pip installs them, put
    before the checkout on the path, in an empty folder: ``bench run
    --datasets top95 --first 3`` solves and verifies, ``solve --file 17clue``
    reads a collection by name, and PUZZLE reads a file in that folder."""
    site, folder = tmp_path / "site", tmp_path / "elsewhere"
    zipfile.ZipFile(wheel).extractall(site)
    folder.mkdir()
    env = dict(os.environ, PYTHONPATH=str(site))

    def run(*argv):
        done = subprocess.run([sys.executable, "-m", "sudoku_models", *argv], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = subprocess.run([sys.executable, "-c", "import sudoku_models, generator; "
                            "print(sudoku_models.__file__, generator.__file__)"], cwd=folder,
                           env=env, capture_output=True, text=True, check=True).stdout.split()
    assert all(Path(path).is_relative_to(site) for path in where), where  # not the checkout
    run("bench", "run", "--datasets", "top95", "--first", "3", "--out", "runs.csv")
    rows = (folder / "runs.csv").read_text().splitlines()
    assert len(rows) == 1 + 3 * 2 and all(",true," in row for row in rows[1:])  # milp and cp
    assert "2 puzzles of 17clue" in run("solve", "--file", "17clue", "--first", "2", "-m", "cp")
    (folder / "mine.txt").write_text("# typed in by a student\n" + "\n".join(
        ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6",
         ".6....28.", "...419..5", "....8..79"]) + "\n")
    assert "30 clues; the solutions agree" in run("solve", "mine.txt")


QUESTIONS = sorted(p.parent.name for p in (ROOT / "benchmarks").glob("*/README.md"))
"""The studies, found by folder: a folder of ``benchmarks/`` with a README."""


def test_the_index_of_questions_links_every_study_and_only_studies():
    """``benchmarks/README.md`` is the one place outside its folder that a
    new study is added to: a study missing from the index, or an entry
    without its folder, fails here."""
    index = (ROOT / "benchmarks" / "README.md").read_text()
    linked = re.findall(r"^\*\*\[.*?\]\((\w+)/README\.md\)\*\*$", index, re.M)
    assert sorted(linked) == QUESTIONS and len(set(linked)) == len(linked)


def _imported(path: Path) -> set[str]:
    """The modules ``path`` imports anywhere in it (inside functions too),
    relative imports resolved against its package."""
    package = ".".join(path.relative_to(ROOT).parent.parts)
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            names.add(".".join(filter(None, (base, node.module))))
    return names


@pytest.mark.parametrize("folder", [*QUESTIONS, "studykit"])
def test_a_study_imports_no_other_study(folder):
    """What two studies share lives in ``benchmarks/studykit``; a study
    imports only its own modules and the kit, and the kit no study."""
    allowed = {folder, "studykit"}
    reached = {name.split(".")[1] for path in (ROOT / "benchmarks" / folder).rglob("*.py")
               for name in _imported(path) if name.startswith("benchmarks.")}
    assert reached <= allowed, reached - allowed


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


def test_the_readmes_stay_short():
    # the guide's bounds: a README a user reads through, an index of questions
    for path, bound in ((ROOT / "README.md", 300), (ROOT / "benchmarks" / "README.md", 200)):
        assert len(path.read_text().splitlines()) < bound, path
