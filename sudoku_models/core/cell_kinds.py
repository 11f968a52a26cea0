"""The constraint kinds on cells and their neighbours: extra regions,
killer cages, the anti-chess rules, dots and marks between neighbours
(Kropki, XV, greater-than, non-consecutive, with their negative forms),
thermometers, arrows, parity and candidate givens, fortress cells, clones,
value pairs (pairwise), indexing, and the rules over every 2x2 square or the
whole grid (anti-taxicab, global entropy and modulo, counting circles, same
values). Each kind: its definition (:meth:`~.constraint.Constraint.violations`),
its validation and its lowering (:mod:`.constraint`); sources in
:mod:`.rules`."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

import numpy as np

from .automata import (LineAutomaton, balance_automaton, classes_automaton, count_automaton)
from ..errors import RulesError
from .geometry import Layout, cell_name
from .constraint import (Constraint, LinearSum, PairRelation, cells_text, check_distinct,
                         value_table)


def _orthogonal(a: int, b: int, side: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, side), divmod(b, side)
    return abs(ra - rb) + abs(ca - cb) == 1


def _two_cells(constraint: Constraint, layout: Layout, adjacent: bool = True) -> None:
    if len(constraint.cells) != 2:
        raise RulesError(f"{constraint.kind}: a relation between two cells, got "
                         f"{len(constraint.cells)} ({cells_text(constraint.cells, layout.side)})")
    a, b = constraint.cells
    if a == b:
        raise RulesError(f"{constraint.label(layout)}: a relation between "
                         f"{cell_name(a, layout.side)} and itself")
    if adjacent and not _orthogonal(a, b, layout.side):
        raise RulesError(f"{constraint.label(layout)}: {cell_name(a, layout.side)} and "
                         f"{cell_name(b, layout.side)} are not orthogonal neighbours")


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
        check_distinct(self, layout, list(self.cells))
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

    def reach(self, layout) -> tuple[int, int]:
        """The least and the most its different values ``1..V`` sum to."""
        size, side = len(self.cells), layout.values
        return size * (size + 1) // 2, size * (2 * side - size + 1) // 2

    def _check(self, layout):
        check_distinct(self, layout, list(self.cells))
        size, side = len(self.cells), layout.values
        if not 1 <= size <= side:
            raise RulesError(f"{self.label(layout)}: a cage has 1 to {side} cells, got {size}")
        if self.total is not None:
            low, high = self.reach(layout)
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
        table = value_table(layout.values, lambda u, v: abs(u - v) != 1)
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
        return [PairRelation(a, b, value_table(layout.values, _kropki_rule(self.color, self.amount)),
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
        table = value_table(layout.values, lambda u, v: ~self._forbidden(u, v))
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
        return [PairRelation(a, b, value_table(layout.values, lambda u, v: u + v == self.total),
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
        table = value_table(layout.values, lambda u, v: (u + v != 5) & (u + v != 10))
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
        return [PairRelation(a, b, value_table(layout.values, lambda u, v: u > v), self.label(layout))]


@dataclass(frozen=True)
class Thermometer(Constraint):
    """Values strictly increase along ``cells`` from the bulb (``cells[0]``);
    at most ``N`` cells."""

    kind: ClassVar[str] = "thermometer"
    cells: tuple[int, ...]

    def _check(self, layout):
        check_distinct(self, layout, list(self.cells))
        if not 2 <= len(self.cells) <= layout.values:
            raise RulesError(f"{self.label(layout)}: a thermometer has 2 to {layout.values} "
                             f"cells, got {len(self.cells)}")

    def violations(self, values, layout, context):
        held = values[list(self.cells)]
        return [] if bool(np.all(np.diff(held) > 0)) else [
            f"{self.label(layout)} does not increase: {'/'.join(map(str, held.tolist()))}"]

    def pairs(self, layout, context):
        table = value_table(layout.values, lambda u, v: u < v)
        return [PairRelation(a, b, table, self.label(layout))
                for a, b in zip(self.cells, self.cells[1:])]


@dataclass(frozen=True)
class Arrow(Constraint):
    """The values on the arrow (``cells``) sum to the value in its ``circle``
    (one cell). Digits may repeat on an arrow where no house forbids it."""

    kind: ClassVar[str] = "arrow"
    circle: int
    cells: tuple[int, ...]

    def cells_on(self):
        return (self.circle, *self.cells)

    def _check(self, layout):
        check_distinct(self, layout, [self.circle, *self.cells])
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
        return f"{self.parity} {cells_text(self.cells, layout.side)}"

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
        return (f"candidates {cells_text(self.cells, layout.side)} "
                f"({','.join(map(str, self.values))})")

    def _check(self, layout):
        if not self.cells:
            raise RulesError("candidates: no cells")
        check_distinct(self, layout, list(self.cells))
        if not self.values or any(not 1 <= v <= layout.values for v in self.values):
            raise RulesError(f"{self.label(layout)}: values must be in 1..{layout.values}")

    def violations(self, values, layout, context):
        return [f"{cell_name(c, layout.side)} holds {values[c]}, not one of "
                f"{','.join(map(str, self.values))}" for c in self.cells
                if int(values[c]) not in self.values]

    def domain(self, layout):
        mask = sum(1 << (v - 1) for v in set(self.values))
        return [(c, mask) for c in self.cells]


@dataclass(frozen=True)
class Fortress(Constraint):
    """Fortress cells (f-puzzles' maximum and minimum): each of ``cells``
    holds a larger (``"maximum"``) or smaller (``"minimum"``) value than every
    orthogonal neighbour."""

    kind: ClassVar[str] = "fortress"
    cells: tuple[int, ...]
    extreme: str = "maximum"

    def label(self, layout):
        return f"{self.extreme} {cells_text(self.cells, layout.side)}"

    def _check(self, layout):
        if self.extreme not in ("maximum", "minimum"):
            raise RulesError(f"fortress: extreme must be maximum or minimum, got "
                             f"{self.extreme!r}")
        if not self.cells:
            raise RulesError("fortress: no cells")
        check_distinct(self, layout, list(self.cells))

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
            table = value_table(layout.values, lambda u, v: u > v)
        else:
            table = value_table(layout.values, lambda u, v: u < v)
        return [PairRelation(a, b, table, self.label(layout)) for a, b in self._neighbours(layout)]


@dataclass(frozen=True)
class Clone(Constraint):
    """Two shapes of cells hold the same values: ``cells[i]`` holds what
    ``clones[i]`` holds."""

    kind: ClassVar[str] = "clones"  # not "clone": the Pyomo model names blocks by kind
    cells: tuple[int, ...]
    clones: tuple[int, ...]

    def cells_on(self):
        return (*self.cells, *self.clones)

    def _check(self, layout):
        if not self.cells or len(self.cells) != len(self.clones):
            raise RulesError(f"{self.label(layout)}: a clone pairs as many cells as clones, got "
                             f"{len(self.cells)} and {len(self.clones)}")
        check_distinct(self, layout, [*self.cells, *self.clones])

    def violations(self, values, layout, context):
        return [f"{self.label(layout)}: {cell_name(a, layout.side)} holds {values[a]}, its clone "
                f"{cell_name(b, layout.side)} {values[b]}"
                for a, b in zip(self.cells, self.clones) if values[a] != values[b]]

    def pairs(self, layout, context):
        table = value_table(layout.values, lambda u, v: u == v)
        return [PairRelation(a, b, table, self.label(layout))
                for a, b in zip(self.cells, self.clones)]


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
        check_distinct(self, layout, list(self.cells))
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
        return [PairRelation(cell, other, value_table(side, lambda u, w, p=pointer, x=wanted:
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
        tables = {d: value_table(layout.values, lambda u, v, d=d: (u != d) | (v != d))
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
    circles (how often it appeared); the counter also prunes the circles
    by the sets of values that can fill them
    (:func:`sudoku_models.counter.kernel._counting_circles`)."""

    kind: ClassVar[str] = "counting-circles"
    cells: tuple[int, ...]

    def _check(self, layout):
        check_distinct(self, layout, list(self.cells))
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
