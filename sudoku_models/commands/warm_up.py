"""``sudoku-models warm-up``: compile the search core ahead, once per user,
so that no later result holds a compile."""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from .. import cores
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
        "cache ($NUMBA_CACHE_DIR when set; on an empty cache the two at once when a second core "
        "is free), or load them from it, so that no first solve, count "
        "or generate holds a compile (each does it on first use, with a one-line notice; the "
        "set-up command runs this ahead).")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Load or compile every counter kernel, then every extension's; print
    what each took. On an empty cache with a second core free, each
    extension's kernels compile at the same time in a process of their own
    (:func:`_compile_apart`) while this one compiles the counter's, and are
    then loaded here from the cache: on two cores the generator's 28-33
    CPU s no longer follow the counter's 31-36."""
    from ..counter import _CACHE_DIR, compile_cache, warm_up

    cold = not compile_cache.is_compiled(_CACHE_DIR, Path(compile_cache.__file__).with_name("kernel.py"))
    apart = _compile_apart(_EXTENSION_KERNELS) if cold and cores.usable() > 1 else {}
    try:
        for what, load in [("the counter's kernels", warm_up), *_EXTENSION_KERNELS]:
            process, start = apart.get(what, (None, time.perf_counter()))
            there = _compiled_there(process) if process is not None else 0.0
            before = compile_cache.compile_seconds()
            load()
            compiled = compile_cache.compile_seconds() - before
            took = time.perf_counter() - start
            how = (f"compiled in {compiled + there:.1f} s"
                   f"{' in a process of their own' if there else ''}" if compiled + there
                   else "loaded from the cache")
            print(f"{what} are ready: {how} ({took:.1f} s in all; cache in {_CACHE_DIR})")
    finally:
        for process, _ in apart.values():
            if process.poll() is None:  # an error or Ctrl-C here: the other compile ends too
                process.kill()
            process.wait()
    return EXIT_OK


def _compile_apart(extensions) -> dict[str, tuple[subprocess.Popen, float]]:
    """Start, for each extension's ``(what, load)``, a Python process that
    runs ``load`` (into the same per-user cache: the environment is
    inherited) and prints the seconds it compiled; ``{what: (process, start
    time)}``. Its notice and errors are not shown: the load that follows
    here compiles what it failed to, and says so."""
    started = {}
    for what, load in extensions:
        code = (f"from {load.__module__} import {load.__name__} as load\n"
                "from sudoku_models.counter import compile_cache\n"
                "load()\nprint(compile_cache.compile_seconds())")
        started[what] = (subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, text=True),
                         time.perf_counter())
    return started


def _compiled_there(process: subprocess.Popen) -> float:
    """The seconds ``process`` (:func:`_compile_apart`) compiled, once it has
    ended; 0.0 when it failed."""
    out = process.communicate()[0]
    try:
        return float(out.split()[-1]) if process.returncode == 0 else 0.0
    except (IndexError, ValueError):
        return 0.0


register_command("warm-up", add_parser)
