"""A regular line on the binary model: the layered-graph flow formulation.

A line of ``L`` cells that must spell a word of a regular language
(:class:`~sudoku_models.core.automata.LineAutomaton`, from the ``regular`` kind
and the kinds that lower to it) is a path through the automaton unrolled
along the line: layer ``i`` holds the states live after ``i`` values
(:meth:`~sudoku_models.core.automata.Automaton.layers`), and an arc of layer
``i`` is a transition ``(q, v, q')`` read at the ``i``-th cell. One binary
``f[i, a]`` per arc carries one unit of flow from the start to an accepting
state:

* ``sum_{a in layer 0} f[0, a] = 1`` (the source; every arc of layer 0
  leaves the start);
* for each inner layer ``i`` and state ``q``: the flow into ``q`` from layer
  ``i - 1`` equals the flow out of it in layer ``i`` (conservation; the
  last layer's arcs all end in accepting states);
* for each cell ``c_i`` and value ``v`` with arcs: ``x[c_i, v] = sum of
  f[i, a]`` over the arcs of layer ``i`` reading ``v`` (channelling; the
  values with no arc are out of the cell's domain already).

For one line on its own the constraint matrix is a network matrix, so the
LP relaxation is integral: the formulation of M.-C. Côté, B. Gendron and
L.-M. Rousseau, "Grammar-based integer programming models for multiactivity
shift scheduling", *Management Science* 57(1), 2011 (after G. Pesant's
regular constraint, CP 2004). Rows are labelled ``regular_2_source``,
``regular_2_p3_s4`` (conservation at position 3, state 4),
``regular_2_p3_v5`` (channelling), the arc variables
``f_regular2_p3_4_v5_6`` (position 3, state 4 reads 5 to state 6), all
1-based positions.
"""

from __future__ import annotations

import numpy as np

from .model import Row


ARC_BYTES = {"milp": 1_150, "cp-bool": 650, "matrix": 500}
"""Bytes of memory one arc variable takes in each method's model (its
flow rows' share and the layers it is read from), a little under what was
measured (a regular expression over 18 cells, 221,207 arcs: milp 1,300,
cp-bool 780, matrix 620 bytes per arc, the layers included): the estimate
of :func:`estimated_bytes` errs small, so no model that fits is refused."""


def estimated_bytes(lines, method: str) -> tuple[int, str] | None:
    """The memory the arc variables of ``lines`` (the rules' automaton
    lines) would take in ``method``'s model, and what was counted; None
    without lines. Reads each line's layers, which its build reads next."""
    if not lines:
        return None
    arcs = [(sum(map(len, line.layers)), line.source) for line in lines]
    total = sum(n for n, _ in arcs)
    most, source = max(arcs)
    each = ARC_BYTES.get(method, min(ARC_BYTES.values()))
    what = f"{total:,} arc variables for its automaton lines at about {each:,} bytes each"
    if len(arcs) > 1:
        what += f"; the largest, {source or 'a sum'}, {most:,}"
    elif source:
        what += f", of the {source} line"
    return total * each, what


def automaton_rows(line, family: str, n: int, side: int,
                   first: int) -> tuple[list[Row], list[str]]:
    """The rows of ``line`` (module docstring), the ``n``-th of ``family``,
    with its arc variables numbered from ``first``; returns the rows and the
    arc variables' names."""
    name = family.replace("-", "_")
    layers = line.layers
    if not layers[0]:  # no accepted word of this length: the first cell holds no value
        cell = line.cells[0]
        return [Row(family, f"{name}_{n}_empty", cell * side + np.arange(side, dtype=np.int64),
                    np.ones(side, np.int64), 0, 0)], []
    rows: list[Row] = []
    names: list[str] = []
    numbers: list[np.ndarray] = []
    for i, arcs in enumerate(layers):
        numbers.append(first + len(names) + np.arange(len(arcs), dtype=np.int64))
        names.extend(f"f_{name}{n}_p{i + 1}_{q}_v{v}_{t}" for q, v, t in arcs)
    rows.append(Row(family, f"{name}_{n}_source", numbers[0], np.ones(len(numbers[0]), np.int64),
                    1, 1))
    for i in range(1, len(layers)):
        into_state = _by_key(layers[i - 1], 2, numbers[i - 1])  # arcs by the state they reach
        from_state = _by_key(layers[i], 0, numbers[i])  # arcs by the state they leave
        for q in sorted(from_state):
            into = into_state.get(q, numbers[i][:0])
            out = from_state[q]
            rows.append(Row(family, f"{name}_{n}_p{i + 1}_s{q}", np.concatenate([into, out]),
                            np.concatenate([np.ones(len(into), np.int64),
                                            -np.ones(len(out), np.int64)]), 0, 0))
    for i, (cell, arcs) in enumerate(zip(line.cells, layers)):
        for v, reading in sorted(_by_key(arcs, 1, numbers[i]).items()):
            rows.append(Row(family, f"{name}_{n}_p{i + 1}_v{v}",
                            np.concatenate([[cell * side + v - 1], reading]),
                            np.concatenate([[1], -np.ones(len(reading), np.int64)]), 0, 0))
    return rows, names


def _by_key(arcs, field: int, numbers: np.ndarray) -> dict[int, np.ndarray]:
    """``numbers`` (one per arc ``(state, value, next state)``) grouped by the
    arcs' ``field``, each group in the arcs' order: one stable sort, where a
    mask per state cost states x arcs (seconds on a regular expression over
    18 cells)."""
    keys = np.fromiter((arc[field] for arc in arcs), np.int64, len(arcs))
    order = np.argsort(keys, kind="stable")
    keys, grouped = keys[order], numbers[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    return {int(keys[a]): grouped[a:b] for a, b in zip(starts, [*starts[1:], len(keys)])}
