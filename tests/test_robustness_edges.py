"""The edges a hostile user found (issue 48, items 3 to 8): generations on
new jigsaws that hang, a link read in quadratic memory, nesting deep enough
to overflow the stack, numbers too long to print, solver options refused
late, and messages that name the wrong thing. Each ends in a result or a
one-line refusal (exit 2) within its limit."""

import re
import signal
import subprocess
import sys
import time

import pytest

CLI = [sys.executable, "-m", "sudoku_models"]


def _cli(*argv: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    done = subprocess.run([*CLI, *argv], capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - start


def _one_line_refusal(done: subprocess.CompletedProcess) -> str:
    """The one error line of a refused command (exit 2, no traceback)."""
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and re.match(r"sudoku-models( [a-z ]+)?: error: ", lines[0]), \
        done.stderr[-2000:]
    return lines[0]


# -- 3. a generation on a new jigsaw honours its limit and Ctrl-C ----------------------


@pytest.mark.parametrize("clues", ["200", "60"])
def test_a_16x16_jigsaw_generation_ends_within_its_time_limit(clues):
    """Loading the generator's kernels for a new jigsaw searched its empty
    grid with no limit (over an hour at 16x16). A search cut short says
    what the limit was, not the part the layout left (0.06 s)."""
    done, seconds = _cli("generate", "--layout", "jigsaw:16", "--clues", clues, "--time-limit",
                         "2", "--seed", "2", timeout=15)
    assert seconds < 2 * 2 + 1 + 1.5, seconds  # 2x the limit + 1 s, and the start-up
    if done.returncode:
        line = _one_line_refusal(done)
        assert ("no 16x16 jigsaw layout found within the time limit" in line
                or re.search(r"the rest of --time-limit 2 s after \d+\.\d\d s making the jigsaw "
                             r"layout", line)), line
    else:
        assert '"kind":"jigsaw"' in done.stdout and done.stdout.count("\n") == 1


def test_ctrl_c_stops_a_jigsaw_generation():
    """Ctrl-C was held back while the kernels loaded, and the full-grid fill
    went on after a stop request."""
    process = subprocess.Popen([*CLI, "generate", "--layout", "jigsaw:16", "--clues", "60",
                                "--time-limit", "60", "--seed", "2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(5)
    assert process.poll() is None, process.communicate()
    process.send_signal(signal.SIGINT)
    start = time.monotonic()
    try:
        _, err = process.communicate(timeout=8)
    finally:
        process.kill()
    assert time.monotonic() - start < 3
    assert process.returncode == 130 and "Traceback" not in err, err


def test_a_fill_stops_on_its_callers_request():
    """:func:`generator.full_grid.fill` returns None once the stop is set
    (a jigsaw whose fills mostly fail kept trying)."""
    import numpy as np

    from generator.full_grid import fill
    from sudoku_models.counter.core import STOP, new_control

    control = new_control()
    assert fill(3, np.random.default_rng(0), control=control).size == 81
    control[STOP] = 1
    assert fill(3, np.random.default_rng(0), control=control) is None


# -- 4. a link is read in linear time and memory ---------------------------------------

_READ_CAPPED = """
import resource, sys
from sudoku_models import Puzzle
from sudoku_models.formats.fpuzzles import sudokupad_link
from sudoku_models.formats.puzzle_text import read_puzzle
puzzle = Puzzle.from_string("." * 80 + "1")
link = sudokupad_link(puzzle)
head, _, tail = link.partition("fpuzzles")
long_link = head + "/" * 120_000 + "fpuzzles" + tail
with open("/proc/self/statm") as statm:
    in_use = int(statm.read().split()[0]) * resource.getpagesize()
cap = in_use + (256 << 20)  # what a linear reading needs, and plenty more
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
assert read_puzzle(long_link) == puzzle
print("read")
"""


def test_a_link_with_120000_slashes_reads_in_little_time_and_memory():
    """Every suffix of the path was joined: 7.2 GB and 109 s for a 120 KB link."""
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", _READ_CAPPED], capture_output=True, text=True,
                          timeout=30)
    assert done.stdout == "read\n", done.stderr[-2000:]
    assert time.monotonic() - start < 10


# -- 5. nesting is bounded before anything recurses -------------------------------------


def _regex(pattern: str) -> str:
    import base64

    code = base64.urlsafe_b64encode(pattern.encode()).decode().rstrip("=")
    return f".Regex~{code}~R1C1~R1C2"


def _nested_ors(depth: int) -> str:
    return ".Or" * depth + ".Cage~3~R1C1~R1C2" + ".End" * depth


@pytest.mark.parametrize("text, message", [
    (_nested_ors(200), "ors nested in ors' branches more than 16 deep"),
    (_regex("(" * 1000 + "1" + ")" * 1000), "nest more than 32 deep at position 33"),
    (_regex("1" + "*" * 1000), "nest more than 32 deep at position 34"),
])
def test_deep_nesting_is_one_line_naming_the_limit(text, message):
    """RecursionError tracebacks, exit 1, for 1.5 KB of text."""
    line = _one_line_refusal(_cli("solve", "--method", "cp", "--", text)[0])
    assert message in line and len(line) < 300, line


def test_nesting_up_to_the_limits_reads_and_solves():
    from sudoku_models import solve
    from sudoku_models.formats.puzzle_text import read_puzzle
    from sudoku_models.limits import MAX_OR_NESTING, MAX_PATTERN_NESTING
    from sudoku_models.result import Status

    ors = read_puzzle(_nested_ors(MAX_OR_NESTING))
    assert solve(ors, "cp").status is Status.OPTIMAL
    pattern = "(" * MAX_PATTERN_NESTING + "1" + ")" * MAX_PATTERN_NESTING + "2"
    assert solve(read_puzzle(_regex(pattern)), "cp").grid[0, :2].tolist() == [1, 2]


def test_ors_nested_too_deep_in_json_are_refused_by_the_limit():
    """The JSON reader builds its ors level by level: the level past the
    limit is named, before a check recurses through them."""
    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.formats.puzzle_text import read_puzzle
    from sudoku_models.limits import MAX_OR_NESTING

    constraint = {"kind": "cage", "cells": ["r1c1", "r1c2"], "total": 3}
    for _ in range(MAX_OR_NESTING + 1):
        constraint = {"kind": "or", "branches": [[constraint]]}
    data = {"format": "sudoku-models/1", "size": 9, "grid": "." * 81,
            "constraints": [constraint]}
    with pytest.raises(PuzzleFormatError, match="more than 16 deep"):
        read_puzzle(data)


# -- 6. numbers too long to convert, values too long to echo ----------------------------

LONG = "1" * 4301  # one digit past Python's int-string limit


@pytest.mark.parametrize("text, names", [
    (f".Shape~{LONG}x{LONG}", "Shape: '1111"),
    (f".Shape~4x4.Whisper~{LONG}~R1C1~R1C2", "item 2 (Whisper): 111111111111... has 4,301 digits"),
    (f".Shape~4x4.RegionSize~{LONG}", "RegionSize: '1111"),
    (f".Cage~{LONG}~R1C1~R1C2", "(Cage): total 111111111111... has 4,301 digits; these "
                                "strings' numbers have at most 4"),
    (f".Thermo~R1C1~{LONG}", "(Thermo): '1111111111111111111111111111111111111111'... (4,301 "
                             "characters) is not a cell such as R1C1"),
    (f".Zipper~R1C1_{LONG}", "(Zipper): 'R1C1_11111"),
    (f".{LONG}~R1C1", f"item 1 ({'1' * 40}...): constraint type '111111"),
])
def test_a_4301_digit_number_in_a_puzzle_string_is_named_briefly(text, names):
    """Python's "Exceeds the limit (4300 digits) ... sys.set_int_max_str_digits()"
    leaked, and totals were echoed whole."""
    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.formats.puzzle_text import read_puzzle

    with pytest.raises(PuzzleFormatError) as error:
        read_puzzle(text)
    assert names in str(error.value) and len(str(error.value)) < 300, str(error.value)[:500]


@pytest.mark.parametrize("constraint, names", [
    ({"kind": "k" * 4301, "cells": ["r1c1"]},
     "constraint 1: unknown constraint kind 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk'... (4,301 "
     "characters); every kind: sudoku_models.core.constraint.KINDS"),
    ({"kind": "cagee", "cells": ["r1c1"]}, "unknown constraint kind 'cagee' (did you mean cage?)"),
    ({"kind": "cage", "cells": ["r1c1"], "t" * 4301: 1},
     "cage takes cells, total, not 'tttttttttttttttttttttttttttttttttttttttt'... (4,301 "
     "characters)"),
    ({"kind": "cage", "cells": ["r1c1"], **{f"f{i}": 1 for i in range(500)}},
     "cage takes cells, total, not f0, f1, f10 and 497 more"),
    ({"kind": 5, "cells": ["r1c1"] * 2000}, "a constraint is an object with a 'kind', got "),
])
def test_a_long_name_in_a_json_constraint_is_named_briefly(constraint, names):
    """A 4,301-character kind gave a 4.9 KB message (the kind, then every
    kind's name) through read_puzzle, as a text or an object."""
    import json

    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.formats.puzzle_text import read_puzzle
    from sudoku_models.formats.toolkit_json import from_json

    data = {"format": "sudoku-models/1", "size": 9, "grid": "." * 81,
            "constraints": [constraint]}
    for read in (read_puzzle, lambda d: read_puzzle(json.dumps(d)), from_json):
        with pytest.raises(PuzzleFormatError) as error:
            read(data)
        message = str(error.value)
        assert names in message and len(message) < 300 and "\n" not in message, message[:500]


def test_a_long_unknown_field_of_a_json_puzzle_is_named_briefly():
    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.formats.puzzle_text import read_puzzle

    data = {"format": "sudoku-models/1", "size": 9, "grid": "." * 81, "x" * 4301: 1}
    with pytest.raises(PuzzleFormatError, match=r"unknown field\(s\) 'xxxx.*\(4,301 characters\); "
                                                r"the fields are") as error:
        read_puzzle(data)
    assert len(str(error.value)) < 300


@pytest.mark.parametrize("argv", [
    ["count", "." * 81, "--limit", LONG],
    ["count", "." * 81, "--time-limit", LONG],
    ["generate", "--seed", LONG, "--clues", "30"],
    ["generate", "--clues", LONG],
    ["solve", "." * 81, "--format", LONG],
    ["count", "." * 81, "--seed", LONG],  # count takes no seed: named, shortened
])
def test_a_4301_digit_option_is_refused_by_name_in_a_short_line(argv):
    """The whole value was echoed (4.4 KB lines), and --clues said "invalid
    <lambda> value"."""
    line = _one_line_refusal(_cli(*argv)[0])
    option = argv[argv.index(LONG) - 1]
    assert option in line and "4,301 characters" in line and len(line) < 300, line[:500]
    assert "lambda" not in line and "invalid" not in line.split(":")[2], line


def test_an_error_is_said_in_one_line_whatever_its_message():
    from sudoku_models.commands.exits import one_line

    assert one_line("a\nb  c\r\n") == "a b c"
    assert one_line("x " + "9" * 200) == "x " + "9" * 60 + "... (200 characters)"


# -- 7. a bad solver option is refused before any puzzle, as bench run refuses it -------


@pytest.mark.parametrize("method, options, message", [
    ("cp", "num_workers=8", "cp: CP-SAT option 'num_workers' is set by the toolkit: give "
                            "threads= to solve() or the method (the command line runs one thread)"),
    ("cp", "random_seed=3", "give seed= to solve() or the method (bench run --solver-seed on the "
                            "command line)"),
    ("cp", "bogus_param=3", "cp: CP-SAT has no option 'bogus_param'"),
    ("milp", "presolve=maybe", "milp: HiGHS option 'presolve' refuses 'maybe'"),
])
def test_a_bad_solver_option_is_refused_by_solve_with_exit_2(method, options, message):
    """solve printed a table with status ERROR and exited 0; the messages
    pointed to "the threads option" and "the seed option", which no method
    takes."""
    for argv in (["solve", "." * 81, "--method", method, "--option", f"solver_options={options}"],
                 ["bench", "run", "--method", f"{method}[solver_options={options}]", "--dataset",
                  "top95", "--first", "1"]):
        done, _ = _cli(*argv)
        assert message in _one_line_refusal(done) and done.stdout == "", done.stdout


def test_good_solver_options_still_solve():
    done, _ = _cli("solve", "." * 81, "--method", "milp", "--option",
                   "solver_options=presolve=off")
    assert done.returncode == 0 and "OPTIMAL" in done.stdout, done.stderr


# -- 8. messages that name what is wrong -------------------------------------------------


def _refusal(text) -> str:
    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.formats.puzzle_text import read_puzzle

    with pytest.raises(PuzzleFormatError) as error:
        read_puzzle(text)
    return str(error.value)


def test_a_49x49_grid_in_one_string_says_why_not():
    """It said "has 2401 cells, got 2401"."""
    data = {"format": "sudoku-models/1", "size": 49, "layout": {"kind": "latin"},
            "grid": "." * 2401}
    assert _refusal(data) == ("a 49x49 Latin square has more values than one character each "
                              "can write (up to 25: 1-P); give its grid as comma-separated "
                              "numbers or a list of rows")


def test_a_pill_arrows_pill_is_cell_names_in_json():
    """The pill took 0-based flat integers, refused r4c3 and named bad ones "r0c4"."""
    from sudoku_models.core.line_kinds import PillArrow
    from sudoku_models.formats.puzzle_text import read_puzzle
    from sudoku_models.formats.toolkit_json import to_json

    def pill(cells):
        return {"format": "sudoku-models/1", "size": 9, "grid": "." * 81, "constraints": [
            {"kind": "pill-arrow", "pill": cells, "cells": ["r5c5", "r6c6"]}]}

    puzzle = read_puzzle(pill(["r4c3", "r4c4"]))
    assert puzzle.constraints == (PillArrow((29, 30), (40, 50)),)
    assert to_json(puzzle)["constraints"][0]["pill"] == ["r4c3", "r4c4"]
    assert read_puzzle(to_json(puzzle)) == puzzle
    assert _refusal(pill(["r0c4"])) == "constraint 1: cell r0c4 is outside the 9x9 grid"
    assert _refusal(pill([30, 31])) == "constraint 1: 30 is not a cell name such as 'r4c7'"


@pytest.mark.parametrize("text, message", [
    (".Shape~4x4~5.LittleKiller~16~R3C4", "little killer r3c4 (16): 3 values in 1..5 sum to "
                                          "3..15, not 16"),
    (".Shape~4x4~0-3.LittleKiller~11~R3C4", "little killer r3c4 (11): 3 values in 0..3 sum to "
                                            "0..9, not 11"),
    (".Shape~4x4~0-3.Cage~11~R1C1~R1C2", "cage r1c1 (11): 2 different values in 0..3 sum to "
                                         "1..5, not 11"),
    (".Regex~@@@~R1C1", "'@@@' is not a pattern in base64"),
    (".Modular~8~" + "~".join([f"R1C{c}" for c in range(1, 10)] +
                              [f"R2C{c}" for c in range(9, 0, -1)]),
     "modular r1c1: a modulus of 8 on a line of 18 cells needs 69,281 automaton states, more "
     "than the 20,000 the toolkit builds (a modulus up to 7 fits a line of 18 cells)"),
])
def test_a_refusal_names_the_puzzles_own_values_and_the_real_reason(text, message):
    """"values in 1..4" on a grid of 1..5; a 0..3 grid's total 11 shown as
    its inner 14; "give a pattern or transitions" for a pattern not in base64;
    "more than 20,000 states" for a modulus the rules allow."""
    assert message in _refusal(text)


def test_what_those_refusals_wrongly_refused_reads():
    from sudoku_models import solve, verify
    from sudoku_models.formats.puzzle_text import read_puzzle

    assert read_puzzle(".Shape~4x4~5.LittleKiller~14~R3C4").constraints[0].total == 14
    row = read_puzzle(".Modular~9~" + "~".join(f"R1C{c}" for c in range(1, 10)))
    result = solve(row, "cp")
    assert verify(row, result.grid)


def test_a_link_with_a_line_break_is_named_in_one_line():
    line = _one_line_refusal(_cli("solve", "--method", "cp", "https://sudokupad.app/abc\ndef")[0])
    assert "'https://sudokupad.app/abc\\ndef': a SudokuPad short link" in line


@pytest.mark.parametrize("spelled, value", [
    ("true", True), ("1", True), ("Yes", True), ("ON", True), (1, True), (True, True),
    ("false", False), ("0", False), ("no", False), ("Off", False), (0, False)])
def test_boolean_options_take_the_usual_spellings(spelled, value):
    """rule45=1 was accepted (as the number 1) and rule45=true refused."""
    from sudoku_models.registry import typed_options

    typed = typed_options({"rule45": spelled, "cage": "sum"})
    assert typed == {"rule45": value, "cage": "sum"} and type(typed["rule45"]) is bool


def test_solve_takes_rule45_true_and_refuses_maybe():
    import json

    done, _ = _cli("solve", "." * 81, "--method", "cp", "--option", "rule45=true", "--format",
                   "json")
    assert done.returncode == 0 and json.loads(done.stdout)["options"] == "rule45=True"
    refused, _ = _cli("solve", "." * 81, "--method", "cp", "--option", "rule45=maybe")
    assert "cp: rule45 must be one of False, True, got 'maybe'" in _one_line_refusal(refused)


def test_a_bench_configuration_takes_rule45_true():
    from sudoku_models.bench.plan import configuration
    from sudoku_models.errors import RunError

    assert configuration("cp[rule45=true;cage=sets]") == ("cp", {"rule45": True, "cage": "sets"})
    assert configuration("cp[rule45=Off]") == ("cp", {"rule45": False})
    with pytest.raises(RunError, match="rule45 must be one of False, True"):
        configuration("cp[rule45=maybe]")
