"""Every notebook executes top to bottom (small samples) and its saved
outputs show pictures."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert {p.stem for p in NOTEBOOKS} == {"first_models", "milp_vs_cp", "solver_based_milp",
                                           "bipartite_matching", "benchmark_results", "difficulty",
                                           "phase_transition", "teaching", "counting_grids",
                                           "variants"}


# Run before and after a notebook's own cells (in its kernel): warm-up, then the numba
# functions of the toolkit that gained a signature while the notebook ran (issue 45).
BEFORE = """
import sys as _sys
from numba.core.registry import CPUDispatcher as _Dispatcher
from sudoku_models.cli import main as _main
_main(["warm-up"])
def _signatures():
    return {f"{name}.{attribute}": len(value.signatures)
            for name, module in list(_sys.modules.items())
            if name.startswith(("generator", "sudoku_models"))
            for attribute, value in list(vars(module).items()) if isinstance(value, _Dispatcher)}
_before = _signatures()
"""
AFTER = """
_after = _signatures()
print("compiled after warm-up:", sorted(n for n in _after if _after[n] != _before.get(n, 0)))
"""


# The two notebooks that run a study's code on a live sample (25-33 s each in
# the suite) run with -m slow; tests/test_studies_*.py cover that code in CI.
STUDY_NOTEBOOKS = {"difficulty", "phase_transition"}


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow)
                                  if p.stem in STUDY_NOTEBOOKS else p for p in NOTEBOOKS],
                         ids=lambda p: p.stem)
def test_notebook_executes_and_draws(path):
    """Also: after ``warm-up`` the notebook adds no compiled signature to the
    toolkit's kernels (the counting notebook compiled the bands' kernel)."""
    notebook = nbformat.read(path, as_version=4)
    assert "FULL_RUN = False" in notebook.cells[1].source  # the small run is the default
    notebook.cells.insert(0, nbformat.v4.new_code_cell(BEFORE))
    notebook.cells.append(nbformat.v4.new_code_cell(AFTER))
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)
    said = "".join(o.get("text", "") for o in notebook.cells[-1].outputs)
    assert said.strip() == "compiled after warm-up: []"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_notebook_is_executed_with_pictures(path):
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code), "commit notebooks executed"
    assert any("image/png" in o.get("data", {}) for cell in code for o in cell.outputs)
