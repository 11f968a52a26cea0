"""Every published table is what its builder makes from its recorded CSV,
and the marker mechanism finds, checks and rewrites tables."""

import json

import pandas as pd
import pytest

import benchmarks.studykit.published as published
from benchmarks.studykit.published import (ROOT, MarkerError, build, differences, find_tables,
                                             main, regenerate)

DOCUMENTS = [p for pattern in published.DOCUMENTS for p in sorted(ROOT.glob(pattern))]
MARKED = [(path, marked) for path in DOCUMENTS for text in published._texts(path)
          for marked in find_tables(text, str(path.relative_to(ROOT)))]


def test_the_readme_publishes_marked_tables():
    readme = [m for path, m in MARKED if path.name == "README.md"]
    assert len(readme) >= 5
    assert all(m.csvs and m.command for m in readme)


@pytest.mark.parametrize("marked", [m for _, m in MARKED], ids=lambda m: m.where)
def test_every_published_table_is_recomputed_from_its_csv(marked):
    recomputed = build(marked)
    assert recomputed == marked.body, (
        f"{marked.where}: the table differs from what {marked.builder} makes from "
        f"{', '.join(marked.csvs)}; run python -m benchmarks.studykit.published --write")


# -- the mechanism on a small file --------------------------------------------------


def builder_total(path, scale=1):
    """A test builder: the sum of column x, times scale."""
    frame = pd.read_csv(path)
    return pd.DataFrame({"total": [int(frame["x"].sum()) * scale]})


MARKER = """# Notes

<!-- table: tests.test_published:builder_total
     csv: data.csv
     args: scale=10
     command: python make_data.py -->
{body}<!-- end table -->

after
"""


@pytest.fixture
def document(tmp_path):
    (tmp_path / "data.csv").write_text("x\n1\n2\n3\n")
    path = tmp_path / "notes.md"
    path.write_text(MARKER.format(body="| total |\n| ---: |\n| 60 |\n"))
    return path


def test_a_table_matching_its_csv_has_no_difference(document):
    [marked] = find_tables(document.read_text(), "notes.md")
    assert marked.args == {"scale": 10} and marked.csvs == ("data.csv",)
    assert marked.command == "python make_data.py"
    assert differences(document, document.parent) == []


def test_a_changed_figure_is_found_and_rewritten(document, tmp_path):
    document.write_text(document.read_text().replace("| 60 |", "| 61 |"))
    [(marked, new)] = differences(document, tmp_path)
    assert "| 61 |" in marked.body and "| 60 |" in new
    assert regenerate(document, tmp_path) == 1
    assert "| 60 |" in document.read_text() and "after" in document.read_text()
    assert differences(document, tmp_path) == []


def test_a_changed_csv_changes_the_table(document, tmp_path):
    (tmp_path / "data.csv").write_text("x\n1\n2\n4\n")
    [(_, new)] = differences(document, tmp_path)
    assert "| 70 |" in new


def test_check_exits_1_with_a_diff_and_write_fixes(document, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(published, "ROOT", tmp_path)
    document.write_text(document.read_text().replace("| 60 |", "| 6 |"))
    assert main([str(document)]) == 1
    out = capsys.readouterr().out
    assert "-| 6 |" in out and "+| 60 |" in out
    assert main([str(document), "--write"]) == 0
    assert main([str(document)]) == 0


@pytest.mark.parametrize("head, message", [
    ("tests.test_published:builder_total\n     command: x", "without csv"),
    ("tests.test_published:builder_total\n     csv: data.csv", "without command"),
    ("builder_total\n     csv: data.csv\n     command: x", "module:function"),
    ("tests.test_published:builder_total\n     csv: data.csv\n     args: scale\n     command: x",
     "key=value"),
    ("tests.test_published:builder_total\n     csv: data.csv\n     args: name=\"open\n     command: x",
     "cannot read args"),
])
def test_a_bad_marker_is_an_error_naming_the_line(head, message):
    text = f"a\nb\n<!-- table: {head} -->\n| x |\n<!-- end table -->\n"
    with pytest.raises(MarkerError, match=f"notes.md:3: .*{message}"):
        find_tables(text, "notes.md")


def test_an_argument_with_spaces_is_given_in_quotes():
    text = ('<!-- table: m:f\n     csv: a.csv\n     args: dataset="17clue first 2000" scale=2\n'
            '     command: x -->\n| x |\n<!-- end table -->\n')
    (table,) = find_tables(text, "notes.md")
    assert table.args == {"dataset": "17clue first 2000", "scale": 2}


def test_a_missing_builder_or_csv_is_an_error(tmp_path):
    text = ("<!-- table: tests.test_published:no_such\n     csv: data.csv\n     command: x -->\n"
            "<!-- end table -->\n")
    (tmp_path / "data.csv").write_text("x\n1\n")
    with pytest.raises(MarkerError, match="no_such"):
        build(find_tables(text)[0], tmp_path)
    text = text.replace("no_such", "builder_total").replace("data.csv", "absent.csv")
    with pytest.raises(MarkerError, match="no such CSV .*absent.csv"):
        build(find_tables(text)[0], tmp_path)


def test_tables_in_notebook_markdown_cells_are_checked_and_rewritten(tmp_path):
    import nbformat

    (tmp_path / "data.csv").write_text("x\n5\n")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("1 + 1"),
                      nbformat.v4.new_markdown_cell(MARKER.format(body="| total |\n"))]
    path = tmp_path / "n.ipynb"
    nbformat.write(notebook, path)
    [(marked, new)] = differences(path, tmp_path)
    assert "markdown cell 1" in marked.where and "| 50 |" in new
    assert regenerate(path, tmp_path) == 1
    cells = json.loads(path.read_text())["cells"]
    assert "| 50 |" in "".join(cells[1]["source"]) and "".join(cells[0]["source"]) == "1 + 1"


def test_the_tdoku_race_table_takes_each_blocks_fastest_round(tmp_path):
    """race_table: per block the fastest round, the median over blocks per
    side, and the whole collection as the ratio of the summed fastest runs."""
    from benchmarks.counter_speed.tables import race_table

    rows = []
    # block 0: ours best 1.0 s, tdoku 0.5 s; block 1: ours 3.0, tdoku 1.0; block 2: 2.0, 2.0
    for block, (ours, theirs) in enumerate([(1.0, 0.5), (3.0, 1.0), (2.0, 2.0)]):
        for r, slower in enumerate((1.5, 1.0)):  # the second round is the fastest
            rows += [{"collection": "set", "task": "count to 2", "block": block, "round": r,
                      "side": side, "puzzles": 10, "seconds": seconds * slower, "load": 1.0 + r,
                      "machine": "test machine", "tdoku": "tdoku test"}
                     for side, seconds in (("ours", ours), ("tdoku", theirs))]
    path = tmp_path / "race.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    table = race_table(str(path))
    # medians over blocks of us/puzzle: ours 2.0 s / 10 = 2e5 us, tdoku 1.0 s / 10 = 1e5 us
    assert "| set (30) | count to 2 | 200000.0 | 100000.0 | 2.00 | 1.71 |" in table
    assert table.startswith("test machine; tdoku test.")
    assert "1.0 to 2.0; 2 rounds over 3 or more blocks" in table
