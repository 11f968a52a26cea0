"""The general kernel's tables and scratch arrays, each one tuple.

:func:`build` turns a :class:`~sudoku_models.core.geometry.Layout` into the constant tables of
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

A variant (:func:`build_rules`, a :class:`~sudoku_models.core.rules.Rules` with
constraints) changes the tables above and adds its own after them. Its
extra all-different groups (:attr:`~sudoku_models.core.rules.Lowered.groups`:
extra regions, cages, anti-knight and anti-king pairs) join ``PEERS``; the
groups of ``N`` cells join ``HOUSES`` and ``CELL_HOUSES`` (hidden singles);
``BITBOARD`` is 0. Its bundles always have the segments (``K = 0`` in the
singles-only one) and then, from ``VARIANT`` on:

- ``DOMAINS`` ``(N,)``: each cell's starting candidates (parity; the full
  mask elsewhere);
- pair relations (:class:`~sudoku_models.core.rules.PairRelation`, those on one
  pair of cells merged) as *arcs*, one per direction: ``ARC_FROM``,
  ``ARC_TO`` ``(A,)`` and ``ARC_ALLOWED`` ``(A, s)``, the candidates the
  ``to`` cell keeps while the ``from`` cell holds ``v`` (row ``v - 1``);
- linear sums (:class:`~sudoku_models.core.rules.LinearSum`: cage totals,
  arrows, and the sums derived from cages, :func:`_derived_sums`):
  ``SUM_CELLS`` and ``SUM_COEFS`` ``(S, m)`` (-1 / 0 padded),
  ``SUM_TOTALS`` ``(S,)``; a sum over cells that must all differ, with
  every coefficient 1, also has its *combinations* (each set of different
  values reaching its total, as a bitmask): those of sum ``k`` are
  ``COMBOS[SUM_COMBOS[k]:SUM_COMBOS[k + 1]]`` (none: bounds only);
  ``SUM_SEEN`` ``(S, w)``, -1 padded: for a sum with combinations, the
  cells outside it that see every cell of it (a value every live
  combination needs is struck from them); ``SUM_REST`` ``(S, r)``, -1
  padded: for a sum with combinations that lies in one house, the house's
  other cells (a combination is live only if the values it leaves out
  still have a place there: the sum and its complement in the house
  filtered together, as the Interactive Sudoku Solver's sum handler does);
- regular lines (:class:`~sudoku_models.core.automata.LineAutomaton`):
  ``LINE_CELLS`` ``(R, L)`` -1 padded, ``LINE_NEXT`` ``(R, Q, s)`` each
  line's automaton unrolled to the line's length and reduced
  (:func:`.line_diagrams.line_diagram`: no state leads nowhere; the state
  after reading ``v`` in ``q`` at ``[k, q, v - 1]``; a missing transition
  leads to the last state ``Q - 1``, a sink that accepts nothing, padded
  alike), ``LINE_START`` ``(R,)`` and ``LINE_ACCEPT`` ``(R, Q)`` (1 for
  an accepting state);
- ``INTERSECTIONS`` ``(P, 3, m)``, -1 padded: for each extra house of ``N``
  cells and each house listed before it that it meets in two cells or more,
  the shared cells, the rest of the extra house, the rest of the other
  (locked candidates between them, as the segments give them between lines
  and regions);
- ``SUM_GROUPS`` ``(S, m)``: for a sum pruned by its bounds whose cells
  need not all differ (a little killer, a long arrow), each term's group:
  terms of one coefficient whose cells must all differ (pairwise peers),
  each group's terms next to each other in ``SUM_CELLS``
  (:func:`_exclusion_groups`); -1 throughout for every other sum;
- ``PEER_BITS`` ``(N, W)``: each cell's peers as a bitset, cell ``p`` at bit
  ``p % 63`` of word ``p // 63`` (a value a sum needs, left in two of its
  cells, is struck from the cells that see both: the Interactive Sudoku
  Solver's ``enforceRequiredValueExclusions`` with a pair);
- ``PRIORITY`` ``(N,)``: each cell's search priority, the conflict weight
  it starts a search with (:func:`_priorities`);
- counting circles (:class:`~sudoku_models.core.cell_kinds.CountingCircles`,
  besides their regular lines), :func:`_circles`: ``CIRCLES`` ``(C, m)``
  each one's cells, -1 padded, cut into *exclusion groups* (cells that
  see each other, each group's cells next to each other);
  ``CIRCLE_GROUPS`` ``(C, m)`` each cell's group; ``CIRCLE_COMBOS``
  ``(C, K)`` the sets of values that can fill the circles (each value
  ``v`` in ``v`` circles: values summing to ``m``, none above the number
  of groups), as bitmasks, 0 padded; ``CIRCLE_SEEN`` ``(C, G, w)`` the
  cells that see every cell of a group, -1 padded;
- ``CELL_SUMS`` ``(N, d)``, -1 padded: the sums whose rule reads each cell
  (:func:`_cell_sums`), whose rule runs again when the cell changes;
- lunchboxes on a house (:func:`_house_lunchboxes`: sandwiches, and
  lunchboxes of ``s`` cells, in place of their regular lines):
  ``LUNCHBOX_CELLS`` ``(B, s)`` their cells in order; ``LUNCHBOX_COMBOS`` the sets of different
  values in ``2..s-1`` that sum to the total, as bitmasks, those that fill
  the cells between ends ``d`` cells apart (``d - 1`` values) of lunchbox
  ``b`` at ``LUNCHBOX_SPANS[b, d]:LUNCHBOX_SPANS[b, d + 1]``
  (``LUNCHBOX_SPANS`` ``(B, s + 1)``).

A classic layout's bundles stop at ``SPLIT`` (or before ``SEGMENTS``), so
:mod:`.kernel` compiles them without any variant rule: they pay nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..core.geometry import Layout
from ..core.constraint import LinearSum
from ..core.cell_kinds import Cage, CountingCircles, Pairwise
from ..core.line_kinds import Lunchbox, Renban, Sandwich
from ..core.rules import Rules
from ..core import sum_rules
from ..limits import MAX_AUTOMATON_STATES
from .line_diagrams import line_diagram

PEERS, HOUSES, CELL_HOUSES, FULL, BITBOARD, IDENTITY = 0, 1, 2, 3, 4, 5
SEGMENTS, SEGMENT_LINE, SEGMENT_REGION, LINE_SEGMENTS, REGION_SEGMENTS, SPLIT = 6, 7, 8, 9, 10, 11

DOMAINS, ARC_FROM, ARC_TO, ARC_ALLOWED = 12, 13, 14, 15
SUM_CELLS, SUM_COEFS, SUM_TOTALS, SUM_COMBOS, COMBOS, SUM_SEEN, SUM_REST = 16, 17, 18, 19, 20, 21, 22
LINE_CELLS, LINE_NEXT, LINE_START, LINE_ACCEPT = 23, 24, 25, 26
INTERSECTIONS = 27
SUM_GROUPS = 28
PEER_BITS = 29
PRIORITY = 30
CIRCLES, CIRCLE_GROUPS, CIRCLE_COMBOS, CIRCLE_SEEN = 31, 32, 33, 34
CELL_SUMS = 35
LUNCHBOX_CELLS, LUNCHBOX_SPANS, LUNCHBOX_COMBOS = 36, 37, 38
VARIANT = DOMAINS  # the first variant table

MAX_SIDE = 62  # candidates are int64 bitmasks

# Workspace of one search (N cells): per-level states, the branching stack,
# the queue of naked singles, the segment masks of locked candidates; a
# variant's also the conflict weights of its branching rule, its sums' keys,
# the value tried at each level of its two-way search and the value scores.
CAND, GRID, CELL, NEXT, QUEUE, MASKS, WEIGHTS, SUM_KEYS, VALUE, SCORES = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
LINE_LAYERS, LINE_MARKS, LINE_KEYS, SUM_VIEW, ORDER, LUNCHBOX_VALID = 10, 11, 12, 13, 14, 15
LUNCHBOX_KEYS = 16


def _padded(rows, width: int | None = None) -> np.ndarray:
    """Ragged lists of ints as one ``(len, width)`` int64 array, -1 padded."""
    width = max((len(r) for r in rows), default=0) if width is None else width
    table = np.full((len(rows), width), -1, dtype=np.int64)
    for i, row in enumerate(rows):
        table[i, :len(row)] = row
    return table


@dataclass(frozen=True, eq=False)
class Tables:
    """A layout's (or a variant's) tables for :mod:`.kernel` (:func:`build`,
    :func:`build_rules`): ``locked`` is the tuple with locked candidates,
    ``singles`` the same without them (naked and hidden singles only);
    ``rules`` the variant's :class:`~sudoku_models.core.rules.Rules` (None for a
    classic layout); the arrays are read-only."""

    layout: Layout
    order: int | None
    side: int
    houses: np.ndarray
    peers: np.ndarray
    locked: tuple
    singles: tuple
    rules: Rules | None = None

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
        generator's removal checks, issue 13); a variant's always with them
        (they cost little beside its own rules and save branch nodes)."""
        return self.locked if self.side >= 16 or self.rules is not None else self.singles

    @property
    def full(self) -> int:
        return (1 << self.side) - 1

    def workspace(self) -> tuple:
        """Fresh scratch arrays for one search (``CAND``, ``GRID``: ``(N + 2,
        N)`` per level, row ``N + 1`` kept for the "other solution" check's
        shared state; ``CELL``, ``NEXT``: ``(N + 1,)``; ``QUEUE``: ``(N,)``;
        ``MASKS``: one per segment; a variant's ``WEIGHTS``: ``(N + 1,)``, the
        conflict weights and the sum that found the last contradiction, and
        ``SUM_KEYS`` ``(S, 2)``: for each sum, 1 while its rule must run
        again (0: none of the cells it reads changed since it last struck
        nothing) and the values it then needed; ``VALUE``: ``(N + 1,)``, the
        bit of the value tried at each level of the two-way search; ``SCORES``: ``(s + 1,)``, each value's
        conflicts and the contradictions since their last decay;
        ``LINE_LAYERS``: ``((L + 1) Q + 2 L + 2,)``, the automaton states a
        regular line's cells reach, then a pass's layer starts and
        supported values, ``LINE_MARKS``: ``(3 Q + 1,)``, their stamps and
        the last stamp given, for lines of up to ``L`` cells and automata of
        up to ``Q`` states; ``LINE_KEYS``: ``(R, L)``, each line's cells'
        candidates after its last pass, -1 before any; ``SUM_VIEW``:
        ``(N,)``, each cell's candidates as the sums' rules last saw them,
        with a flag when filled; ``ORDER``: ``(N,)``, the cells in the order
        the two-way search fixed them, :func:`.kernel._reorder`;
        ``LUNCHBOX_VALID``: ``(s,)``, the values a house lunchbox's cells
        keep, and ``LUNCHBOX_KEYS`` ``(B, s)``, each one's cells' candidates
        when its rule last struck nothing, -1 before any,
        :func:`.kernel._house_lunchboxes`)."""
        n = self.cells
        work = (np.empty((n + 2, n), np.int64), np.empty((n + 2, n), np.int32),
                np.empty(n + 1, np.int64), np.empty(n + 1, np.int64), np.empty(n, np.int64),
                np.empty(self.locked[SEGMENTS].shape[0], np.int64))
        if self.rules is None:
            return work
        sums = self.locked[SUM_CELLS].shape
        states = self.locked[LINE_NEXT].shape[1]
        longest = self.locked[LINE_CELLS].shape[1]
        layers = (longest + 1) * states + 2 * longest + 2
        return (*work, np.zeros(n + 1, np.int64), np.ones((sums[0], 2), np.int64),
                np.zeros(n + 1, np.int64), np.zeros(self.side + 1, np.int64),
                np.empty(layers, np.int64), np.zeros(3 * states + 1, np.int64),
                np.full(self.locked[LINE_CELLS].shape, -1, np.int64), np.full(n, -1, np.int64),
                np.arange(n, dtype=np.int64), np.zeros(self.side, np.int64),
                np.full(self.locked[LUNCHBOX_CELLS].shape, -1, np.int64))


