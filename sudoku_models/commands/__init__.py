"""The sub-commands of ``sudoku-models``, one module each, all added one way.

A command module calls :func:`register_command` when it is imported, with
a function that adds its parser. :func:`load_commands` imports the built-in
modules (:data:`BUILT_IN`) and then the extensions
(:mod:`sudoku_models.extensions`; the ``generator`` package adds
``generate`` this way), and :func:`sudoku_models.cli.build_parser` adds
every registered command. A command module imports nothing heavy at its
top (no solver, no pandas): all of them load for ``--help``.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

BUILT_IN = ("solve", "count", "export", "show_model", "methods", "explain", "rate", "bench",
            "warm_up")
"""The modules of this package that hold a command, in the order of ``--help``."""

_COMMANDS: dict[str, Callable] = {}


def register_command(name: str, add_parser: Callable) -> None:
    """Add the sub-command ``name``: ``add_parser(subparsers)`` creates its
    parser (``subparsers.add_parser(name, ...)``) and sets ``handler`` (a
    function of the parsed ``argparse.Namespace`` returning the exit code,
    :mod:`sudoku_models.commands.exits`) with ``set_defaults``. Registering
    a name again replaces its command."""
    _COMMANDS[name] = add_parser


def load_commands(name: str | None = None) -> dict[str, Callable]:
    """Import the built-in command modules and the extensions (each once);
    returns every registered command's ``add_parser`` by name. When
    ``name`` is the name of a built-in command (``show-model``: module
    ``show_model``), only that module is imported, with the extensions
    (which may replace its command), and only its ``add_parser`` is
    returned."""
    from ..extensions import load_extensions

    module = name.replace("-", "_") if name and "_" not in name else None
    if module not in BUILT_IN:
        for each in BUILT_IN:
            import_module(f".{each}", __name__)
        load_extensions()
        return dict(_COMMANDS)
    import_module(f".{module}", __name__)
    load_extensions()
    return {name: _COMMANDS[name]}
