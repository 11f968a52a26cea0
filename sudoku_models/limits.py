"""Every bound on what a user may hand the toolkit, named by what it
bounds, in one place; and the check of a count's ``limit``.

* ``limit``: how many solutions a count stops at (a whole number >= 1, or
  None for all): :func:`check_limit`;
* ``time_limit``: seconds (a positive number, or None for none), checked by
  :func:`sudoku_models.validation.time_limit`; a method's limit covers its
  build and its solver call
  (:class:`~sudoku_models.formulations.base.Formulation`);
* ``cpu_limit``: CPU seconds of the solving process (every thread; a
  positive number, or None for none), checked as ``time_limit`` and
  covering the same; enforced by the toolkit through each solver's own
  stop (:mod:`sudoku_models.deadline`);
* a count stopped by its time limit or Ctrl-C raises
  :class:`~sudoku_models.errors.CountIncomplete`, with the solutions found
  so far.

The bounds below are refused by name where a value passes them (a
:class:`ValueError` subclass naming the value and the bound), never
truncated.
"""

from __future__ import annotations

# -- grids ----------------------------------------------------------------------

MAX_PUZZLE_ORDER = 6
"""The largest square order a :class:`~sudoku_models.puzzle.Puzzle` holds and
the methods solve (36x36; the line format writes orders 2 to 5 one
character a cell, 6 in comma-separated numbers)."""
MAX_PUZZLE_SIDE = MAX_PUZZLE_ORDER * MAX_PUZZLE_ORDER
"""The largest side of a puzzle's grid, square or rectangular boxes (36)."""
MAX_LAYOUT_ORDER = 7
"""The largest square order of a :class:`~sudoku_models.core.geometry.Layout`:
full grids of order 7 (49x49) generate; puzzles stop at
:data:`MAX_PUZZLE_ORDER`."""
MAX_LAYOUT_SIDE = MAX_LAYOUT_ORDER * MAX_LAYOUT_ORDER
"""The largest side of a :class:`~sudoku_models.core.geometry.Layout` (49)."""
MAX_VALUES = 16
"""The most values ``1..V`` of a grid with more values than cells per house
(:meth:`~sudoku_models.core.geometry.Layout.with_values`)."""
MAX_ISS_SIDE = 16
"""The largest grid the Interactive Sudoku Solver's strings carry (16x16)."""

# -- text and files -------------------------------------------------------------

MAX_TEXT_CHARS = 1 << 20
"""The longest text read as one puzzle, in characters (the longest valid
text, order 6 with spaced commas, is about 8 KB)."""
MAX_LINE_BYTES = 16 * 1024
"""Default bound on one line of a file, in bytes (line break excluded). The
longest valid puzzle line, order 6 in the comma format with a space after
every comma, is about 5 KB."""
MAX_JSON_BYTES = 64 << 20
"""Bound on a source that holds JSON, whatever its lines (64 MiB): JSON is
parsed whole, so it is bounded as a document, not by :data:`MAX_LINE_BYTES`
(a 25x25 killer on one line is about 20 KB)."""
MAX_FILE_BYTES = 1 << 30
"""Default bound on the bytes read from one source (1 GiB; ``17clue.txt``,
49,158 puzzles, is 4 MB)."""
MAX_FILE_PUZZLES = 2_000_000
"""Default bound on the puzzles read from one source (about 2 GB of memory
for 9x9 puzzles; 40 times ``17clue.txt``)."""

MAX_JSON_DIGITS = 40
"""The most digits a whole number in a JSON puzzle (the toolkit's, f-puzzles)
may have: longer ones are refused before Python converts them."""
MAX_ISS_DIGITS = 4
"""The most digits a number in an Interactive Sudoku Solver string may have
(a shape, a total, a gap, a size: a 16x16 grid's total is 2,176); longer
ones are refused before Python converts them (past 4,300 digits Python
refuses with its own message)."""

# -- rules ----------------------------------------------------------------------

MAX_AUTOMATON_STATES = 20_000
"""The most states a deterministic automaton may have (subset construction)."""
MAX_PATTERN_REPEAT = 100
"""The largest count a ``{n,m}`` quantifier of a regular expression may give."""
MAX_PATTERN_NESTING = 32
"""The deepest a regular expression's groups may nest, a run of quantifiers
on one item counting as that many levels more (``(1*)*`` and ``1**`` are 2
deep): deeper ones would overflow the reader's stack."""
MAX_AUTOMATON_EXPANSION = 50_000_000
"""The most transitions CP-SAT's expansion of an automaton line may read (its
cells times its automaton's transitions, read at every position before the
search, where no stop reaches it: about 1 CPU s; an or of 576 cages, 2,304
cells x 101,019 transitions when a cage was a group and a sum, took 6 CPU s
at a 2 s limit): ``cp`` refuses a line past it (the binary methods and SAT
read its live arcs instead)."""
MAX_OR_NESTING = 16
"""The deepest Or composites may nest inside each other's branches (the
Interactive Sudoku Solver's ``.Or ... .Or ... .End ... .End``; puzzles
nest two or three): deeper ones would overflow the checker's stack."""

# -- the command line -----------------------------------------------------------

MAX_OPTION_NUMBER = 10**15
"""The largest whole number an option takes (``--limit``, ``--seed``, ...):
larger ones are "all" in practice, and they fit the compiled code."""


# -- memory ---------------------------------------------------------------------

MODEL_BYTES = 4 << 30
"""The most memory (bytes of resident memory the process gains) building
one model may take (4 GiB): a model whose estimate passes it is refused
before its build, and a build that grows past it is stopped there, both
with :class:`~sudoku_models.errors.ModelTooLarge` (a looped sum line took
the SAT build 4.9 GB, a regular expression over 18 cells 12.6 GB). The
estimate counts the automaton lines' arc variables (milp, matrix, cp-bool)
and clauses (sat-minimal, sat-extended), the parts that grow past the rest
(:meth:`~sudoku_models.formulations.base.Formulation._estimated_bytes`)."""


# -- timing ---------------------------------------------------------------------

WARM_UP_SECONDS = 1.0
"""Seconds (wall) a method's untimed warm-up may take before its first timed
solve (:func:`sudoku_models.solving.warm_up`): enough for the libraries,
compiled kernels and first-call set-up a 9x9 needs (0.3-0.9 s measured); a
36x36 warm-up puzzle would take the matching 15 s to solve."""


def check_limit(limit) -> None:
    """``ValueError`` unless ``limit`` is None or a whole number >= 1."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError(f"limit must be a whole number >= 1 or None, got {limit!r}")
