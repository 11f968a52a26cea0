"""The rules of a puzzle beyond its layout: the constraints of Sudoku variants.

A puzzle is its :class:`~sudoku_models.core.geometry.Layout` (rows, columns,
regions), its clues and a tuple of constraints, each one of the kinds below
(cells are flat indices ``row * N + column``, 0-based; the JSON format names
them ``r1c1``):

=================  ==========================================================
kind               rule
=================  ==========================================================
``region``         extra all-different region: the diagonals of X-Sudoku
                   (:func:`diagonals`), Windoku's windows (:func:`windoku`),
                   disjoint groups (:func:`disjoint_groups`), any set of at
                   most ``N`` cells
``cage``           killer cage: its cells all different and, if ``total`` is
                   given, summing to it (cages may overlap)
``anti-knight``    cells a chess knight's move apart differ
``anti-king``      cells a king's move apart (diagonally touching) differ
``non-consecutive`` orthogonal neighbours never hold consecutive values
``kropki``         a dot between two orthogonal neighbours: ``white``, values
                   differing by ``value`` (1: consecutive); ``black``, one
                   ``value`` times the other (2)
``kropki-negative`` every pair of orthogonal neighbours with no dot at all is
                   neither consecutive (``white`` in ``colors``) nor in ratio
                   2 (``black``): "all dots are given"
``xv``             X (sum 10) or V (sum 5) between two orthogonal neighbours
``xv-negative``    every pair of orthogonal neighbours with no X or V sums
                   to neither 10 nor 5
``greater``        the first cell holds a larger value than the second
``thermometer``    values strictly increase from the bulb (the first cell)
``arrow``          the values on the arrow sum to the value in its circle
``parity``         the cells hold ``odd`` (or ``even``) values
``candidates``     candidate (pencil-mark) givens: each cell holds one of
                   ``values``
``whispers``       German whispers (``gap`` 5) or Dutch (4): neighbours along
                   the line differ by at least ``gap``
``renban``         the line holds consecutive values, each once, any order
``palindrome``     the line reads the same from both ends
``fortress``       each cell holds more (``maximum``) or less (``minimum``)
                   than every orthogonal neighbour
``clones``         a clone: ``cells[i]`` holds what ``clones[i]`` holds
``regular``        the line's values spell a word of a regular language: a
                   regular expression over digits (``pattern``) or a finite
                   automaton (``transitions``, ``start``, ``accepting``)
``little-killer``  the values on a diagonal (``cells``, from the clue outside
                   the grid) sum to ``total``; values may repeat
``sandwich``       the values between the 1 and the ``N`` of a row or column
                   sum to ``total``
``x-sum``          the first ``X`` values of a row or column (``cells`` from
                   the clue), ``X`` the first of them, sum to ``total``
``skyscraper``     ``count`` values of a row or column are visible from the
                   clue (``cells`` from it): those taller than all before
``hidden-skyscraper`` the first value of a row or column (from the clue)
                   smaller than one before it is ``value``
``numbered-room``  the ``X``-th value of a row or column (from the clue) is
                   ``value``, ``X`` the first value
``sum``            the values of ``cells`` sum to ``total`` (repeats allowed;
                   a cell listed twice counts twice)
``pill-arrow``     the ``pill`` cells, read as a number (digits in order),
                   equal the sum of the arrow's ``cells``
``double-arrow``   the two ends of the line sum to the values between them
``zipper``         values the same distance from the middle of the line have
                   one sum: the middle value (odd length) or a common one
``sum-line``       the line cuts into segments that each sum to ``total``
                   (a ``loop``: one segment may run through the ends)
``modular``        every ``modulus`` consecutive values on the line differ
                   modulo ``modulus``
``entropic``       every 3 consecutive values on the line are one low, one
                   middle, one high (1-3, 4-6, 7-9 on a 9x9)
``quadruple``      the four cells of a 2x2 square hold every one of
                   ``values`` (as often as listed)
``lunchbox``       different values; those between the smallest and the
                   largest sum to ``total``
``between``        the values inside the line lie strictly between its ends'
``lockout``        the ends differ by ``gap`` or more, no value inside lies
                   between them (ends included)
``rellik-cage``    different values, no selection of which sums to ``total``
``region-sum-line`` each run of the line in one region has the same sum
``pairwise``       every two consecutive (``pairs_of`` ``"all"``: every two)
                   cells hold one of the ``allowed`` value pairs
``indexing``       a cell in column ``c`` holding ``v``: column ``v`` of its
                   row holds ``c`` (``direction`` ``"row"``: the same by rows)
``anti-taxicab``   two cells ``d`` steps apart do not both hold ``d``
``global-entropy`` every 2x2 square holds a low, a middle and a high value
``or``             one of ``branches`` (each a tuple of constraints) holds
``global-mod``     every 2x2 square holds one value of each class modulo 3
``counting-circles`` a value in the circles appears there as often as it says
``equality-cage``  different values, as many even as odd, low as high
``count-distinct`` the first cell counts the different values of the others
``same-values``    ``cells`` cut into ``sets`` equal sets hold the same values
``equal-sum``      the segments of ``cells`` (``sizes`` long) have one sum
=================  ==========================================================

Every kind has one definition of what it means for a filled grid
(:meth:`Constraint.violations`, the independent checker behind
:func:`~sudoku_models.verify`), one validation against a layout (a
:class:`~sudoku_models.errors.PuzzleFormatError` naming what is wrong and
where), and one lowering into five primitive families that models and
searches can read (:class:`Lowered`): extra all-different groups, linear
sums, allowed value pairs on two cells, cell domains, and lines spelling
words of a regular language (:class:`~sudoku_models.core.automata.LineAutomaton`). Each formulation
models each kind natively from the kind itself or from these families.

Sources for the kinds: the f-puzzles / SudokuPad constraint set (its JSON
names), cpmpy's examples (killer, thermo, Kropki), Sudoku Explainer's
variants (X, Windoku, anti-king, anti-knight, non-consecutive), the
Interactive Sudoku Solver's constraint types (whispers, renban,
palindrome, candidate givens, regular expression lines;
github.com/sigh/Interactive-Sudoku-Solver).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations
from typing import ClassVar

import numpy as np

from .automata import (Automaton, LineAutomaton, between_automaton, classes_automaton,
                       balance_automaton, count_automaton, different_automaton,
                       distinct_automaton,
                       either_automaton, equality_automaton, linear_automaton,
                       table_automaton, value_set_automaton,
                       from_pattern, from_transitions, hidden_skyscraper_automaton,
                       lockout_automaton, rellik_automaton, sum_loop_automaton, multiset_automaton,
                       lunchbox_automaton, numbered_room_automaton, sandwich_automaton, skyscraper_automaton,
                       sum_line_automaton, window_automaton, x_sum_automaton)
from ..errors import RulesError
from .geometry import Layout, cell_name


# -- the primitive families --------------------------------------------------


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


# -- the constraint kinds ----------------------------------------------------


class Constraint:
    """One constraint of a variant (see the module docstring for the kinds).

    Subclasses are frozen dataclasses holding flat 0-based cell indices; they
    set ``kind`` (the JSON name) and implement :meth:`violations` (the rule's
    definition, on a filled grid), :meth:`_check` (validation against a
    layout) and the lowering hooks they need."""

    kind: ClassVar[str]

    def validate(self, layout: Layout) -> None:
        """Raise :class:`RulesError` when this constraint cannot be on ``layout``."""
        for cell in self._cells():
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
        cells = self._cells()
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

    def _cells(self) -> tuple[int, ...]:
        return getattr(self, "cells", ())

    def _check(self, layout: Layout) -> None:
        pass


@dataclass(frozen=True)
class Context:
    """What the negative constraints need to know about the others: the
    orthogonal pairs carrying a Kropki dot or an X/V (unordered, ``a < b``)."""

    dotted: frozenset[tuple[int, int]]
    xv_marked: frozenset[tuple[int, int]]


def _name_cells(cells, side: int) -> str:
    return ",".join(cell_name(c, side) for c in cells)


def _distinct(constraint: Constraint, layout: Layout, cells) -> None:
    if len(set(cells)) != len(cells):
        seen = [c for c in cells if cells.count(c) > 1][0]
        raise RulesError(f"{constraint.label(layout)}: cell {cell_name(seen, layout.side)} "
                         f"appears twice")


def _orthogonal(a: int, b: int, side: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, side), divmod(b, side)
    return abs(ra - rb) + abs(ca - cb) == 1


def _two_cells(constraint: Constraint, layout: Layout, adjacent: bool = True) -> None:
    if len(constraint.cells) != 2:
        raise RulesError(f"{constraint.kind}: a relation between two cells, got "
                         f"{len(constraint.cells)} ({_name_cells(constraint.cells, layout.side)})")
    a, b = constraint.cells
    if a == b:
        raise RulesError(f"{constraint.label(layout)}: a relation between "
                         f"{cell_name(a, layout.side)} and itself")
    if adjacent and not _orthogonal(a, b, layout.side):
        raise RulesError(f"{constraint.label(layout)}: {cell_name(a, layout.side)} and "
                         f"{cell_name(b, layout.side)} are not orthogonal neighbours")


def _table(side: int, rule) -> np.ndarray:
    u = np.arange(1, side + 1)[:, None]
    v = np.arange(1, side + 1)[None, :]
    table = np.asarray(rule(u, v), dtype=bool) & np.ones((side, side), bool)
    table.setflags(write=False)
    return table


@dataclass(frozen=True)
class Region(Constraint):
    """An extra all-different region of at most ``N`` cells (with ``N``
    cells it holds every value once)."""

    kind: ClassVar[str] = "region"
    cells: tuple[int, ...]
    name: str = ""

    def label(self, layout):
        return f"region {self.name!r}" if self.name else super().label(layout)

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if not 2 <= len(self.cells) <= layout.values:
            raise RulesError(f"{self.label(layout)}: a region has 2 to {layout.values} cells, "
                             f"got {len(self.cells)}")

    def violations(self, values, layout, context):
        held = values[list(self.cells)]
        return [] if len(set(held.tolist())) == len(held) else [
            f"{self.label(layout)} repeats a value"]

    def groups(self, layout):
        return [tuple(sorted(self.cells))]


@dataclass(frozen=True)
class Cage(Constraint):
    """A killer cage: its cells all different and, when ``total`` is given,
    summing to it."""

    kind: ClassVar[str] = "cage"
    cells: tuple[int, ...]
    total: int | None = None

    def label(self, layout):
        shown = "" if self.total is None else f" ({self.total})"
        return f"cage {cell_name(min(self.cells), layout.side)}{shown}" if self.cells else "cage"

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        size, side = len(self.cells), layout.values
        if not 1 <= size <= side:
            raise RulesError(f"{self.label(layout)}: a cage has 1 to {side} cells, got {size}")
        if self.total is not None:
            low, high = size * (size + 1) // 2, size * (2 * side - size + 1) // 2
            if not low <= self.total <= high:
                raise RulesError(
                    f"{self.label(layout)}: {size} different values in 1..{side} sum to "
                    f"{low}..{high}, not {self.total}")

    def violations(self, values, layout, context):
        held = values[list(self.cells)]
        found = []
        if len(set(held.tolist())) != len(held):
            found.append(f"{self.label(layout)} repeats a value")
        if self.total is not None and int(held.sum()) != self.total:
            found.append(f"{self.label(layout)} sums to {int(held.sum())}")
        return found

    def groups(self, layout):
        return [tuple(sorted(self.cells))] if len(self.cells) > 1 else []

    def sums(self, layout):
        if self.total is None:
            return []
        return [LinearSum(tuple(self.cells), (1,) * len(self.cells), self.total,
                          self.label(layout))]


def _offsets_pairs(layout: Layout, offsets) -> list[tuple[int, int]]:
    side = layout.side
    found = set()
    for cell in range(layout.cells):
        r, c = divmod(cell, side)
        for dr, dc in offsets:
            rr, cc = r + dr, c + dc
            if 0 <= rr < side and 0 <= cc < side:
                other = rr * side + cc
                found.add((min(cell, other), max(cell, other)))
    return sorted(found)


_KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
_KING = [(1, 1), (1, -1), (-1, 1), (-1, -1)]  # orthogonal neighbours share a row or column
_ORTHOGONAL = [(0, 1), (1, 0)]


@dataclass(frozen=True)
class _GlobalDifference(Constraint):
    """Cells at the given offsets hold different values (anti-knight, anti-king)."""

    offsets: ClassVar[list]

    def label(self, layout):
        return self.kind

    def violations(self, values, layout, context):
        return [f"{self.kind}: {cell_name(a, layout.side)} and {cell_name(b, layout.side)} "
                f"both hold {values[a]}"
                for a, b in _offsets_pairs(layout, self.offsets) if values[a] == values[b]]

    def groups(self, layout):
        peers = layout.peer_matrix
        return [(a, b) for a, b in _offsets_pairs(layout, self.offsets) if not peers[a, b]]


@dataclass(frozen=True)
class AntiKnight(_GlobalDifference):
    kind: ClassVar[str] = "anti-knight"
    offsets: ClassVar[list] = _KNIGHT


@dataclass(frozen=True)
class AntiKing(_GlobalDifference):
    kind: ClassVar[str] = "anti-king"
    offsets: ClassVar[list] = _KING


@dataclass(frozen=True)
class NonConsecutive(Constraint):
    """Orthogonal neighbours never hold consecutive values."""

    kind: ClassVar[str] = "non-consecutive"

    def label(self, layout):
        return self.kind

    def violations(self, values, layout, context):
        return [f"non-consecutive: {cell_name(a, layout.side)} and {cell_name(b, layout.side)} "
                f"hold {values[a]} and {values[b]}"
                for a, b in _offsets_pairs(layout, _ORTHOGONAL) if abs(values[a] - values[b]) == 1]

    def pairs(self, layout, context):
        table = _table(layout.values, lambda u, v: abs(u - v) != 1)
        return [PairRelation(a, b, table, self.kind)
                for a, b in _offsets_pairs(layout, _ORTHOGONAL)]


def _kropki_rule(color: str, value: int):
    if color == "white":
        return lambda u, v: abs(u - v) == value
    return lambda u, v: (u == value * v) | (v == value * u)


@dataclass(frozen=True)
class Kropki(Constraint):
    """A dot between two orthogonal neighbours: ``white``, their values
    differ by ``value`` (default 1, consecutive); ``black``, one is ``value``
    times the other (default 2)."""

    kind: ClassVar[str] = "kropki"
    cells: tuple[int, int]
    color: str = "white"
    value: int | None = None

    @property
    def amount(self) -> int:
        return self.value if self.value is not None else (1 if self.color == "white" else 2)

    def label(self, layout):
        a, b = self.cells
        return f"{self.color} dot {cell_name(a, layout.side)}-{cell_name(b, layout.side)}"

    def _check(self, layout):
        if self.color not in ("white", "black"):
            raise RulesError(f"kropki: color must be white or black, got {self.color!r}")
        _two_cells(self, layout)
        if self.value is not None and not 1 <= self.value < layout.values:
            raise RulesError(f"{self.label(layout)}: value must be 1..{layout.values - 1}, "
                             f"got {self.value}")

    def violations(self, values, layout, context):
        a, b = values[list(self.cells)]
        ok = bool(_kropki_rule(self.color, self.amount)(a, b))
        return [] if ok else [f"{self.label(layout)}: {a} and {b}"]

    def pairs(self, layout, context):
        a, b = self.cells
        return [PairRelation(a, b, _table(layout.values, _kropki_rule(self.color, self.amount)),
                             self.label(layout))]


@dataclass(frozen=True)
class KropkiNegative(Constraint):
    """All Kropki dots of the listed colours are given: a pair of orthogonal
    neighbours with no dot at all is not consecutive (``white``) and not in
    ratio 2 (``black``). A pair that carries a dot of either colour is
    exempt (a 1-2 pair may show either dot)."""

    kind: ClassVar[str] = "kropki-negative"
    colors: tuple[str, ...] = ("white", "black")

    def label(self, layout):
        return f"kropki-negative ({', '.join(self.colors)})"

    def _check(self, layout):
        if not self.colors or set(self.colors) - {"white", "black"}:
            raise RulesError(f"kropki-negative: colors must be white and/or black, "
                             f"got {list(self.colors)}")

    def _forbidden(self, u, v):
        bad = np.zeros(np.broadcast(u, v).shape, bool)
        for color in self.colors:
            bad |= _kropki_rule(color, 1 if color == "white" else 2)(u, v)
        return bad

    def violations(self, values, layout, context):
        return [f"{self.label(layout)}: {cell_name(a, layout.side)} and "
                f"{cell_name(b, layout.side)} hold {values[a]} and {values[b]} with no dot"
                for a, b in _offsets_pairs(layout, _ORTHOGONAL)
                if (a, b) not in context.dotted and self._forbidden(values[a], values[b])]

    def pairs(self, layout, context):
        table = _table(layout.values, lambda u, v: ~self._forbidden(u, v))
        return [PairRelation(a, b, table, self.label(layout))
                for a, b in _offsets_pairs(layout, _ORTHOGONAL) if (a, b) not in context.dotted]


@dataclass(frozen=True)
class XV(Constraint):
    """X (``total`` 10) or V (``total`` 5) between two orthogonal neighbours:
    their values sum to it."""

    kind: ClassVar[str] = "xv"
    cells: tuple[int, int]
    total: int = 10

    def label(self, layout):
        a, b = self.cells
        mark = {10: "X", 5: "V"}.get(self.total, str(self.total))
        return f"{mark} {cell_name(a, layout.side)}-{cell_name(b, layout.side)}"

    def _check(self, layout):
        if self.total not in (5, 10):
            raise RulesError(f"xv: total must be 10 (X) or 5 (V), got {self.total!r}")
        _two_cells(self, layout)

    def violations(self, values, layout, context):
        a, b = values[list(self.cells)]
        return [] if a + b == self.total else [f"{self.label(layout)}: {a} + {b} != {self.total}"]

    def pairs(self, layout, context):
        a, b = self.cells
        return [PairRelation(a, b, _table(layout.values, lambda u, v: u + v == self.total),
                             self.label(layout))]


@dataclass(frozen=True)
class XVNegative(Constraint):
    """All X and V marks are given: orthogonal neighbours without one sum to
    neither 10 nor 5."""

    kind: ClassVar[str] = "xv-negative"

    def label(self, layout):
        return self.kind

    def violations(self, values, layout, context):
        return [f"xv-negative: {cell_name(a, layout.side)} and {cell_name(b, layout.side)} sum "
                f"to {values[a] + values[b]} with no X or V"
                for a, b in _offsets_pairs(layout, _ORTHOGONAL)
                if (a, b) not in context.xv_marked and values[a] + values[b] in (5, 10)]

    def pairs(self, layout, context):
        table = _table(layout.values, lambda u, v: (u + v != 5) & (u + v != 10))
        return [PairRelation(a, b, table, self.kind)
                for a, b in _offsets_pairs(layout, _ORTHOGONAL) if (a, b) not in context.xv_marked]


@dataclass(frozen=True)
class GreaterThan(Constraint):
    """The first cell holds a larger value than the second (any two cells)."""

    kind: ClassVar[str] = "greater"
    cells: tuple[int, int]

    def label(self, layout):
        a, b = self.cells
        return f"{cell_name(a, layout.side)} > {cell_name(b, layout.side)}"

    def _check(self, layout):
        _two_cells(self, layout, adjacent=False)

    def violations(self, values, layout, context):
        a, b = values[list(self.cells)]
        return [] if a > b else [f"{self.label(layout)}: {a} <= {b}"]

    def pairs(self, layout, context):
        a, b = self.cells
        return [PairRelation(a, b, _table(layout.values, lambda u, v: u > v), self.label(layout))]


@dataclass(frozen=True)
class Thermometer(Constraint):
    """Values strictly increase along ``cells`` from the bulb (``cells[0]``);
    at most ``N`` cells."""

    kind: ClassVar[str] = "thermometer"
    cells: tuple[int, ...]

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if not 2 <= len(self.cells) <= layout.values:
            raise RulesError(f"{self.label(layout)}: a thermometer has 2 to {layout.values} "
                             f"cells, got {len(self.cells)}")

    def violations(self, values, layout, context):
        held = values[list(self.cells)]
        return [] if bool(np.all(np.diff(held) > 0)) else [
            f"{self.label(layout)} does not increase: {'/'.join(map(str, held.tolist()))}"]

    def pairs(self, layout, context):
        table = _table(layout.values, lambda u, v: u < v)
        return [PairRelation(a, b, table, self.label(layout))
                for a, b in zip(self.cells, self.cells[1:])]


@dataclass(frozen=True)
class Arrow(Constraint):
    """The values on the arrow (``cells``) sum to the value in its ``circle``
    (one cell). Digits may repeat on an arrow where no house forbids it."""

    kind: ClassVar[str] = "arrow"
    circle: int
    cells: tuple[int, ...]

    def _cells(self):
        return (self.circle, *self.cells)

    def _check(self, layout):
        _distinct(self, layout, [self.circle, *self.cells])
        if not 1 <= len(self.cells) < layout.side:
            raise RulesError(f"{self.label(layout)}: an arrow has 1 to {layout.side - 1} cells "
                             f"besides its circle, got {len(self.cells)}")

    def violations(self, values, layout, context):
        total = int(values[list(self.cells)].sum())
        return [] if total == values[self.circle] else [
            f"{self.label(layout)}: the arrow sums to {total}, the circle holds "
            f"{values[self.circle]}"]

    def sums(self, layout):
        return [LinearSum((*self.cells, self.circle), (1,) * len(self.cells) + (-1,), 0,
                          self.label(layout))]


@dataclass(frozen=True)
class Parity(Constraint):
    """The cells hold odd (``parity="odd"``) or even values."""

    kind: ClassVar[str] = "parity"
    cells: tuple[int, ...]
    parity: str = "odd"

    def label(self, layout):
        return f"{self.parity} {_name_cells(self.cells, layout.side)}"

    def _check(self, layout):
        if self.parity not in ("odd", "even"):
            raise RulesError(f"parity must be odd or even, got {self.parity!r}")
        if not self.cells:
            raise RulesError("parity: no cells")

    def violations(self, values, layout, context):
        want = 1 if self.parity == "odd" else 0
        return [f"{cell_name(c, layout.side)} holds {values[c]}, not {self.parity}"
                for c in self.cells if values[c] % 2 != want]

    def domain(self, layout):
        want = 1 if self.parity == "odd" else 0
        mask = sum(1 << (v - 1) for v in range(1, layout.side + 1) if v % 2 == want)
        return [(c, mask) for c in self.cells]


@dataclass(frozen=True)
class Candidates(Constraint):
    """Candidate (pencil-mark) givens: each of ``cells`` holds one of
    ``values``."""

    kind: ClassVar[str] = "candidates"
    cells: tuple[int, ...]
    values: tuple[int, ...]

    def label(self, layout):
        return (f"candidates {_name_cells(self.cells, layout.side)} "
                f"({','.join(map(str, self.values))})")

    def _check(self, layout):
        if not self.cells:
            raise RulesError("candidates: no cells")
        _distinct(self, layout, list(self.cells))
        if not self.values or any(not 1 <= v <= layout.values for v in self.values):
            raise RulesError(f"{self.label(layout)}: values must be in 1..{layout.values}")

    def violations(self, values, layout, context):
        return [f"{cell_name(c, layout.side)} holds {values[c]}, not one of "
                f"{','.join(map(str, self.values))}" for c in self.cells
                if int(values[c]) not in self.values]

    def domain(self, layout):
        mask = sum(1 << (v - 1) for v in set(self.values))
        return [(c, mask) for c in self.cells]


class _Line(Constraint):
    """A line through ``cells`` (at least 2, each once)."""

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if len(self.cells) < 2:
            raise RulesError(f"{self.label(layout)}: a line has 2 or more cells, got "
                             f"{len(self.cells)}")


@dataclass(frozen=True)
class Whispers(_Line):
    """German whispers (``gap`` 5, the default) or Dutch whispers (4):
    neighbours along the line differ by at least ``gap``. The line may
    cross itself or close a loop (a cell listed twice)."""

    kind: ClassVar[str] = "whispers"
    cells: tuple[int, ...]
    gap: int = 5

    def _check(self, layout):  # a whisper line may cross itself or close a loop
        if len(self.cells) < 2 or any(a == b for a, b in zip(self.cells, self.cells[1:])):
            raise RulesError(f"{self.label(layout)}: a line of 2 or more cells, none next to "
                             f"itself")
        if not 1 <= self.gap < layout.values:
            raise RulesError(f"{self.label(layout)}: gap must be 1..{layout.values - 1}, "
                             f"got {self.gap}")

    def violations(self, values, layout, context):
        return [f"{self.label(layout)}: {values[a]} and {values[b]} differ by less than "
                f"{self.gap}" for a, b in zip(self.cells, self.cells[1:])
                if abs(int(values[a]) - int(values[b])) < self.gap]

    def pairs(self, layout, context):
        table = _table(layout.values, lambda u, v: abs(u - v) >= self.gap)
        return [PairRelation(a, b, table, self.label(layout))
                for a, b in zip(self.cells, self.cells[1:])]


@dataclass(frozen=True)
class Renban(_Line):
    """The line holds a set of consecutive values, each once, in any order.
    Lowered as an all-different group plus every two cells at most
    ``len - 1`` apart: distinct values in a range of ``len`` are exactly
    consecutive."""

    kind: ClassVar[str] = "renban"
    cells: tuple[int, ...]

    def _check(self, layout):
        super()._check(layout)
        if len(self.cells) > layout.side:
            raise RulesError(f"{self.label(layout)}: a renban has at most {layout.side} cells")

    def violations(self, values, layout, context):
        held = sorted(int(values[c]) for c in self.cells)
        consecutive = held == list(range(held[0], held[0] + len(held)))
        return [] if consecutive else [
            f"{self.label(layout)}: {','.join(map(str, held))} are not consecutive"]

    def groups(self, layout):
        return [tuple(sorted(self.cells))]

    def pairs(self, layout, context):
        span = len(self.cells) - 1
        table = _table(layout.values, lambda u, v: abs(u - v) <= span)
        return [PairRelation(a, b, table, self.label(layout))
                for i, a in enumerate(self.cells) for b in self.cells[i + 1:]]


@dataclass(frozen=True)
class Palindrome(_Line):
    """The values read the same from both ends of the line."""

    kind: ClassVar[str] = "palindrome"
    cells: tuple[int, ...]

    def violations(self, values, layout, context):
        held = [int(values[c]) for c in self.cells]
        return [] if held == held[::-1] else [
            f"{self.label(layout)}: {'/'.join(map(str, held))} is no palindrome"]

    def pairs(self, layout, context):
        table = _table(layout.values, lambda u, v: u == v)
        half = len(self.cells) // 2
        return [PairRelation(a, b, table, self.label(layout))
                for a, b in zip(self.cells[:half], self.cells[::-1][:half])]


@dataclass(frozen=True)
class Fortress(Constraint):
    """Fortress cells (f-puzzles' maximum and minimum): each of ``cells``
    holds a larger (``"maximum"``) or smaller (``"minimum"``) value than every
    orthogonal neighbour."""

    kind: ClassVar[str] = "fortress"
    cells: tuple[int, ...]
    extreme: str = "maximum"

    def label(self, layout):
        return f"{self.extreme} {_name_cells(self.cells, layout.side)}"

    def _check(self, layout):
        if self.extreme not in ("maximum", "minimum"):
            raise RulesError(f"fortress: extreme must be maximum or minimum, got "
                             f"{self.extreme!r}")
        if not self.cells:
            raise RulesError("fortress: no cells")
        _distinct(self, layout, list(self.cells))

    def _neighbours(self, layout):
        side = layout.side
        for cell in self.cells:
            r, c = divmod(cell, side)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < side and 0 <= cc < side:
                    yield cell, rr * side + cc

    def violations(self, values, layout, context):
        sign = 1 if self.extreme == "maximum" else -1
        return [f"{self.label(layout)}: {cell_name(a, layout.side)} holds {values[a]}, "
                f"{cell_name(b, layout.side)} {values[b]}"
                for a, b in self._neighbours(layout) if sign * (int(values[a]) - int(values[b])) <= 0]

    def pairs(self, layout, context):
        if self.extreme == "maximum":
            table = _table(layout.values, lambda u, v: u > v)
        else:
            table = _table(layout.values, lambda u, v: u < v)
        return [PairRelation(a, b, table, self.label(layout)) for a, b in self._neighbours(layout)]


@dataclass(frozen=True)
class Clone(Constraint):
    """Two shapes of cells hold the same values: ``cells[i]`` holds what
    ``clones[i]`` holds."""

    kind: ClassVar[str] = "clones"  # not "clone": the Pyomo model names blocks by kind
    cells: tuple[int, ...]
    clones: tuple[int, ...]

    def _cells(self):
        return (*self.cells, *self.clones)

    def _check(self, layout):
        if not self.cells or len(self.cells) != len(self.clones):
            raise RulesError(f"{self.label(layout)}: a clone pairs as many cells as clones, got "
                             f"{len(self.cells)} and {len(self.clones)}")
        _distinct(self, layout, [*self.cells, *self.clones])

    def violations(self, values, layout, context):
        return [f"{self.label(layout)}: {cell_name(a, layout.side)} holds {values[a]}, its clone "
                f"{cell_name(b, layout.side)} {values[b]}"
                for a, b in zip(self.cells, self.clones) if values[a] != values[b]]

    def pairs(self, layout, context):
        table = _table(layout.values, lambda u, v: u == v)
        return [PairRelation(a, b, table, self.label(layout))
                for a, b in zip(self.cells, self.clones)]


@dataclass(frozen=True)
class Regular(Constraint):
    """The regular constraint (G. Pesant, CP 2004): the values along
    ``cells`` (a cell may come twice) spell a word of a regular language,
    given as a regular expression over digits (``pattern``, the syntax of
    :mod:`sudoku_models.core.automata`) or as a finite automaton, possibly
    non-deterministic: ``transitions``, ``(state, value, next state)``
    triples, from ``start`` to one of the ``accepting`` states. Lowered as
    one :class:`~sudoku_models.core.automata.LineAutomaton` and the values each
    cell can take on an accepted word (a domain)."""

    kind: ClassVar[str] = "regular"
    cells: tuple[int, ...]
    pattern: str = ""
    transitions: tuple[tuple[int, int, int], ...] = ()
    start: int = 0
    accepting: tuple[int, ...] = ()

    def label(self, layout):
        shown = f" /{self.pattern}/" if self.pattern else ""
        return f"{super().label(layout)}{shown}"

    def _check(self, layout):
        if not self.cells:
            raise RulesError("regular: no cells")
        if bool(self.pattern) == bool(self.transitions):
            raise RulesError(f"{self.label(layout)}: give a pattern or transitions, one of them")
        if self.transitions and not self.accepting:
            raise RulesError(f"{self.label(layout)}: no accepting state")
        self.automaton(layout.values)

    def automaton(self, side: int) -> Automaton:
        """The language as a deterministic automaton over ``1..side``."""
        return _automaton(self.pattern, self.transitions, self.start, self.accepting, side)

    def violations(self, values, layout, context):
        word = [int(values[c]) for c in self.cells]
        return [] if self.automaton(layout.values).accepts(word) else [
            f"{self.label(layout)}: {''.join(map(str, word)) if layout.side <= 9 else word} "
            f"is not a word of its language"]

    def automata(self, layout):
        return [LineAutomaton(tuple(self.cells), self.automaton(layout.values),
                              self.label(layout))]

    def domain(self, layout):
        return line_domains(self.automata(layout)[0])


def line_domains(line: LineAutomaton) -> list[tuple[int, int]]:
    """The ``(cell, bitmask)`` of the values each cell of ``line`` takes on
    some accepted word (a cell on the line twice gets both masks)."""
    return [(cell, sum(1 << (v - 1) for v in {v for _, v, _ in arcs}))
            for cell, arcs in zip(line.cells, line.layers)]


@lru_cache(maxsize=256)
def _automaton(pattern, transitions, start, accepting, side) -> Automaton:
    return (from_pattern(pattern, side) if pattern else
            from_transitions(transitions, start, accepting, side))


def _straight(constraint: Constraint, layout: Layout, diagonal: bool) -> None:
    """``RulesError`` unless the cells run in one straight line, step by
    step: a diagonal (``diagonal``), else a whole row or column."""
    side, cells = layout.side, constraint.cells
    steps = {(b // side - a // side, b % side - a % side) for a, b in zip(cells, cells[1:])}
    if diagonal:
        ok = len(steps) <= 1 and all(abs(dr) == 1 == abs(dc) for dr, dc in steps)
        shape = "a diagonal of cells, step by step"
    else:
        ok = len(cells) == side and len(steps) == 1 and sum(map(abs, next(iter(steps)))) == 1
        shape = "a whole row or column in order from the clue"
    if not cells or not ok:
        raise RulesError(f"{constraint.label(layout)}: the cells must be {shape}")


@dataclass(frozen=True)
class LittleKiller(Constraint):
    """A little killer: the values on the diagonal ``cells`` (from the
    clue outside the grid) sum to ``total``, repeats allowed. Lowered as
    one linear sum."""

    kind: ClassVar[str] = "little-killer"
    cells: tuple[int, ...]
    total: int

    def label(self, layout):
        return f"little killer {cell_name(self.cells[0], layout.side)} ({self.total})" \
            if self.cells else "little killer"

    def _check(self, layout):
        _straight(self, layout, diagonal=True)
        if not len(self.cells) <= self.total <= len(self.cells) * layout.side:
            raise RulesError(f"{self.label(layout)}: {len(self.cells)} values in "
                             f"1..{layout.side} sum to {len(self.cells)}.."
                             f"{len(self.cells) * layout.side}, not {self.total}")

    def violations(self, values, layout, context):
        held = int(values[list(self.cells)].sum())
        return [] if held == self.total else [f"{self.label(layout)} sums to {held}"]

    def sums(self, layout):
        return [LinearSum(tuple(self.cells), (1,) * len(self.cells), self.total,
                          self.label(layout))]


class _AutomatonLine(Constraint):
    """A line kind whose rule is an automaton along it (:meth:`automaton`),
    lowered to a regular line; checked by :meth:`holds`."""

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if len(self.cells) < 2:
            raise RulesError(f"{self.label(layout)}: a line has 2 or more cells")
        self.automaton(layout.values)

    def automaton(self, side: int) -> Automaton:
        raise NotImplementedError

    def holds(self, word: list[int], side: int) -> bool:
        raise NotImplementedError

    def violations(self, values, layout, context):
        word = [int(values[c]) for c in self.cells]
        return [] if self.holds(word, layout.values) else [
            f"{self.label(layout)}: {'/'.join(map(str, word))} breaks it"]

    def automata(self, layout):
        return [LineAutomaton(tuple(self.cells), self.automaton(layout.values),
                              self.label(layout))]

    def domain(self, layout):
        return line_domains(self.automata(layout)[0])


class _LineClue(_AutomatonLine):
    """An outside clue on a whole row or column (``cells`` in order from
    the clue), lowered to a regular line (:meth:`automaton`): the
    automaton is its native form on every method."""

    def _check(self, layout):
        _straight(self, layout, diagonal=False)
        self.automaton(layout.values)

    def label(self, layout):
        return f"{self.kind} {cell_name(self.cells[0], layout.side)} ({self._clue})" \
            if self.cells else self.kind

    clue_field: ClassVar[str] = "total"  # the field holding the clue's number

    @property
    def _clue(self) -> int:
        return getattr(self, self.clue_field)


@dataclass(frozen=True)
class Sandwich(_LineClue):
    """The values strictly between the 1 and the ``N`` of a row or column
    sum to ``total`` (0: the two are neighbours)."""

    kind: ClassVar[str] = "sandwich"
    cells: tuple[int, ...]
    total: int

    def automaton(self, side):
        return sandwich_automaton(self.total, side)

    def holds(self, word, side):
        if 1 not in word or side not in word:
            return False
        low, high = sorted((word.index(1), word.index(side)))
        return sum(word[low + 1:high]) == self.total


@dataclass(frozen=True)
class XSum(_LineClue):
    """The first ``X`` values of a row or column, counted from the clue
    (``cells[0]``), sum to ``total``, where ``X`` is the value of
    ``cells[0]``."""

    kind: ClassVar[str] = "x-sum"
    cells: tuple[int, ...]
    total: int

    def automaton(self, side):
        return x_sum_automaton(self.total, side)

    def holds(self, word, side):
        return sum(word[:word[0]]) == self.total


@dataclass(frozen=True)
class Skyscraper(_LineClue):
    """Seen from the clue (before ``cells[0]``), ``count`` values of the row
    or column are visible: each value taller than all before it."""

    kind: ClassVar[str] = "skyscraper"
    cells: tuple[int, ...]
    count: int

    clue_field: ClassVar[str] = "count"

    def automaton(self, side):
        return skyscraper_automaton(self.count, side)

    def holds(self, word, side):
        return sum(v > max(word[:i], default=0) for i, v in enumerate(word)) == self.count


@dataclass(frozen=True)
class HiddenSkyscraper(_LineClue):
    """Seen from the clue, the first value of the row or column smaller
    than one before it (the first hidden skyscraper) is ``value``."""

    kind: ClassVar[str] = "hidden-skyscraper"
    cells: tuple[int, ...]
    value: int

    clue_field: ClassVar[str] = "value"

    def automaton(self, side):
        return hidden_skyscraper_automaton(self.value, side)

    def holds(self, word, side):
        hidden = [v for i, v in enumerate(word) if v < max(word[:i], default=0)]
        return bool(hidden) and hidden[0] == self.value


@dataclass(frozen=True)
class NumberedRoom(_LineClue):
    """The ``X``-th value of the row or column, counted from the clue, is
    ``value``, where ``X`` is the first value."""

    kind: ClassVar[str] = "numbered-room"
    cells: tuple[int, ...]
    value: int

    clue_field: ClassVar[str] = "value"

    def automaton(self, side):
        return numbered_room_automaton(self.value, side)

    def holds(self, word, side):
        return word[0] <= len(word) and word[word[0] - 1] == self.value


class _SumRule(Constraint):
    """A kind lowered to linear sums (:meth:`sums`), checked by them."""

    def violations(self, values, layout, context):
        found = []
        for linear in self.sums(layout):
            held = sum(a * int(values[c]) for c, a in zip(linear.cells, linear.coefficients))
            if held != linear.total:
                terms = " ".join(f"{'+' if a > 0 else '-'}{abs(a) if abs(a) != 1 else ''}"
                                 f"{cell_name(c, layout.side)}"
                                 for c, a in zip(linear.cells, linear.coefficients))
                found.append(f"{self.label(layout)}: {terms.lstrip('+')} is {held}, not "
                             f"{linear.total}")
        return found

    def _sum(self, layout, terms, total) -> LinearSum:
        merged: dict[int, int] = {}
        for cell, a in terms:
            merged[cell] = merged.get(cell, 0) + a
        cells = tuple(c for c, a in merged.items() if a)
        return LinearSum(cells, tuple(merged[c] for c in cells), total, self.label(layout))


@dataclass(frozen=True)
class CellSum(_SumRule):
    """The values of ``cells`` sum to ``total``; values may repeat and a
    cell listed twice counts twice (the Interactive Sudoku Solver's
    ``Sum``)."""

    kind: ClassVar[str] = "sum"
    cells: tuple[int, ...]
    total: int

    def label(self, layout):
        return f"sum {cell_name(self.cells[0], layout.side)} ({self.total})" if self.cells \
            else "sum"

    def _check(self, layout):
        if not self.cells:
            raise RulesError("sum: no cells")

    def sums(self, layout):
        return [self._sum(layout, [(c, 1) for c in self.cells], self.total)]


@dataclass(frozen=True)
class PillArrow(_SumRule):
    """An arrow whose circle is a pill of several cells: the ``pill``'s
    digits, read as a number in reading order (the cells sorted, as the
    Interactive Sudoku Solver reads them), equal the sum of the arrow's
    ``cells`` (values 1..9 only)."""

    kind: ClassVar[str] = "pill-arrow"
    pill: tuple[int, ...]
    cells: tuple[int, ...]

    def _cells(self):
        return (*self.pill, *self.cells)

    def _check(self, layout):
        _distinct(self, layout, [*self.pill, *self.cells])
        if not self.pill or not self.cells:
            raise RulesError(f"{self.label(layout)}: a pill and an arrow of one or more cells")
        if len(self.pill) > 1 and layout.side > 9:
            raise RulesError(f"{self.label(layout)}: a pill of digits needs values 1..9")

    def sums(self, layout):
        size = len(self.pill)
        terms = [(c, -10 ** (size - 1 - i)) for i, c in enumerate(sorted(self.pill))]
        return [self._sum(layout, terms + [(c, 1) for c in self.cells], 0)]


@dataclass(frozen=True)
class DoubleArrow(_SumRule):
    """The values at the two ends of the line sum to the values between."""

    kind: ClassVar[str] = "double-arrow"
    cells: tuple[int, ...]

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if len(self.cells) < 3:
            raise RulesError(f"{self.label(layout)}: a double arrow has 3 or more cells")

    def sums(self, layout):
        ends = (self.cells[0], self.cells[-1])
        return [self._sum(layout, [(c, 1) for c in ends] + [(c, -1) for c in self.cells[1:-1]],
                          0)]


@dataclass(frozen=True)
class Zipper(_SumRule):
    """Values the same distance from the middle of the line have one sum:
    the middle value on a line of odd length, a common sum otherwise."""

    kind: ClassVar[str] = "zipper"
    cells: tuple[int, ...]

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if len(self.cells) < 2:
            raise RulesError(f"{self.label(layout)}: a zipper has 2 or more cells")

    def sums(self, layout):
        cells, size = self.cells, len(self.cells)
        pairs = [(cells[i], cells[size - 1 - i]) for i in range(size // 2)]
        if size % 2:
            middle = cells[size // 2]
            return [self._sum(layout, [(a, 1), (b, 1), (middle, -1)], 0) for a, b in pairs]
        (a0, b0), rest = pairs[0], pairs[1:]
        return [self._sum(layout, [(a0, 1), (b0, 1), (a, -1), (b, -1)], 0) for a, b in rest]


@dataclass(frozen=True)
class SumLine(_AutomatonLine):
    """The line cuts into segments (between cells) that each sum to
    ``total``. A ``loop`` closes the line from its last cell back to its
    first: one segment may then run through the ends (the Interactive
    Sudoku Solver's ``SumLine~...~LOOP``); its automaton guesses that
    segment's part at the end, which a total up to 10 keeps within
    :data:`~sudoku_models.core.automata.MAX_STATES` (a larger one is refused)."""

    kind: ClassVar[str] = "sum-line"
    cells: tuple[int, ...]
    total: int
    loop: bool = False

    def _check(self, layout):
        if self.total < 1:
            raise RulesError(f"{self.label(layout)}: the total must be 1 or more")
        try:
            super()._check(layout)
        except RulesError as error:  # a loop's automaton guesses the segment through its ends
            raise RulesError(f"{self.label(layout)}: {error}") from None

    def automaton(self, side):
        return (sum_loop_automaton if self.loop else sum_line_automaton)(self.total, side)

    def holds(self, word, side):
        for start in range(len(word) if self.loop else 1):  # a loop: any cut will do
            held = 0
            for v in word[start:] + word[:start]:
                held += v
                if held == self.total:
                    held = 0
            if held == 0:
                return True
        return False


def _window_holds(word, width: int, classes) -> bool:
    return all(len({classes[v - 1] for v in word[i:i + width]}) == len(word[i:i + width])
               for i in range(max(1, len(word) - width + 1)))


@dataclass(frozen=True)
class Modular(_AutomatonLine):
    """Every ``modulus`` consecutive values on the line differ modulo
    ``modulus`` (with 3: one of 1/4/7, one of 2/5/8, one of 3/6/9)."""

    kind: ClassVar[str] = "modular"
    cells: tuple[int, ...]
    modulus: int = 3

    def _check(self, layout):
        if not 2 <= self.modulus <= layout.side:
            raise RulesError(f"{self.label(layout)}: the modulus must be 2..{layout.side}")
        super()._check(layout)

    def automaton(self, side):
        return window_automaton(tuple(v % self.modulus for v in range(1, side + 1)), self.modulus,
                                side)

    def holds(self, word, side):
        return _window_holds(word, self.modulus, [v % self.modulus for v in range(1, side + 1)])


@dataclass(frozen=True)
class Entropic(_AutomatonLine):
    """Every 3 consecutive values on the line are one low, one middle and
    one high (thirds of 1..N: 1-3, 4-6, 7-9 on a 9x9)."""

    kind: ClassVar[str] = "entropic"
    cells: tuple[int, ...]

    def _check(self, layout):
        if layout.side % 3:
            raise RulesError(f"{self.label(layout)}: an entropic line needs a side divisible "
                             f"by 3")
        super()._check(layout)

    def automaton(self, side):
        return window_automaton(tuple((v - 1) // (side // 3) for v in range(1, side + 1)), 3, side)

    def holds(self, word, side):
        return _window_holds(word, 3, [(v - 1) // (side // 3) for v in range(1, side + 1)])


@dataclass(frozen=True)
class Quadruple(_AutomatonLine):
    """The four cells of a 2x2 square (around a grid corner) hold every one
    of ``values``, as often as listed."""

    kind: ClassVar[str] = "quadruple"
    cells: tuple[int, ...]
    values: tuple[int, ...]

    def label(self, layout):
        return f"quadruple {cell_name(min(self.cells), layout.side)} " \
               f"({','.join(map(str, self.values))})" if self.cells else "quadruple"

    def _check(self, layout):
        side = layout.side
        rows = sorted({c // side for c in self.cells})
        cols = sorted({c % side for c in self.cells})
        if len(set(self.cells)) != 4 or len(rows) != 2 or len(cols) != 2 or \
                rows[1] - rows[0] != 1 or cols[1] - cols[0] != 1:
            raise RulesError(f"{self.label(layout)}: the cells must be the four of a 2x2 square")
        if not 1 <= len(self.values) <= 4 or any(not 1 <= v <= layout.values
                                                  for v in self.values):
            raise RulesError(f"{self.label(layout)}: 1 to 4 values in 1..{layout.values}")
        self.automaton(layout.values)

    def automaton(self, side):
        return multiset_automaton(self.values, side)

    def holds(self, word, side):
        return all(word.count(v) >= list(self.values).count(v) for v in self.values)


@dataclass(frozen=True)
class Lunchbox(_AutomatonLine):
    """A lunchbox: the cells hold different values, and those between the
    smallest and the largest (in the order of ``cells``) sum to ``total``."""

    kind: ClassVar[str] = "lunchbox"
    cells: tuple[int, ...]
    total: int

    def _check(self, layout):
        if len(self.cells) > layout.side:
            raise RulesError(f"{self.label(layout)}: a lunchbox has at most {layout.side} cells")
        super()._check(layout)

    def automaton(self, side):
        return lunchbox_automaton(self.total, side)

    def holds(self, word, side):
        low, high = sorted((word.index(min(word)), word.index(max(word))))
        return len(set(word)) == len(word) and sum(word[low + 1:high]) == self.total

    def groups(self, layout):
        return [tuple(sorted(self.cells))]


# -- more of the Interactive Sudoku Solver's kinds (issue 33) ----------------------


@dataclass(frozen=True)
class Between(_AutomatonLine):
    """A between line (Cracking the Cryptic's "between lines"; the
    Interactive Sudoku Solver's ``Between``): the values on the line lie
    strictly between the values at its two ends (the circles)."""

    kind: ClassVar[str] = "between"
    cells: tuple[int, ...]

    def automaton(self, side):
        return between_automaton(side)

    def holds(self, word, side):
        low, high = sorted((word[0], word[-1]))
        return all(low < v < high for v in word[1:-1])


@dataclass(frozen=True)
class Lockout(_AutomatonLine):
    """A lockout line (the Interactive Sudoku Solver's ``Lockout``, after
    the setters' "lockout lines"): the values at the two ends (the
    diamonds) differ by at least ``gap`` (4 by default), and no value on
    the line lies between them, the ends' values included."""

    kind: ClassVar[str] = "lockout"
    cells: tuple[int, ...]
    gap: int = 4

    def _check(self, layout):
        if not 1 <= self.gap < layout.side:
            raise RulesError(f"{self.label(layout)}: gap must be 1..{layout.side - 1}, "
                             f"got {self.gap}")
        super()._check(layout)

    def automaton(self, side):
        return lockout_automaton(self.gap, side)

    def holds(self, word, side):
        low, high = sorted((word[0], word[-1]))
        return high - low >= self.gap and not any(low <= v <= high for v in word[1:-1])


@dataclass(frozen=True)
class RellikCage(_AutomatonLine):
    """A rellik cage ("killer" backwards; the Interactive Sudoku Solver's
    ``RellikCage``): its cells hold different values, and no selection of
    one or more of them sums to ``total``. Lowered as an all-different
    group and an automaton over the cells (the set of values read)."""

    kind: ClassVar[str] = "rellik-cage"
    cells: tuple[int, ...]
    total: int

    def label(self, layout):
        return f"rellik cage {cell_name(min(self.cells), layout.side)} (\u2260{self.total})" \
            if self.cells else "rellik cage"

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if not 1 <= len(self.cells) <= layout.side or self.total < 1:
            raise RulesError(f"{self.label(layout)}: 1 to {layout.side} cells and a total of "
                             f"1 or more")
        self.automaton(layout.values)

    def automaton(self, side):
        return rellik_automaton(self.total, side)

    def holds(self, word, side):
        sums = {0}
        for v in word:
            sums |= {s + v for s in sums}
        return len(set(word)) == len(word) and self.total not in sums

    def groups(self, layout):
        return [tuple(sorted(self.cells))] if len(self.cells) > 1 else []


@dataclass(frozen=True)
class RegionSumLine(_SumRule):
    """A region-sum line (the Interactive Sudoku Solver's ``RegionSumLine``):
    each run of the line's cells inside one region (a box, or a jigsaw
    region; a line through a region twice makes two runs) has the same
    sum. Lowered as linear sums: every run's sum equals the first's. On a
    layout without regions (a Latin square) it says nothing."""

    kind: ClassVar[str] = "region-sum-line"
    cells: tuple[int, ...]

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if len(self.cells) < 2:
            raise RulesError(f"{self.label(layout)}: a line has 2 or more cells")

    def runs(self, layout: Layout) -> list[tuple[int, ...]]:
        """The line cut where it leaves a region."""
        if layout.regions is None:
            return [tuple(self.cells)]
        region = layout.regions.ravel()
        runs = [[self.cells[0]]]
        for a, b in zip(self.cells, self.cells[1:]):
            if region[a] == region[b]:
                runs[-1].append(b)
            else:
                runs.append([b])
        return [tuple(run) for run in runs]

    def sums(self, layout):
        first, *rest = self.runs(layout)
        return [self._sum(layout, [(c, 1) for c in run] + [(c, -1) for c in first], 0)
                for run in rest]


@dataclass(frozen=True)
class Pairwise(Constraint):
    """A custom relation between two values (the Interactive Sudoku
    Solver's ``Pair``/``Binary``, on consecutive cells of the line, and
    ``PairX``/``BinaryX``, on every two of its cells: ``pairs``
    ``"consecutive"`` or ``"all"``): the values ``(u, v)`` two related
    cells may hold, the first cell's value first, are the ``allowed``
    pairs. Lowered as pair relations."""

    kind: ClassVar[str] = "pairwise"
    cells: tuple[int, ...]
    allowed: tuple[tuple[int, int], ...]
    pairs_of: str = "consecutive"

    def _check(self, layout):
        if len(self.cells) < 2 or any(a == b for a, b in self._related()):
            raise RulesError(f"{self.label(layout)}: 2 or more cells, none related to itself")
        if self.pairs_of not in ("consecutive", "all"):
            raise RulesError(f"{self.label(layout)}: pairs_of must be consecutive or all, got "
                             f"{self.pairs_of!r}")
        if any(len(p) != 2 or not all(1 <= v <= layout.side for v in p) for p in self.allowed):
            raise RulesError(f"{self.label(layout)}: allowed pairs of values in "
                             f"1..{layout.side}")

    def _related(self):
        if self.pairs_of == "all":
            return list(combinations(self.cells, 2))
        return list(zip(self.cells, self.cells[1:]))

    def violations(self, values, layout, context):
        allowed = set(map(tuple, self.allowed))
        return [f"{self.label(layout)}: {cell_name(a, layout.side)} holds {values[a]}, "
                f"{cell_name(b, layout.side)} {values[b]}: not an allowed pair"
                for a, b in self._related() if (int(values[a]), int(values[b])) not in allowed]

    def pairs(self, layout, context):
        table = np.zeros((layout.side, layout.side), bool)
        for u, v in self.allowed:
            table[u - 1, v - 1] = True
        table.setflags(write=False)
        return [PairRelation(a, b, table, self.label(layout)) for a, b in self._related()]


@dataclass(frozen=True)
class Indexing(Constraint):
    """Column indexing (the Interactive Sudoku Solver's ``Indexing~C``; the
    setters' "159" rule is its columns 1, 5 and 9): a cell in column ``c``
    holding ``v`` says that column ``v`` of its row holds ``c``.
    ``direction`` ``"row"`` is the same with rows: a cell in row ``r``
    holding ``v`` says that row ``v`` of its column holds ``r``. Lowered
    as a pair relation from each of ``cells`` to each other cell of its
    row (column)."""

    kind: ClassVar[str] = "indexing"
    cells: tuple[int, ...]
    direction: str = "column"

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if not self.cells or self.direction not in ("column", "row"):
            raise RulesError(f"{self.label(layout)}: cells and a direction, column or row")

    def _targets(self, cell: int, side: int) -> list[tuple[int, int, int]]:
        """``(other cell, value of cell pointing at it, value it must hold)``."""
        r, c = divmod(cell, side)
        if self.direction == "column":
            return [(r * side + i, i + 1, c + 1) for i in range(side) if i != c]
        return [(i * side + c, i + 1, r + 1) for i in range(side) if i != r]

    def violations(self, values, layout, context):
        return [f"{self.label(layout)}: {cell_name(cell, layout.side)} holds {values[cell]} but "
                f"{cell_name(other, layout.side)} holds {values[other]}, not {wanted}"
                for cell in self.cells
                for other, pointer, wanted in self._targets(cell, layout.side)
                if values[cell] == pointer and values[other] != wanted]

    def pairs(self, layout, context):
        side = layout.side
        return [PairRelation(cell, other, _table(side, lambda u, w, p=pointer, x=wanted:
                                                 (u != p) | (w == x)), self.label(layout))
                for cell in self.cells for other, pointer, wanted in self._targets(cell, side)]


def _taxicab_pairs(layout: Layout):
    """``(a, b, d)``: two cells at taxicab distance ``d`` (``1..N``) that are
    not peers (peers differ anyway)."""
    side, peers = layout.side, layout.peer_matrix
    for a, b in combinations(range(layout.cells), 2):
        d = abs(a // side - b // side) + abs(a % side - b % side)
        if d <= side and not peers[a, b]:
            yield a, b, d


@dataclass(frozen=True)
class AntiTaxicab(Constraint):
    """Anti-taxicab (the Interactive Sudoku Solver's ``AntiTaxicab``): two
    cells a taxicab distance ``d`` apart (steps between orthogonal
    neighbours) do not both hold ``d``. Lowered as pair relations."""

    kind: ClassVar[str] = "anti-taxicab"

    def label(self, layout):
        return self.kind

    def violations(self, values, layout, context):
        return [f"anti-taxicab: {cell_name(a, layout.side)} and {cell_name(b, layout.side)} "
                f"are {d} apart and both hold {d}" for a, b, d in _taxicab_pairs(layout)
                if values[a] == values[b] == d]

    def pairs(self, layout, context):
        tables = {d: _table(layout.values, lambda u, v, d=d: (u != d) | (v != d))
                  for d in range(1, layout.side + 1)}
        return [PairRelation(a, b, tables[d], self.label(layout))
                for a, b, d in _taxicab_pairs(layout)]


@dataclass(frozen=True)
class GlobalEntropy(Constraint):
    """Global entropy (the Interactive Sudoku Solver's ``GlobalEntropy``):
    every 2x2 square of the grid holds a low, a middle and a high value
    (the thirds of 1..N: 1-3, 4-6, 7-9 on a 9x9). Lowered as a regular
    line over each square (the classes seen)."""

    kind: ClassVar[str] = "global-entropy"

    def label(self, layout):
        return self.kind

    def _check(self, layout):
        if layout.values % 3:
            raise RulesError("global-entropy needs a number of values divisible by 3")

    @staticmethod
    def squares(layout: Layout) -> list[tuple[int, int, int, int]]:
        side = layout.side
        return [(r * side + c, r * side + c + 1, (r + 1) * side + c, (r + 1) * side + c + 1)
                for r in range(side - 1) for c in range(side - 1)]

    def _classes(self, side):
        return tuple((v - 1) // (side // 3) for v in range(1, side + 1))

    def violations(self, values, layout, context):
        classes = self._classes(layout.values)
        return [f"global-entropy: the square at {cell_name(square[0], layout.side)} misses a "
                f"third" for square in self.squares(layout)
                if len({classes[int(values[c]) - 1] for c in square}) < 3]

    def automata(self, layout):
        automaton = classes_automaton(self._classes(layout.values), layout.values)
        return [LineAutomaton(square, automaton, self.label(layout))
                for square in self.squares(layout)]


def _word_forms(constraint: Constraint, layout: Layout, context: Context):
    """``constraint`` as lines that must each spell a word of their
    automaton (:class:`~sudoku_models.core.automata.LineAutomaton`): its
    automata, and its groups, sums, pairs and domains each as the automaton
    of that family (all different, a linear sum, a table, a value set)."""
    side = layout.side
    lines = list(constraint.automata(layout))
    lines += [LineAutomaton(group, different_automaton(side), "") for group in
              constraint.groups(layout)]
    lines += [LineAutomaton(s.cells, linear_automaton(s.coefficients, s.total, side), "")
              for s in constraint.sums(layout)]
    lines += [LineAutomaton((p.first, p.second), table_automaton(p.allowed.tolist(), side), "")
              for p in constraint.pairs(layout, context)]
    lines += [LineAutomaton((cell,), value_set_automaton(int(mask), side), "")
              for cell, mask in constraint.domain(layout)]
    return lines


@dataclass(frozen=True)
class Either(Constraint):
    """An Or composite (the Interactive Sudoku Solver's ``.Or ... .End``,
    a branch of several constraints its ``.And ... .End``): at least one
    of ``branches`` holds, a branch holding when all its constraints do.
    Lowered as one regular line over every branch's cells in turn: each
    constraint of a branch as lines of its families (groups, sums, pairs,
    domains, automata), and an automaton that guesses the branch and
    checks its lines, letting the others' values be (the position is in
    its state, so it is built for this line's length)."""

    kind: ClassVar[str] = "or"
    branches: tuple[tuple[Constraint, ...], ...]

    def _cells(self):
        return tuple(dict.fromkeys(c for branch in self.branches for constraint in branch
                                   for c in constraint._cells()))

    def label(self, layout):
        cells = self._cells()
        return f"or {cell_name(min(cells), layout.side)}" if cells else "or"

    def _check(self, layout):
        if len(self.branches) < 1 or any(not branch for branch in self.branches):
            raise RulesError(f"{self.label(layout)}: one or more branches, each of one or more "
                             f"constraints")
        for branch in self.branches:
            for constraint in branch:
                if not isinstance(constraint, Constraint):
                    raise RulesError(f"{self.label(layout)}: a branch holds constraints, got "
                                     f"{type(constraint).__name__}")
                if not constraint._cells():
                    raise RulesError(f"{self.label(layout)}: {constraint.kind}, a rule on the "
                                     f"whole grid, inside an or is not supported")
                constraint.validate(layout)
        self.automata(layout)

    def violations(self, values, layout, context):
        if any(not any(c.violations(values, layout, context) for c in branch)
               for branch in self.branches):
            return []
        return [f"{self.label(layout)}: no branch holds"]

    def automata(self, layout):
        context = Context(frozenset(), frozenset())
        segments = [(b, line) for b, branch in enumerate(self.branches) for constraint in branch
                    for line in _word_forms(constraint, layout, context)]
        cells = tuple(c for _, line in segments for c in line.cells)
        plan = tuple((b, line.automaton, len(line.cells)) for b, line in segments)
        return [LineAutomaton(cells, either_automaton(plan, len(self.branches), layout.side),
                              self.label(layout))]


@dataclass(frozen=True)
class GlobalMod(GlobalEntropy):
    """Global mod 3 (the Interactive Sudoku Solver's ``GlobalMod``): every
    2x2 square of the grid holds a value of each class modulo 3 (one of
    1/4/7, one of 2/5/8, one of 3/6/9). Lowered as a regular line over each
    square."""

    kind: ClassVar[str] = "global-mod"

    def _classes(self, side):
        return tuple(v % 3 for v in range(1, side + 1))


@dataclass(frozen=True)
class CountingCircles(Constraint):
    """Counting circles (the Interactive Sudoku Solver's
    ``CountingCircles``): a value in one of the circles ``cells`` says how
    many of the circles hold it, so each value appears there as often as
    it says or not at all. Lowered as one regular line per value over the
    circles (how often it appeared)."""

    kind: ClassVar[str] = "counting-circles"
    cells: tuple[int, ...]

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if not self.cells:
            raise RulesError("counting-circles: no cells")

    def violations(self, values, layout, context):
        held = [int(values[c]) for c in self.cells]
        return [f"{self.label(layout)}: {v} is in {held.count(v)} circles"
                for v in sorted(set(held)) if held.count(v) != v]

    def automata(self, layout):
        return [LineAutomaton(tuple(self.cells), count_automaton(v, layout.side),
                              self.label(layout)) for v in range(1, layout.side + 1)]


@dataclass(frozen=True)
class EqualityCage(_AutomatonLine):
    """An equality cage (the Interactive Sudoku Solver's ``EqualityCage``):
    different values, as many even as odd and as many low as high (the
    halves of 1..N; an odd N's middle value not at all)."""

    kind: ClassVar[str] = "equality-cage"
    cells: tuple[int, ...]

    def _check(self, layout):
        _distinct(self, layout, list(self.cells))
        if not 1 <= len(self.cells) <= layout.side:
            raise RulesError(f"{self.label(layout)}: 1 to {layout.side} cells")
        self.automaton(layout.values)

    def automaton(self, side):
        return equality_automaton(side)

    def holds(self, word, side):
        half = side // 2
        odd = sum(v % 2 for v in word)
        low = sum(v <= half for v in word)
        return (len(set(word)) == len(word) and 2 * odd == len(word) == 2 * low
                and not (side % 2 and half + 1 in word))

    def groups(self, layout):
        return [tuple(sorted(self.cells))] if len(self.cells) > 1 else []


@dataclass(frozen=True)
class CountDistinct(_AutomatonLine):
    """Count distinct (the Interactive Sudoku Solver's ``CountDistinct``):
    the first cell (the control) holds the number of different values in
    the other ``cells``."""

    kind: ClassVar[str] = "count-distinct"
    cells: tuple[int, ...]

    def automaton(self, side):
        return distinct_automaton(side)

    def holds(self, word, side):
        return word[0] == len(set(word[1:]))


@dataclass(frozen=True)
class SameValues(Constraint):
    """Same-value sets (the Interactive Sudoku Solver's ``SameValues``):
    ``cells`` cut into ``sets`` sets of equal size (in order) hold the same
    values, as often each. Lowered as regular lines, one per value and
    set after the first: the first set then that set, the value as often
    in both halves."""

    kind: ClassVar[str] = "same-values"
    cells: tuple[int, ...]
    sets: int = 2

    def _check(self, layout):
        if self.sets < 2 or not self.cells or len(self.cells) % self.sets:
            raise RulesError(f"{self.label(layout)}: 2 or more sets of one size, got "
                             f"{len(self.cells)} cells in {self.sets} sets")

    def _split(self):
        size = len(self.cells) // self.sets
        return [self.cells[i * size:(i + 1) * size] for i in range(self.sets)]

    def violations(self, values, layout, context):
        first, *rest = [sorted(int(values[c]) for c in part) for part in self._split()]
        return [f"{self.label(layout)}: set {i} holds {held}, set 1 {first}"
                for i, held in enumerate(rest, start=2) if held != first]

    def automata(self, layout):
        first, *rest = self._split()
        return [LineAutomaton((*first, *part), balance_automaton(v, len(first), layout.side),
                              self.label(layout))
                for part in rest for v in range(1, layout.side + 1)]


@dataclass(frozen=True)
class EqualSum(_SumRule):
    """Equal sums (the Interactive Sudoku Solver's ``EqualSum``): the
    segments of ``cells`` (``sizes`` cells each, in order; they may share
    cells, as a magic square's lines do) have one sum. Lowered as linear
    sums: each segment's sum equals the first's."""

    kind: ClassVar[str] = "equal-sum"
    cells: tuple[int, ...]
    sizes: tuple[int, ...]

    def _check(self, layout):
        if len(self.sizes) < 2 or min(self.sizes) < 1 or sum(self.sizes) != len(self.cells):
            raise RulesError(f"{self.label(layout)}: 2 or more segments whose sizes add up to "
                             f"the {len(self.cells)} cells")

    def segments(self) -> list[tuple[int, ...]]:
        ends = np.cumsum((0, *self.sizes))
        return [self.cells[a:b] for a, b in zip(ends, ends[1:])]

    def sums(self, layout):
        first, *rest = self.segments()
        found = [self._sum(layout, [(c, 1) for c in part] + [(c, -1) for c in first], 0)
                 for part in rest]
        return [s for s in found if s.cells]  # a segment of the first's cells says nothing


KINDS: dict[str, type[Constraint]] = {
    cls.kind: cls for cls in (Region, Cage, AntiKnight, AntiKing, NonConsecutive, Kropki,
                              KropkiNegative, XV, XVNegative, GreaterThan, Thermometer, Arrow,
                              Parity, Candidates, Whispers, Renban, Palindrome, Fortress, Clone,
                              Regular, LittleKiller, Sandwich, XSum, Skyscraper, HiddenSkyscraper,
                              NumberedRoom, CellSum, PillArrow, DoubleArrow, Zipper, SumLine,
                              Modular, Entropic, Quadruple, Lunchbox, Between, Lockout,
                              RellikCage, RegionSumLine, Pairwise, Indexing, AntiTaxicab,
                              GlobalEntropy, Either, GlobalMod, CountingCircles,
                              EqualityCage, CountDistinct, SameValues, EqualSum)
}


# -- shapes of extra regions ---------------------------------------------------


def diagonals(layout: Layout) -> tuple[Region, Region]:
    """The two main diagonals of X-Sudoku, each all different."""
    side = layout.side
    return (Region(tuple(i * side + i for i in range(side)), "main diagonal"),
            Region(tuple(i * side + side - 1 - i for i in range(side)), "anti-diagonal"))


def windoku(layout: Layout) -> tuple[Region, ...]:
    """Windoku (hyper) windows: box-sized windows one cell in from the
    edges, one cell apart (four 3x3 windows on a 9x9). Box layouts only;
    raises :class:`RulesError` otherwise."""
    if layout.box_shape is None:
        raise RulesError(f"windoku needs a layout with boxes, got {layout.name}")
    tall, wide = layout.box_shape
    side = layout.side
    tops = range(1, side - tall, tall + 1)
    lefts = range(1, side - wide, wide + 1)
    return tuple(
        Region(tuple((top + r) * side + left + c for r in range(tall) for c in range(wide)),
               f"window {index + 1}")
        for index, (top, left) in enumerate((t, x) for t in tops for x in lefts))


def disjoint_groups(layout: Layout) -> tuple[Region, ...]:
    """Disjoint groups: the cells at the same position in every box hold
    different values (``N`` regions of ``N`` cells). Box layouts only."""
    if layout.box_shape is None:
        raise RulesError(f"disjoint groups need a layout with boxes, got {layout.name}")
    tall, wide = layout.box_shape
    side = layout.side
    groups = {}
    for cell in range(layout.cells):
        r, c = divmod(cell, side)
        groups.setdefault((r % tall, c % wide), []).append(cell)
    return tuple(Region(tuple(cells), f"group {i + 1}")
                 for i, cells in enumerate(groups[key] for key in sorted(groups)))


def disjoint_cages(constraints) -> list[Cage]:
    """The cages with a total among ``constraints`` that share no cell with
    another cage with a total, in their order: the rule of 45 (innies and
    outies) reads only these, as it takes the cages inside a house to cover
    distinct cells (overlapping cages, as the Interactive Sudoku Solver and
    f-puzzles allow, would count a cell twice)."""
    cages = [c for c in constraints if isinstance(c, Cage) and c.total is not None]
    seen: dict[int, int] = {}
    for cage in cages:
        for cell in cage.cells:
            seen[cell] = seen.get(cell, 0) + 1
    return [cage for cage in cages if all(seen[cell] == 1 for cell in cage.cells)]


# -- the rules of one puzzle ---------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """A layout with its constraints: everything about a puzzle but its clues.
    Formulations build one model per :class:`Rules` (the key of their
    caches); puzzles that share rules share models.

    Cages may overlap (each holds on its own cells); the derivations that
    assume they cut the grid apart read :func:`disjoint_cages` only.
    Raises :class:`RulesError` when a constraint does not fit the layout."""

    layout: Layout
    constraints: tuple[Constraint, ...] = field(default=())

    def __post_init__(self):
        object.__setattr__(self, "constraints", tuple(self.constraints))
        for constraint in self.constraints:
            if not isinstance(constraint, Constraint):
                raise TypeError(f"constraints must be Constraint objects, got "
                                f"{type(constraint).__name__}")
            constraint.validate(self.layout)

    @property
    def kinds(self) -> frozenset[str]:
        """The constraint kinds used (empty for classic rules)."""
        return frozenset(c.kind for c in self.constraints)

    @property
    def classic(self) -> bool:
        """No constraint beyond the layout's houses."""
        return not self.constraints

    @cached_property
    def context(self) -> Context:
        dotted = frozenset(tuple(sorted(c.cells)) for c in self.constraints
                           if isinstance(c, Kropki))
        marked = frozenset(tuple(sorted(c.cells)) for c in self.constraints if isinstance(c, XV))
        return Context(dotted, marked)

    def violations(self, values) -> list[str]:
        """Why the filled grid ``values`` (``(N, N)`` or ``(N*N,)`` ints, each
        in ``1..N``) breaks a constraint, by the definitions alone; the
        layout's houses are :func:`~sudoku_models.verify`'s business."""
        flat = np.asarray(values, dtype=np.int64).ravel()
        return [message for constraint in self.constraints
                for message in constraint.violations(flat, self.layout, self.context)]

    @cached_property
    def lowered(self) -> Lowered:
        """The constraints as the four primitive families (:class:`Lowered`)."""
        layout, context = self.layout, self.context
        groups = []
        for constraint in self.constraints:
            for group in constraint.groups(layout):
                if group not in groups:
                    groups.append(group)
        domains = np.full(layout.cells, (1 << layout.values) - 1, dtype=np.int64)
        for constraint in self.constraints:
            for cell, mask in constraint.domain(layout):
                domains[cell] &= mask
        domains.setflags(write=False)
        return Lowered(
            groups=tuple(groups),
            full=tuple(len(g) == layout.values for g in groups),
            sums=tuple(s for c in self.constraints for s in c.sums(layout)),
            pairs=tuple(p for c in self.constraints for p in c.pairs(layout, context)),
            domains=domains,
            lines=tuple(a for c in self.constraints for a in c.automata(layout)),
        )

    @cached_property
    def peer_matrix(self) -> np.ndarray:
        """Read-only ``(N*N, N*N)`` bool array: the layout's peers plus every
        pair of cells the constraints force to differ (extra regions, cages,
        anti-knight, anti-king)."""
        matrix = self.layout.peer_matrix.copy()
        for group in self.lowered.groups:
            for a, b in combinations(group, 2):
                matrix[a, b] = matrix[b, a] = True
        matrix.setflags(write=False)
        return matrix
