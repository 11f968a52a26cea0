"""Chains on candidates, as Sudoku Explainer (SE) finds and rates them:
bidirectional cycles and forcing chains (X, Y and XY), Nishio, cell and
region forcing chains (multiple), and dynamic forcing chains.

The objects are *potentials*: a candidate ``(cell, value)`` assumed true
("on") or false ("off"). One potential implies others:

* on -> off: the cell's other candidates (a *cell* link, used with Y links)
  and the value in every peer (a *house* link, always);
* off -> on: the cell's other candidate when the cell has two (Y link) and
  the value's other place in a house where it has two (X link).

A *static* chain uses these implications on the grid as it is; a
*dynamic* one applies every "off" it reaches to a copy of the grid, so
later implications see the cells and houses emptied by it (and an "on"
reached that way has the removed candidates as extra parents).

Search and rating rules learnt from Sukaku Explainer's source
(github.com/SudokuMonster/SukakuExplainer, ``diuf/sudoku/solver/rules/
chaining/Chaining.java`` and the ``*Hint.java`` beside it, LGPL; written
anew here, nothing copied):

* a rating is a base plus a length modifier: 6.5 for a cycle on X links
  only or Y links only, 7.0 on both; 6.6 for a forcing chain on X links
  only, 7.0 on both; 7.5 Nishio; 8.0 cell and region forcing chains on
  static chains; 8.5 dynamic forcing chains (``Chaining.getDifficulty``,
  ``CycleHint``, ``ForcingChainHint``);
* the length modifier adds 0.1 for each step of the ladder 4, 6, 8, 12, 16,
  24, 32, ... (alternately x3/2 and x4/3) that the chain's complexity
  minus 2 exceeds; the complexity is the number of distinct potentials the
  conclusion rests on (all its ancestors, itself included), summed over
  the branches of a multiple chain (``ChainingHint.getLengthDifficulty``,
  ``getAncestorCount``, ``getFlatComplexity``);
* of all the hints one family finds, the easiest is taken: lowest rating,
  then lowest complexity (``Chaining.getHintList``);
* cycles and forcing chains start from every candidate of a cell with two
  or more (Y-only cycles from cells with two); Nishio assumes each
  candidate on without Y links and looks for a contradiction; cell forcing
  chains start from cells with three or more candidates (two or more when
  dynamic), region forcing chains from a value with two or more places in a
  house, met from its first place; dynamic forcing chains also draw a
  conclusion common to a candidate's "on" and "off" (cells of three or
  more) and a contradiction from either.

Every technique here works on any layout the rater takes (houses and
peers come from :class:`~sudoku_models.logic.candidates.TechniqueTables`).
"""

from __future__ import annotations

from collections import deque

from .candidates import CandidateGrid, bits, cell_name, cells_of, popcount, values_text
from .nested import advanced_offs
from ..core.constraint import cells_text
from .step import Step

# -- potentials ------------------------------------------------------------
# A potential is an int: ((cell * side + value - 1) << 1) | on.


def _key(cell: int, value: int, on: int, side: int) -> int:
    return ((cell * side + value - 1) << 1) | on


def _split(key: int, side: int) -> tuple[int, int, int]:
    cv, on = divmod(key, 2)
    cell, v = divmod(cv, side)
    return cell, v + 1, on


def length_modifier(complexity: int) -> float:
    """SE's rating added for a chain's complexity (distinct potentials it
    rests on): 0.1 for each step of 4, 6, 8, 12, 16, 24, ... that
    ``complexity - 2`` exceeds (``ChainingHint.getLengthDifficulty``)."""
    added, ceil, odd, length = 0, 4, False, complexity - 2
    while length > ceil:
        added += 1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return added / 10


def _ancestors(target: int, parents: dict) -> int:
    seen = {target}
    todo = [target]
    while todo:
        for p in parents[todo.pop()]:
            if p not in seen:
                seen.add(p)
                todo.append(p)
    return len(seen)


def _path(target: int, parents: dict) -> list[int]:
    """The first-parent path from the assumption to ``target``."""
    path = [target]
    while parents[path[-1]]:
        path.append(parents[path[-1]][0])
        if len(path) > 4096:  # a cycle's start is its end
            break
    return path[::-1]


