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

import numpy as np

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
        steps left), in the order of states, then values. All empty when no
        word of that length is accepted."""
        return tuple(tuple(zip(states.tolist(), (values + 1).tolist(), targets.tolist()))
                     for states, values, targets in self._live(length))

    def masks(self, length: int) -> tuple[int, ...]:
        """For each position of a line of ``length`` values, the values it
        takes on some accepted word as a bitmask (bit ``v - 1``; 0 when no
        word of that length is accepted): the values of :meth:`layers`."""
        return tuple(int(np.bitwise_or.reduce(np.left_shift(1, values), initial=0))
                     for _, values, _ in self._live(length))

    @cached_property
    def moves(self) -> np.ndarray:
        """:attr:`next` as an ``(states, side)`` int64 array."""
        return np.array(self.next, np.int64).reshape(self.states, self.side)

    def _live(self, length: int) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """:meth:`layers` as arrays: per position the states, the values
        less one and the next states of its transitions."""
        moves = self.moves
        reach = [np.zeros(self.states, bool)]
        reach[0][self.start] = True
        for _ in range(length):
            found = moves[reach[-1]]
            reached = np.zeros(self.states, bool)
            reached[found[found >= 0]] = True
            reach.append(reached)
        alive = np.zeros(self.states, bool)
        alive[list(self.accepting)] = True
        alive &= reach[length]
        found = []
        for i in range(length - 1, -1, -1):
            rows = np.flatnonzero(reach[i])
            targets = moves[rows]
            at, values = np.nonzero((targets >= 0) & alive[targets])
            found.append((rows[at], values, targets[at, values]))
            alive = np.zeros(self.states, bool)
            alive[rows[at]] = True
        if not alive[self.start]:
            none = np.zeros(0, np.int64)
            return [(none, none, none)] * length
        return found[::-1]


def from_transitions(transitions, start: int, accepting, side: int) -> Automaton:
    """The deterministic automaton of a finite automaton given as
    ``(state, value, next state)`` triples (it may be non-deterministic:
    several triples for one state and value), a ``start`` state and the
    ``accepting`` states; states are any whole numbers. A deterministic
    one (a variant's automaton handed on as a regular line, as the solver's
    strings and the values 0..N-1 do) is read breadth first and minimized
    (:func:`from_step`), without the subset construction. Raises
    :class:`~sudoku_models.errors.RulesError` for a value outside
    ``1..side`` or more than :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` states."""
    number = {start: 0}
    edges: list[list[tuple[int, int]]] = [[] for _ in range(side)]
    after: dict[tuple[int, int], int] = {}  # (state, value) -> next state, while deterministic
    for state, value, target in transitions:
        if not 1 <= value <= side:
            raise RulesError(f"regular: transition {state} -{value}-> {target}: the value is "
                             f"outside 1..{side}")
        pair = (number.setdefault(state, len(number)), number.setdefault(target, len(number)))
        edges[value - 1].append(pair)
        if after is not None and after.setdefault((pair[0], value), pair[1]) != pair[1]:
            after = None
    final = frozenset(number[q] for q in accepting if q in number)
    if after is not None:  # without the states that reach no accepting one, as _subsets
        live = _steps_to_accept(edges, final, len(number)) < len(number)
        after = {move: t for move, t in after.items() if live[t]}
        return from_step(0, lambda q, v: after.get((q, v)), final.__contains__, side)
    return _subsets(frozenset([0]), edges, final, len(number), side)


def from_guesses(starts, step, accepts, side: int, shift: int = 0,
                 longest: int | None = None) -> Automaton:
    """The automaton of the words that some guess accepts: each guess of
    ``starts`` runs on its own, ``step(guess, value)`` (None: it fails;
    guesses any hashable values), and a word is accepted when a guess
    still running after it is accepted by ``accepts(guess)``; ``step`` reads
    each value as ``value + shift`` (:func:`from_step`). The guesses are
    numbered once, then :func:`_subsets` runs on their numbers (to words of
    ``longest`` values at most, when given). Raises
    :class:`~sudoku_models.errors.RulesError` past
    :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` states."""
    number = {guess: i for i, guess in enumerate(dict.fromkeys(starts))}
    first = frozenset(number.values())
    order = list(number)
    edges: list[list[tuple[int, int]]] = [[] for _ in range(side)]
    for q, guess in enumerate(order):  # grows while it is read
        for v in range(side):
            after = step(guess, v + 1 + shift)
            if after is None:
                continue
            if after not in number:
                number[after] = len(order)
                order.append(after)
            edges[v].append((q, number[after]))
    accepting = frozenset(i for i, guess in enumerate(order) if accepts(guess))
    return _subsets(first, edges, accepting, len(order), side, longest)


def _steps_to_accept(edges, accepting: frozenset[int], size: int) -> np.ndarray:
    """``(size,)``: the fewest values that lead each state of the finite
    automaton of :func:`_subsets` (``edges``, ``accepting``) to an accepting
    one (0 for those; ``size`` where none is reachable), breadth first
    along the pairs backwards."""
    before: list[list[int]] = [[] for _ in range(size)]
    for found in edges:
        for q, t in found:
            before[t].append(q)
    steps = [size] * size
    level, distance = sorted(accepting), 0
    for q in level:
        steps[q] = 0
    while level:
        distance += 1
        reached = []
        for t in level:
            for q in before[t]:
                if steps[q] == size:
                    steps[q] = distance
                    reached.append(q)
        level = reached
    return np.array(steps, np.int64)


def _subsets(first: frozenset[int], edges, accepting: frozenset[int], size: int,
             side: int, longest: int | None = None) -> Automaton:
    """The subset construction (Rabin and Scott, module docstring) of the
    finite automaton on the states ``0..size - 1`` whose ``(state, next
    state)`` pairs for the value ``v + 1`` are ``edges[v]``, from the
    subset ``first``; a subset is accepting when it holds a state of
    ``accepting``, the empty subset is no state. Breadth first, a level at
    a time in numpy: the subsets of a level are the rows of a boolean
    ``(k, size)`` array, their successors after every value the rows of a
    ``(k, side * size)`` one, or-ed from column gathers of the level (a
    gather per rank of a pair among those with its value and next state:
    one for the guesses of a lunchbox, no two reaching a guess alike); the
    new rows are told from the known ones by their packed bytes and
    numbered in the order first reached, as :func:`from_step` numbers; with
    ``longest``, the subsets first reached after that many values lead
    nowhere (the automaton is right on words up to that length). A state
    that cannot reach an accepting one (:func:`_steps_to_accept`; with
    ``longest``, not within the values left) is left out of the subsets:
    fewer and smaller subsets, the same language. Raises
    :class:`~sudoku_models.errors.RulesError` past
    :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` states."""
    steps = _steps_to_accept(edges, accepting, size)
    can_accept = steps < size
    number = (np.cumsum(can_accept) - 1).tolist()  # those states, numbered again
    first = frozenset(number[q] for q in first if can_accept[q])
    accepting = frozenset(number[q] for q in accepting)
    edges = [[(number[q], number[t]) for q, t in found if can_accept[t]] for found in edges]
    size, steps = int(can_accept.sum()), steps[can_accept]
    pairs = np.array(sorted((v * size + t, q) for v, found in enumerate(edges) for q, t in found),
                     np.int64).reshape(-1, 2)  # (value's column block + next state, state)
    cut = np.flatnonzero(np.diff(pairs[:, 0], prepend=-1))  # each column's first pair
    rank = np.arange(len(pairs)) - np.repeat(cut, np.diff(cut, append=len(pairs)))
    rounds = [(pairs[rank == r, 1], pairs[rank == r, 0]) for r in range(rank.max(initial=-1) + 1)]
    flags = np.zeros(size, bool)
    flags[list(accepting)] = True
    frontier = np.zeros((1, size), bool)
    frontier[0, list(first)] = True
    known = {np.packbits(frontier, axis=1).tobytes(): 0}
    rows, accepts = [], []
    level = 0
    while len(frontier):
        if level == longest:
            rows.append(np.full((len(frontier), side), -1, np.int64))
            accepts.append(frontier[:, flags].any(axis=1))
            break
        level += 1
        k = len(frontier)
        after = np.zeros((k, side * size), bool)
        for sources, columns in rounds:
            after[:, columns] |= frontier[:, sources]
        after = after.reshape(k * side, size)
        if longest is not None:
            after &= steps <= longest - level
        packed = np.packbits(after, axis=1)
        live = np.flatnonzero(packed.any(axis=1))
        keys = packed[live]
        keys = keys.view(np.dtype((np.void, keys.shape[1]))).ravel()
        unique, at, inverse = np.unique(keys, return_index=True, return_inverse=True)
        unique = unique.tolist()
        numbers = np.array([known.get(key, -1) for key in unique], np.int64)
        fresh = np.flatnonzero(numbers < 0)
        fresh = fresh[np.argsort(at[fresh])]  # numbered in the order first reached
        if len(known) + len(fresh) > MAX_AUTOMATON_STATES:
            raise RulesError(f"more than {MAX_AUTOMATON_STATES:,} states in the automaton")
        numbers[fresh] = np.arange(len(known), len(known) + len(fresh))
        known.update(zip([unique[j] for j in fresh.tolist()], numbers[fresh].tolist()))
        table = np.full(k * side, -1, np.int64)
        table[live] = numbers[inverse.ravel()]
        rows.append(table.reshape(k, side))
        accepts.append(frontier[:, flags].any(axis=1))
        frontier = after[live[at[fresh]]]
    return _minimized(np.concatenate(rows), np.concatenate(accepts))


_MOORE_ROUNDS = 32  # Moore's rounds before Hopcroft's refinement takes over


def _classes(moves: np.ndarray, accepting: np.ndarray) -> np.ndarray:
    """The class of each state for :func:`_minimized`: ``moves`` is the
    ``(n + 1, side)`` table of next states, a missing transition sent to the
    sink ``n`` (whose row is itself); ``accepting`` the ``(n + 1,)`` flags.
    Returns the ``(n + 1,)`` class numbers, the sink's its own. Moore's
    refinement first (E. F. Moore, "Gedanken-experiments on sequential
    machines", 1956), each round a lexicographic sort of the ``(class,
    classes after each value)`` rows: a few rounds settle the automata of
    lines (10,230 states in 5 rounds, 25 ms where Hopcroft's took 125 ms),
    but a chain needs a round per state, so past :data:`_MOORE_ROUNDS`
    rounds :func:`_hopcroft` refines what they found."""
    n, side = len(moves) - 1, moves.shape[1]
    if n <= _ACYCLIC_STATES and np.all(moves[:n] > np.arange(n)[:, None]):
        return _acyclic_classes(moves, accepting)
    block = accepting.astype(np.int64)
    block[n] = 2
    count = 1 + int(accepting[:n].any()) + int(not accepting[:n].all())
    width = int(n).bit_length()  # bits of a class number
    per = 63 // width  # class numbers packed in a sort key
    shifts = np.arange(per, dtype=np.int64) * width
    rows = np.zeros((n + 1, -(-(side + 1) // per) * per), np.int64)
    for _ in range(_MOORE_ROUNDS):
        rows[:, 0] = block
        rows[:, 1:side + 1] = block[moves]
        keys = (rows.reshape(n + 1, -1, per) << shifts).sum(axis=2)
        order = np.lexsort(keys.T[::-1])
        ranked = keys[order]
        fresh = np.empty(n + 1, bool)
        fresh[0] = True
        np.any(ranked[1:] != ranked[:-1], axis=1, out=fresh[1:])
        refined = np.empty(n + 1, np.int64)
        refined[order] = np.cumsum(fresh) - 1
        if refined[order[-1]] + 1 == count:
            return refined
        block, count = refined, int(refined[order[-1]]) + 1
    return _hopcroft(moves, block)


_ACYCLIC_STATES = 2048  # up to here an acyclic automaton's classes are read in one sweep


def _acyclic_classes(moves: np.ndarray, accepting: np.ndarray) -> np.ndarray:
    """:func:`_classes` of an automaton whose every transition leads to a
    higher-numbered state (acyclic, numbered breadth first: an Or's, a
    linear sum's; the sink, last, counts as higher): from the
    last state back, a state's class is its flag with its successors'
    classes, already known, in one dictionary look-up a state. Moore's
    rounds need one round per state of the longest chain (an Or of two
    rules on a row: 137 states, past 32 rounds, 1.2 ms in Hopcroft's
    refinement each; 51 of them in 'Numbered Rooms vs X-Sums')."""
    n = len(moves) - 1
    rows, flags = moves.tolist(), accepting.tolist()
    classes = [0] * (n + 1)  # the sink's class 0 is no state's
    known: dict[tuple, int] = {}
    for q in range(n - 1, -1, -1):
        classes[q] = known.setdefault((flags[q], *[classes[t] for t in rows[q]]), len(known) + 1)
    return np.array(classes, np.int64)


def _hopcroft(moves: np.ndarray, block: np.ndarray) -> np.ndarray:
    """The coarsest refinement of the partition ``block`` (``(n + 1,)``
    class numbers) stable under ``moves`` (:func:`_classes`), by Hopcroft's
    algorithm (J. E. Hopcroft, "An n log n algorithm for minimizing states
    in a finite automaton", 1971) in ``side * n log n`` steps, every class
    of ``block`` a splitter at first."""
    size, side = moves.shape
    into = [[[] for _ in range(size)] for _ in range(side)]  # into[v][t]: q -(v+1)-> t
    for q, row in enumerate(moves.tolist()):
        for v, t in enumerate(row):
            into[v][t].append(q)
    block_of = block.tolist()
    blocks: list[set[int]] = [set() for _ in range(max(block_of) + 1)]
    for q, b in enumerate(block_of):
        blocks[b].add(q)
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
    return np.array(block_of, np.int64)


def _minimized(table: np.ndarray, accepting: np.ndarray) -> Automaton:
    """The automaton with equivalent states merged, of the ``(n, side)``
    ``table`` of next states (-1: none) whose states are numbered breadth
    first from the start 0, values in order (as :func:`from_step` and
    :func:`_subsets` number them), ``accepting`` the ``(n,)`` flags. The
    classes are the coarsest partition that splits accepting from other
    states and is stable under every value (a missing transition its own
    class, never merged with a state), :func:`_classes`; numbered in the
    order of their first states, they are numbered breadth first too (the
    first state of a class is reached from the first state of another)."""
    n, side = table.shape
    moves = np.full((n + 1, side), n, np.int64)
    moves[:n] = np.where(table >= 0, table, n)
    flags = np.zeros(n + 1, bool)
    flags[:n] = accepting
    _, first, classes = np.unique(_classes(moves, flags), return_index=True, return_inverse=True)
    order = np.sort(first)[:-1]  # the first state of each class but the sink's (state n)
    number = np.empty(len(first), np.int64)
    number[np.argsort(first)] = np.arange(len(first))
    number[classes[n]] = -1
    merged = number[classes[moves[order]]]
    automaton = Automaton(len(order), 0, frozenset(np.flatnonzero(accepting[order]).tolist()),
                          tuple(map(tuple, merged.tolist())))
    automaton.__dict__["moves"] = merged  # Automaton.moves, at hand
    return automaton


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
        return nfa.closure([t for q in subset for values, t in nfa.moves[q] if v in values]) or None

    return from_step(nfa.closure([first]), step, lambda subset: last in subset, side)


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
    return _minimized(np.array(table, np.int64).reshape(len(order), side),
                      np.array([accepts(state) for state in order], bool))


#: The largest side whose sum automata (:func:`lunchbox_automaton`,
#: :func:`sandwich_automaton`, :func:`x_sum_automaton`) keep the values
#: read, so that they differ: up to 2^9 sets; on a 16x16 a lunchbox's then
#: passes :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` after 20-50 s.
DISTINCT_SIDE = 9


