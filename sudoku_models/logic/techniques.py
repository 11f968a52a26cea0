"""The human solving techniques, each a function ``find(grid) -> Step | None``
returning the first deduction it finds on a :class:`~.candidates.CandidateGrid`
without changing it.

Names, definitions and scores follow HoDoKu (hodoku.sourceforge.net, "Solving
techniques" and its default rating table); every technique is written for
any layout and order (square or rectangular boxes, jigsaw regions, a Latin
square's rows and columns), so a 16x16 gets the same deductions as a 9x9.
Houses are houses: the extra regions of ``N`` cells (X diagonals, windoku
windows, disjoint groups) take part in every technique on houses (singles,
subsets, Locked Candidates between any two intersecting houses); smaller
all-different groups and the anti-knight and anti-king moves add peers
(wings). Fish stay on rows and columns. Subsets and fish go up to size 4
(quads, Jellyfish). Chains are in :mod:`~sudoku_models.logic.chains`, the
uniqueness techniques in :mod:`~sudoku_models.logic.deadly_patterns`, the
cage-sum techniques of killer puzzles in
:mod:`~sudoku_models.logic.cage_sums`; :data:`~sudoku_models.logic.ladder.TECHNIQUES`
lists them all with their Sudoku Explainer ratings.
"""

from __future__ import annotations

from itertools import combinations

from .candidates import (CandidateGrid, bits, cell_name, cells_of, eliminations_text, popcount,
                         values_text)
from ..core.constraint import cells_text
from .step import Step


def _step(grid: CandidateGrid, technique, cells, values, placements, eliminations, text) -> Step:
    return Step(technique, tuple(cells), tuple(values), tuple(placements),
                tuple(sorted(eliminations)), text, grid.side)


# -- singles ---------------------------------------------------------------


def full_house(grid: CandidateGrid) -> Step | None:
    """The last empty cell of a house takes the one value missing there."""
    side, values, cand = grid.side, grid.values, grid.cand
    empty = 0  # the empty cells as a bitmask
    for cell, value in enumerate(values):
        if not value:
            empty |= 1 << cell
    for index, house in enumerate(grid.tables.house_masks):
        left = house & empty
        if left and not left & (left - 1) and cand[left.bit_length() - 1]:
            cell = left.bit_length() - 1
            value = bits(cand[cell])[0]
            return _step(grid, "Full House", [cell], [value], [(cell, value)], [],
                         f"Full House: {cell_name(cell, side)}={value} (last empty cell in "
                         f"{grid.tables.labels[index]})")
    return None


def naked_single(grid: CandidateGrid) -> Step | None:
    """A cell with one candidate left takes it."""
    side, values, cand = grid.side, grid.values, grid.cand
    for cell in range(side * side):
        mask = cand[cell]
        if not values[cell] and mask and not mask & (mask - 1):
            value = mask.bit_length()
            return _step(grid, "Naked Single", [cell], [value], [(cell, value)], [],
                         f"Naked Single: {cell_name(cell, side)}={value} (its only candidate)")
    return None


def _hidden_single(grid: CandidateGrid, houses) -> Step | None:
    side, cand = grid.side, grid.cand
    for index in houses:
        cells = grid.tables.houses[index]
        once = twice = 0
        for c in cells:
            m = cand[c]
            twice |= once & m
            once |= m
        single = once & ~twice
        if single:
            value = bits(single)[0]
            bit = 1 << (value - 1)
            cell = next(c for c in cells if cand[c] & bit)
            return _step(grid, "Hidden Single", [cell], [value], [(cell, value)], [],
                         f"Hidden Single: {cell_name(cell, side)}={value} (the only place for "
                         f"{value} in {grid.tables.labels[index]})")
    return None


def hidden_single_box(grid: CandidateGrid) -> Step | None:
    """A value with one place left in a box (or a jigsaw region, or an
    extra region) goes there (SE 1.2)."""
    return _hidden_single(grid, range(grid.tables.lines, len(grid.tables.houses)))


def hidden_single_line(grid: CandidateGrid) -> Step | None:
    """A value with one place left in a row or a column goes there (SE 1.5;
    columns first, as SE)."""
    side = grid.side
    return _hidden_single(grid, [*range(side, 2 * side), *range(side)])


# -- intersections ---------------------------------------------------------


def _value_cells(grid: CandidateGrid, cells, bit) -> list[int]:
    cand = grid.cand
    return [c for c in cells if cand[c] & bit]


