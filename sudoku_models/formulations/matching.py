"""Matching: Sudoku as bipartite graphs, forbidden edges removed, then branching.

Source: seed 002, "基于二部图匹配的数独求解程序" (a Sudoku solver based on
bipartite matching, 2016). The state is a bipartite graph G between the cells
and the digits; an edge (cell, d) means d is still a candidate of the cell.
Every house (row, column, box) induces a subgraph that must end as a perfect
matching, so an edge that lies in no perfect matching of its house's
subgraph (a *forbidden edge*) can be deleted. The paper deletes forbidden
edges column by column, row by row and box by box until G has one edge per
cell (its Algorithm 2); it solved puzzles with more than 25 clues and failed
on the 17-clue ones. Here the deduction runs to a fixed point and, when it
stalls, the search branches on a cell with the fewest candidates, so every
puzzle solves; a house without a perfect matching is a contradiction.

Variants: every all-different group of the puzzle's rules is filtered the
same way (jigsaw regions and rectangular boxes are houses of the layout;
extra regions, cages without totals and anti-knight / anti-king pairs are
groups). A group with fewer cells than digits must end as a matching that
covers its cells; an edge is then also allowed when it lies on an
alternating path to a free digit (Régin 1994, section 3). Totals, relations
and parity are not all-different constraints: the registry refuses them.

Two filters find the forbidden edges of one house:

* ``"paper"``: the paper's Algorithm 1 — for every edge, delete it and its
  two endpoints and test the rest for a perfect matching with augmenting
  paths (Kuhn's "Hungarian" method);
* ``"regin"`` (default): one maximum matching, then the strongly connected
  components of the alternating graph; a non-matching edge is allowed iff
  its ends share a component (Régin 1994, the all-different filter of CP
  solvers). Same edges, far fewer matchings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from ..core.geometry import Layout
from ..deadline import Deadline
from ..puzzle import Puzzle
from ..result import ModelSize, Status
from ..core.rules import Rules
from .base import Formulation, entry_points


# -- one house: masks[i] = candidate digits (bits) of the house's i-th cell ---


def _augment(cell: int, masks: Sequence[int], owner: list[int], seen: list[bool]) -> bool:
    """Kuhn's augmenting path from ``cell``; ``owner[d]`` is the cell matched
    to digit ``d`` or -1."""
    mask = masks[cell]
    while mask:
        bit = mask & -mask
        mask ^= bit
        digit = bit.bit_length() - 1
        if not seen[digit]:
            seen[digit] = True
            if owner[digit] < 0 or _augment(owner[digit], masks, owner, seen):
                owner[digit] = cell
                return True
    return False


def maximum_matching(masks: Sequence[int], digits: int) -> list[int]:
    """A maximum matching of cells (``masks``: candidate bits per cell) to
    ``digits`` digits: ``owner[d]`` = matched cell or -1."""
    owner = [-1] * digits
    for cell in range(len(masks)):
        _augment(cell, masks, owner, [False] * digits)
    return owner


def _covers_cells(masks: Sequence[int], digits: int) -> bool:
    """Whether every cell can be matched to its own digit."""
    owner = [-1] * digits
    return all(_augment(cell, masks, owner, [False] * digits) for cell in range(len(masks)))


def _digits(masks: Sequence[int]) -> int:
    return max(len(masks), max((m.bit_length() for m in masks), default=0))


def forbidden_paper(masks: Sequence[int]) -> list[int] | None:
    """Forbidden edges by the paper's Algorithm 1: per cell, the candidate
    bits whose edge lies in no matching covering every cell (a perfect
    matching when there are as many cells as digits); None when no such
    matching exists."""
    digits = _digits(masks)
    if not _covers_cells(masks, digits):
        return None
    forbidden = []
    for cell, mask in enumerate(masks):
        bad = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            others = [m & ~bit for i, m in enumerate(masks) if i != cell]
            if not _covers_cells(others, digits):
                bad |= bit
        forbidden.append(bad)
    return forbidden


def forbidden_regin(masks: Sequence[int]) -> list[int] | None:
    """Forbidden edges by one maximum matching and the strongly connected
    components of the alternating graph (cells 0..k-1, digits k..k+D-1;
    matching edges digit -> cell, the others cell -> digit): a non-matching
    edge is allowed when its ends share a component or its digit reaches a
    free digit (one no cell is matched to; there are free digits only in a
    group with fewer cells than digits). Same result as
    :func:`forbidden_paper`; None when no matching covers every cell."""
    cells, digits = len(masks), _digits(masks)
    owner = maximum_matching(masks, digits)
    if sum(o >= 0 for o in owner) < cells:
        return None
    successors = [[cells + d for d in range(digits) if masks[c] >> d & 1 and owner[d] != c]
                  for c in range(cells)]
    successors += [[owner[d]] if owner[d] >= 0 else [] for d in range(digits)]
    component = _strong_components(successors)
    reaches_free = _reaching(successors, [cells + d for d in range(digits) if owner[d] < 0])
    forbidden = []
    for cell, mask in enumerate(masks):
        bad = 0
        for digit in range(digits):
            node = cells + digit
            if (mask >> digit & 1 and owner[digit] != cell
                    and component[cell] != component[node] and not reaches_free[node]):
                bad |= 1 << digit
        forbidden.append(bad)
    return forbidden


def _reaching(successors: list[list[int]], targets: list[int]) -> list[bool]:
    """Per node, whether a path leads from it to one of ``targets``."""
    predecessors: list[list[int]] = [[] for _ in successors]
    for node, nexts in enumerate(successors):
        for nxt in nexts:
            predecessors[nxt].append(node)
    seen = [False] * len(successors)
    stack = list(targets)
    for node in targets:
        seen[node] = True
    while stack:
        for before in predecessors[stack.pop()]:
            if not seen[before]:
                seen[before] = True
                stack.append(before)
    return seen


def _strong_components(successors: list[list[int]]) -> list[int]:
    """Tarjan's algorithm: the component number of every node."""
    count = len(successors)
    index = [-1] * count
    low = [0] * count
    component = [-1] * count
    stack: list[int] = []
    counter = [0, 0]  # next index, next component

    def visit(node: int) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        for nxt in successors[node]:
            if index[nxt] < 0:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif component[nxt] < 0:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            while True:
                top = stack.pop()
                component[top] = counter[1]
                if top == node:
                    break
            counter[1] += 1

    for node in range(count):
        if index[node] < 0:
            visit(node)
    return component


