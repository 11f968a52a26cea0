"""One row per puzzle and method, in the schema of :mod:`.results`: what a
row says of a solve (status, verification, times, CPU seconds, solver
statistics, the solution's hash), of its puzzle (a line that gives it back
and that line's hash) and of where it ran (toolkit and Python versions,
machine, load, core). ``solve --out`` and the benchmark's workers make
their rows here."""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import platform
from functools import cache

from .. import cores
from ..puzzle import Puzzle
from ..result import Status
from ..solving import Solved
from .results import STAT_NAMES


def puzzle_line(puzzle: Puzzle) -> str:
    """One line that gives the puzzle back (:func:`line_puzzle`): the line
    format for a classic puzzle, its JSON (layout, constraints) otherwise."""
    from ..formats.toolkit_json import to_json

    if puzzle.order is not None and not puzzle.constraints:
        return puzzle.to_string()
    return json.dumps(to_json(puzzle), separators=(",", ":"))


def line_puzzle(line: str, name: str) -> Puzzle:
    """The puzzle of a :func:`puzzle_line`, named ``name``."""
    from ..formats.toolkit_json import from_json
    from ..puzzle import Puzzle

    if line.startswith("{"):
        puzzle = from_json(line)
        return Puzzle(puzzle.grid, puzzle.rules, name)
    return Puzzle.from_string(line, name=name)


def puzzle_hash(puzzle: Puzzle) -> str:
    """Short content hash of a puzzle (first 12 hex digits of SHA-1 of its
    :func:`puzzle_line`, so two variants that differ only in their rules
    differ here too)."""
    return hashlib.sha1(puzzle_line(puzzle).encode()).hexdigest()[:12]


@cache
def environment() -> dict:
    """Toolkit and Python versions, CPU model and core count of this process's
    machine: the columns every row carries."""
    from .. import __version__

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as handle:
            names = [line.split(":", 1)[1].strip() for line in handle
                     if line.startswith("model name")]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    return {"toolkit": __version__, "python": platform.python_version(), "machine": cpu,
            "cores": os.cpu_count(), "host": platform.node()}


def _grid_hash(grid) -> str:
    return hashlib.sha1(" ".join(map(str, grid.ravel())).encode()).hexdigest()[:12]


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def load_average() -> float | None:
    """The 1-minute load average (rounded to 0.01), or None where there is none."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def make_row(base: dict, index: int, puzzle: Puzzle, **fields) -> dict:
    """The row of puzzle ``index`` with the run's ``base`` (dataset, method,
    options, repetition and the settings of :data:`~.results.SETTINGS`,
    executor) and the outcome ``fields`` (``status``, ``verified``, ...)."""
    return {**base, "index": index, "puzzle": puzzle.name, "puzzle_hash": puzzle_hash(puzzle),
            "order": puzzle.order, "clues": puzzle.num_clues, **environment(),
            "timestamp": _now(), **fields}


def solved_row(base: dict, solved: Solved, load: float | None = None) -> dict:
    """The results row of one :class:`~sudoku_models.solving.Solved` with
    the run's ``base`` (:func:`make_row`): its status and verification, wall and CPU seconds, solver
    statistics, solution hash, and where it ran (``load_1min`` at its
    start, ``core`` when pinned)."""
    where = {"cpu_s": solved.cpu_seconds, "load_1min": load, "core": cores.pinned()}
    result = solved.result
    if result is None:
        return make_row(base, solved.index, solved.puzzle, status=Status.ERROR.value,
                        verified=False, error=solved.error, **where)
    done = result.status.solved
    row = make_row(base, solved.index, solved.puzzle, status=result.status.value,
                   verified=solved.verified, build_s=result.build_seconds,
                   solve_s=result.solve_seconds, solver=result.solver,
                   solution_hash=_grid_hash(result.grid) if done else None,
                   solutions=result.stats.get("solutions", 1) if done
                   else 0 if result.status is Status.INFEASIBLE else None, **where)
    row.update({column: result.stats[name] for name, column in STAT_NAMES.items()
                if name in result.stats})
    return row