def _frozen(parts: tuple) -> tuple:
    for part in parts:
        if isinstance(part, np.ndarray):
            part.setflags(write=False)
    return parts


def _segments(houses: np.ndarray, side: int) -> tuple:
    """The locked-candidates tables (``SEGMENTS`` .. ``SPLIT``) of a layout's
    houses (rows, columns, then regions)."""
    lines = 2 * side
    regions = houses[lines:lines + side] if len(houses) > lines else houses[:0]
    region_of = np.empty(side * side, np.int64)
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
    return (_padded(segments), np.array(seg_line, np.int64), np.array(seg_region, np.int64),
            _padded(line_segments), np.stack([_padded(o, widest) for o in region_segments]),
            np.int64(split))


def _no_segments(side: int) -> tuple:
    """Segment tables with no segment (``K = 0``): a variant's singles-only bundle."""
    return (np.zeros((0, 0), np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64),
            np.zeros((2 * side, 0), np.int64), np.zeros((2, 0, 0), np.int64), np.int64(0))


def build(layout: Layout) -> Tables:
    """:class:`Tables` of a :class:`~sudoku_models.core.geometry.Layout` (its
    houses, peers and houses of each cell; the segments where its lines
    meet its regions)."""
    houses = layout.houses
    side = layout.side
    identity = np.tile(np.arange(1, side + 1, dtype=np.int64), (layout.cells, 1))
    bitboard = layout == Layout.square(3)
    singles = (layout.peers, houses, layout.cell_houses, np.int64((1 << side) - 1),
               np.int64(bitboard), identity)
    locked = _frozen((*singles, *_segments(houses, side)))
    return Tables(layout, layout.order, side, houses, layout.peers, locked, singles)