def eureka(path: list[int], side: int) -> str:
    """The chain ``path`` (potentials, assumption first) in Eureka notation:
    ``(5)r1c2-r1c5=(5-3)r2c5=...``; ``-`` an on->off (weak) link, ``=`` an
    off->on (strong) link, links inside one cell written in its brackets,
    the value left out where it repeats the previous cell's."""
    groups = []  # [cell, [values], [ops inside]]
    ops = []
    previous_on = None
    for number, key in enumerate(path):
        cell, value, on = _split(key, side)
        op = "" if number == 0 else ("-" if previous_on else "=")
        previous_on = on
        if groups and groups[-1][0] == cell:
            groups[-1][1].append(value)
            groups[-1][2].append(op)
        else:
            groups.append([cell, [value], []])
            ops.append(op)
    out = []
    last_value = None
    for (cell, values, inner), op in zip(groups, ops):
        if len(values) == 1 and values[0] == last_value:
            text = cell_name(cell, side)
        else:
            text = f"({values[0]}{''.join(o + str(v) for o, v in zip(inner, values[1:]))})"
            text += cell_name(cell, side)
        out.append(op + text)
        last_value = values[-1]
    return "".join(out)


def chain_links(chains, side: int) -> tuple:
    """The links of a step's ``chains`` (:attr:`~sudoku_models.logic.Step.chains`,
    branches of potentials) as ``((cell, value), (cell, value), strong)``,
    each once, in order: ``strong`` True for an off->on link (``=`` in
    Eureka notation, "if not this, then that"), False for an on->off link
    (``-``, "if this, then not that")."""
    found = {}
    for branch in chains:
        for a, b in zip(branch, branch[1:]):
            ca, va, on = _split(a, side)
            cb, vb, _ = _split(b, side)
            found.setdefault(((ca, va), (cb, vb), not on), None)
    return tuple(found)


# -- implications ----------------------------------------------------------


class _Implications:
    """The implications of a static grid (which does not change while chains
    are followed), each worked out once."""

    __slots__ = ("cand", "memo", "side", "tables")

    def __init__(self, grid: CandidateGrid) -> None:
        self.side, self.tables, self.cand, self.memo = grid.side, grid.tables, grid.cand, {}

    def offs(self, key: int, y: bool) -> list[int]:
        """The "off" potentials an "on" potential ``key`` implies."""
        memo = self.memo
        if (key, y) in memo:
            return memo[key, y]
        side = self.side
        cell, value, _ = _split(key, side)
        out = memo[key, y] = [_key(c, v, 0, side) for c, v in self._on_to_off(cell, value, y)]
        return out

    def ons(self, key: int, y: bool, x: bool) -> list[tuple[int, int, int | None]]:
        """``[(on key, cell, value, house)]`` an "off" potential ``key``
        implies: house ``None`` for the cell rule, else the house of the X
        link."""
        memo = self.memo
        if (key, y, x) in memo:
            return memo[key, y, x]
        side = self.side
        cell, value, _ = _split(key, side)
        out = memo[key, y, x] = [(_key(c, v, 1, side), c, v, h)
                                 for c, v, h in self._off_to_on(cell, value, y, x)]
        return out

    def _on_to_off(self, cell: int, value: int, y: bool) -> list[tuple[int, int]]:
        cand = self.cand
        out = []
        if y:
            out = [(cell, w) for w in bits(cand[cell] & ~(1 << (value - 1)))]
        bit = 1 << (value - 1)
        out += [(p, value) for p in self.tables.peers[cell] if cand[p] & bit]
        return out

    def _off_to_on(self, cell: int, value: int, y: bool, x: bool):
        cand, tables = self.cand, self.tables
        out = []
        if y:
            mask = cand[cell]
            if popcount(mask) == 2 and mask >> (value - 1) & 1:
                out.append((cell, (mask & ~(1 << (value - 1))).bit_length(), None))
        if x:
            bit = 1 << (value - 1)
            houses = tables.houses
            for h in tables.cell_houses[cell]:
                places = [c for c in houses[h] if cand[c] & bit and c != cell]
                if len(places) == 1:
                    other = places[0]
                    if not any(o[0] == other and o[1] == value for o in out):
                        out.append((other, value, h))
        return out


