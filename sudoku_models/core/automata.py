"""Finite automata over cell values: the regular constraint's language.

A line of cells must spell a word of a regular language (G. Pesant, "A
regular language membership constraint for finite sequences of
variables", CP 2004): the language is given as a regular expression over
digits or as a (possibly non-deterministic) finite automaton, and is held
here as a deterministic one (:class:`Automaton`, by the subset
construction: M. O. Rabin and D. Scott, "Finite automata and their decision
problems", 1959). Every method unrolls it along the line
(:meth:`Automaton.layers`): the states reachable from the start after
``i`` values that can still reach an accepting state in the values left.

The regular expressions are those of the Interactive Sudoku Solver's
``Regex`` line (github.com/sigh/Interactive-Sudoku-Solver, MIT): a digit
``1``-``9`` is a value, ``.`` any value, ``[...]`` a class (ranges ``1-4``,
``^`` to negate), ``(...)`` a group, ``|`` alternation, and the quantifiers
``*``, ``+``, ``?``, ``{n}``, ``{n,}`` and ``{n,m}``; white space is
ignored. Values above 9 have no digit of their own (``.`` and negated
classes reach them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..errors import RulesError, excerpt
from ..limits import MAX_AUTOMATON_STATES, MAX_PATTERN_NESTING, MAX_PATTERN_REPEAT

_KEPT = []  # every cache made by kept(), for forget_automata()


def kept(maxsize: int):
    """``functools.lru_cache(maxsize)`` that :func:`forget_automata` clears:
    the automata of a puzzle's lines, built once per process and shared
    by every puzzle with the same line."""
    def cache(function):
        cached = lru_cache(maxsize=maxsize)(function)
        _KEPT.append(cached)
        return cached
    return cache


def forget_automata() -> None:
    """Drop every automaton kept by :func:`kept`, so that the next puzzle
    with a line builds it as its first call did (a benchmark that times
    what a user pays for a puzzle new to the process)."""
    for cached in _KEPT:
        cached.cache_clear()


@dataclass(frozen=True)
class Automaton:
    """A deterministic finite automaton over the values ``1..side``:
    ``states`` states numbered from 0, ``start`` the first, ``accepting``
    the accepting ones, ``next[q][v - 1]`` the state after reading ``v`` in
    state ``q`` (-1: no transition, the word is refused)."""

    states: int
    start: int
    accepting: frozenset[int]
    next: tuple[tuple[int, ...], ...]

    @property
    def side(self) -> int:
        return len(self.next[0]) if self.next else 0

    def accepts(self, word) -> bool:
        """Whether the values ``word`` (each in ``1..side``) are a word of
        the language."""
        state = self.start
        for value in word:
            state = self.next[state][int(value) - 1]
            if state < 0:
                return False
        return state in self.accepting

    def layers(self, length: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """The live transitions of a line of ``length`` values: for each
        position ``i``, the ``(state, value, next state)`` triples on some
        accepted path (``state`` reachable from the start in ``i`` steps,
        ``next state`` reaching an accepting state in the ``length - i - 1``
        steps left). All empty when no word of that length is accepted."""
        return self._layers(length)

    def _layers(self, length: int):
        reach = [{self.start}]
        for _ in range(length):
            reach.append({t for q in reach[-1] for t in self.next[q] if t >= 0})
        alive = reach[length] & self.accepting
        found = []
        for i in range(length - 1, -1, -1):
            arcs = tuple((q, v + 1, t) for q in sorted(reach[i])
                         for v, t in enumerate(self.next[q]) if t in alive)
            found.append(arcs)
            alive = {q for q, _, _ in arcs}
        if self.start not in alive:
            return tuple(() for _ in range(length))
        return tuple(reversed(found))


def from_transitions(transitions, start: int, accepting, side: int) -> Automaton:
    """The deterministic automaton of a finite automaton given as
    ``(state, value, next state)`` triples (it may be non-deterministic:
    several triples for one state and value), a ``start`` state and the
    ``accepting`` states; states are any whole numbers. Raises
    :class:`~sudoku_models.errors.RulesError` for a value outside
    ``1..side`` or more than :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` states."""
    moves: dict[int, list[set[int]]] = {}
    for state, value, target in transitions:
        if not 1 <= value <= side:
            raise RulesError(f"regular: transition {state} -{value}-> {target}: the value is "
                             f"outside 1..{side}")
        moves.setdefault(state, [set() for _ in range(side)])[value - 1].add(target)
    accepting = frozenset(accepting)
    return _determinize(frozenset([start]), lambda subset, v: frozenset(
        t for q in subset if q in moves for t in moves[q][v]), lambda subset: bool(
        subset & accepting), side)


def _determinize(first: frozenset, step, accepts, side: int) -> Automaton:
    """The subset construction from ``first``: ``step(subset, v)`` is the
    subset after the value ``v + 1``; the empty subset is no state."""
    return from_step(first, lambda subset, v: step(subset, v - 1) or None, accepts, side)


def _classes(automaton: Automaton) -> list[int]:
    """The class of each state for :func:`_minimized` (Hopcroft's
    algorithm, a missing transition read as a sink state of its own)."""
    n, side = automaton.states, automaton.side
    sink = n
    into = [[[] for _ in range(n + 1)] for _ in range(side)]  # into[v][t]: q -(v+1)-> t
    for q, row in enumerate(automaton.next):
        for v, t in enumerate(row):
            into[v][t if t >= 0 else sink].append(q)
    for v in range(side):
        into[v][sink].append(sink)
    accepting = [q for q in range(n) if q in automaton.accepting]
    others = [q for q in range(n) if q not in automaton.accepting]
    blocks = [set(part) for part in (accepting, others) if part] + [{sink}]
    block_of = [0] * (n + 1)
    for b, members in enumerate(blocks):
        for q in members:
            block_of[q] = b
    waiting = set(range(len(blocks)))
    while waiting:
        splitter = tuple(blocks[waiting.pop()])
        for v in range(side):
            hit: dict[int, list[int]] = {}
            for t in splitter:
                for q in into[v][t]:
                    hit.setdefault(block_of[q], []).append(q)
            for b, inside in hit.items():
                if len(inside) == len(blocks[b]):
                    continue
                new = len(blocks)
                blocks[b].difference_update(inside)
                blocks.append(set(inside))
                for q in inside:
                    block_of[q] = new
                if b in waiting or len(inside) <= len(blocks[b]):
                    waiting.add(new)
                else:
                    waiting.add(b)
    return block_of[:n]


def _minimized(automaton: Automaton) -> Automaton:
    """The automaton with equivalent states merged, states numbered in order
    of first reach from the start. The classes are the coarsest partition
    that splits accepting from other states and is stable under every value
    (a missing transition its own class, never merged with a state), found
    by Hopcroft's refinement (J. E. Hopcroft, "An n log n algorithm for
    minimizing states in a finite automaton", 1971) in ``side * n log n``
    steps: Moore's round-by-round refinement needs as many rounds as the
    longest chain of states, and an Or of 200 cages (a chain of 800
    positions) took it 6 s per build."""
    refined = _classes(automaton)
    number = {refined[automaton.start]: 0}
    order = [automaton.start]
    for q in order:
        for t in automaton.next[q]:
            if t >= 0 and refined[t] not in number:
                number[refined[t]] = len(order)
                order.append(t)
    table = tuple(tuple(number[refined[t]] if t >= 0 else -1 for t in automaton.next[q])
                  for q in order)
    accepting = frozenset(number[refined[q]] for q in order if q in automaton.accepting)
    return Automaton(len(order), 0, accepting, table)


# -- regular expressions -------------------------------------------------------


class _Parser:
    """A regular expression (module docstring) as a tree: ``("set",
    values)``, ``("cat", parts)``, ``("alt", parts)``, ``("rep", part, low,
    high)`` (``high`` None: no bound)."""

    def __init__(self, pattern: str, side: int) -> None:
        self.text = "".join(pattern.split())
        self.at = 0
        self.side = side
        self.depth = 0  # the groups and quantifiers around the position

    def nest(self, levels: int) -> None:
        """Go ``levels`` deeper (groups, quantifiers), within
        :data:`~sudoku_models.limits.MAX_PATTERN_NESTING`."""
        self.depth += levels
        if self.depth > MAX_PATTERN_NESTING:
            self.fail(f"groups and quantifiers nest more than {MAX_PATTERN_NESTING} deep")

    def fail(self, message: str):
        raise RulesError(f"regular expression {excerpt(self.text)}: {message} at position "
                         f"{self.at + 1}")

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def parse(self):
        tree = self.alternation()
        if self.at < len(self.text):
            self.fail(f"unexpected {self.peek()!r}")
        return tree

    def alternation(self):
        parts = [self.sequence()]
        while self.peek() == "|":
            self.at += 1
            parts.append(self.sequence())
        return parts[0] if len(parts) == 1 else ("alt", parts)

    def sequence(self):
        parts = []
        while self.peek() not in ("", "|", ")"):
            parts.append(self.quantified(self.atom()))
        return ("cat", parts)

    def atom(self):
        char = self.peek()
        if char == "(":
            self.nest(1)
            self.at += 1
            tree = self.alternation()
            if self.peek() != ")":
                self.fail("a '(' without its ')'")
            self.at += 1
            self.nest(-1)
            return tree
        self.at += 1
        if char == ".":
            return ("set", frozenset(range(1, self.side + 1)))
        if char == "[":
            return ("set", self.klass())
        if char.isdigit() and char.isascii():
            return ("set", frozenset({int(char)}) & frozenset(range(1, self.side + 1)))
        self.at -= 1
        self.fail(f"{char!r} is not a digit, '.', '[', or '('")

    def klass(self) -> frozenset[int]:
        negate = self.peek() == "^"
        self.at += negate
        values: set[int] = set()
        while self.peek() != "]":
            char = self.peek()
            if not (char.isdigit() and char.isascii()):
                self.fail("a class holds digits and ranges such as 1-4" if char else
                          "a '[' without its ']'")
            self.at += 1
            low = high = int(char)
            if self.peek() == "-" and self.at + 1 < len(self.text) and \
                    self.text[self.at + 1].isdigit():
                high = int(self.text[self.at + 1])
                self.at += 2
            values.update(range(low, high + 1))
        self.at += 1
        every = set(range(1, self.side + 1))
        return frozenset(every - values if negate else every & values)

    def quantified(self, tree):
        stacked = 0
        while self.peek() in ("*", "+", "?", "{"):
            char = self.peek()
            self.nest(1)
            stacked += 1
            self.at += 1
            if char == "*":
                tree = ("rep", tree, 0, None)
            elif char == "+":
                tree = ("rep", tree, 1, None)
            elif char == "?":
                tree = ("rep", tree, 0, 1)
            else:
                close = self.text.find("}", self.at)
                body = self.text[self.at:close] if close >= 0 else ""
                low, comma, high = body.partition(",")
                if close < 0 or not low.isdigit() or (high and not high.isdigit()):
                    self.fail("a count is {n}, {n,} or {n,m}")
                low_n = int(low)
                high_n = None if comma and not high else int(high or low)
                if max(low_n, high_n or 0) > MAX_PATTERN_REPEAT or (high_n is not None and
                                                            high_n < low_n):
                    self.fail(f"a count from 0 to {MAX_PATTERN_REPEAT}, the first not above the second")
                self.at = close + 1
                tree = ("rep", tree, low_n, high_n)
        self.nest(-stacked)
        return tree


class _Nfa:
    """Thompson's construction (K. Thompson, "Regular expression search
    algorithm", CACM 11, 1968): states with empty moves and value moves."""

    def __init__(self) -> None:
        self.empty: list[list[int]] = []
        self.moves: list[list[tuple[frozenset, int]]] = []

    def state(self) -> int:
        self.empty.append([])
        self.moves.append([])
        return len(self.empty) - 1

    def build(self, tree) -> tuple[int, int]:
        head = tree[0]
        if head == "set":
            a, b = self.state(), self.state()
            self.moves[a].append((tree[1], b))
            return a, b
        if head == "cat":
            a = b = self.state()
            for part in tree[1]:
                first, last = self.build(part)
                self.empty[b].append(first)
                b = last
            return a, b
        if head == "alt":
            a, b = self.state(), self.state()
            for part in tree[1]:
                first, last = self.build(part)
                self.empty[a].append(first)
                self.empty[last].append(b)
            return a, b
        _, part, low, high = tree
        a = b = self.state()
        for _ in range(low):
            first, last = self.build(part)
            self.empty[b].append(first)
            b = last
        if high is None:  # a Kleene star after the low copies
            loop = self.state()
            self.empty[b].append(loop)
            first, last = self.build(part)
            self.empty[loop].append(first)
            self.empty[last].append(loop)
            return a, loop
        end = self.state()
        for _ in range(high - low):
            self.empty[b].append(end)
            first, last = self.build(part)
            self.empty[b].append(first)
            b = last
        self.empty[b].append(end)
        return a, end

    def closure(self, states) -> frozenset[int]:
        seen, todo = set(states), list(states)
        while todo:
            for nxt in self.empty[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)


def from_pattern(pattern: str, side: int) -> Automaton:
    """The deterministic automaton of a regular expression over the values
    ``1..side`` (module docstring). Raises
    :class:`~sudoku_models.errors.RulesError` naming the position of a
    syntax error, or for more than :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` states."""
    tree = _Parser(pattern, side).parse()
    nfa = _Nfa()
    first, last = nfa.build(tree)

    def step(subset, v):
        return nfa.closure([t for q in subset for values, t in nfa.moves[q] if v + 1 in values])

    return _determinize(nfa.closure([first]), step, lambda subset: last in subset, side)


@dataclass(frozen=True, eq=False)
class LineAutomaton:
    """A line of ``cells`` (a cell may come twice) that must spell a word of
    ``automaton``'s language; ``source`` names the constraint for messages."""

    cells: tuple[int, ...]
    automaton: Automaton
    source: str

    @cached_property
    def layers(self) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """:meth:`Automaton.layers` of this line's length."""
        return self.automaton.layers(len(self.cells))


