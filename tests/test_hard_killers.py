"""The hard-killer benchmark (benchmarks/interactive_solver/tarek_killers.py
--hard) finds the Interactive Sudoku Solver's extreme killers by name and its
Mathemagic killers by list in a collections file, and refuses a file without
them by name."""

import pytest

from benchmarks.interactive_solver.tarek_killers import EXTREME, hard_killers
from sudoku_models.formats.puzzle_text import read_puzzle

SHORT = "R<<<M<<<U^M<<<^J>^R<<^S<^R^^P>>^>^^^^^<R5^>^MP^>^V<<^^^^^>^L>>^^<^K>^<<R^>>^<>>>^"
LONG = "3x3::k:" + "".join(f"{(45 << 8) + row}:" for row in range(9) for _ in range(9))


def _collections(extreme=EXTREME, mathemagic=True) -> str:
    entries = "".join(f"  {{\n    name: '{name}',\n    src: 'x',\n    input: '{LONG}',\n  }},\n"
                      for name in extreme)
    text = f"const EXAMPLE_EXTREME_KILLERS = [\n{entries}];\n"
    if mathemagic:
        text += ("export const MATHEMAGIC_KILLERS = new PuzzleCollection(\n  { src: 'y' },\n"
                 f"  [\n    '{SHORT}',\n    '{SHORT}',\n  ],\n);\n")
    return text


def test_the_hard_killers_are_found_by_name_and_read():
    found = hard_killers(_collections())
    assert [name for _, name, _ in found] == [*EXTREME, "Mathemagic 1", "Mathemagic 2"]
    assert {collection for collection, _, _ in found} == {"EXTREME_KILLERS",
                                                          "MATHEMAGIC_KILLERS"}
    for _, name, text in found:
        assert read_puzzle(text, name=name).rules.constraints  # cages read


@pytest.mark.parametrize("text, missing", [
    (_collections(extreme=EXTREME[:3]), "no extreme killer 'tarek unsolvable #41'"),
    (_collections(mathemagic=False), "no MATHEMAGIC_KILLERS list"),
])
def test_a_collections_file_without_them_is_refused_by_name(text, missing):
    with pytest.raises(SystemExit, match=missing):
        hard_killers(text)