@kept(maxsize=512)
def sandwich_automaton(total: int, side: int, shift: int = 0) -> Automaton:
    """A row or column (each value once) whose values between the 1 and
    the ``side`` sum to ``total``: the state is ``"before"`` the first
    crust, the sum inside and (up to :data:`DISTINCT_SIDE`) the values
    inside, which differ, or ``"after"`` the second. (``shift``: in the
    values ``1 + shift .. side + shift``, :func:`from_step`; the same for
    the other automata that take it.) Taking the values inside as
    different (the solver's ``Sandwich`` is its ``Lunchbox`` on a house)
    took three copies of its 'Sandwich snipe 18' from all three at the 20
    CPU s limit to 90,571 branch nodes in 11.7 s, and of 'Sandwich,
    partial, slow' from 125,575 nodes in 5.2 s to 568 in 0.04 s."""
    crusts = (1 + shift, side + shift)
    distinct = side <= DISTINCT_SIDE

    def step(state, v):
        if state == "before":
            return (0, 0) if v in crusts else "before"
        if state == "after":
            return None if v in crusts else "after"
        held, inside = state
        if v in crusts:
            return "after" if held == total else None
        bit = (1 << (v - crusts[0])) * distinct
        if inside & bit or held + v > total:
            return None
        return (held + v, inside | bit)

    return from_step("before", step, lambda s: s == "after", side, shift)


