"""The limits a solve or a count takes, checked once, and what a count cut
short by one raises.

* ``limit``: how many solutions a count stops at (a whole number >= 1, or
  None for all): :func:`check_limit`;
* ``time_limit``: seconds (a positive number, or None for none), checked by
  :func:`sudoku_models.validation.time_limit`; a method's limit covers its
  build and its solver call
  (:class:`~sudoku_models.formulations.base.Formulation`);
* a count stopped by its time limit or Ctrl-C raises
  :class:`~sudoku_models.errors.CountIncomplete`, with the solutions found
  so far.
"""

from __future__ import annotations


def check_limit(limit) -> None:
    """``ValueError`` unless ``limit`` is None or a whole number >= 1."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError(f"limit must be a whole number >= 1 or None, got {limit!r}")
