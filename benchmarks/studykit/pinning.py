"""Where a study's time is measured (issue 31): every timed row says the
CPU seconds, the 1-minute load average at its start and the core.

Every study script takes ``--core K`` from :func:`add_core_option` and pins
itself with :func:`pin`; every process it starts afterwards (tdoku's or
QQWing's, a fresh Python process) inherits the affinity, and so do the
threads it starts. A run that uses every core on purpose (the all-cores
races) is not pinned and records ``core`` as the text of its affinity set
(``0-1``); a run split into parts side by side (``--part K/N``) takes the
K-th core by default."""

from __future__ import annotations

import argparse
import os
import resource

from sudoku_models import cores


def add_core_option(parser: argparse.ArgumentParser, every_core: bool = False,
                    by_part: bool = False) -> None:
    """``--core K``: pin this process (and its children) to core K; by
    default the first core of the affinity set, or (``every_core``) not
    pinned at all, or (``by_part``) the K-th core for ``--part K/N``."""
    default = ("not pinned: every core of the affinity set, recorded as its text"
               if every_core else "the K-th core of the affinity set for --part K/N, one "
               "process per core" if by_part else "the first core of the affinity set")
    parser.add_argument("--core", type=int,
                        help=f"pin the process, and every process it starts, to this core "
                             f"(default: {default})")


def pin(parser: argparse.ArgumentParser, core: int | None, every_core: bool = False,
        part: int = 0, parts: int = 1) -> int | str | None:
    """Pin this process to ``core`` as the runner pins its workers (see
    :func:`add_core_option`; by default the ``part``-th of ``parts``
    distinct cores of the affinity set, one process per core when ``parts``
    processes run side by side) and return what the rows record as their
    ``core``: the core, None where the system cannot pin (not Linux, more
    processes than cores), or the affinity set's text when not pinned
    (``every_core`` and no ``core``). A core the process cannot use is a
    parser error: one line, exit code 2."""
    from sudoku_models.bench.local import worker_cores

    if every_core and core is None:
        return affinity_text()
    chosen = core if core is not None else worker_cores(parts)[part]
    if chosen is None:
        return None
    try:
        os.sched_setaffinity(0, {chosen})
    except (AttributeError, OSError) as exc:
        parser.error(f"--core {chosen}: cannot pin this process to it ({exc})")
    return chosen


def affinity_text() -> str:
    """This process's affinity set as text: ``0-1``, ``0,2-3``, or ``""``
    where the system has none (not Linux)."""
    given = cores.affinity() or []
    runs, start = [], None
    for i, core in enumerate(given):
        if start is None:
            start = core
        if i + 1 == len(given) or given[i + 1] != core + 1:
            runs.append(f"{start}" if start == core else f"{start}-{core}")
            start = None
    return ",".join(runs)


def children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children so
    far: the difference around a child's run is that child's CPU time."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cores_note(frame) -> str:
    """``"; core 0"`` (every core the rows of ``frame`` name, in order of
    first appearance) for the line under a table, or ``""`` when the
    rows have no ``core`` column (a record made before the rule)."""
    if "core" not in frame:
        return ""
    return f"; core {', '.join(map(str, frame['core'].unique()))}"
