"""The candidate grid the logical techniques work on, and the field's
notation for cells, houses and eliminations (``r4c7``, ``b1``, ``r2c5<>4``).

Candidates are bitmasks in plain Python ints (bit ``v - 1`` for value ``v``),
one per cell, so a technique tests and combines whole cells or houses with
one ``&`` or ``|``; that is what keeps the explaining solver at milliseconds
for a 9x9 without compiling it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..geometry import Layout, cell_name, house_label


class UnsolvablePuzzle(ValueError):
    """The clues contradict each other: a value repeated in a house, or (found
    while solving) a cell left without candidates or a value without a place
    in a house. The message names the cell, house and value."""


@dataclass(frozen=True)
class Tables:
    """A :class:`~sudoku_models.geometry.Layout`'s tables as Python tuples,
    which the pure-Python techniques walk fastest: ``houses`` (tuples of
    flat cells: rows, columns, regions), ``cell_houses`` (the row, column and
    region house number of each cell), ``peers`` (sorted peers of each cell),
    ``peer_sets`` (the same as frozensets)."""

    houses: tuple
    cell_houses: tuple
    peers: tuple
    peer_sets: tuple


@cache
def tables(layout: Layout) -> Tables:
    """The :class:`Tables` of a layout, converted once."""
    counts = layout.peer_counts.tolist()
    peers = tuple(tuple(row[:count]) for row, count in zip(layout.peers.tolist(), counts))
    return Tables(tuple(map(tuple, layout.houses.tolist())),
                  tuple(map(tuple, layout.cell_houses.tolist())),
                  peers, tuple(frozenset(p) for p in peers))


def cells_text(cells, side: int) -> str:
    return ",".join(cell_name(c, side) for c in cells)


def values_text(values) -> str:
    return "/".join(str(v) for v in values)


def eliminations_text(eliminations, side: int) -> str:
    """``r2c5<>4, r2c8<>4`` for ``[(cell, value), ...]``."""
    return ", ".join(f"{cell_name(c, side)}<>{v}" for c, v in eliminations)


def bits(mask: int) -> list[int]:
    """The values (1-based) whose bits are set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


class Candidates:
    """A partly solved grid of a :class:`~sudoku_models.geometry.Layout`:
    ``values`` (flat list, 0 = empty) and ``cand`` (flat list of bitmasks, 0
    for a filled cell); ``tables`` holds the layout's houses and peers as
    tuples.

    Build with :meth:`from_puzzle`; raises :class:`UnsolvablePuzzle` when the
    clues repeat a value in a house.
    """

    __slots__ = ("side", "layout", "tables", "values", "cand")

    def __init__(self, layout: Layout, values: list[int]) -> None:
        self.side = layout.side
        self.layout = layout
        self.tables = tables(layout)
        self.values = list(values)
        full = (1 << self.side) - 1
        self.cand = [0 if v else full for v in self.values]
        for cell, value in enumerate(self.values):
            if value:
                bit = 1 << (value - 1)
                for peer in self.tables.peers[cell]:
                    self.cand[peer] &= ~bit

    @classmethod
    def from_puzzle(cls, puzzle) -> Candidates:
        conflicts = puzzle.conflicts()
        if conflicts:
            first = conflicts[0]
            where = ", ".join(f"r{r}c{c}" for r, c in first.cells)
            raise UnsolvablePuzzle(
                f"contradictory clues: {first.value} appears more than once in {first.house} "
                f"({where}), so the puzzle has no solution")
        return cls(puzzle.layout, [int(v) for v in puzzle.grid.ravel()])

    def place(self, cell: int, value: int) -> None:
        """Fill ``cell`` with ``value`` and remove it from the peers' candidates."""
        self.values[cell] = value
        self.cand[cell] = 0
        bit = ~(1 << (value - 1))
        cand = self.cand
        for peer in self.tables.peers[cell]:
            cand[peer] &= bit

    def eliminate(self, cell: int, value: int) -> None:
        self.cand[cell] &= ~(1 << (value - 1))

    def solved(self) -> bool:
        return 0 not in self.values

    def check(self) -> None:
        """Raise :class:`UnsolvablePuzzle` when an empty cell has no candidate
        or a missing value has no place left in a house."""
        values, cand, side = self.values, self.cand, self.side
        for cell in range(side * side):
            if not values[cell] and not cand[cell]:
                raise UnsolvablePuzzle(
                    f"{cell_name(cell, side)} has no candidate left, so the puzzle has no solution")
        for index, cells in enumerate(self.tables.houses):
            placed = 0
            room = 0
            for c in cells:
                if values[c]:
                    placed |= 1 << (values[c] - 1)
                else:
                    room |= cand[c]
            missing = ((1 << side) - 1) & ~placed & ~room
            if missing:
                raise UnsolvablePuzzle(
                    f"{bits(missing)[0]} has no place left in {house_label(index, side)}, so the "
                    f"puzzle has no solution")
