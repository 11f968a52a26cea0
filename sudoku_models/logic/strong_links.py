"""Strong-linked fishes: short X-chains on one value, as Sukaku Explainer
names and rates them (Skyscraper, 2-String Kite, Turbot Fish for two
strong links; three and four strong links).

A *strong link* is a value's two only places in a house; ``n`` of them
chained by weak links (the end of one sees the start of the next) prove
that the chain's first or last cell holds the value, so every cell seeing
both loses it.

Rating (Sukaku Explainer's ``StrongLinksHint.getDifficulty``,
github.com/SudokuMonster/SukakuExplainer, LGPL; learnt, not copied): a base
by the number of links, 4.0 for two, 5.4 for three, 5.8 for four; plus 0.1
when a link lies in a box or the links lie in lines of both kinds, 0.2 when
both; links all in parallel lines (skyscrapers) add nothing. A pair that is
the only two places in a line and in a box counts as a box link (as the
published ratings show SE does). A *grouped* link is an empty rectangle: a
value's places in a house split into two groups that each lie in one
box and one line (the parts of a line in two boxes, the parts of a box in
two rows or two columns, or the row and column parts of an empty
rectangle), so that the value is in one part or the other; a chain with
one adds 0.3. Any layout (boxes are the houses after the rows and
columns).
"""

from __future__ import annotations

from .candidates import CandidateGrid, cell_name, cells_of, eliminations_text
from .step import Step

BASE = {2: 4.0, 3: 5.4, 4: 5.8}
_NAMES = {2: "Turbot Fish", 3: "3 Strong-Linked Fishes", 4: "4 Strong-Linked Fishes"}


def _links(grid: CandidateGrid, places: int) -> list[tuple[tuple, tuple, int]]:
    """``(a, b, kind)`` both ways round for each strong link of a value
    (its cells ``places``, a bitmask); ``a`` and ``b`` are tuples of cells
    (one cell, or the row part and the column part of an empty rectangle);
    kind 0 a box, 1 a row, 2 a column, 3 an empty rectangle (a pair that is
    the only two places in a line and in a box is a box link)."""
    side, tables = grid.side, grid.tables
    best: dict[tuple, int] = {}
    for h, house in enumerate(tables.house_masks):
        mask = house & places
        count = mask.bit_count()
        if count < 2 or count > 2 and h >= 3 * side:
            continue
        where = cells_of(mask)  # in the house's order, ascending
        if len(where) == 2:
            kind = 1 if h < side else (2 if h < 2 * side else 0)
            pair = ((min(where),), (max(where),))
            if pair not in best or kind == 0:
                best[pair] = kind
        elif len(where) > 2 and h < 3 * side:
            for a, b in _groups(grid, h, where, mask):
                best[(a, b)] = 3
    out = []
    for (a, b), kind in best.items():
        out += [(a, b, kind), (b, a, kind)]
    return out


