"""Extensions: packages that plug commands (and more) into sudoku_models.

An extension is a module named in the entry-point group
``sudoku_models.extensions`` of an installed package's metadata (in
``pyproject.toml``: ``[project.entry-points."sudoku_models.extensions"]``).
:func:`load_extensions` imports each once; on import the module registers
what it adds through public functions such as
:func:`sudoku_models.commands.register_command`. This is how the ``generator``
package adds ``sudoku-models generate`` while the dependencies run one way:
``generator`` imports ``sudoku_models``, never the reverse. An extension
module must import nothing heavy (no solver, no numba): it is loaded for
every command, ``--help`` included.
"""

from __future__ import annotations

import sys
from importlib import import_module
from importlib.metadata import entry_points

GROUP = "sudoku_models.extensions"
_loaded: set[str] = set()


def load_extensions() -> list[str]:
    """Import every extension module not imported yet; returns the names of
    the modules of the group. An extension that fails to import is reported
    on standard error in one line and skipped."""
    names = []
    for entry in entry_points(group=GROUP):
        names.append(entry.value)
        if entry.value in _loaded:
            continue
        _loaded.add(entry.value)
        try:
            import_module(entry.value)
        except ImportError as exc:
            print(f"sudoku-models: extension {entry.name} ({entry.value}) not loaded: {exc}",
                  file=sys.stderr)
    return names