class KernelRulesError(ValueError):
    """Rules the compiled counter cannot search (a side above
    :data:`MAX_SIDE`); the message names what and suggests another method."""


CAGE_RULES = ("sets", "bounds")
"""How the kernel prunes a sum over cells that all differ (a killer cage,
an innie or outie that lies in one house): ``sets``, by its admissible
digit sets (the union of the sets of different values that reach the
total and fit the cells' candidates; a value every such set needs is
struck from the cells that see the whole sum); ``bounds``, by the smallest
and largest sums of the other cells alone. The first is the default: on
tarek's 42 hard killers it needs fewer branch nodes and less CPU time
(``benchmarks/interactive_solver/README.md``)."""


def build_rules(rules: Rules, cage_rule: str = "sets") -> Tables:
    """:class:`Tables` of a variant: the layout's tables with the groups,
    domains, pair relations and linear sums of ``rules.lowered`` (see the
    module docstring), plus the sums :func:`_derived_sums` finds (innies
    and outies of killer cages). ``cage_rule``: one of
    :data:`CAGE_RULES`. Classic rules give :func:`build`'s tables. Raises
    :class:`KernelRulesError` for a side above :data:`MAX_SIDE` or an
    unknown ``cage_rule``."""
    if cage_rule not in CAGE_RULES:
        raise KernelRulesError(f"cage_rule must be one of {', '.join(CAGE_RULES)}, got "
                               f"{cage_rule!r}")
    layout = rules.layout
    if rules.classic:
        return build(layout)
    side = layout.side
    if side > MAX_SIDE:
        raise KernelRulesError(f"the backtracking counter takes variants up to side {MAX_SIDE}, "
                               f"got {layout.name}; use method='cp'")
    lowered = rules.lowered
    matrix = rules.peer_matrix
    peers = _padded([np.flatnonzero(row) for row in matrix])
    known = {tuple(h) for h in layout.houses.tolist()}
    extra = [g for g, full in zip(lowered.groups, lowered.full) if full and g not in known]
    houses = np.concatenate([layout.houses, np.array(extra, np.int64).reshape(-1, side)])
    cell_houses = [[] for _ in range(layout.cells)]
    for index, house in enumerate(houses):
        for cell in house:
            cell_houses[cell].append(index)
    identity = np.tile(np.arange(1, side + 1, dtype=np.int64), (layout.cells, 1))
    head = (peers, np.ascontiguousarray(houses), _padded(cell_houses),
            np.int64((1 << side) - 1), np.int64(0), identity)
    combined = _combined_sums(lowered.sums, matrix, side)
    sums = _sums([*lowered.sums, *combined, *_derived_sums(rules)], matrix, houses,
                 cage_rule == "sets", _value_sets(rules),
                 grouped=len(lowered.sums) + len(combined))
    boxes = _house_boxes(rules, matrix)
    by_box = {(line.cells, line.source) for box, _ in boxes for line in box.automata(layout)}
    lines = [line for line in lowered.lines if (line.cells, line.source) not in by_box]
    variant = (np.ascontiguousarray(lowered.domains, dtype=np.int64), *_arcs(lowered, side, matrix),
               *sums[:-1], *_lines(lines, side))
    variant = (*variant, _intersections(houses, len(layout.houses)), sums[-1],
               _peer_bits(matrix), _priorities(rules, houses), *_circles(rules, matrix),
               _cell_sums(sums[0], sums[6], layout.cells), *_house_lunchboxes(boxes, side))
    locked = _frozen((*head, *_segments(layout.houses, side), *variant))
    singles = _frozen((*head, *_no_segments(side), *variant))
    return Tables(layout, layout.order, side, head[HOUSES], peers, locked, singles, rules)


def _circles(rules: Rules, matrix: np.ndarray) -> tuple:
    """``CIRCLES`` .. ``CIRCLE_SEEN`` (module docstring) of the rules'
    counting circles, their exclusion groups those a sum's terms get
    (:func:`_exclusion_groups`, as the Interactive Sudoku Solver's
    ``findExclusionGroups``) and their value sets those of a cage
    (:func:`combinations_of`), of every size, in the values up to the
    number of groups."""
    side = rules.layout.side
    found = []
    for constraint in rules.constraints:
        if not isinstance(constraint, CountingCircles):
            continue
        cells = sorted(constraint.cells)
        groups = [[cells[i] for i in part]
                  for part in _exclusion_groups(cells, [1] * len(cells), matrix)]
        values = min(side, len(groups))
        combos = [mask for size in range(1, values + 1)
                  for mask in combinations_of(size, len(cells), values, cap=1 << values)]
        seen = [[c for c in range(matrix.shape[0]) if c not in group and matrix[c, group].all()]
                for group in groups]
        found.append(([c for g in groups for c in g],
                      [i for i, g in enumerate(groups) for _ in g], combos, seen))
    if not found:
        return (_padded([], 1), _padded([], 1), np.zeros((0, 1), np.int64),
                np.full((0, 1, 1), -1, np.int64))
    width = max(len(f[2]) for f in found)
    combos = np.zeros((len(found), max(width, 1)), np.int64)
    for k, f in enumerate(found):
        combos[k, :len(f[2])] = f[2]
    most = max(len(f[3]) for f in found)
    deep = max((len(s) for f in found for s in f[3]), default=0)
    seen = np.full((len(found), most, max(deep, 1)), -1, np.int64)
    for k, f in enumerate(found):
        for g, cells in enumerate(f[3]):
            seen[k, g, :len(cells)] = cells
    return (_padded([f[0] for f in found]), _padded([f[1] for f in found]), combos, seen)