def _groups(grid: CandidateGrid, house: int, where: list[int], mask: int):
    """Grouped strong links of a value with places ``where`` (three or more)
    in ``house``: in a line, the parts in two boxes when they are all its
    places; in a box, the parts in two rows (or two columns), and the row
    part and the column part of each cross of one row and one column that
    holds all its places (an empty rectangle; the crossing cell, if a
    place, is in both parts; ``mask``: the places as a bitmask of cells).
    The value is in one part or the other."""
    side, cell_houses, house_masks = grid.side, grid.tables.cell_houses, grid.tables.house_masks
    if house < 2 * side:
        parts: dict[int, list] = {}
        for c in where:
            parts.setdefault(cell_houses[c][2], []).append(c)
        if len(parts) == 2:
            yield tuple(tuple(p) for p in parts.values())
        return
    for key in (lambda c: c // side, lambda c: c % side):
        parts = {}
        for c in where:
            parts.setdefault(key(c), []).append(c)
        if len(parts) == 2:
            yield tuple(tuple(p) for p in parts.values())
    rows = sorted({c // side for c in where})
    columns = sorted({c % side for c in where})
    for r in rows:
        for col in columns:
            if not mask & ~(house_masks[r] | house_masks[side + col]):
                a = tuple(c for c in where if c // side == r)
                b = tuple(c for c in where if c % side == col)
                if len(a) < len(where) and len(b) < len(where):
                    yield a, b


def _rating(n: int, kinds) -> float:
    if 3 in kinds:
        return round(BASE[n] + 0.3, 1)
    box = 0 in kinds
    both_lines = 1 in kinds and 2 in kinds
    return round(BASE[n] + (0.2 if box and both_lines else 0.1 if box or both_lines else 0), 1)


#: The rating of a chain of ``n`` links by the set of its links' kinds (bit
#: ``k`` for kind ``k``).
_RATINGS = {n: [_rating(n, [k for k in range(4) if kinds >> k & 1]) for kinds in range(16)]
            for n in BASE}


def _name(n: int, kinds) -> str:
    if 3 in kinds:
        return "Grouped " + _name(n, [0 if k == 3 else k for k in kinds])
    if 0 not in kinds and not (1 in kinds and 2 in kinds):
        return "Skyscraper" if n == 2 else f"{n} Skyscrapers"
    if 0 not in kinds and n < 4:
        return f"{n}-String Kite"
    return _NAMES[n]


def _node(cells, side: int) -> str:
    if len(cells) == 1:
        return cell_name(cells[0], side)
    rows = sorted({c // side + 1 for c in cells})
    columns = sorted({c % side + 1 for c in cells})
    return f"r{''.join(map(str, rows))}c{''.join(map(str, columns))}"


class _ValueLinks:
    """The strong links of one value (its cells ``places``) for the chain
    search, cells as bitmasks (the sight of a group of cells one ``&`` of its
    cells' peers): per link (both ways round, each reverse right after, see
    :func:`_links`) its ``starts`` cells, all its ``cells``, the cells seeing
    its end (``ends``), the places seeing its start (``targets``, where a
    chain from it can remove the value) and its kind as a bit; the links
    following each link are worked out when first asked (:meth:`follow`).
    It depends on the value's candidates alone, so the searches of 2, 3 and 4
    links share it while they are unchanged."""

    __slots__ = ("cells", "ends", "follows", "kind_bits", "links", "starts", "targets")

    def __init__(self, grid: CandidateGrid, places: int) -> None:
        peer_masks, everyone = grid.tables.peer_masks, (1 << grid.side ** 2) - 1

        def seen_by(node):
            common = everyone
            for c in node:
                common &= peer_masks[c]
            return common

        def mask_of(node):
            out = 0
            for c in node:
                out |= 1 << c
            return out

        self.links = links = _links(grid, places)
        self.starts = [mask_of(a) for a, _, _ in links]
        self.cells = [mask_of(a + b) for a, b, _ in links]
        self.ends = [seen_by(b) for _, b, _ in links]
        self.targets = [seen_by(a) & places for a, _, _ in links]
        self.kind_bits = [1 << kind for _, _, kind in links]
        self.follows: dict[int, list[int]] = {}

    def follow(self, i: int) -> list[int]:
        """The links whose start sees the end of link ``i``, in order."""
        if i not in self.follows:
            outside = ~self.ends[i]
            self.follows[i] = [j for j, start in enumerate(self.starts) if not start & outside]
        return self.follows[i]


def _search(grid: CandidateGrid, value: int, places: int, n: int):
    """The easiest chain of ``n`` strong links on ``value`` (its cells
    ``places``, a bitmask) that removes a candidate: ``(rating, links,
    eliminations, value, kinds)`` (lowest rating, then most eliminations,
    the first found of equals), or None.

    Chains are tried depth first, each link followed by the links whose
    start sees its end (:class:`_ValueLinks`). A chain is dropped as soon as
    its links rate above the best found (the rating only grows with more
    links), or when no cell holding the value sees its start outside it
    (nothing left to remove); of a chain and its reverse, which remove the
    same candidates at the same rating, only the one tried first is
    completed."""
    ratings = _RATINGS[n]
    data = grid.remembered(("strong links", value), places,
                           lambda: _ValueLinks(grid, places))
    links, cells, ends, targets = data.links, data.cells, data.ends, data.targets
    kind_bits, follow = data.kind_bits, data.follow
    best = None
    last = n - 1

    def extend(first, chain, used, kinds):
        nonlocal best
        if best is not None and ratings[kinds] > best[0]:
            return  # the rating only grows with the links still to come
        if not targets[first] & ~used:
            return  # nothing left to remove
        depth = len(chain)
        for j in follow(chain[-1]):
            if used & cells[j]:
                continue
            if depth < last:
                extend(first, chain + [j], used | cells[j], kinds | kind_bits[j])
                continue
            if j ^ 1 < first:
                continue  # its reverse, tried before, removes the same
            rating = ratings[kinds | kind_bits[j]]
            if best is not None and rating > best[0]:
                continue
            removed = targets[first] & ends[j] & ~(used | cells[j])
            if not removed:
                continue
            elims = [(c, value) for c in cells_of(removed)]
            if best is None or (rating, -len(elims)) < (best[0], -len(best[2])):
                best = (rating, [links[i] for i in chain + [j]], elims, value,
                        [links[i][2] for i in chain + [j]])

    if n == 2:
        return _pairs(data, value)
    for i in range(len(links)):
        extend(i, [i], cells[i], kind_bits[i])
    return best


def _pairs(data: _ValueLinks, value: int):
    """:func:`_search` for two links, without the followers' lists: for each
    first link, the second links after its reverse (a chain whose reverse
    was tried before is skipped, so only those), tested first for a common
    sight with the first's start (most fail there), then for seeing its end
    and sharing no cell; same chains, in the same order."""
    ratings = _RATINGS[2]
    links, starts, cells, ends, targets = (data.links, data.starts, data.cells, data.ends,
                                           data.targets)
    kind_bits = data.kind_bits
    best = None
    count = len(links)
    for i in range(count):
        reach = targets[i] & ~cells[i]
        if not reach or best is not None and ratings[kind_bits[i]] > best[0]:
            continue
        outside = ~ends[i]
        for j in range((i | 1) + 1, count):  # j ^ 1 > i
            removed = reach & ends[j] & ~cells[j]
            if not removed or starts[j] & outside or cells[i] & cells[j]:
                continue
            rating = ratings[kind_bits[i] | kind_bits[j]]
            if best is not None and rating > best[0]:
                continue
            elims = [(c, value) for c in cells_of(removed)]
            if best is None or (rating, -len(elims)) < (best[0], -len(best[2])):
                best = (rating, [links[i], links[j]], elims, value, [links[i][2], links[j][2]])
    return best


def strong_links(grid: CandidateGrid, n: int) -> Step | None:
    """The easiest chain of ``n`` strong links on one value that removes a
    candidate (lowest rating, then most eliminations, the first found of
    equals), as a Step. Each value's best chain depends on that value's
    candidates alone, so it is kept on the grid and found again only for
    the values whose candidates changed (:meth:`CandidateGrid.remembered`)."""
    side = grid.side
    best = None
    for value, places in enumerate(grid.value_planes(), 1):
        found = grid.remembered(("strong links", n, value), places,
                                lambda: _search(grid, value, places, n))
        if found and (best is None or (found[0], -len(found[2])) < (best[0], -len(best[2]))):
            best = found
    if best is None:
        return None
    rating, chain, elims, value, kinds = best
    name = _name(n, kinds)
    text = "-".join(f"{_node(a, side)}={_node(b, side)}" for a, b, _ in chain)
    cells = sorted({c for a, b, _ in chain for c in a + b})
    return Step(name, tuple(cells), (value,), (), tuple(elims),
                f"{name}: ({value}){text}: one end holds {value}, so "
                f"{eliminations_text(elims, side)}", side, rating)


def two_strong_links(grid: CandidateGrid) -> Step | None:
    """Skyscraper, 2-String Kite, Turbot Fish (SE 4.0-4.2): two strong links
    of one value joined by a weak link."""
    return strong_links(grid, 2)


def three_strong_links(grid: CandidateGrid) -> Step | None:
    """Three strong links of one value chained (SE 5.4-5.6)."""
    return strong_links(grid, 3)


def four_strong_links(grid: CandidateGrid) -> Step | None:
    """Four strong links of one value chained (SE 5.8-6.0)."""
    return strong_links(grid, 4)
