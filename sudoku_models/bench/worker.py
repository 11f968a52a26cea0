"""Solving a chunk: one model per method, order and options, each puzzle
solved, verified and turned into a row of the results file
(:mod:`sudoku_models.records.results`).

The same code runs in a local worker process and in a Dask worker's
thread, on top of the solving pipeline (:func:`~sudoku_models.solving.solve_one`
with one :class:`~sudoku_models.solving.Models` per thread, so a chunk runs
in batch mode: each new puzzle only changes the clues). A chunk crosses a
process boundary, so its puzzles travel as text (:func:`.datasets.puzzle_line`).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from dataclasses import replace
from collections.abc import Callable

from ..puzzle import Puzzle
from ..solving import Models, Solved, solve_one
from ..records.rows import line_puzzle, load_average, solved_row
from .plan import Chunk, Item


_local = threading.local()  # per thread: its models (see thread_models)


def thread_models(chunk: Chunk) -> Models:
    """This thread's models for the chunk's settings (time and CPU limits,
    log, threads), kept across chunks: a chunk runs in batch mode, each new
    puzzle only changing the clues."""
    kept = _local.__dict__.setdefault("models", {})
    key = (chunk.time_limit, chunk.cpu_limit, chunk.log, chunk.base["threads"], chunk.warmup)
    if key not in kept:
        kept[key] = Models(chunk.time_limit, chunk.cpu_limit, warmup=chunk.warmup, log=chunk.log,
                           threads=chunk.base["threads"])
    return kept[key]


def solve_row(chunk: Chunk, item: Item, puzzle: Puzzle, load: float | None) -> dict:
    """Solve one puzzle of ``chunk`` with this thread's models
    (:func:`~sudoku_models.solving.solve_one`) and return its row, with
    ``load`` (the load average as the solve starts); a method's exception
    becomes an ``ERROR`` row, its traceback printed. An item with a
    ``permutation`` solves that isomorphic copy of ``puzzle``
    (:func:`~sudoku_models.symmetry.copies`, drawn with the run's seed) and
    its answer, moved back, is verified against ``puzzle`` itself."""
    models = thread_models(chunk)
    if item.permutation is None:
        solved = solve_one(models, item.index, puzzle, chunk.method, chunk.options)
    else:
        copy = _copy(puzzle, item.permutation, chunk.base["seed"])
        solved = on_original(solve_one(models, item.index, copy.puzzle, chunk.method,
                                       chunk.options), copy)
    if solved.error is not None:
        print(f"{chunk.method} on {puzzle.name or item.index}: {solved.error}", file=sys.stderr)
    return solved_row({**chunk.base, "permutation": item.permutation}, solved, load)


def _copy(puzzle: Puzzle, permutation: int, seed: int):
    from ..symmetry import copies

    return copies(puzzle, permutation + 1, seed)[permutation]


def on_original(solved: Solved, copy) -> Solved:
    """``solved``, a solve of the isomorphic ``copy``
    (:class:`~sudoku_models.symmetry.Isomorph`), as a solve of the original:
    its grid moved back and verified against the original puzzle."""
    from ..checking import verify

    result = solved.result
    if result is None or result.grid is None:
        return replace(solved, puzzle=copy.original)
    grid = copy.original_grid(result.grid)
    return replace(solved, puzzle=copy.original, result=replace(result, grid=grid),
                   verified=bool(result.status.solved and verify(copy.original, grid)))


def _puzzles(chunk: Chunk) -> list[tuple[Item, Puzzle]]:
    return [(item, line_puzzle(item.line, item.name)) for item in chunk.items]


def run_chunk(chunk: Chunk, report: Callable[[str, object], None] | None = None) -> list[dict]:
    """Solve a chunk in this thread (a worker's); returns one row per puzzle.
    ``report`` (local workers) is told ``("start", (key, cpu, load))``
    before every timed solve, after its configuration's untimed warm-up
    (:func:`~sudoku_models.solving.warm_up`; ``key``: the item's
    :attr:`~.plan.Item.key`; ``cpu``: this process's CPU
    seconds so far, ``load``: the 1-minute load average, so that a solve
    stopped from outside still gets its CPU seconds and load), and
    ``("row", row)`` after each timed one."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    tell = report or (lambda kind, value: None)
    models = thread_models(chunk)
    models.prepare(chunk.method)  # before any "start", so outside every limit
    puzzles = _puzzles(chunk)

    rows = []
    for item, puzzle in puzzles:
        models.prepare(chunk.method, puzzle.rules, chunk.options)  # the warm-up: untimed
        load = load_average()
        tell("start", (item.key, time.process_time(), load))
        rows.append(solve_row(chunk, item, puzzle, load))
        tell("row", rows[-1])
    return rows
