"""Where the grid is in a model a user wrote: the convention of
:func:`sudoku_models.register_model`, read once per model.

A model a user writes (a Pyomo ``ConcreteModel`` or a CP-SAT ``CpModel``
built from a puzzle) says where its answer is by handing over its grid
variables, in one of two forms, whatever their labels:

* ``x``: a mapping keyed by ``(row, column, value)`` triples of 0/1
  variables, ``x[i, j, k] = 1`` when cell ``(i, j)`` holds the ``k``-th
  value: a Pyomo ``Var`` indexed by three sets, or a ``dict`` of CP-SAT
  ``BoolVar``; a triple the model leaves out (a digit it never allows
  there) reads as 0;
* ``cells``: the cells' values themselves, the digits ``1..N``: an
  ``N x N`` nested list or array, or a mapping keyed by ``(row, column)``
  pairs (OR-Tools' own Sudoku sample keys its grid so).

The labels of rows, columns and values are taken in sorted order, so
``RangeSet(1, 9)`` (JuMP's tutorial) and ``range(9)`` (the toolkit's
``milp``) both work: the first row label is the grid's top row, the first
value label the digit 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np


class ModelConventionError(ValueError):
    """A model a user wrote that does not follow the convention of
    :func:`sudoku_models.register_model`: its function returned something
    else than the model (and its grid variables), or the grid variables do
    not cover the grid."""


class GridVariables(NamedTuple):
    """The grid variables of a model in cell order: ``kind`` ``"x"`` (then
    ``variables`` holds ``N*N*V`` entries in ``(row, column, value)`` order,
    None where the model has none) or ``"cells"`` (``N*N`` entries, row by
    row)."""

    kind: str
    variables: list

    def grid(self, values: Sequence[float], side: int) -> np.ndarray:
        """The ``(side, side)`` grid of digits from ``values`` (one number
        per entry of :attr:`variables`, 0 for a missing one): for ``x`` the
        digit whose variable is 1 (0 where none is), for ``cells`` the values."""
        array = np.rint(np.asarray(values, dtype=float)).astype(int)
        if self.kind == "cells":
            return array.reshape(side, side)
        per_cell = array.reshape(side * side, -1)
        digits = np.argmax(per_cell, axis=1) + 1
        return np.where(per_cell.max(axis=1) > 0, digits, 0).reshape(side, side)


def grid_variables(variables: Any, side: int, values: int, where: str) -> GridVariables:
    """The :class:`GridVariables` of ``variables`` (see the module
    docstring) for a grid of ``side`` cells per row and ``values`` digits.
    ``where`` names the model in messages. Raises
    :class:`ModelConventionError` naming what does not fit: keys that are
    not pairs or triples, more or fewer row, column or value labels than
    the grid has, a cell without a variable."""
    if hasattr(variables, "items") and callable(variables.items):
        entries = list(variables.items())
        if not entries:
            raise ModelConventionError(f"{where}: the grid variables are empty")
        keys = [key if isinstance(key, tuple) else (key,) for key, _ in entries]
        width = {len(key) for key in keys}
        if width not in ({2}, {3}):
            raise ModelConventionError(
                f"{where}: the grid variables must be keyed by (row, column, value) triples "
                f"(x) or (row, column) pairs (cells), got keys such as {entries[0][0]!r}")
        arity = width.pop()
        labels = [_labels([key[axis] for key in keys], expected, name, where)
                  for axis, (expected, name) in enumerate(
                      [(side, "row"), (side, "column"), (values, "value")][:arity])]
        if arity == 3:
            flat: list = [None] * (side * side * values)
            for key, (_, var) in zip(keys, entries):
                flat[(labels[0][key[0]] * side + labels[1][key[1]]) * values
                     + labels[2][key[2]]] = var
            return GridVariables("x", flat)
        flat = [None] * (side * side)
        for key, (_, var) in zip(keys, entries):
            flat[labels[0][key[0]] * side + labels[1][key[1]]] = var
        if any(var is None for var in flat):
            raise ModelConventionError(f"{where}: the cells {_first_missing(flat, side)} "
                                       "have no variable")
        return GridVariables("cells", flat)
    array = np.empty((side, side), dtype=object)
    try:
        rows = list(variables)
        if len(rows) != side or any(len(list(row)) != side for row in rows):
            raise ValueError
        for i, row in enumerate(rows):
            for j, var in enumerate(row):
                array[i, j] = var
    except (TypeError, ValueError):
        raise ModelConventionError(
            f"{where}: the grid variables must be a mapping keyed by (row, column, value) "
            f"(x) or (row, column) (cells), or a {side}x{side} nested list of the cells' "
            f"variables, got {type(variables).__name__}") from None
    return GridVariables("cells", array.ravel().tolist())


def _labels(found: list, expected: int, name: str, where: str) -> dict:
    """Each distinct label of one axis -> its position in sorted order;
    :class:`ModelConventionError` unless there are ``expected`` of them."""
    distinct = sorted(set(found))
    if len(distinct) != expected:
        raise ModelConventionError(
            f"{where}: the grid variables have {len(distinct)} {name} labels "
            f"({_shown(distinct)}), the grid {expected}")
    return {label: at for at, label in enumerate(distinct)}


def _shown(labels: list) -> str:
    return ", ".join(map(repr, labels[:4])) + (", ..." if len(labels) > 4 else "")


def _first_missing(flat: list, side: int) -> str:
    cells = [f"r{at // side + 1}c{at % side + 1}" for at, var in enumerate(flat) if var is None]
    return ", ".join(cells[:3]) + (", ..." if len(cells) > 3 else "")
