"""Value ranges other than 1..N: a puzzle whose cells hold 0..N-1.

The Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver,
MIT) writes a grid whose values start at 0 as ``.Shape~9x9~0-8`` (its
``valueOffset`` of -1, ``js/cell_geometry.js``: a range starts at 0 or 1);
its clues, totals and value lists are then in those values.

A range may also hold more values than a house has cells (``"1-9"`` on a
6x6, ``"0-9"`` on a 9x9: :func:`named_range` gives the range and its count ``V``,
:meth:`Layout.with_values <sudoku_models.core.geometry.Layout.with_values>`
holds it); the shift composes with it (``0-9`` is 1..10 inside), and
the translations that build automata refuse such a grid by name.

The toolkit keeps one set of values inside: every formulation, the counter,
the checker and a :class:`~sudoku_models.result.SolveResult`'s grid hold
1..N (1..V). A puzzle written in 0..N-1 is read into 1..N (the value ``v`` as
``v + 1``), and each constraint that depends on the values is translated
when it is read (:func:`to_internal`), so that the translated puzzle has
exactly the solutions of the original, each shifted by one:

* kinds that only compare or difference values keep their form: extra
  regions and cages without a total, anti-knight, anti-king,
  non-consecutive, greater-than, thermometers, whispers, renban,
  palindromes, white Kropki dots and modular lines; equality cages (the
  own values' even and odd swap, low and high stay: as many of each
  still); and what the Interactive Sudoku Solver keys by the value's
  index 1..N rather than by the value, a ``Pair`` relation's table and an
  ``NFA``'s symbols (a :class:`~sudoku_models.core.rules.Pairwise` and a
  :class:`~sudoku_models.core.rules.Regular` given by its transitions);
* a value a constraint names moves by one: clues and candidate sets (so
  the odd values of 0..8 are the even values of 1..9, a parity constraint),
  quadruples and hidden skyscrapers;
* a total over ``k`` cells grows by ``k``: cages, little killers, sums (a
  cell listed twice counts twice), X and V (a sum of two cells: 12 and 7);
* an equation with values on both sides or a product changes its form, and
  becomes a :class:`~sudoku_models.core.rules.Regular` constraint (the regular
  constraint, G. Pesant, CP 2004, which every method models) whose
  automaton checks the equation in the puzzle's own values: arrows (the
  circle, then the arrow), double arrows, zippers, region-sum lines (each
  run's sum equal to the first's), black Kropki dots, counting circles
  (one automaton per own value: in that many circles or none, so never a
  0), skyscrapers (a 0 is never seen, as in the Interactive Sudoku Solver), and
  the negative Kropki and XV rules, one automaton per pair of orthogonal
  neighbours that carries no mark;
* the sums and indexing kinds keep their meaning in the own values, as the
  Interactive Sudoku Solver's handlers read them, as regular constraints
  whose automata read the own values (the ``shift`` of
  :func:`~sudoku_models.core.automata.from_step`): sandwiches (between the 0 and
  the N-1), X-sums and sum lines (not loops), lunchboxes (with an extra
  region for their different values) and rellik cages, numbered rooms and
  column or row indexing (a control cell's own value ``c``, never 0, picks
  the ``c``-th cell of its line);
* a regular expression (a ``Regex`` line, grids up to 9x9) names each
  value one digit higher (``[^0-2]`` becomes ``[^123]``);
* any other kind is refused by name with a :class:`ValueRangeError`: a kind
  whose meaning in 0..N-1 the toolkit does not translate (entropic line,
  pill arrow, a sum-line loop, ...).

Answers are written in the puzzle's own values by :meth:`ValueRange.own`
(values) and :meth:`ValueRange.symbol` (text); ``str(puzzle)`` and
:meth:`~sudoku_models.puzzle.Puzzle.to_iss` use them, and
:func:`to_internal` with ``inverse=True`` translates the value and total
kinds back for writing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from .automata import (Automaton, from_step, lunchbox_automaton, rellik_automaton,
                       sandwich_automaton, sum_line_automaton, x_sum_automaton)
from ..errors import PuzzleFormatError
from ..limits import MAX_VALUES
from .geometry import Layout
from .constraint import Constraint, Context, LinearSum

if TYPE_CHECKING:
    from .line_kinds import Regular
# The kinds are imported by the translations that make or tell them apart, not here: the
# value range of a classic puzzle needs none of them (their import: 35-42 ms).

_DIGITS = "0123456789ABCDEFGHIJKLMNOP"
# kinds whose meaning does not change when every value moves by the same amount
# (an equality cage: the own values' even and odd classes swap, low and high stay), and
# kinds the Interactive Sudoku Solver keys by value index 1..N, not by value (a pair
# relation's table, an automaton's symbols)
_INVARIANT = ("region", "anti-knight", "anti-king", "non-consecutive", "greater", "thermometer",
              "whispers", "renban", "palindrome", "modular", "equality-cage", "pairwise", "clones",
              "same-values")
# kinds whose sums change form: checked as automata over the own values
_EQUATIONS = ("arrow", "double-arrow", "zipper", "region-sum-line")
# kinds whose automaton reads the own values as they are (from_step's shift)
_OWN_AUTOMATA = {"sandwich": sandwich_automaton, "x-sum": x_sum_automaton,
                 "lunchbox": lunchbox_automaton, "rellik-cage": rellik_automaton,
                 "sum-line": sum_line_automaton}


class ValueRangeError(PuzzleFormatError):
    """A constraint the toolkit cannot translate into the values 1..N."""


@dataclass(frozen=True)
class ValueRange:
    """How a puzzle writes its values: ``low``, the value the toolkit's 1
    stands for (1: the usual 1..N; 0: the values 0..N-1)."""

    low: int = 1

    def __post_init__(self):
        if self.low not in (0, 1):
            raise PuzzleFormatError(f"a value range starts at 0 or 1, not {self.low}")

    @property
    def shift(self) -> int:
        """What to add to a value 1..N to get the puzzle's own value (0 or -1)."""
        return self.low - 1

    def name(self, side: int) -> str:
        """``"0-8"`` (or ``"1-9"``) for 9 values (``side``: the number of
        values, the side unless the grid has more values than cells per house)."""
        return f"{self.low}-{side + self.shift}"

    def parse(self, text: str, side: int) -> int | None:
        """The value 1..N of ``text`` (ASCII digits, a value of this range on
        a grid of ``side`` values), None when it is not one."""
        if not (text.isascii() and text.isdigit() and len(text) <= 3):
            return None
        value = int(text) - self.shift
        return value if 1 <= value <= side else None

    def own(self, grid) -> np.ndarray:
        """``grid`` (values 1..N, 0 empty; any shape) in the puzzle's own
        values: an int64 array of the same shape, empty cells -1."""
        grid = np.asarray(grid, dtype=np.int64)
        return np.where(grid > 0, grid + self.shift, -1)

    def symbol(self, value: int) -> str:
        """One character for the value 1..N (``.`` for 0, empty) in the own
        values: ``0-9`` then ``A-P`` from 0, the line format's ``1-9A-P``
        from 1."""
        return "." if value == 0 else _DIGITS[value + self.shift]