class _Emptied:
    """The implications of a dynamic chain's grid, which its offs empty as
    it goes (:meth:`remove`): a copy of the candidates and of each value's
    cells as a bitmask (``planes``), so a value's places in a house or among
    a cell's peers are one ``&`` (what :class:`_Implications` finds by
    walking the cells; same answers, in the same order)."""

    __slots__ = ("cand", "planes", "side", "tables")

    def __init__(self, grid: CandidateGrid) -> None:
        self.side, self.tables = grid.side, grid.tables
        self.cand, self.planes = list(grid.cand), list(grid.value_planes())

    def offs(self, key: int, y: bool) -> list[int]:
        """As :meth:`_Implications.offs`."""
        side = self.side
        cell, v0 = divmod(key >> 1, side)
        out = []
        if y:
            rest = self.cand[cell] & ~(1 << v0)
            while rest:
                low = rest & -rest
                out.append((cell * side + low.bit_length() - 1) << 1)
                rest ^= low
        seen = self.tables.peer_masks[cell] & self.planes[v0]  # peers ascending
        while seen:
            low = seen & -seen
            out.append(((low.bit_length() - 1) * side + v0) << 1)
            seen ^= low
        return out

    def ons(self, key: int, y: bool, x: bool) -> list[tuple[int, int, int, int | None]]:
        """As :meth:`_Implications.ons`."""
        side = self.side
        cell, v0 = divmod(key >> 1, side)
        out = []
        if y:
            mask = self.cand[cell]
            if popcount(mask) == 2 and mask >> v0 & 1:
                w = (mask & ~(1 << v0)).bit_length()
                out.append((((cell * side + w - 1) << 1) | 1, cell, w, None))
        if x:
            tables = self.tables
            plane = self.planes[v0] & ~(1 << cell)
            others = []
            for h in tables.cell_houses[cell]:
                place = tables.house_masks[h] & plane
                if place and not place & (place - 1):
                    other = place.bit_length() - 1
                    if other not in others:
                        others.append(other)
                        out.append((((other * side + v0) << 1) | 1, other, v0 + 1, h))
        return out

    def remove(self, key: int) -> None:
        """Take the candidate of the off ``key`` out of the grid."""
        cell, v0 = divmod(key >> 1, self.side)
        self.cand[cell] &= ~(1 << v0)
        self.planes[v0] &= ~(1 << cell)


def _propagate(grid: CandidateGrid, on: list[int], off: list[int], y: bool, dynamic: bool,
               static: _Implications | None = None, level: int = 0):
    """SE's ``doChaining``: every potential implied by assuming ``on`` and
    ``off`` (potential keys). Returns ``(parents, contradiction)``:
    ``parents`` maps each potential reached to the tuple of potentials it
    follows from (first: the chain's own link; then, when dynamic, the
    offs that emptied the cell or house; for an "advanced" off, the offs
    its rule rests on); ``contradiction`` is None or the pair ``(on_key,
    off_key)`` of one candidate reached both ways.
    ``static``: the memoised implications of the grid, for a static run.
    ``level`` 1 (dynamic only): when nothing is left to follow, the
    eliminations of the simple rules on the chain's grid join it as offs
    (:func:`~sudoku_models.logic.nested.advanced_offs`), as SE's nested
    levels do; an advanced off is not checked against the "ons" when it
    joins (SE's ``doChaining`` checks only ``toOff``), only what it implies
    is."""
    side = grid.side
    source = grid.cand
    imp = _Emptied(grid) if dynamic else static
    cand = imp.cand
    parents = {k: () for k in on + off}
    pending_on, pending_off = deque(on), deque(off)
    # a potential reached is never reached the other way too (that returns at
    # once), so only one not reached yet can meet its opposite
    while True:
        while pending_on or pending_off:
            if pending_on:
                key = pending_on.popleft()
                for k in imp.offs(key, y):
                    if k not in parents:
                        parents[k] = (key,)
                        if k | 1 in parents:
                            return parents, (k | 1, k)
                        pending_off.append(k)
                continue
            key = pending_off.popleft()
            made = imp.ons(key, y, True)
            if dynamic:
                imp.remove(key)
            for k, c, v, house in made:
                if k not in parents:
                    parents[k] = (key,) + (_hidden(c, v, house, source, cand, side, grid)
                                           if dynamic else ())
                    if k ^ 1 in parents:
                        return parents, (k, k ^ 1)
                    pending_on.append(k)
        if not level:
            break
        for k, rule_parents in advanced_offs(source, grid.value_planes(), grid.values, cand,
                                             imp.planes, side, grid.tables):
            if k not in parents:
                parents[k] = rule_parents
                pending_off.append(k)
        if not pending_off:
            break
    return parents, None


