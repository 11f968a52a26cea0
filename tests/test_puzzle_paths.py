"""``read_puzzle`` and the command line take a file or a collection's name
as well as a puzzle's text (issue 45): a path relative to the current
folder, a bundled collection by name, and a text that looks like a file
name and is not a puzzle named as a missing file."""

import gzip
import json
from pathlib import Path

import pytest

from sudoku_models import read_puzzle, read_puzzles, solve, verify
from sudoku_models.cli import main
from sudoku_models.errors import PuzzleFileNotFound, PuzzleFormatError
from sudoku_models.formats.toolkit_json import to_json

ROWS = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6",
        ".6....28.", "...419..5", "....8..79"]


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_missing_file_is_named_as_missing(here):
    """``read_puzzle("nosuch.txt")`` said "character 3: 's' is not a value"."""
    for text in ("nosuch.txt", "puzzles/mine.json", "mine.JSONL", Path("nosuch")):
        with pytest.raises(PuzzleFileNotFound, match="no such file") as raised:
            read_puzzle(text)
        assert isinstance(raised.value, FileNotFoundError) and isinstance(raised.value,
                                                                          PuzzleFormatError)
        assert raised.value.filename == str(text) and str(here) in str(raised.value)
    # not a file name: the line format's own message, as before
    with pytest.raises(PuzzleFormatError, match="got 3") as raised:
        read_puzzle("abc")
    assert not isinstance(raised.value, FileNotFoundError)


def test_a_file_of_one_puzzle_in_any_format_relative_to_the_current_folder(here):
    classic = "\n".join(ROWS)
    (here / "rows.txt").write_text("# a student's puzzle, row by row\n" + classic + "\n")
    puzzle = read_puzzle("rows.txt")
    assert puzzle.num_clues == 30 and puzzle.name == "rows.txt"
    assert puzzle == read_puzzle(Path("rows.txt")) == read_puzzle(classic)
    killer = read_puzzles("killer-9x9")[0]
    (here / "sub").mkdir()
    (here / "sub" / "killer.json.gz").write_bytes(gzip.compress(json.dumps(to_json(killer))
                                                                .encode()))
    again = read_puzzle("sub/killer.json.gz")
    assert again.rules == killer.rules and (again.grid == killer.grid).all()
    assert verify(again, solve(again, "cp").grid)


def test_a_file_or_collection_of_many_puzzles_points_to_read_puzzles(here):
    (here / "two.txt").write_text("\n".join(p.to_string() for p in read_puzzles("top95")[:2]))
    for name in ("two.txt", "top95"):
        with pytest.raises(PuzzleFormatError, match=f"{name}: holds (2|95) puzzles, one a line; "
                                                    r"read_puzzle .* read_puzzles"):
            read_puzzle(name)


def test_the_command_line_reads_a_puzzle_file_and_names_a_missing_one(here, capsys):
    (here / "rows.txt").write_text("\n".join(ROWS) + "\n")
    assert main(["solve", "rows.txt", "--method", "cp"]) == 0
    assert "30 clues" in capsys.readouterr().out
    assert main(["solve", "nosuch.txt"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "PUZZLE: no such file: 'nosuch.txt'" in err
    assert main(["solve", "--file", "top95", "--first", "2", "--method", "cp"]) == 0
    assert "2 puzzles of top95" in capsys.readouterr().out