ONE_TO_N = ValueRange(1)


def named_range(text: str, side: int) -> tuple[ValueRange, int] | None:
    """The range ``text`` names on a grid of ``side`` and its number of
    values ``V``: ``"1-9"`` or ``"0-8"`` for 9 values, as
    :meth:`ValueRange.name` writes it; ``V`` from ``side`` up to
    :data:`~sudoku_models.limits.MAX_VALUES` (``"1-9"`` on a 6x6: more
    values than cells per house, :meth:`Layout.with_values
    <sudoku_models.core.geometry.Layout.with_values>`). None for any other text."""
    low, dash, high = text.partition("-")
    if not (dash and low in ("0", "1") and high.isascii() and high.isdigit() and len(high) <= 2):
        return None
    count = int(high) - int(low) + 1
    if not side <= count <= max(side, MAX_VALUES):
        return None
    return ValueRange(int(low)), count


def marks(constraints) -> Context:
    """The pairs of cells that carry a Kropki dot or an X or V among
    ``constraints`` (as :attr:`Rules.context <sudoku_models.core.rules.Rules.context>`
    gives them), before those become other kinds."""
    return Context(frozenset(tuple(sorted(c.cells)) for c in constraints if c.kind == "kropki"),
                   frozenset(tuple(sorted(c.cells)) for c in constraints if c.kind == "xv"))


