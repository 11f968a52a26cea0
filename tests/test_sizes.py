"""The model size table of docs/reference.md is what the builders produce."""

from pathlib import Path

from sudoku_models.sizes import TABLE_END, TABLE_START, model_sizes

REFERENCE = (Path(__file__).resolve().parent.parent / "docs" / "reference.md").read_text()


def test_reference_table_matches_built_models_for_4x4_and_9x9():
    table = REFERENCE[REFERENCE.index(TABLE_START): REFERENCE.index(TABLE_END)]
    rows = {line.split("|")[1].strip(" `"): [c.strip() for c in line.split("|")[2:-1]]
            for line in table.splitlines() if line.startswith("| `")}
    for column, order in enumerate((2, 3)):
        for name, size in model_sizes(order).items():
            assert rows[name][column] == f"{size.variables:,} / {size.constraints:,} / {size.nonzeros:,}"


def test_binary_models_have_the_textbook_sizes():
    sizes = model_sizes(3)
    for name in ("milp", "matrix", "cp-bool"):
        assert (sizes[name].variables, sizes[name].constraints, sizes[name].nonzeros) == (729, 324, 2916)
    assert sizes["milp-alldiff"].variables == 81 + 2 * 810  # cells + two indicators per peer pair