def _house_boxes(rules: Rules, matrix: np.ndarray) -> list[tuple]:
    """The rules' sandwiches and lunchboxes whose cells hold every value
    once (``s`` cells, all peers of each other, in a layout of ``s``
    values), each with its sets of different values between its ends
    (:func:`combinations_of`, the ends' values left out) for each distance
    ``d = 1 .. s - 1`` between the ends: :func:`.kernel._house_lunchboxes`
    prunes them, in place of their regular lines (a box's sets decide a
    filled house as its automaton does; one pass over Sandwich snipe 18's
    18 sandwiches costs less than its lines, and its branch nodes with the
    lines as well as the sets were 7,885 in 0.60 CPU s, without them 14,079
    in 0.10 s, scratch). A box whose total has more than :data:`MAX_COMBOS`
    sets at some distance keeps its line."""
    layout = rules.layout
    side = layout.side
    ends = 1 | 1 << (side - 1)
    boxes = []
    for constraint in rules.constraints:
        cells = list(constraint.cells) if isinstance(constraint, (Sandwich, Lunchbox)) else []
        if len(cells) != side or layout.values != side or not (
                isinstance(constraint, Lunchbox)
                or (matrix[np.ix_(cells, cells)] | np.eye(side, dtype=bool)).all()):
            continue
        found = [combinations_of(d - 1, constraint.total, side) for d in range(1, side)]
        if all(sets is not None for sets in found):
            boxes.append((constraint, [[m for m in sets if m & ends == 0] for sets in found]))
    return boxes


def _house_lunchboxes(boxes: list[tuple], side: int) -> tuple:
    """``LUNCHBOX_CELLS`` .. ``LUNCHBOX_COMBOS`` (module docstring) of
    :func:`_house_boxes`' boxes."""
    spans, combos = [], []
    for _, found in boxes:
        starts = [len(combos), len(combos)]  # distance 0: no sets
        for sets in found:
            combos.extend(sets)
            starts.append(len(combos))
        spans.append(starts)
    return (_padded([box.cells for box, _ in boxes], side),
            np.array(spans, np.int64).reshape(-1, side + 1), np.array(combos, np.int64))


def _priorities(rules: Rules, houses: np.ndarray) -> np.ndarray:
    """``PRIORITY`` ``(N,)``: each cell's search priority, the conflict
    weight it starts a search with: the sum over the constraints on it of
    their weight, a house its size ``s``, a group of cells that must differ
    its size, a linear sum of ``k`` cells ``max(2s - k, s)`` (small cages
    first, every sum high), any other constraint its number of cells (the
    Interactive Sudoku Solver's cell priorities, ``_computeCellPriorities``
    in ``js/solver/optimizer.js``, which start its conflict scores)."""
    layout, lowered = rules.layout, rules.lowered
    side = layout.side
    found = np.zeros(layout.cells, np.int64)
    for house in houses:
        found[house] += side
    for group, full in zip(lowered.groups, lowered.full):
        if not full:
            found[list(group)] += len(group)
    for linear in lowered.sums:
        found[list(linear.cells)] += max(2 * side - len(linear.cells), side)
    for constraint in rules.constraints:
        if not constraint.sums(layout) and not constraint.groups(layout):
            cells = list(constraint.cells_on())
            found[cells] += len(cells)
    return found


def _value_sets(rules: Rules) -> list[tuple[tuple[int, ...], list[int]]]:
    """``(cells, sets)`` of the rules whose cells must hold one of a few
    sets of values, each once: a renban's runs of ``len(cells)``
    consecutive values, and the sets a relation on every two cells allows
    when it makes them differ (:func:`_pairwise_sets`; none: the entry
    has no combination, and its total of 0 is a contradiction). The
    kernel prunes them as it prunes a cage by its digit sets
    (:func:`.kernel._combinations`: the values of the live sets, a value
    every live set needs struck from the cells that see the whole line,
    with the rest of a house it lies in), which the pair relations of
    their lowering (a renban's any two values at most ``len - 1`` apart)
    miss: the Interactive Sudoku Solver's renban handler
    (``BinaryPairwise`` with its valid combinations and required values,
    ``js/solver/handlers.js``) prunes so."""
    found = []
    side = rules.layout.side
    if rules.layout.values != side:
        return found
    for constraint in rules.constraints:
        if isinstance(constraint, Renban):
            size = len(constraint.cells)
            run = (1 << size) - 1
            found.append((tuple(constraint.cells), [run << low for low in range(side - size + 1)]))
        elif isinstance(constraint, Pairwise) and constraint.pairs_of == "all":
            sets = _pairwise_sets(set(map(tuple, constraint.allowed)), len(constraint.cells), side)
            if sets is not None:
                found.append((tuple(constraint.cells), sets))
    return found