# -- the whole grid ----------------------------------------------------------


@dataclass
class Deduction:
    """Outcome of :func:`deduce`: ``status`` is ``"solved"``, ``"stalled"``,
    ``"infeasible"`` or ``"out of time"`` (the deadline passed with houses
    left to filter: nothing is proven); ``removed`` counts deleted forbidden
    edges; ``sweeps`` the passes over the houses."""

    status: str
    removed: int
    sweeps: int


def initial_candidates(puzzle: Puzzle) -> list[int]:
    """The graph G for a puzzle: every digit for an empty cell, only its clue
    for a filled one (the paper's step 2), as bitmasks per cell."""
    full = (1 << puzzle.side) - 1
    return [1 << (v - 1) if v else full for v in puzzle.grid.ravel().tolist()]


@cache
def _house_tables(layout: Layout) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """The houses' cells, each cell's houses and the sweep order (columns,
    rows, then regions, as in the paper) of ``layout``, as lists."""
    side = layout.side
    sweep = list(range(side, 2 * side)) + list(range(side)) + \
        list(range(2 * side, layout.num_houses))
    return layout.houses.tolist(), layout.cell_houses.tolist(), sweep


def _group_tables(rules: Rules) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """:func:`_house_tables` of the rules' layout with the all-different
    groups of its constraints (``rules.lowered.groups``) after the houses."""
    houses, houses_of, sweep = _house_tables(rules.layout)
    groups = [list(group) for group in rules.lowered.groups]
    if not groups:
        return houses, houses_of, sweep
    houses_of = [list(numbers) for numbers in houses_of]
    for number, group in enumerate(groups, start=len(houses)):
        for cell in group:
            houses_of[cell].append(number)
    return houses + groups, houses_of, sweep + list(range(len(houses), len(houses) + len(groups)))


def deduce(cand: list[int], layout: int | Layout | Rules, find_forbidden: Callable = forbidden_regin,
           deadline: Deadline = Deadline()) -> Deduction:
    """Delete forbidden edges of every house (columns, rows, boxes, as in the
    paper) of ``layout`` (a :class:`~sudoku_models.core.geometry.Layout`, an int
    order, or a variant's :class:`~sudoku_models.core.rules.Rules`, whose
    all-different groups are filtered after the houses) from ``cand``
    (bitmask per cell, modified in place) until none is left; houses whose
    cells did not change since their last visit are skipped. ``deadline``
    (a :class:`~sudoku_models.deadline.Deadline`: wall or CPU clock) is
    checked after each sweep."""
    if isinstance(layout, Rules):
        tables = _group_tables(layout)
    else:
        tables = _house_tables(layout if isinstance(layout, Layout) else Layout.square(layout))
    return _deduce(cand, tables, find_forbidden, deadline)


