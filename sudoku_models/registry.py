"""The one registry of methods a user can name.

Every method (``milp``, ``cp``, ``matrix``, ``cp-bool``, ``milp-alldiff``,
``matching``, ``backtracking``, ...) is one entry here: its name, where its
class lives, what it is (paradigm, model, solver) and what it can do (count
solutions, export its model, options it takes). :func:`~sudoku_models.solve`,
:func:`~sudoku_models.solve_many`, :func:`~sudoku_models.count_solutions`,
:func:`~sudoku_models.export`, the CLI and the benchmark runner all look
methods up here.

Entries name their class by import path, so listing methods (``--help``,
``sudoku-models methods``) imports no solver; :meth:`MethodInfo.load` imports
the class when a method runs. A method class is constructed as
``cls(order, time_limit=..., log=..., threads=..., seed=..., **options)``
and has ``solve(puzzle) -> SolveResult``, ``build(puzzle)`` (its native
model), ``count_solutions(puzzle, limit)`` when ``can_count``, and
``export(puzzle, path, fmt)`` for each format in ``export_formats``
(see :class:`sudoku_models.formulations.base.Formulation`).
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from .stoppable import ctrl_c_deferred


class UnknownMethodError(ValueError):
    """A method name that is not registered."""


class CapabilityError(ValueError):
    """A method asked for something it cannot do (count, export a format,
    model a constraint kind)."""


@dataclass(frozen=True)
class MethodInfo:
    """One registered method.

    ``target``: the class, or ``"module:Class"`` to import it on first use;
    ``paradigm``: ``"MILP"``, ``"CP"``, ``"SAT"`` or ``"search"``; ``model``:
    the model it solves (``"binary x[i,j,k]"``, ``"integer cells"``, ...);
    ``solver``: the engine (``"HiGHS"``, ``"CP-SAT"``, ...); ``can_count``:
    has ``count_solutions``; ``export_formats``: file formats of its model;
    ``options``: extra keyword options with their allowed values; ``slow``:
    seconds per hard 9x9 puzzle (tests and samples account for it);
    ``layouts``: the layout kinds it solves (:data:`LAYOUT_KINDS`; see
    :func:`layout_kind`); ``kinds``: the constraint kinds of variants it
    models (:func:`constraint_kind_names`; :data:`EVERY_KIND`; empty: classic rules only; see
    :func:`needed_kinds`);
    ``more_values``: solves layouts with more values than cells per house
    (:meth:`~sudoku_models.core.geometry.Layout.with_values`: houses all
    different), with the kinds of :data:`MORE_VALUES_KINDS`;
    ``seeded``: the solver's search depends on the common ``seed`` option
    (HiGHS ``random_seed``, SCIP ``randomization/randomseedshift``, CP-SAT
    ``random_seed``, CaDiCaL ``seed`` with shuffling; the other PySAT
    solvers have no seed); the others are deterministic and ignore it.
    ``tests/test_registry_claims.py`` checks every claim of every entry.
    """

    name: str
    target: str | type
    description: str
    paradigm: str
    model: str
    solver: str
    can_count: bool = False
    export_formats: tuple[str, ...] = ()
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    slow: bool = False
    seeded: bool = False
    layouts: tuple[str, ...] = ("square", "boxes", "jigsaw", "latin")
    kinds: tuple[str, ...] = ()
    more_values: bool = False

    def load(self) -> type:
        """The method's class (imported on first call, with Ctrl-C held back
        until the import has ended: :func:`~sudoku_models.stoppable.ctrl_c_deferred`)."""
        if isinstance(self.target, type):
            return self.target
        module, _, name = self.target.partition(":")
        with ctrl_c_deferred():
            return getattr(importlib.import_module(module), name)

    def check_options(self, options: dict, also: Sequence[str] = ()) -> None:
        """``ValueError`` naming the option for an option this method does not
        take (with the nearest of its options and of ``also``, the keywords
        the caller takes besides them: ``timelimit`` -> "did you mean
        time_limit?") or a value it does not allow."""
        for key, value in options.items():
            if key not in self.options:
                known = [*self.options, *also]
                close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.7)
                raise ValueError(f"method {self.name!r} takes no option {key!r}"
                                 + (f" (did you mean {close[0]}?)" if close else "")
                                 + (f"; its options: {', '.join(self.options)}" if self.options
                                    else ""))
            if self.options[key] and value not in self.options[key]:
                raise ValueError(f"{self.name}: {key} must be one of "
                                 f"{', '.join(map(str, self.options[key]))}, got {value!r}")

    def check_configuration(self, options: dict) -> None:
        """:meth:`check_options`, then, when ``options`` hold a free-form one
        (:data:`FREE`: ``solver_options``, checked by the solver when the
        method is made), the method made for a 4x4 grid: the ``ValueError``
        of a native parameter that does not exist, that the toolkit sets or
        whose value the solver refuses comes before any puzzle is solved."""
        self.check_options(options)
        if any(key in self.options and self.options[key] == FREE for key in options):
            try:
                self.load()(2, **options)
            except ValueError as exc:
                raise ValueError(f"{self.name}: {exc}") from None

    def check_rules(self, rules) -> None:
        """:class:`CapabilityError` naming this method and the first
        constraint kind of ``rules`` (a :class:`~sudoku_models.core.rules.Rules`)
        it does not model, with the methods that do; on a layout with more
        values than cells per house, the first kind outside
        :data:`MORE_VALUES_KINDS`."""
        for kind in needed_kinds(rules):
            if rules.layout.more_values and kind not in MORE_VALUES_KINDS:
                raise CapabilityError(
                    f"method {self.name!r} does not model {kind} constraints with more values "
                    f"than cells per house ({rules.layout.name}); the kinds it models there: "
                    f"{', '.join(MORE_VALUES_KINDS)}")
            if kind not in self.kinds:
                others = [name for name, info in METHODS.items() if kind in info.kinds]
                raise CapabilityError(
                    f"method {self.name!r} does not model {kind} constraints"
                    + (f" ({KIND_NOTES[kind]})" if kind in KIND_NOTES else "")
                    + (f"; methods that do: {', '.join(others)}" if others else ""))


