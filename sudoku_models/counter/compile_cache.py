"""Where numba keeps the compiled counter: once per user, not per process.

Numba's default is a ``__pycache__`` beside the source, which for an
installed package is inside site-packages (often not writable: then every
process compiles again). :func:`configure` points ``NUMBA_CACHE_DIR`` at a
per-user cache directory unless the user chose one. It must run before the
counter's kernels are defined; :mod:`sudoku_models.counter` calls it first.
:func:`watch` (installed when the counter's kernels load) notices every
compile numba really does (not a load from the cache): it prints the
one-line notice on stderr at the first one of the process and adds up the
seconds spent compiling (:func:`compile_seconds`), so that callers can keep
a compile out of their timings and report it apart.

Several processes share the cache (the test workers, the runner's workers,
two notebooks): :func:`prepare` makes numba's cache writes safe between
them (:func:`lock_saves`). Their entries must also agree when one process
loads several: numba names a compiled function by its module, qualified
name, a number counted per process and its argument types, so two
functions made by one factory (an overload's lambdas) must each get their
own name (:func:`named`); and a cached kernel holds the code of the
kernels it calls, which numba does not check, so the default cache has a
folder per version of the kernel sources (:func:`kernel_sources_digest`).
Importing this module imports nothing heavy.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
import time
from pathlib import Path


COMPILE_TIME = "about 50 CPU seconds, 1-2 minutes on a busy machine"
"""How long compiling every kernel takes, said in one way everywhere (the
notice, ``warm-up --help``, the README, docs/design.md): ``warm-up`` on an
empty cache took 66 s user + 4 s system CPU (108 s wall at a load of 4-5 on
2 cores) in issue 45."""


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/sudoku-models/numba`` (``~/.cache`` when unset), or
    ``%LOCALAPPDATA%\\sudoku-models\\numba`` on Windows."""
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local"
    else:
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "sudoku-models" / "numba"


# The modules whose code or constants a cached kernel can hold: the modules
# that define cached kernels and the modules of the project they import
# (tests/test_counter.py checks that the list is whole).
KERNEL_SOURCES = ("sudoku_models/counter/core.py", "sudoku_models/counter/kernel_tables.py",
                  "sudoku_models/counter/kernel.py", "sudoku_models/counter/kernel9.py",
                  "sudoku_models/counter/uniqueness.py", "sudoku_models/counter/line_diagrams.py",
                  "generator/search.py",
                  "generator/bands.py", "generator/grid_symmetry.py")


def kernel_sources_digest(root: Path | None = None) -> str:
    """The first 12 hex digits of the SHA-1 of :data:`KERNEL_SOURCES`' text.

    Numba checks a cache entry against its own module file only, but a
    kernel's machine code holds the kernels it calls from other modules
    (``generator.search`` holds ``counter.kernel9``'s): after an edit or an
    upgrade of one module, an entry of another would load with the old code
    of the first, beside that module's new entries, under the same symbol
    names (a wrong answer or a crash). One cache folder per digest keeps
    every entry of a process from one version of the sources. ``root`` is
    the folder that holds ``sudoku_models`` and ``generator`` (by default
    the one this module is in). Raises ``OSError`` when a source is
    missing."""
    root = root or Path(__file__).resolve().parents[2]
    digest = hashlib.sha1()
    for source in KERNEL_SOURCES:
        digest.update((root / source).read_bytes())
    return digest.hexdigest()[:12]


