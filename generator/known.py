"""9x9 puzzles with 17 and 18 clues, from the known 17-clue puzzles.

No search of the generator reaches 17 clues in reasonable time (the pool
search of :mod:`generator.low_clue` stops near 19 in a minute): 17-clue
puzzles are rare, and their list was made by years of distributed search
(Gordon Royle's collection, 49,158 of them, bundled as ``17clue``:
``sudoku_models/collections/SOURCES.md``). So a 17-clue request draws one
of them at random and applies a random symmetry of the Sudoku rules to it:
a relabelling of the digits, a permutation of the rows within each band,
of the bands, of the columns within each stack, of the stacks, and a
transposition half of the time. The result is a new grid (one of up to
3,359,232 transforms of each known puzzle, times 9! relabellings) with
exactly one solution (a symmetry maps solutions to solutions) and the same
solving properties as the known puzzle it comes from (the same techniques,
the same rating): new puzzles, not new kinds of puzzle.

An 18-clue request adds to such a puzzle one clue of its solution at a
random empty cell: still exactly one solution (checked by the counter),
and not minimal (the clue added can be removed again).

:func:`known_low_clue_puzzle` does one; :func:`generator.generate` calls it
for ``clues`` 17 or 18 on 9x9 (without a symmetry, a difficulty or an SE
range; 18 not ``minimal``).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from sudoku_models import Puzzle

KNOWN_CLUES = (17, 18)
"""The 9x9 clue counts drawn from the known 17-clue puzzles."""
SOURCE = "17clue"
"""The bundled collection they are drawn from."""
HOW = ("relabelled and permuted (digits, rows within bands, bands, columns within stacks, "
       "stacks, transposition)")


@cache
def _known() -> tuple[np.ndarray, list[str]]:
    """The bundled 17-clue puzzles as ``(P, 81)`` uint8 grids, with their names."""
    from sudoku_models.formats.files import read_grids

    found = read_grids(SOURCE)
    return found.grids, found.names


def known_count() -> int:
    """How many known 17-clue puzzles the draw is from (49,158)."""
    return len(_known()[0])


def _within_groups(rng: np.random.Generator) -> np.ndarray:
    """A permutation of 0..8 that keeps the three groups of three (bands or
    stacks): the groups permuted, and the lines within each."""
    groups = rng.permutation(3)
    return np.concatenate([3 * g + rng.permutation(3) for g in groups])


def random_equivalent(grid: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``grid`` (9x9, 0 empty) under a random symmetry of the Sudoku rules:
    digits relabelled, rows permuted within bands and bands permuted,
    columns within stacks and stacks, transposed half of the time. Every
    solution of ``grid`` maps to one of the result and back, so both have
    as many solutions."""
    relabel = np.concatenate(([0], rng.permutation(9) + 1))
    out = relabel[np.asarray(grid).reshape(9, 9)]
    out = out[_within_groups(rng)][:, _within_groups(rng)]
    return out.T.copy() if rng.integers(2) else out


def known_low_clue_puzzle(clues: int, rng: np.random.Generator) -> Puzzle:
    """A 9x9 puzzle with exactly ``clues`` (17 or 18) clues and one
    solution, drawn with ``rng`` as the module docstring says; named after
    the known puzzle it comes from (``"17clue.txt:1234, relabelled and
    permuted"``). Raises ``ValueError`` for another clue count."""
    from sudoku_models.counter import run_search

    if clues not in KNOWN_CLUES:
        raise ValueError(f"known puzzles give {' or '.join(map(str, KNOWN_CLUES))} clues, "
                         f"not {clues}")
    grids, names = _known()
    pick = int(rng.integers(len(grids)))
    flat = random_equivalent(grids[pick].astype(np.int64), rng).ravel().astype(np.int32)
    name = f"{names[pick]}, {HOW}"
    if clues == 18:
        count, solution = run_search(flat, 3, 2)
        if count != 1:  # the collection's puzzles are unique: a damaged file
            raise ValueError(f"{names[pick]} has {count} solutions, not one")
        cell = int(rng.choice(np.flatnonzero(flat == 0)))
        flat[cell] = solution[cell]
        name += f", plus r{cell // 9 + 1}c{cell % 9 + 1}={solution[cell]} of its solution"
    if run_search(flat, 3, 2)[0] != 1 or np.count_nonzero(flat) != clues:  # the final check
        raise ValueError(f"{name}: not unique")  # pragma: no cover - a symmetry keeps it
    return Puzzle(flat.reshape(9, 9).astype(np.int64), 3, name)
