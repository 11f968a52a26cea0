"""One check for every number a user passes at the edge of the API: time
limits, counts, sizes. Each returns the value in its canonical type or raises
``TypeError`` (not a number at all: a string, ``None`` where a number is
needed, a ``bool``) or :class:`~sudoku_models.errors.InvalidValueError` (a
``ValueError``: a number out of range, NaN or infinite), with a message
naming the argument, so that ``solve(p, "cp", time_limit="1")`` says what is
wrong instead of failing deep inside a solver."""

from __future__ import annotations

import math
import numbers

from .errors import InvalidValueError


def _require_number(value, name: str, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {what}, got {type(value).__name__} {value!r}")


def seconds(value, name: str = "time_limit") -> float:
    """``value`` as a positive, finite number of seconds (a ``float``)."""
    _require_number(value, name, "a number of seconds")
    if not 0 < value < math.inf:  # NaN fails both comparisons
        raise InvalidValueError(f"{name} must be a positive, finite number of seconds, got {value!r}")
    return float(value)


def time_limit(value, name: str = "time_limit") -> float | None:
    """``None`` (no limit) or :func:`seconds`."""
    return None if value is None else seconds(value, name)


def whole_number(value, name: str, minimum: int = 0, maximum: int | None = None) -> int:
    """``value`` as an ``int`` in ``minimum..maximum`` (no upper bound when
    ``maximum`` is None). Integral floats such as ``2.0`` are refused: a count
    given as a float is usually a mistake worth naming."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, got {type(value).__name__} {value!r}")
    value = int(value)
    if value < minimum or (maximum is not None and value > maximum):
        upper = f"..{maximum:,}" if maximum is not None else " or more"
        raise InvalidValueError(f"{name} must be a whole number {minimum:,}{upper}, got {value:,}")
    return value


def optional_whole_number(value, name: str, minimum: int = 0,
                          maximum: int | None = None) -> int | None:
    """``None`` or :func:`whole_number`."""
    return None if value is None else whole_number(value, name, minimum, maximum)
