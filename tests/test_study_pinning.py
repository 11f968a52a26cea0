"""``studykit.pinning``: the ``--core`` option every study script shares."""

import argparse
import os

import pytest

import pandas as pd

from benchmarks.studykit.pinning import add_core_option, affinity_text, cores_note, pin


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="study")
    add_core_option(parser)
    return parser


def test_a_core_the_process_cannot_use_is_one_line_and_exit_code_2(capsys):
    parser = _parser()
    args = parser.parse_args(["--core", "4096"])
    with pytest.raises(SystemExit) as stop:
        pin(parser, args.core)
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("study: error: --core 4096: cannot pin this process to it")


def test_pinning_to_a_core_of_the_affinity_set_returns_it_and_every_core_returns_the_set():
    before = os.sched_getaffinity(0)
    try:
        assert pin(_parser(), None, every_core=True) == affinity_text()
        core = min(before)
        assert pin(_parser(), core) == core
        assert os.sched_getaffinity(0) == {core}
        assert affinity_text() == str(core)
    finally:
        os.sched_setaffinity(0, before)


def test_cores_note_names_every_core_of_the_rows_or_nothing_without_the_column():
    assert cores_note(pd.DataFrame({"core": [1, 0, 1]})) == "; core 1, 0"
    assert cores_note(pd.DataFrame({"load": [0.5]})) == ""
