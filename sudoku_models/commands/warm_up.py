"""``sudoku-models warm-up``: compile the search core ahead, once per user,
so that no later result holds a compile."""

from __future__ import annotations

import argparse
import time

from . import register_command
from .exits import EXIT_OK


def add_parser(commands) -> None:
    """The ``warm-up`` sub-command."""
    parser = commands.add_parser(
        "warm-up", help="compile the counter's kernels now (once per user; about 10-60 s)",
        description="Compile the compiled counter's kernels (numba) into the per-user cache, or "
        "load them when they are there already, so that the first solve, count or generate "
        "holds no compile. Every command does this on first use anyway, with a one-line "
        "notice; this does it ahead (the set-up command runs it). The cache is "
        "$NUMBA_CACHE_DIR when set, else a per-user cache directory.")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Load or compile every counter kernel; print what it took."""
    from ..counter import _CACHE_DIR, compile_cache, warm_up

    start = time.perf_counter()
    warm_up()
    compiled = compile_cache.compile_seconds()
    took = time.perf_counter() - start
    what = f"compiled in {compiled:.1f} s" if compiled else "loaded from the cache"
    print(f"the counter's kernels are ready: {what} ({took:.1f} s in all; cache in {_CACHE_DIR})")
    return EXIT_OK


register_command("warm-up", add_parser)
