"""The general kernel's tables and scratch arrays, each one tuple.

:func:`build` turns a :class:`~sudoku_models.geometry.Layout` into the constant tables of
:mod:`.kernel`; :meth:`Tables.workspace` gives the scratch arrays of one
search. Both are plain tuples (see :mod:`.core` for why), indexed inside the
kernel by the constants of this module, so a kernel reads
``tables[PEERS]`` or ``work[CAND]``.

Tables (``N`` cells, side ``s``, ``H`` houses):

- ``PEERS`` ``(N, P)`` int64: each cell's peers (cells sharing a house),
  -1 padded where a cell has fewer (jigsaw layouts);
- ``HOUSES`` ``(H, s)`` int64: the cells of each house: rows, columns,
  then regions (boxes or jigsaw pieces);
- ``CELL_HOUSES`` ``(N, C)`` int64: the houses of each cell, -1 padded;
- ``FULL``: the bitmask of all ``s`` values;
- locked candidates (pointing and claiming, HoDoKu's names), generalised
  to any partition into regions: a *segment* is the non-empty meeting of a
  line (row or column) and a region; ``SEGMENTS`` ``(K, m)`` their cells,
  -1 padded, the row segments first (``0 .. SPLIT - 1``) then the column
  segments; ``SEGMENT_LINE`` and ``SEGMENT_REGION`` ``(K,)`` where each
  lies; ``LINE_SEGMENTS`` ``(2s, a)`` the segments of each line;
  ``REGION_SEGMENTS`` ``(2, R, b)`` the row (0) and column (1) segments of
  each region; ``SPLIT``: the first column segment. A bundle that stops
  before ``SEGMENTS`` has no locked candidates (and the kernel is compiled
  without them), as has one with ``K = 0``;
- ``IDENTITY`` ``(N, s)``: the values 1..s in increasing order for every
  cell (the value order of counting and of the "other solution" check);
- ``BITBOARD``: 1 when the layout is the standard 9x9 grid, which
  :mod:`.uniqueness` hands to the bitboard kernel.

A variant adds its own rule beside these (extra all-different regions as
further houses and peers; killer cages or cell relations as tables of
their own at the end of the tuple), with its propagation called from
:func:`.kernel.propagate`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..geometry import Layout

PEERS, HOUSES, CELL_HOUSES, FULL, BITBOARD, IDENTITY = 0, 1, 2, 3, 4, 5
SEGMENTS, SEGMENT_LINE, SEGMENT_REGION, LINE_SEGMENTS, REGION_SEGMENTS, SPLIT = 6, 7, 8, 9, 10, 11

# Workspace of one search (N cells): per-level states, the branching stack,
# the queue of naked singles, the segment masks of locked candidates.
CAND, GRID, CELL, NEXT, QUEUE, MASKS = 0, 1, 2, 3, 4, 5


def _padded(rows, width: int | None = None) -> np.ndarray:
    """Ragged lists of ints as one ``(len, width)`` int64 array, -1 padded."""
    width = max((len(r) for r in rows), default=0) if width is None else width
    table = np.full((len(rows), width), -1, dtype=np.int64)
    for i, row in enumerate(rows):
        table[i, :len(row)] = row
    return table


@dataclass(frozen=True, eq=False)
class Tables:
    """A layout's tables for :mod:`.kernel` (:func:`build`): ``locked`` is the tuple with
    locked candidates, ``singles`` the same without them (naked and hidden
    singles only); the arrays are read-only."""

    layout: Layout
    order: int | None
    side: int
    houses: np.ndarray
    peers: np.ndarray
    locked: tuple
    singles: tuple

    @property
    def cells(self) -> int:
        return self.side * self.side

    @property
    def identity(self) -> np.ndarray:
        """``(N, s)``: the values 1..s in increasing order for every cell."""
        return self.locked[IDENTITY]

    @property
    def fastest(self) -> tuple:
        """The bundle whose rules search this layout fastest: with locked
        candidates from side 16 on, singles only below (measured on the
        generator's removal checks, issue 13)."""
        return self.locked if self.side >= 16 else self.singles

    @property
    def full(self) -> int:
        return (1 << self.side) - 1

    def workspace(self) -> tuple:
        """Fresh scratch arrays for one search (``CAND``, ``GRID``: ``(N + 2,
        N)`` per level, row ``N + 1`` kept for the "other solution" check's
        shared state; ``CELL``, ``NEXT``: ``(N + 1,)``; ``QUEUE``: ``(N,)``;
        ``MASKS``: one per segment)."""
        n = self.cells
        return (np.empty((n + 2, n), np.int64), np.empty((n + 2, n), np.int32),
                np.empty(n + 1, np.int64), np.empty(n + 1, np.int64), np.empty(n, np.int64),
                np.empty(self.locked[SEGMENTS].shape[0], np.int64))


def build(layout: Layout) -> Tables:
    """:class:`Tables` of a :class:`~sudoku_models.geometry.Layout` (its
    houses, peers and houses of each cell; the segments where its lines
    meet its regions)."""
    houses = layout.houses
    side = layout.side
    lines = 2 * side
    regions = houses[lines:]
    region_of = np.empty(layout.cells, np.int64)
    for index, members in enumerate(regions):
        region_of[members] = index
    segments, seg_line, seg_region = [], [], []
    line_segments = [[] for _ in range(lines)]
    region_segments = [[[] for _ in range(len(regions))] for _ in range(2)]
    split = 0
    for orientation in range(2 if len(regions) else 0):
        for line in range(orientation * side, (orientation + 1) * side):
            pieces: dict[int, list[int]] = {}
            for cell in houses[line]:
                pieces.setdefault(int(region_of[cell]), []).append(int(cell))
            for region, meet in sorted(pieces.items()):
                line_segments[line].append(len(segments))
                region_segments[orientation][region].append(len(segments))
                segments.append(sorted(meet))
                seg_line.append(line)
                seg_region.append(region)
        if orientation == 0:
            split = len(segments)
    widest = max((len(x) for o in region_segments for x in o), default=0)
    identity = np.tile(np.arange(1, side + 1, dtype=np.int64), (layout.cells, 1))
    bitboard = layout == Layout.square(3)
    singles = (layout.peers, houses, layout.cell_houses, np.int64((1 << side) - 1),
               np.int64(bitboard), identity)
    locked = (*singles, _padded(segments), np.array(seg_line, np.int64),
              np.array(seg_region, np.int64), _padded(line_segments),
              np.stack([_padded(o, widest) for o in region_segments]), np.int64(split))
    for part in locked:
        if isinstance(part, np.ndarray):
            part.setflags(write=False)
    return Tables(layout, layout.order, side, houses, layout.peers, locked, singles)