# -- the option vocabularies: defined here once, read by the classes that enforce them
# (each class checks its options against its registry entry: MethodInfo.check_options),
# the command line and the benchmark runner

OBJECTIVES = ("feasibility", "tiebreak")
"""``objective`` of the binary MILP models (``milp``, ``matrix``): 0, or MATLAB's
``f = 1..N`` (:mod:`sudoku_models.formulations.milp.objectives`)."""
MILP_BACKENDS = {"highs": "sudoku_models.formulations.milp.highs:HighsBackend",
                 "scip": "sudoku_models.formulations.milp.scip:ScipBackend"}
"""The MILP back-ends, the one list of them: the ``solver`` option's value ->
``module:Class`` (a :class:`~sudoku_models.formulations.milp.backends.Backend`),
imported only when a method runs on it (SCIP needs the extra ``[scip]``)."""
MILP_SOLVERS = tuple(MILP_BACKENDS)
"""``solver`` of the Pyomo MILP models (``milp``, ``milp-alldiff``): the names of
:data:`MILP_BACKENDS`."""
STATS_LEVELS = ("basic", "detailed")
#: The rater's five levels, easiest first (bands of Sudoku Explainer's ER:
#: :data:`sudoku_models.logic.ladder.LEVEL_BANDS`); ``rate``, ``generate
#: --difficulty`` and :func:`sudoku_models.logic.rate` use these names.
LEVELS = ("easy", "medium", "hard", "expert", "needs search")
"""``stats`` of the MILP models: ``basic`` (B&B nodes, LP iterations) or
``detailed`` (also the presolved size, the root LP and the first solution;
costs a few percent of a millisecond solve)."""
TRANSFORMATIONS = ("bigm", "hull")
"""``transformation`` of ``milp-alldiff``: Pyomo's ``gdp.bigm`` or ``gdp.hull``."""
MATCHING_FILTERS = ("regin", "paper")
"""``filter`` of ``matching``: Régin's all-different filter or the paper's Algorithm 1."""
SAT_SOLVERS = ("cadical195", "cadical153", "glucose3", "glucose4", "glucose42", "maplechrono",
               "maplecm", "maplesat", "mergesat3", "minisat22", "minisat-gh")