def _pairwise_sets(allowed: set, size: int, side: int) -> list[int] | None:
    """The sets of ``size`` values, any two of them ``allowed`` (``(u, v)``
    pairs), as bitmasks: the value sets of a relation on every two of
    ``size`` cells that is symmetric and never allows equal values (the
    cells then differ, as the Interactive Sudoku Solver's
    ``BinaryPairwise`` takes an all-different key: its valid combinations
    and required values); None for any other relation, or past
    :data:`MAX_COMBOS` sets. (Cold Sauerkraut's seven anti-renban lines of
    four cells, any two values at least 2 apart: 15 sets each.)"""
    if any((v, u) not in allowed for u, v in allowed) or any(u == v for u, v in allowed):
        return None
    found: list[int] = []

    def extend(chosen: list[int], smallest: int) -> bool:
        if len(chosen) == size:
            found.append(sum(1 << (v - 1) for v in chosen))
            return len(found) <= MAX_COMBOS
        for v in range(smallest, side + 1):
            if all((u, v) in allowed for u in chosen) and not extend(chosen + [v], v + 1):
                return False
        return True

    return found if extend([], 1) else None


def _derived_sums(rules: Rules) -> list[LinearSum]:
    """The sums the counter derives from a killer's cages: the innies and
    outies of each single house (:func:`.sum_rules.derived_sums`) and the
    innie-outie sums over unions of houses (:func:`_overlap_sums`), each
    equation once (a sum and its negation are one: a union and its
    complement give the same innies and outies when cages cover the grid),
    none that is a cage's own. (With the runs of rows and columns of
    :func:`.sum_rules.derived_sums` as well, tarek's 42 killers took 0.066 s
    of CPU on average against 0.044 s, and without the single houses 0.068
    s: paired, on a loaded machine, ``benchmarks/interactive_solver``.)"""
    seen = {_equation(tuple(c.cells), (1,) * len(c.cells)) for c in rules.constraints
            if isinstance(c, Cage) and c.total is not None}
    out = []
    for derived in (*sum_rules.derived_sums(rules, runs=False), *_overlap_sums(rules)):
        key = _equation(derived.cells, derived.coefficients)
        if key not in seen:
            seen.add(key)
            out.append(derived)
    return out


def _equation(cells, coefficients) -> tuple:
    """A linear sum's terms as a key that is the same for the sum and its
    negation: ``(cell, coefficient)`` by cell, signs turned so that the
    first coefficient is positive."""
    terms = sorted(zip(map(int, cells), coefficients))
    sign = 1 if terms[0][1] > 0 else -1
    return tuple((cell, sign * coefficient) for cell, coefficient in terms)


MAX_OVERLAP_SUM = 6  # cells of an overlap sum whose cells all lie in cages
MAX_MOVED_UNIONS_SIDE = 16  # the largest side whose unions a move keeps (:func:`_unions`)


def _overlap_sums(rules: Rules) -> list[LinearSum]:
    """The innie-outie sums of a killer's cages over unions of houses
    (:func:`_unions`), as the Interactive Sudoku Solver's optimizer derives
    them (``js/solver/optimizer.js``, ``_makeInnieOutieSumHandlers``): a
    cage is one of the union's pieces when more than half of it lies in
    the union. The cells of the union outside the pieces (innies) and of
    the pieces outside the union (outies) give ``sum outies - sum innies =
    pieces' totals - union's total``, kept when it has at most N cells, one
    side at most 2, and at most :data:`MAX_OVERLAP_SUM` cells if all of
    them lie in cages."""
    cages = [c for c in rules.constraints if isinstance(c, Cage) and c.total is not None]
    if not cages:
        return []
    layout = rules.layout
    side = layout.side
    if len({cell for c in cages for cell in c.cells}) < sum(len(c.cells) for c in cages):
        return []  # overlapping cages: no pieces
    house_total = side * (side + 1) // 2
    house_masks = [_mask(house) for house in layout.houses]
    cage_masks = [(_mask(c.cells), len(c.cells), c.total) for c in cages]
    in_cages = _mask(cell for c in cages for cell in c.cells)
    found = []
    for chosen in _unions(layout):
        union = 0
        for house in chosen:
            union |= house_masks[house]
        pieces = 0
        pieces_total = 0
        for mask, size, total in cage_masks:
            if 2 * (union & mask).bit_count() > size:
                pieces |= mask
                pieces_total += total
        inside, outside = union & ~pieces, pieces & ~union
        few, many = sorted((inside.bit_count(), outside.bit_count()))
        if many == 0 or few + many > side or few > 2:
            continue
        if (inside | outside) & ~in_cages == 0 and few + many > MAX_OVERLAP_SUM:
            continue
        delta = pieces_total - house_total * len(chosen)
        innies, outies = _cells_of(inside), _cells_of(outside)
        if len(innies) > len(outies):
            innies, outies, delta = outies, innies, -delta
        found.append(LinearSum(tuple(outies + innies), (1,) * len(outies) + (-1,) * len(innies),
                               delta, f"innies and outies of {union.bit_count()} cells"))
    return found


def _mask(cells) -> int:
    """The cells as the bits of an int."""
    mask = 0
    for cell in cells:
        mask |= 1 << int(cell)
    return mask


def _cells_of(mask: int) -> list[int]:
    """The cells of the bits of ``mask``, in increasing order."""
    return [cell for cell in range(mask.bit_length()) if mask >> cell & 1]


