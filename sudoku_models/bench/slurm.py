"""The SLURM executor: chunks run as the tasks of a job array submitted
through ``submitit`` (one chunk per task).

From a login node the run is the same command as a local one with
``--executor slurm --slurm-partition NAME``: submitit pickles each chunk
into ``--slurm-folder`` (default ``slurm-logs``, on the shared file system),
submits one array, and the rows come back as each task ends; the command
waits, appending them to the results file. The results file is keyed
(:mod:`sudoku_models.records.results`), so a task that did not end (the job
cancelled, preempted or past its wall time) leaves no row: the run raises
:class:`RunError` naming the job and the chunks left, and the same command
run again submits only those. Each row names the ``host`` its task ran on.

The time limit is the one the solver honours (a task is not stopped from
outside); tested with submitit's local executor, which runs the same array
as processes on this machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from .plan import Chunk, RunError
from .worker import run_chunk

POLL_SECONDS = 2.0  # between looks at the job array's state
DEFAULT_FOLDER = "slurm-logs"


def slurm_executor(partition: str | None, folder: str | Path = DEFAULT_FOLDER, *,
                   cluster: str = "slurm", minutes: int = 60, parallelism: int = 64):
    """A ``submitit`` executor for :func:`run_slurm`: tasks of one CPU on
    ``partition``, ``minutes`` of wall time each, at most ``parallelism``
    running at once, logs and pickles in ``folder``. ``cluster="local"``
    runs the tasks as processes here (for tests; ``partition`` unused).
    Raises :class:`RunError` when submitit is not installed or
    ``partition`` is missing for SLURM."""
    try:
        import submitit
    except ImportError:
        raise RunError("--executor slurm needs submitit: pip install 'sudoku-models[slurm]'"
                       ) from None
    if cluster == "slurm" and not partition:
        raise RunError("--executor slurm needs --slurm-partition NAME (sinfo lists them)")
    executor = submitit.AutoExecutor(folder=str(folder), cluster=cluster)
    settings = {"timeout_min": minutes, "cpus_per_task": 1, "tasks_per_node": 1,
                "name": "sudoku-models-bench"}
    if cluster == "slurm":
        settings.update(slurm_partition=partition, slurm_array_parallelism=parallelism)
    executor.update_parameters(**settings)
    return executor


def run_slurm(chunks: list[Chunk], executor, emit: Callable[[dict], None]) -> None:
    """Run ``chunks`` as one job array of ``executor`` (from
    :func:`slurm_executor`), one chunk per task, handing every row to
    ``emit`` as its task ends (same contract as
    :func:`~sudoku_models.bench.cluster.run_dask`). Raises :class:`RunError`
    naming the job when tasks ended without rows (cancelled, failed, out of
    time): their chunks are left for the next run to resume."""
    if not chunks:
        return
    jobs = executor.map_array(run_chunk, chunks)  # each row names its host (worker.environment)
    pending = dict(zip(jobs, chunks))
    lost: list[tuple[object, str]] = []
    while pending:
        for job in [job for job in pending if job.done()]:
            pending.pop(job)
            try:
                rows = job.result()
            except Exception as exc:  # cancelled, preempted, timed out, killed
                lost.append((job, f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"))
                continue
            for row in rows:
                emit(row)
        if pending:
            time.sleep(POLL_SECONDS)
    if lost:
        job, why = lost[0]
        raise RunError(f"job {job.job_id.split('_')[0]}: {len(lost)} of {len(chunks)} tasks ended "
                       f"without rows (first: task {job.job_id}, {why}); the rows of the others "
                       f"are written: run the same command again to run the rest")