def to_internal(constraint: Constraint, values: ValueRange, layout: Layout, *,
                inverse: bool = False, context: Context = Context(frozenset(), frozenset())
                ) -> list[Constraint]:
    """The constraints in the values 1..N that mean what ``constraint`` means
    in ``values`` (see the module docstring); ``inverse``: from 1..N back to
    ``values`` (the value and total kinds only, for writing); ``context``:
    the marked pairs of the puzzle's constraints as read (:func:`marks`), which
    the negative Kropki and XV rules leave alone. Raises
    :class:`ValueRangeError` naming the kind it cannot translate."""
    from .cell_kinds import (Cage, CountingCircles, Indexing, Kropki, KropkiNegative, Region, XV,
                             XVNegative)
    from .line_kinds import (CellSum, DoubleArrow, HiddenSkyscraper, LittleKiller, Lunchbox,
                             NumberedRoom, Quadruple, RegionSumLine, Regular, Skyscraper, Zipper)

    shift = -values.shift if inverse else values.shift  # own value = inside value + shift
    if shift == 0 or constraint.kind in _INVARIANT or (
            isinstance(constraint, Cage) and constraint.total is None) or (
            not inverse and isinstance(constraint, Regular) and not constraint.pattern):
        return [constraint]
    if isinstance(constraint, Kropki) and constraint.color == "white":
        return [constraint]
    if isinstance(constraint, (Cage, LittleKiller, CellSum)):
        inside = replace(constraint, total=constraint.total - shift * len(constraint.cells))
        if not inverse and isinstance(inside, (Cage, LittleKiller)) and inside.cells:
            low, high = inside.reach(layout)  # named here, in the puzzle's own values
            if not low <= inside.total <= high:
                size = len(inside.cells)
                raise ValueRangeError(
                    f"{constraint.label(layout)}: {size} {'different ' * isinstance(inside, Cage)}"
                    f"values in {values.name(layout.values).replace('-', '..')} sum to "
                    f"{low + shift * size}..{high + shift * size}, not {constraint.total}")
        return [inside]
    if isinstance(constraint, XV):
        return [CellSum(constraint.cells, constraint.total - 2 * shift)]
    if isinstance(constraint, Quadruple):
        return [replace(constraint, values=tuple(v - shift for v in constraint.values))]
    if isinstance(constraint, HiddenSkyscraper):
        return [replace(constraint, value=constraint.value - shift)]
    if isinstance(constraint, Regular) and constraint.pattern and layout.values <= 9:
        return [replace(constraint, pattern=_shifted_pattern(constraint.pattern, -shift))]
    if layout.more_values:  # the automata below read the values 1..N
        raise ValueRangeError(f"{constraint.label(layout)}: a {constraint.kind} constraint in "
                              f"the values {values.name(layout.values)} of a "
                              f"{layout.side}x{layout.side} grid has no translation in the "
                              f"toolkit")
    if not inverse and isinstance(constraint, (DoubleArrow, Zipper, Kropki, Skyscraper,
                                              RegionSumLine)):
        constraint.validate(layout)  # its cells, before they become an automaton's (an
        # arrow may be longer than in 1..N: its 0s add nothing)
    if not inverse and constraint.kind in _EQUATIONS:
        return [_sum_automaton(linear, shift, layout.side) for linear in constraint.sums(layout)]
    if not inverse and isinstance(constraint, Kropki):
        return [_pair_automaton(constraint.cells, constraint.amount, shift, layout.side)]
    if not inverse and isinstance(constraint, (KropkiNegative, XVNegative)):
        return _negative_pairs(constraint, context, shift, layout)
    if not inverse and isinstance(constraint, Skyscraper):
        return [_skyscraper_automaton(constraint.cells, constraint.count, shift, layout.side)]
    if not inverse and constraint.kind in _OWN_AUTOMATA and not getattr(constraint, "loop",
                                                                          False):
        constraint.validate(layout)
        automaton = _OWN_AUTOMATA[constraint.kind](constraint.total, layout.side, shift)
        distinct = [Region(constraint.cells)] if isinstance(constraint, Lunchbox) else []
        return [as_regular(constraint.cells, automaton), *distinct]
    if not inverse and isinstance(constraint, (NumberedRoom, Indexing)):
        constraint.validate(layout)
        return _indexing(constraint, shift, layout.side)
    if not inverse and isinstance(constraint, CountingCircles):
        constraint.validate(layout)
        return [_count_automaton(constraint.cells, own, shift, layout.side)
                for own in range(1 + shift, layout.side + shift + 1)]
    if inverse:
        raise ValueRangeError(f"{constraint.label(layout)}: read from the values "
                              f"{values.name(layout.values)}, it has no form to write back in them")
    raise ValueRangeError(f"{constraint.label(layout)}: a {constraint.kind} constraint in the "
                          f"values {values.name(layout.values)} has no translation into "
                          f"1..{layout.values} in the toolkit")


