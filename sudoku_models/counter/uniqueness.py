"""The "other solution" check of the search core, as a generator calls it:
given a puzzle whose removed cells, filled from a known solution, leave
that solution the only one, is there now another? (Contract, answers and
the control array: :mod:`.core`.)

One entry point for every layout: the standard 9x9 grid goes to the
bitboard kernel (:func:`.kernel9.other9`, about twice as fast), any other
layout to the general kernel (:func:`.kernel.other_solution`); both use
the same disjoint cases and give the same answers.
"""

from __future__ import annotations

import numba

from . import compile_cache, kernel, kernel9
from .kernel_tables import BITBOARD

compile_cache.prepare()  # before numba compiles or loads the kernels below: saves locked between processes


@numba.njit(cache=True, nogil=True)
def other_solution(clues, removed, solution, max_nodes, control, found, tables, work,
                   work9) -> int:
    """Whether ``clues`` (``(N,)`` int32, 0 = empty) has a solution other
    than ``solution`` ``(N,)``, given that it has none with the cells
    ``removed`` (``(m,)`` flat indices, -1 entries ignored) filled from
    ``solution``. ``max_nodes``: the branch nodes one case may use;
    ``found`` ``(N,)`` gets the other solution; ``tables``, ``work``: the
    layout's :mod:`.kernel_tables` bundle and workspace; ``work9``:
    :func:`.kernel9.workspace`. Returns ``FOUND``, ``NONE``, ``BUDGET`` or
    ``STOPPED_EARLY`` (:mod:`.core`)."""
    if tables[BITBOARD]:
        return kernel9.other9(clues, removed, solution, max_nodes, control, found, work9)
    return kernel.other_solution(clues, removed, solution, max_nodes, control, found, tables,
                                 work)
