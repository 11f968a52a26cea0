"""The rater's one table of techniques: Sudoku Explainer's (SE) ladder, in
the order SE tries them, each with its SE rating.

At every step the first technique of :data:`TECHNIQUES` that finds a
deduction is used (SE's ``Solver.getSingleHint``: the producers in order,
the first hint wins; a chain family returns its easiest hint). A step's
rating is the technique's rating below, or the finer one its finder sets
(a hidden single in a box or a line, a unique rectangle type 3, a chain's
length). The order and ratings are those of Sukaku Explainer with its
default settings (``diuf/sudoku/solver/Solver.java``, the
``getDifficulty`` of each ``*Hint.java``; github.com/SudokuMonster/
SukakuExplainer, LGPL; learnt, not copied):

======================================  ======  =====================================
technique                               rating  where SE sets it
======================================  ======  =====================================
Full House                              1.0     ``HiddenSingleHint`` (alone in house)
Hidden Single (box, line)               1.2 1.5 ``HiddenSingleHint``
Direct Pointing, Direct Claiming        1.7 1.9 ``DirectLockingHint``
Direct Hidden Pair                      2.0     ``DirectHiddenSetHint``
Naked Single                            2.3     ``NakedSingleHint``
Direct Hidden Triplet                   2.5     ``DirectHiddenSetHint``
Pointing, Claiming                      2.6 2.8 ``LockingHint``
Naked Pair, Triple, Quadruple           3.0 3.6 5.0  ``NakedSetHint``
X-Wing, Swordfish, Jellyfish            3.2 3.8 5.2  ``LockingHint`` (fish)
Hidden Pair, Triple, Quadruple          3.4 4.0 5.4  ``HiddenSetHint``
2, 3, 4 strong links (Skyscraper, ...)  4.0 5.4 5.8  ``StrongLinksHint`` (+0.1 to +0.3)
XY-Wing, XYZ-Wing                       4.2 4.4 ``XYWingHint``
Unique Rectangle types 1-4              4.5+    ``UniqueLoopHint`` and types
WXYZ-, VWXYZ-Wing                       5.5 6.2 ``WXYZWingHint``, ``VWXYZWingHint`` (+)
Bivalue Universal Grave types 1, 2      5.6 5.7 ``Bug1Hint``, ``Bug2Hint``
Aligned Pair Exclusion                  6.2     ``AlignedExclusionHint``
cycles and forcing chains (X, Y, XY)    6.5+    ``CycleHint``, ``ForcingChainHint``
Nishio Forcing Chains                   7.5+    ``Chaining.getDifficulty``
cell and region forcing chains          8.0+    ``Chaining.getDifficulty``
dynamic forcing chains                  8.5+    ``Chaining.getDifficulty``
Dynamic Forcing Chains (+) (level 1)    9.0+    ``Chaining.getDifficulty`` (8.5 + 0.5
                                                x level)
======================================  ======  =====================================

Not in this ladder (a puzzle that needs them ends in a "Needs search"
step, or is rated through a harder technique): unique loops longer
than a rectangle, BUG types 3 and 4,
Aligned Triple Exclusion (7.5) and the nested forcing chains beyond the
first level: Nested Forcing Chains with forcing chains (9.5), with
multiple forcing chains (10.0) and with dynamic ones (10.5 and up) inside.
The first level, Dynamic Forcing Chains (+), is in: dynamic chains that
also use Pointing, Claiming, Hidden and Naked Pairs and X-Wings on the grid
they empty (:mod:`~sudoku_models.logic.nested`); it is tried only when
every technique above it has failed, as SE tries it.
SE's direct techniques (:mod:`~sudoku_models.logic.direct`) are in, where SE
tries them with its default settings (``Solver.java``, its rating order
not revised): an intersection or a hidden subset used only for the hidden
single it leaves, the Direct Hidden Pair before Naked Single and the
Direct Hidden Triplet after it, so that a puzzle SE solves with them rates
as SE rates it (2.0, not the Naked Single's 2.3 or the pair's 3.0-3.4).
Sukaku Explainer's additions to SE that it uses by default (strong-linked
fishes, WXYZ- and VWXYZ-Wings) are in, since the published ratings this
rater is checked against come from it; its UVWXYZ- and TUVWXYZ-Wings are
not, since those ratings come from a build without them (see
:mod:`~sudoku_models.logic.als_wings`).

On grids larger than 9x9 the ladder stops after the unique rectangles,
BUG and 2 strong links (see ``_up_to_9x9``); the uniqueness techniques
apply to puzzles without variant constraints only (swapping two values in
a rectangle can break a cage total, a diagonal or an anti-knight rule).

The cage-sum techniques of killer puzzles, which SE lacks, rate as the
technique of like difficulty they sit beside: Cage Combinations 1.5 (a
hidden single in a line), Innies and Outies 2.8 (Claiming). So do the
eliminations of the variants' relations between two cells (Kropki dots,
XV, non-consecutive, the negative constraints, greater-than,
thermometers, whispers, renban, palindromes, fortress cells, clones; one
technique per kind, named as setters name it, see
:mod:`~sudoku_models.logic.relations`): 1.5, beside Cage Combinations, a
rule read off one constraint.
"""

from __future__ import annotations

