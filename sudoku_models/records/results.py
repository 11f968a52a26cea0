"""The results file: one CSV schema for ``bench run`` and ``solve --file``.

Columns (documented for users in ``benchmarks/README.md``) are snake_case,
with units in the names (``build_s``, ``solve_s``, ``time_limit_s``) and
booleans written ``true``/``false``. A row is keyed by :data:`KEY`: the
puzzle (dataset, index), the method with its options, the repetition and
every setting of the run (seed, sample, first, time limit, CPU limit,
warm-up, workers, threads), so a run with other settings never mistakes old rows for its own.

The file survives being killed at any moment: it is locked for the whole
run (``flock`` on the file itself, whatever name or link reaches it), every
row is written with one ``write()`` call on a descriptor opened with
``O_APPEND``, a failed or short write (a full disk) is cut back and raised at
once, and a torn last line left by a crash is cut off on opening, but only
once the file's header has shown it is a results file: a file of anything
else is never written to.

Files of the earlier layouts (:data:`LAYOUTS`: before the CPU limit had a
column, :data:`UNLIMITED_COLUMNS`, before the copies of an
instance had columns, :data:`UNCOPIED_COLUMNS`, before the run's clocks and
places had, :data:`PREVIOUS_COLUMNS`, and before the detailed MILP
statistics had them, :data:`FORMER_COLUMNS`) are read as they are, their
missing columns empty; a run that resumes one appends rows in its layout, and rewrites it
in the current layout (atomically: a new file renamed over it) only when a
row carries a value for a column the old layout lacks.
"""

from __future__ import annotations

import csv
import errno
import gzip
import io
import os
import signal
import stat
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from ..errors import RunError

try:
    import fcntl
except ImportError:  # Windows: no fcntl
    fcntl = None