def _hidden(cell, value, house, source, cand, side, grid) -> tuple:
    """The offs that emptied ``cell`` (cell rule) or ``house`` for ``value``
    in a dynamic chain: extra parents of the "on" they force."""
    if house is None:
        return tuple(_key(cell, w, 0, side) for w in bits(source[cell] & ~cand[cell]))
    bit = 1 << (value - 1)
    return tuple(_key(c, value, 0, side) for c in grid.tables.houses[house]
                 if source[c] & bit and not cand[c] & bit)


# -- hints -----------------------------------------------------------------


class _Hint:
    """A chain deduction found: its name, rating (base plus length), the
    complexity it rests on, eliminations, branches (first-parent paths) and
    ``intro``, the assumption in words."""

    __slots__ = ("branches", "complexity", "eliminations", "intro", "name", "rating", "sort")

    def __init__(self, name, base, complexity, eliminations, branches, intro, sort=0):
        self.name, self.complexity, self.eliminations = name, complexity, eliminations
        self.rating = round(base + length_modifier(complexity), 1)
        self.branches, self.intro, self.sort = branches, intro, sort

    def order(self):
        return (self.rating, self.complexity, self.sort)


def _target_eliminations(grid: CandidateGrid, key: int) -> list[tuple[int, int]]:
    """What a forced potential removes: an off its candidate, an on the
    cell's other candidates."""
    cell, value, on = _split(key, grid.side)
    if on:
        return [(cell, w) for w in bits(grid.cand[cell] & ~(1 << (value - 1)))]
    return [(cell, value)] if grid.cand[cell] >> (value - 1) & 1 else []


def _assume(key: int, side: int) -> str:
    """``r1c2=5`` or ``r1c2<>5``: a potential as an assumption."""
    cell, value, on = _split(key, side)
    return f"{cell_name(cell, side)}{'=' if on else '<>'}{value}"


def _to_step(grid: CandidateGrid, hint: _Hint) -> Step:
    side = grid.side
    elims = sorted(set(hint.eliminations))
    cells = sorted({_split(k, side)[0] for branch in hint.branches for k in branch})
    values = sorted({_split(k, side)[1] for branch in hint.branches for k in branch})
    chains = "; ".join(eureka(b, side) for b in hint.branches)
    removed = ", ".join(f"{cell_name(c, side)}<>{v}" for c, v in elims)
    return Step(hint.name, tuple(cells), tuple(values), (), tuple(elims),
                f"{hint.name}: {hint.intro}{chains} => {removed}", side, hint.rating,
                tuple(tuple(b) for b in hint.branches))


def _candidates(grid: CandidateGrid, least: int = 2):
    side, cand = grid.side, grid.cand
    for cell in range(side * side):
        if popcount(cand[cell]) >= least:
            for value in bits(cand[cell]):
                yield cell, value


# -- bidirectional cycles and forcing chains -------------------------------


class _Bound:
    """The easiest hint of ``found`` so far (by :meth:`_Hint.order`), to stop
    a breadth-first search once every hint it could still find is harder:
    the hint taken is the first of the easiest, so cutting what cannot
    beat it changes no answer."""

    __slots__ = ("best", "found", "limits", "seen")

    def __init__(self, found: list) -> None:
        self.found, self.seen, self.best, self.limits = found, 0, None, {}

    def can_beat(self, base: float, complexity: int) -> bool:
        """Whether a hint of rating ``base`` (plus length) resting on
        ``complexity`` potentials or more could be taken before the best."""
        found = self.found
        if len(found) > self.seen:
            new = min(h.order() for h in found[self.seen:])
            if self.best is None or new < self.best:
                self.best, self.limits = new, {}
            self.seen = len(found)
        if self.best is None:
            return True
        limit = self.limits.get(base)
        if limit is None:  # the order grows with the complexity: the most that beats
            limit = 0
            while (round(base + length_modifier(limit), 1), limit, 0) < self.best:
                limit += 1
            limit = self.limits[base] = limit - 1
        return complexity <= limit


