"""A method's model of a puzzle as text in the solver's own terms, for
reading (``sudoku-models show-model``, the first notebook).

Forms (each method shows those of its paradigm; the first is its default):

* ``lp``: the CPLEX LP file the MILP back-end writes (``milp``, ``matrix``,
  ``milp-alldiff``, your MILP), as :func:`~sudoku_models.model_files.export`
  writes it with the readable 1-based names (``x_r1_c2_v4``,
  ``cell_r1_c2``, ``row_r1_v4``, ...), made shorter to read and still a
  valid LP file: the bound ``<= 1`` every binary has anyway is left out
  (the clues stay: ``x_r1_c1_v1 = 1``) and the ``bin`` and ``gen`` name
  lists are packed several to a line;
* ``pyomo``: Pyomo's own ``pprint`` of the ``ConcreteModel`` (the methods
  written in Pyomo): sets, variables with their bounds, every constraint's
  expression;
* ``constraints``: the CP-SAT model one line per variable (its domain: the
  clues are domains of one value, ``cell_r1_c1 = 1``) and per constraint
  (``all_different(cell_r1_c1, ...)``;
  :func:`~sudoku_models.formulations.cp.proto_text.listing`);
* ``proto``: the CP-SAT ``CpModelProto`` in protobuf text format, as
  ``export`` writes it (``pbtxt``);
* ``cnf``: the DIMACS CNF the SAT methods write: the comment header, the
  variable map ``c 1 x_r1_c1_v1`` (packed several to a line), the ``p cnf``
  line, then the clauses (the clues as unit clauses at the end).
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .registry import CapabilityError, METHODS, method_info
from .result import ModelSize

if TYPE_CHECKING:
    from .puzzle import Puzzle

FORMS = ("lp", "pyomo", "constraints", "proto", "cnf")
"""Every form of :func:`model_text`."""
_BY_EXPORT = {"lp": ("lp", "pyomo"), "pbtxt": ("constraints", "proto"), "cnf": ("cnf",)}
_WIDTH = 100  # characters per packed line


def model_forms(method: str) -> tuple[str, ...]:
    """The forms ``method`` shows, its default first (none for a search
    without a model: ``backtracking``, ``matching``)."""
    info = method_info(method)
    return tuple(form for fmt in info.export_formats for form in _BY_EXPORT.get(fmt, ()))


class ModelText(NamedTuple):
    """What :func:`model_text` returns: the ``method``, the ``form``, the
    model's ``size`` as handed to the solver, a one-line ``header`` and the
    ``text`` itself."""

    method: str
    form: str
    size: ModelSize
    header: str
    text: str

    def shown(self, lines: int | None = None) -> str:
        """The header, then the text; with ``lines``, only its first
        ``lines`` lines and one line saying how many are left out."""
        body = self.text.splitlines()
        kept = body if lines is None else body[:lines]
        tail = [] if len(kept) == len(body) else [
            f"... {len(body) - len(kept)} more lines (all of them: --lines all)"]
        return "\n".join([self.header, *kept, *tail])


def model_text(puzzle: Puzzle | str, method: str, form: str | None = None,
               **options) -> ModelText:
    """The model ``method`` builds for ``puzzle`` (any puzzle form
    :func:`~sudoku_models.formats.puzzle_text.as_puzzle` takes) as text in
    the form ``form`` (None: the method's first, :func:`model_forms`; the
    forms: module docstring). ``options`` go to the method (``cage="sets"``,
    ...). Raises :class:`~sudoku_models.registry.CapabilityError` (a
    ``ValueError``) naming the methods that can for a method without a
    model, and the method's forms for a form it does not show; ``ValueError``
    for an unknown form, method or option."""
    from .formats.puzzle_text import as_puzzle
    from .solving import make_method

    puzzle = as_puzzle(puzzle)
    if form is not None and form not in FORMS:
        raise ValueError(f"unknown model form {form!r}; the forms: {', '.join(FORMS)}")
    forms = model_forms(method)
    if not forms:
        able = [name for name in METHODS if model_forms(name)]
        raise CapabilityError(f"method {method!r} is a search on "
                              f"{method_info(method).model}, with no model a solver reads; "
                              f"methods with a model: {', '.join(able)}")
    form = form or forms[0]
    if form not in forms:
        raise CapabilityError(f"method {method!r} shows its model as {', '.join(forms)}, "
                              f"not {form}")
    formulation = make_method(method, puzzle.rules, **options)
    if form in ("lp", "proto", "cnf"):
        fmt = {"lp": "lp", "proto": "pbtxt", "cnf": "cnf"}[form]
        with tempfile.TemporaryDirectory(prefix="sudoku-models-") as folder:
            path = Path(folder) / f"model.{fmt}"
            formulation.export(puzzle, path, fmt)
            text = path.read_text()
        text = {"lp": readable_lp, "cnf": readable_cnf}.get(form, lambda t: t)(text)
    elif form == "pyomo":
        native = formulation.build(puzzle)
        if not hasattr(native, "pprint"):
            raise CapabilityError(f"method {method!r} is not written in Pyomo; its model as "
                                  f"the back-end reads it: lp")
        out = io.StringIO()
        native.pprint(ostream=out)
        text = out.getvalue()
    else:
        from .formulations.cp.proto_text import listing

        formulation.build(puzzle)
        variables, constraints = listing(formulation.model)
        text = "\n".join([f"variables ({len(variables)}):", *(f"  {v}" for v in variables),
                          f"constraints ({len(constraints)}):",
                          *(f"  {c}" for c in constraints)]) + "\n"
    size = formulation.size()
    info = method_info(method)
    rows, entries = _SIZE_WORDS.get(info.paradigm, ("constraints", "nonzeros"))
    header = (f"# {method} ({info.paradigm}, {info.solver}) on {puzzle.layout.name}, "
              f"{puzzle.num_clues} clues: {size.variables:,} variables, {size.constraints:,} "
              f"{rows}, {size.nonzeros:,} {entries}"
              + (f" (the rules; the file adds the clues as {puzzle.num_clues} unit clauses)"
                 if form == "cnf" else "") + f"; form {form}")
    return ModelText(method, form, size, header, text)


_SIZE_WORDS = {"MILP": ("rows", "nonzeros"), "CP": ("constraints", "variable occurrences"),
               "SAT": ("clauses", "literals")}


def readable_lp(text: str) -> str:
    """An LP file shorter to read and the same model: the ``x <= 1`` bound
    of each variable the ``bin`` section lists (a binary's bounds anyway) left
    out, and the ``bin`` and ``gen`` name lists packed several to a line
    (LP files take names separated by any white space)."""
    lines = text.splitlines()
    sections: list[tuple[str, list[str]]] = [("", [])]
    for line in lines:
        word = line.strip().lower()
        if not line.startswith(" ") and word in ("bounds", "bin", "binary", "binaries", "gen",
                                                  "general", "generals", "semi", "end", "st",
                                                  "min", "max", "subject to"):
            sections.append((word, [line]))
        else:
            sections[-1][1].append(line)
    binary = {name.strip() for word, body in sections if word.startswith("bin")
              for name in body[1:]}
    out: list[str] = []
    for word, body in sections:
        if word == "bounds":
            kept = [line for line in body[1:] if not (
                line.strip().endswith("<= 1") and line.split("<=")[0].strip() in binary)]
            out += [body[0], *kept] if kept else []
        elif word.startswith(("bin", "gen")):
            names = [name.strip() for name in body[1:] if name.strip()]
            out += [body[0], *_packed(names, " ", " ")] if names else []
        elif word == "semi" and len(body) == 1:
            continue  # an empty section
        else:
            out += body
    return "\n".join(out) + "\n"


def readable_cnf(text: str) -> str:
    """A DIMACS CNF with its variable map (``c 1 x_r1_c1_v1`` lines) packed
    several to a comment line (``c 1 x_r1_c1_v1  2 x_r1_c1_v2 ...``); the
    other lines as written."""
    lines = text.splitlines()
    mapped = [line[2:] for line in lines
              if line.startswith("c ") and line[2:].split(" ")[0].isdigit()]
    others = [line for line in lines
              if not (line.startswith("c ") and line[2:].split(" ")[0].isdigit())]
    comments = [line for line in others if line.startswith("c")]
    packed = _packed(mapped, "c ", "  ")
    return "\n".join([*comments, *packed, *(line for line in others
                                            if not line.startswith("c"))]) + "\n"


def _packed(items: list[str], prefix: str, between: str) -> list[str]:
    """``items`` on lines of at most :data:`_WIDTH` characters (an item
    longer than that on a line of its own), each line starting with
    ``prefix``, the items joined by ``between``."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(between) + len(item) <= _WIDTH:
            lines[-1] += between + item
        else:
            lines.append(prefix + item)
    return lines