def configure() -> Path:
    """Set ``NUMBA_CACHE_DIR`` to ``kernels-<digest>`` in
    :func:`default_cache_dir` (:func:`kernel_sources_digest`) unless the
    user set it (then theirs is kept, and the user removes it after an
    upgrade); returns the directory in use. When numba is already imported,
    its loaded configuration is updated too."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if not chosen:
        chosen = str(default_cache_dir() / f"kernels-{kernel_sources_digest()}")
        os.environ["NUMBA_CACHE_DIR"] = chosen
        if "numba" in sys.modules:
            from numba.core import config

            config.CACHE_DIR = chosen
    return Path(chosen)


def prepare() -> Path:
    """:func:`configure`, then :func:`lock_saves` (imports numba): call it at
    the top of every module that defines cached kernels, before them.
    Returns the cache directory in use."""
    cache_dir = configure()
    lock_saves()
    return cache_dir


def lock_saves() -> None:
    """Make numba's writes of a cache entry safe between processes (once per
    process; imports numba and filelock).

    Numba saves an entry by reading the function's index file, choosing the
    first data file name the index does not use (``kernel9.count9-N.nbc``),
    writing the index and then the data, with no lock between processes.
    Two processes compiling different specializations of one kernel at once
    both read the same index and choose the same name: one entry is lost,
    or the index points one signature at the other's machine code, and
    every later process that loads it crashes (SIGSEGV, seen with the test
    workers). Each save here holds a :class:`filelock.FileLock` on
    ``<index file>.lock`` from reading the index to writing the data, so
    the second process reads the first one's index and picks another name.
    Loads take no lock: the index is replaced atomically and names a data
    file only once it is chosen for good (a load that finds no data file
    yet compiles, as numba does without a cache)."""
    from filelock import FileLock
    from numba.core.caching import IndexDataCacheFile

    save = IndexDataCacheFile.save
    if getattr(save, "locked_between_processes", False):
        return

    def locked_save(self, key, data):
        with FileLock(self._index_path + ".lock"):
            return save(self, key, data)

    locked_save.locked_between_processes = True
    IndexDataCacheFile.save = locked_save


def named(function, name: str):
    """``function`` with ``__qualname__`` ``name``, returned.

    Numba names a compiled function (its symbol in the machine code) by its
    module, qualified name, a number counted per process and its argument
    types. Two functions one factory makes (the lambdas an ``overload``
    returns, closures) share a qualified name: when two processes compile
    them in another order, the same symbol means one function in one cache
    entry and the other in another, and a process that loads both calls the
    wrong one (a SIGSEGV in the test workers, 1 fresh cache in 4). Give each
    such function a name of its own here."""
    function.__qualname__ = name
    return function


def is_compiled(cache_dir: Path, source: Path) -> bool:
    """Whether numba's index files for the kernels of the module file
    ``source`` (such as ``.../counter/kernel9.py``) are in ``cache_dir``.

    Numba keeps them in a folder per source folder,
    ``<folder name>_<sha1 of the folder's absolute path>``, so that another
    checkout or installation compiled into the same cache does not count.
    """
    folder = os.path.dirname(os.path.abspath(source))
    subpath = f"{os.path.basename(folder)}_{hashlib.sha1(folder.encode()).hexdigest()}"
    return any((cache_dir / subpath).glob(f"{Path(source).stem}.*.nbi"))


class _Compiles:
    """What this process knows of its compiles: whether the notice was
    printed, the seconds of finished compiles, and the depth and start of
    the compile under way (numba compiles the functions a kernel calls
    inside its compile, one compile at a time: its compiler lock)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.noticed = False
        self.installed = False
        self.seconds = 0.0
        self.depth = 0
        self.start = 0.0


_compiles = _Compiles()
_OURS = ("sudoku_models.", "generator.")  # the packages whose kernels are watched


def notice(cache_dir: Path, what: str = "its kernels") -> None:
    """The one-line stderr notice printed before the first compilation of
    the process (later calls print nothing): ``what`` is being compiled."""
    if _compiles.noticed:
        return
    _compiles.noticed = True
    print(f"sudoku-models: compiling the counter ({what}) for this machine, once per user "
          f"({COMPILE_TIME}; cache in {cache_dir})", file=sys.stderr,
          flush=True)


def compile_seconds() -> float:
    """Seconds this process has spent compiling the kernels of
    ``sudoku_models`` and ``generator`` (real compiles, not loads from the
    cache) since :func:`watch` was installed; a compile under way counts up
    to now. Take the difference around a call to know what it spent
    compiling."""
    with _compiles.lock:
        running = time.perf_counter() - _compiles.start if _compiles.depth else 0.0
        return _compiles.seconds + running


def watch(cache_dir: Path) -> None:
    """Listen to numba's ``numba:compile`` events (once per process;
    imports numba) for the kernels of ``sudoku_models`` and ``generator``:
    the first compile prints :func:`notice` naming the function, and every
    compile's seconds (with the functions it compiles inside) add to
    :func:`compile_seconds`. A user's own numba functions are not counted."""
    if _compiles.installed:
        return
    from numba.core import event

    class Listener(event.Listener):
        def on_start(self, ev):
            function = getattr((ev.data or {}).get("dispatcher"), "py_func", None)
            module = getattr(function, "__module__", "") or ""
            if not _compiles.depth and not module.startswith(_OURS):
                return
            with _compiles.lock:
                if not _compiles.depth:
                    _compiles.start = time.perf_counter()
                _compiles.depth += 1
            name = getattr(function, "__qualname__", "a kernel")
            notice(cache_dir, f"{module.removeprefix('sudoku_models.')}.{name} first")

        def on_end(self, ev):
            with _compiles.lock:
                if not _compiles.depth:
                    return
                _compiles.depth -= 1
                if not _compiles.depth:
                    _compiles.seconds += time.perf_counter() - _compiles.start

    event.register("numba:compile", Listener())
    _compiles.installed = True
