"""The 9x9 bitboard kernel's propagation and its fill of a grid, and the
counter's batch call: small batches stay in the calling thread, long ones go
to a pool, the answers the same either way."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time

import numpy as np
import pytest

from sudoku_models import CountIncomplete, Puzzle, read_grids, verify
from sudoku_models.counter import (api, backtrack_count, backtrack_count_many, kernel,
                                   kernel9, run_search, run_search9, backtrack_solve_many, tables)
from sudoku_models.counter.core import NODES, new_control

from .helpers import DATASETS




def test_a_value_placed_fewer_than_nine_times_with_no_candidate_left_is_a_contradiction():
    # digit 1 in rows 1 to 8 (where a solved grid has it); r9c2 = 2 takes its last place
    # in row 9, so every 1 left is placed and row 9 has none: no solution, found by
    # propagation alone (it used to branch 8,659 times before seeing it)
    grid = np.zeros((9, 9), np.int32)
    for r in range(8):
        grid[r, -(3 * (r % 3) + r // 3) % 9] = 1
    grid[8, 1] = 2
    control = new_control()
    assert run_search9(grid.ravel(), 2, control=control)[0] == 0
    assert control[NODES] == 0
    assert run_search(grid.ravel(), 3, 2)[0] == 0  # the general kernel agrees


def test_the_bitboard_fill_gives_the_general_kernels_grid_and_branch_nodes():
    # random value orders per cell, node budgets from none to plenty: the same answer
    # (a grid, or BUDGET), the same grid, the same branch nodes
    t = tables(3)
    work = t.workspace()
    rng = np.random.default_rng(7)
    grids = set()
    for budget in (0, 3, 10, 40, 120, 324, 10**6) * 25:
        order = np.argsort(rng.random((81, 9)), axis=1).astype(np.int64) + 1
        general, bitboard = new_control(), new_control()
        grid, grid9 = np.zeros(81, np.int32), np.zeros(81, np.int32)
        answer = kernel.fill(order, budget, general, grid, t.singles, work)
        assert kernel9.fill9(order, budget, bitboard, grid9) == answer
        assert bitboard[NODES] == general[NODES]
        if answer == 1:
            assert np.array_equal(grid9, grid)
            assert verify(Puzzle(np.zeros((9, 9), np.int64), 3), grid.reshape(9, 9))
            grids.add(grid.tobytes())
    assert len(grids) > 50  # random grids, not one


@pytest.fixture
def pools(monkeypatch):
    """The helper counts every time the batch call hands work to its helper threads."""
    asked = []
    real = api._helpers

    def counting(count):
        asked.append(count)
        return real(count)

    monkeypatch.setattr(api, "_helpers", counting)
    return asked


def _top1465() -> np.ndarray:
    return read_grids(DATASETS / "top1465.txt").grids.reshape(-1, 81).astype(np.int32)


def test_a_batch_of_little_work_runs_without_a_pool(pools):
    grids = _top1465()[:3]
    grids[2, :2] = 5  # no solution
    counts = backtrack_count_many(grids, 2, workers=2)
    assert counts.tolist() == [backtrack_count(g.reshape(9, 9), 2) for g in grids] == [1, 1, 0]
    solutions = backtrack_solve_many(grids, workers=2)
    assert all(verify(Puzzle.from_grid(g.reshape(9, 9)), s) for g, s in zip(grids[:2], solutions))
    assert not solutions[2].any()
    assert pools == []


def test_a_long_batch_goes_to_a_pool_with_the_same_answers(pools):
    grids = np.concatenate([_top1465()] * 2)  # about 50 ms of CPU time
    grids[::97, :2] = 7  # some without solution
    counts = backtrack_count_many(grids, 2, workers=2)
    assert pools == [1]
    assert counts.tolist() == backtrack_count_many(grids, 2, workers=1).tolist()
    assert set(counts.tolist()) == {0, 1}
    solutions = backtrack_solve_many(grids, workers=2)
    for grid, solution, count in list(zip(grids, solutions, counts))[::37]:
        assert verify(Puzzle.from_grid(grid.reshape(9, 9)), solution) if count \
            else not solution.any()


def test_a_time_limit_stops_the_pool_and_keeps_the_counts_finished(pools):
    grids = np.concatenate([_top1465()[:400], np.zeros((2, 81), np.int32)])
    with pytest.raises(CountIncomplete) as stopped:
        backtrack_count_many(grids, None, workers=2, time_limit=0.5)
    assert pools == [1] and stopped.value.reason == "time limit"
    counts = stopped.value.counts
    assert (counts[-2:] == -1).all()  # the empty grids: not finished
    assert (counts[:-2] == 1).all()  # every chunk ahead of them ran to its end


def test_two_batches_at_once_share_the_helpers_and_keep_their_answers(pools):
    grids = _top1465()
    grids[::50, :2] = 7  # some without solution
    alone = backtrack_count_many(grids, 2, workers=1)
    answers = {}

    def count(key, batch):
        answers[key] = backtrack_count_many(batch, 2, workers=2)

    threads = [threading.Thread(target=count, args=(k, grids[k::2])) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers[0].tolist() == alone[0::2].tolist()
    assert answers[1].tolist() == alone[1::2].tolist()
    assert pools == [1, 1]


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no affinity set here")
def test_a_process_confined_to_one_core_counts_without_helpers(pools, monkeypatch):
    # taskset -c 0 on a machine of many cores: the default is the one core given, so no
    # helper thread competes with the counting one for it
    grids = _top1465()
    expected = backtrack_count_many(grids, 2, workers=1).tolist()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    monkeypatch.setattr(api, "POOL_SECONDS", 0.0)  # a helper joins any batch that may have one
    monkeypatch.setattr(api, "BUSY_POOL_SECONDS", 0.0)
    assert backtrack_count_many(grids, 2).tolist() == expected
    assert pools == []
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    assert backtrack_count_many(grids, 2).tolist() == expected
    assert pools == [1]


def _count_in_child(grids, queue):
    queue.put(backtrack_count_many(grids, 2, workers=2).tolist())


def test_a_forked_child_counts_with_helpers_of_its_own(pools):
    # the parent's helper threads do not exist in a forked child (the benchmark
    # runner forks its workers): a batch there must start its own, not wait forever
    grids = _top1465()
    expected = backtrack_count_many(grids, 2, workers=2).tolist()
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_count_in_child, args=(grids, queue))
    child.start()
    assert queue.get(timeout=60) == expected
    child.join(10)
    assert child.exitcode == 0 and pools == [1]


@pytest.mark.parametrize("load, helped", [(0.2, [1]), (7.0, [])])
def test_a_hard_batch_of_a_millisecond_gets_a_helper_only_with_a_core_to_spare(
        pools, monkeypatch, load, helped):
    # top95's first 60: about 0.8 ms of work (more on a loaded machine); a helper joins once
    # more than POOL_SECONDS of work is seen to be left when the load average leaves a core
    # free, BUSY_POOL_SECONDS when other jobs keep every core busy. The two are set 20 times
    # below and above the work measured here, so that the test reads the rule, not this
    # machine's speed (a CI machine once took over the 2 ms of BUSY_POOL_SECONDS)
    grids = read_grids(DATASETS / "top95.txt").grids.reshape(-1, 81)[:60].astype(np.int32)
    expected = backtrack_count_many(grids, 2, workers=1)  # loads the kernel
    start = time.thread_time()
    backtrack_count_many(grids, 2, workers=1)
    work = time.thread_time() - start
    monkeypatch.setattr(api, "POOL_SECONDS", work / 20)
    monkeypatch.setattr(api, "BUSY_POOL_SECONDS", work * 20)
    monkeypatch.setattr(api, "PROBE_SECONDS", min(api.PROBE_SECONDS, work / 4))
    monkeypatch.setattr(api.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(api.cores, "usable", lambda: 2)
    assert backtrack_count_many(grids, 2, workers=2).tolist() == expected.tolist() == [1] * 60
    assert pools == helped
