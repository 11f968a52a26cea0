"""The cage-sum techniques of Killer Sudoku, each a ``find(grid) -> Step |
None`` like those of :mod:`~sudoku_models.logic.techniques` (and None at
once for a puzzle without cage totals).

* **Cage Combinations**: the digits of a cage are different and sum to its
  total, so a cell keeps only the candidates that some such filling of the
  whole cage gives it (every combination of digits, placed so that each
  cell gets one of its candidates). This is generalised arc consistency on
  the cage, found by one pass over the sets of digits used so far, forward
  and backward (at most ``C(N, k)`` sets for a cage of ``k`` cells).
* **Innies and Outies** (the rule of 45): a house holds ``1..N`` once, so
  its digits sum to ``N(N+1)/2`` (45 for a 9x9), and ``m`` disjoint houses
  to ``m`` times that. The cages wholly inside such a unit (a house, or two
  or three neighbouring rows or columns) leave its other cells, the
  *innies*, a known sum; the cages that cross it carry its *outies*, the
  cells outside it, with a known sum too. A sum over one to four cells
  keeps only the candidates some filling reaching it gives (cells that see
  each other differ); over one cell, it places the digit.

Names after the killer-solving literature (SudokuWiki's killer solver,
"Innies and Outies", "Cage combinations"); HoDoKu and Sudoku Explainer have
no killer techniques. Ratings: see :mod:`~sudoku_models.logic.ladder`.
"""

from __future__ import annotations

from collections import Counter

from .candidates import CandidateGrid, bits, cell_name, eliminations_text
from .step import Step

#: Cages whose sets of digits grow beyond this many at one cell are left to
#: the other techniques (a 36x36 cage of 18 cells could have ~10^9).
MAX_DIGIT_SETS = 50_000
#: The innies or outies of a unit are used when they are at most this many
#: empty cells, with at most this many fillings to try.
MAX_SUM_CELLS = 4
MAX_FILLINGS = 50_000


def cage_fillings(masks: list[int], total: int) -> tuple[list[int], list[int]] | None:
    """What filling a cage can give each cell: ``masks`` are the cells'
    candidates (bit ``v - 1`` for ``v``; a filled cell as its one value),
    all different, summing to ``total``. Returns ``(support, combinations)``:
    per cell the bitmask of candidates that some filling gives it, and the
    sets of digits of the fillings (bitmasks, in the order of their digits); None when the
    sets of digits at some cell exceed :data:`MAX_DIGIT_SETS`."""
    size = len(masks)
    layers = [{0: 0}]  # per cell: the sets of digits used by the cells before it, with their sum
    for index, mask in enumerate(masks):
        after, left = {}, size - index - 1
        for used, total_so_far in layers[-1].items():
            free = mask & ~used
            while free:
                low = free & -free
                free ^= low
                reached = total_so_far + low.bit_length()
                if reached + left * (left + 1) // 2 > total:
                    break  # the values only grow; the cells left need at least 1, 2, ...
                after[used | low] = reached
        if len(after) > MAX_DIGIT_SETS:
            return None
        layers.append(after)
    good = {used for used, reached in layers[-1].items() if reached == total}
    combinations = sorted(good, key=bits)
    support = [0] * size
    for index in range(size - 1, -1, -1):
        earlier, mask = set(), masks[index]
        for used in layers[index]:
            free = mask & ~used
            while free:
                low = free & -free
                free ^= low
                if used | low in good:
                    earlier.add(used)
                    support[index] |= low
        good = earlier
    return support, combinations


def _digits(mask: int, side: int) -> str:
    return ("" if side <= 9 else "+").join(map(str, bits(mask)))


def _step(grid, technique, cells, values, placements, eliminations, text) -> Step:
    return Step(technique, tuple(cells), tuple(values), tuple(placements),
                tuple(sorted(eliminations)), text, grid.side)


def cage_combinations(grid: CandidateGrid) -> Step | None:
    """A cage's cells keep only the candidates that a filling of the whole
    cage with different digits summing to its total gives them."""
    side, values, cand = grid.side, grid.values, grid.cand
    for cells, total, label in grid.tables.cages:
        empty = [c for c in cells if not values[c]]
        if not empty:
            continue
        masks = [1 << (values[c] - 1) if values[c] else cand[c] for c in cells]
        found = cage_fillings(masks, total)
        if found is None:
            continue
        support, combinations = found
        elims = [(c, v) for c, mask, keep in zip(cells, masks, support) if not values[c]
                 for v in bits(mask & ~keep)]
        if elims:
            shown = " or ".join(_digits(m, side) for m in combinations[:6])
            if len(combinations) > 6:
                shown = f"one of {len(combinations)} combinations ({shown}, ...)"
            elif not combinations:
                shown = "no combination of its candidates"
            return _step(grid, "Cage Combinations", cells, bits(_union(combinations)), [], elims,
                         f"Cage Combinations: {label} can only hold {shown}, so "
                         f"{eliminations_text(sorted(elims), side)}")
    return None


