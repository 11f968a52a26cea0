"""``bench report`` for a slide (issue 32): every text of every figure
inside the figure at any number of datasets and methods, plain log tick
labels, the summary sorted, with speed-up and model size, as Markdown, CSV
and LaTeX (booktabs)."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from sudoku_models.bench import report  # noqa: E402
from sudoku_models.plotting import METHOD_COLOURS, METHOD_MARKERS  # noqa: E402

LONG = ["milp", "cp", "matrix", "cp-bool", "milp-alldiff [transformation=hull]", "matching",
        "sat-minimal [solver=glucose4]", "sat-extended", "backtracking"]


def synthetic(datasets, labels, puzzles=6, seed=0):
    """A results frame as :func:`load_results` gives it (the columns the
    figures read), times drawn at random: no solver involved."""
    rng = np.random.default_rng(seed)
    rows = []
    for d, (dataset, order) in enumerate(datasets):
        for m, label in enumerate(labels):
            method, _, options = label.partition(" [")
            for index in range(1, puzzles + 1):
                rows.append({"dataset": dataset, "order": order, "index": index, "repetition": 1,
                             "clues": 20 + d, "method": method, "options": options.rstrip("]"),
                             "status": "OPTIMAL" if rng.random() > 0.1 else "TIME_LIMIT",
                             "verified": True, "build_s": 0.001 * (m + 1), "time_limit_s": 1.0,
                             "solve_s": float(rng.lognormal(-4 + m / 3, 1))})
    frame = pd.DataFrame(rows)
    frame["total_s"] = frame["build_s"] + frame["solve_s"]
    return report.labelled(frame)


def drawn_texts(fig) -> list[Text]:
    """The visible, non-empty texts a draw shows: tick labels only of the
    ticks inside their axis's view (matplotlib keeps others, undrawn)."""
    ticks, shown = set(), []
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                ticks |= {id(tick.label1), id(tick.label2)}
                if low * (1 - 1e-9) <= tick.get_loc() <= high * (1 + 1e-9) + 1e-12:
                    shown += [tick.label1, tick.label2]
    shown += [t for t in fig.findobj(Text) if id(t) not in ticks]
    return [t for t in shown if t.get_visible() and t.get_text().strip()
            and (t.axes is None or t.axes.get_visible())]