def _unions(layout: Layout) -> list[list[int]]:
    """The unions of houses (each a list of indices into ``layout.houses``)
    whose innie-outie sums :func:`_overlap_sums` derives. On a grid of
    boxes ``r`` x ``c``: every union of whole bands of rows and some rows
    of one more band (of 2 to N - 1 rows), the same of stacks of columns,
    and every two boxes of one band or one stack. The moves of an
    isomorphic copy (rows within a band, bands, the same for columns,
    transposition) map this family onto itself, so a moved copy of a
    killer gets the same sums, moved alike. (The Interactive Sudoku Solver
    takes the runs of rows from the top and from the bottom, the same of
    columns, and the boxes in their order, a family that the moves do not
    keep: on its own layout a killer got stronger sums than on its moved
    copies. On 5 copies of tarek's 42 killers this family took the count
    to two from 2,559 to 1,169 branch nodes on average and the HS killers
    from 3,415 to 451: the interactive_solver README, "Innie-outie sums
    that a move keeps".) Without boxes (a jigsaw, whose moves keep the
    order of rows), and past :data:`MAX_MOVED_UNIONS_SIDE` (the family
    grows as ``2^b b 2^r`` for ``b`` bands of ``r`` rows: 24,040 unions on
    36x36, whose 300 cages took 3 s to derive from), the solver's runs:
    rows 1..i and N..N-i+1, the same of columns, regions 1..i, for i from
    2 to N - 1."""
    side = layout.side
    rows, columns, regions = (list(range(start, start + side)) for start in (0, side, 2 * side))
    if layout.box_shape is None or side > MAX_MOVED_UNIONS_SIDE:
        orders = [rows, rows[::-1], columns, columns[::-1]]
        if len(layout.houses) >= 3 * side:
            orders.append(regions)
        return [order[:i] for order in orders for i in range(2, side)]
    found = []
    for lines, size in zip((rows, columns), layout.box_shape):
        bands = [range(start, start + size) for start in range(0, side, size)]
        taken = set()
        for whole in range(1 << len(bands)):
            full = [i for b, band in enumerate(bands) if whole >> b & 1 for i in band]
            for b, band in enumerate(bands):
                for part in range(0 if whole >> b & 1 else (1 << size) - 1):
                    chosen = tuple(sorted(full + [i for j, i in enumerate(band) if part >> j & 1]))
                    if 2 <= len(chosen) < side and chosen not in taken:
                        taken.add(chosen)
                        found.append([lines[i] for i in chosen])
    across = side // layout.box_shape[1]  # boxes side by side in a band
    for a in range(side):
        for b in range(a + 1, side):
            if a // across == b // across or a % across == b % across:
                found.append([regions[a], regions[b]])
    return found


def _arcs(lowered, side: int, matrix: np.ndarray) -> tuple:
    """``ARC_FROM``, ``ARC_TO``, ``ARC_ALLOWED`` of the pair relations, those
    on one pair of cells merged (their tables and-ed), and no equal values
    on a pair of cells that must differ (pairwise peers in ``matrix``): a
    renban's "at most ``len - 1`` apart" then supports a value only by
    another, as the Interactive Sudoku Solver's renban table does (its
    ``BinaryPairwise`` key holds ``a != b``, ``js/solver/sudoku_builder.js``).
    At a state of Hard renban 2 with ten givens the solver's propagation
    alone solved, the counter's left 237 candidates: 4 stayed at R2C5,
    supported only by the 4 of R1C6 on their renban. With a struck cell's
    last value opening a new node (:func:`.kernel._binary_search`), the
    hard renban took 129,779 to 110,548 branch nodes over five copies
    each (13 : 2); before that change, 156,632 to 165,638 (8 : 7), not
    kept then (``benchmarks/interactive_solver/README.md``, "A cell's
    last value opens a new node")."""
    index: dict[tuple[int, int], int] = {}
    tables: list[np.ndarray] = []
    for pair in lowered.pairs:
        a, b, allowed = pair.first, pair.second, np.asarray(pair.allowed, bool)
        if a > b:
            a, b, allowed = b, a, allowed.T
        if (a, b) in index:
            tables[index[a, b]] = tables[index[a, b]] & allowed
        else:
            index[a, b] = len(tables)
            tables.append(allowed)
    if not tables:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros((0, side), np.int64)
    ends = np.array(list(index), np.int64)
    allowed = np.array(tables)  # (pairs, side, side), all pairs at once: Anti-Taxi's 2,011
    allowed[matrix[ends[:, 0], ends[:, 1]] != 0] &= ~np.eye(side, dtype=bool)
    weights = np.int64(1) << np.arange(side, dtype=np.int64)
    masks = np.empty((2 * len(ends), side), np.int64)
    masks[0::2] = allowed @ weights  # a value of the first cell: the values left to the second
    masks[1::2] = allowed.transpose(0, 2, 1) @ weights
    return ends.ravel(), ends[:, ::-1].ravel(), masks


def _lines(lines, side: int) -> tuple:
    """``LINE_CELLS`` .. ``LINE_ACCEPT`` of the regular lines, each line's
    automaton as its diagram (:func:`.line_diagrams.line_diagram`), a
    missing transition sent to a sink: the pass along a line then takes no
    branch on whether a transition exists, which the processor mispredicted
    once a diagram had cut the transitions that lead nowhere (one pass over
    Sandwich snipe 18's lines on random candidates, scratch: 113 us on the
    automata, 63 on the diagrams, 43 with the sink, 22 with no branch left in
    :func:`.kernel._lines`)."""
    tables = [_line_table(line) for line in lines]
    sink = max((len(moves) for moves, _, _ in tables), default=0)
    table = np.full((len(lines), sink + 1, side), sink, np.int64)
    accept = np.zeros((len(lines), sink + 1), np.int64)
    for k, (moves, accepting, _) in enumerate(tables):
        table[k, :len(moves)] = np.where(moves >= 0, moves, sink)
        accept[k, :len(moves)] = accepting
    return (_padded([line.cells for line in lines]), table,
            np.array([start for _, _, start in tables], np.int64), accept)


def _line_table(line) -> tuple[np.ndarray, np.ndarray, int]:
    """``(next, accepting, start)`` of a line: its diagram, or its automaton
    (:attr:`~sudoku_models.core.automata.Automaton.moves`) when the
    diagram has more than :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES`
    states (a line of ``L`` cells can have ``L`` times its automaton's),
    so that no line's tables and workspace outgrow its automaton's bound."""
    moves, accepting = line_diagram(line.automaton, len(line.cells))
    if len(moves) <= MAX_AUTOMATON_STATES:
        return moves, accepting, 0
    automaton = line.automaton
    flags = np.zeros(automaton.states, np.int64)
    flags[sorted(automaton.accepting)] = 1
    return automaton.moves, flags, automaton.start


MAX_COMBOS = 4096  # combinations kept per sum; a sum with more is pruned by its bounds


def combinations_of(size: int, total: int, side: int, cap: int = MAX_COMBOS) -> list[int] | None:
    """Every set of ``size`` different values in ``1..side`` summing to
    ``total``, as bitmasks (bit ``v - 1``), in the lexicographic order of
    their values (``{1, 4}`` before ``{2, 3}``); None when
    there are more than ``cap``. Up to :data:`TABLED_SIDE`, read from
    :func:`combination_table`."""
    if side <= TABLED_SIDE:
        found = combination_table(side).get((size, total), [])
        return list(found) if len(found) <= cap else None  # a copy: the table is shared
    found: list[int] = []

    def extend(smallest: int, left: int, need: int, mask: int) -> bool:
        if left == 0:
            if need == 0:
                found.append(mask)
            return len(found) <= cap
        # the left smallest values from `smallest` on, and the left largest, bound the sum
        low = left * smallest + left * (left - 1) // 2
        high = left * side - left * (left - 1) // 2
        if not low <= need <= high:
            return True
        for value in range(smallest, side + 1):
            if value > need:
                break
            if not extend(value + 1, left - 1, need - value, mask | 1 << (value - 1)):
                return False
        return True

    return found if extend(1, size, total, 0) else None