# -- the automata of named kinds -------------------------------------------------


def from_step(start, step, accepts, side: int, shift: int = 0) -> Automaton:
    """The minimal deterministic automaton whose states are the values
    reachable from ``start`` by ``step(state, value)`` (None: no
    transition; states any hashable values), accepting where
    ``accepts(state)``; ``step`` reads each value ``1..side`` as ``value +
    shift`` (-1: a puzzle's own values 0..N-1, :mod:`~sudoku_models.core.value_range`).
    Raises :class:`~sudoku_models.errors.RulesError` past
    :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` states."""
    number = {start: 0}
    order = [start]
    table = []
    for state in order:  # grows while it is read
        row = []
        for v in range(1, side + 1):
            target = step(state, v + shift)
            if target is None:
                row.append(-1)
                continue
            if target not in number:
                if len(order) >= MAX_AUTOMATON_STATES:
                    raise RulesError(f"more than {MAX_AUTOMATON_STATES:,} states in the automaton")
                number[target] = len(order)
                order.append(target)
            row.append(number[target])
        table.append(tuple(row))
    accepting = frozenset(i for i, state in enumerate(order) if accepts(state))
    return _minimized(Automaton(len(order), 0, accepting, tuple(table)))


@kept(maxsize=512)
def sandwich_automaton(total: int, side: int, shift: int = 0) -> Automaton:
    """A row or column (each value once) whose values between the 1 and
    the ``side`` sum to ``total``: the state is ``"before"`` the first
    crust, the sum inside, or ``"after"`` the second. (``shift``: in the
    values ``1 + shift .. side + shift``, :func:`from_step`; the same for
    the other automata that take it.)"""
    crusts = (1 + shift, side + shift)

    def step(state, v):
        if state == "before":
            return 0 if v in crusts else "before"
        if state == "after":
            return None if v in crusts else "after"
        if v in crusts:
            return "after" if state == total else None
        return state + v if state + v <= total else None

    return from_step("before", step, lambda s: s == "after", side, shift)