def _intersections(grid: CandidateGrid, pointing: bool) -> Step | None:
    side, cand, tables = grid.side, grid.cand, grid.tables
    houses, house_masks, crossing = tables.houses, tables.house_masks, tables.crossing
    planes = grid.value_planes()
    # pointing: from a box, a jigsaw region or an extra region; claiming: from a line
    bases = range(tables.lines, len(houses)) if pointing else range(tables.lines)
    for base in bases:
        inside = house_masks[base]
        for value in range(1, side + 1):
            where = inside & planes[value - 1]  # as a bitmask of cells
            if not where & (where - 1):
                continue  # fewer than two places
            # every other house holding all of them (the row, then the column
            # from a box of the classic grid; the box from a line): those
            # crossing the base at any one of them, its lowest cell here
            for cover in crossing[base][(where & -where).bit_length() - 1]:
                if where & ~house_masks[cover] or not house_masks[cover] & ~inside & planes[
                        value - 1]:
                    continue
                bit = 1 << (value - 1)
                cells = _value_cells(grid, houses[base], bit)
                elims = [(c, value) for c in houses[cover]
                         if not inside >> c & 1 and cand[c] & bit]
                name = ("Locked Candidates Type 1 (Pointing)" if pointing
                        else "Locked Candidates Type 2 (Claiming)")
                return _step(grid, name, cells, [value], [], elims,
                             f"{name}: {value} in {tables.labels[base]} is confined to "
                             f"{tables.labels[cover]}, so "
                             f"{eliminations_text(sorted(elims), side)}")
    return None


def pointing(grid: CandidateGrid) -> Step | None:
    """A value confined, within a box, to one row or column is removed from
    the rest of that line; the same from a jigsaw region or an extra region
    (X diagonal, window) to any house holding all its places."""
    return _intersections(grid, True)


def claiming(grid: CandidateGrid) -> Step | None:
    """A value confined, within a row or column, to one box (or jigsaw
    region, or extra region) is removed from the rest of that box."""
    return _intersections(grid, False)


# -- subsets ---------------------------------------------------------------

_SUBSET = {2: "Pair", 3: "Triple", 4: "Quadruple"}


def _houses_wider_than(grid: CandidateGrid, size: int):
    """``(index, cells, empty)`` for each house with more than ``size``
    empty cells (a subset of ``size`` there can eliminate)."""
    for index, cells in enumerate(grid.tables.houses):
        empty = [c for c in cells if not grid.values[c]]
        if len(empty) > size:
            yield index, cells, empty


def _naked_subset(grid: CandidateGrid, size: int) -> Step | None:
    side, cand = grid.side, grid.cand
    name = f"Naked {_SUBSET[size]}"
    for index, cells, empty in _houses_wider_than(grid, size):
        small = [c for c in empty if 2 <= popcount(cand[c]) <= size]
        for group in combinations(small, size):
            union = 0
            for c in group:
                union |= cand[c]
            if popcount(union) != size:
                continue
            members = set(group)
            elims = [(c, v) for c in empty if c not in members for v in bits(cand[c] & union)]
            if elims:
                return _step(grid, name, group, bits(union), [], elims,
                             f"{name}: {values_text(bits(union))} in {cells_text(group, side)} "
                             f"({grid.tables.labels[index]}), so "
                             f"{eliminations_text(sorted(elims), side)}")
    return None


def _hidden_subset(grid: CandidateGrid, size: int) -> Step | None:
    side, cand, values, tables = grid.side, grid.cand, grid.values, grid.tables
    name = f"Hidden {_SUBSET[size]}"
    planes = grid.value_planes()
    empty = 0
    for cell, value in enumerate(values):
        if not value:
            empty |= 1 << cell
    for index, house in enumerate(tables.house_masks):
        if popcount(house & empty) <= size:
            continue  # no room for another value
        # each value's places in the house, as bitmasks of cells
        places = {value: house & planes[value - 1] for value in range(1, side + 1)
                  if 2 <= popcount(house & planes[value - 1]) <= size}
        for group in combinations(places, size):
            where = 0
            for v in group:
                where |= places[v]
            if popcount(where) != size:
                continue
            keep = 0
            for v in group:
                keep |= 1 << (v - 1)
            found = cells_of(where)
            elims = [(c, v) for c in found for v in bits(cand[c] & ~keep)]
            if elims:
                return _step(grid, name, found, group, [], elims,
                             f"{name}: {values_text(group)} in {tables.labels[index]} only "
                             f"in {cells_text(found, side)}, so "
                             f"{eliminations_text(sorted(elims), side)}")
    return None


def _sized(find, size: int, name: str, doc: str):
    """The technique ``find(grid, size)`` as a ``find(grid)`` of its own
    name (one per size of a subset or a fish, as the ladder lists them)."""
    def technique(grid: CandidateGrid) -> Step | None:
        return find(grid, size)

    technique.__name__ = technique.__qualname__ = name
    technique.__doc__ = doc
    return technique


_NAKED_DOC = ("n cells of a house holding only n values (n = 2, 3, 4) take them: remove those "
              "values from the house's other cells.")
_HIDDEN_DOC = ("n values (n = 2, 3, 4) confined to n cells of a house fill them: remove every "
               "other candidate from those cells.")
naked_pair, naked_triple, naked_quadruple = (
    _sized(_naked_subset, size, f"naked_{_SUBSET[size].lower()}", _NAKED_DOC) for size in (2, 3, 4))
hidden_pair, hidden_triple, hidden_quadruple = (
    _sized(_hidden_subset, size, f"hidden_{_SUBSET[size].lower()}", _HIDDEN_DOC)
    for size in (2, 3, 4))


# -- basic fish ------------------------------------------------------------

_FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _fish(grid: CandidateGrid, size: int) -> Step | None:
    """The first fish of ``size`` of the first value that has one. A value's
    fish read its candidates alone, so each value's answer is kept on the
    grid and worked out again only when its candidates changed
    (:meth:`~.candidates.CandidateGrid.remembered`)."""
    for value, plane in enumerate(grid.value_planes(), 1):
        step = grid.remembered(("fish", size, value), plane,
                               lambda: _fish_of_value(grid, size, value))
        if step is not None:
            return step
    return None


def _fish_of_value(grid: CandidateGrid, size: int, value: int) -> Step | None:
    """The first fish of ``size`` on ``value``: rows as base, then columns;
    each line's places and the cover lines they sit in as bitmasks (of cells,
    of houses), the cells listed only for the fish found."""
    side, cand, tables = grid.side, grid.cand, grid.tables
    name = _FISH[size]
    bit = 1 << (value - 1)
    plane = grid.value_planes()[value - 1]
    for base_kind, cover_kind in ((0, 1), (1, 0)):
        lines = {}  # line: the houses covering its places, as a bitmask of houses
        for line in range(side):
            places = tables.house_masks[base_kind * side + line] & plane
            if 2 <= popcount(places) <= size:
                covers = 0
                for c in cells_of(places):
                    covers |= 1 << tables.cell_houses[c][cover_kind]
                lines[line] = covers
        for group in combinations(lines, size):
            covered = 0
            for line in group:
                covered |= lines[line]
            if popcount(covered) != size:
                continue
            base_cells = {c for line in group
                          for c in cells_of(tables.house_masks[base_kind * side + line] & plane)}
            covers = [h for h in range(len(tables.houses)) if covered >> h & 1]
            elims = [(c, value) for cover in covers for c in tables.houses[cover]
                     if c not in base_cells and cand[c] & bit]
            if elims:
                bases = ",".join(tables.labels[base_kind * side + x] for x in group)
                return _step(grid, name, sorted(base_cells), [value], [], elims,
                             f"{name}: {value} in {bases} is confined to "
                             f"{','.join(tables.labels[x] for x in covers)}, so "
                             f"{eliminations_text(sorted(elims), side)}")
    return None


x_wing, swordfish, jellyfish = (
    _sized(_fish, size, _FISH[size].lower().replace("-", "_"),
           "Basic fish of size n (X-Wing 2, Swordfish 3, Jellyfish 4): a value confined, in n "
           "rows, to n columns is removed from the rest of those columns (and with rows and "
           "columns swapped).") for size in (2, 3, 4))


# -- wings -----------------------------------------------------------------


def _describe(cell, grid) -> str:
    return f"{cell_name(cell, grid.side)} {{{','.join(map(str, bits(grid.cand[cell])))}}}"


def xy_wing(grid: CandidateGrid) -> Step | None:
    """Pivot {x,y} seeing pincers {x,z} and {y,z}: one pincer is z, so z is
    removed from every cell seeing both pincers."""
    side, cand, peers, peer_sets = grid.side, grid.cand, grid.tables.peers, grid.tables.peer_sets
    bivalue = [c for c in range(side * side) if popcount(cand[c]) == 2]
    for pivot in bivalue:
        pm = cand[pivot]
        wings = [c for c in peers[pivot]
                 if popcount(cand[c]) == 2 and popcount(cand[c] & pm) == 1]
        for a, b in combinations(wings, 2):
            ma, mb = cand[a], cand[b]
            z = ma & mb
            if popcount(z) != 1 or z & pm or (ma | mb | pm) != (pm | z):
                continue
            value = z.bit_length()
            elims = [(c, value) for c in peer_sets[a] & peer_sets[b]
                     if c != pivot and cand[c] & z]
            if elims:
                return _step(grid, "XY-Wing", [pivot, a, b], bits(pm | z), [], elims,
                             f"XY-Wing: pivot {_describe(pivot, grid)}, pincers "
                             f"{_describe(a, grid)}, {_describe(b, grid)}, so "
                             f"{eliminations_text(sorted(elims), side)}")
    return None


def xyz_wing(grid: CandidateGrid) -> Step | None:
    """Pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z,
    so z is removed from every cell seeing all three."""
    side, cand, peers, peer_sets = grid.side, grid.cand, grid.tables.peers, grid.tables.peer_sets
    for pivot in range(side * side):
        pm = cand[pivot]
        if popcount(pm) != 3:
            continue
        wings = [c for c in peers[pivot] if popcount(cand[c]) == 2 and cand[c] & ~pm == 0]
        for a, b in combinations(wings, 2):
            ma, mb = cand[a], cand[b]
            z = ma & mb
            if popcount(z) != 1 or ma == mb:
                continue
            value = z.bit_length()
            seen = peer_sets[pivot] & peer_sets[a] & peer_sets[b]
            elims = [(c, value) for c in seen if cand[c] & z]
            if elims:
                return _step(grid, "XYZ-Wing", [pivot, a, b], bits(pm), [], elims,
                             f"XYZ-Wing: pivot {_describe(pivot, grid)}, pincers "
                             f"{_describe(a, grid)}, {_describe(b, grid)}, so "
                             f"{eliminations_text(sorted(elims), side)}")
    return None