from .als_wings import vwxyz_wing, wxyz_wing
from .cage_sums import cage_combinations, innies_and_outies
from .chains import (dynamic_forcing_chains, dynamic_forcing_chains_plus,
                     forcing_chains_and_cycles, multiple_forcing_chains, nishio_forcing_chains)
from .deadly_patterns import bivalue_universal_grave, unique_rectangle
from .direct import direct_claiming, direct_hidden_pair, direct_hidden_triplet, direct_pointing
from .exclusion import aligned_pair_exclusion
from .relations import relation_eliminations
from .strong_links import four_strong_links, three_strong_links, two_strong_links
from .techniques import (claiming, full_house, hidden_pair, hidden_quadruple, hidden_single_box,
                         hidden_single_line, hidden_triple, jellyfish, naked_pair,
                         naked_quadruple, naked_single, naked_triple, pointing, swordfish, x_wing,
                         xy_wing, xyz_wing)

def _up_to_9x9(find):
    """``find`` on grids up to 9x9, None on larger ones: SE's ladder beyond
    the basic techniques is defined for 9x9, and its searches (cliques of
    cells, chains over every candidate) grow too fast to be worth it on a
    16x16 or larger, where the ladder stops before them."""
    def guarded(grid):
        return find(grid) if grid.side <= 9 else None

    guarded.__name__, guarded.__doc__ = find.__name__, find.__doc__
    return guarded


#: ``(name, find, rating)`` in the order they are tried; ``rating`` is SE's
#: (the least, for a technique whose steps rate by size or length).
TECHNIQUES = (
    ("Full House", full_house, 1.0),
    ("Hidden Single (box)", hidden_single_box, 1.2),
    ("Hidden Single (line)", hidden_single_line, 1.5),
    ("Cage Combinations", cage_combinations, 1.5),
    ("Kropki Dot, XV, Thermometer, ... (variant relations)", relation_eliminations, 1.5),
    ("Direct Pointing", direct_pointing, 1.7),
    ("Direct Claiming", direct_claiming, 1.9),
    ("Direct Hidden Pair", direct_hidden_pair, 2.0),
    ("Naked Single", naked_single, 2.3),
    ("Direct Hidden Triplet", direct_hidden_triplet, 2.5),
    ("Locked Candidates Type 1 (Pointing)", pointing, 2.6),
    ("Locked Candidates Type 2 (Claiming)", claiming, 2.8),
    ("Innies and Outies", innies_and_outies, 2.8),
    ("Naked Pair", naked_pair, 3.0),
    ("X-Wing", x_wing, 3.2),
    ("Hidden Pair", hidden_pair, 3.4),
    ("Naked Triple", naked_triple, 3.6),
    ("Swordfish", swordfish, 3.8),
    ("Hidden Triple", hidden_triple, 4.0),
    ("Skyscraper, 2-String Kite, Turbot Fish", two_strong_links, 4.0),
    ("XY-Wing", xy_wing, 4.2),
    ("XYZ-Wing", xyz_wing, 4.4),
    ("Unique Rectangle", unique_rectangle, 4.5),
    ("Naked Quadruple", naked_quadruple, 5.0),
    ("Jellyfish", jellyfish, 5.2),
    ("Hidden Quadruple", hidden_quadruple, 5.4),
    ("3 Strong-Linked Fishes", _up_to_9x9(three_strong_links), 5.4),
    ("WXYZ-Wing", _up_to_9x9(wxyz_wing), 5.5),
    ("Bivalue Universal Grave", bivalue_universal_grave, 5.6),
    ("4 Strong-Linked Fishes", _up_to_9x9(four_strong_links), 5.8),
    ("VWXYZ-Wing", _up_to_9x9(vwxyz_wing), 6.2),
    ("Aligned Pair Exclusion", _up_to_9x9(aligned_pair_exclusion), 6.2),
    ("Forcing Chains and Cycles", _up_to_9x9(forcing_chains_and_cycles), 6.5),
    ("Nishio Forcing Chains", _up_to_9x9(nishio_forcing_chains), 7.5),
    ("Cell and Region Forcing Chains", _up_to_9x9(multiple_forcing_chains), 8.0),
    ("Dynamic Forcing Chains", _up_to_9x9(dynamic_forcing_chains), 8.5),
    ("Dynamic Forcing Chains (+)", _up_to_9x9(dynamic_forcing_chains_plus), 9.0),
)

#: The rater's five levels as bands of SE's rating of the hardest step (ER):
#: ``(highest ER, level)``; a puzzle the ladder cannot finish is "needs search".
#: The names, :data:`sudoku_models.registry.LEVELS`, live in the registry so
#: that the command line lists them without importing the rater.
LEVEL_BANDS = ((2.3, "easy"), (4.0, "medium"), (6.4, "hard"), (99.0, "expert"))


def level_of(er: float | None) -> str:
    """The level of a puzzle whose hardest step rates ``er`` on SE's scale
    (None: the ladder could not finish it): easy up to 2.3 (singles, and
    the direct techniques up to Direct Hidden Pair), medium up to 4.0
    (Direct Hidden Triplet, intersections, pairs, triples, X-Wing,
    Swordfish),
    hard up to 6.4 (wings, unique rectangles, quadruples, Jellyfish, BUG,
    Aligned Pair Exclusion), expert from 6.5 (chains and forcing chains),
    ``"needs search"`` for None."""
    if er is None:
        return "needs search"
    return next(level for limit, level in LEVEL_BANDS if er <= limit)