@kept(maxsize=512)
def x_sum_automaton(total: int, side: int, shift: int = 0) -> Automaton:
    """A row or column whose first ``X`` values sum to ``total``, ``X``
    being the first value: the state is ``(X, values read, their sum, the
    values read)`` (the last up to :data:`DISTINCT_SIDE`: they differ)
    until the ``X``-th, then ``"done"``. The values read as different took
    three copies of the solver's 'X-Sum' example from 872 branch nodes (the
    race of fba4e8c) to 14 (that of e080011) and of its 'X-Sum little
    killer' from 479 to 167 (the races of the sums before and after)."""
    distinct = side <= DISTINCT_SIDE

    def step(state, v):
        if state == "done":
            return "done"
        if state == "start":
            if v < 1:  # an X of 0 (values from 0) selects nothing: never a sum
                return None
            state = (v, 0, 0, 0)
        x, read, held, seen = state
        bit = (1 << (v - shift)) * distinct
        if seen & bit:
            return None
        read, held, seen = read + 1, held + v, seen | bit
        if held > total:
            return None
        if read == x:
            return "done" if held == total else None
        return (x, read, held, seen)

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
def lunchbox_automaton(total: int, side: int, shift: int = 0,
                       length: int | None = None) -> Automaton:
    """Different values whose smallest and largest have values summing to
    ``total`` between them (a lunchbox), run on guesses
    (:func:`from_guesses`): a guess is the two ends' values ``(low,
    high)``, its phase (0 before the first end, 1 between, 2 after), the
    sum between so far and, up to :data:`DISTINCT_SIDE`, the values
    between so far (a bitmask over ``v - low``), which must differ: the
    sum's combinations of different values, as the Interactive Sudoku
    Solver's ``Lunchbox`` handler takes them (``js/solver/handlers.js``),
    not any values with that sum. Over three copies of each, counting to
    two: its Normal Lunchbox 6,623 branch nodes in 2.54 CPU s (the race of
    fba4e8c) to 613 in 0.21 (that of e080011; the solver's 742 guesses);
    Extreme Lunchbox from three 20 s
    timeouts to 6,131 nodes in 0.89 s; Killer lunchboxes 156,320 to 11,519
    nodes, 12.1 s to 1.10 (``benchmarks/interactive_solver/README.md``,
    "Lunchboxes, sandwiches and X-sums"). The automaton for a total of 23 has 535
    states (573 before the guesses that cannot finish were left out of its
    subsets), 3,226 without the values between. With ``length`` (a line's
    cells), it is right on words up to that length only (``from_guesses``'
    ``longest``), built in fewer steps: for a total of 23, 1.1 ms on three
    cells, 1.1 on five, 3.4 for any length (1.7, 5.1 and 10.8 before;
    scratch, best of 7, core 1)."""
    distinct = side <= DISTINCT_SIDE

    def step(guess, v):
        low, high, phase, held, between = guess
        if low < v < high:
            if phase != 1:
                return guess
            bit = (1 << (v - low)) * distinct
            if between & bit or held + v > total:
                return None
            return (low, high, 1, held + v, between | bit)
        if v in (low, high) and phase == 0:
            return (low, high, 1, 0, 0)
        if v in (low, high) and phase == 1 and held == total:
            return (low, high, 2, 0, 0)
        return None

    values = range(1 + shift, side + shift + 1)
    return from_guesses(((low, high, 0, 0, 0) for low in values for high in values if low < high),
                        step, lambda guess: guess[2] == 2, side, shift, longest=length)