@kept(maxsize=512)
def x_sum_automaton(total: int, side: int, shift: int = 0) -> Automaton:
    """A row or column whose first ``X`` values sum to ``total``, ``X``
    being the first value: the state is ``(X, values read, their sum)``
    until the ``X``-th, then ``"done"``."""
    def step(state, v):
        if state == "done":
            return "done"
        if state == "start":
            if v < 1:  # an X of 0 (values from 0) selects nothing: never a sum
                return None
            state = (v, 0, 0)
        x, read, held = state
        read, held = read + 1, held + v
        if held > total:
            return None
        if read == x:
            return "done" if held == total else None
        return (x, read, held)

    return from_step("start", step, lambda s: s == "done", side, shift)


@kept(maxsize=512)
def skyscraper_automaton(count: int, side: int) -> Automaton:
    """Values seen from the line's start, a taller one hiding the smaller
    behind it, ``count`` of them visible: the state is ``(tallest so far,
    visible so far)``."""
    def step(state, v):
        tallest, seen = state
        if v > tallest:
            return (v, seen + 1) if seen < count else None
        return state

    return from_step((0, 0), step, lambda s: s[1] == count, side)


@kept(maxsize=512)
def linear_automaton(coefficients, total: int, side: int) -> Automaton:
    """``sum(coefficients[i] * value_i) == total`` over a line of
    ``len(coefficients)`` values: the state is ``(position, sum so far)``,
    kept only while the terms left can still reach ``total``."""
    size = len(coefficients)
    low = [0] * (size + 1)
    high = [0] * (size + 1)
    for i in range(size - 1, -1, -1):
        a = coefficients[i]
        low[i] = low[i + 1] + min(a, a * side)
        high[i] = high[i + 1] + max(a, a * side)

    def step(state, v):
        i, held = state
        if i == size:
            return None
        held += coefficients[i] * v
        return (i + 1, held) if low[i + 1] <= total - held <= high[i + 1] else None

    return from_step((0, 0), step, lambda s: s == (size, total), side)


