"""read_puzzles: one-per-line files, Project Euler 96 files, bad lines."""

import pytest

from sudoku_models import Puzzle, PuzzleFormatError, read_puzzles

from .helpers import DATASETS, SEED_STRING, pattern_grid


def test_bundled_datasets_read_completely():
    assert len(read_puzzles(DATASETS / "top95.txt")) == 95
    assert len(read_puzzles(DATASETS / "top1465.txt")) == 1465
    seventeen = read_puzzles(DATASETS / "17clue.txt")  # CRLF lines, attribution comments
    assert len(seventeen) == 49158
    assert {p.num_clues for p in seventeen[:1000]} == {17}


def test_comments_blank_lines_and_names(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text(f"# two puzzles\n\n{SEED_STRING}\r\n  # indented comment\n{SEED_STRING.replace('.', '0')}  # trailing note\n")
    puzzles = read_puzzles(path)
    assert [p.name for p in puzzles] == ["mine.txt:3", "mine.txt:5"]
    assert puzzles[0] == puzzles[1] == Puzzle.from_string(SEED_STRING)


def test_one_bad_line_is_named_with_file_and_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(f"{SEED_STRING}\n{SEED_STRING}\n{SEED_STRING[:40]}?{SEED_STRING[41:]}\n")
    with pytest.raises(PuzzleFormatError) as info:
        read_puzzles(path)
    assert f"{path}, line 3: row 5, column 5: '?' is not a value" in str(info.value)


def test_project_euler_96_format(tmp_path):
    rows = [SEED_STRING.replace(".", "0")[9 * r : 9 * r + 9] for r in range(9)]
    full = "".join(str(v) for v in pattern_grid(3).ravel())
    rows2 = [full[9 * r : 9 * r + 9] for r in range(9)]
    path = tmp_path / "p096_sudoku.txt"
    path.write_text("Grid 01\n" + "\n".join(rows) + "\nGrid 02\n" + "\n".join(rows2) + "\n")
    first, second = read_puzzles(path)
    assert first == Puzzle.from_string(SEED_STRING)
    assert second.num_clues == 81
    assert second.name == "p096_sudoku.txt:Grid 02"


def test_project_euler_block_with_a_short_row(tmp_path):
    rows = ["003020600"] * 9
    rows[4] = "00302060"
    path = tmp_path / "euler.txt"
    path.write_text("Grid 01\n" + "\n".join(rows) + "\n")
    with pytest.raises(PuzzleFormatError) as info:
        read_puzzles(path)
    assert f"{path}, line 6: grid 'Grid 01' must have 9 rows of 9 digits" in str(info.value)


def test_missing_file_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_puzzles(tmp_path / "nope.txt")
