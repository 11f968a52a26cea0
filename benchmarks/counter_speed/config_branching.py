"""Does tdoku's unit of guessing pay on our state? Branching on a value's
configuration in a band or a stack, against kernel9's branching on a cell.

Usage::

    python -m benchmarks.counter_speed config-branching [--rounds 7] [--core K]
        [--csv benchmarks/counter_speed/results/kernel_idea_configurations.csv]
    python -m benchmarks.counter_speed config-branching --report

tdoku (``src/solver_dpll_triad_simd.cc``, ``ChooseBandAndValueToBranch``)
does not guess a cell's value: in a band (or a stack) a value takes one of
six *configurations* (the row it takes in each of the band's three boxes, a
permutation), and tdoku branches on a value with the fewest configurations
left, in the band with the fewest over all values. On kernel9's state
(a value's 27-bit board per band, :mod:`sudoku_models.counter.kernel9`) a
configuration is the value's board kept to three mini-rows (in a stack:
three mini-columns), so it is a board restriction followed by kernel9's own
propagation (:func:`~sudoku_models.counter.kernel9._propagate`, to the same
fixed point: singles and locked candidates, no triads). The search here is
kernel9's loop with the branching unit swapped; the rules:

- ``cells, this loop``: kernel9's own cell rule in this loop, the control
  (the same branch nodes as kernel9: its ratio is the noise of the loop's
  shape);
- ``configurations``: tdoku's rule, the band or stack with the fewest
  configurations over its values, then its value with the fewest (at least
  two), every configuration of it in turn;
- ``cells, else configurations``: kernel9's two-candidate cell when there
  is one, else the choice with fewer branches of kernel9's cell and tdoku's
  configuration.

Timing: in one process, each collection counted to 2 by kernel9's compiled
loop (:func:`~sudoku_models.counter.kernel9.count9_many`) and by each rule,
``--rounds`` rounds alternating the order, CPU seconds
(:func:`time.process_time`) of each run recorded in ``--csv`` with the
1-minute load average at its start and the core (``--core K`` pins the
process to core K; default: the first core of its affinity set); the table
gives the median per run over rounds, the branch nodes per puzzle (one per
configuration or value tried) and the ratio to kernel9. Every count must be
1. 17clue: its first 10,000 puzzles.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numba
import numpy as np

from benchmarks.studykit.pinning import add_core_option, cores_note, pin

from sudoku_models.counter.kernel9 import (EXPAND, SHRINK, SPREAD, STATE, _bit_index,
                                           _branch_cell, _place, _popcount, _propagate, _start,
                                           _write_solution)

HERE = Path(__file__).resolve().parent
PERMUTATIONS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
# CONFIGURATIONS[m]: the 6-bit set of permutations p whose mini-rows (bit 3 * p[k] + k:
# row p[k] of the band in box k) all lie in the 9-bit mini-row mask m
CONFIGURATIONS = np.array([sum(1 << i for i, p in enumerate(PERMUTATIONS)
                               if all(m >> (3 * p[k] + k) & 1 for k in range(3)))
                           for m in range(512)], dtype=np.int64)
MINIS = np.array([sum(1 << (3 * p[k] + k) for k in range(3)) for p in PERMUTATIONS], np.int64)
ROWS = np.array(PERMUTATIONS, dtype=np.int64)
RULES = {0: "cells, this loop", 1: "configurations", 2: "cells, else configurations"}
BAND, STACK, CELL = 0, 1, 2


@numba.njit(cache=True, inline="always")
def _minis(state, value, kind, where) -> int:
    """The 9-bit mini-row mask of ``value`` in band ``where`` (``kind``
    BAND: bit ``3 * r + k``, row ``r`` in box ``k``), or its mini-column
    mask in stack ``where`` (STACK: bit ``3 * c + b``, column ``c`` in band
    ``b``)."""
    if kind == BAND:
        x = state[3 * value + where]
        return SHRINK[x & 511] | (SHRINK[(x >> 9) & 511] << 3) | (SHRINK[x >> 18] << 6)
    minis = 0
    for band in range(3):
        x = state[3 * value + band]
        minis |= SPREAD[((x | (x >> 9) | (x >> 18)) >> (3 * where)) & 7] << band
    return minis


@numba.njit(cache=True)
def _choose_configuration(state) -> tuple:
    """tdoku's choice: ``(kind, value, band or stack, configurations)``,
    kind -1 when no value has two configurations left anywhere."""
    best, kind, value, where, configurations = 1000, -1, 0, 0, 0
    for unit in range(6):  # bands, then stacks
        total, fewest, v, c = 0, 10, -1, 0
        for d in range(9):
            options = CONFIGURATIONS[_minis(state, d, unit // 3, unit % 3)]
            n = _popcount(options)
            total += n
            if 2 <= n < fewest:
                fewest, v, c = n, d, options
        if v >= 0 and total < best:
            best, kind, value, where, configurations = total, unit // 3, v, unit % 3, c
    return kind, value, where, configurations


@numba.njit(cache=True)
def _choose(state, rule) -> tuple:
    """``(kind, value, where, options)`` to branch on, kind -1 when solved;
    for a cell, ``where`` is the cell and ``options`` its candidates."""
    if rule == 1:
        return _choose_configuration(state)
    cell = _branch_cell(state)
    if cell < 0:
        return -1, 0, 0, 0
    bit = np.int64(1) << (cell % 27)
    candidates = 0
    for d in range(9):
        if state[3 * d + cell // 27] & bit:
            candidates |= 1 << d
    if rule == 2 and _popcount(candidates) > 2:
        kind, value, where, configurations = _choose_configuration(state)
        if kind >= 0 and _popcount(configurations) < _popcount(candidates):
            return kind, value, where, configurations
    return CELL, 0, cell, candidates


@numba.njit(cache=True)
def _restrict(state, kind, value, where, option) -> bool:
    """Branch ``option`` of a choice: the value placed in the cell, or the
    value's board kept to one configuration; False on a contradiction."""
    if kind == CELL:
        return _place(state, option, where // 27, where % 27)
    if kind == BAND:
        state[3 * value + where] &= EXPAND[MINIS[option]]
        return True
    shift = 3 * where
    for band in range(3):
        gone = (7 << shift) & ~(1 << (shift + ROWS[option, band]))
        state[3 * value + band] &= ~(gone * 0x40201)
    return True


@numba.njit(cache=True, nogil=True)
def count_many(puzzles, limit, rule, counts, nodes) -> None:
    """Count each of ``puzzles`` ``(P, 81)`` up to ``limit`` with branching
    ``rule`` (:data:`RULES`): ``counts[i]``, ``nodes[i]`` (branch nodes)."""
    stack = np.empty((100, STATE), np.int64)
    kinds, values = np.empty(100, np.int64), np.empty(100, np.int64)
    wheres, options = np.empty(100, np.int64), np.empty(100, np.int64)
    solution = np.empty(81, np.int32)
    for i in range(puzzles.shape[0]):
        counts[i], nodes[i] = 0, 0
        if not _start(stack[0], puzzles[i]):
            continue
        kinds[0], values[0], wheres[0], options[0] = _choose(stack[0], rule)
        if kinds[0] < 0:
            _write_solution(stack[0], solution)
            counts[i] = 1
            continue
        depth = 0
        while depth >= 0:
            left = options[depth]
            if left == 0:
                depth -= 1
                continue
            low = left & -left
            options[depth] = left ^ low
            nodes[i] += 1
            child = stack[depth + 1]
            child[:] = stack[depth]
            if not (_restrict(child, kinds[depth], values[depth], wheres[depth], _bit_index(low))
                    and _propagate(child)):
                continue
            kind, value, where, option = _choose(child, rule)
            if kind < 0:
                if counts[i] == 0:
                    _write_solution(child, solution)
                counts[i] += 1
                if counts[i] >= limit:
                    break
                continue
            depth += 1
            kinds[depth], values[depth], wheres[depth], options[depth] = kind, value, where, option


def measure(rounds: int, core=None) -> list[dict]:
    from sudoku_models import read_grids
    from sudoku_models.counter import kernel9
    from sudoku_models.counter.core import NODES, new_control

    rows = []
    for name in ("17clue", "top1465", "top95"):
        grids = np.ascontiguousarray(read_grids(name)
                                     .grids.reshape(-1, 81)[:10_000], dtype=np.int32)
        n = len(grids)
        counts, nodes = np.zeros(n, np.int64), np.zeros(n, np.int64)
        control, none = new_control(), np.zeros((0, 81), np.int32)
        kernel9.count9_many(grids, 2, counts, none, control)
        effort = {"kernel9 (cells)": control[NODES] / n}
        runs = {"kernel9 (cells)": lambda: kernel9.count9_many(grids, 2, counts, none,
                                                               new_control())}
        for rule, label in RULES.items():
            count_many(grids, 2, rule, counts, nodes)
            if not (counts == 1).all():
                sys.exit(f"{name}: rule {label!r} counts {sorted(set(counts.tolist()))}")
            effort[label] = nodes.mean()
            runs[label] = lambda rule=rule: count_many(grids, 2, rule, counts, nodes)
        for r in range(rounds):
            for label in (list(runs) if r % 2 == 0 else list(runs)[::-1]):
                load = os.getloadavg()[0]
                start = time.process_time()
                runs[label]()
                rows.append({"collection": name, "rule": label, "round": r, "puzzles": n,
                             "cpu_seconds": time.process_time() - start,
                             "nodes_per_puzzle": effort[label], "load": round(load, 2),
                             "core": core})
        print(f"{name}: done", file=sys.stderr, flush=True)
    return rows


def report(csv: Path) -> str:
    """The table of the runs recorded in ``csv``."""
    import pandas as pd

    frame = pd.read_csv(csv)
    med = frame.groupby(["collection", "rule"], sort=False).agg(
        cpu_seconds=("cpu_seconds", "median"), puzzles=("puzzles", "first"),
        nodes=("nodes_per_puzzle", "first"))
    lines = ["| collection | branching | us/puzzle | branch nodes/puzzle | / kernel9 |",
             "| --- | --- | ---: | ---: | ---: |"]
    for (name, rule), row in med.iterrows():
        base = med.loc[(name, "kernel9 (cells)")].cpu_seconds
        lines.append(f"| {name} | {rule} | {1e6 * row.cpu_seconds / row.puzzles:.2f} | "
                     f"{row.nodes:.2f} | {row.cpu_seconds / base:.2f} |")
    where = cores_note(frame)
    lines.append(f"\nload average: {frame.load.min():.1f}-{frame.load.max():.1f}; "
                 f"{frame['round'].max() + 1} rounds{where}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--csv", type=Path,
                        default=HERE / "results" / "kernel_idea_configurations.csv")
    parser.add_argument("--report", action="store_true",
                        help="only print the table of the runs recorded in --csv")
    add_core_option(parser)
    args = parser.parse_args()
    if not args.report:
        import pandas as pd

        core = pin(parser, args.core)
        pd.DataFrame(measure(args.rounds, core)).to_csv(args.csv, index=False)
    print(report(args.csv))


if __name__ == "__main__":
    main()
