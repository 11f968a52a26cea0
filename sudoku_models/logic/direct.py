"""Sudoku Explainer's direct techniques: an intersection or a hidden subset
that is used only for the hidden single it leaves, rated below the
intersection or subset itself (Direct Pointing 1.7, Direct Claiming 1.9,
Direct Hidden Pair 2.0, Direct Hidden Triplet 2.5).

As Sukaku Explainer has them (``diuf/sudoku/solver/rules/Locking.java`` and
``HiddenSet.java`` in direct mode, their hints ``DirectLockingHint.java``
and ``DirectHiddenSetHint.java``; learnt, not copied):

* **Direct Pointing, Direct Claiming**: a value whose places in a house
  (a box for Pointing, a line for Claiming) all lie in one crossing house,
  the cover, would be removed from the cover's other cells; the step is a
  house of the first house's kind (another box; another row for a row,
  another column for a column) crossing the cover where the value has two
  places or more and all but one of them in the cover: that one takes it.
* **Direct Hidden Pair, Triplet**: n values (2, 3) of a house, each with
  two places or more there, confined together to n cells (a hidden subset)
  would clear the other candidates from those cells; the step is another
  value of that house with two places or more, all but one of them in those
  cells: that one takes it.

On a grid of 3x3 boxes a Direct Claiming is never the first direct step:
a row's value confined to box b and another row of the band left with one
place outside b (in box b') leave the value, in the band's third box, only
in the third row (or placed there already): then a box holds a hidden
single, or a Direct Pointing from the third box leaves b' one place; SE
tries both first, and so does the ladder, which does not look for a
Direct Claiming there (:func:`direct_claiming`). Jigsaws, other box shapes
and grids with extra regions have Direct Claimings of their own.

The step places that value and removes nothing else (as SE's hint does:
the intersection's or subset's eliminations are left to later steps).
The search order is SE's: intersections from boxes to columns, then to
rows, then from columns and from rows to boxes, value by value; hidden
subsets in boxes (and extra regions), columns, then rows, the values'
tuples in SE's order (by their largest value first).
"""

from __future__ import annotations

from ..core.constraint import cells_text
from .candidates import CandidateGrid, cell_name, cells_of, values_text
from .step import Step


def _single(grid: CandidateGrid, name: str, cells, values, cell: int, value: int,
            premise: str, house: int) -> Step:
    """The step placing ``value`` in ``cell``, its only place left in
    ``house`` once ``premise`` (the intersection or the subset) holds."""
    at = cell_name(cell, grid.side)
    return Step(name, tuple(cells) + (cell,), tuple(values), ((cell, value),), (),
                f"{name}: {premise}, which leaves {at} the only place for {value} in "
                f"{grid.tables.labels[house]}: {at}={value}", grid.side)


def _kind_houses(grid: CandidateGrid, kind: int) -> range:
    """The houses of a kind: 0 the rows, 1 the columns, 2 the others (boxes,
    jigsaw regions, extra regions)."""
    side = grid.side
    return (range(side), range(side, 2 * side), range(2 * side, len(grid.tables.houses)))[kind]


#: (the kind of the bases, the kind of the covers) in SE's order: from boxes
#: to columns, to rows (then to extra regions); from columns, from rows.
_PAIRS = {True: ((2, 1), (2, 0), (2, 2)), False: ((1, 2), (0, 2))}


def _direct_intersection(grid: CandidateGrid, pointing: bool) -> Step | None:
    """The first hit in SE's order (the pairs of kinds, then the values).
    A value's hits read its candidates alone, so each value's are kept on
    the grid and worked out again only when its candidates changed."""
    hits = [grid.remembered(("direct intersections", pointing, value), plane,
                            lambda: _value_hits(grid, _PAIRS[pointing], value, plane))
            for value, plane in enumerate(grid.value_planes(), 1)]
    for index in range(len(_PAIRS[pointing])):
        for found in hits:
            if found[index] is not None:
                return found[index]
    return None


