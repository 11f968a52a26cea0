"""The solver's own parameters, passed through: the ``solver_options`` option.

``solver_options`` is a mapping of native parameter names to values, or the
same as one string ``"name=value,name=value"`` (the form the command line
and the benchmark runner carry): ``{"solver": "ipm", "run_crossover":
"off"}`` for HiGHS (its option names), ``{"lp/initalgorithm": "b"}`` for
SCIP (its parameter paths), ``{"cp_model_presolve": False}`` for CP-SAT
(``SatParameters`` field names). Each solver checks the names and values
against its own list when the method is made (:meth:`~.backends.Backend.parameters`,
:func:`~.cpsat.sat_parameters`); a string value is converted to the
parameter's type. Names the toolkit sets itself (time limit, threads, seed,
log) are refused with the toolkit option to use instead.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

Value = str | int | float | bool


class SolverOptionError(ValueError):
    """A native solver parameter that does not exist, is set by the toolkit
    itself, or has a value the solver refuses."""


def parse_solver_options(options) -> dict[str, Value]:
    """``options`` as a dict of names to values: None gives ``{}``, a
    mapping is copied, a string ``"a=1,b=off"`` is split at commas and at the
    first ``=`` of each part (values stay strings). Raises
    :class:`SolverOptionError` for anything else or a part without ``=``."""
    if options is None:
        return {}
    if isinstance(options, Mapping):
        parsed = dict(options)
    elif isinstance(options, str):
        parsed = {}
        for part in filter(None, (p.strip() for p in options.split(","))):
            name, equals, value = part.partition("=")
            if not equals or not name.strip():
                raise SolverOptionError(f"solver option {part!r}: expected name=value "
                                        f"(several joined by commas)")
            parsed[name.strip()] = value.strip()
    else:
        raise SolverOptionError(f"solver_options must be a mapping or a 'name=value,...' "
                                f"string, got {type(options).__name__}")
    for name in parsed:
        if not isinstance(name, str):
            raise SolverOptionError(f"solver option names are strings, got {name!r}")
    return parsed


CTRL_C = ""
"""In a back-end's reserved names: a parameter of the solver's Ctrl-C handling,
which the toolkit's own (:mod:`sudoku_models.stoppable`) replaces."""

_INSTEAD = {
    "time_limit": "give time_limit= to solve() or the method (--time-limit on the command line)",
    "threads": "give threads= to solve() or the method (the command line runs one thread)",
    "seed": "give seed= to solve() or the method (bench run --solver-seed on the command line)",
    "log": "give log=True to solve() or the method (solve --log on the command line)",
    "count_solutions": "count with count_solutions() (the count command)",
    CTRL_C: "the toolkit handles Ctrl-C itself",
}
"""What sets each of the toolkit's own settings, in Python and on the command line."""


def check_not_reserved(solver: str, name: str, reserved: Mapping[str, str]) -> None:
    """:class:`SolverOptionError` when ``name`` is a parameter the toolkit
    sets itself; ``reserved`` maps such names to the toolkit's setting
    (a key of ``_INSTEAD``: ``threads``, ``seed``, ... or :data:`CTRL_C`),
    which the message says how to give."""
    if name in reserved:
        raise SolverOptionError(f"{solver} option {name!r} is set by the toolkit: "
                                f"{_INSTEAD[reserved[name]]}")


def unknown(solver: str, name: str, known: Iterable[str]) -> SolverOptionError:
    """The error for a parameter ``solver`` does not have, with the closest
    names it does have."""
    close = difflib.get_close_matches(name, list(known), n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    return SolverOptionError(f"{solver} has no option {name!r}{hint}")


def as_bool(solver: str, name: str, value: Value) -> bool:
    """``value`` as a bool: a bool, 0/1, or a string true/false, on/off,
    yes/no, 1/0 (any case)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("true", "on", "yes", "1"):
        return True
    if text in ("false", "off", "no", "0"):
        return False
    raise SolverOptionError(f"{solver} option {name!r} is true or false, got {value!r}")


def as_number(solver: str, name: str, value: Value, kind: type) -> int | float:
    """``value`` as ``kind`` (int or float); a string is parsed."""
    if isinstance(value, bool) or (kind is int and isinstance(value, float)
                                   and not value.is_integer()):
        raise SolverOptionError(f"{solver} option {name!r} is a number ({kind.__name__}), "
                                f"got {value!r}")
    try:
        return kind(value)
    except (TypeError, ValueError):
        raise SolverOptionError(f"{solver} option {name!r} is a number ({kind.__name__}), "
                                f"got {value!r}") from None


def label(options: Mapping[str, Value]) -> str:
    """The options as ``"a=1, b=off"`` (for the solver name of a result)."""
    return ", ".join(f"{name}={_text(value)}" for name, value in options.items())


def _text(value: Value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
