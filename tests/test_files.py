"""read_puzzles and read_grids: one-per-line files, Project Euler 96 files, bad lines."""

import io
import re

import numpy as np
import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, PuzzleFormatError, read_grids, read_puzzles

from .helpers import DATASETS, SEED_STRING, pattern_grid
from sudoku_models.formats.toolkit_json import to_json


def test_bundled_datasets_read_completely():
    assert len(read_puzzles(DATASETS / "top95.txt")) == 95
    assert len(read_puzzles(DATASETS / "top1465.txt")) == 1465
    seventeen = read_puzzles(DATASETS / "17clue.txt")  # CRLF lines, attribution comments
    assert len(seventeen) == 49158
    assert {p.num_clues for p in seventeen[:1000]} == {17}


def test_comments_blank_lines_and_names(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text(f"# two puzzles\n\n{SEED_STRING}\r\n  # indented comment\n"
                    f"{SEED_STRING.replace('.', '0')}  # trailing note\n")
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


# -- bounded, incremental reading from paths, '-' and streams (issues 9 and 15) --


def test_byte_order_mark_is_skipped(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + f"{SEED_STRING}\r\n{SEED_STRING}\r\n".encode())
    puzzles = read_puzzles(path)
    assert [p.name for p in puzzles] == ["bom.txt:1", "bom.txt:2"]
    assert puzzles[0] == Puzzle.from_string(SEED_STRING)


def test_byte_order_mark_before_a_project_euler_header(tmp_path):
    path = tmp_path / "euler.txt"
    path.write_text("\ufeffGrid 01\n" + "\n".join(["000000000"] * 9) + "\n", encoding="utf-8")
    (puzzle,) = read_puzzles(path)
    assert puzzle.num_clues == 0 and puzzle.name == "euler.txt:Grid 01"


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_every_line_ending_is_read_including_across_chunks(tmp_path, ending):
    # 1000 lines of 83 bytes span two 64 KiB chunks, so a '\r\n' falls on a boundary
    path = tmp_path / "many.txt"
    path.write_bytes((SEED_STRING + ending).encode() * 1000)
    puzzles = read_puzzles(path)
    assert len(puzzles) == 1000
    assert puzzles[-1].name == "many.txt:1000"


def test_dev_zero_is_rejected_by_the_line_bound():
    with pytest.raises(PuzzleFormatError) as info:
        read_puzzles("/dev/zero")
    assert "/dev/zero, line 1: longer than 16384 bytes" in str(info.value)


def test_a_long_line_is_rejected_with_its_number(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(f"{SEED_STRING}\n{SEED_STRING}\n" + "." * 20_000 + f"\n{SEED_STRING}\n")
    with pytest.raises(PuzzleFormatError) as info:
        read_puzzles(path)
    assert f"{path}, line 3: longer than 16384 bytes" in str(info.value)
    with pytest.raises(PuzzleFormatError, match="line 3: longer than 100 bytes"):
        read_puzzles(path, max_line_bytes=100)
    with pytest.raises(PuzzleFormatError, match="line 3: a puzzle has 16, 81, 256, 625 cells"):
        read_puzzles(path, max_line_bytes=None)


def test_a_single_line_of_100_megabytes_is_rejected_without_reading_it(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as file:
        file.truncate(100_000_000)  # sparse: costs no disk
    seen = []

    class Counting:
        name = str(path)

        def __init__(self):
            self.file = open(path, "rb")

        def read(self, size):
            seen.append(size)
            return self.file.read(size)

    counting = Counting()
    with pytest.raises(PuzzleFormatError, match="line 1: longer than 16384 bytes"):
        read_puzzles(counting)
    counting.file.close()
    assert sum(seen) <= 1 << 16


def test_order_six_comma_lines_with_spaces_fit_the_line_bound(tmp_path):
    grid = pattern_grid(6)
    line = ", ".join(f"{v:2d}" for v in grid.ravel())
    assert len(line) > 5000
    path = tmp_path / "six.txt"
    path.write_text(line + "  # order 6\n")
    (puzzle,) = read_puzzles(path)
    assert (puzzle.grid == grid).all()


def test_bounds_on_bytes_and_puzzles(tmp_path):
    path = tmp_path / "three.txt"
    path.write_text(f"{SEED_STRING}\n" * 3)
    assert len(read_puzzles(path, max_puzzles=3)) == 3
    with pytest.raises(PuzzleFormatError, match=f"{path}: more than 2 puzzles"):
        read_puzzles(path, max_puzzles=2)
    with pytest.raises(PuzzleFormatError, match=f"{path}: more than 200 bytes"):
        read_puzzles(path, max_bytes=200)
    assert len(read_puzzles(path, max_bytes=None, max_puzzles=None)) == 3


def test_a_directory_is_an_os_error_with_strerror_and_filename(tmp_path):
    with pytest.raises(IsADirectoryError) as info:
        read_puzzles(tmp_path)
    assert info.value.strerror == "Is a directory"
    assert info.value.filename == str(tmp_path)


def test_an_empty_file_name_is_file_not_found_with_strerror():
    with pytest.raises(FileNotFoundError) as info:
        read_puzzles("")
    assert info.value.strerror == "empty file name"
    assert info.value.filename == "''"


def test_a_read_error_gets_strerror_and_filename():
    class Broken:
        name = "broken.txt"

        def read(self, size):
            raise OSError("the disk is on fire")

    with pytest.raises(OSError) as info:
        read_puzzles(Broken())
    assert (info.value.strerror, info.value.filename) == ("the disk is on fire", "broken.txt")


def test_bytes_that_are_not_utf8_name_the_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(f"{SEED_STRING}\n".encode() + b"\xe9" + SEED_STRING[1:].encode() + b"\n")
    with pytest.raises(PuzzleFormatError) as info:
        read_puzzles(path)
    assert f"{path}, line 2: not UTF-8 text (invalid continuation byte at byte 1)" in str(
        info.value
    )


def test_non_ascii_in_a_file_names_character_line_row_and_column(tmp_path):
    path = tmp_path / "dotless.txt"
    path.write_text("." * 625 + "\n" + "ı" + "." * 624 + "\n", encoding="utf-8")
    with pytest.raises(PuzzleFormatError) as info:
        read_puzzles(path)
    assert f"{path}, line 2: row 1, column 1: 'ı' (U+0131) is not a value" in str(info.value)


def test_dash_reads_standard_input(monkeypatch):
    data = f"\ufeff# from a pipe\n{SEED_STRING}\n".encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    (puzzle,) = read_puzzles("-")
    assert puzzle == Puzzle.from_string(SEED_STRING)
    assert puzzle.name == "<stdin>:2"


def test_text_and_binary_streams(tmp_path):
    text = f"{SEED_STRING}\n{SEED_STRING}\n"
    from_text = read_puzzles(io.StringIO(text))
    assert [p.name for p in from_text] == ["<stream>:1", "<stream>:2"]
    assert read_puzzles(io.BytesIO(text.encode())) == from_text
    path = tmp_path / "open.txt"
    path.write_text(text)
    with open(path, encoding="utf-8") as stream:
        assert [p.name for p in read_puzzles(stream)] == ["open.txt:1", "open.txt:2"]


@pytest.mark.parametrize("source", [None, 3, b"file.txt", [SEED_STRING]])
def test_a_source_of_another_type_is_a_type_error(source):
    with pytest.raises(TypeError, match="read_puzzles takes a path, '-' or an open stream"):
        read_puzzles(source)


def test_a_project_euler_block_cannot_grow_without_bound(tmp_path):
    path = tmp_path / "euler.txt"
    path.write_text("Grid 01\n" + "0\n" * 100)
    with pytest.raises(PuzzleFormatError) as info:
        read_puzzles(path)
    assert f"{path}, line 38: grid 'Grid 01' has more than 36 rows" in str(info.value)


# -- property: random bytes find only PuzzleFormatError (issue 15) --------------------

_PIECES = [
    SEED_STRING.encode(), SEED_STRING.replace(".", "0").encode(), b"\xef\xbb\xbf", b"\n",
    b"\r\n", b"\r", b"# note", b" # trailing", b"Grid 01", b"003020600", b"\x00", b"\xff\xfe",
    "ı".encode(), "１".encode(), b"1,0,0,0," * 2, b"." * 20_000, b"\xe9", b"  ", b"\t",
]


@st.composite
def hostile_files(draw):
    pieces = draw(st.lists(st.one_of(st.sampled_from(_PIECES), st.binary(max_size=40)),
                           max_size=30))
    return b"".join(pieces)


@settings(max_examples=300, deadline=None)
@given(hostile_files(), st.sampled_from([None, 64, 16 * 1024]), st.sampled_from([True, False]))
def test_hostile_files_read_to_round_trips_or_one_format_error(data, max_line, as_text):
    stream = io.BytesIO(data)
    if as_text:  # a text stream decodes as it reads, so bad bytes fail inside read()
        stream = io.TextIOWrapper(stream, encoding="utf-8", newline="")
    try:
        puzzles = read_puzzles(stream, max_line_bytes=max_line)
    except PuzzleFormatError as exc:
        assert str(exc).startswith("<stream>") and "\n" not in str(exc)
        return
    for puzzle in puzzles:
        assert puzzle.name.startswith("<stream>:")
        assert Puzzle.from_string(puzzle.to_string()) == puzzle
    lines = re.split(r"\r\n|\r|\n", data.decode("utf-8-sig"))
    content = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not content or not content[0].strip().lower().startswith("grid"):
        assert len(puzzles) == len(content)  # one puzzle per line that is not a comment


# -- read_grids: plain lines in one numpy pass, the rest line by line (issue 12) --------


def _line_by_line(data: bytes, label: str = "<stream>"):
    """The puzzles of a one-puzzle-per-line file, parsed with Puzzle.from_string
    line by line (the reference the vectorised path is checked against), or
    the message of the first bad line."""
    puzzles = []
    for number, line in enumerate(re.split(r"\r\n|\r|\n", data.decode("utf-8-sig")), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            try:
                puzzles.append(Puzzle.from_string(line.split(" #")[0].strip(),
                                                  where=f"{label}, line {number}",
                                                  name=f"{label}:{number}"))
            except PuzzleFormatError as exc:
                return str(exc)
    return puzzles


@pytest.mark.parametrize("name", ["17clue.txt", "top1465.txt", "top95.txt"])
def test_read_grids_of_the_bundled_datasets_equal_line_by_line_parsing(name):
    found = read_grids(DATASETS / name)
    expected = _line_by_line((DATASETS / name).read_bytes(), name)
    assert found.order == 3 and found.grids.shape == (len(expected), 81)
    assert found.grids.dtype == np.uint8
    assert (found.grids == np.stack([p.grid.ravel() for p in expected])).all()
    assert found.names == [p.name for p in expected]
    assert read_puzzles(DATASETS / name) == expected


def test_read_any_of_mixed_orders_has_no_array_but_every_puzzle(tmp_path):
    from sudoku_models.formats.files import read_any

    four = "1..4.3.......2.1"
    path = tmp_path / "mixed.txt"
    path.write_text(f"{SEED_STRING}\n{four}\n")
    found = read_any(path)
    assert (found.order, found.grids) == (None, None)
    assert found.puzzles() == [Puzzle.from_string(SEED_STRING), Puzzle.from_string(four)]
    assert [p.name for p in found.puzzles()] == found.names == ["mixed.txt:1", "mixed.txt:2"]


def test_a_bad_line_after_many_plain_chunks_is_named(tmp_path):
    # 2000 lines of 82 bytes: the bad line is in the third 64 KiB chunk
    path = tmp_path / "late.txt"
    lines = [SEED_STRING] * 2000
    lines[1700] = SEED_STRING[:80] + "x"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(PuzzleFormatError) as info:
        read_grids(path)
    assert str(info.value) == (f"{path}, line 1701: row 9, column 9: 'x' is not a value "
                               f"(use 1-9, A-P for 10-25, '.' or '0' for empty)")


_PLAIN = [SEED_STRING, SEED_STRING.replace(".", "0"), "1..4.3.......2.1", "# note", "",
          "G" * 16 + "." * 240]
_OTHER = [SEED_STRING + "  # trailing", "  # indented", "   ", SEED_STRING[:80],
          SEED_STRING[:40] + "|" + SEED_STRING[41:], SEED_STRING[:80] + "?", "1,0,0,4," * 2,
          SEED_STRING.replace(".", "G", 1), "é" + SEED_STRING[1:], "# é", "Grid 01"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN), min_size=1, max_size=4),
       st.lists(st.tuples(st.integers(0, 3000), st.sampled_from(_OTHER)), max_size=3),
       st.integers(1, 3000), st.sampled_from(["\n", "\r\n", "\r"]), st.booleans())
def test_read_grids_equals_line_by_line_parsing(kinds, others, lines, ending, bom):
    from sudoku_models.formats.files import read_any

    # plain lines (often over several 64 KiB chunks) with a few lines that
    # need the line-by-line reader, anywhere: the same puzzles, names and errors
    text = [kinds[i % len(kinds)] for i in range(lines)]
    for where, line in others:
        text.insert(min(where, len(text)), line)
    data = (b"\xef\xbb\xbf" if bom else b"") + ending.join(text).encode() + ending.encode()
    content = [line for line in text if line.strip() and not line.lstrip().startswith("#")]
    if content and content[0] == "Grid 01":
        return  # the Project Euler layout: tested above
    expected = _line_by_line(data)
    try:
        found = read_any(io.BytesIO(data))
    except PuzzleFormatError as exc:
        assert str(exc) == expected
        return
    assert found.puzzles() == expected
    assert found.names == [p.name for p in expected]
    orders = {p.order for p in expected}
    assert found.order == (orders.pop() if len(orders) == 1 else None)
    if found.order is not None:
        assert (found.grids == np.stack([p.grid.ravel() for p in expected])).all()


def test_check_output_refuses_what_a_command_must_not_write(tmp_path):
    import os

    from sudoku_models.output_files import OutputFileError, check_output

    source = tmp_path / "in.txt"
    source.write_text("1...\n")
    os.link(source, tmp_path / "hard.txt")
    (tmp_path / "soft.txt").symlink_to(source)
    os.mkfifo(tmp_path / "fifo")
    assert check_output(tmp_path / "new.csv", reading=(source,)) == tmp_path / "new.csv"
    assert check_output(tmp_path / "other.txt", reading=("-", None, tmp_path / "gone")).name
    for path, message in ((tmp_path, "is a directory"), (tmp_path / "fifo", "not a regular file"),
                          ("/dev/null", "not a regular file"),
                          (tmp_path / "no" / "x.csv", "the folder"),
                          (source, "is the input file"), (tmp_path / "hard.txt", "input file"),
                          (tmp_path / "soft.txt", "is the input file")):
        with pytest.raises(OutputFileError, match=message):
            check_output(path, reading=(source,), option="--solutions")
    assert not (tmp_path / "no").exists() and source.read_text() == "1...\n"


# -- JSON files and the strictness of read_grids ---------------------------------

def _variant():
    from sudoku_models.core.geometry import Layout
    from sudoku_models.core.cell_kinds import Cage

    return Puzzle(np.zeros((6, 6), int), Layout.boxes(2, 3), constraints=(Cage((0, 1), 3),))


def test_json_files_hold_any_puzzle(tmp_path):
    import json

    variant, classic = _variant(), Puzzle.from_string("." * 80 + "1")
    lines = tmp_path / "mixed.jsonl"
    lines.write_text(json.dumps(to_json(variant)) + "\n\n# a comment\n"
                     + json.dumps(to_json(classic)) + "\n")
    found = read_puzzles(lines)
    assert found == [variant, classic] and [p.name for p in found] == ["mixed.jsonl:1",
                                                                      "mixed.jsonl:4"]
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([to_json(classic), to_json(variant)], indent=2))
    assert [p.name for p in read_puzzles(listed)] == ["list.json#1", "list.json#2"]
    single = tmp_path / "one.json"
    single.write_text(json.dumps(dict(to_json(classic), name="mine")))
    assert read_puzzles(single)[0].name == "mine"
    grids = read_grids(io.StringIO(json.dumps(to_json(classic))))  # a stream: by content
    assert grids.order == 3 and grids.grids.shape == (1, 81)


@pytest.mark.parametrize("text, message", [
    ('{"size": 9, "grid": "x"}\n', r"<stream>: character 1: 'x' is not a value"),
    ('{"size": 9}\n{"size": 9, "grid": 3}\n', r"<stream>, line 1: no 'grid'"),
    ('[{"size": 9, "grid": "' + "." * 81 + '"}, {"size": 4}]', r"<stream>, puzzle 2: no 'grid'"),
    ('{"size": 9, "grid": ', r"<stream>: not valid JSON: Expecting value at line 1"),
])
def test_bad_json_files_name_the_puzzle(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        read_puzzles(io.StringIO(text))


def test_read_grids_refuses_what_one_array_cannot_hold(tmp_path):
    import json

    mixed = tmp_path / "mixed.txt"
    mixed.write_text("." * 81 + "\n" + "." * 16 + "\n")
    assert [p.order for p in read_puzzles(mixed)] == [3, 2]
    with pytest.raises(PuzzleFormatError, match="mixed.txt:2: read_grids holds classic puzzles of "
                                                "one order .* of order 2, mixed.txt:1 of order 3"):
        read_grids(mixed)
    variant = tmp_path / "v.jsonl"
    variant.write_text(json.dumps(to_json(_variant())) + "\n")
    with pytest.raises(PuzzleFormatError, match=r"6x6 \(2x3 boxes\) with constraints"):
        read_grids(variant)


@pytest.mark.parametrize("bound", ["max_bytes", "max_line_bytes", "max_puzzles"])
def test_bounds_are_whole_numbers(tmp_path, bound):
    import math

    from sudoku_models.errors import InvalidValueError

    path = tmp_path / "p.txt"
    path.write_text("." * 81 + "\n")
    with pytest.raises(TypeError, match=f"{bound} must be a whole number, got float nan"):
        read_puzzles(path, **{bound: math.nan})
    with pytest.raises(InvalidValueError, match=f"{bound} must be a whole number 1 or more"):
        read_grids(path, **{bound: 0})


def test_a_results_line_gives_the_puzzle_back():
    from sudoku_models.records.rows import line_puzzle, puzzle_hash, puzzle_line

    classic, variant = Puzzle.from_string("." * 80 + "1"), _variant()
    assert puzzle_line(classic) == classic.to_string()
    assert line_puzzle(puzzle_line(variant), "v") == variant
    bare = Puzzle(variant.grid, variant.layout)
    assert puzzle_hash(bare) != puzzle_hash(variant)  # the same clues, other rules