"""``solver`` of the SAT methods: PySAT's incremental solvers with assumptions and
statistics. CaDiCaL has no ``interrupt()`` in PySAT (time limits by conflict and
decision budgets), the others have."""
SAT_CLUE_MODES = ("assumptions", "units")
"""``clues`` of the SAT methods: assumptions to one solver per order, or unit clauses
in a fresh solver per puzzle."""
LAYOUT_KINDS = ("square", "boxes", "jigsaw", "latin")
"""The kinds of :class:`~sudoku_models.core.geometry.Layout` a method may take:
square boxes of an order (the classic grids), rectangular boxes (6x6 as
2x3, ...), jigsaw regions, a Latin square (rows and columns only)."""
@cache
def constraint_kind_names() -> tuple[str, ...]:
    """The constraint kinds of variants a method may model (``kinds``): the
    kinds of :func:`sudoku_models.core.rules.constraint_kinds`, in their order,
    with a killer cage in two parts: ``cage``, its cells all different (all
    a cage without a total needs), and ``cage-total``, its sum. Read from
    the kinds themselves when first asked (the core loads numpy, which
    listing methods and ``--help`` never need)."""
    from .core.rules import constraint_kinds

    return (*constraint_kinds(), "cage-total")


class _EveryKind(Sequence):
    """The ``kinds`` of a method that models every kind: the names of
    :func:`constraint_kind_names`, read when first used."""

    def __getitem__(self, index):
        return constraint_kind_names()[index]

    def __len__(self) -> int:
        return len(constraint_kind_names())

    def __contains__(self, kind) -> bool:
        return kind in constraint_kind_names()

    def __repr__(self) -> str:
        return "EVERY_KIND"


EVERY_KIND = _EveryKind()
"""What a method that models every constraint kind claims (``kinds``)."""
KIND_NOTES = {"cage-total": "the sum of a killer cage"}
MORE_VALUES_KINDS = ("region", "cage", "cage-total", "anti-knight", "anti-king", "greater",
                     "thermometer", "arrow", "sum", "xv", "kropki", "whispers", "renban",
                     "quadruple", "candidates", "regular", "skyscraper", "numbered-room",
                     "global-entropy", "global-mod")
