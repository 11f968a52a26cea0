"""The cores this process may run on, as every pool, pin and record asks them."""

import os

import pytest

from sudoku_models import cores
from sudoku_models.commands.bench import default_workers


@pytest.mark.parametrize("given, usable, pinned", [({3}, 1, 3), ({0, 2, 5}, 3, None)])
def test_the_affinity_set_is_what_a_process_may_use(monkeypatch, given, usable, pinned):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(given))
    monkeypatch.setattr(os, "cpu_count", lambda: 8)  # the machine has more than the process
    assert cores.affinity() == sorted(given)
    assert cores.usable() == usable
    assert cores.pinned() == pinned
    assert default_workers() == max(1, usable - 1)


def test_without_an_affinity_set_every_core_is_usable_and_none_pinned(monkeypatch):
    def no_affinity(pid):
        raise OSError("not here")

    monkeypatch.setattr(os, "sched_getaffinity", no_affinity)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert cores.affinity() is None and cores.usable() == 4 and cores.pinned() is None
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert cores.usable() == 1
