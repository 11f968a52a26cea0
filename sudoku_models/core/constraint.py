"""What every constraint kind stands on: the :class:`Constraint` base (a
kind's definition on a filled grid, its validation against a layout, its
lowering hooks), the five primitive families a kind lowers into
(:class:`Lowered`: all-different groups, :class:`LinearSum`,
:class:`PairRelation`, cell domains, automata), the checks kinds share, and
:data:`KINDS`, every kind by its name, filled as kinds are defined. The
kinds themselves: :mod:`.cell_kinds` (cells, pairs of neighbours, 2x2
squares, the whole grid) and :mod:`.line_kinds` (lines, outside clues,
sums); a puzzle's :class:`~.rules.Rules` holds them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from .automata import LineAutomaton
from ..errors import RulesError
from .geometry import Layout, cell_name


@dataclass(frozen=True)
class LinearSum:
    """``sum(coefficients[i] * value(cells[i])) == total``."""

    cells: tuple[int, ...]
    coefficients: tuple[int, ...]
    total: int
    source: str  # the constraint it comes from, for messages ("cage r1c1 (15)")


@dataclass(frozen=True, eq=False)
class PairRelation:
    """The values two cells may take together: ``allowed[u - 1, v - 1]`` is
    True when ``first`` may hold ``u`` while ``second`` holds ``v``
    (``(N, N)`` read-only bool array)."""

    first: int
    second: int
    allowed: np.ndarray
    source: str


@dataclass(frozen=True, eq=False)
class Lowered:
    """A puzzle's constraints in five families (see the module docstring):

    * ``groups``: all-different cell groups beyond the layout's houses
      (extra regions, cages, anti-knight and anti-king pairs), each a sorted
      tuple; ``full`` marks those with ``N`` cells (they hold every value once
      and count as houses for hidden singles).
    * ``sums``: :class:`LinearSum` equations (cage totals, arrows).
    * ``pairs``: :class:`PairRelation` tables (Kropki, XV, greater-than,
      thermometer steps, non-consecutive and the negative constraints).
    * ``domains``: ``(N*N,)`` int64 bitmasks, bit ``v - 1`` set when the cell
      may hold ``v`` (parity).
    * ``lines``: :class:`~sudoku_models.core.automata.LineAutomaton` (regular
      constraints).
    """

    groups: tuple[tuple[int, ...], ...]
    full: tuple[bool, ...]
    sums: tuple[LinearSum, ...]
    pairs: tuple[PairRelation, ...]
    domains: np.ndarray
    lines: tuple[LineAutomaton, ...] = ()


KINDS: dict[str, type[Constraint]] = {}
"""Every constraint kind by its JSON name, in the order the kinds are
defined: filled by :class:`Constraint` as each kind is defined, never
typed twice. The kinds' modules load where a constraint of theirs is
first made or read (a classic puzzle loads none);
:func:`~.rules.constraint_kinds` loads them all and returns this."""


class Constraint:
    """One constraint of a variant (see the module docstring for the kinds).

    Subclasses are frozen dataclasses holding flat 0-based cell indices; they
    set ``kind`` (the JSON name; a class whose name starts with ``_`` is a
    base of kinds, no kind itself) and implement :meth:`violations` (the rule's
    definition, on a filled grid), :meth:`_check` (validation against a
    layout) and the lowering hooks they need."""

    kind: ClassVar[str]

    def __init_subclass__(cls, **kwargs):
        """A class whose name does not start with ``_`` is a kind: it names
        itself (``kind``) and is registered in :data:`KINDS`."""
        super().__init_subclass__(**kwargs)
        if cls.__name__.startswith("_"):
            return
        if "kind" not in cls.__dict__:
            raise TypeError(f"constraint kind {cls.__name__} sets no 'kind' (its JSON name)")
        if KINDS.setdefault(cls.kind, cls) is not cls:
            raise TypeError(f"kind {cls.kind!r} is named by {KINDS[cls.kind].__name__} and "
                            f"{cls.__name__}")

    def validate(self, layout: Layout) -> None:
        """Raise :class:`RulesError` when this constraint cannot be on ``layout``."""
        for cell in self.cells_on():
            if not 0 <= cell < layout.cells:
                raise RulesError(f"{self.label(layout)}: cell {cell} is outside the "
                                 f"{layout.side}x{layout.side} grid")
        self._check(layout)

    def violations(self, values: np.ndarray, layout: Layout, context: Context) -> list[str]:
        """Why the filled grid ``values`` (``(N*N,)`` ints) breaks this
        constraint, by its definition alone; empty when it holds."""
        raise NotImplementedError

    def label(self, layout: Layout) -> str:
        """``"cage r1c1 (15)"``: the kind and where it starts, for messages."""
        cells = self.cells_on()
        return f"{self.kind} {cell_name(cells[0], layout.side)}" if cells else self.kind

    # lowering: each kind adds to the families it needs
    def groups(self, layout: Layout) -> list[tuple[int, ...]]:
        return []

    def sums(self, layout: Layout) -> list[LinearSum]:
        return []

    def pairs(self, layout: Layout, context: Context) -> list[PairRelation]:
        return []

    def domain(self, layout: Layout) -> list[tuple[int, int]]:
        """``(cell, allowed bitmask)`` restrictions."""
        return []

    def automata(self, layout: Layout) -> list[LineAutomaton]:
        return []

    def cells_on(self) -> tuple[int, ...]:
        """The cells this constraint names (a line's, a cage's, an arrow's
        circle with its cells); empty for a rule over the whole grid."""
        return getattr(self, "cells", ())

    def _check(self, layout: Layout) -> None:
        pass


@dataclass(frozen=True)
class Context:
    """What the negative constraints need to know about the others: the
    orthogonal pairs carrying a Kropki dot or an X/V (unordered, ``a < b``)."""

    dotted: frozenset[tuple[int, int]]
    xv_marked: frozenset[tuple[int, int]]


def cells_text(cells, side: int) -> str:
    """``r1c1,r1c2``: cells by name, in the given order (the field's notation)."""
    return ",".join(cell_name(c, side) for c in cells)


def check_distinct(constraint: Constraint, layout: Layout, cells) -> None:
    if len(set(cells)) != len(cells):
        seen = [c for c in cells if cells.count(c) > 1][0]
        raise RulesError(f"{constraint.label(layout)}: cell {cell_name(seen, layout.side)} "
                         f"appears twice")


def value_table(side: int, rule) -> np.ndarray:
    u = np.arange(1, side + 1)[:, None]
    v = np.arange(1, side + 1)[None, :]
    table = np.asarray(rule(u, v), dtype=bool) & np.ones((side, side), bool)
    table.setflags(write=False)
    return table