"""The kinds a method with ``more_values`` models on a layout with more
values than cells per house (values ``1..V``, ``V > N``): those whose
lowering (:class:`~sudoku_models.core.rules.Lowered`: all-different groups,
linear sums, value-pair tables, candidate masks, automata) reads the values
``1..V`` with the Interactive Sudoku Solver's meaning
(``js/solver/sudoku_builder.js``: a skyscraper counts the values seen, a
whisper's gap and a dot's ratio are given, a regular line reads ``1..V``,
a numbered room's first value indexes one of the ``N`` cells, global
entropy takes the thirds of ``1..V``); a kind whose meaning assumes
``1..N`` (a sandwich's crusts 1 and N, parity's lists, an entropic line's
thirds, the rule of 45, the negative dot rules over every pair) is refused
by name."""
ALLDIFF_KINDS = ("region", "cage", "anti-knight", "anti-king")
"""What an all-different model takes (``milp-alldiff`` pairwise, ``matching``
as groups filtered like houses): extra regions, cages without totals,
anti-knight and anti-king pairs."""
CAGE_MODELS = ("sum", "table", "sets")
"""``cage`` of ``cp``: a killer cage as AllDifferent plus a linear sum, as
one table of its allowed assignments, or as a choice among its digit sets
(a Boolean per set, exactly one, channelled to the cells' values)."""
CAGE_FORMS = ("sum", "sets")
"""``cage`` of the binary models (``milp``, ``matrix``, ``cp-bool``): a killer
cage as one sum row, or as its digit sets (the extended formulation:
:mod:`sudoku_models.formulations.binary.variant_rows`)."""
ORDER_FORMS = ("values", "cumulative")
"""``order`` of the binary models: greater-than and thermometer steps as one
row over the cell values, or as the cumulative rows per digit."""
ARROW_FORMS = ("sum", "sets")
"""``arrow`` of the binary models: an arrow as one sum row, or, where its
shaft's cells must differ, as the shaft's digit sets and the circle's value."""
SAT_CAGE_FORMS = ("sets", "totalizer")
"""``cage`` of the SAT methods: a killer cage by its digit-set selectors, or
its sum as a totalizer over the order encoding of its cells' values."""
PRUNE = (True, False)
"""``prune``: fix at 0 (remove) the digits of a killer cage that no digit set
of its total holds (on by default: it costs nothing)."""
FREE = ()
"""The allowed values of an option that takes any value of its kind: ``solver_options``
(the solver's own parameters, checked against the solver when the method is made)."""

METHODS: dict[str, MethodInfo] = {}

_F = "sudoku_models.formulations."
_BINARY = "binary x[i,j,k]"
_LINEAR = {"solver_options": FREE, "stats": STATS_LEVELS}  # every method on a MILP back-end
_FORMS = {"cage": CAGE_FORMS, "order": ORDER_FORMS, "arrow": ARROW_FORMS, "prune": PRUNE,
          "rule45": (False, True)}
"""The options of the binary models (``milp``, ``matrix``, ``cp-bool``): the
variant's rows in :mod:`sudoku_models.formulations.binary.variant_rows`."""


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def typed_options(options: Mapping[str, object]) -> dict[str, object]:
    """``options`` as typed on a command line, with each boolean option (its
    values False and True for every method that takes it: ``rule45``,
    ``prune``) given in a usual spelling as its bool: ``true``/``false``,
    ``yes``/``no``, ``on``/``off`` (any case), 1/0; other values as they
    are, for :meth:`MethodInfo.check_options` to judge."""
    typed = dict(options)
    for key, value in options.items():
        allowed = [set(info.options[key]) for info in METHODS.values() if key in info.options]
        spelled = str(value).strip().lower()
        if (allowed and all(values == {False, True} for values in allowed)
                and not isinstance(value, bool) and spelled in (*_TRUE, *_FALSE)):
            typed[key] = spelled in _TRUE
    return typed


def layout_kind(layout) -> str:
    """The kind of a :class:`~sudoku_models.core.geometry.Layout` among
    :data:`LAYOUT_KINDS`: ``"square"`` for square boxes, else its ``kind``."""
    return "square" if layout.order is not None else layout.kind


def needed_kinds(rules) -> tuple[str, ...]:
    """The :func:`constraint_kind_names` a method needs to model ``rules`` (a
    :class:`~sudoku_models.core.rules.Rules`), in that order; empty for classic
    rules."""
    kinds = {c.kind for c in rules.constraints}
    if any(c.kind == "cage" and c.total is not None for c in rules.constraints):
        kinds.add("cage-total")
    return tuple(kind for kind in constraint_kind_names() if kind in kinds)


def register(info: MethodInfo) -> MethodInfo:
    """Add a method (or replace one of the same name); returns ``info``."""
    METHODS[info.name] = info
    return info


