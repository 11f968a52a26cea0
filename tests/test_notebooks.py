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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes_and_draws(path):
    notebook = nbformat.read(path, as_version=4)
    assert "FULL_RUN = False" in notebook.cells[1].source  # the small run is the default
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_notebook_is_executed_with_pictures(path):
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code), "commit notebooks executed"
    assert any("image/png" in o.get("data", {}) for cell in code for o in cell.outputs)
