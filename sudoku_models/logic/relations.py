"""The local rules of variants as candidate eliminations: Kropki dots, XV,
the negative constraints, non-consecutive, greater-than, thermometers and
the lines whose rule binds two cells at a time (whispers, renban,
palindrome), fortress cells and clones.

Each such rule is a relation between two cells (the rules' lowering,
:class:`~sudoku_models.core.rules.PairRelation`): which values the two may hold
together. **One technique per kind**, named as setters name it, keeps in
each cell of one constraint only the candidates some candidate of its
partner allows (two cells that see each other never share a value), and
repeats this along the constraint until nothing changes: arc consistency
on the constraint (Mackworth 1977, "Consistency in networks of
relations"), which on a thermometer is exactly its bounds (the bulb at
most ``N - k + 1`` on a thermometer of ``k`` cells, each cell above the
one before). A rule covering the whole grid (non-consecutive, the
negative constraints) is one constraint per pair of neighbours, so a step
says which two cells it reads. The kinds whose rule is a sum (arrows) are
not local and stay refused (:mod:`~sudoku_models.logic.candidates`).

Sudoku Explainer's variant builds make a placed value's neighbours lose
these candidates silently, like peers; here they are steps, rated 1.5 as
the killer's Cage Combinations (a rule read off one constraint, see
:mod:`~sudoku_models.logic.ladder`).
"""

from __future__ import annotations

from .candidates import Candidates, bits, cell_name, eliminations_text
from .step import Step

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


def _masks(grid: Candidates, pairs) -> dict:
    values, cand = grid.values, grid.cand
    return {c: (1 << (values[c] - 1)) if values[c] else cand[c]
            for a, b, _, _ in pairs for c in (a, b)}


def broken_relation(grid: Candidates) -> str | None:
    """The label of a relation whose cells are both filled with values it
    forbids (the grid has no solution), or None."""
    values = grid.values
    for _, label, pairs in grid.tables.relations:
        for a, b, forward, _ in pairs:
            if values[a] and values[b] and not forward[values[a] - 1] >> (values[b] - 1) & 1:
                return (f"{label}: {cell_name(a, grid.side)}={values[a]} and "
                        f"{cell_name(b, grid.side)}={values[b]}")
    return None


def relation_eliminations(grid: Candidates) -> Step | None:
    """The first constraint with a pair relation (Kropki dot, XV,
    thermometer, ...; see the module docstring) that removes candidates:
    the step is named after its kind (``"Thermometer"``, ``"Kropki
    Dot"``) and removes every candidate its cells lose by arc consistency
    on it. None when no constraint removes anything (and at once for a
    puzzle without such constraints)."""
    side, values = grid.side, grid.values
    for name, label, pairs in grid.tables.relations:
        before = _masks(grid, pairs)
        after = consistent(before, pairs)
        elims = [(c, v) for c, mask in before.items() if not values[c]
                 for v in bits(mask & ~after[c])]
        if elims:
            cells = sorted(before)
            shown = ", ".join(f"{cell_name(c, side)}="
                              f"{values[c] if values[c] else '{' + ','.join(map(str, bits(m))) + '}'}"
                              for c, m in sorted(before.items()))
            return Step(name, tuple(cells), tuple(sorted({v for _, v in elims})), (),
                        tuple(sorted(elims)),
                        f"{name}: {label} with {shown}, so {eliminations_text(sorted(elims), side)}",
                        side)
    return None