TABLED_SIDE = 12  # combination_table's sides: 4,096 sets on a 12x12


@lru_cache(maxsize=4)
def combination_table(side: int) -> dict[tuple[int, int], list[int]]:
    """Every set of different values in ``1..side`` as a bitmask, by its
    size and sum, each list in :func:`combinations_of`'s order: the
    ``2^side`` sets read once (as the Interactive Sudoku Solver's
    ``LookupTables``), where the search per sum took a 9x9 killer's build
    0.5 ms of its 4.4 (scratch). Dropped by
    :func:`~sudoku_models.counter.forget_tables`."""
    masks = np.arange(1 << side, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(side)) & 1
    width = side * side + side  # above every sum: a key is size * width + sum
    keys = bits.sum(axis=1) * width + bits @ np.arange(1, side + 1)
    smallest_first = bits @ (1 << np.arange(side - 1, -1, -1))  # the value 1 the top bit
    order = np.lexsort((-smallest_first, keys))
    keys, masks = keys[order], masks[order]
    starts = np.flatnonzero(np.diff(keys, prepend=-1))
    return {divmod(int(keys[i]), width): masks[i:j].tolist()
            for i, j in zip(starts, [*starts[1:], len(keys)])}


def _sums(sums, matrix: np.ndarray, houses: np.ndarray, sets: bool = True,
          value_sets=(), grouped: int | None = None) -> tuple:
    """``SUM_CELLS`` .. ``SUM_REST`` of the linear sums; with ``sets``, a sum
    gets its combinations when its cells must all differ (pairwise peers in
    ``matrix``) and every coefficient is 1 (without, every sum has its
    bounds only), and its complement in the first of ``houses`` ``(H, s)``
    that holds all its cells. ``value_sets`` (:func:`_value_sets`) follow
    the sums as entries of their own: ``(cells, combinations)``, total 0
    (read only as their mark, :func:`.kernel._combinations`: an entry
    with combinations is pruned by them alone, and no sum with
    combinations totals 0). A
    sum whose cells need not all differ, among the first ``grouped`` (all
    when None: the rules' own sums, not the innies and outies derived from
    cages), gets its exclusion groups (``SUM_GROUPS``, the last table
    returned), its cells in their order."""
    side = houses.shape[1]
    cells, coefs, totals, offsets, combos, groups = [], [], [], [0], [], []
    for index, linear in enumerate(sums):
        members = list(linear.cells)
        factors = list(linear.coefficients)
        distinct = all(matrix[a, b] for i, a in enumerate(members) for b in members[i + 1:])
        found = None
        if sets and distinct and set(linear.coefficients) == {1}:
            found = combinations_of(len(members), linear.total, side)
        numbers = []
        if not distinct and (grouped is None or index < grouped):
            parts = _exclusion_groups(members, factors, matrix)
            order = [i for part in parts for i in part]
            members = [members[i] for i in order]
            factors = [factors[i] for i in order]
            numbers = [g for g, part in enumerate(parts) for _ in part]
        cells.append(members)
        coefs.append(factors)
        totals.append(linear.total)
        groups.append(numbers)
        combos.extend(found or [])
        offsets.append(len(combos))
    for members, allowed in value_sets:
        cells.append(list(members))
        coefs.append([1] * len(members))
        totals.append(0)
        groups.append([])
        combos.extend(allowed)
        offsets.append(len(combos))
    width = max((len(c) for c in cells), default=0)
    coef_table = np.zeros((len(coefs), width), np.int64)
    for i, row in enumerate(coefs):
        coef_table[i, :len(row)] = row
    seen = [np.flatnonzero(matrix[members].all(axis=0)) if offsets[k + 1] > offsets[k] else []
            for k, members in enumerate(cells)]
    rest = [_complement(members, houses) if offsets[k + 1] > offsets[k] else []
            for k, members in enumerate(cells)]
    return (_padded(cells, width), coef_table, np.array(totals, np.int64),
            np.array(offsets, np.int64), np.array(combos, np.int64), _padded(seen),
            _padded(rest), _padded(groups, width))


def _exclusion_groups(members: list[int], factors: list[int],
                      matrix: np.ndarray) -> list[list[int]]:
    """The terms of a sum (indices into ``members``) in groups of one
    coefficient whose cells are pairwise peers in ``matrix``, as the
    Interactive Sudoku Solver's ``HandlerUtil.findExclusionGroups`` finds
    them: each group grown greedily, either from the first term left over
    the terms in a few orders (as given, and three shuffles of a fixed
    seed), or from the term that is a peer of the most terms still
    possible (its ``GREEDY_STRATEGY_BEST``; ties to the lowest cell),
    keeping the partition with the largest sum of squared group sizes
    (fewer, larger groups bound the sum more tightly). The second finds the
    boxes of a long arrow whose cells also share the extra houses of
    disjoint sets, where the first orders do not ('Long sums 2': its 32
    arrow cells at least 98 over the boxes, 87 over the best of the
    orders)."""
    cells = np.asarray(members, np.int64)
    coefs = np.asarray(factors, np.int64)
    alike = (coefs[:, None] == coefs[None, :]) & matrix[np.ix_(cells, cells)].astype(bool)
    np.fill_diagonal(alike, False)
    # each term's alike terms as a bitmask: a Python loop over numpy rows took
    # 45% of a long pill arrow's public count (2.6 of 5.9 ms)
    peers = [int(sum(1 << int(j) for j in np.flatnonzero(row))) for row in alike]

    def from_first(order: list[int]) -> list[list[int]]:
        left = list(order)
        parts = []
        while left:
            part = [left.pop(0)]
            joined = 1 << part[0]
            rest = []
            for i in left:
                if peers[i] & joined == joined:
                    part.append(i)
                    joined |= 1 << i
                else:
                    rest.append(i)
            left = rest
            parts.append(part)
        return parts

    def from_most_peers() -> list[list[int]]:
        left = sorted(range(len(members)), key=lambda i: members[i])
        parts = []
        while left:
            part, possible = [], left
            while possible:
                mask = sum(1 << i for i in possible)
                best = max(possible, key=lambda i: (peers[i] & mask).bit_count())
                part.append(best)
                possible = [i for i in possible if peers[best] >> i & 1]
            parts.append(part)
            taken = set(part)
            left = [i for i in left if i not in taken]
        return parts

    rng = np.random.default_rng(0)
    orders = [list(range(len(members)))]
    orders += [rng.permutation(len(members)).tolist() for _ in range(3)]
    best: list[list[int]] = []
    for parts in [*(from_first(order) for order in orders), from_most_peers()]:
        if sum(len(p) ** 2 for p in parts) > sum(len(p) ** 2 for p in best):
            best = parts
    return best


