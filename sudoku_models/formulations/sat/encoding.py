"""The CNF encodings of the classic rules (the binary model as clauses).

Sources: I. Lynce and J. Ouaknine, "Sudoku as a SAT problem" (AIMATH 2006),
and G. Kwon and H. Jain, "Optimized CNF encoding for Sudoku puzzles"
(LPAR 2006). Variable ``v`` of :mod:`..milp.binary_model` (cell
``(i, j)`` holds ``k + 1``) is the DIMACS literal ``v + 1``.

* ``sat-minimal`` (Lynce and Ouaknine's minimal encoding): every cell holds
  at least one value (one clause per cell), and every value is at most once
  in each row, column and box (one binary clause ``-a -b`` per pair of
  variables in each row/column/box group). That a cell holds at most one
  value follows: a cell with two values leaves some house short of a value.
* ``sat-extended`` adds what is redundant for correctness: at most one value
  per cell (pairwise) and every value at least once in every house (one
  clause per house and value). Unit propagation on those clauses is what a
  human solver calls naked and hidden singles, so many puzzles need no search.

At-most-one is written pairwise (``s*(s-1)/2`` clauses per group), as in
both papers. With more values than cells per house (``V > s``,
:meth:`~sudoku_models.core.geometry.Layout.with_values`) a house need not hold
every value: no at-least-one clause per house and value, and both
encodings keep at most one value per cell (the minimal encoding's
argument for leaving it out needs every value in every house).
"""

from __future__ import annotations

import functools

import numpy as np

from ..binary.model import binary_model

ENCODINGS = ("minimal", "extended")
"""The encodings of the rules: ``sat-minimal`` and ``sat-extended``."""


@functools.cache
def rule_clauses(layout, encoding: str) -> tuple[np.ndarray, ...]:
    """The clauses of the rules of ``layout`` (a
    :class:`~sudoku_models.core.geometry.Layout` or an int order) in ``encoding`` (``"minimal"`` or
    ``"extended"``), as read-only int32 arrays of DIMACS literals, one array
    per clause width: at-least-one clauses ``(m, s)`` (``(m, V)``, the cells
    only, with more values than cells) and at-most-one pairs ``(m, 2)``.
    Built from :func:`~..milp.binary_model.binary_model`.
    Raises ``ValueError`` for an unknown encoding."""
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {', '.join(ENCODINGS)}, got {encoding!r}")
    model = binary_model(layout)
    houses = ("row", "column", "box")
    at_least = ("cell",) + (houses if encoding == "extended" and model.exact else ())
    at_most = houses + (("cell",) if encoding == "extended" or not model.exact else ())
    literals = {family: (group + 1).astype(np.int32) for family, group in model.groups.items()}
    pairs = []
    for family in at_most:
        first, second = np.triu_indices(literals[family].shape[1], 1)
        pairs.append(np.stack([-literals[family][:, first], -literals[family][:, second]],
                              axis=2).reshape(-1, 2))
    blocks = (np.concatenate([literals[f] for f in at_least]), np.concatenate(pairs))
    for block in blocks:
        block.setflags(write=False)
    return blocks


@functools.cache
def rule_clause_list(layout, encoding: str) -> list[list[int]]:
    """:func:`rule_clauses` as one list of clauses (lists of ints), the form
    PySAT takes; cached, do not modify."""
    return [clause for block in rule_clauses(layout, encoding) for clause in block.tolist()]
