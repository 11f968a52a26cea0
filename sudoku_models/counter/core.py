"""The search core's contract: what every compiled kernel of the counter
and the generator agree on. Plain Python (importing it loads no numba).

The core is two compiled searches with one interface:

- :mod:`.kernel`, the general kernel: any layout given as tables
  (:mod:`.kernel_tables`: houses, peers and the line/region segments of locked
  candidates), candidates as one bitmask per cell; its one copy of
  placement, naked and hidden singles, locked candidates and the
  most-constrained branching rule serves counting, solving, filling a grid
  with values in a given order, and the "other solution" check;
- :mod:`.kernel9`, the 9x9 bitboard kernel (JCZSolve's layout): the same
  rules (placement, singles, locked candidates, branching on a
  two-candidate cell) written for bitboards, for counting, solving and the
  "other solution" check;
- :mod:`.uniqueness`, the "other solution" check a generator calls, which
  takes the bitboard kernel for a 9x9 grid and the general one otherwise.

**Control array.** Every kernel that can run long takes ``control``, a
``(SLOTS,)`` int64 array (:func:`new_control`) with named slots:

- ``control[STOP]``: another thread sets it nonzero to ask the search to
  stop (the kernels release the GIL); read at every branch node by the
  general kernel (a variant's node can take milliseconds), every
  ``POLL + 1`` by the bitboard kernel, and between the cases or removals
  of the loops around them;
- ``control[STOPPED]``: set to 1 by a kernel that stopped on that request
  (its answer is then partial: a count is a lower bound);
- ``control[NODES]``: every search adds its branch nodes to it (a branch
  node is one value tried at a branching cell).

**Answers.** Counting kernels return the number of solutions, at most the
limit, or :data:`BUDGET` when the search needed more than its ``max_nodes``
branch nodes (or :data:`BAD_VALUE` from one that checks its clues). The
"other solution" check returns :data:`FOUND`, :data:`NONE`, :data:`BUDGET` or
:data:`STOPPED_EARLY`.

**Bundles.** The general kernel takes its tables as one tuple
(:mod:`.kernel_tables`) and its scratch arrays as another (``Tables.workspace()``);
the bitboard kernel keeps its tables as module constants and takes one
workspace tuple (``kernel9.workspace()``). Plain tuples, not named tuples:
numba types a plain tuple at a call in about 2 us, a named tuple in about
9 us. The index names of each tuple are the constants of its module.
"""

from __future__ import annotations

import numpy as np

STOP = 0  # set by another thread: stop
STOPPED = 1  # set to 1 by a kernel that stopped on request
NODES = 2  # branch nodes, added by every search
SLOTS = 3

POLL = 1023  # the bitboard kernel reads control[STOP] when (nodes & POLL) == 0

FOUND = 1  # "other solution": another solution exists (written to `found`)
NONE = 0  # "other solution": none
BUDGET = -1  # the node budget ran out: undecided (also a count's answer)
STOPPED_EARLY = -2  # "other solution": stopped on request, undecided
BAD_VALUE = -3  # a clue outside the values of the grid (kernel9.count9_checked)

NO_LIMIT = np.iinfo(np.int64).max  # "no limit" for counts and node budgets


def new_control() -> np.ndarray:
    """A fresh ``(SLOTS,)`` int64 control array, every slot 0."""
    return np.zeros(SLOTS, dtype=np.int64)


def popcount(mask: int) -> int:
    """Number of set bits of ``mask`` (>= 0) (Kernighan's loop). Plain
    Python here; the kernels compile this same function."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
