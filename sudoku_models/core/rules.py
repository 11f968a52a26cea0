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
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from .automata import (DISTINCT_SIDE, LineAutomaton, cage_automaton, different_automaton,
                       either_automaton, kept, linear_automaton, table_automaton,
                       value_set_automaton)
from ..errors import RulesError
from ..limits import MAX_OR_NESTING
from .geometry import Layout, cell_name
from .constraint import KINDS, Constraint, Context, Lowered

if TYPE_CHECKING:
    from .cell_kinds import Cage, Region
# The kinds (:mod:`.cell_kinds`, :mod:`.line_kinds`) are imported where a constraint of
# theirs is made or asked for, not here: a classic puzzle's Rules needs none of them, and
# their 59 frozen dataclasses cost 35-42 ms of start-up (benchmarks/machinery/README.md).




def _word_forms(constraint: Constraint, layout: Layout, context: Context):
    """``constraint`` as lines that must each spell a word of their
    automaton (:class:`~sudoku_models.core.automata.LineAutomaton`): its
    automata, and its groups, sums, pairs and domains each as the automaton
    of that family (all different, a linear sum, a table, a value set); a
    group and a sum of ones over the same cells (a cage) as one automaton
    of both (:func:`~sudoku_models.core.automata.cage_automaton`), up to
    :data:`~sudoku_models.core.automata.DISTINCT_SIDE`, so that a line
    pruned along its states keeps only the values of the cage's
    combinations."""
    side = layout.side
    lines = list(constraint.automata(layout))
    groups, sums = constraint.groups(layout), constraint.sums(layout)
    if side <= DISTINCT_SIDE and len(groups) == len(sums) == 1 and \
            groups[0] == tuple(sorted(sums[0].cells)) and set(sums[0].coefficients) == {1}:
        # a cage as one word, its combinations: Killer lunchboxes' cages in Ors took 3,506
        # branch nodes a copy in 0.24 CPU s as a group and a sum, 300 in 0.07 so (the
        # interactive_solver README, "Cages in an Or")
        lines.append(LineAutomaton(sums[0].cells, cage_automaton(sums[0].total, side), ""))
        groups, sums = [], []
    lines += [LineAutomaton(group, different_automaton(side), "") for group in groups]
    lines += [LineAutomaton(s.cells, linear_automaton(s.coefficients, s.total, side), "")
              for s in sums]
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

    def cells_on(self):
        return tuple(dict.fromkeys(c for branch in self.branches for constraint in branch
                                   for c in constraint.cells_on()))

    def label(self, layout):
        cells = self.cells_on()
        return f"or {cell_name(min(cells), layout.side)}" if cells else "or"

    def validate(self, layout):
        """The nesting first (:data:`~sudoku_models.limits.MAX_OR_NESTING`),
        level by level: the other checks recurse through the branches."""
        depth, level = 0, [self]
        while level:
            depth += 1
            if depth > MAX_OR_NESTING:
                raise RulesError(f"or: ors nested in ors' branches more than {MAX_OR_NESTING} "
                                 f"deep")
            level = [c for either in level for branch in either.branches
                     if isinstance(branch, (tuple, list)) for c in branch if isinstance(c, Either)]
        super().validate(layout)

    def _check(self, layout):
        if len(self.branches) < 1 or any(not branch for branch in self.branches):
            raise RulesError(f"{self.label(layout)}: one or more branches, each of one or more "
                             f"constraints")
        for branch in self.branches:
            for constraint in branch:
                if not isinstance(constraint, Constraint):
                    raise RulesError(f"{self.label(layout)}: a branch holds constraints, got "
                                     f"{type(constraint).__name__}")
                if not constraint.cells_on():
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
        """One line and its automaton, made once for an or and a layout
        (the check that reads it and every model built from it share it:
        it grows with the branches: 0.1 s for an or of 200 cages, 0.4 s for 576)."""
        try:
            return [_either_line(self, layout)]
        except TypeError:  # branches given as lists, not hashable: made each time
            return [_either_line.__wrapped__(self, layout)]


def constraint_kinds() -> dict[str, type[Constraint]]:
    """Every constraint kind by its JSON name (:data:`~.constraint.KINDS`),
    the modules that define them imported on the first call. In one order
    whatever loaded first: those of :mod:`.cell_kinds`, ``or``
    (:class:`Either`, defined here), those of :mod:`.line_kinds`, then
    any defined elsewhere."""
    from . import cell_kinds, line_kinds  # defining a kind registers it

    rank = {module: i for i, module in enumerate((cell_kinds.__name__, __name__,
                                                   line_kinds.__name__))}
    ordered = sorted(KINDS.items(), key=lambda item: rank.get(item[1].__module__, 3))  # stable
    if list(KINDS) != [kind for kind, _ in ordered]:
        KINDS.clear()
        KINDS.update(ordered)
    return KINDS


@kept(maxsize=8)
def _either_line(either: Either, layout: Layout) -> LineAutomaton:
    """:meth:`Either.automata`'s line (equal ors on equal layouts share it;
    the few last, as one holds its layers once a model read them: up to
    about 30 MB for an or at the state bound)."""
    context = Context(frozenset(), frozenset())
    segments = [(b, line) for b, branch in enumerate(either.branches) for constraint in branch
                for line in _word_forms(constraint, layout, context)]
    cells = tuple(c for _, line in segments for c in line.cells)
    plan = tuple((b, line.automaton, len(line.cells)) for b, line in segments)
    return LineAutomaton(cells, either_automaton(plan, len(either.branches), layout.side),
                         either.label(layout))


def diagonals(layout: Layout) -> tuple[Region, Region]:
    """The two main diagonals of X-Sudoku, each all different."""
    from .cell_kinds import Region

    side = layout.side
    return (Region(tuple(i * side + i for i in range(side)), "main diagonal"),
            Region(tuple(i * side + side - 1 - i for i in range(side)), "anti-diagonal"))


def windoku(layout: Layout) -> tuple[Region, ...]:
    """Windoku (hyper) windows: box-sized windows one cell in from the
    edges, one cell apart (four 3x3 windows on a 9x9). Box layouts only;
    raises :class:`RulesError` otherwise."""
    from .cell_kinds import Region

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
    from .cell_kinds import Region

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
    cages = [c for c in constraints if c.kind == "cage" and c.total is not None]
    seen: dict[int, int] = {}
    for cage in cages:
        for cell in cage.cells:
            seen[cell] = seen.get(cell, 0) + 1
    return [cage for cage in cages if all(seen[cell] == 1 for cell in cage.cells)]


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
        dotted = frozenset(tuple(sorted(c.cells)) for c in self.constraints if c.kind == "kropki")
        marked = frozenset(tuple(sorted(c.cells)) for c in self.constraints if c.kind == "xv")
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
