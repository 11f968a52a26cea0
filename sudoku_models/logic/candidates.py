"""The candidate grid the logical techniques work on, and the field's
notation for cells, houses and eliminations (``r4c7``, ``b1``, ``r2c5<>4``).

Candidates are bitmasks in plain Python ints (bit ``v - 1`` for value ``v``),
one per cell, so a technique tests and combines whole cells or houses with
one ``&`` or ``|``; that is what keeps the explaining solver at milliseconds
for a 9x9 without compiling it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core.geometry import Layout, cell_name, house_label
from ..core.cell_kinds import Cage, Region
from ..core.rules import Rules
from ..errors import UnsolvablePuzzle, UnsupportedRules
from .pair_relations import broken_relation, relation_groups

#: The constraint kinds the techniques understand: extra all-different
#: regions (a house when they have ``N`` cells, peers otherwise), killer
#: cages (the same, and their totals for the cage-sum techniques),
#: anti-knight and anti-king (peers), parity and candidate givens (the
#: cells' starting candidates), and the kinds whose rule binds two cells
#: at a time (:mod:`~sudoku_models.logic.relations`: Kropki, XV,
#: non-consecutive, the negative constraints, greater-than, thermometers,
#: whispers, renban, palindromes, fortress cells, clones). Arrows (a sum
#: of any length against its circle) are refused.
EXPLAINED_KINDS = ("region", "cage", "anti-knight", "anti-king", "parity", "candidates",
                   "kropki", "kropki-negative", "xv", "xv-negative", "non-consecutive",
                   "greater", "thermometer", "whispers", "renban", "palindrome", "fortress",
                   "clones")


@dataclass(frozen=True)
class TechniqueTables:
    """A puzzle's rules as the Python tuples the pure-Python techniques walk
    fastest:

    * ``houses``: tuples of flat cells, ascending, every group of ``N`` cells holding
      each value once: the layout's rows, columns and regions (house numbers
      as :attr:`~sudoku_models.core.geometry.Layout.houses`), then the extra
      regions of ``N`` cells (X diagonals, windoku windows, disjoint groups,
      cages of ``N`` cells);
    * ``labels``: the name of each house in the explanations, ``r3``,
      ``c1``, ``b9`` (regions of a jigsaw are ``b`` too), then the extra
      regions' names (``main diagonal``, ``window 2``, ``group 4``);
    * ``lines``: ``2N``, the number of rows and columns (houses
      ``0..2N-1``; the others are regions, boxes or extra);
    * ``cell_houses``: the house numbers of each cell, ascending (its row,
      its column, its region, then its extra houses);
    * ``house_sets``: each house as a frozenset, ``house_masks`` as a
      bitmask of cells (bit ``c`` for cell ``c``);
    * ``crossing``: for each house, a dict from each of its cells to the
      other houses holding that cell and at least one more of the house's
      cells, ascending (where Locked Candidates look for a cover);
    * ``peers`` (sorted) and ``peer_sets``: the cells each cell must differ
      from: its houses' cells, the other cells of its smaller all-different
      groups, its anti-knight and anti-king neighbours;
    * ``peer_masks``: the same as bitmasks of cells (bit ``c`` for cell
      ``c``), where a technique intersects the sight of several cells;
    * ``domains``: each cell's starting candidates as a bitmask (parity,
      candidate givens), or None when every value is allowed everywhere;
    * ``cages``: the killer cages with a total, as ``(cells, total, label)``
      (cells sorted, label ``cage r1c1 (15)``); empty for other puzzles;
    * ``units``: where the cage-sum techniques apply the rule of 45 (every
      house holds ``1..N`` once): ``(label, cells, houses)`` for every house
      and every run of two or three neighbouring rows or columns (``r1-r3``),
      ``houses`` the number of houses it is made of; empty without cages.
    """

    houses: tuple
    labels: tuple
    lines: int
    cell_houses: tuple
    house_sets: tuple
    house_masks: tuple
    crossing: tuple
    peers: tuple
    peer_sets: tuple
    peer_masks: tuple
    domains: tuple | None
    cages: tuple
    units: tuple
    relations: tuple


def _refuse(rules: Rules) -> None:
    if rules.layout.more_values:
        raise UnsupportedRules(
            f"the human techniques need each value once in every house; this grid has "
            f"{rules.layout.values} values in houses of {rules.layout.side} cells (solve such a "
            "puzzle with a method instead)")
    kinds = sorted({c.kind for c in rules.constraints if c.kind not in EXPLAINED_KINDS})
    if kinds:
        raise UnsupportedRules(
            f"the human techniques cannot explain {', '.join(kinds)} constraints (a sum along "
            f"a line is not a rule between two cells); they explain houses and "
            f"{', '.join(EXPLAINED_KINDS)} (solve such a puzzle with a method instead)")


@lru_cache(maxsize=32)  # one entry serves every classic puzzle of a layout
def technique_tables(rules: Rules | Layout) -> TechniqueTables:
    """The :class:`TechniqueTables` of a puzzle's rules (or of a bare layout),
    converted once. Raises :class:`UnsupportedRules` for constraint kinds
    the techniques cannot explain."""
    if isinstance(rules, Layout):
        rules = Rules(rules)
    _refuse(rules)
    layout = rules.layout
    side = layout.side
    houses = list(map(tuple, layout.houses.tolist()))
    labels = [house_label(h, side) for h in range(len(houses))]
    known = set(houses)
    for constraint in rules.constraints:
        if isinstance(constraint, (Region, Cage)) and len(constraint.cells) == side:
            cells = tuple(sorted(constraint.cells))
            if cells not in known:
                known.add(cells)
                houses.append(cells)
                labels.append(constraint.name if isinstance(constraint, Region) and
                              constraint.name else constraint.label(layout))
    cell_houses = [[] for _ in range(side * side)]
    for index, cells in enumerate(houses):
        for cell in cells:
            cell_houses[cell].append(index)
    counts = layout.peer_counts.tolist()
    peers = [row[:count] for row, count in zip(layout.peers.tolist(), counts)]
    domains = None
    if not rules.classic:
        seen = [set(p) for p in peers]
        for group in rules.lowered.groups:  # extra regions, cages, knight and king pairs
            for cell in group:
                seen[cell].update(group)
        peers = [sorted(s - {cell}) for cell, s in enumerate(seen)]
        if any(c.domain(layout) for c in rules.constraints):
            domains = tuple(rules.lowered.domains.tolist())
    peers = tuple(map(tuple, peers))
    house_sets = tuple(map(frozenset, houses))
    crossing = tuple({cell: tuple(h for h in cell_houses[cell]
                                  if h != base and len(house_sets[h] & house_sets[base]) > 1)
                      for cell in cells} for base, cells in enumerate(houses))
    cages = tuple((tuple(sorted(c.cells)), c.total, c.label(layout)) for c in rules.constraints
                  if isinstance(c, Cage) and c.total is not None)
    peer_sets = tuple(frozenset(p) for p in peers)
    return TechniqueTables(tuple(houses), tuple(labels), 2 * side, tuple(map(tuple, cell_houses)),
                  house_sets, tuple(sum(1 << c for c in h) for h in houses), crossing,
                  peers, peer_sets,
                  tuple(sum(1 << c for c in p) for p in peers), domains,
                  cages, _units(houses, labels, side) if cages else (),
                  relation_groups(rules, peer_sets))


def _units(houses, labels, side: int) -> tuple:
    units = [(label, frozenset(cells), 1) for cells, label in zip(houses, labels)]
    for kind, letter in ((0, "r"), (1, "c")):
        for width in (2, 3):
            for first in range(side - width + 1):
                cells = frozenset(c for line in range(first, first + width)
                                  for c in houses[kind * side + line])
                units.append((f"{letter}{first + 1}-{letter}{first + width}", cells, width))
    return tuple(units)


def values_text(values) -> str:
    return "/".join(str(v) for v in values)


def eliminations_text(eliminations, side: int) -> str:
    """``r2c5<>4, r2c8<>4`` for ``[(cell, value), ...]``."""
    return ", ".join(f"{cell_name(c, side)}<>{v}" for c, v in eliminations)


#: Number of set bits of a candidate bitmask: ``int.bit_count``, one C call (the
#: counter's ``popcount`` is a plain-Python loop, written so its kernels can
#: compile it).
popcount = int.bit_count


def bits(mask: int) -> list[int]:
    """The values (1-based) whose bits are set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