def _try_lock(fd: int) -> None:
    """Lock ``fd``'s file for this process, released when ``fd`` is closed:
    ``flock`` (whatever name or link reaches the file) where there is
    fcntl, else (Windows) the file's first byte through the C runtime's
    ``msvcrt.locking``. ``BlockingIOError`` when another holds it."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return
    import msvcrt

    os.lseek(fd, 0, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        raise BlockingIOError(errno.EAGAIN, "the file is locked") from None


STAT_COLUMNS = ("bb_nodes", "lp_iterations", "branches", "conflicts")
"""Solver statistics, one column each (HiGHS and SCIP: B&B nodes and LP
iterations; CP-SAT: branches and conflicts; SAT: decisions, in ``branches``,
and conflicts; the counter and matching: branches)."""
DETAIL_COLUMNS = ("presolved_rows", "presolved_columns", "root_lp_s", "root_lp_iterations",
                  "root_bound", "first_solution_s")
"""The MILP methods' detailed statistics (``stats="detailed"``, HiGHS and
SCIP): the size after presolve, the root LP relaxation's solve (seconds and
simplex or interior-point iterations), the dual bound when the root node
ended (in the model's own sense: the feasibility models' objective is 0)
and the seconds from the start of the solve to the first feasible
solution; empty when not asked for or not reached."""
STAT_NAMES = {"B&B nodes": "bb_nodes", "LP iterations": "lp_iterations",
              "branches": "branches", "decisions": "branches", "conflicts": "conflicts",
              "presolved rows": "presolved_rows", "presolved columns": "presolved_columns",
              "root LP seconds": "root_lp_s", "root LP iterations": "root_lp_iterations",
              "root bound": "root_bound", "first solution seconds": "first_solution_s"}
"""``SolveResult.stats`` names -> columns."""

SETTINGS = ("seed", "sample", "first", "time_limit_s", "cpu_limit_s", "warmup", "workers",
            "threads")
"""Settings of a run, carried by every row and part of its key:
``time_limit_s`` the wall-clock limit, ``cpu_limit_s`` the limit in CPU
seconds of the solving process (empty: none), build included; a
``TIME_LIMIT`` row reached the one it names, or both."""

COPY_COLUMNS = ("permutation", "solver_seed")
"""Which copy of an instance a row solved (issue 44: performance
variability): ``permutation``, the isomorphic copy
(:func:`sudoku_models.symmetry.copies`: 0 the puzzle itself; empty when
the run made no copies), part of the key; ``solver_seed``, the solver's
random seed of the configuration (also ``seed=N`` in its ``options`` for
the methods whose solver takes one; 0 the default)."""

KEY = ("dataset", "index", "method", "options", "repetition", "permutation", *SETTINGS)

WHERE_COLUMNS = ("cpu_s", "load_1min", "core", "host")
"""How and where a row's solve ran: ``cpu_s``, the worker process's CPU
seconds (every thread) for the build and the solve together (for a solve
stopped from outside, those it had spent when stopped), the clock of
paired comparisons of single-threaded methods (wall time of separate runs
on a shared machine cannot carry them); ``load_1min``, the 1-minute load
average when the solve started; ``core``, the core the worker was pinned
to (empty when not pinned); ``host``, the machine's name, so a study spread
over machines can be split by machine."""

COLUMNS = [
    "dataset", "index", "puzzle", "puzzle_hash", "order", "clues", "method", "options",
    "repetition", *COPY_COLUMNS, *SETTINGS, "status", "verified", "build_s", "solve_s",
    *STAT_COLUMNS, *DETAIL_COLUMNS, "solutions", "solution_hash", "error", "solver", "toolkit",
    "python", "machine", "cores", "executor", "timestamp", *WHERE_COLUMNS,
]
UNLIMITED_COLUMNS = [column for column in COLUMNS if column != "cpu_limit_s"]
"""The layout before ``cpu_limit_s`` (still read and resumed)."""
UNCOPIED_COLUMNS = [column for column in UNLIMITED_COLUMNS if column not in COPY_COLUMNS]
"""The layout before :data:`COPY_COLUMNS` (still read and resumed)."""
PREVIOUS_COLUMNS = [column for column in UNCOPIED_COLUMNS if column not in WHERE_COLUMNS]
"""The layout before :data:`WHERE_COLUMNS` (still read and resumed)."""
FORMER_COLUMNS = [column for column in PREVIOUS_COLUMNS if column not in DETAIL_COLUMNS]
"""The layout before :data:`DETAIL_COLUMNS` (still read and resumed)."""
LAYOUTS = (COLUMNS, UNLIMITED_COLUMNS, UNCOPIED_COLUMNS, PREVIOUS_COLUMNS, FORMER_COLUMNS)

# Types for load_results: everything not listed is a string.
INT_COLUMNS = ("index", "order", "clues", "repetition", "permutation", "solver_seed", "seed",
               "sample", "first", "warmup", "workers", "threads", *STAT_COLUMNS,
               "presolved_rows", "presolved_columns", "root_lp_iterations", "solutions", "cores",
               "core")
FLOAT_COLUMNS = ("time_limit_s", "cpu_limit_s", "build_s", "solve_s", "root_lp_s", "root_bound",
                 "first_solution_s", "cpu_s", "load_1min")
BOOL_COLUMNS = ("verified",)

def _header(columns) -> bytes:
    return (",".join(columns) + "\n").encode()


_HEADER = _header(COLUMNS)
_os_write = os.write  # the one call that writes rows (tests replace it to fill the disk)
_LOCK_TIMEOUT = 0.5  # seconds: another run holding the file is refused, not waited for


class ResultsFileError(ValueError):
    """A path that is not (or cannot become) a results file of this schema,
    or one another run holds."""


def row_key(row: dict) -> tuple[str, ...]:
    """What identifies a row across runs (:data:`KEY`), as strings."""
    return tuple(format_value(row.get(k)) for k in KEY)


def held(done: dict, base: dict, index: int, puzzle_hash: str, out) -> bool:
    """Whether ``done`` (key -> ``(puzzle hash, line)`` of the rows the
    results file ``out`` holds: :attr:`ResultsFile.done`) holds the row of
    puzzle ``index`` for the run's ``base`` (dataset, method, options,
    repetition, settings). Raises :class:`~sudoku_models.errors.RunError`
    naming the row when the row there is of another puzzle (its hash is not
    ``puzzle_hash``): the dataset changed under the file."""
    found = done.get(row_key({**base, "index": index}))
    if found is None:
        return False
    written, line = found
    if written != puzzle_hash:
        raise RunError(f"{out}, line {line}: row {base['dataset']} #{index} ({base['method']}, "
                       f"repetition {base['repetition']}) has puzzle hash {written}, but "
                       f"{base['dataset']} now yields {puzzle_hash} there; move the file aside "
                       f"or --overwrite")
    return True


def format_value(value) -> str:
    """How a value is written: None as empty, booleans as true/false,
    floats in full precision."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