@kept(maxsize=64)
def between_automaton(side: int) -> Automaton:
    """A between line: the values inside lie strictly between the two
    ends' values. The state is ``(first, lowest inside, highest inside,
    last)``, the values inside those read before the last; a value inside
    on both sides of the first is refused at once. Once the values inside
    lie above the first, their lowest no longer matters (it is above the
    first, so below any end above the highest), and it is kept as the
    first plus one; below, the highest likewise: a 9x9's line reads 739
    states before minimizing to 156, not 2,251 (2.7 ms to build, not
    8.7), and a 16x16's 499, where it passed
    :data:`~sudoku_models.limits.MAX_AUTOMATON_STATES` before."""
    def step(state, v):
        if state == "start":
            return (v, side + 1, 0, 0)
        first, low, high, last = state
        if last:
            low, high = min(low, last), max(high, last)
        if low <= first <= high:
            return None
        if high and low > first:
            low = first + 1
        elif high and high < first:
            high = first - 1
        return (first, low, high, v)

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
def sum_loop_automaton(total: int, side: int, length: int) -> Automaton:
    """A sum line closed into a loop of ``length`` cells: cut into segments
    that each sum to ``total``, one segment possibly running through the
    loop's ends. Run on guesses (:func:`from_guesses`) of that segment's
    part at the end (``extra``): a guess holds the sum of the segment so
    far (started at ``extra``) and is accepted when the sum at the end is
    the guess; right on words of up to ``length`` values (the Interactive
    Sudoku Solver's '10 Lines', a loop of four cells: 10,230 states for
    every length, took 44 ms to build)."""
    def step(guess, v):
        extra, held = guess
        return (extra, (held + v) % total) if held + v <= total else None

    return from_guesses(((extra, extra) for extra in range(total)), step,
                        lambda guess: guess[0] == guess[1], side, longest=length)


@kept(maxsize=256)
def cage_automaton(total: int, side: int) -> Automaton:
    """Different values summing to ``total`` (a killer cage's two rules as
    one word): the state is the sum so far and the set of values read,
    which the sum follows from (up to ``2^side`` states; an Or's branch
    takes it up to :data:`DISTINCT_SIDE`)."""
    def step(state, v):
        held, used = state
        bit = 1 << (v - 1)
        return None if used & bit or held + v > total else (held + v, used | bit)

    return from_step((0, 0), step, lambda state: state[0] == total, side)


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


@kept(maxsize=1024)
def value_set_automaton(mask: int, side: int) -> Automaton:
    """One value ``v`` with bit ``v - 1`` of ``mask`` set. Kept: an Or of
    rules on a row asks one per cell and branch ('Numbered Rooms vs
    X-Sums' 918 times, 62 ms of its 79 ms call, a handful of masks)."""
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
