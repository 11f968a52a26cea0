"""Every module imports where there is no ``fcntl`` (Windows): issue 32."""

import subprocess
import sys

SCRIPT = """
import importlib, pkgutil, sys
sys.modules["fcntl"] = None  # `import fcntl` raises ImportError, as on Windows
imported, failed = 0, []
for package in ("sudoku_models", "generator"):
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        try:
            importlib.import_module(info.name)
            imported += 1
        except ImportError as exc:
            failed.append(f"{info.name}: {exc}")
print(imported)
print("\\n".join(failed))
"""


def test_every_module_imports_with_fcntl_blocked():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         check=True, timeout=600).stdout.splitlines()
    assert int(out[0]) > 50  # the walk reached the whole package
    assert out[1:] == [] or out[1:] == [""], out[1:]


def test_the_results_file_still_locks_against_a_second_run(tmp_path, monkeypatch):
    import pytest

    from sudoku_models.records import results

    monkeypatch.setattr(results, "_LOCK_TIMEOUT", 0.1)
    first = results.ResultsFile(tmp_path / "runs.csv")
    try:
        with pytest.raises(results.ResultsFileError, match="in use by another run"):
            results.ResultsFile(tmp_path / "runs.csv")
    finally:
        first.close()
    results.ResultsFile(tmp_path / "runs.csv").close()  # free again once closed
