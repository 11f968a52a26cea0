"""Where numba keeps the compiled counter: once per user, not per process.

Numba's default is a ``__pycache__`` beside the source, which for an
installed package is inside site-packages (often not writable: then every
process compiles again). :func:`configure` points ``NUMBA_CACHE_DIR`` at a
per-user cache directory unless the user chose one. It must run before the
counter's kernels are defined; :mod:`sudoku_models.counter` calls it first.
Importing this module imports nothing heavy.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/sudoku-models/numba`` (``~/.cache`` when unset), or
    ``%LOCALAPPDATA%\\sudoku-models\\numba`` on Windows."""
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local"
    else:
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "sudoku-models" / "numba"


def configure() -> Path:
    """Set ``NUMBA_CACHE_DIR`` to :func:`default_cache_dir` unless the user
    set it (then theirs is kept); returns the directory in use. When numba
    is already imported, its loaded configuration is updated too."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if not chosen:
        chosen = str(default_cache_dir())
        os.environ["NUMBA_CACHE_DIR"] = chosen
        if "numba" in sys.modules:
            from numba.core import config

            config.CACHE_DIR = chosen
    return Path(chosen)


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


def notice(cache_dir: Path) -> None:
    """The one-line stderr notice printed before the first compilation."""
    print(f"sudoku-models: compiling the counter for this machine, once per user "
          f"(about 10-30 s; cache in {cache_dir})", file=sys.stderr, flush=True)
