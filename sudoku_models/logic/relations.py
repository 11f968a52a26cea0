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

from .candidates import CandidateGrid, bits, cell_name, eliminations_text
from .pair_relations import consistent
from .step import Step


def _masks(grid: CandidateGrid, pairs) -> dict:
    values, cand = grid.values, grid.cand
    return {c: (1 << (values[c] - 1)) if values[c] else cand[c]
            for a, b, _, _ in pairs for c in (a, b)}


def relation_eliminations(grid: CandidateGrid) -> Step | None:
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