@kept(maxsize=512)
def sum_line_automaton(total: int, side: int, shift: int = 0) -> Automaton:
    """A line cut into segments that each sum to ``total``: the state is
    the sum of the segment so far (0 at a cut)."""
    def step(held, v):
        return None if held + v > total else (held + v) % total

    return from_step(0, step, lambda held: held == 0, side, shift)


@kept(maxsize=512)
def numbered_room_automaton(clue: int, side: int) -> Automaton:
    """The ``X``-th value from the clue is ``clue``, ``X`` the first value:
    the state is ``(X, values read)`` until then, then ``"done"``."""
    def step(state, v):
        if state == "done":
            return "done"
        x, read = (v, 0) if state == "start" else state
        read += 1
        if read == x:
            return "done" if v == clue else None
        return (x, read)

    return from_step("start", step, lambda s: s == "done", side)


@kept(maxsize=512)
def hidden_skyscraper_automaton(clue: int, side: int) -> Automaton:
    """The first value smaller than one before it (the first hidden
    skyscraper) is ``clue``: the state is the tallest so far, then
    ``"done"``."""
    def step(state, v):
        if state == "done":
            return "done"
        if v < state:
            return "done" if v == clue else None
        return v

    return from_step(0, step, lambda s: s == "done", side)


@kept(maxsize=512)
def window_automaton(classes, width: int, side: int) -> Automaton:
    """Every ``width`` consecutive values fall in different classes
    (``classes[v - 1]``): the state is the classes of the last
    ``width - 1`` values."""
    def step(state, v):
        kind = classes[v - 1]
        return None if kind in state else (*state, kind)[max(0, len(state) + 2 - width):]

    return from_step((), step, lambda s: True, side)