def cells_of(mask: int) -> list[int]:
    """The cells whose bits are set in ``mask`` (a bitmask of cells, bit
    ``c`` for cell ``c``), ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CandidateGrid:
    """A partly solved grid: ``values`` (flat list, 0 = empty) and ``cand``
    (flat list of bitmasks, 0 for a filled cell) on a puzzle's
    :class:`~sudoku_models.core.rules.Rules` (or a bare
    :class:`~sudoku_models.core.geometry.Layout`); ``tables`` holds its houses,
    their labels and the peers as tuples (:class:`TechniqueTables`);
    ``memo`` keeps what techniques worked out, with the candidates it was
    worked out from (:meth:`remembered`), for the next steps.

    Build with :meth:`from_puzzle`; raises :class:`UnsolvablePuzzle` when the
    clues break a rule and :class:`UnsupportedRules` for constraints the
    techniques cannot explain.
    """

    __slots__ = ("cand", "memo", "rules", "side", "tables", "values")

    def __init__(self, rules: Rules | Layout, values: list[int]) -> None:
        self.rules = rules if isinstance(rules, Rules) else Rules(rules)
        self.side = self.rules.layout.side
        self.tables = technique_tables(self.rules)
        self.values = list(values)
        self.memo = {}
        full = (1 << self.side) - 1
        domains = self.tables.domains
        if domains is None:
            self.cand = [0 if v else full for v in self.values]
        else:
            self.cand = [0 if v else d for v, d in zip(self.values, domains)]
        for cell, value in enumerate(self.values):
            if value:
                bit = 1 << (value - 1)
                for peer in self.tables.peers[cell]:
                    self.cand[peer] &= ~bit

    @property
    def layout(self) -> Layout:
        return self.rules.layout

    @classmethod
    def from_puzzle(cls, puzzle) -> CandidateGrid:
        conflicts = puzzle.conflicts()
        if conflicts:
            first = conflicts[0]
            where = ", ".join(f"r{r}c{c}" for r, c in first.cells)
            raise UnsolvablePuzzle(
                f"contradictory clues: {first.value} appears more than once in {first.house} "
                f"({where}), so the puzzle has no solution")
        grid = cls(puzzle.rules, [int(v) for v in puzzle.grid.ravel()])
        if not puzzle.rules.classic:
            grid._check_clues()
        return grid

    def _check_clues(self) -> None:
        """The clue conflicts :meth:`Puzzle.conflicts` does not see: equal
        clues an anti-knight or anti-king move apart, a clue outside its
        cell's given candidates (parity, candidate givens), two clues a
        relation forbids (a Kropki dot, a thermometer, ...)."""
        values, side, domains = self.values, self.side, self.tables.domains
        for cell, value in enumerate(values):
            if not value:
                continue
            twin = next((p for p in self.tables.peers[cell] if values[p] == value), None)
            if twin is not None:
                kinds = [c.kind for c in self.rules.constraints
                         if any(cell in g and twin in g for g in c.groups(self.layout))]
                raise UnsolvablePuzzle(
                    f"contradictory clues: {cell_name(cell, side)} and {cell_name(twin, side)} "
                    f"both hold {value}, which {' and '.join(kinds) or 'the rules'} forbid"
                    f"{'s' if len(kinds) == 1 else ''}, so the puzzle has no solution")
            if domains is not None and not domains[cell] >> (value - 1) & 1:
                why = next((c.label(self.layout) for c in self.rules.constraints
                            if any(d == cell and not m >> (value - 1) & 1
                                   for d, m in c.domain(self.layout))), "its candidates")
                raise UnsolvablePuzzle(
                    f"contradictory clues: {cell_name(cell, side)} holds {value}, which "
                    f"{why} forbids, so the puzzle has no solution")
        self._check_relations("contradictory clues")

    def _check_relations(self, what: str) -> None:
        broken = broken_relation(self.values, self.tables.relations, self.side) \
            if self.tables.relations else None
        if broken:
            raise UnsolvablePuzzle(f"{what}: {broken} break the rule, so the puzzle has no "
                                   f"solution")

    def place(self, cell: int, value: int) -> None:
        """Fill ``cell`` with ``value`` and remove it from the peers' candidates."""
        self.values[cell] = value
        self.cand[cell] = 0
        bit = ~(1 << (value - 1))
        cand = self.cand
        for peer in self.tables.peers[cell]:
            cand[peer] &= bit

    def value_planes(self) -> tuple[int, ...]:
        """For each value (index ``value - 1``), the cells holding it as a
        candidate, as a bitmask of cells (bit ``c`` for cell ``c``); worked
        out once per state of the candidates."""
        def work_out():
            planes = [0] * self.side
            for cell, mask in enumerate(self.cand):
                while mask:
                    low = mask & -mask
                    planes[low.bit_length() - 1] |= 1 << cell
                    mask ^= low
            return tuple(planes)

        return self.remembered("value planes", tuple(self.cand), work_out)

    def remembered(self, key, inputs, work_out):
        """``work_out()``, kept in :attr:`memo` under ``key`` and given again
        while ``inputs`` (all it reads of the grid, e.g. a value's plane)
        are unchanged: a technique that reads one value's candidates redoes
        nothing for a value the steps since have not touched."""
        kept = self.memo.get(key)
        if kept is not None and kept[0] == inputs:
            return kept[1]
        result = work_out()
        self.memo[key] = (inputs, result)
        return result

    def eliminate(self, cell: int, value: int) -> None:
        self.cand[cell] &= ~(1 << (value - 1))

    def solved(self) -> bool:
        return 0 not in self.values

    def check(self, cells=None) -> None:
        """Raise :class:`UnsolvablePuzzle` when an empty cell has no candidate,
        a missing value has no place left in a house or two filled cells
        break a relation (a Kropki dot, a thermometer, ...). ``cells``
        (ascending): look only at those cells and their houses, enough after
        a step on a grid that passed, when only they changed."""
        values, cand, side = self.values, self.cand, self.side
        for cell in range(side * side) if cells is None else cells:
            if not values[cell] and not cand[cell]:
                raise UnsolvablePuzzle(
                    f"{cell_name(cell, side)} has no candidate left, so the puzzle has no solution")
        houses = self.tables.houses
        if cells is None:
            changed = range(len(houses))
        else:
            cell_houses = self.tables.cell_houses
            changed = sorted({h for c in cells for h in cell_houses[c]})
        for index in changed:
            placed = 0
            room = 0
            for c in houses[index]:
                if values[c]:
                    placed |= 1 << (values[c] - 1)
                else:
                    room |= cand[c]
            missing = ((1 << side) - 1) & ~placed & ~room
            if missing:
                raise UnsolvablePuzzle(
                    f"{bits(missing)[0]} has no place left in {self.tables.labels[index]}, so the "
                    f"puzzle has no solution")
        self._check_relations("the deductions reach a contradiction")
