"""The Dask executor: chunks run as tasks in the threads of an existing
Dask cluster's workers.

A chunk lost with a worker is retried puzzle by puzzle, then recorded as
``ERROR``; every wait on the cluster is bounded (:data:`CONNECT_TIMEOUT`,
:data:`WORKER_TIMEOUT`). The time limit there is the one the solver honours
(Dask cannot end a thread): use local workers for hard limits.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..result import Status
from .plan import Chunk, RunError
from .worker import run_chunk
from ..records.rows import environment, line_puzzle, make_row

CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler
WORKER_TIMEOUT = 30.0  # seconds to wait for a Dask worker to (re)appear


def _check_address(address: str) -> str:
    scheme, sep, rest = address.rpartition("://")
    host, colon, port = rest.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RunError(f"--scheduler {address!r}: expected tcp://HOST:PORT with a port 1..65535")
    return address if sep else f"tcp://{address}"


def connect_dask(address: str):
    """A ``distributed.Client`` of the scheduler at ``address`` with at least
    one worker. Every wait is bounded (:data:`CONNECT_TIMEOUT`,
    :data:`WORKER_TIMEOUT`); :class:`RunError` naming the address otherwise
    (a bad port, a refused or silent port, no worker)."""
    address = _check_address(address)
    try:
        from distributed import Client
    except ImportError:
        raise RunError("--scheduler needs Dask: pip install 'sudoku-models[dask]'") from None
    import logging

    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # our one line says it all
    box = {}

    def connect() -> None:  # in a thread: a port that accepts and never answers blocks it
        try:
            box["client"] = Client(address, timeout=CONNECT_TIMEOUT)
        except Exception as exc:  # reported below, in one line
            box["error"] = exc

    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(CONNECT_TIMEOUT + 1)
    if "client" not in box:
        why = type(box["error"]).__name__ if "error" in box else "no answer"
        raise RunError(f"Dask scheduler {address}: cannot connect within {CONNECT_TIMEOUT:g} s "
                       f"({why})")
    client = box["client"]
    try:
        client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
    except (OSError, TimeoutError):
        client.close(timeout=5)
        raise RunError(f"Dask scheduler {address}: no worker joined within "
                       f"{WORKER_TIMEOUT:g} s") from None
    try:  # the workers must be able to import the toolkit to run anything
        client.submit(toolkit_version, pure=False).result(timeout=WORKER_TIMEOUT)
    except Exception as exc:
        client.close(timeout=5)
        why = " ".join(str(exc).split())[:120]
        raise RunError(f"Dask scheduler {address}: the cluster cannot run sudoku_models "
                       f"({type(exc).__name__}: {why}); install sudoku-models where the "
                       f"scheduler and workers run") from None
    return client


def toolkit_version() -> str:
    """The toolkit's version where this runs (the check that a Dask worker
    can import ``sudoku_models``)."""
    return environment()["toolkit"]


def run_dask(chunks: list[Chunk], client, emit: Callable[[dict], None]) -> None:
    """Run chunks through a connected Dask ``client`` (see module docstring);
    raises :class:`RunError` naming the scheduler when no worker is left for
    :data:`WORKER_TIMEOUT` seconds or the scheduler is lost."""
    from distributed import wait

    address = client.scheduler.address
    futures = {client.submit(run_chunk, c, pure=False): c for c in chunks}
    without_workers = None
    while futures:
        try:
            done, _ = wait(list(futures), timeout=1.0, return_when="FIRST_COMPLETED")
        except TimeoutError:
            done = set()
        for future in done:
            chunk = futures.pop(future)
            try:  # bounded: a future whose worker is gone can report done and never answer
                rows = future.result(timeout=CONNECT_TIMEOUT)
            except Exception as exc:  # a lost worker (KilledWorker), a failed task, a timeout
                why = f"Dask task failed twice: {type(exc).__name__}: {' '.join(str(exc).split())}"
                if chunk.retry:
                    for item in chunk.items:
                        emit(make_row({**chunk.base, "permutation": item.permutation},
                                      item.index, line_puzzle(item.line, item.name),
                                      status=Status.ERROR.value, verified=False,
                                      error=why[:300]))
                else:
                    for item in chunk.items:
                        single = chunk.but([item], warmup=0, retry=True)
                        futures[client.submit(run_chunk, single, pure=False)] = single
                continue
            for row in rows:
                emit(row)
        if not done:
            try:
                alive = len(client.nthreads())
            except (OSError, TimeoutError):
                raise RunError(f"Dask scheduler {address}: lost the connection") from None
            without_workers = None if alive else without_workers or time.monotonic()
            if without_workers and time.monotonic() - without_workers > WORKER_TIMEOUT:
                raise RunError(f"Dask scheduler {address}: no worker left for "
                               f"{WORKER_TIMEOUT:g} s; {len(futures)} chunks not run")
