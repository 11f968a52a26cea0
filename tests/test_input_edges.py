"""The input edges of issue 33, one regression test each: every bad input is
one PuzzleFormatError (or a one-line exit 2) naming the key and the entry,
never a traceback, a raw Python message or a silently different puzzle."""

import contextlib
import io
import json
import time

import numpy as np
import pytest

from generator import JigsawError, random_jigsaw
from sudoku_models import solve, verify
from sudoku_models.cli import main
from sudoku_models.errors import PuzzleFormatError
from sudoku_models.formats.files import read_puzzles
from sudoku_models.formats.fpuzzles import from_fpuzzles
from sudoku_models.formats.toolkit_json import from_json


def _fp(size=4, cell=None, **keys):
    grid = [[{} for _ in range(size)] for _ in range(size)]
    if cell is not None:
        grid[0][0] = cell
    return {"size": size, "grid": grid, **keys}


def cli(argv):
    """``sudoku-models`` with ``argv``: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code
    return code, out.getvalue(), err.getvalue()


# -- the jigsaw generator -------------------------------------------------------------


def test_a_large_jigsaw_stops_at_its_time_limit():
    started = time.monotonic()
    with pytest.raises(JigsawError, match="within the time limit"):
        random_jigsaw(36, seed=1, time_limit=0.3)
    assert time.monotonic() - started < 30  # the limit holds between swaps, not at the end


def test_an_impossible_jigsaw_request_fails_before_searching():
    started = time.monotonic()
    code, _, err = cli(["generate", "--layout", "jigsaw:36", "--clues", "5"])
    assert code == 2 and "ask for 35 to 1296" in err and err.count("\n") == 1
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("argv", [["--layout", "latin:٥", "--clues", "20"],
                                  ["--clues", "30", "--time-limit", "٥"]])
def test_non_ascii_digits_on_the_command_line_are_refused(argv):
    code, _, err = cli(["generate", *argv])
    assert code == 2 and "٥" in err


# -- f-puzzles ----------------------------------------------------------------------------


@pytest.mark.parametrize("data, message", [
    (_fp(ratio=[{"cells": ["R1C1", "R1C2"], "value": 2.7}]), "ratio 1: value 2.7 is not a whole"),
    (_fp(ratio=[{"cells": ["R1C1", "R1C2"], "value": "a"}]), "ratio 1: value 'a' is not a whole"),
    (_fp(arrow=[{"cells": ["R1C1"], "lines": 7}]), "arrow 1: 'lines' must be a list"),
    (_fp(thermometer=[{"lines": 5}]), "thermometer 1: 'lines' must be a list"),
    (_fp(negative=5), "'negative' must be a list"),
    (_fp(negative=[["ratio"]]), "'negative' must be a list"),
    (_fp(negative="ratio"), "'negative' must be a list"),
    (_fp(killercage=[{"cells": 5, "value": "x"}]), "killercage 1: 'cells' must be"),
    (_fp(killercage=[{"cells": ["R1C1", "R1C2"], "value": "٣"}]), "killercage 1: total '٣'"),
    (_fp(cell={"value": [2], "given": True}), "grid r1c1: 'value' \\[2\\] is not a whole"),
    (_fp(cell={"region": 10**30}), "grid r1c1: 'region' 1000000000000000000000000000000"),
    (_fp(difference=[{"cells": ["R1C1"]}]), "difference 1: 'cells' must name 2 cells, got 1"),
    (_fp(ratio=[{"cells": ["R1C1", "R1C2", "R1C3"]}]), "ratio 1: 'cells' must name 2 cells"),
    (_fp(antiknight="yes"), "'antiknight' must be true or false"),
])
def test_f_puzzles_fields_of_the_wrong_type_name_key_and_entry(data, message):
    with pytest.raises(PuzzleFormatError, match=message):
        from_fpuzzles(data)
    with pytest.raises(PuzzleFormatError, match=message):  # the same through its JSON text
        from_json(json.dumps(data))


@pytest.mark.parametrize("text, message", [
    ('{"size": 4, "grid": [[{"value": Infinity, "given": true}, {}, {}, {}]]}',
     "Infinity is not a JSON number"),
    ('{"size": 4, "grid": [[{"value": NaN}]]}', "NaN is not a JSON number"),
    ('{"format": "sudoku-models/1", "size": ' + "1" * 5000 + ', "grid": "."}',
     "has 5000 digits"),
    ("[" * 8000 + "]" * 8000, "nested too deeply"),
])
def test_json_that_python_would_choke_on_is_one_message(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        from_json(text)


def test_deep_json_inside_an_lz_payload_is_one_message():
    import lzstring

    packed = lzstring.LZString().compressToBase64("[" * 8000 + "]" * 8000)
    with pytest.raises(PuzzleFormatError, match="nested too deeply"):
        from_fpuzzles(packed)


def test_a_json_file_nested_too_deeply_is_one_message(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 8000 + "]" * 8000)
    with pytest.raises(PuzzleFormatError, match="deep.json: the JSON is nested too deeply"):
        read_puzzles(path)


# -- the toolkit's JSON format --------------------------------------------------------------


def _killer(cells, total=3, **extra):
    return {"format": "sudoku-models/1", "size": 4, "grid": "." * 16,
            "constraints": [{"kind": "cage", "cells": cells, "total": total}], **extra}


@pytest.mark.parametrize("cells", [["r١c1", "r1c2"], ["r1c1\n", "r1c2"], ["r1c1 ", "r1c2"]])
def test_cell_names_are_ascii_and_whole(cells):
    with pytest.raises(PuzzleFormatError, match="is not a cell name"):
        from_json(_killer(cells))


def test_unknown_keys_in_a_layout_are_named():
    data = {"format": "sudoku-models/1", "size": 4, "grid": "." * 16,
            "layout": {"kind": "latin", "box": [2, 2]}}
    with pytest.raises(PuzzleFormatError, match="a latin layout takes kind, not box"):
        from_json(data)


@pytest.mark.parametrize("kind", ["kropki", "xv", "greater"])
@pytest.mark.parametrize("cells", [["r1c1"], ["r1c1", "r1c2", "r1c3"]])
def test_a_pair_relation_with_other_than_two_cells_is_named(kind, cells):
    data = {"format": "sudoku-models/1", "size": 4, "grid": "." * 16,
            "constraints": [{"kind": kind, "cells": cells}]}
    with pytest.raises(PuzzleFormatError, match=f"{kind}: a relation between two cells, got "
                                                f"{len(cells)}"):
        from_json(data)


def test_a_one_line_json_puzzle_over_16_kb_is_read(tmp_path):
    """A 25x25 killer on one line (about 20 KB) is bounded as JSON, not as a line."""
    side = 25
    cages = [{"kind": "cage", "cells": [f"r{r}c{c}", f"r{r}c{c + 1}"], "total": 3 + r % 40}
             for r in range(1, side + 1) for c in range(1, side, 2)]
    data = {"format": "sudoku-models/1", "size": side, "grid": "." * side * side,
            "constraints": cages}
    line = json.dumps(data)
    assert len(line) > 16 * 1024
    path = tmp_path / "big.json"
    path.write_text(line)
    [puzzle] = read_puzzles(path)
    assert puzzle.side == side and len(puzzle.constraints) == len(cages)


# -- the line format and the API -------------------------------------------------------------


def test_a_bad_character_is_named_as_typed():
    with pytest.raises(PuzzleFormatError, match="character 1: 'x' is not a value"):
        solve("xyz", "backtracking")


def test_disconnected_jigsaw_regions_are_allowed():
    """Decided: a region is a set of cells, connected or not (the solvers and the checker
    need no more); the README's variants section says so."""
    regions = [[0, 1, 0, 1], [1, 0, 1, 0], [2, 3, 2, 3], [3, 2, 3, 2]]
    puzzle = from_json({"format": "sudoku-models/1", "size": 4, "grid": "1" + "." * 15,
                               "layout": {"kind": "jigsaw", "regions": regions}})
    result = solve(puzzle, "backtracking")
    assert verify(puzzle, result.grid)
    labels = np.array(regions).ravel()
    for label in range(4):  # each region holds 1..4 once, in the answer itself
        assert sorted(result.grid.ravel()[labels == label]) == [1, 2, 3, 4]