MIN_RELATED = 6  # cells of the smaller sum that see the other, for two sums to be combined


def _combined_sums(sums, matrix: np.ndarray, side: int) -> list[LinearSum]:
    """Sums of two or more of the rules' own sums whose cells need not all
    differ (little killers, long arrows; coefficients all 1), disjoint and
    related (at least :data:`MIN_RELATED` cells of the smaller see a cell of
    the other): their union's exclusion groups are larger than either's, so
    its bounds over the groups are tighter. Merged greedily, best first, as
    the Interactive Sudoku Solver's ``_makeCombinedSumHandlers``
    (``js/solver/optimizer.js``) merges sums: a record scores
    ``sum(k * (side - k) - dof)`` over its groups of ``k`` cells, ``dof`` the
    distance of its total from the nearer of its smallest and largest sums
    over the groups; two are merged when the union scores more than each
    of them or more than both together, and a merged sum with a positive
    score is kept (the sums it was made of stay)."""

    def record(members, total):
        parts = _exclusion_groups(members, [1] * len(members), matrix)
        low = sum(len(p) * (len(p) + 1) // 2 for p in parts)
        high = sum(len(p) * (2 * side - len(p) + 1) // 2 for p in parts)
        if not low <= total <= high:
            return None
        dof = min(total - low, high - total)
        return sum(len(p) * (side - len(p)) - dof for p in parts)

    def related(first, second) -> bool:
        small, big = sorted((first, second), key=len)
        if len(small) < MIN_RELATED or set(small) & set(big):
            return False
        return sum(bool(matrix[c, list(big)].any()) for c in small) >= MIN_RELATED

    active: dict[tuple[int, ...], tuple[int, int, bool]] = {}  # cells -> total, score, own
    for linear in sums:
        members = tuple(sorted(linear.cells))
        if set(linear.coefficients) != {1} or len(set(members)) != len(members) or all(
                matrix[a, b] for i, a in enumerate(members) for b in members[i + 1:]):
            continue
        score = record(list(members), linear.total)
        if score is not None and members not in active:
            active[members] = (linear.total, score, True)
    while True:
        best = None
        keys = list(active)
        for i, first in enumerate(keys):
            for second in keys[i + 1:]:
                union = tuple(sorted(first + second))
                if union in active or not related(first, second):
                    continue
                total = active[first][0] + active[second][0]
                score = record(list(union), total)
                if score is None:
                    continue
                one, two = active[first][1], active[second][1]
                if (score <= one or score <= two) and score <= one + two:
                    continue
                if best is None or (score, union) > (best[0], best[1]):
                    best = (score, union, total, first, second)
        if best is None:
            break
        score, union, total, first, second = best
        del active[first], active[second]
        active[union] = (total, score, False)
    return [LinearSum(cells, (1,) * len(cells), total, f"combined sum of {len(cells)} cells")
            for cells, (total, score, own) in active.items() if not own and score > 0]


def _complement(members: list[int], houses: np.ndarray) -> list[int]:
    """The other cells of the first house holding all of ``members`` (none
    when no house does)."""
    inside = set(members)
    for house in houses.tolist():
        if inside.issubset(house):
            return [c for c in house if c not in inside]
    return []



def _cell_sums(sum_cells: np.ndarray, sum_rest: np.ndarray, cells: int) -> np.ndarray:
    """``CELL_SUMS`` ``(N, d)``, -1 padded: for each cell, the sums whose
    rule reads it (one of their cells, or of the rest of their house)."""
    readers = [[] for _ in range(cells)]
    for k in range(sum_cells.shape[0]):
        for cell in {*sum_cells[k].tolist(), *sum_rest[k].tolist()} - {-1}:
            readers[cell].append(k)
    return _padded(readers)


def _peer_bits(matrix: np.ndarray) -> np.ndarray:
    """``PEER_BITS`` of a ``(N, N)`` peer matrix (module docstring)."""
    cells = matrix.shape[0]
    words = -(-cells // 63)
    padded = np.zeros((cells, words * 63), np.int64)
    padded[:, :cells] = matrix
    weights = np.int64(1) << np.arange(63, dtype=np.int64)
    return np.ascontiguousarray((padded.reshape(cells, words, 63) * weights).sum(axis=2))


def _intersections(houses: np.ndarray, first_extra: int) -> np.ndarray:
    """``INTERSECTIONS`` ``(P, 3, m)``, -1 padded: for each extra house
    (``houses[first_extra:]``) and each earlier house it meets in two cells
    or more, the cells they share, the rest of the extra house and the rest
    of the other house."""
    found = []
    members = [set(h.tolist()) for h in houses]
    for i in range(first_extra, len(houses)):
        for j in range(i):
            shared = members[i] & members[j]
            if len(shared) >= 2 and shared != members[i]:
                found.append([sorted(shared), sorted(members[i] - shared),
                              sorted(members[j] - shared)])
    width = max((len(part) for parts in found for part in parts), default=0)
    table = np.full((len(found), 3, width), -1, np.int64)
    for k, parts in enumerate(found):
        for row, part in enumerate(parts):
            table[k, row, :len(part)] = part
    return table
