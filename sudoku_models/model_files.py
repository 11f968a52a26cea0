"""Writing a method's model of a puzzle to a file.

Formats (each method's registry entry lists the ones it writes):

* ``lp``: CPLEX LP format, written by HiGHS (``milp``, ``matrix``,
  ``milp-alldiff``). Readable 1-based names: variables ``x_r1_c2_v4`` (digit
  4 in row 1, column 2), constraints ``cell_r1_c2``, ``row_r1_v4``,
  ``column_c2_v4``, ``box_b3_v4``; the clues are lower bounds of 1.
* ``mps``: the same model in free MPS format.
* ``pbtxt``: the CP-SAT ``CpModelProto`` in protobuf text format (``cp``,
  ``cp-bool``), with variables named ``cell_r1_c2`` or ``x_r1_c2_v4``; the
  clues are domains.
* ``cnf``: DIMACS CNF (``sat-minimal``, ``sat-extended``), with a comment
  header mapping each variable to its 1-based ``x_rR_cC_vV``; the clues are
  unit clauses.

Every format is read back in the tests: HiGHS reads the LP and MPS files and
solves them, CP-SAT parses the proto and solves it, to the same verified grid.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .registry import CapabilityError, exporting_methods, method_info

if TYPE_CHECKING:
    from .puzzle import Puzzle

SUFFIXES = {".lp": "lp", ".mps": "mps", ".pbtxt": "pbtxt", ".txt": "pbtxt", ".cnf": "cnf"}


def export(puzzle: Puzzle, method: str, path, format: str | None = None, **options) -> Path:
    """Write ``method``'s model of ``puzzle`` to ``path`` and return the path.

    ``format``: one of the method's ``export_formats`` (see module
    docstring); None takes it from the file suffix (``.lp``, ``.mps``,
    ``.pbtxt``, ``.cnf``). ``options`` go to the method (``objective``, ...). Raises
    :class:`~sudoku_models.registry.CapabilityError` (a ``ValueError``) for
    a method or format that cannot be written, and ``OSError`` if the file
    cannot be written.
    """
    from .solving import make_method

    from .formats.puzzle_text import as_puzzle

    puzzle = as_puzzle(puzzle)
    info = method_info(method)
    path = Path(path)
    if not info.export_formats:
        raise CapabilityError(f"method {method!r} cannot export its model; these can: "
                              f"{', '.join(exporting_methods())}")
    fmt = format or SUFFIXES.get(path.suffix.lower())
    if fmt not in info.export_formats:
        raise CapabilityError(
            f"{method} writes {', '.join(info.export_formats)}, not "
            f"{fmt or repr(path.suffix or path.name)}: choose --format or a file suffix"
        )
    make_method(method, puzzle.rules, **options).export(puzzle, path, fmt)
    return path