class _Links:
    """The static links of one grid for one kind of chain: ``offs[on key]``
    the "off" potentials an "on" implies, ``ons[off key]`` the "on"
    potentials an "off" implies (lists indexed by potential key, empty for
    a candidate not in the grid), as :class:`_Implications` gives them."""

    __slots__ = ("offs", "ons")

    def __init__(self, offs: list, ons: list) -> None:
        self.offs, self.ons = offs, ons

    @staticmethod
    def of_grid(grid: CandidateGrid) -> dict:
        """The links of every kind, ``{(y, x): _Links}``, worked out together
        in one pass over the candidates (each value's places per house
        listed once)."""
        side, cand, tables = grid.side, grid.cand, grid.tables
        size = 2 * side ** 3
        offs_x, offs_y = [()] * size, [()] * size
        ons_x, ons_y, ons_xy = [()] * size, [()] * size, [()] * size
        places = []  # per house, per value - 1, its cells holding it
        for cells in tables.houses:
            where = [[] for _ in range(side)]
            for c in cells:
                for v in bits(cand[c]):
                    where[v - 1].append(c)
            places.append(where)
        peers, cell_houses = tables.peers, tables.cell_houses
        for cell in range(side * side):
            values = bits(cand[cell])
            for v in values:
                bit = 1 << (v - 1)
                off = (cell * side + v - 1) << 1
                peer_offs = [(p * side + v - 1) << 1 for p in peers[cell] if cand[p] & bit]
                offs_x[off | 1] = peer_offs
                offs_y[off | 1] = [(cell * side + w - 1) << 1 for w in values if w != v] + peer_offs
                y_on = ([((cell * side + w - 1) << 1) | 1 for w in values if w != v]
                        if len(values) == 2 else [])
                x_on = []
                for h in cell_houses[cell]:
                    where = places[h][v - 1]
                    if len(where) == 2:
                        k = ((where[where[0] == cell] * side + v - 1) << 1) | 1
                        if k not in x_on:
                            x_on.append(k)
                ons_x[off], ons_y[off], ons_xy[off] = x_on, y_on, y_on + x_on
        return {(False, True): _Links(offs_x, ons_x), (True, False): _Links(offs_y, ons_y),
                (True, True): _Links(offs_y, ons_xy)}


def _unary(grid: CandidateGrid, cell: int, value: int, y: bool, x: bool, found: list,
           links: _Links, bound: _Bound) -> None:
    """Cycles through ``(cell, value)`` on and forcing chains from it on and
    off (SE's ``doUnaryChaining``), on static links (Y links if ``y``, X
    links if ``x``: ``links``). Both searches are breadth first,
    so a hint found at depth ``d`` rests on ``d + 1`` potentials: they stop
    at the depth where ``bound`` says no hint can beat the easiest found."""
    side, cand = grid.side, grid.cand
    if not x and popcount(cand[cell]) > 2:
        return
    start = _key(cell, value, 1, side)
    kind = "XY" if x and y else ("X" if x else "Y")
    ons_of = links.ons
    # The offs that imply the start on: those of the ons the start off
    # implies (a strong link goes both ways). Without one no cycle closes and
    # no chain from the start off comes back to it.
    closers = {k ^ 1 for k in ons_of[start ^ 1]}
    if closers:
        _cycles(grid, start, kind, found, links, bound, closers)
    if not x:
        return  # a forcing chain on Y links alone cannot exist (odd and even at once)
    for assume in (start, start ^ 1) if closers else (start,):
        _forcing_search(grid, start, assume, kind, found, links, bound)


