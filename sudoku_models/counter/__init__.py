"""Backtracking solver and solution counter: the compiled search core
(:mod:`.core`: the general kernel :mod:`.kernel` for any layout, the 9x9
bitboard kernel :mod:`.kernel9`, the "other solution" check
:mod:`.uniqueness`) behind a Python interface (:mod:`.api`), one puzzle at
a time or a whole array at once on every core. The generator
(:mod:`generator`) builds on it.

The kernels are compiled on first use, once per user: the numba cache is
kept in a per-user directory (:mod:`.compile_cache`); a one-line notice on
stderr says when compiling starts. :func:`warm_up` loads them ahead of
timing. Importing this package loads neither numba nor the kernels: the
names below load :mod:`.api` on first use, and :mod:`.core` (the
contract, with :func:`~.core.popcount`) is plain Python.
"""

import importlib

from . import compile_cache as _cache

_CACHE_DIR = _cache.configure()  # before numba compiles or loads a kernel

_API = ("ALL", "QUICK_NODES", "Tables", "backtrack_count", "backtrack_count_many",
        "backtrack_solve", "backtrack_solve_many", "forget_tables", "load_kernels", "run_search",
        "run_search9", "run_stoppable", "tables", "warm_up")


_MODULES = ("api", "core", "kernel", "kernel9", "kernel_tables", "method", "uniqueness")


def __getattr__(name):
    if name in _API:  # kept as a module attribute: later lookups skip this function
        value = globals()[name] = getattr(importlib.import_module(".api", __name__), name)
        return value
    if name in _MODULES:  # counter.kernel9 as an attribute, as before the names loaded late
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = list(_API)