def _union(masks) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def sum_support(grid: CandidateGrid, cells: list[int], target: int) -> list[int] | None:
    """Per empty cell of ``cells``, the candidates that some filling summing
    to ``target`` gives it (cells that are peers differ); None when that
    means more than :data:`MAX_FILLINGS` fillings to try."""
    cand, peer_sets = grid.cand, grid.tables.peer_sets
    count = 1
    for c in cells:
        count *= cand[c].bit_count()
    if count > MAX_FILLINGS:
        return None
    support = [0] * len(cells)
    chosen = [0] * len(cells)

    def fill(index: int, left: int) -> None:
        if index == len(cells):
            if left == 0:
                for i, value in enumerate(chosen):
                    support[i] |= 1 << (value - 1)
            return
        cell = cells[index]
        for value in bits(cand[cell]):
            if value > left:
                break
            if any(chosen[j] == value and cells[j] in peer_sets[cell] for j in range(index)):
                continue
            chosen[index] = value
            fill(index + 1, left - value)

    fill(0, target)
    return support


def innies_and_outies(grid: CandidateGrid) -> Step | None:
    """The rule of 45 on every house and every run of two or three rows or
    columns: the innies and the outies of the unit have a known sum."""
    tables = grid.tables
    side, values = grid.side, grid.values
    full = side * (side + 1) // 2
    covered = Counter(c for cells, _, _ in tables.cages for c in cells)
    cages = [cage for cage in tables.cages if all(covered[c] == 1 for c in cage[0])]
    cage_of = {c: index for index, (cells, _, _) in enumerate(cages) for c in cells}  # the
    # cages overlapping no other: a cell counted once (disjoint_cages of sudoku_models.core.rules)
    if not cages:
        return None
    for label, unit, houses in tables.units:
        touching = {cage_of[c] for c in unit if c in cage_of}
        innies = [c for c in unit if c not in cage_of]
        outies, inside_total, touching_total = [], 0, 0
        for index in sorted(touching):
            cells, total, _ = cages[index]
            touching_total += total
            if all(c in unit for c in cells):
                inside_total += total
            else:
                innies += [c for c in cells if c in unit]
                outies += [c for c in cells if c not in unit]
        sums = [("innie", sorted(innies), houses * full - inside_total,
                 f"the cages inside {label} sum to {inside_total} of its {houses * full}")]
        if all(c in cage_of for c in unit):  # no cell of unknown sum inside
            sums.append(("outie", sorted(outies), touching_total - houses * full,
                         (f"the cages over {label} sum to {touching_total}, "
                          f"{touching_total - houses * full} more than its {houses * full}")))
        for name, cells, target, why in sums:
            empty = [c for c in cells if not values[c]]
            if not 1 <= len(empty) <= MAX_SUM_CELLS:
                continue
            placed = [c for c in cells if values[c]]
            if placed:  # "its innies sum to 6; besides r1c9=4, its innie r9c9"
                why += (f": its {name}s sum to {target}; besides "
                        f"{', '.join(f'{cell_name(c, side)}={values[c]}' for c in placed)},")
                target -= sum(values[c] for c in placed)
            else:
                why += ":"
            step = _sum_step(grid, empty, target, f"{why} its {name}{'s' if len(empty) > 1 else ''}")
            if step is not None:
                return step
    return None


def _sum_step(grid: CandidateGrid, cells: list[int], target: int, why: str) -> Step | None:
    side, cand = grid.side, grid.cand
    named = "+".join(cell_name(c, side) for c in cells)
    if len(cells) == 1:
        cell = cells[0]
        said = f"Innies and Outies: {why} {named} is {target}, so "
        if 1 <= target <= side and cand[cell] >> (target - 1) & 1:
            return _step(grid, "Innies and Outies", cells, [target], [(cell, target)], [],
                         f"{said}{cell_name(cell, side)}={target}")
        elims = [(cell, v) for v in bits(cand[cell])]  # no candidate reaches the sum
    else:
        said = f"Innies and Outies: {why} {named} sum to {target}, so "
        support = sum_support(grid, cells, target)
        if support is None:
            return None
        elims = [(c, v) for c, keep in zip(cells, support) for v in bits(cand[c] & ~keep)]
    if not elims:
        return None
    return _step(grid, "Innies and Outies", cells, [target], [], elims,
                 f"{said}{eliminations_text(sorted(elims), side)}")