def _value_hits(grid: CandidateGrid, pairs, value: int, plane: int) -> tuple:
    """For each pair of kinds, the first direct intersection on ``value``
    (bases in order, their covers, then the houses losing a place), or None."""
    side, tables = grid.side, grid.tables
    masks, labels, crossing = tables.house_masks, tables.labels, tables.crossing
    name = "Direct Pointing" if pairs[0][0] == 2 else "Direct Claiming"
    hits = dict.fromkeys(pairs)
    for base_kind in dict.fromkeys(kind for kind, _ in pairs):  # each base once
        others = _kind_houses(grid, base_kind)
        for base in others:
            inside = masks[base]
            where = inside & plane
            if not where & (where - 1):
                continue  # fewer than two places
            for cover in crossing[base][(where & -where).bit_length() - 1]:
                pair = (base_kind, min(cover // side, 2))
                if hits.get(pair, True) is not None or where & ~masks[cover]:
                    continue  # not a pair looked for, one found already, or not a cover
                removed = masks[cover] & ~inside & plane
                if not removed:
                    continue
                for other in others:  # the houses of the base's kind losing a place
                    left = masks[other] & plane & ~removed
                    if masks[other] & removed and other not in (base, cover) \
                            and not left & (left - 1):
                        hits[pair] = _single(grid, name, cells_of(where), (value,),
                                             left.bit_length() - 1, value,
                                             f"{value} in {labels[base]} is confined to "
                                             f"{labels[cover]}", other)
                        break
    return tuple(hits.values())


def direct_pointing(grid: CandidateGrid) -> Step | None:
    """A value confined, within a box, to one line leaves, in another box
    crossing that line, one place for the value outside the line: it goes
    there (SE's Direct Pointing, 1.7)."""
    return _direct_intersection(grid, True)


def direct_claiming(grid: CandidateGrid) -> Step | None:
    """A value confined, within a row (column), to one box leaves, in
    another row (column) crossing that box, one place for the value outside
    the box: it goes there (SE's Direct Claiming, 1.9). None at once on
    3x3 boxes without extra regions, where a box single or a Direct Pointing
    always comes first (see the module's docstring)."""
    if grid.layout.box_shape == (3, 3) and len(grid.tables.houses) == 3 * grid.side:
        return None
    return _direct_intersection(grid, False)


_NAMES = {2: "Direct Hidden Pair", 3: "Direct Hidden Triplet"}


def _house_places(grid: CandidateGrid) -> list:
    """``(house, places, counts)`` for each house in SE's order (boxes and
    the other regions, columns, rows): each value's places there (index
    ``value - 1``, bitmasks of cells) and how many; worked out once per
    state of the candidates, for the pair's search and the triplet's."""
    planes = grid.value_planes()

    def work_out():
        masks, table = grid.tables.house_masks, []
        for house in (*_kind_houses(grid, 2), *_kind_houses(grid, 1), *_kind_houses(grid, 0)):
            places = [masks[house] & plane for plane in planes]
            table.append((house, places, [p.bit_count() for p in places]))
        return table

    return grid.remembered("direct house places", planes, work_out)


def _direct_hidden_subset(grid: CandidateGrid, size: int) -> Step | None:
    side, labels = grid.side, grid.tables.labels
    name = _NAMES[size]
    for house, places, counts in _house_places(grid):
        # the subset's values have 2 to size places
        small = [v for v in range(side) if 2 <= counts[v] <= size]
        if len(small) < size:
            continue
        for group, where in _confined(small, places, size, size):
            if where.bit_count() != size:
                continue
            for v in range(side):  # a value with two places or more, one left
                left = places[v] & ~where
                if counts[v] >= 2 and left and not left & (left - 1):
                    found = cells_of(where)
                    values = tuple(w + 1 for w in group)
                    return _single(grid, name, found, values + (v + 1,),
                                   left.bit_length() - 1, v + 1,
                                   f"{values_text(values)} in {labels[house]} only in "
                                   f"{cells_text(found, side)}", house)
    return None


def _confined(values, places, size: int, limit: int, union: int = 0):
    """``(group, cells)``: the groups of ``size`` of ``values`` whose places
    (``places[v]``, bitmasks of cells) together with ``union`` fill at most
    ``limit`` cells, and those cells; in SE's order (the groups by their
    largest value first, then the next), a group dropped as soon as its
    first values fill more."""
    for i in range(size - 1, len(values)):
        joined = union | places[values[i]]
        if joined.bit_count() > limit:
            continue
        if size == 1:
            yield (values[i],), joined
        else:
            for rest, cells in _confined(values[:i], places, size - 1, limit, joined):
                yield rest + (values[i],), cells


def direct_hidden_pair(grid: CandidateGrid) -> Step | None:
    """Two values confined, in a house, to two cells leave another value of
    the house one place outside them: it goes there (SE's Direct Hidden
    Pair, 2.0)."""
    return _direct_hidden_subset(grid, 2)


def direct_hidden_triplet(grid: CandidateGrid) -> Step | None:
    """Three values confined, in a house, to three cells leave another value
    of the house one place outside them: it goes there (SE's Direct Hidden
    Triplet, 2.5)."""
    return _direct_hidden_subset(grid, 3)
