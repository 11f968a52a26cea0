"""When a solve or a count must end: on the wall clock, on this process's
CPU clock, or both.

A wall-clock limit on a loaded machine gives a solve a small and varying
share of a core; a CPU-second limit (``cpu_limit``) gives every method the
same budget whatever the load: the CPU seconds of this process, every
thread (:func:`time.process_time`, so a threaded solver's workers count
too). The toolkit enforces both through one path: the watcher of
:mod:`sudoku_models.stoppable` asks the solver to stop through its own stop
once either has passed, and a method's build checks the same
:class:`Deadline` between its steps.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from . import validation


@dataclass(frozen=True)
class Deadline:
    """The instants a piece of work must end by: ``wall`` a
    :func:`time.perf_counter` value, ``cpu`` a :func:`time.process_time`
    value; None for no such limit (``Deadline()``: no limit at all)."""

    wall: float | None = None
    cpu: float | None = None

    @classmethod
    def after(cls, time_limit: float | None = None, cpu_limit: float | None = None) -> Deadline:
        """The deadline ``time_limit`` wall seconds and ``cpu_limit`` CPU
        seconds of this process from now (None: no such limit). Raises
        ``TypeError`` or :class:`~sudoku_models.errors.InvalidValueError`
        for a limit that is not a positive number of seconds."""
        time_limit = validation.time_limit(time_limit)
        cpu_limit = validation.time_limit(cpu_limit, "cpu_limit")
        return cls(None if time_limit is None else time.perf_counter() + time_limit,
                   None if cpu_limit is None else time.process_time() + cpu_limit)

    @property
    def limited(self) -> bool:
        """Whether there is any limit."""
        return self.wall is not None or self.cpu is not None

    def passed(self) -> bool:
        """Whether either limit has been reached."""
        return ((self.wall is not None and time.perf_counter() >= self.wall)
                or (self.cpu is not None and time.process_time() >= self.cpu))

    def wall_left(self) -> float | None:
        """Wall seconds left (at least 0; None without a wall limit): a
        solver's own time limit. The CPU limit is not in it (the watcher
        stops the solver when it comes), except that none is left once it
        has passed."""
        if self.cpu is not None and time.process_time() >= self.cpu:
            return 0.0
        if self.wall is None:
            return None
        return max(self.wall - time.perf_counter(), 0.0)