def _cycles(grid: CandidateGrid, start: int, kind: str, found: list, links: _Links,
            bound: _Bound, closers: set) -> None:
    """Cycles through ``start``: breadth first, an off may be reached again by
    another path, never one already on its own path. An "on" is reached
    once, so an off met again can only close the cycle: it is followed again
    only when it is one of ``closers``, the offs that imply the start (and
    then only its own path is walked to see whether it is on it; an off met
    for the first time is on no path)."""
    cycle_base = 7.0 if kind == "XY" else 6.5
    offs_of, ons_of = links.offs, links.ons
    nodes = [(start, -1)]  # (key, parent node index)
    on_seen = {start}
    off_seen = set()
    layer_on, layer_off = [0], []
    length = 0
    while (layer_on or layer_off) and bound.can_beat(cycle_base, length + 2):
        length += 1
        for n in layer_on:
            for k in offs_of[nodes[n][0]]:
                if k in off_seen:
                    if k not in closers or _on_path(nodes, n, k):
                        continue
                else:
                    off_seen.add(k)
                nodes.append((k, n))
                layer_off.append(len(nodes) - 1)
        layer_on = []
        length += 1
        for n in layer_off:
            off = nodes[n][0]
            for k in ons_of[off]:
                if length >= 4 and k == start:
                    path = _node_path(nodes, n) + [start]
                    _cycle(grid, path, kind, found)
                if k not in on_seen:
                    on_seen.add(k)
                    nodes.append((k, n))
                    layer_on.append(len(nodes) - 1)
        layer_off = []


def _on_path(nodes, n: int, key: int) -> bool:
    """Whether ``key`` is on the path of node ``n`` (itself or an ancestor)."""
    while n >= 0:
        if nodes[n][0] == key:
            return True
        n = nodes[n][1]
    return False


def _forcing_search(grid: CandidateGrid, start: int, assume: int, kind: str, found: list,
                    links: _Links, bound: _Bound) -> None:
    """Forcing chains from ``assume`` (``start`` on or off) back to the
    opposite of ``start``, breadth first, layer by layer (an "on" layer's
    offs, then an "off" layer's ons), until no hint can beat the easiest
    found (a layer at depth ``d`` makes hints resting on ``d + 2``
    potentials).

    The static links are their own contrapositives (``a`` implies ``b``
    exactly when not ``b`` implies not ``a``), so a chain of ``L`` links
    from ``assume`` to its opposite passes, at ``m = L // 2`` links, a
    potential whose opposite is at most ``L - m`` links from ``assume``
    too. While the search has met no potential together with its opposite
    up to depth ``d``, every chain it can still find is therefore longer
    than ``2d`` links, and it stops as soon as such chains cannot beat the
    easiest found: a candidate with no chain back stops at half the depth."""
    forcing_base = 7.0 if kind == "XY" else 6.6
    parent = {assume: -1}
    layer = [assume]
    on = assume & 1
    depth = 0
    paired = False  # some potential and its opposite both reached
    while layer:
        if not bound.can_beat(forcing_base, depth + 2 if paired else 2 * depth + 2):
            return
        # an "on" layer can reach start off (when start was assumed on),
        # an "off" layer start on (when it was assumed off)
        goal = start ^ 1 if on else start
        aimed = (assume == start) == bool(on)
        follow = links.offs if on else links.ons
        after = []
        for key in layer:
            for k in follow[key]:
                if k not in parent:
                    parent[k] = key
                    paired = paired or k ^ 1 in parent
                    if aimed and k == goal:
                        _forcing(grid, k, parent, kind, found)
                    else:
                        after.append(k)
        layer = after
        on ^= 1
        depth += 1


def _node_path(nodes, n: int) -> list[int]:
    out = []
    while n >= 0:
        out.append(nodes[n][0])
        n = nodes[n][1]
    return out[::-1]


_CYCLE_NAMES = {"X": "Bidirectional X-Cycle", "Y": "Bidirectional Y-Cycle",
                "XY": "Bidirectional Cycle"}
_FORCING_NAMES = {"X": "Forcing X-Chain", "XY": "Forcing Chain"}


def _cycle(grid: CandidateGrid, path: list[int], kind: str, found: list) -> None:
    """A cycle's eliminations: a candidate outside the loop's cells that
    sees an "on" and an "off" of its value on the loop (one of them holds
    whichever way the loop goes; SE's ``createCycleHint``). Cells are
    bitmasks here: per value, the cells seeing an on and those seeing an
    off."""
    side, peer_masks = grid.side, grid.tables.peer_masks
    planes = grid.value_planes()
    loop = 0
    for key in path:
        loop |= 1 << (key >> 1) // side
    forward, backward = [0] * side, [0] * side
    for key in path[1:]:
        cell, v0 = divmod(key >> 1, side)
        seen = peer_masks[cell] & planes[v0] & ~loop
        if key & 1:
            forward[v0] |= seen
        else:
            backward[v0] |= seen
    elims = sorted((c, v0 + 1) for v0 in range(side) for c in cells_of(forward[v0] & backward[v0]))
    if elims:
        found.append(_Hint(_CYCLE_NAMES[kind], 7.0 if kind == "XY" else 6.5,
                           len(set(path)), elims, [path], "loop "))


