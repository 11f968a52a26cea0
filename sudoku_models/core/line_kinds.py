"""The constraint kinds along lines and from outside clues: German and
Dutch whispers, renban, palindromes, regular lines (a regular expression or
automaton over digits; Pesant, CP 2004), little killers, sandwiches,
X-sums, skyscrapers, numbered rooms, sums (cells, pill arrows, double
arrows, zippers, sum lines, region sum lines, equal sums), modular and
entropic lines, quadruples, lunchboxes, between and lockout lines, rellik
cages, equality cages and count-distinct lines. A line that no sum says
better is modelled as its automaton (:mod:`.automata`); sources in
:mod:`.rules`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from .automata import (Automaton, LineAutomaton, between_automaton, different_classes_automaton,
                       distinct_automaton, equality_automaton, from_pattern, from_transitions,
                       hidden_skyscraper_automaton, kept, lockout_automaton, lunchbox_automaton,
                       multiset_automaton, numbered_room_automaton, rellik_automaton,
                       sandwich_automaton, skyscraper_automaton, sum_line_automaton,
                       sum_loop_automaton, window_automaton, x_sum_automaton)
from ..errors import RulesError
from ..limits import MAX_AUTOMATON_STATES
from .geometry import Layout, cell_name
from .constraint import (Constraint, LinearSum, PairRelation, check_distinct, value_table)


class _Line(Constraint):
    """A line through ``cells`` (at least 2, each once)."""

    def _check(self, layout):
        check_distinct(self, layout, list(self.cells))
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
        table = value_table(layout.values, lambda u, v: abs(u - v) >= self.gap)
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
        table = value_table(layout.values, lambda u, v: abs(u - v) <= span)
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
        table = value_table(layout.values, lambda u, v: u == v)
        half = len(self.cells) // 2
        return [PairRelation(a, b, table, self.label(layout))
                for a, b in zip(self.cells[:half], self.cells[::-1][:half])]


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
    return list(zip(line.cells, line.automaton.masks(len(line.cells))))


@kept(maxsize=256)
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

    def reach(self, layout) -> tuple[int, int]:
        """The least and the most its values ``1..V`` (repeats allowed) sum to."""
        return len(self.cells), len(self.cells) * layout.values

    def _check(self, layout):
        _straight(self, layout, diagonal=True)
        low, high = self.reach(layout)
        if not low <= self.total <= high:
            raise RulesError(f"{self.label(layout)}: {len(self.cells)} values in "
                             f"1..{layout.values} sum to {low}..{high}, not {self.total}")

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
        check_distinct(self, layout, list(self.cells))
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

    def cells_on(self):
        return (*self.pill, *self.cells)

    def _check(self, layout):
        check_distinct(self, layout, [*self.pill, *self.cells])
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
        check_distinct(self, layout, list(self.cells))
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
        check_distinct(self, layout, list(self.cells))
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
    segment's part at the end, for words of the loop's length, which a
    total up to 10 keeps within
    :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` (a larger one is
    refused unless the loop is short: 12 over three cells is read)."""

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
        if self.loop:
            return sum_loop_automaton(self.total, side, len(self.cells))
        return sum_line_automaton(self.total, side)

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


def _modular_states(modulus: int, length: int) -> int:
    """The states of a modular line's automaton (:meth:`Modular.automaton`):
    the sets of classes seen on a line of at most ``modulus`` cells, else
    the orders of the last ``modulus - 1`` classes."""
    if length <= modulus:
        return 2 ** modulus
    return sum(math.perm(modulus, k) for k in range(modulus))


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
        length = len(self.cells)
        states = _modular_states(self.modulus, length)
        if states > MAX_AUTOMATON_STATES:
            fits = max(m for m in range(2, self.modulus) if _modular_states(m, length)
                       <= MAX_AUTOMATON_STATES)
            raise RulesError(f"{self.label(layout)}: a modulus of {self.modulus} on a line of "
                             f"{length} cells needs {states:,} automaton states, more than "
                             f"the {MAX_AUTOMATON_STATES:,} the toolkit builds (a modulus up to "
                             f"{fits} fits a line of {length} cells)")
        super()._check(layout)

    def automaton(self, side):
        classes = tuple(v % self.modulus for v in range(1, side + 1))
        if len(self.cells) <= self.modulus:  # one window: the classes all differ
            return different_classes_automaton(classes, side)
        return window_automaton(classes, self.modulus, side)

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
        return lunchbox_automaton(self.total, side, length=len(self.cells))

    def holds(self, word, side):
        low, high = sorted((word.index(min(word)), word.index(max(word))))
        return len(set(word)) == len(word) and sum(word[low + 1:high]) == self.total

    def groups(self, layout):
        return [tuple(sorted(self.cells))]


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
        check_distinct(self, layout, list(self.cells))
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
        check_distinct(self, layout, list(self.cells))
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
class EqualityCage(_AutomatonLine):
    """An equality cage (the Interactive Sudoku Solver's ``EqualityCage``):
    different values, as many even as odd and as many low as high (the
    halves of 1..N; an odd N's middle value not at all)."""

    kind: ClassVar[str] = "equality-cage"
    cells: tuple[int, ...]

    def _check(self, layout):
        check_distinct(self, layout, list(self.cells))
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