class ResultsFile:
    """Append-only, locked CSV of result rows (columns :data:`COLUMNS`).

    ``overwrite``: replace whatever results file or other regular file is
    at ``path``. Otherwise an existing file must start with the header of
    this schema or of the former one (:data:`LAYOUTS`; else
    :class:`ResultsFileError`, the file untouched); rows are appended in the
    file's layout (``columns``) until one needs a column it lacks, which
    rewrites it in the current layout first. ``done``
    maps the key of every row already in the file to its puzzle hash and row
    number (1-based, header = line 1). ``reading``: the run's input files,
    which ``path`` must not be (:func:`~sudoku_models.formats.files.check_output`,
    as it must not be a directory, a FIFO or device, or in a folder that
    does not exist).

    The file itself is locked (``flock``, for the whole run), so a second
    run on it, under whatever name or link, is refused
    (:class:`ResultsFileError`, "in use by another run") and no lock file is
    left beside it. Nothing is written before the lock is held and the
    header has shown the file is ours.
    """

    def __init__(self, path: str | os.PathLike, overwrite: bool = False,
                 reading: tuple = ()) -> None:
        from ..errors import OutputFileError
        from ..output_files import check_output

        self.path = Path(path)
        self._former: list[int] = []  # descriptors of the file before an upgrade
        if self.path.suffix == ".gz":
            raise ResultsFileError(f"{self.path}: compressed; gunzip it to extend the run")
        try:
            check_output(self.path, reading=reading)
        except OutputFileError as exc:
            raise ResultsFileError(str(exc)) from None
        # A Ctrl-C (or a study's budget) is held back while the file is opened
        # and locked, so that it cannot land between them and leave the lock
        # held by a descriptor nothing refers to (at most _LOCK_TIMEOUT).
        with _interrupts_held_back():
            # O_NONBLOCK: a FIFO put there since the check must not block the open
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK,
                               0o644)
            _OPEN.add(self._fd)
            try:
                if not stat.S_ISREG(os.fstat(self._fd).st_mode):
                    raise ResultsFileError(f"--out {self.path}: not a regular file")
                os.set_blocking(self._fd, True)
                self._lock()
            except BaseException:
                self.close()
                raise
        try:
            self._open(overwrite)
        except BaseException:
            self.close()  # releases the lock (and __del__ does, if an interrupt skips this)
            raise

    def _lock(self) -> None:
        deadline = time.monotonic() + _LOCK_TIMEOUT
        while True:
            try:
                _try_lock(self._fd)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise ResultsFileError(f"{self.path}: in use by another run; wait for it or "
                                           f"choose another --out") from None
                time.sleep(0.05)

    def _open(self, overwrite: bool) -> None:
        self.done: dict[tuple[str, ...], tuple[str, int]] = {}
        self.columns = COLUMNS  # the layout rows are written in: the file's own
        if overwrite:
            os.ftruncate(self._fd, 0)
        size = os.fstat(self._fd).st_size
        if size:
            self.columns = _layout(os.pread(self._fd, _LONGEST + 1, 0))
            if self.columns is None:
                raise ResultsFileError(f"{self.path}: not a results file of this version (its "
                                       f"first line is not the results header); choose another "
                                       f"--out, or --overwrite to replace it")
            self._cut_torn_tail(size)
            for number, row in _rows(self.path):
                self.done[row_key(row)] = (row["puzzle_hash"], number)
        if os.fstat(self._fd).st_size == 0:
            self._write(_HEADER)

    def _cut_torn_tail(self, size: int) -> None:
        start = max(0, size - 65536)
        tail = os.pread(self._fd, size - start, start)
        if not tail.endswith(b"\n"):
            cut = tail.rfind(b"\n")
            os.ftruncate(self._fd, start + cut + 1 if cut >= 0 else len(_header(self.columns)))

    def _write(self, data: bytes) -> None:
        """One write; on failure or a short write the file is cut back to
        where it was and an ``OSError`` naming the file is raised."""
        before = os.fstat(self._fd).st_size
        try:
            written = _os_write(self._fd, data)
            if written != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        except OSError as exc:
            try:
                os.ftruncate(self._fd, before)
            except OSError:
                pass
            raise OSError(exc.errno, f"cannot write a row ({exc.strerror})", str(self.path)) from None

    def append(self, row: dict) -> None:
        """Write one row (a dict with keys of :data:`COLUMNS`) at once, in
        the file's layout; a file of the former layout is first rewritten
        in the current one if the row has a value for a column it lacks."""
        if any(format_value(row.get(c)) for c in COLUMNS if c not in self.columns):
            self._upgrade()
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerow(
            [format_value(row.get(column)) for column in self.columns])
        self._write(buffer.getvalue().encode())
        self.done[row_key(row)] = (format_value(row.get("puzzle_hash")), 0)

    def _upgrade(self) -> None:
        """Rewrite the file in the current layout: every row into a new
        file beside it (locked before it is visible), renamed over it. The
        old file stays open and locked until :meth:`close`, so a run that
        opened it before the rename cannot take it."""
        target = Path(os.path.realpath(self.path))
        temporary = target.with_name(f".{target.name}.upgrade")
        fd = os.open(temporary, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            _try_lock(fd)
            os.fchmod(fd, stat.S_IMODE(os.fstat(self._fd).st_mode))
            buffer = io.StringIO()
            writer = csv.writer(buffer, lineterminator="\n")
            writer.writerow(COLUMNS)
            writer.writerows([[row[c] for c in COLUMNS] for _, row in _rows(target)])
            data = buffer.getvalue().encode()
            if _os_write(fd, data) != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            os.fsync(fd)
            os.replace(temporary, target)
        except OSError as exc:
            os.close(fd)
            temporary.unlink(missing_ok=True)
            raise OSError(exc.errno, f"cannot rewrite the file in the current layout "
                                     f"({exc.strerror})", str(self.path)) from None
        self._former.append(self._fd)
        _OPEN.add(fd)
        self._fd, self.columns = fd, COLUMNS

    def close(self) -> None:
        """Close the descriptor (and the former file's after an upgrade),
        which releases the lock; a second call does nothing. A Ctrl-C (or a
        study's budget, which interrupts the main thread every second until
        the run has ended) that arrives meanwhile is held back until the
        descriptors are closed, so no interrupt can leave the lock held."""
        with _interrupts_held_back():
            fds = (getattr(self, "_fd", None), *getattr(self, "_former", ()))
            self._fd, self._former = None, []
            for fd in fds:
                if fd is not None:
                    _OPEN.discard(fd)
                    os.close(fd)

    __del__ = close
    """A file dropped without :meth:`close` (a run interrupted between
    opening it and the block that closes it) releases its lock when it is
    collected, so the same command can resume it."""


@contextmanager
def _interrupts_held_back():
    """In the main thread, SIGINT's handler only notes an interrupt while
    the block runs; the original handler is called once after it (raising
    ``KeyboardInterrupt`` there). Elsewhere (no handler can be set) the
    block runs as is."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is None):
        yield
        return
    noted = []
    original = signal.signal(signal.SIGINT, lambda number, frame: noted.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, original)
        if noted and callable(original):
            original(signal.SIGINT, noted[-1])


_OPEN: set[int] = set()  # descriptors of the results files open in this process


def _close_inherited() -> None:
    """In a forked child (a benchmark worker): close the results files'
    descriptors it inherited, so that a child that outlives its run (one
    forked while an interrupt stopped the run ends at its first read) does
    not keep the file locked. The parent's lock stays: ``flock`` belongs to
    the open file, which the parent's descriptor still holds."""
    for fd in list(_OPEN):
        try:
            os.close(fd)
        except OSError:
            pass
    _OPEN.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_inherited)

