"""Models a user writes, registered in one call: :func:`register_model`.

A model of your own is either

* a function ``build(puzzle)`` that writes the model of one
  :class:`~sudoku_models.puzzle.Puzzle`, clues included: a Pyomo
  ``ConcreteModel`` with binary ``x[row, column, value]`` (``paradigm="MILP"``;
  it returns the model, whose ``x`` is read, or ``(model, x)``) or a CP-SAT
  ``CpModel`` (``paradigm="CP"``; it returns ``(model, cells)``, the cells'
  integer variables, or ``(model, x)``, Booleans keyed by triples); the
  grid convention is :mod:`.grid_variables`'s. The toolkit calls it once per
  puzzle (its time is the build time) and solves, counts and writes the
  model as the built-in methods of the paradigm do: HiGHS (or SCIP) through
  ``milp``'s Pyomo compile path (:mod:`.milp.pyomo_user`), CP-SAT as ``cp``
  (:mod:`.cp.cpsat_user`);
* or a class following the method protocol,
  :class:`~sudoku_models.formulations.base.Formulation` (usually a
  subclass of a paradigm's base; :mod:`sudoku_models.formulations.TEMPLATE`
  is a working one), for a model reused across puzzles.

Once registered, the name works everywhere a method name does:
:func:`~sudoku_models.solve`, :func:`~sudoku_models.count_solutions`,
:func:`~sudoku_models.solve_many`, :func:`~sudoku_models.export`, ``bench``
(:func:`~sudoku_models.bench.run_benchmark`: local workers are forked from
the registering process and inherit it).

Another process (``sudoku-models bench run`` from a shell, a Dask or SLURM
worker) finds a model by its module path: the method name
``"package.module:attr"`` imports ``package.module`` (installed, on
``PYTHONPATH``, or a file ``package/module.py`` in the current folder) and
registers ``attr``, which that module registered with
:func:`register_model`, again under that name
(:func:`sudoku_models.registry.method_info`).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable

from ..registry import (FREE, METHODS, MILP_SOLVERS, STATS_LEVELS, MethodInfo, built_in_methods,
                        register)

PARADIGMS = ("MILP", "CP")
"""The paradigms of a model written as a function: a Pyomo MILP or a CP-SAT model."""

_FACTS = ("description", "model", "solver", "can_count", "export_formats", "options", "slow",
          "seeded", "layouts", "kinds", "more_values")
_NOT_IN_A_NAME = "[],;: \t\n"  # the bench's configuration syntax uses them ("milp[x=1],cp")


def register_model(name: str, model: Callable | type, paradigm: str | None = None,
                   **facts) -> MethodInfo:
    """Register ``model`` as the method ``name`` and return its
    :class:`~sudoku_models.registry.MethodInfo`.

    ``model``: a function ``build(puzzle)`` (``paradigm`` ``"MILP"`` or
    ``"CP"``, required; what it returns: the module docstring) or a
    :class:`~sudoku_models.formulations.base.Formulation` subclass
    (``paradigm`` read from its base, ``"MILP"`` for
    :class:`~.milp.linear.LinearFormulation`, ``"CP"`` for
    :class:`~.cp.cpsat_base.CpSatFormulation`, else given). ``facts``:
    fields of :class:`~sudoku_models.registry.MethodInfo` that differ from
    the paradigm's: ``description`` (default: the first line of the
    docstring), ``layouts`` (default ``("square",)``: the classic square
    boxes; the function reads ``puzzle.order``), ``kinds`` (default none:
    classic rules), ``slow``; for a class also ``can_count``,
    ``export_formats``, ``options``. A method counts (no-good cuts on ``x``
    / CP-SAT enumeration; a MILP class when it names its binary columns),
    writes ``lp``/``mps`` or ``pbtxt``, and takes the paradigm's options
    (MILP: ``solver``, ``solver_options``, ``stats``; CP:
    ``solver_options``), besides ``time_limit``, ``log``, ``threads``,
    ``seed``; a class on no paradigm's base claims what it overrides.

    Registering a name again replaces it (a notebook cell run twice).
    Raises ``ValueError`` naming the problem for a name that is empty, holds
    ``[ ] , ; :`` or blanks, or is a built-in method's; an unknown
    paradigm; a ``model`` that is neither a function nor a ``Formulation``
    subclass; a fact that is not a field of ``MethodInfo``.
    """
    if not isinstance(name, str) or not name or any(c in _NOT_IN_A_NAME for c in name):
        raise ValueError(f"a method name is a non-empty word without {' '.join('[],;:')} or "
                         f"blanks, got {name!r}")
    return _register(name, model, paradigm, facts)


def _register(name: str, model, paradigm: str | None, facts: dict) -> MethodInfo:
    """:func:`register_model` without the check of the name's characters
    (a module path ``"package.module:attr"`` holds a colon)."""
    if name in built_in_methods():
        raise ValueError(f"{name!r} is a built-in method; give your model another name")
    unknown = sorted(set(facts) - set(_FACTS))
    if unknown:
        raise ValueError(f"register_model takes no {', '.join(map(repr, unknown))}; the facts "
                         f"of a method: {', '.join(_FACTS)}")
    if inspect.isclass(model):
        info = _class_method(name, model, paradigm, facts)
    elif callable(model):
        info = _function_method(name, model, paradigm, facts)
    else:
        raise ValueError(f"register_model({name!r}, ...): the model must be a function "
                         f"build(puzzle) or a Formulation subclass, got {type(model).__name__}")
    try:  # how another process registers it again, by its module path (module docstring)
        model.__sudoku_method__ = lambda other: _register(other, model, paradigm, facts)
    except AttributeError:  # a callable without attributes: found by name in this process only
        pass
    return register(info)


def _function_method(name: str, build: Callable, paradigm: str | None,
                     facts: dict) -> MethodInfo:
    if paradigm not in PARADIGMS:
        raise ValueError(f"register_model({name!r}, ...): paradigm must be "
                         f"one of {', '.join(PARADIGMS)} for a model written as a function, "
                         f"got {paradigm!r}")
    for fact in ("can_count", "export_formats", "options", "seeded", "more_values"):
        if fact in facts:
            raise ValueError(f"register_model({name!r}, ...): {fact} of a model written as a "
                             f"function is the paradigm's; write a class to change it")
    module = getattr(build, "__module__", None) or "__main__"
    qualname = getattr(build, "__qualname__", None) or type(build).__name__
    where = f"{module}.{qualname}"
    if paradigm == "MILP":
        from .milp.pyomo_user import PyomoUserModel as base

        defaults = dict(model=f"binary x[i,j,k], Pyomo ({where})", solver="HiGHS",
                        export_formats=("lp", "mps"),
                        options={"solver": MILP_SOLVERS, "solver_options": FREE,
                                 "stats": STATS_LEVELS})
    else:
        from .cp.cpsat_user import CpSatUserModel as base

        defaults = dict(model=f"CP-SAT model ({where})", solver="CP-SAT",
                        export_formats=("pbtxt",), options={"solver_options": FREE})
    cls = type(qualname.rpartition(".")[2], (base,), {
        "name": name, "build_model": staticmethod(build), "__module__": module,
        "__qualname__": qualname, "__doc__": build.__doc__ or base.__doc__})
    return MethodInfo(name, cls, **{
        "description": _first_line(build.__doc__) or f"{where}, a {paradigm} model of your own",
        "paradigm": paradigm, "can_count": True, "seeded": True, "layouts": ("square",),
        **defaults, **facts})


def _class_method(name: str, cls: type, paradigm: str | None, facts: dict) -> MethodInfo:
    from .base import Formulation

    if not issubclass(cls, Formulation):
        raise ValueError(f"register_model({name!r}, {cls.__qualname__}): a class must be a "
                         f"Formulation subclass (sudoku_models.formulations.base)")
    paradigm = paradigm or _paradigm_of(cls)
    if paradigm is None:
        raise ValueError(f"register_model({name!r}, {cls.__qualname__}): give the paradigm "
                         f"(MILP, CP, SAT, search, ...) of a class on no paradigm's base")
    if getattr(cls, "name", None) != name:  # the registry name is the class's name
        cls = type(cls.__name__, (cls,), {"name": name, "__module__": cls.__module__,
                                          "__qualname__": cls.__qualname__,
                                          "__doc__": cls.__doc__})
    where = f"{cls.__module__}.{cls.__qualname__}"
    base = _paradigm_base(cls)
    if base is not None and base.__name__ == "LinearFormulation":  # what the base does
        defaults = dict(solver="HiGHS", export_formats=("lp", "mps"), seeded=True,
                        can_count=cls._binary_columns is not base._binary_columns,
                        options={"solver": MILP_SOLVERS, "solver_options": FREE,
                                 "stats": STATS_LEVELS})
    elif base is not None:
        defaults = dict(solver="CP-SAT", export_formats=("pbtxt",), seeded=True, can_count=True,
                        options={"solver_options": FREE})
    else:
        defaults = dict(solver=where, can_count=cls.count_solutions is not
                        Formulation.count_solutions)
    return MethodInfo(name, cls, **{
        "description": _first_line(cls.__doc__) or f"{where}, a {paradigm} model of your own",
        "paradigm": paradigm, "model": where, "layouts": ("square",), **defaults, **facts})


_BASES = {"MILP": ("sudoku_models.formulations.milp.linear", "LinearFormulation"),
          "CP": ("sudoku_models.formulations.cp.cpsat_base", "CpSatFormulation")}


def _paradigm_base(cls: type) -> type | None:
    """The paradigm's base ``cls`` stands on (a MILP back-end's
    ``LinearFormulation`` or ``CpSatFormulation``; a subclass has loaded its
    module), else None."""
    for module, base in _BASES.values():
        if module in sys.modules and issubclass(cls, getattr(sys.modules[module], base)):
            return getattr(sys.modules[module], base)
    return None


def _paradigm_of(cls: type) -> str | None:
    """``"MILP"`` or ``"CP"`` for a subclass of a paradigm's base, else None."""
    base = _paradigm_base(cls)
    return next((paradigm for paradigm, (_, name) in _BASES.items()
                 if base is not None and base.__name__ == name), None)


def _first_line(doc: str | None) -> str:
    return (inspect.cleandoc(doc).split("\n\n")[0].replace("\n", " ") if doc else "")


def unregister_model(name: str) -> None:
    """Remove the method ``name`` registered by :func:`register_model` (no
    error if absent); ``ValueError`` for a built-in method."""
    if name in built_in_methods():
        raise ValueError(f"{name!r} is a built-in method; only your own models are removed")
    METHODS.pop(name, None)