@kept(maxsize=512)
def different_classes_automaton(classes, side: int) -> Automaton:
    """The values fall in different classes (``classes[v - 1]``): the state
    is the set of classes seen (a window as long as the line, with as many
    states as subsets of the classes, where :func:`window_automaton` has as
    many as their orders)."""
    return from_step(frozenset(), lambda seen, v: None if classes[v - 1] in seen
                     else seen | {classes[v - 1]}, lambda seen: True, side)


@kept(maxsize=512)
def multiset_automaton(values, side: int) -> Automaton:
    """The line holds every one of ``values`` (as often as listed): the
    state is the values still missing."""
    def step(state, v):
        if v not in state:
            return state
        i = state.index(v)
        return state[:i] + state[i + 1:]

    return from_step(tuple(sorted(values)), step, lambda s: s == (), side)


@kept(maxsize=512)
def lunchbox_automaton(total: int, side: int, shift: int = 0) -> Automaton:
    """Different values whose smallest and largest have values summing to
    ``total`` between them (a lunchbox): run on a guess of the two ends'
    values ``(low, high)``, the state is the set of guesses still alive,
    each with its phase (0 before the first end, 1 between, 2 after) and
    the sum between so far."""
    def step(alive, v):
        found = set()
        for low, high, phase, held in alive:
            if low < v < high:
                if phase != 1:
                    found.add((low, high, phase, held))
                elif held + v <= total:
                    found.add((low, high, 1, held + v))
            elif v in (low, high) and phase == 0:
                found.add((low, high, 1, 0))
            elif v in (low, high) and phase == 1 and held == total:
                found.add((low, high, 2, held))
        return frozenset(found) or None

    values = range(1 + shift, side + shift + 1)
    start = frozenset((low, high, 0, 0) for low in values for high in values if low < high)
    return from_step(start, step, lambda alive: any(p == 2 for _, _, p, _ in alive), side,
                     shift)


