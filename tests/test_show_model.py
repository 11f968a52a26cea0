"""``sudoku-models show-model`` (issue 45): each paradigm's model of a 4x4
printed in the solver's own terms names the variables and constraints the
model has, as many as its size says, and the text is still a model the
solver reads (an LP file HiGHS solves, a proto CP-SAT parses, a CNF a SAT
solver solves), to the verified grid; methods without a model, forms of
another paradigm and bad options are one line, exit 2."""

import re

import numpy as np
import pytest

from sudoku_models import Puzzle, verify
from sudoku_models.cli import main
from sudoku_models.model_text import FORMS, model_forms, model_text, readable_lp

SMALL = Puzzle.from_string("1.......3....4..")  # 4x4, 3 clues (several solutions)


def _section(text: str, start: str, end: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index(start) + 1: lines.index(end)]


@pytest.mark.parametrize("method", ["milp", "matrix", "milp-alldiff"])
def test_a_milp_is_its_lp_file_and_highs_solves_it(method, tmp_path):
    import highspy

    shown = model_text(SMALL, method)
    assert shown.form == "lp" and shown.text.startswith("\\ File written by HiGHS")
    rows = _section(shown.text, "st", "bounds")
    assert len(rows) == shown.size.constraints
    if method != "milp-alldiff":
        assert sum(len(re.findall(r"[+-]\d+ x_r\d_c\d_v\d", row)) for row in rows) == \
            shown.size.nonzeros == 256
        assert {"x_r1_c1_v1 = 1", "x_r3_c1_v3 = 1", "x_r4_c2_v4 = 1"} <= \
            {line.strip() for line in shown.text.splitlines()}  # the clues, as bounds
        assert not any(line.strip().endswith("<= 1") for line in shown.text.splitlines())
    path = tmp_path / "shown.lp"
    path.write_text(shown.text)
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    assert h.readModel(str(path)) == highspy.HighsStatus.kOk
    assert h.getNumCol() == shown.size.variables and h.getNumRow() == shown.size.constraints
    h.run()
    grid = np.zeros((4, 4), dtype=int)
    for j, value in enumerate(h.getSolution().col_value):
        match = re.fullmatch(r"x_r(\d)_c(\d)_v(\d)|y_r(\d)_c(\d)", h.getColName(j)[1])
        if match and match[1] and value > 0.5:
            grid[int(match[1]) - 1, int(match[2]) - 1] = int(match[3])
        elif match and match[4]:
            grid[int(match[4]) - 1, int(match[5]) - 1] = round(value)
    assert verify(SMALL, grid)


def test_readable_lp_drops_only_the_bounds_a_binary_has_anyway():
    text = ("\\ c\nmin\n obj: \nst\n r: +1 a +1 b +1 c = +1\nbounds\n a <= 1\n b = 1\n c <= 1\n"
            " d <= 5\nbin\n a\n c\ngen\n b\n d\nsemi\nend\n")
    assert readable_lp(text) == ("\\ c\nmin\n obj: \nst\n r: +1 a +1 b +1 c = +1\nbounds\n"
                                 " b = 1\n d <= 5\nbin\n a c\ngen\n b d\nend\n")


def test_a_pyomo_model_is_its_pprint():
    shown = model_text(SMALL, "milp", "pyomo")
    assert "1 Var Declarations" in shown.text and "x : Size=64, Index=I*I*K" in shown.text
    for family, size in (("cell", 16), ("row", 16), ("column", 16), ("box", 16)):
        assert re.search(rf"^    {family} : Size={size},", shown.text, re.M), family
    assert shown.size.variables == 64


@pytest.mark.parametrize("method, variables, constraints", [
    ("cp", 16, ["all_different"] * 12), ("cp-bool", 64, ["exactly_one"] * 64)])
