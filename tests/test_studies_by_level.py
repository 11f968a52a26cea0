"""The generation-by-level step of the difficulty study: its command line."""

import pytest

from benchmarks.difficulty import by_level


@pytest.mark.parametrize("argv, message", [
    (["--levels", "easy,nonesuch"], "unknown level nonesuch: choose from easy, medium"),
    (["--levels", ","], "unknown level (none given)"),
    (["--per-level", "0"], "--per-level must be 1 or more"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        by_level.main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_default_levels_are_every_level_but_needs_search():
    assert by_level.DEFAULT_LEVELS == ("easy", "medium", "hard", "expert")
    assert by_level.level_list("hard, easy") == ["hard", "easy"]