@kept(maxsize=64)
def between_automaton(side: int) -> Automaton:
    """A between line: the values inside lie strictly between the two
    ends' values. The state is ``(first, lowest inside, highest inside,
    last)``, the values inside those read before the last; a value inside
    on both sides of the first is refused at once."""
    def step(state, v):
        if state == "start":
            return (v, side + 1, 0, 0)
        first, low, high, last = state
        if last:
            low, high = min(low, last), max(high, last)
        return None if low <= first <= high else (first, low, high, v)

    def accepts(state):
        if state == "start" or not state[3]:
            return False
        first, low, high, last = state
        return high == 0 or min(first, last) < low and high < max(first, last)

    return from_step("start", step, accepts, side)


@kept(maxsize=64)
def lockout_automaton(gap: int, side: int) -> Automaton:
    """A lockout line: the ends' values differ by at least ``gap`` and no
    value inside lies between them, the ends included. The state is
    ``(first, highest inside below it, lowest inside above it, last)``
    (0 and ``side + 1`` for none); a value inside equal to the first is
    refused at once."""
    def step(state, v):
        if state == "start":
            return (v, 0, side + 1, 0)
        first, below, above, last = state
        if last == first:
            return None
        if last and last < first:
            below = max(below, last)
        elif last:
            above = min(above, last)
        return (first, below, above, v)

    def accepts(state):
        if state == "start" or not state[3]:
            return False
        first, below, above, last = state
        return abs(first - last) >= gap and (below < last if last < first else above > last)

    return from_step("start", step, accepts, side)


@kept(maxsize=128)
def rellik_automaton(total: int, side: int, shift: int = 0) -> Automaton:
    """Different values no selection of which (one or more) sums to
    ``total``: the state is the set of values read, whose subset sums are
    tracked as a bitmask."""
    def step(state, v):
        used, sums = state
        if v in used:
            return None
        sums = (sums | sums << v | 1 << v) & ((1 << (total + 1)) - 1)
        return None if sums >> total & 1 else (used | {v}, sums)

    return from_step((frozenset(), 0), step, lambda state: True, side, shift)


@kept(maxsize=64)
def classes_automaton(classes, side: int) -> Automaton:
    """The values fall in every class (``classes[v - 1]``): the state is
    the set of classes seen."""
    every = frozenset(classes)
    return from_step(frozenset(), lambda seen, v: seen | {classes[v - 1]},
                     lambda seen: seen == every, side)


@kept(maxsize=128)
def sum_loop_automaton(total: int, side: int) -> Automaton:
    """A sum line closed into a loop: cut into segments that each sum to
    ``total``, one segment possibly running through the loop's ends. Run
    on a guess of that segment's part at the end (``extra``): the state is
    the set of guesses alive, each with the sum of the segment so far
    (started at ``extra``), accepted when the sum at the end is the guess."""
    def step(alive, v):
        found = frozenset((extra, (held + v) % total) for extra, held in alive
                          if held + v <= total)
        return found or None

    start = frozenset((extra, extra) for extra in range(total))
    return from_step(start, step, lambda alive: any(e == h for e, h in alive), side)


@kept(maxsize=64)
def different_automaton(side: int) -> Automaton:
    """Values all different: the state is the set read."""
    return from_step(frozenset(), lambda used, v: None if v in used else used | {v},
                     lambda used: True, side)