def _deduce(cand: list[int], tables, find_forbidden: Callable, deadline: Deadline) -> Deduction:
    houses, houses_of, sweep_order = tables
    dirty = [True] * len(houses)
    removed = sweeps = 0
    while any(dirty):
        sweeps += 1
        for number in sweep_order:
            if not dirty[number]:
                continue
            dirty[number] = False
            cells = houses[number]
            forbidden = find_forbidden([cand[c] for c in cells])
            if forbidden is None:
                return Deduction("infeasible", removed, sweeps)
            for cell, bad in zip(cells, forbidden):
                if bad:
                    cand[cell] &= ~bad
                    removed += bin(bad).count("1")
                    for other in houses_of[cell]:
                        dirty[other] = True
        if any(dirty) and deadline.passed():
            # Houses still dirty were not filtered: the graph may hold edges in
            # no perfect matching, so it proves nothing, not even "solved".
            return Deduction("out of time", removed, sweeps)
    solved = all(m & (m - 1) == 0 for m in cand)
    return Deduction("solved" if solved else "stalled", removed, sweeps)


class _OutOfTime(Exception):
    pass


class MatchingFormulation(Formulation):
    """The bipartite-matching method with branching, in pure Python.

    ``filter``: ``"regin"`` (default) or ``"paper"``. :meth:`build` returns
    the graph G as a read-only ``(n*n, n*n, n*n)`` bool array ``edges[row,
    column, digit-1]`` (a picture of the state, not an input: writing to it
    raises ``ValueError``). Statistics: ``branches`` (guesses), ``removed edges``,
    ``sweeps``. Model size: variables = edges of G, constraints = houses
    and all-different groups, nonzeros = edges x groups per cell (3 for
    classic rules). Raises ``ValueError`` for an unknown filter.
    """

    name = "matching"

    def __init__(self, layout=3, *, filter: str = "regin", **options) -> None:
        super().__init__(layout, **options)
        self.filter = self._option("filter", filter)
        self._find = forbidden_regin if filter == "regin" else forbidden_paper
        self._cand: list[int] = []

    def _build_rules(self) -> None:
        self._tables = _group_tables(self.rules)  # the houses and all-different groups

    def _load_clues(self, puzzle: Puzzle) -> None:
        self._cand = initial_candidates(puzzle)

    def _native_model(self) -> np.ndarray:
        bits = np.array(self._cand, dtype=np.int64)[:, None] >> np.arange(self.side) & 1
        edges = bits.astype(bool).reshape(self.side, self.side, self.side)
        edges.setflags(write=False)  # a view of the graph: editing it would change nothing
        return edges

    def _run(self):
        stats = {"branches": 0, "removed edges": 0, "sweeps": 0}
        try:
            found = self._search(list(self._cand), stats, self._deadline)
        except _OutOfTime:
            return Status.TIME_LIMIT, None, stats, None
        if found is None:
            return Status.INFEASIBLE, None, stats, None
        return Status.OPTIMAL, np.array([m.bit_length() for m in found]), stats, None

    def _search(self, cand: list[int], stats: dict, deadline: Deadline) -> list[int] | None:
        """Depth-first search with an explicit stack (a 36x36 grid can need
        more levels than Python's recursion limit): deduce, then branch on a
        cell with the fewest candidates. Raises ``_OutOfTime`` at the deadline."""
        root = cand
        stack = [cand]
        while stack:
            if deadline.passed():
                raise _OutOfTime
            cand = stack.pop()
            stats["branches"] += cand is not root  # every node but the root is a guess
            outcome = _deduce(cand, self._tables, self._find, deadline)
            stats["removed edges"] += outcome.removed
            stats["sweeps"] += outcome.sweeps
            if outcome.status == "out of time":
                raise _OutOfTime
            if outcome.status == "solved":
                return cand
            if outcome.status == "infeasible":
                continue
            cell = min((c for c, m in enumerate(cand) if m & (m - 1)),
                       key=lambda c: bin(cand[c]).count("1"))
            bits = []
            mask = cand[cell]
            while mask:
                bit = mask & -mask
                mask ^= bit
                bits.append(bit)
            for bit in reversed(bits):  # the lowest digit is tried first
                child = list(cand)
                child[cell] = bit
                stack.append(child)
        return None

    def size(self) -> ModelSize:
        edges = sum(bin(m).count("1") for m in self._cand) if self._cand else self.side**3
        houses, houses_of, _ = self._tables
        groups_per_cell = sum(map(len, houses_of)) / len(houses_of)
        return ModelSize(variables=edges, constraints=len(houses),
                         nonzeros=round(groups_per_cell * edges))

    @staticmethod
    def solver_name() -> str:
        from .. import __version__

        return f"matching (sudoku-models {__version__})"


build, solve = entry_points(MatchingFormulation)
