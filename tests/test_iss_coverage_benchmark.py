"""The Interactive Sudoku Solver coverage benchmark reads every puzzle of
its data files, whatever JavaScript string form the file uses."""

from benchmarks.interactive_solver.read_and_solve import entries

DATA = """
export const EXAMPLES = [
  {
    name: 'Quoted',
    input: '.~R1C1_1' +
      '~R1C2_2',
    solution: '12',
  },
  {
    name: 'Template',
    src: 'https://example.org/?load=x',
    input: `
    .Thermo~r1c2~r2c3
    .Thermo~r3c2~r2c1`,
    solution: '953874162',
  },
];
export const SOME = new PuzzleCollection({}, [
  'Template',
  '.Cage~3~R1C1~R1C2',
]);
"""


def test_quoted_and_template_inputs_are_read_and_named_with_their_solutions():
    found = {name: (text, solution) for name, text, solution in entries("x.js", DATA)}
    assert found["Quoted"] == (".~R1C1_1~R1C2_2", "12")
    text, solution = found["Template"]
    assert ".Thermo~r1c2~r2c3" in text and ".Thermo~r3c2~r2c1" in text
    assert solution == "953874162"


def test_a_collection_lists_its_bare_texts_and_the_titles_it_names():
    found = entries("x.js", DATA)
    listed = {name: text for name, text, _ in found if name.startswith("SOME#")}
    assert listed == {"SOME#1": "Template", "SOME#2": ".Cage~3~R1C1~R1C2"}
    titles = {name for name, _, _ in found}
    assert "Template" in titles  # so the run skips SOME#1 as a reference, not a puzzle


def test_each_recorded_answer_is_classed_by_what_it_shows():
    from benchmarks.interactive_solver.read_and_solve import answer_kind

    base = dict(read=True, status="OPTIMAL", verified=True, published="", unique="",
                iss_status="")
    assert answer_kind({**base, "published": True}) == "published"
    assert answer_kind({**base, "published": False}) == "other"  # a different answer
    assert answer_kind({**base, "unique": True}) == "unique"
    assert answer_kind({**base, "unique": False, "iss_status": "multiple"}) == "several"
    assert answer_kind({**base, "unique": False, "iss_status": "unique"}) == "other"
    assert answer_kind({**base, "verified": False, "published": True}) == "other"
    assert answer_kind({**base, "status": "INFEASIBLE", "verified": ""}) == "none"
    assert answer_kind({**base, "status": "INFEASIBLE", "published": False}) == "other"
    assert answer_kind({**base, "status": "INFEASIBLE", "iss_status": "unique"}) == "other"
    assert answer_kind({**base, "status": "INFEASIBLE", "iss_status": "no-solution"}) == "none"
    assert answer_kind({**base, "status": ""}) == "unmodelled"
    assert answer_kind({**base, "status": "TIME_LIMIT"}) == "limit"
    assert answer_kind({**base, "read": False}) == "refused"