def unregister(name: str) -> None:
    """Remove a method (for tests and plug-ins); no error if absent."""
    METHODS.pop(name, None)


def method_name(name: str) -> str:
    """The registered name ``name`` means: itself, or the one name it spells
    in other letter case (``"CP"`` -> ``"cp"``, ``"MILP-AllDiff"`` ->
    ``"milp-alldiff"``); :class:`UnknownMethodError` listing the known
    methods (and the nearest, "did you mean milp?") otherwise."""
    if isinstance(name, str):
        if name in METHODS:
            return name
        same = [known for known in METHODS if known.casefold() == name.strip().casefold()]
        if len(same) == 1:
            return same[0]
    close = difflib.get_close_matches(name.casefold(), list(METHODS), n=1) \
        if isinstance(name, str) else []
    raise UnknownMethodError(
        f"unknown method {name!r}; choose from {', '.join(METHODS)}"
        + (f" (did you mean {close[0]}?)" if close else "")
        + "; a model of your own from another process: MODULE:NAME (docs/design.md, "
          "'Write your own model')")


def method_info(name: str) -> MethodInfo:
    """The entry of ``name`` (in any letter case: :func:`method_name`); for
    a module path ``"package.module:attr"`` not registered yet, the model of
    your own that module registers (:func:`registered_from_module`);
    :class:`UnknownMethodError` listing the known methods otherwise."""
    if isinstance(name, str) and name not in METHODS and ":" in name:
        return registered_from_module(name)
    return METHODS[method_name(name)]