def _forcing(grid: CandidateGrid, target: int, parent: dict, kind: str, found: list) -> None:
    """A forcing chain reaching ``target`` (``parent``: each potential's one
    parent on the search tree, -1 for the assumption)."""
    elims = _target_eliminations(grid, target)
    if elims:
        path = [target]
        while parent[path[-1]] >= 0:
            path.append(parent[path[-1]])
        found.append(_Hint(_FORCING_NAMES[kind], 7.0 if kind == "XY" else 6.6, len(path), elims,
                           [path[::-1]], f"if {_assume(target ^ 1, grid.side)}: "))


def forcing_chains_and_cycles(grid: CandidateGrid) -> Step | None:
    """Bidirectional cycles (X, Y, XY) and forcing chains (X, XY) on static
    links: a cycle of alternating links removes a value from cells that see
    both ends of one of its weak links; a chain from a candidate back to
    its own negation settles it (SE 6.5-7.x: X-Cycle 6.5, Y-Cycle 6.5,
    Forcing X-Chain 6.6, Cycle and Forcing Chain 7.0, plus length)."""
    found: list[_Hint] = []
    bound = _Bound(found)
    every = _Links.of_grid(grid)
    for y, x in ((False, True), (True, False), (True, True)):
        links = every[y, x]
        for cell, value in _candidates(grid):
            _unary(grid, cell, value, y, x, found, links, bound)
    if not found:
        return None
    return _to_step(grid, min(found, key=_Hint.order))


# -- Nishio, cell and region forcing chains, dynamic forcing chains ---------


def _on_run(grid, key, y, dynamic, cache, level=0):
    """``_propagate`` from one "on" potential, remembered in ``cache`` (a
    candidate's run serves its cell's chains and each house's); the
    static implications are remembered there too."""
    if key not in cache:
        if "static" not in cache:
            cache["static"] = _Implications(grid)
        static = cache["static"]
        cache[key] = _propagate(grid, [key], [], y, dynamic, static, level)
    return cache[key]


def _binary(grid, cell, value, dynamic, nishio, double, found, name_base, cache, level=0):
    """SE's ``doBinaryChaining``: assume ``(cell, value)`` on, then off;
    a contradiction settles it the other way; with ``double``, a potential
    reached both ways holds. Returns the "on" run's parents."""
    side = grid.side
    k_on = _key(cell, value, 1, side)
    base, label, suffix = name_base
    y = not nishio
    on_parents, bad = _on_run(grid, k_on, y, dynamic, cache, level)
    if bad and (dynamic or nishio):
        a, b = bad
        elims = [(cell, value)]
        found.append(_Hint(label + (" Contradiction Forcing Chains" if not nishio else "") + suffix,
                           base, _ancestors(a, on_parents) + _ancestors(b, on_parents),
                           elims, [_path(a, on_parents), _path(b, on_parents)],
                           f"if {_assume(k_on, side)}: ", 7))
    if not (dynamic or nishio):
        return on_parents
    off_parents, bad = _propagate(grid, [], [k_on ^ 1], y, dynamic, None, level)  # no memo
    if bad:
        a, b = bad
        elims = _target_eliminations(grid, k_on)
        if elims:
            found.append(_Hint(label + (" Contradiction Forcing Chains" if not nishio else "")
                               + suffix, base, _ancestors(a, off_parents) + _ancestors(b, off_parents),
                               elims, [_path(a, off_parents), _path(b, off_parents)],
                               f"if {_assume(k_on ^ 1, side)}: ", 7))
    if double:
        for k in on_parents:
            if k in off_parents and k >> 1 != k_on >> 1:
                elims = _target_eliminations(grid, k)
                if elims:
                    found.append(_Hint(label + " Double Forcing Chains" + suffix, base,
                                       _ancestors(k, on_parents) + _ancestors(k, off_parents),
                                       elims, [_path(k, on_parents), _path(k, off_parents)],
                                       f"{_assume(k_on, side)} or <>{value}: ", 1))
    return on_parents


