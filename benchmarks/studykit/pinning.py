"""Where a study's time is measured (issue 31): every timed row says the
CPU seconds, the 1-minute load average at its start and the core.

``--core K`` pins the process with
:func:`benchmarks.studykit.benchtools.pin_process`; every process it starts
afterwards (tdoku's or QQWing's, a fresh Python process) inherits the
affinity, and so do the threads it starts. A run that uses every core on
purpose (the all-cores races) is not pinned and records ``core`` as the
text of its affinity set (``0-1``)."""

from __future__ import annotations

import argparse
import os
import resource


def add_core_option(parser: argparse.ArgumentParser, every_core: bool = False) -> None:
    """``--core K``: pin this process (and its children) to core K; by
    default the first core of the affinity set, or (``every_core``) not
    pinned at all."""
    default = ("not pinned: every core of the affinity set, recorded as its text"
               if every_core else "the first core of the affinity set")
    parser.add_argument("--core", type=int,
                        help=f"pin the process, and every process it starts, to this core "
                             f"(default: {default})")


def pin(parser: argparse.ArgumentParser, core: int | None,
        every_core: bool = False) -> int | str | None:
    """Pin to ``core`` (see :func:`add_core_option`) and return what the
    rows record as their ``core``: the core, or the affinity set's text
    when not pinned (``every_core`` and no ``core``)."""
    from benchmarks.studykit.benchtools import pin_process

    if every_core and core is None:
        return affinity_text()
    try:
        return pin_process(core=core)
    except ValueError as exc:
        parser.error(str(exc))


def affinity_text() -> str:
    """This process's affinity set as text: ``0-1``, ``0,2-3``, or ``""``
    where the system has none (not Linux)."""
    try:
        cores = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return ""
    runs, start = [], None
    for i, core in enumerate(cores):
        if start is None:
            start = core
        if i + 1 == len(cores) or cores[i + 1] != core + 1:
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
