"""A CP-SAT model read as text: its size and a listing a person reads.

OR-Tools writes a ``CpModel`` as its ``CpModelProto`` (``str(model.proto)``,
the protobuf text format of ``cp_model.proto``), one field per line. Here
the proto is read back as a protobuf message and written one line per
variable (``cell_r1_c2 in 1..4``, ``cell_r1_c3 = 2``) and per constraint
(``all_different(cell_r1_c1, cell_r1_c2, ...)``, ``x_1 + 2 x_2 == 5``,
``exactly_one(...)``, ``if b: ...`` for an enforced one), the constraint's
own name first when it has one; a kind without a form of its own here is
written as its name and its fields on one line. ``sudoku-models
show-model`` prints it for the CP methods.
"""

from __future__ import annotations

from google.protobuf import text_format
from ortools.sat import cp_model_pb2
from ortools.sat.python import cp_model

from ...result import ModelSize

_REFERENCES = ("vars", "literals", "enforcement_literal")  # fields that name variables
_BOOLEAN = {"bool_or": "or", "bool_and": "and", "bool_xor": "xor", "at_most_one": "at_most_one",
            "exactly_one": "exactly_one"}
_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1


def as_message(model: cp_model.CpModel) -> cp_model_pb2.CpModelProto:
    """The model's proto as a protobuf message (whatever class OR-Tools
    keeps it in), read from its text."""
    return text_format.Parse(str(model.proto), cp_model_pb2.CpModelProto())


def proto_size(model: cp_model.CpModel) -> ModelSize:
    """Variables and constraints of the model's proto, and its nonzeros: the
    variable occurrences in the constraints (every reference to a variable
    or a literal, enforcement literals included), as the toolkit counts them
    for ``cp``: 81 / 27 / 243 for the AllDifferent model of a 9x9."""
    message = as_message(model)
    return ModelSize(variables=len(message.variables), constraints=len(message.constraints),
                     nonzeros=sum(_occurrences(c) for c in message.constraints))


def _occurrences(message) -> int:
    count = 0
    for field, value in message.ListFields():
        if field.type == field.TYPE_MESSAGE:
            repeated = field.is_repeated if hasattr(field, "is_repeated") else \
                field.label == field.LABEL_REPEATED  # protobuf before 5.29 has only label
            items = value if repeated else [value]
            count += sum(_occurrences(item) for item in items)
        elif field.name in _REFERENCES:
            count += len(value)
    return count


def listing(model: cp_model.CpModel) -> tuple[list[str], list[str]]:
    """``(variables, constraints)``: one readable line per variable (its
    name and domain) and per constraint (module docstring)."""
    message = as_message(model)
    names = [v.name or f"v{i}" for i, v in enumerate(message.variables)]
    variables = [f"{name} {_domain(list(v.domain))}" for name, v in zip(names, message.variables)]
    return variables, [_constraint(c, names) for c in message.constraints]


def _domain(bounds: list[int]) -> str:
    """``in 1..4``, ``= 3``, ``in {1..2, 4}``."""
    parts = [str(low) if low == high else f"{_bound(low)}..{_bound(high)}"
             for low, high in zip(bounds[::2], bounds[1::2])]
    if len(parts) == 1 and ".." not in parts[0]:
        return f"= {parts[0]}"
    return f"in {parts[0]}" if len(parts) == 1 else "in {" + ", ".join(parts) + "}"


def _bound(value: int) -> str:
    return {_INT_MIN: "-inf", _INT_MAX: "inf"}.get(value, str(value))


def _literal(ref: int, names: list[str]) -> str:
    return names[ref] if ref >= 0 else f"not {names[-ref - 1]}"


def _linear(variables, coefficients, offset, names: list[str]) -> str:
    """``x + 2 y - z + 3``."""
    text = ""
    for ref, a in zip(variables, coefficients):
        name = names[ref] if ref >= 0 else f"(not {names[-ref - 1]})"
        sign = "-" if a < 0 else "+"
        term = name if abs(a) == 1 else f"{abs(a)} {name}"
        text += (f"- {term}" if sign == "-" else term) if not text else f" {sign} {term}"
    if offset:
        text += f" {'-' if offset < 0 else '+'} {abs(offset)}" if text else str(offset)
    return text or "0"


def _expression(expr, names: list[str]) -> str:
    return _linear(expr.vars, expr.coeffs, expr.offset, names)


def _constraint(c, names: list[str]) -> str:
    kind = c.WhichOneof("constraint")
    body = getattr(c, kind) if kind else None
    if kind == "all_diff":
        text = "all_different(" + ", ".join(_expression(e, names) for e in body.exprs) + ")"
    elif kind == "linear":
        expr = _linear(body.vars, body.coeffs, 0, names)
        bounds = list(body.domain)
        if len(bounds) == 2 and bounds[0] == bounds[1]:
            text = f"{expr} == {bounds[0]}"
        elif len(bounds) == 2 and bounds[0] == _INT_MIN:
            text = f"{expr} <= {bounds[1]}"
        elif len(bounds) == 2 and bounds[1] == _INT_MAX:
            text = f"{expr} >= {bounds[0]}"
        else:
            text = f"{expr} {_domain(bounds)}"
    elif kind in _BOOLEAN:
        text = f"{_BOOLEAN[kind]}(" + ", ".join(_literal(r, names) for r in body.literals) + ")"
    elif kind == "table":
        cells = [_expression(e, names) for e in body.exprs] or [names[r] for r in body.vars]
        tuples = len(body.values) // max(len(cells), 1)
        text = (f"table({', '.join(cells)}): {'forbids' if body.negated else 'allows'} "
                f"{tuples} tuples")
    elif kind == "automaton":
        cells = [_expression(e, names) for e in body.exprs] or [names[r] for r in body.vars]
        text = (f"automaton({', '.join(cells)}): {len(body.transition_tail)} transitions, "
                f"start {body.starting_state}, final {{{', '.join(map(str, body.final_states))}}}")
    elif kind is None:
        text = "(empty)"
    else:
        fields = text_format.MessageToString(body, as_one_line=True)
        text = f"{kind}({fields[:200]}{'...' if len(fields) > 200 else ''})"
    if c.enforcement_literal:
        text = "if " + " and ".join(_literal(r, names) for r in c.enforcement_literal) + ": " + text
    return f"{c.name}: {text}" if c.name else text