def _common(grid, runs, found, name, base, intro) -> None:
    """Potentials reached from every branch of a cell or a house."""
    common = set(runs[0])
    for parents in runs[1:]:
        common &= parents.keys()
    for k in common:
        if any(not parents[k] for parents in runs):
            continue  # an assumption itself
        elims = _target_eliminations(grid, k)
        if elims:
            found.append(_Hint(name, base, sum(_ancestors(k, p) for p in runs), elims,
                               [_path(k, p) for p in runs], intro, 5))


#: SE's names for a nesting level (``Chaining.getNestedSuffix``).
_NESTED_SUFFIXES = {0: "", 1: " (+)", 2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)"}


def _multiple(grid: CandidateGrid, dynamic: bool, nishio: bool, level: int = 0) -> list[_Hint]:
    side, cand, tables = grid.side, grid.cand, grid.tables
    suffix = _NESTED_SUFFIXES[level]
    if level:
        base, label = 8.5 + 0.5 * level, "Dynamic"
    elif nishio:
        base, label = 7.5, "Nishio Forcing Chains"
    elif dynamic:
        base, label = 8.5, "Dynamic"
    else:
        base, label = 8.0, ""
    found: list[_Hint] = []
    cache: dict = {}
    least = 2 if dynamic else 3
    for cell in range(side * side):
        count = popcount(cand[cell])
        if count < least:
            continue
        runs = {}
        for value in bits(cand[cell]):
            runs[value] = _binary(grid, cell, value, dynamic, nishio,
                                  dynamic and not nishio and count >= 3, found,
                                  (base, label, suffix), cache, level)
            if nishio:
                continue
            bit = 1 << (value - 1)
            for h in tables.cell_houses[cell]:
                places = [c for c in tables.houses[h] if cand[c] & bit]
                if len(places) < 2 or places[0] != cell:
                    continue
                branch = [runs[value]] + [
                    _on_run(grid, _key(c, value, 1, side), True, dynamic, cache, level)[0]
                    for c in places[1:]]
                _common(grid, branch, found, f"{label} Region Forcing Chains{suffix}".strip(), base,
                        f"{value} in {tables.labels[h]} at {cells_text(places, side)}: ")
        if not nishio:
            _common(grid, list(runs.values()), found, f"{label} Cell Forcing Chains{suffix}".strip(),
                    base, f"{cell_name(cell, side)} holds {values_text(bits(cand[cell]))}: ")
    return found


def _best_step(grid: CandidateGrid, found: list[_Hint]) -> Step | None:
    if not found:
        return None
    return _to_step(grid, min(found, key=_Hint.order))


def nishio_forcing_chains(grid: CandidateGrid) -> Step | None:
    """Nishio: assume a candidate true, follow X links and peers only
    (dynamic), and remove it when that reaches a contradiction (SE 7.5
    plus length)."""
    return _best_step(grid, _multiple(grid, dynamic=True, nishio=True))


def multiple_forcing_chains(grid: CandidateGrid) -> Step | None:
    """Cell and region forcing chains on static links: every candidate of a
    cell (three or more), or every place of a value in a house, leads to
    the same conclusion, which therefore holds (SE 8.0 plus length)."""
    return _best_step(grid, _multiple(grid, dynamic=False, nishio=False))


def dynamic_forcing_chains(grid: CandidateGrid) -> Step | None:
    """Dynamic forcing chains: as cell and region forcing chains, plus a
    candidate whose truth or falsity leads to a contradiction or whose two
    cases agree, all on chains that see the grid emptied by their own
    eliminations (SE 8.5 plus length)."""
    return _best_step(grid, _multiple(grid, dynamic=True, nishio=False))


def dynamic_forcing_chains_plus(grid: CandidateGrid) -> Step | None:
    """Dynamic Forcing Chains (+), SE's first nesting level: dynamic forcing
    chains whose chains, when they have nothing left to follow, also take
    the eliminations of Pointing, Claiming, Hidden and Naked Pairs and
    X-Wings on the grid they have emptied
    (:func:`~sudoku_models.logic.nested.advanced_offs`; SE's ``Chaining``
    at level 1: 9.0 plus length, ``getDifficulty`` 8.5 + 0.5 x level)."""
    return _best_step(grid, _multiple(grid, dynamic=True, nishio=False, level=1))