def own_regular(cells, start, step, accepts, shift: int, side: int) -> Regular:
    """A :class:`Regular` constraint on ``cells`` whose automaton reads the
    values 1..N as the own values ``v + shift``: the states reached from
    ``start`` by ``step(state, own value)`` (None: no move), accepting where
    ``accepts(state)`` (:func:`~sudoku_models.core.automata.from_step`)."""
    return as_regular(cells, from_step(start, step, accepts, side, shift))


def as_regular(cells, automaton: Automaton) -> Regular:
    """A :class:`Regular` constraint on ``cells`` given by ``automaton``'s
    transitions (one that accepts no word: a move to a state that does not
    accept)."""
    from .line_kinds import Regular

    transitions = tuple((q, v, target) for q, row in enumerate(automaton.next)
                        for v, target in enumerate(row, start=1) if target >= 0)
    accepting = tuple(automaton.accepting)
    if not transitions or not accepting:  # no word: a move to a state that does not accept
        transitions, accepting = ((0, 1, 1),), (2,)
    return Regular(tuple(cells), transitions=transitions, start=automaton.start,
                   accepting=accepting)


def _indexing(constraint, shift: int, side: int) -> list[Regular]:
    """A numbered room or a cell of column (row) indexing in the own values,
    as the Interactive Sudoku Solver's ``Indexing`` handler reads them: a
    control cell holding ``c`` (1 to the line's length; never 0) says that
    the ``c``-th cell of its line holds the wanted value (a numbered room's
    clue; for column indexing, the control's column counted from 1)."""
    if constraint.kind == "numbered-room":
        found = [(constraint.cells[0], constraint.cells, constraint.value)]
    else:
        found = [((cell, tuple(cell // side * side + i for i in range(side)), cell % side + 1)
                  if constraint.direction == "column" else
                  (cell, tuple(i * side + cell % side for i in range(side)), cell // side + 1))
                 for cell in constraint.cells]
    rules = []
    for control, line, wanted in found:
        def step(state, value, line=line, wanted=wanted):
            position, pointer = state
            if position == 0:
                return (1, value) if 1 <= value <= len(line) else None
            if position > len(line) or (position == pointer and value != wanted):
                return None
            return position + 1, pointer

        rules.append(own_regular((control, *line), (0, 0), step,
                                 lambda q, n=len(line): q[0] == n + 1, shift, side))
    return rules


def _sum_automaton(linear: LinearSum, shift: int, side: int) -> Regular:
    """``sum(a * (v + shift)) == total`` along the sum's cells: a state per
    position and partial sum that can still reach the total."""
    own = (1 + shift, side + shift)
    reach = [(0, 0)]  # the lowest and highest sum of the terms from each position on
    for a in reversed(linear.coefficients):
        low, high = reach[0]
        reach.insert(0, (low + min(a * own[0], a * own[1]), high + max(a * own[0], a * own[1])))
    size = len(linear.coefficients)

    def step(state, value):
        position, partial = state
        if position == size:
            return None
        after = partial + linear.coefficients[position] * value
        low, high = reach[position + 1]
        return (position + 1, after) if low <= linear.total - after <= high else None

    return own_regular(linear.cells, (0, 0), step, lambda q: q == (size, linear.total), shift,
                    side)


def _pair_automaton(cells, ratio: int, shift: int, side: int) -> Regular:
    """A black dot between two cells: one own value is ``ratio`` times the
    other."""
    return _pair(cells, lambda u, v: u == ratio * v or v == ratio * u, shift, side)


def _pair(cells, allowed, shift: int, side: int) -> Regular:
    """Two cells whose own values ``u``, ``v`` meet ``allowed(u, v)``."""
    def step(state, value):
        if state is None:
            return ("first", value)
        return "end" if state != "end" and allowed(state[1], value) else None

    return own_regular(cells, None, step, lambda q: q == "end", shift, side)


def _negative_pairs(constraint, context: Context, shift: int, layout: Layout) -> list[Regular]:
    """The negative Kropki rule (no dot: not consecutive, not in ratio 2,
    for its colours) or XV rule (no X or V: no sum of 5 or 10) in the own
    values, one pair of orthogonal neighbours at a time, the marked pairs
    left out (the Interactive Sudoku Solver's ``StrictKropki`` and
    ``StrictXV``)."""
    side = layout.side
    if constraint.kind == "xv-negative":
        marked = context.xv_marked

        def allowed(u, v):
            return u + v not in (5, 10)
    else:
        marked = context.dotted
        colors = constraint.colors

        def allowed(u, v):
            return not ("white" in colors and abs(u - v) == 1 or
                        "black" in colors and (u == 2 * v or v == 2 * u))
    pairs = [(a, b) for a in range(layout.cells) for b in (a + 1, a + side)
             if b < layout.cells and (b == a + side or b // side == a // side)]
    return [_pair(pair, allowed, shift, side) for pair in pairs if pair not in marked]


def _skyscraper_automaton(cells, count: int, shift: int, side: int) -> Regular:
    """A skyscraper clue in the own values: ``count`` cells are taller than
    every cell before them and than 0 (the Interactive Sudoku Solver's
    reading: a 0 is never seen, ``js/solver/handlers.js``, ``Skyscraper``)."""
    def step(state, value):
        tallest, seen = state
        if value > tallest:
            return (value, seen + 1) if seen < count else None
        return state

    return own_regular(cells, (0, 0), step, lambda q: q[1] == count, shift, side)


def _count_automaton(cells, own: int, shift: int, side: int) -> Regular:
    """Counting circles in the own values: the own value ``own`` is in
    ``own`` of the circles or in none (so a 0 in none: the Interactive
    Sudoku Solver's ``CountingCircles`` with a value offset)."""
    return own_regular(cells, 0, lambda seen, v: seen + (v == own) if seen + (v == own) <= own
                    else None, lambda seen: seen in (0, own), shift, side)


def _shifted_pattern(pattern: str, by: int) -> str:
    """A regular expression whose digits (the values it names, alone or in
    a class) are ``by`` higher: each becomes a class of its new digit, none
    where it leaves 0..9 (the syntax of :mod:`sudoku_models.core.automata`:
    the counts of ``{n,m}`` stay as they are)."""
    out, at = [], 0
    while at < len(pattern):
        char = pattern[at]
        if char == "{":
            close = pattern.find("}", at)
            close = len(pattern) - 1 if close < 0 else close
            out.append(pattern[at:close + 1])
            at = close + 1
            continue
        if char == "[":
            close = pattern.find("]", at)
            if close < 0:
                return pattern  # not a class: the parser names the error
            body = pattern[at + 1:close]
            negate = body.startswith("^")
            digits, i = set(), int(negate)
            while i < len(body):
                low = high = body[i]
                if body[i + 1:i + 2] == "-" and i + 2 < len(body):
                    high, i = body[i + 2], i + 2
                if low.isdigit() and high.isdigit():
                    digits.update(range(int(low), int(high) + 1))
                i += 1
            kept = "".join(str(d + by) for d in sorted(digits) if 0 <= d + by <= 9)
            out.append(f"[{'^' * negate}{kept}]")
            at = close + 1
            continue
        if char.isascii() and char.isdigit():
            moved = int(char) + by
            out.append(f"[{moved}]" if 0 <= moved <= 9 else "[]")
        else:
            out.append(char)
        at += 1
    return "".join(out)
