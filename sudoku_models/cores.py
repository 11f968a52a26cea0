"""The cores this process may run on (its affinity set), asked in one place.

Everything that sizes a pool of workers or threads, pins a worker or records
the core a row ran on asks here, so that a process confined by ``taskset``
(or a batch scheduler) to fewer cores than the machine has starts no more
workers than it may run and records what it was given.
"""

from __future__ import annotations

import os


def affinity() -> list[int] | None:
    """The ids of the cores this process may run on, ascending; None where
    the system cannot tell or pin (not Linux)."""
    try:
        return sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return None


def usable() -> int:
    """How many cores this process may run on (>= 1): its affinity set's
    size, or every core the system reports where it has no affinity set."""
    cores = affinity()
    return len(cores) if cores else os.cpu_count() or 1


def pinned() -> int | None:
    """The one core this process is pinned to, or None (several cores, or
    no affinity set)."""
    cores = affinity()
    return cores[0] if cores is not None and len(cores) == 1 else None
