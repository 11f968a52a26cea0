"""``sudoku-models methods``: the registry of methods as a table."""

from __future__ import annotations

import argparse

from ..registry import METHODS
from . import register_command
from .common import text_table
from .exits import EXIT_OK


def add_parser(commands) -> None:
    """The ``methods`` sub-command."""
    methods = commands.add_parser(
        "methods", help="list every method: paradigm, model, solver, what it can do",
        description="The registry of methods: the same Sudoku as MILP, CP, SAT and search, "
        "each a model handed to a solver.")
    methods.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """The table of methods, then one line per method with its options and
    their values (the first the default)."""
    rows = [(name, info.paradigm, info.model, info.solver, "yes" if info.can_count else "",
             ", ".join(info.export_formats)) for name, info in METHODS.items()]
    print(text_table(["method", "paradigm", "model", "solver", "counts", "exports"], rows))
    print()
    print("Options (name: its values, the first the default; the formulation options "
          "cage, order, arrow, prune choose how a variant's constraints are written):")
    for name, info in METHODS.items():
        options = "; ".join(f"{key}: {'|'.join(map(str, values)) or 'name=value,... native parameters'}"
                            for key, values in info.options.items())
        print(f"{name}: {info.description}" + (f" (options: {options})" if options else ""))
    return EXIT_OK


register_command("methods", add_parser)