def test_a_cp_model_is_one_line_per_variable_and_constraint(method, variables, constraints):
    shown = model_text(SMALL, method)
    assert shown.form == "constraints"
    listed = _section(shown.text, f"variables ({variables}):", f"constraints ({len(constraints)}):")
    assert len(listed) == shown.size.variables == variables
    lines = shown.text.splitlines()[len(listed) + 2:]
    assert [line.strip().split("(")[0] for line in lines] == constraints
    assert len(lines) == shown.size.constraints
    names = r"cell_r\d_c\d|x_r\d_c\d_v\d"
    assert sum(len(re.findall(names, line)) for line in lines) == shown.size.nonzeros
    clue = "cell_r1_c1 = 1" if method == "cp" else "x_r1_c1_v1 = 1"
    assert clue in {line.strip() for line in listed}
    assert "all_different(cell_r1_c1, cell_r1_c2, cell_r1_c3, cell_r1_c4)" in shown.text \
        or method == "cp-bool"


def test_a_cp_model_as_its_proto_is_what_cp_sat_reads():
    from ortools.sat.python import cp_model

    shown = model_text(SMALL, "cp", "proto")
    model = cp_model.CpModel()
    assert model.proto.parse_text_format(shown.text)
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    assert len(model.proto.variables) == shown.size.variables
    assert verify(SMALL, np.reshape(list(solver.response_proto.solution)[:16], (4, 4)))


@pytest.mark.parametrize("method", ["sat-minimal", "sat-extended"])
def test_a_sat_model_is_its_cnf(method):
    from pysat.formula import CNF
    from pysat.solvers import Glucose4

    shown = model_text(SMALL, method)
    assert "the file adds the clues as 3 unit clauses" in shown.header
    header = next(line for line in shown.text.splitlines() if line.startswith("p cnf"))
    assert header == f"p cnf 64 {shown.size.constraints + 3}"
    names = dict(re.findall(r"(\d+) (x_r\d_c\d_v\d)", shown.text))
    assert len(names) == 64 and names["1"] == "x_r1_c1_v1"
    clauses = [line for line in shown.text.splitlines() if line and line[0] in "-0123456789"]
    assert sum(len(c.split()) - 1 for c in clauses) == shown.size.nonzeros + 3
    with Glucose4(bootstrap_with=CNF(from_string=shown.text).clauses) as glucose:
        assert glucose.solve()
        model = glucose.get_model()
    grid = np.zeros((4, 4), dtype=int)
    for literal in model:
        if literal > 0:
            r, c, v = map(int, re.findall(r"\d", names[str(literal)]))
            grid[r - 1, c - 1] = v
    assert verify(SMALL, grid)


def test_every_method_with_a_model_has_forms_of_its_paradigm():
    from sudoku_models import METHODS

    for name, info in METHODS.items():
        forms = model_forms(name)
        assert set(forms) <= set(FORMS)
        assert bool(forms) == bool(info.export_formats), name


def test_the_command_prints_the_size_then_the_lines_asked_for(capsys):
    assert main(["show-model", "cp", "1.......3....4..", "--lines", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("# cp (CP, CP-SAT) on 4x4 (2x2 boxes), 3 clues: 16 variables, 12 "
                        "constraints, 48 variable occurrences; form constraints")
    assert lines[1:4] == ["variables (16):", "  cell_r1_c1 = 1", "  cell_r1_c2 in 1..4"]
    assert lines[4] == "... 27 more lines (all of them: --lines all)" and len(lines) == 5
    assert main(["show-model", "milp", "1.......3....4..", "--option", "cage=sets",
                 "--lines", "all"]) == 0
    assert capsys.readouterr().out.count("cell_r") == 16


@pytest.mark.parametrize("words, message", [
    (["backtracking"], "method 'backtracking' is a search on candidate bitmasks, with no model"),
    (["cp", "--form", "lp"], "method 'cp' shows its model as constraints, proto, not lp"),
    (["matrix", "--form", "pyomo"], "method 'matrix' is not written in Pyomo"),
    (["cp", "--option", "cage=nope"], "cp: cage must be one of sum, table, sets"),
    (["sat-minimal", "--option", "stats=basic"], "takes no option 'stats'"),
    (["nope"], "unknown method 'nope'"),
])
def test_what_cannot_be_shown_is_one_line(words, message, capsys):
    assert main(["show-model", words[0], "1.......3....4..", *words[1:]]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