def registered_from_module(spec: str) -> MethodInfo:
    """The method ``"package.module:attr"``: imports ``package.module``
    (with Ctrl-C held back; the current folder is tried last when the
    module is not found on ``sys.path``, as ``python -m`` would find it), and
    registers under the name ``spec`` the model ``attr`` that the module
    registered with :func:`sudoku_models.register_model` (a module that
    registers ``spec`` itself is taken as it is). This is how a model of
    your own reaches a process that did not register it: ``sudoku-models
    bench run --methods my_models:textbook_milp`` from a shell, a Dask or
    SLURM worker. Raises :class:`UnknownMethodError` naming what is missing:
    the module, the attribute, or its registration."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute.isidentifier():
        raise UnknownMethodError(f"method {spec!r}: a model of your own is named "
                                 f"MODULE:NAME, e.g. my_models:textbook_milp")
    module = _import_user_module(module_name, spec)
    if spec in METHODS:
        return METHODS[spec]
    model = getattr(module, attribute, None)
    if model is None:
        raise UnknownMethodError(f"method {spec!r}: module {module_name} has no {attribute!r}")
    again = getattr(model, "__dict__", {}).get("__sudoku_method__")
    if again is None:
        raise UnknownMethodError(
            f"method {spec!r}: {module_name}.{attribute} is not registered; call "
            f"sudoku_models.register_model('NAME', {attribute}, paradigm=...) in {module_name}")
    return again(spec)


def _import_user_module(module_name: str, spec: str):
    import os
    import sys

    with ctrl_c_deferred():
        try:
            return importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            here = os.getcwd()
            missing = str(error.name)
            if not (module_name == missing or module_name.startswith(missing + ".")) \
                    or here in sys.path:
                raise UnknownMethodError(f"method {spec!r}: {error}") from None
        sys.path.append(here)
        try:
            return importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            raise UnknownMethodError(
                f"method {spec!r}: {error} (a module of your own must be installed, on "
                f"PYTHONPATH or in the current folder)") from None


def method_class(name: str) -> type:
    """The class of method ``name`` (imported on first use)."""
    return method_info(name).load()


def built_in_methods() -> tuple[str, ...]:
    """Names of the methods the toolkit registers itself (a model of your
    own may not take one)."""
    return _BUILT_IN


def counting_methods() -> tuple[str, ...]:
    """Names of the methods that can count solutions."""
    return tuple(name for name, info in METHODS.items() if info.can_count)


def exporting_methods() -> tuple[str, ...]:
    """Names of the methods that can export their model."""
    return tuple(name for name, info in METHODS.items() if info.export_formats)


for _info in (
    MethodInfo("milp", _F + "milp.pyomo_binary:MilpFormulation",
               "binary x[i,j,k] assignment, Pyomo model solved by HiGHS (or SCIP: solver=scip)",
               "MILP", _BINARY, "HiGHS", can_count=True, export_formats=("lp", "mps"),
               options={"objective": OBJECTIVES, "solver": MILP_SOLVERS, **_FORMS, **_LINEAR},
               seeded=True, kinds=EVERY_KIND, more_values=True),
    MethodInfo("cp", _F + "cp.integer:CpFormulation",
               "integer cells with AllDifferent per row, column and box, CP-SAT",
               "CP", "integer cells, AllDifferent", "CP-SAT", can_count=True,
               export_formats=("pbtxt",),
               options={"solver_options": FREE, "cage": CAGE_MODELS, "rule45": (False, True),
                        "prune": PRUNE},
               seeded=True, kinds=EVERY_KIND, more_values=True),
    MethodInfo("matrix", _F + "milp.matrix:MatrixFormulation",
               "MATLAB sudokuEngine's Aeq, beq, lb, ub, f passed straight to HiGHS (highspy)",
               "MILP", _BINARY, "HiGHS", can_count=True, export_formats=("lp", "mps"),
               options={"objective": OBJECTIVES, **_FORMS, **_LINEAR}, seeded=True,
               kinds=EVERY_KIND),
    MethodInfo("cp-bool", _F + "cp.boolean:CpBoolFormulation",
               "binary x[i,j,k] with exactly-one constraints, CP-SAT",
               "CP", _BINARY, "CP-SAT", can_count=True, export_formats=("pbtxt",),
               options={"solver_options": FREE, **_FORMS}, seeded=True, kinds=EVERY_KIND,
               more_values=True),
    MethodInfo("milp-alldiff", _F + "milp.alldiff:MilpAllDiffFormulation",
               "integer cells, all-different as pairwise GDP disjunctions (big-M or hull), HiGHS "
               "(or SCIP: solver=scip)",
               "MILP", "integer cells, pairwise disjunctions", "HiGHS", can_count=True,
               export_formats=("lp", "mps"),
               options={"transformation": TRANSFORMATIONS, "solver": MILP_SOLVERS, **_LINEAR},
               slow=True, seeded=True, kinds=ALLDIFF_KINDS),
    MethodInfo("matching", _F + "matching:MatchingFormulation",
               "bipartite graphs per house, forbidden edges removed (seed 002), then branching",
               "search", "bipartite cell-digit graphs", "matching (Python)",
               options={"filter": MATCHING_FILTERS}, kinds=ALLDIFF_KINDS),
    *(MethodInfo(f"sat-{encoding}", f"{_F}sat.pysat_model:Sat{encoding.title()}Formulation",
                 f"binary x[i,j,k] as CNF, {encoding} encoding (Lynce-Ouaknine), PySAT CaDiCaL",
                 "SAT", _BINARY, "CaDiCaL (PySAT)", can_count=True, export_formats=("cnf",),
                 options={"solver": SAT_SOLVERS, "clues": SAT_CLUE_MODES,
                          "cage": SAT_CAGE_FORMS, "prune": PRUNE}, seeded=True, kinds=EVERY_KIND,
                 more_values=True)
      for encoding in ("minimal", "extended")),
    MethodInfo("backtracking", "sudoku_models.counter.method:BacktrackingMethod",
               "compiled backtracking with naked and hidden singles (numba): the counter",
               "search", "candidate bitmasks", "backtracking (numba)", can_count=True,
               kinds=EVERY_KIND),
):
    register(_info)

_BUILT_IN = tuple(METHODS)
