"""The SLURM executor (sudoku_models.bench.slurm) on submitit's local
executor: the same job array, its tasks run as processes here. The
results file resumes the chunk of a cancelled task, every row is verified
(the worker checks each grid against the rules) and names its host."""

import socket

import pytest

from sudoku_models import read_puzzles
from sudoku_models.bench.plan import RunError, plan
from sudoku_models.records.results import ResultsFile, read_results
from sudoku_models.bench.slurm import run_slurm, slurm_executor

pytest.importorskip("submitit")

SETTINGS = {"seed": 0, "sample": None, "first": 2, "time_limit_s": None, "warmup": 0,
            "workers": 1, "threads": 1}


def _chunks(out, results):
    puzzles = read_puzzles("top95")[:2]
    loaded = [("top95", list(enumerate(puzzles, start=1)))]
    return plan(loaded, [("backtracking", {})], SETTINGS, 1, 1, None, 0, results.done, out,
                executor="slurm local")


class CancelFirst:
    """A submitit executor whose first array task is cancelled at once (as
    ``scancel JOB_0`` would)."""

    def __init__(self, executor):
        self.executor = executor

    def map_array(self, fn, items):
        jobs = self.executor.map_array(fn, items)
        jobs[0].cancel(check=False)
        return jobs


@pytest.mark.slow  # a simulated job array run twice: 19 s
def test_a_job_array_run_resumes_after_a_cancelled_task(tmp_path):
    out = tmp_path / "slurm.csv"
    results = ResultsFile(out)
    chunks, keys = _chunks(out, results)
    assert len(chunks) == 2
    executor = slurm_executor(None, tmp_path / "logs", cluster="local")
    with pytest.raises(RunError, match=r"1 of 2 tasks ended without rows .*run the same "
                                       r"command again"):
        run_slurm(chunks, CancelFirst(executor), results.append)
    results.close()
    assert [int(r["index"]) for r in read_results(out)] == [2]
    results = ResultsFile(out)
    chunks, again = _chunks(out, results)  # the next run plans only what is missing
    assert again == keys and [c.items[0][0] for c in chunks] == [1]
    rows = []
    run_slurm(chunks, executor, rows.append)
    for row in rows:
        results.append(row)
    results.close()
    assert {row["host"] for row in rows} == {socket.gethostname()}
    written = read_results(out)
    assert sorted(int(r["index"]) for r in written) == [1, 2]
    assert {(r["status"], r["verified"]) for r in written} == {("OPTIMAL", "true")}


def test_slurm_needs_a_partition():
    with pytest.raises(RunError, match="needs --slurm-partition"):
        slurm_executor(None)
