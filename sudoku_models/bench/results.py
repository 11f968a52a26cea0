"""The results file: a CSV that survives being killed at any moment.

Every row is written with one ``write()`` call on a descriptor opened with
``O_APPEND``, so a process killed (even by SIGKILL) between rows leaves only
whole rows; on opening, a torn last line (a crash inside the kernel's write,
a full disk) is cut off. Rows already in the file are skipped when the same
run is started again.
"""

from __future__ import annotations

import csv
import gzip
import io
import os
from pathlib import Path

COLUMNS = [
    "dataset", "index", "puzzle", "hash", "order", "clues", "method", "repetition", "status",
    "verified", "build_seconds", "solve_seconds", "B&B nodes", "LP iterations", "branches",
    "conflicts", "solutions", "error", "toolkit", "solver", "python", "machine", "cores",
    "timestamp",
]
KEY = ("dataset", "index", "method", "repetition")


def row_key(row: dict) -> tuple[str, str, str, str]:
    """What identifies a row across runs: dataset, puzzle index, method, repetition."""
    return tuple(str(row[k]) for k in KEY)


class ResultsFile:
    """Append-only CSV of benchmark rows (columns :data:`COLUMNS`)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.done: set[tuple[str, str, str, str]] = set()
        if self.path.exists() and self.path.stat().st_size:
            self._cut_torn_tail()
            with self.path.open(newline="") as handle:
                reader = csv.DictReader(handle)
                if reader.fieldnames != COLUMNS:
                    raise ValueError(f"{self.path}: not a results file of this version "
                                     f"(columns differ); choose another --out")
                self.done = {row_key(row) for row in reader}
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        if os.fstat(self._fd).st_size == 0:
            self._write(COLUMNS)

    def _cut_torn_tail(self) -> None:
        data = self.path.read_bytes()
        if not data.endswith(b"\n"):
            with self.path.open("r+b") as handle:
                handle.truncate(data.rfind(b"\n") + 1)

    def _write(self, values) -> None:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerow(values)
        os.write(self._fd, buffer.getvalue().encode())

    def append(self, row: dict) -> None:
        """Write one row (a dict with the keys of :data:`COLUMNS`) at once."""
        self._write([row.get(column, "") for column in COLUMNS])
        self.done.add(row_key(row))

    def close(self) -> None:
        os.close(self._fd)


def read_results(path: str | os.PathLike) -> list[dict]:
    """All rows of a results file (plain, or gzip-compressed when its name
    ends in ``.gz``), as dicts of strings."""
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", newline="") as handle:
        return list(csv.DictReader(handle))