def texts_outside(fig) -> list[str]:
    """The drawn texts whose box leaves the figure."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    outside = []
    for text in drawn_texts(fig):
        box = text.get_window_extent(renderer)
        if box.x0 < -0.5 or box.y0 < -0.5 or box.x1 > width + 0.5 or box.y1 > height + 0.5:
            outside.append(text.get_text())
    return outside


def legend_overlaps_a_label(fig) -> bool:
    renderer = fig.canvas.get_renderer()
    legends = [legend.get_window_extent(renderer) for legend in fig.legends]
    labels = [ax.xaxis.label.get_window_extent(renderer) for ax in fig.axes
              if ax.get_visible() and ax.get_xlabel()]
    return any(leg.overlaps(lab) for leg in legends for lab in labels)


CASES = {
    "one dataset, two methods": ([("top95", 3)], ["cp", "milp"]),
    "five datasets, nine methods with options": (
        [("top95", 3), ("17clue", 3), ("gen:22", 3), ("gen:25", 3), ("order:4", 4)], LONG),
}


@pytest.mark.parametrize("case", CASES)
def test_every_text_of_every_figure_lies_inside_it(case):
    import matplotlib.pyplot as plt

    datasets, labels = CASES[case]
    frame = synthetic(datasets, labels)
    colours = METHOD_COLOURS | report.method_colours(frame["label"].unique())
    figures = [report.plot_distribution(frame, colours), report.plot_cactus(frame, colours),
               report.plot_profile(frame, colours)]
    generated = [dataset for dataset, _ in datasets if dataset.startswith("gen:")]
    if generated:
        figures.append(report.plot_trend(frame, colours, "clues", generated, None, "clues",
                                         "9x9: median time against clues"))
    for fig in figures:
        assert texts_outside(fig) == [], fig.get_suptitle()
        assert not legend_overlaps_a_label(fig), fig.get_suptitle()
        assert fig.get_layout_engine() is not None  # constrained layout
        for ax in fig.axes:  # plain tick labels: no 2x10^1 on a log axis
            shown = [t.get_text() for t in ax.get_yticklabels() + ax.get_xticklabels()]
            assert not any("10^" in t or "\\times" in t for t in shown), shown
        plt.close(fig)


def test_one_colour_per_method_in_every_figure():
    """Every line of the cactus plot and the profile, time-outs' open
    triangles included, in its method's colour; each method's curve and
    legend entry with its marker."""
    frame = synthetic([("top95", 3)], ["cp", "milp", "backtracking"])
    colours = report.method_colours(frame["label"].unique())
    for fig in (report.plot_cactus(frame, colours), report.plot_profile(frame, colours)):
        drawn = [(line.get_label(), matplotlib.colors.to_hex(line.get_color()))
                 for line in fig.axes[0].get_lines()]
        assert {name for name, _ in drawn} >= {"cp", "milp", "backtracking", "cp, timed out"}
        for name, colour in drawn:
            assert colour == METHOD_COLOURS[name.split(",")[0]].lower(), name
        markers = {line.get_label(): line.get_marker() for line in fig.axes[0].get_lines()}
        assert all(markers[name] == METHOD_MARKERS[name] for name in ("cp", "milp", "backtracking"))
        legend = {h.get_label(): h.get_marker() for h in fig.legends[0].legend_handles}
        assert all(legend[name] == METHOD_MARKERS[name] for name in ("cp", "milp", "backtracking"))


def test_the_summary_has_speed_up_model_size_and_sorts_by_a_column():
    frame = synthetic([("top95", 3), ("17clue", 3)], ["cp", "milp", "backtracking"])
    table = report.summary_table(frame, sort_by="median ms")
    for (dataset, order), lines in table.groupby(["dataset", "order"], sort=False):
        assert list(lines["median ms"]) == sorted(lines["median ms"])  # sorted within a group
        own = frame[(frame["dataset"] == dataset) & (frame["status"] != "ERROR")]
        median = own.groupby("method")["total_s"].median() * 1000
        for line in lines.itertuples(index=False):
            if line.rows == getattr(line, "_4"):  # every row solved: the ratio of the medians
                assert getattr(line, "_11") == pytest.approx(median["milp"] / median[line.method])
            else:  # a row timed out: its time bounds nothing, no speed-up (issue 45)
                assert np.isnan(getattr(line, "_11"))
    assert list(table["dataset"]) == sorted(table["dataset"])  # datasets never interleave
    sizes = table.set_index("method")[["variables", "constraints", "nonzeros"]]
    assert tuple(sizes.loc["milp"].iloc[0]) == (729, 324, 2916)  # the README's size table
    assert tuple(sizes.loc["cp"].iloc[0]) == (81, 27, 243)
    descending = report.summary_table(frame, sort_by="speed-up vs cp", reference="cp",
                                      descending=True)
    top = descending[descending["dataset"] == "17clue"]
    shown = top["speed-up vs cp"].dropna()
    assert list(shown) == sorted(shown, reverse=True) and top["speed-up vs cp"].isna().any()
    with pytest.raises(ValueError, match="did you mean median ms"):
        report.summary_table(frame, sort_by="median")
    with pytest.raises(ValueError, match="did you mean milp"):
        report.summary_table(frame, reference="mlip")


def test_latex_table_is_booktabs_and_escaped():
    table = pd.DataFrame({"method": ["sat_minimal & co"], "median ms": [1.5], "rows": [3]})
    tex = report.latex_table(table)
    lines = tex.splitlines()
    assert lines[0] == r"\begin{tabular}{lrr}" and lines[1] == r"\toprule"
    assert lines[3] == r"\midrule" and lines[-2] == r"\bottomrule"
    assert r"sat\_minimal \& co & 1.50 & 3 \\" in lines


def test_bench_report_writes_the_tables_and_each_figure_three_ways(tmp_path, capsys):
    from PIL import Image

    from sudoku_models.cli import main

    out = tmp_path / "runs.csv"
    assert main(["bench", "run", "--methods", "cp,backtracking", "--datasets", "top95",
                 "--first", "3", "--out", str(out)]) == 0
    assert main(["bench", "report", str(out), "--sort", "median ms", "--reference", "cp"]) == 0
    assert "speed-up vs cp" in capsys.readouterr().out
    csv = pd.read_csv(tmp_path / "summary.csv")
    assert list(csv["method"]) == list(csv.sort_values("median ms")["method"])
    assert "\\toprule" in (tmp_path / "summary.tex").read_text()
    for name in ("time_distribution", "cactus", "performance_profile"):
        with Image.open(tmp_path / f"{name}.png") as png:
            assert round(png.info["dpi"][0]) == 200 and png.size[0] >= 7.5 * 200
        assert (tmp_path / f"{name}.svg").read_text().lstrip().startswith("<?xml")
        assert (tmp_path / f"{name}.pdf").read_bytes().startswith(b"%PDF")
    assert main(["bench", "report", str(out), "--sort", "mediam ms"]) == 2
    assert "did you mean median ms?" in capsys.readouterr().err


def test_bench_report_on_the_cpu_clock_reads_cpu_seconds_and_refuses_rows_without(tmp_path,
                                                                                 capsys):
    from sudoku_models.cli import main

    out = tmp_path / "runs.csv"
    assert main(["bench", "run", "--methods", "cp,backtracking", "--datasets", "top95",
                 "--first", "3", "--interleave", "--out", str(out)]) == 0
    assert main(["bench", "report", str(out), "--clock", "cpu"]) == 0
    assert "times are the worker's CPU seconds" in capsys.readouterr().out
    rows, summary = pd.read_csv(out), pd.read_csv(tmp_path / "summary.csv")
    for method, group in rows.groupby("method"):
        line = summary[summary["method"] == method].iloc[0]
        assert line["median ms"] == pytest.approx(1000 * group["cpu_s"].median(), rel=1e-3)
    assert main(["bench", "report", str(out)]) == 0  # the wall clock by default
    assert "times are wall seconds" in capsys.readouterr().out
    rows.loc[rows.index[0], "cpu_s"] = None  # a row recorded before CPU seconds were kept
    rows.to_csv(out, index=False)
    assert main(["bench", "report", str(out), "--clock", "cpu"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "1 of 6 rows have no CPU seconds" in err


def test_model_sizes_are_each_lines_own_and_no_ratio_shows_as_zero():
    """Issue 45: every line showed its method's classic size on an empty
    grid with default options (a killer's milp without its cage rows, milp
    [cage=sets] as milp) and a speed-up of 0.007 printed as 0.00. Each
    line's size is now its method's with its options for the rules of its
    dataset (checked against a model built here); ratios keep two
    significant digits."""
    import numpy as np

    from sudoku_models import Puzzle, read_puzzles
    from sudoku_models.solving import make_method

    frame = synthetic([("top95", 3), ("killer-9x9", 3)], ["milp", "milp [cage=sets]", "cp"])
    frame.loc[frame["method"] == "milp", "options"] = [
        "objective=feasibility" + (";cage=sets" if options else "")
        for options in frame.loc[frame["method"] == "milp", "options"]]
    frame = report.labelled(frame)
    table = report.summary_table(frame).set_index(["dataset", "method"])
    killer = read_puzzles("killer-9x9")[0]

    def built(method, rules, **options):
        model = make_method(method, rules, **options)
        model.build(Puzzle(np.zeros((9, 9), dtype=int), rules))
        size = model.size()
        return size.variables, size.constraints, size.nonzeros

    def shown(dataset, label):
        return tuple(int(table.loc[(dataset, label), c]) for c in report.SIZE_COLUMNS)

    assert shown("top95", "milp") == (729, 324, 2916) == shown("top95", "milp [cage=sets]")
    assert shown("killer-9x9", "milp") == built("milp", killer.rules) != (729, 324, 2916)
    assert shown("killer-9x9", "milp [cage=sets]") == built("milp", killer.rules, cage="sets") \
        != shown("killer-9x9", "milp")
    assert shown("killer-9x9", "cp") == built("cp", killer.rules)
    assert [report.number_text(x) for x in (0.007, 0.00031, 0.1, 2.0)] == \
        ["0.007", "0.00031", "0.10", "2.00"]
    slow = pd.DataFrame({"method": ["milp-alldiff"], "speed-up vs milp": [31.37 / 4506.0]})
    assert "0.00 " not in report.plain_table(slow) + " " and "0.007" in report.plain_table(slow)
    assert "| 0.007 |" in report.markdown_table(slow)


def test_a_report_of_rows_with_errors(tmp_path, capsys):
    """A results file with an ERROR row (no solver) is reported: the
    report's facts read every row's solver, and an ERROR row has none (a
    TypeError, 'boolean value of NA is ambiguous', before)."""
    from sudoku_models.cli import main

    out = tmp_path / "runs.csv"
    assert main(["bench", "run", "--methods", "cp,milp-alldiff", "--datasets", "killer-9x9",
                 "--first", "1", "--out", str(out)]) == 0
    assert main(["bench", "report", str(out)]) == 0
    text = capsys.readouterr().out
    assert "| killer-9x9 | 3 | milp-alldiff | 1 | 0 | 0 | 0 | 1 |" in text
    assert "Solvers: `cp`: CP-SAT" in text


def test_a_method_that_gives_up_at_once_gets_no_speed_up():
    """Issue 45: milp-alldiff on 25x25 gives up before building (TIME_LIMIT
    in a millisecond) and the report called it 382 times faster than milp.
    A line with a row not decided has no speed-up."""
    frame = synthetic([("holes", 3)], ["milp", "milp-alldiff"], puzzles=3)  # sizes of 9x9 models
    frame["status"] = "OPTIMAL"
    quick = frame["method"] == "milp-alldiff"
    frame.loc[quick, ["status", "build_s", "solve_s", "total_s"]] = ["TIME_LIMIT", 0.0, 1e-4, 1e-4]
    table = report.summary_table(frame).set_index("method")
    assert np.isnan(table.loc["milp-alldiff", "speed-up vs milp"])
    assert table.loc["milp", "speed-up vs milp"] == 1.0


def test_a_layout_without_an_order_keeps_its_panel(tmp_path):
    """6x6 boxes record no order (the column is empty): every figure still
    draws their panel, titled by the dataset (it raised ZeroDivisionError:
    no panel at all)."""
    frame = synthetic([("boxes-6x6", None), ("top95", 3)], ["cp", "backtracking"])
    frame["order"] = frame["order"].astype("Int64")  # as load_results reads an empty column
    for plot in (report.plot_distribution, report.plot_cactus, report.plot_profile):
        fig = plot(frame, report.method_colours(frame["label"].unique()))
        titles = sorted(ax.get_title() for ax in fig.axes if ax.get_visible() and ax.get_title())
        assert titles[0].startswith("boxes-6x6") and "(" not in titles[0].split(",")[0]
        assert titles[1].startswith("top95 (9x9)")
