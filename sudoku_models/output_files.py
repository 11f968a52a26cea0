"""Files a command writes: checked before anything is written, so that no
run ends after its work with a path it cannot write, and no input file is
overwritten by its own output."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import OutputFileError


def check_output(path: str | os.PathLike, *, reading: tuple = (), option: str = "--out") -> Path:
    """``path`` as a :class:`~pathlib.Path` if a command may write a file
    there: absent (in an existing folder) or a regular file, and none of
    the files ``reading`` (paths of the command's input; ``"-"`` and paths
    that do not exist are skipped), compared as files (symbolic and hard
    links included), not as names. ``option`` names the path in the
    message of :class:`OutputFileError`, raised otherwise. Nothing is
    created: a missing folder is an error, not made."""
    import stat

    target = Path(path)
    label = f"{option} {os.fspath(path)}"
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        folder = target.parent
        if not folder.is_dir():
            raise OutputFileError(f"{label}: the folder {folder} does not exist") from None
        return target
    except OSError as exc:
        raise OutputFileError(f"{label}: {exc.strerror}") from None
    if stat.S_ISDIR(mode):
        raise OutputFileError(f"{label}: is a directory")
    if not stat.S_ISREG(mode):
        raise OutputFileError(f"{label}: not a regular file (a FIFO, socket or device); "
                              f"give the name of a file to write")
    for source in reading:
        if source is None or os.fspath(source) == "-":
            continue
        try:
            same = os.path.samefile(target, source)
        except OSError:
            continue
        if same:
            raise OutputFileError(f"{label}: is the input file {os.fspath(source)}; "
                                  f"write somewhere else")
    return target