def table_automaton(rows, side: int) -> Automaton:
    """Two values ``(u, v)``, allowed where ``rows[u - 1][v - 1]``: the
    state is the first value, then -1."""
    return from_step(0, lambda q, v: v if q == 0 else (-1 if q > 0 and rows[q - 1][v - 1]
                                                       else None),
                     lambda q: q == -1, side)


def value_set_automaton(mask: int, side: int) -> Automaton:
    """One value ``v`` with bit ``v - 1`` of ``mask`` set."""
    return from_step(0, lambda q, v: 1 if q == 0 and mask >> (v - 1) & 1 else None,
                     lambda q: q == 1, side)


def either_automaton(plan, branches: int, side: int) -> Automaton:
    """One of ``branches`` holds, over the segments of ``plan`` in turn:
    ``(branch, automaton, length)`` each, a branch's segments one after
    another, a segment's values spelling a word of its automaton when its
    branch is the one that holds. The state is the position, whether a
    branch already read holds (once one does, the rest is free: the
    state is the position alone) and the automaton state of the branch
    being read (None once it failed): a branch read is forgotten but for
    that one bit, so the states grow with the line's length, not with the
    subsets of branches alive (tens of thousands for nine branches)."""
    plan = [(b, automaton, length) for b, automaton, length in plan if length]
    owner, machine, ends = [], [], set()
    for b, automaton, length in plan:
        owner += [b] * length
        machine += [automaton] * length
        ends.add(len(owner) - 1)  # the last position of a segment
    total = len(owner)
    last_of_branch = {k for k in range(total) if k + 1 == total or owner[k + 1] != owner[k]}

    def step(state, v):
        k, held, q = state
        if k == total:
            return None
        if held:
            return k + 1, True, None
        if q is not None:
            q = machine[k].next[q][v - 1]
            q = None if q < 0 or (k in ends and q not in machine[k].accepting) else q
        if k in last_of_branch:
            if q is not None:
                return k + 1, True, None
            return (k + 1, False, machine[k + 1].start) if k + 1 < total else None
        if k in ends and q is not None:  # the branch's next segment
            q = machine[k + 1].start
        return k + 1, False, q

    free = len({b for b, _, _ in plan}) < branches  # a branch on no cell holds at once
    first = machine[0].start if total and not free else None
    return from_step((0, free, first), step, lambda state: state[0] == total and state[1],
                     side)


@kept(maxsize=256)
def count_automaton(value: int, side: int) -> Automaton:
    """``value`` appears ``value`` times or not at all (counting circles):
    the state is how often it appeared."""
    return from_step(0, lambda seen, v: seen + (v == value) if seen + (v == value) <= value
                     else None, lambda seen: seen in (0, value), side)


@kept(maxsize=64)
def equality_automaton(side: int) -> Automaton:
    """As many even as odd values and as many low (the lower half of
    ``1..side``) as high ones, the middle value of an odd range never:
    the state is the two differences."""
    half = side // 2

    def step(state, v):
        if side % 2 and v == half + 1:
            return None
        odd, low = state[0] + (1 if v % 2 else -1), state[1] + (1 if v <= half else -1)
        return (odd, low) if max(abs(odd), abs(low)) <= half + 1 else None  # values differ

    return from_step((0, 0), step, lambda state: state == (0, 0), side)


@kept(maxsize=64)
def distinct_automaton(side: int) -> Automaton:
    """The first value counts the different values after it: the state is
    ``(first value, the set of values seen after it)``."""
    def step(state, v):
        if state is None:
            return (v, frozenset())
        count, seen = state
        seen = seen | {v}
        return (count, seen) if len(seen) <= count else None

    return from_step(None, step, lambda state: state is not None and len(state[1]) == state[0],
                     side)


@kept(maxsize=256)
def balance_automaton(value: int, size: int, side: int) -> Automaton:
    """``value`` as often in the first ``size`` values as in the next
    ``size`` (a word of ``2 * size`` values): the state is the position and
    the difference of the two counts so far."""
    def step(state, v):
        k, diff = state
        if k == 2 * size:
            return None
        diff += (v == value) * (1 if k < size else -1)
        return (k + 1, diff) if abs(diff) <= 2 * size - k - 1 else None

    return from_step((0, 0), step, lambda state: state == (2 * size, 0), side)
