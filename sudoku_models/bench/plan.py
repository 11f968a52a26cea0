"""Planning a run: each method's options, the chunks of work and the keys of
every row the run covers.

A run times configurations: a method with its own options, written
``"milp-alldiff[transformation=hull]"`` (``;`` between options, values typed
as on the command line; see :func:`configuration`), each its own column of
an interleaved run and its own row label. A method's options travel as
typed values (``{"objective": "tiebreak", "seed": 3}``) from the command
line to the model that is built with them;
:func:`options_text` makes the ``"k=v;k=v"`` text of the ``options`` column,
which is part of a row's key (:data:`~sudoku_models.records.results.KEY`),
and nothing parses it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ..puzzle import Puzzle
from ..symmetry import copies
from ..solving import option_value, option_values, options_text
from ..records.rows import puzzle_hash, puzzle_line
from ..records.results import held, row_key
from ..errors import RunError


def methods() -> dict:
    """Every method a run can time: the registry
    (:data:`sudoku_models.registry.METHODS`), the one lookup of method names."""
    from ..registry import METHODS

    return METHODS


def method_options(method: str, objective: str | None, solver_seed: int = 0,
                   extra: dict[str, str] | None = None) -> str:
    """The ``options`` column recorded for ``method``:
    ``options_text(option_values(...))``, e.g. ``"objective=feasibility"``,
    ``"clues=units;seed=3"``."""
    return options_text(option_values(method, objective, solver_seed, extra))


def configuration(text: str) -> tuple[str, dict[str, object]]:
    """``(method, options)`` of a configuration spec: ``"milp"`` ->
    ``("milp", {})``, ``"cp[cage=table;rule45=True]"`` -> ``("cp", {"cage":
    "table", "rule45": True})`` (values typed by
    :func:`~sudoku_models.solving.option_value`). Raises :class:`RunError`
    naming the spec when it is malformed or names an unknown method or an
    option the method does not take or a value it does not allow."""
    spec = text.strip()
    name, bracket, rest = spec.partition("[")
    name = name.strip()
    if bracket and not rest.endswith("]"):
        raise RunError(f"configuration {spec!r}: options go in one pair of brackets at the "
                       "end, e.g. milp-alldiff[transformation=hull]")
    known = methods()
    name = next((m for m in known if m.casefold() == name.casefold()), name)  # CP is cp
    if name not in known and ":" in name:  # a model of your own, by its module path
        from ..registry import method_info

        try:
            method_info(name)
        except ValueError as error:
            raise RunError(str(error)) from None
    if name not in known:
        raise RunError(f"unknown method {name or '(none)'}"
                       + (f" in configuration {spec!r}" if bracket else "")
                       + f"; choose from {', '.join(known)}")
    options: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in rest[:-1].split(";"))) if bracket else ():
        key, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not key or not value:
            raise RunError(f"configuration {spec!r}: {item!r} is not KEY=VALUE")
        if key in options:
            raise RunError(f"configuration {spec!r}: option {key!r} given twice")
        if key in ("objective", "seed"):
            raise RunError(f"configuration {spec!r}: the {key} is a setting of the run "
                           f"(--objective, --solver-seed), not of one configuration")
        options[key] = option_value(value)
    from ..registry import typed_options

    options = typed_options(options)  # rule45=true as rule45=1, as solve --option takes it
    try:
        known[name].check_options(options)
    except ValueError as exc:
        raise RunError(f"configuration {spec!r}: {exc}") from None
    return name, options


def configurations(text: str) -> list[str]:
    """The configuration specs of a comma-separated list, commas inside
    brackets kept: ``"milp,cp[cage=table]"`` -> ``["milp", "cp[cage=table]"]``."""
    specs, depth, start = [], 0, 0
    for at, char in enumerate(text):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == "," and depth == 0:
            specs.append(text[start:at])
            start = at + 1
    specs.append(text[start:])
    return [spec.strip() for spec in specs if spec.strip()]


def check_extra(chosen: list[str], extra: Mapping[str, object]) -> None:
    """:class:`RunError` for an option no chosen method takes, or a value a
    method taking it does not allow."""
    for key, value in extra.items():
        if key == "objective":
            raise RunError("use --objective for the objective")
        takers = [methods()[m] for m in chosen if key in methods()[m].options]
        if not takers:
            raise RunError(f"option {key}={value}: no chosen method takes {key!r}")
        for info in takers:
            try:
                info.check_options({key: value})
            except ValueError as exc:
                raise RunError(str(exc)) from None


class Item(NamedTuple):
    """One puzzle of a chunk: its ``index`` in the dataset, which isomorphic
    ``permutation`` of it to solve (:func:`sudoku_models.symmetry.copies`;
    None: the puzzle itself, in a run without copies), the puzzle as a
    ``line`` (:func:`~sudoku_models.records.rows.puzzle_line`) and its
    ``name``."""

    index: int
    permutation: int | None
    line: str
    name: str

    @property
    def key(self) -> tuple[int, int | None]:
        """What tells the item apart in its chunk: ``(index, permutation)``."""
        return self.index, self.permutation


@dataclass(frozen=True)
class Chunk:
    """Puzzles for one worker call: ``items`` (:class:`Item`);
    ``base`` holds the row fields common to the chunk (dataset, method,
    the ``options`` text, repetition, settings, executor); ``options``: the
    method's options as typed values, which its model is built with;
    ``retry``: this is the second try; ``time_limit`` in seconds,
    ``cpu_limit`` in CPU seconds of the solving process (None: none)."""

    base: dict
    items: tuple[Item, ...]
    time_limit: float | None
    warmup: int
    log: bool = False
    retry: bool = False
    options: Mapping[str, object] = field(default_factory=dict)
    cpu_limit: float | None = None

    @property
    def method(self) -> str:
        return self.base["method"]

    def but(self, items, warmup=None, retry=None) -> Chunk:
        return replace(self, items=tuple(items), warmup=self.warmup if warmup is None else warmup,
                       retry=self.retry if retry is None else retry)


def plan(datasets: list[tuple[str, list[tuple[int, Puzzle]]]],
         options: list[tuple[str, dict]],
         settings: dict, repeat: int, chunk: int, time_limit: float | None, warmup: int,
         done: dict, out, log: bool = False, executor: str = "local", permutations: int = 1,
         cpu_limit: float | None = None) -> tuple[list[Chunk], set]:
    """The chunks still to run and the keys of all rows of the run.

    ``datasets``: ``(spec, [(index, puzzle), ...])`` each; ``options``: the
    configurations, in order: ``(method, option values)`` each; ``settings``:
    the row fields of :data:`~sudoku_models.records.results.SETTINGS`;
    ``chunk``: most puzzles per chunk; ``done``: key -> ``(puzzle hash,
    line)`` of the rows ``out`` holds, which are not run again;
    ``permutations``: isomorphic copies of each puzzle (copy 0 the puzzle
    itself; fewer where a puzzle admits fewer moves; 1: the puzzle alone, its
    rows' ``permutation`` empty), drawn with the settings' ``seed``. A row
    already in ``done`` whose puzzle hash differs from the puzzle the
    dataset yields now raises :class:`RunError` naming the row. ``time_limit``
    (seconds) and ``cpu_limit`` (CPU seconds) go to every chunk."""
    chunks, keys = [], set()
    for spec, puzzles in datasets:
        instances = [(index, puzzle, puzzle_hash(puzzle), puzzle_line(puzzle),
                      [None] if permutations == 1 else
                      range(len(copies(puzzle, permutations, settings["seed"]))))
                     for index, puzzle in puzzles]
        for method, values in options:
            for repetition in range(1, repeat + 1):
                base = {"dataset": spec, "method": method, "options": options_text(values),
                        "repetition": repetition, "solver_seed": values.get("seed", 0),
                        **settings, "executor": executor}
                items = []
                for index, puzzle, hashed, line, copied in instances:
                    for permutation in copied:
                        row = {**base, "permutation": permutation}
                        keys.add(row_key({**row, "index": index}))
                        if held(done, row, index, hashed, out):
                            continue
                        items.append(Item(index, permutation, line, puzzle.name))
                for start in range(0, len(items), chunk):
                    chunks.append(Chunk(base, tuple(items[start: start + chunk]), time_limit,
                                        warmup, log, options=dict(values),
                                        cpu_limit=cpu_limit))
    return chunks, keys


def interleaved(chunks: list[Chunk], configurations_: list[tuple[str, str]],
                datasets: list[str]) -> list[Chunk]:
    """One-puzzle ``chunks`` reordered puzzle by puzzle: per dataset and
    repetition, every configuration (``(method, options text)``, in the
    order of ``configurations_``) on puzzle ``i`` before puzzle ``i + 1``,
    the configurations starting one later on each puzzle."""
    methods_at = {config: i for i, config in enumerate(configurations_)}
    datasets_at = {spec: i for i, spec in enumerate(datasets)}

    def key(chunk: Chunk):
        index, permutation = chunk.items[0].key
        return (datasets_at[chunk.base["dataset"]], chunk.base["repetition"], index,
                permutation or 0,
                (methods_at[chunk.base["method"], chunk.base["options"]] - index) % len(methods_at))

    return sorted(chunks, key=key)
