"""``sudoku-models warm-up``: compile the search core ahead, once per user,
so that no later result holds a compile."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from . import register_command
from .exits import EXIT_OK

# (what, load): kernels of extensions that warm-up compiles after the counter's
_EXTENSION_KERNELS: list[tuple[str, Callable[[], None]]] = []


def register_warm_up(what: str, load: Callable[[], None]) -> None:
    """Have ``warm-up`` also compile (or load) an extension's kernels:
    ``load()`` runs after the counter's kernels and ``what`` names them in
    its line of output (the generator registers its own this way, so that
    the first ``generate`` holds no compile either)."""
    _EXTENSION_KERNELS.append((what, load))


def add_parser(commands) -> None:
    """The ``warm-up`` sub-command."""
    from ..counter.compile_cache import COMPILE_TIME  # imports nothing heavy

    parser = commands.add_parser(
        "warm-up", help=f"compile the search kernels now (once per user; {COMPILE_TIME})",
        description="Compile the counter's and the generator's kernels (numba) into the per-user "
        "cache ($NUMBA_CACHE_DIR when set), or load them from it, so that no first solve, count "
        "or generate holds a compile (each does it on first use, with a one-line notice; the "
        "set-up command runs this ahead).")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Load or compile every counter kernel, then every extension's; print
    what each took."""
    from ..counter import _CACHE_DIR, compile_cache, warm_up

    for what, load in [("the counter's kernels", warm_up), *_EXTENSION_KERNELS]:
        start, before = time.perf_counter(), compile_cache.compile_seconds()
        load()
        compiled = compile_cache.compile_seconds() - before
        took = time.perf_counter() - start
        how = f"compiled in {compiled:.1f} s" if compiled else "loaded from the cache"
        print(f"{what} are ready: {how} ({took:.1f} s in all; cache in {_CACHE_DIR})")
    return EXIT_OK


register_command("warm-up", add_parser)
