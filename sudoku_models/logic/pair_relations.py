"""The pair relations of variants (Kropki dots, XV, the negative
constraints, non-consecutive, greater-than, thermometers, whispers, renban,
palindromes, fortress cells, clones) as candidate bitmasks: the tables the
candidate grid holds (:func:`relation_groups`), arc consistency over them
(:func:`consistent`; Mackworth 1977) and the clue check
(:func:`broken_relation`). The technique that reads them is
:mod:`~sudoku_models.logic.relations`."""

from __future__ import annotations

from ..core.geometry import cell_name

#: The technique of each kind with a pair relation, as setters name it.
TECHNIQUE_NAMES = {
    "kropki": "Kropki Dot",
    "kropki-negative": "Negative Kropki",
    "xv": "XV",
    "xv-negative": "Negative XV",
    "non-consecutive": "Non-Consecutive",
    "greater": "Greater Than",
    "thermometer": "Thermometer",
    "whispers": "Whispers",
    "renban": "Renban",
    "palindrome": "Palindrome",
    "fortress": "Fortress",
    "clones": "Clone",
}
#: Kinds that hold on every pair of orthogonal neighbours: one constraint
#: (and one step) per pair.
GRID_WIDE = ("non-consecutive", "kropki-negative", "xv-negative")


def relation_groups(rules, peer_sets) -> tuple:
    """The pair relations of ``rules`` as the relation technique reads them:
    ``(technique, label, pairs)`` per constraint (per pair for
    :data:`GRID_WIDE` kinds), ``pairs`` a tuple of ``(a, b, forward,
    backward)``: ``forward[u - 1]`` the bitmask of values ``b`` may hold
    while ``a`` holds ``u``, ``backward[v - 1]`` the values of ``a`` with
    ``b`` at ``v`` (equal values removed where the two cells are peers)."""
    layout, context = rules.layout, rules.context
    side = layout.side
    groups = []
    for constraint in rules.constraints:
        pairs = []
        for relation in constraint.pairs(layout, context):
            a, b, allowed = relation.first, relation.second, relation.allowed.tolist()
            peers = b in peer_sets[a]
            forward = tuple(sum(1 << (v - 1) for v in range(1, side + 1)
                                if allowed[u - 1][v - 1] and not (peers and u == v))
                            for u in range(1, side + 1))
            backward = tuple(sum(1 << (u - 1) for u in range(1, side + 1)
                                 if allowed[u - 1][v - 1] and not (peers and u == v))
                             for v in range(1, side + 1))
            pairs.append((a, b, forward, backward))
        if not pairs:
            continue
        name = TECHNIQUE_NAMES[constraint.kind]
        if constraint.kind in GRID_WIDE:
            groups.extend((name, f"{constraint.label(layout)} {cell_name(pair[0], side)}-"
                           f"{cell_name(pair[1], side)}", (pair,)) for pair in pairs)
        else:
            groups.append((name, constraint.label(layout), tuple(pairs)))
    return tuple(groups)


def _support(mask: int, partner: int, table) -> int:
    kept = 0
    while mask:
        low = mask & -mask
        if table[low.bit_length() - 1] & partner:
            kept |= low
        mask ^= low
    return kept


def consistent(masks: dict, pairs) -> dict:
    """``masks`` (cell: bitmask, a filled cell as its value's bit) narrowed to
    arc consistency over ``pairs`` (see :func:`relation_groups`): each cell
    keeps the values some value of each partner allows, repeated until
    nothing changes. Returns a new dict; a cell left at 0 has no value."""
    masks = dict(masks)
    changed = True
    while changed:
        changed = False
        for a, b, forward, backward in pairs:
            ma, mb = masks[a], masks[b]
            na, nb = _support(ma, mb, forward), _support(mb, ma, backward)
            if na != ma or nb != mb:
                masks[a], masks[b] = na, nb
                changed = True
    return masks


def broken_relation(values, relations, side: int) -> str | None:
    """The label of a relation of ``relations`` (:func:`relation_groups`)
    whose cells are both filled (``values``: flat, 0 for empty) with values
    it forbids (the grid has no solution), or None."""
    for _, label, pairs in relations:
        for a, b, forward, _ in pairs:
            if values[a] and values[b] and not forward[values[a] - 1] >> (values[b] - 1) & 1:
                return (f"{label}: {cell_name(a, side)}={values[a]} and "
                        f"{cell_name(b, side)}={values[b]}")
    return None