_LONGEST = max(len(_header(layout)) for layout in LAYOUTS)


def _layout(start: bytes) -> list[str] | None:
    """The layout (:data:`LAYOUTS`) whose header ``start`` (a file's first
    bytes) begins with, or None."""
    for layout in LAYOUTS:
        if start.startswith(_header(layout)):
            return layout
    return None


def _open_text(path: Path):
    return gzip.open(path, "rt", newline="") if path.suffix == ".gz" else open(path, newline="")


def _rows(path: Path):
    """``(line number, row dict)`` of every row, with every column of
    :data:`COLUMNS` (those the file's layout lacks empty); a repeated header
    line (two writers of old versions) is skipped."""
    with _open_text(path) as handle:
        reader = csv.reader(handle)
        columns = COLUMNS
        for number, values in enumerate(reader, start=1):
            if number == 1:
                columns = values
                continue
            if values in LAYOUTS:
                continue
            yield number, {**_EMPTY, **dict(zip(columns, values))}


_EMPTY = dict.fromkeys(COLUMNS, "")


def check_results_file(path: str | os.PathLike) -> Path:
    """``path`` if it is a readable results file of this schema or the
    former one (:data:`LAYOUTS`; plain or ``.gz``); :class:`ResultsFileError`
    naming it otherwise."""
    path = Path(path)
    if not path.is_file():
        raise ResultsFileError(f"{path}: not found")
    try:
        with _open_text(path) as handle:
            first = handle.readline(_LONGEST + 1)
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise ResultsFileError(f"{path}: not a results file ({exc})") from None
    if first.encode() not in {_header(layout) for layout in LAYOUTS}:
        raise ResultsFileError(f"{path}: not a results file of this version (its first line is "
                               f"not the header of 'bench run' results)")
    return path


