"""The Interactive Sudoku Solver's own benchmark, run on its checkout:
``tools/perf/benchmark_puzzles.js`` counting to two, its JSON rows and the
CPU seconds of its node process. Shared by the studies that time the
solver (:mod:`.race`, :mod:`.thermo_snipes`, :mod:`.tarek_killers`,
:mod:`.read_and_solve`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from benchmarks.studykit.pinning import children_cpu


def iss_rows(folder: str, *options: str, timeout: float | None = None) -> tuple[list[dict], float]:
    """The rows of the Interactive Sudoku Solver's own benchmark counting to
    two: ``node tools/perf/benchmark_puzzles.js --max-backtracks none
    --solutions 2 --json`` and ``options`` (``"--puzzles", "TAREK_ALL"`` or
    ``"--input-file", F``; ``"--repeat", "3"``) in the checkout ``folder``.
    Returns its JSON rows and the CPU seconds of the node process; raises
    ``subprocess.TimeoutExpired`` past ``timeout`` seconds (the process
    killed), ``CalledProcessError`` if it fails and ``ValueError`` if it
    printed no rows."""
    import json

    before = children_cpu()
    done = subprocess.run(["node", "tools/perf/benchmark_puzzles.js", "--max-backtracks", "none",
                           "--solutions", "2", *options, "--json"],
                          cwd=folder, check=True, capture_output=True, text=True,
                          timeout=timeout)
    return json.loads(done.stdout[done.stdout.index("["):]), children_cpu() - before


def iss_benchmark(folder: str, source: str, temp: str, *options: str,
                  timeout: float | None = None) -> tuple[dict, float]:
    """:func:`iss_rows` of one puzzle, ``source`` written to a file in the
    folder ``temp``: its row and the CPU seconds of the node process."""
    path = Path(temp) / "puzzle.txt"
    path.write_text(source)
    rows, cpu = iss_rows(folder, "--input-file", str(path), *options, timeout=timeout)
    return rows[0], cpu
