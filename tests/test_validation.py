"""The one check of numbers at the edge of the API: the right type, a value
in range, and a message naming the argument."""

import math

import numpy as np
import pytest

from sudoku_models.errors import InvalidValueError
from sudoku_models.validation import optional_whole_number, seconds, time_limit, whole_number


@pytest.mark.parametrize("value", [1, 0.5, np.float32(2.5), np.int64(3), 10**6])
def test_time_limits_are_positive_finite_seconds(value):
    assert time_limit(value) == float(value) and isinstance(time_limit(value), float)
    assert time_limit(None) is None


@pytest.mark.parametrize("value", ["1", True, False, [1], b"1"])
def test_a_time_limit_that_is_not_a_number_is_a_type_error_naming_it(value):
    with pytest.raises(TypeError, match=r"^time_limit must be a number of seconds, got "):
        time_limit(value)


@pytest.mark.parametrize("value", [0, -1, math.nan, math.inf, -math.inf, np.float64("nan")])
def test_a_time_limit_out_of_range_is_an_invalid_value(value):
    with pytest.raises(InvalidValueError, match=r"^limit must be a positive, finite number"):
        seconds(value, "limit")
    assert issubclass(InvalidValueError, ValueError)


def test_whole_numbers():
    assert whole_number(np.int32(5), "limit", 1) == 5
    assert optional_whole_number(None, "limit") is None
    with pytest.raises(TypeError, match=r"^max_bytes must be a whole number, got float nan"):
        whole_number(math.nan, "max_bytes")
    with pytest.raises(TypeError, match="got float 2.0"):
        whole_number(2.0, "limit")
    with pytest.raises(TypeError, match="got bool True"):
        whole_number(True, "limit")
    with pytest.raises(InvalidValueError, match=r"^limit must be a whole number 1 or more, got 0"):
        whole_number(0, "limit", 1)
    with pytest.raises(InvalidValueError, match=r"^workers must be a whole number 1\.\.64, got 65"):
        whole_number(65, "workers", 1, 64)


SEED_PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _entry_points(out=None):
    """Every public call that takes a time limit, as ``name -> call(limit)``."""
    import generator
    from sudoku_models import count_solutions, solve
    from sudoku_models import counter
    from sudoku_models.bench.runner import RunSpec, run_benchmark

    return {
        "solve cp": lambda t: solve(SEED_PUZZLE, "cp", time_limit=t),
        "solve backtracking": lambda t: solve(SEED_PUZZLE, "backtracking", time_limit=t),
        "count_solutions": lambda t: count_solutions(SEED_PUZZLE, "backtracking", time_limit=t),
        "counter.backtrack_count": lambda t: counter.backtrack_count(SEED_PUZZLE, time_limit=t),
        "counter.backtrack_count_many": lambda t: counter.backtrack_count_many([SEED_PUZZLE],
                                                                              time_limit=t),
        "generator.generate": lambda t: generator.generate(clues=30, seed=1, time_limit=t),
        "bench run_benchmark": lambda t: run_benchmark(RunSpec(["backtracking"], ["top95"], out,
                                                               time_limit=t)),
    }


@pytest.mark.parametrize("name", list(_entry_points()))
@pytest.mark.parametrize("bad, error", [("1", TypeError), (True, TypeError),
                                        (-1, ValueError), (math.nan, ValueError)])
def test_every_entry_point_checks_its_time_limit_by_the_one_rule(name, bad, error, tmp_path):
    with pytest.raises(error, match=r"^time_limit must be a (positive, finite )?number of seconds"):
        _entry_points(tmp_path / "runs.csv")[name](bad)
    assert not (tmp_path / "runs.csv").exists()