def read_results(path: str | os.PathLike) -> list[dict]:
    """Every row of a results file (plain, or gzip-compressed when its name
    ends in ``.gz``) as a dict of strings; a doubled header is dropped.
    Raises :class:`ResultsFileError` for any other file."""
    return [row for _, row in _rows(check_results_file(path))]


def load_results(path: str | os.PathLike):
    """A results file as a ``pandas.DataFrame`` with typed columns: the
    integer columns (``index``, ``order``, ``clues``, ``seed``, ``sample``,
    ``bb_nodes``, ...) as nullable ``Int64``, ``time_limit_s``, ``build_s``,
    ``solve_s`` as float seconds (NaN: none), ``verified`` as nullable
    ``boolean``, ``timestamp`` as UTC datetimes, the rest as strings; plus
    ``total_s`` = ``build_s + solve_s``. Raises :class:`ResultsFileError`
    for a file that is not a results file."""
    return results_frame(read_results(path))


def results_frame(rows: list[dict]):
    """Rows as :func:`read_results` returns them -> the typed DataFrame of
    :func:`load_results`."""
    import pandas as pd

    frame = pd.DataFrame(rows, columns=COLUMNS).replace("", None)
    for column in INT_COLUMNS:
        frame[column] = pd.to_numeric(frame[column]).astype("Int64")
    for column in FLOAT_COLUMNS:
        frame[column] = pd.to_numeric(frame[column]).astype(float)
    for column in BOOL_COLUMNS:
        frame[column] = frame[column].map({"true": True, "false": False}).astype("boolean")
    frame["timestamp"] = pd.to_datetime(frame["timestamp"], utc=True)
    for column in set(COLUMNS) - set(INT_COLUMNS) - set(FLOAT_COLUMNS) - set(BOOL_COLUMNS) - {
            "timestamp"}:
        frame[column] = frame[column].astype("string")
    frame["total_s"] = frame["build_s"].fillna(0) + frame["solve_s"].fillna(0)
    return frame
