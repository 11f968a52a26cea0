"""Summary tables and plots of a results file, comparing like with like.

Nothing here pools different datasets or orders: every median is of one
(dataset, order, method) group, every panel shows one dataset and order.
Each method keeps one colour in every figure (the palette of
:func:`sudoku_models.plotting.method_colours`). The statistics (solved with
an interval, shifted geometric mean, PAR-2, performance variability over
copies, paired tests) are those of :func:`~.statistics.compare`, with
time-outs as bounds. Figures are for a slide: constrained layout (nothing
clipped, whatever the number of datasets and methods), log axes with plain
tick labels, PNG at 200 dpi with SVG and PDF beside it. They are the
distribution of time per puzzle (small multiples, shared log axis), a
cactus plot (runs by time, time-outs marked as censored at their limit) and
a Dolan-More performance profile per dataset, and, when the run has them,
median time against the clue count (one point per generated 9x9 dataset
with a single clue count) and against the order (one point per ``order:N``
dataset).
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

from ..plotting import method_colours, method_markers, plain_log_axis, save_figure
from ..records.summary import SOLVED, SUMMARY_COLUMNS, summary_lines
from ..records.summary import configuration_label as method_label
from .statistics import Interval, compare

def labelled(frame):
    """``frame`` with a ``label`` column: the method, with its options when
    they are not the default (:func:`~sudoku_models.records.summary.configuration_label`)."""
    frame = frame.copy()
    frame["label"] = [method_label(method, options) for method, options in
                      zip(frame["method"], frame["options"].fillna(""))]
    return frame


def summarise(frame):
    """One row per (dataset, order, method [options]): rows, solved and
    verified, infeasible, timed out, errors, and median / p90 / max of
    build + solve time in ms over the rows that did not end in ERROR.
    Returns a ``pandas.DataFrame``; the one summary of ``bench report`` and
    ``solve --file``, computed by :class:`~.summary.Summary` (which
    ``solve --file`` fills row by row)."""
    import pandas as pd

    rows = frame.astype(object).where(frame.notna(), None).to_dict("records")
    return pd.DataFrame(summary_lines(rows), columns=list(SUMMARY_COLUMNS))


SIZE_COLUMNS = ("variables", "constraints", "nonzeros")


def _model_size(method: str, options, dataset: str, index, order):
    """The :class:`~sudoku_models.result.ModelSize` of ``method`` with the
    recorded ``options`` (``"cage=sets;objective=feasibility"``) built for
    the rules of puzzle ``index`` of ``dataset`` (a collection or a file:
    its layout and constraints, a killer's cages included; a generated kind:
    the classic rules of ``order``) before any clue, as docs/reference.md's
    size table is for the classic rules (:func:`sudoku_models.sizes.model_sizes`);
    None for a method not registered, a dataset not readable here or a model
    that cannot be built here (a solver not installed)."""
    from ..registry import METHODS

    if method not in METHODS:
        return None
    rules = _dataset_rules(dataset, int(index)) if index is not None else None
    if rules is None and isinstance(order, int):
        from ..core.geometry import Layout
        from ..core.rules import Rules

        rules = Rules(Layout.square(order))
    return None if rules is None else _sizes(method, tuple(_options(options).items()), rules)


@cache
def _dataset_puzzles(dataset: str):
    from .datasets import dataset_file, load_dataset
    from ..formats import collection_names

    if dataset not in collection_names() and dataset_file(dataset) is None \
            and dataset.partition(":")[0] not in collection_names():
        return None  # a generated kind: classic rules
    try:
        return dict(load_dataset(dataset))
    except ValueError:
        return None


def _dataset_rules(dataset: str, index: int):
    puzzles = _dataset_puzzles(dataset)
    return None if puzzles is None or index not in puzzles else puzzles[index].rules


def _options(text) -> dict:
    """The options of a row's ``options`` column, typed as on a command line."""
    from ..solving import option_value

    pairs = (item.partition("=") for item in str(text or "").split(";") if "=" in item)
    return {key.strip(): option_value(value.strip()) for key, _, value in pairs}


@cache
def _sizes(method: str, options: tuple, rules):
    import numpy as np

    from ..puzzle import Puzzle
    from ..solving import make_method

    try:
        model = make_method(method, rules, **dict(options))
        model.build(Puzzle(np.zeros((rules.layout.side,) * 2, dtype=int), rules))
        return model.size()
    except (ImportError, ValueError):
        return None


def summary_table(frame, sort_by: str | None = None, reference: str | None = None,
                  descending: bool = False):
    """:func:`summarise` with, per line, ``speed-up vs REF``: the median
    time of the ``reference`` method [options] (default ``milp`` when the
    file has it, else the first) on the same dataset and order over this
    line's median (above 1: faster than the reference; none for a line
    with a row not decided, timed out or failed, whose times bound nothing:
    a method that gives up at once is not fast; against a reference that
    timed out, a lower bound), and the model size
    of the method with the line's options for the rules of its dataset's
    first puzzle, before any clue (``variables``, ``constraints``,
    ``nonzeros``: a killer's cage rows counted, ``cage=sets`` apart from
    ``cage=sum``; empty when it cannot be built here).
    Lines stay grouped by dataset and order; within each they are sorted by
    the column ``sort_by`` (default: by method), ``descending`` if asked.
    Raises ``ValueError`` naming the choices for an unknown column or
    reference."""
    import difflib

    import pandas as pd

    table = summarise(frame)
    methods = list(dict.fromkeys(table["method"]))
    reference = reference or ("milp" if "milp" in methods else methods[0])
    if reference not in methods:
        close = difflib.get_close_matches(reference, methods, 1)
        raise ValueError(f"reference method {reference!r} is not in the results"
                         + (f" (did you mean {close[0]}?)" if close else "")
                         + f"; choose from {', '.join(methods)}")
    base = {(d, o): m for d, o, method, m in zip(table["dataset"], table["order"],
                                                table["method"], table["median ms"])
            if method == reference}
    decided = table["solved and verified"] + table["infeasible"] == table["rows"]
    table[f"speed-up vs {reference}"] = [
        base.get((d, o), math.nan) / m if m and done else math.nan
        for d, o, m, done in zip(table["dataset"], table["order"], table["median ms"], decided)]
    first = {}  # the first row of each line: its method, options and a puzzle of its dataset
    for row in frame.astype(object).where(frame.notna(), None).to_dict("records"):
        order = row.get("order")
        key = (row["dataset"], int(order) if order is not None else "-",
               method_label(row["method"], row.get("options")))
        first.setdefault(key, row)
    sizes = []
    for key in zip(table["dataset"], table["order"], table["method"]):
        row = first.get(key)
        sizes.append(None if row is None else _model_size(
            row["method"], row.get("options"), row["dataset"], row.get("index"), key[1]))
    for i, column in enumerate(SIZE_COLUMNS):
        table[column] = pd.array([None if size is None else (size.variables, size.constraints,
                                                             size.nonzeros)[i] for size in sizes],
                                 dtype="Int64")
    if sort_by is not None:
        if sort_by not in table.columns:
            close = difflib.get_close_matches(sort_by, list(table.columns), 1)
            raise ValueError(f"cannot sort by {sort_by!r}"
                             + (f" (did you mean {close[0]}?)" if close else "")
                             + f"; choose a column: {', '.join(table.columns)}")
        groups = [str(o).zfill(3) for o in table["order"]]
        table = (table.assign(_group=groups)
                 .sort_values(["dataset", "_group", sort_by], kind="stable",
                              ascending=[True, True, not descending], na_position="last")
                 .drop(columns="_group").reset_index(drop=True))
    return table


def number_text(value: float) -> str:
    """A table's number: two decimals, or two significant digits below 0.1
    so that no ratio or time shows as ``0.00`` (0.0031, 0.047)."""
    if value != 0 and abs(value) < 0.1 and math.isfinite(value):
        return f"{value:.2g}"
    return f"{value:.2f}"


def _cell(value) -> str:
    import pandas as pd

    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return "-"
    if isinstance(value, float):
        return number_text(value)
    return str(value)


def markdown_table(table) -> str:
    """A DataFrame as a markdown table (numbers right-aligned, to 2
    decimals or 2 significant digits below 0.1: :func:`number_text`;
    missing values as ``-``)."""
    numeric = [table[c].dtype.kind in "iuf" for c in table.columns]
    lines = ["| " + " | ".join(table.columns) + " |",
             "|" + "".join(" ---: |" if n else " --- |" for n in numeric)]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |"
              for row in table.itertuples(index=False)]
    return "\n".join(lines)


_LATEX_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
                  "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
                  "\\": r"\textbackslash{}"}


def latex_table(table) -> str:
    """A DataFrame as a LaTeX ``tabular`` with booktabs rules (``\\toprule``,
    ``\\midrule``, ``\\bottomrule``; needs ``\\usepackage{booktabs}``), numbers
    right-aligned, special characters escaped."""
    def tex(text: str) -> str:
        return "".join(_LATEX_SPECIAL.get(c, c) for c in text)

    align = "".join("r" if table[c].dtype.kind in "iuf" else "l" for c in table.columns)
    lines = [f"\\begin{{tabular}}{{{align}}}", "\\toprule",
             " & ".join(tex(str(c)) for c in table.columns) + r" \\", "\\midrule"]
    lines += [" & ".join(tex(_cell(v)) for v in row) + r" \\"
              for row in table.itertuples(index=False)]
    lines += ["\\bottomrule", "\\end{tabular}", ""]
    return "\n".join(lines)


def plain_table(table) -> str:
    """A DataFrame as aligned text for a terminal: the first column left,
    the others right, numbers as :func:`number_text`."""
    cells = [list(map(str, table.columns))] + [
        [number_text(v) if isinstance(v, float) else str(v) for v in row]
        for row in table.itertuples(index=False)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(table.columns))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                for i, (c, w) in enumerate(zip(row, widths))) for row in cells)


def _colour(colours, label):
    return colours.get(label, colours.get(label.split(" [")[0]))


def _marker(colours, label):
    """``label``'s marker beside its colour (:func:`~sudoku_models.plotting.method_markers`
    over the figure's labels, the keys of ``colours``)."""
    return method_markers([*colours, label])[label]


FIGURE_DPI = 200
FIGURE_FORMATS = (".svg", ".pdf")  # written beside each PNG


def _grid(plt, panels: int, width=3.8, height=3.2):
    """A figure of ``panels`` panels, at most four a row, in constrained
    layout, at least 7.5 inches wide (room for the title and the legend)."""
    columns = min(4, panels)
    rows = math.ceil(panels / columns)
    fig, axes = plt.subplots(rows, columns, figsize=(max(width * columns, 7.5), height * rows + 1.2),
                             squeeze=False, sharey=False, layout="constrained")
    for ax in axes.flat[panels:]:
        ax.set_visible(False)
    return fig, list(axes.flat[:panels])


def _legend(fig, colours, labels):
    """One legend for the figure, under the panels, in as many columns as
    its longest label leaves room for."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=_colour(colours, name), marker=_marker(colours, name),
                      label=name)
               for name in labels]
    width = fig.get_figwidth()
    per_column = 0.75 + 0.085 * max(len(name) for name in labels)  # inches, at 10 pt
    fig.legend(handles=handles, loc="outside lower center", frameon=False,
               ncol=max(1, min(len(labels), int(width // per_column))))


def _suptitle(fig, text: str) -> None:
    """The figure's title, wrapped to its width."""
    import textwrap

    fig.suptitle("\n".join(textwrap.wrap(text, max(20, int(fig.get_figwidth() * 9)))))


def _panels(frame):
    """``((dataset, order), rows)`` per panel; a layout without one order
    (6x6 boxes, a Latin square: ``order`` empty) keeps its panel."""
    return [(key, group) for key, group in frame.groupby(["dataset", "order"], sort=True,
                                                          dropna=False)]


def _title(dataset, order) -> str:
    name = "the 17-clue collection" if dataset == "gen:17" else dataset  # not generated
    try:
        order = int(order)
    except (TypeError, ValueError):  # empty: boxes that are not square, a Latin square;
        return name                  # the dataset's name says the size
    return f"{name} ({order * order}x{order * order})"


def _finish(fig, axes, ylabel: str, title: str, colours, labels, path: Path | None):
    """The y label on the first panel of each row, the figure's title and
    its legend, then the figure saved (:func:`_save`)."""
    for ax in axes[:: min(4, len(axes))]:
        ax.set_ylabel(ylabel)
    _suptitle(fig, title)
    _legend(fig, colours, labels)
    return _save(fig, path)


def plot_distribution(frame, colours, path: Path | None = None, what: str = "time"):
    """Small multiples, one panel per (dataset, order): time per solved puzzle
    per method, box and dots, on one shared log axis in ms. ``frame``: a
    :func:`load_results` frame with ``label`` (:func:`labelled`); saved at
    ``path``, or the figure returned when ``path`` is None (so for every
    ``plot_*`` function); ``what`` names the clock of ``total_s`` in the
    labels (``"time"``, or ``"CPU time"`` from :func:`on_clock`)."""
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba
    import numpy as np

    solved = frame[frame["status"].isin(SOLVED)]
    panels = _panels(solved)
    labels = sorted(solved["label"].unique())
    fig, axes = _grid(plt, len(panels))
    low, high = solved["total_s"].min() * 1000, solved["total_s"].max() * 1000
    rng = np.random.default_rng(0)
    for ax, ((dataset, order), group) in zip(axes, panels):
        names = [name for name in labels if (group["label"] == name).any()]
        data = [group.loc[group["label"] == name, "total_s"].to_numpy() * 1000 for name in names]
        parts = ax.boxplot(data, showfliers=False, patch_artist=True,
                           medianprops={"color": "black"})
        for patch, name in zip(parts["boxes"], names):
            patch.set_facecolor(to_rgba(_colour(colours, name), 0.25))
        for i, (values, name) in enumerate(zip(data, names), start=1):
            ax.scatter(i + rng.uniform(-0.18, 0.18, len(values)), values, s=8, alpha=0.35,
                       color=_colour(colours, name), marker=_marker(colours, name))
        ax.set_xticks(range(1, len(names) + 1), names, rotation=35, ha="right", fontsize=8)
        ax.set_yscale("log")
        ax.set_ylim(max(low / 1.5, 1e-4), high * 1.5)
        plain_log_axis(ax, "y")
        ax.set_title(_title(dataset, order), fontsize=10)
        ax.grid(axis="y", which="both", alpha=0.3)
    title = f"{what[:1].upper() + what[1:]} per solved puzzle, by dataset and method"
    return _finish(fig, axes, f"{what} per puzzle (ms)\nbuild + solve, log scale", title,
                   colours, labels, path)


def _timed(frame):
    """``frame`` with the columns of :func:`~.statistics.runs` (``solved``
    within the limit, ``low_s`` the time or the limit a time-out reached,
    ``copy``), keeping its ``label``."""
    from .statistics import runs

    return runs(frame).assign(label=frame["label"].to_numpy())


def plot_cactus(frame, colours, path: Path | None = None, what: str = "time"):
    """Cactus plot per (dataset, order): for each method, its runs sorted by
    time (y, ms, log) against their rank (x), every copy of every puzzle a
    run; a run not solved within its limit (a time-out: censored, its time
    only known to be at least the limit) is an open triangle at the limit,
    after the solved runs, never joined to them."""
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.ticker import MaxNLocator

    from ..plotting import CENSORED_MARKER

    frame = _timed(frame)
    panels = _panels(frame)
    labels = sorted(frame["label"].unique())
    fig, axes = _grid(plt, len(panels))
    shown = frame.loc[np.isfinite(frame["low_s"]), "low_s"] * 1000
    censored = bool((~frame["solved"] & np.isfinite(frame["low_s"])).any())
    for ax, ((dataset, order), group) in zip(axes, panels):
        if len(shown):  # one shared log axis
            ax.set_ylim(max(shown.min() / 1.5, 1e-4), shown.max() * 1.5)
        for label, rows in group.groupby("label", sort=True):
            times = np.sort(rows.loc[rows["solved"], "low_s"].to_numpy() * 1000)
            ax.step(np.arange(1, len(times) + 1), times, where="post", color=_colour(colours, label),
                    marker=_marker(colours, label), markevery=max(1, len(times) // 8),
                    markersize=4, label=label)
            bounds = np.sort(rows.loc[~rows["solved"], "low_s"].to_numpy() * 1000)
            bounds = bounds[np.isfinite(bounds)]
            ax.plot(np.arange(len(times) + 1, len(times) + len(bounds) + 1), bounds,
                    linestyle="none", color=_colour(colours, label), label=f"{label}, timed out",
                    **CENSORED_MARKER)
        plain_log_axis(ax, "y")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("runs, fastest first")
        copies = group.groupby("index")["copy"].nunique().max()
        ax.set_title(f"{_title(dataset, order)}, {group['index'].nunique()} puzzles"
                     + (f" x {copies} copies" if copies > 1 else ""), fontsize=10)
        ax.grid(which="both", alpha=0.3)
    note = "; open triangles: timed out, at least the limit" if censored else ""
    return _finish(fig, axes, f"{what} per run (ms), log scale",
                   f"Cactus plot: each method's runs by {what}{note}", colours, labels, path)


def plot_profile(frame, colours, path: Path | None = None, what: str = "time"):
    """Dolan-More performance profile per (dataset, order): the share of
    runs a method solves within a factor tau of the fastest method on that
    run (Dolan and More 2002, Math. Program. 91:201-213). Runs are matched
    by puzzle and copy (permutation, seed, repetition); a run not solved
    within its limit counts as never (censored): a method with time-outs
    ends below 1, marked by an open triangle."""
    import matplotlib.pyplot as plt
    import numpy as np

    from ..plotting import CENSORED_MARKER

    frame = _timed(frame)
    panels = _panels(frame)
    labels = sorted(frame["label"].unique())
    fig, axes = _grid(plt, len(panels))
    censored = False
    for ax, ((dataset, order), group) in zip(axes, panels):
        times = group.assign(t=group["low_s"].where(group["solved"])).pivot_table(
            index=["index", "copy"], columns="label", values="t", aggfunc="first",
            dropna=False)
        best = times.min(axis=1)
        ratios = times.div(best, axis=0).fillna(np.inf)
        finite = ratios.replace(np.inf, np.nan).max().max()
        top = max(2.0, float(finite) * 1.2 if np.isfinite(finite) else 2.0)
        taus = np.geomspace(1, top, 300)
        for label in ratios.columns:
            r = ratios[label].to_numpy()
            share = [(r <= t).mean() for t in taus]
            ax.step(taus, share, where="post", color=_colour(colours, label),
                    marker=_marker(colours, label), markevery=30, markersize=4, label=label)
            if np.isinf(r).any():
                censored = True
                ax.plot([top], [share[-1]], linestyle="none", color=_colour(colours, label),
                        clip_on=False, label=f"{label}, timed out", **CENSORED_MARKER)
        plain_log_axis(ax, "x", base=2)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel(f"tau: {what} within this factor\nof the fastest")
        ax.set_title(_title(dataset, order), fontsize=10)
        ax.grid(which="both", alpha=0.3)
    note = "; open triangles: the rest timed out" if censored else ""
    return _finish(fig, axes, "share of runs",
                   "Performance profile (Dolan-More), per dataset"
                   + (f", on {what}" if what != "time" else "") + note, colours, labels, path)


def _series(frame, column: str, datasets) -> dict:
    """{label: [(x, median ms)]}, one point per dataset."""
    solved = frame[frame["status"].isin(SOLVED) & frame["dataset"].isin(datasets)]
    series = {}
    for (label, dataset), group in solved.groupby(["label", "dataset"], sort=True):
        series.setdefault(label, []).append((int(group[column].iloc[0]),
                                             1000 * group["total_s"].median()))
    return {label: sorted(points) for label, points in series.items()}


def plot_trend(frame, colours, column: str, datasets, path: Path | None, xlabel: str,
               title: str, what: str = "time"):
    """Median time per method against ``column``, one point per dataset
    (saved at ``path``, or the figure returned when ``path`` is None).
    ``gen:17`` is the curated 17-clue collection, not generated puzzles: its
    tick says so."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8.5, 4.5), layout="constrained")
    xs = set()
    for label, points in _series(frame, column, datasets).items():
        ax.plot(*zip(*points), marker=_marker(colours, label), color=_colour(colours, label),
                label=label)
        xs |= {x for x, _ in points}
    plain_log_axis(ax, "y")
    collection = column == "clues" and "gen:17" in set(datasets)
    ax.set_xticks(sorted(xs), [f"{x}\n(collection)" if collection and x == 17 else str(x)
                               for x in sorted(xs)])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"median {what} per puzzle (ms), log scale")
    _suptitle(fig, title)
    ax.grid(alpha=0.3, which="both")
    fig.legend(fontsize=8, loc="outside right upper", frameon=False)
    return _save(fig, path)


def _save(fig, path: Path | None):
    """:func:`~sudoku_models.plotting.save_figure` for a slide: PNG at
    :data:`FIGURE_DPI`, SVG and PDF beside it."""
    return save_figure(fig, path, dpi=FIGURE_DPI, also=FIGURE_FORMATS)


def plot_results(frame, out_dir: Path, what: str = "time") -> list[Path]:
    """Write every figure (see module docstring) into ``out_dir``, ``what``
    naming the clock of ``total_s`` in their labels; returns their paths."""
    import matplotlib

    matplotlib.use("Agg")
    frame = labelled(frame)
    colours = method_colours(frame["label"].unique())
    written = [plot_distribution(frame, colours, out_dir / "time_distribution.png", what),
               plot_cactus(frame, colours, out_dir / "cactus.png", what),
               plot_profile(frame, colours, out_dir / "performance_profile.png", what)]
    per = frame.groupby("dataset").agg(orders=("order", "nunique"), order=("order", "first"),
                                       clue_counts=("clues", "nunique"))
    by_clues = [d for d in per[(per["orders"] == 1) & (per["order"] == 3)
                               & (per["clue_counts"] == 1)].index if d.startswith("gen:")]
    if len(by_clues) > 1:
        written.append(plot_trend(frame, colours, "clues", by_clues, out_dir / "time_vs_clues.png",
                                  "clues", f"9x9: median {what} against clues (17: the curated "
                                  "collection)", what))
    by_order = [d for d in per.index if d.startswith("order:")]
    if len(by_order) > 1:
        written.append(plot_trend(frame, colours, "order", by_order, out_dir / "time_vs_order.png",
                                  "order n (grid n² x n²)",
                                  f"Median {what} against the order (one point per order:N "
                                  "dataset)", what))
    return written


def _facts(frame) -> list[str]:
    settings = frame[["seed", "sample", "first", "time_limit_s", "cpu_limit_s", "warmup",
                      "workers", "threads"]].astype("string").fillna("-").drop_duplicates()
    lines = ["Settings of the runs in this file (seed, sample, first, time limit s, CPU limit "
             "s, warm-up, workers, threads): "
             + "; ".join(", ".join(row) for row in settings.itertuples(index=False)) + "."]
    solvers = sorted({f"`{m}`: {s}" for m, s in zip(frame["method"], frame["solver"])
                      if isinstance(s, str) and s})  # an ERROR row has none
    machines = sorted({f"{m}, {c} cores" for m, c in zip(frame["machine"], frame["cores"])})
    versions = sorted({f"sudoku-models {t}, Python {p}" for t, p in zip(frame["toolkit"],
                                                                        frame["python"])})
    lines += [f"Solvers: {'; '.join(solvers)}.", f"Toolkit: {'; '.join(versions)}.",
              f"Machines: {'; '.join(machines)}.",
              f"Rows: {len(frame)}, from {frame['timestamp'].min():%Y-%m-%d %H:%M:%S} to "
              f"{frame['timestamp'].max():%Y-%m-%d %H:%M:%S} UTC."]
    return lines


CLOCKS = ("wall", "cpu")
"""The clocks a report reads: wall seconds (``total_s``) or the worker's CPU
seconds (``cpu_s``), both of build (or clue update) plus solve."""


def on_clock(frame, clock: str, source="the results"):
    """``frame`` with ``total_s`` read on ``clock`` (:data:`CLOCKS`): as is
    for ``wall``; the worker's CPU seconds for ``cpu`` (what carries across
    a shared machine for single-threaded methods), with ``time_limit_s``
    then the CPU limit (``cpu_limit_s``) where a row had one: a time-out is
    censored at the limit of its own clock. Raises ``ValueError``
    for another clock, or for ``cpu`` when a row that ran has no CPU
    seconds (recorded before the runner kept them), naming ``source``."""
    if clock not in CLOCKS:
        raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, got {clock!r}")
    if clock == "wall":
        return frame
    missing = frame["cpu_s"].isna() & (frame["status"] != "ERROR")
    if missing.any():
        raise ValueError(f"{source}: {int(missing.sum())} of {len(frame)} rows have no CPU "
                         "seconds (recorded before the runner kept them); use the wall clock")
    limit = frame["time_limit_s"]
    if "cpu_limit_s" in frame:
        limit = frame["cpu_limit_s"].where(frame["cpu_limit_s"].notna(), limit)
    return frame.assign(total_s=frame["cpu_s"], time_limit_s=limit)


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{1000 * value:.3g}"


def _p(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.2g}"


def _factor(interval) -> str:
    return "-" if math.isnan(interval.low) else interval.text(".3g")


def statistics_text(comparison, what: str = "time") -> list[str]:
    """The lines of the report's statistics (:func:`~.statistics.compare`):
    per dataset, order and method, and per pair of methods, as two
    markdown tables, each under a paragraph saying what its columns are."""
    import pandas as pd

    methods = pd.DataFrame({
        "dataset": comparison.methods["dataset"], "order": comparison.methods["order"],
        "method": comparison.methods["method"], "instances": comparison.methods["instances"],
        "copies": comparison.methods["copies"],
        "runs solved": [f"{s} of {n}" for s, n in zip(comparison.methods["runs_solved"],
                                                      comparison.methods["runs"])],
        "solved": comparison.methods["solved"],
        f"{comparison.confidence:.0%} CI": [f"{low:.1f}-{high:.1f}" for low, high in zip(
            comparison.methods["solved_low"], comparison.methods["solved_high"])],
        f"SGM ms (shift {1000 * comparison.shift_s:g} ms)": [
            _factor(Interval(1000 * sgm.low, 1000 * sgm.high))
            for sgm in comparison.methods["sgm_s"]],
        "PAR-2 ms": [_ms(v) for v in comparison.methods["par2_s"]],
        "variability": [_factor(v) for v in comparison.methods["variability"]],
        "worst": [_factor(v) for v in comparison.methods["worst_variability"]]})
    lines = ["## Statistics", "",
             f"Per dataset, order and method, on {what}: instances and copies of each "
             "(permutations, seeds, repetitions); runs solved within their limit; instances "
             "solved (their median copy solved) with a "
             f"{comparison.confidence:.0%} Wilson interval; the shifted geometric mean of the "
             f"run times (shift {1000 * comparison.shift_s:g} ms; \">= x\" when runs timed out: "
             "a time-out is only a bound, never averaged in); PAR-2 (a time-out counts twice "
             "its limit); variability, per instance the slowest copy over the fastest: its "
             "median and largest over the instances.", "", markdown_table(methods), ""]
    if len(comparison.pairs):
        pairs = comparison.pairs
        table = pd.DataFrame({
            "dataset": pairs["dataset"], "order": pairs["order"], "a": pairs["a"],
            "b": pairs["b"], "instances": pairs["instances"], "a faster": pairs["a_faster"],
            "b faster": pairs["b_faster"], "ties": pairs["ties"],
            "median a / b": [_factor(v) for v in pairs["median_ratio"]],
            f"{comparison.confidence:.0%} CI": [
                "-" if math.isnan(low) else f"{low:.3g}-{high:.3g}"
                for low, high in zip(pairs["ci_low"], pairs["ci_high"])],
            "Wilcoxon p": [_p(v) for v in pairs["wilcoxon_p"]],
            "sign p": [_p(v) for v in pairs["sign_p"]],
            "variability": ["-" if math.isnan(v) else f"{v:.3g}" for v in pairs["variability"]],
            "verdict": pairs["verdict"]})
        lines += [f"Per pair of methods on the instances both ran, each instance's median "
                  f"copy on {what}: a time-out against a solve is ordered by the solve, two "
                  "time-outs are a tie; the median ratio a / b (an interval where censoring "
                  f"leaves one) with its {comparison.confidence:.0%} percentile bootstrap "
                  "interval; the Wilcoxon signed-rank and sign tests (two-sided, ties "
                  "dropped); a method is named faster only when the interval excludes 1 "
                  f"and both tests give p < {1 - comparison.confidence:.2g} (else: not "
                  "significant) and the interval leaves the instances' own variability "
                  "(the larger median of the two methods; else: within variability).", "",
                  markdown_table(table), ""]
    return lines


def write_report(results_csv, out_dir=None, sort_by: str | None = None,
                 reference: str | None = None, descending: bool = False,
                 clock: str = "wall") -> Path:
    """Write ``summary.md`` and the figures next to ``results_csv`` (or into
    ``out_dir``), with the summary table (:func:`summary_table`: ``sort_by``,
    ``reference``, ``descending``) also as ``summary.csv`` and
    ``summary.tex`` (booktabs), and the statistics of
    :func:`~.statistics.compare` (:func:`statistics_text`), every time on
    ``clock`` (:func:`on_clock`);
    returns the summary's path. Raises
    :class:`~sudoku_models.records.results.ResultsFileError` for a file that
    is not a results file and ``ValueError`` for one without rows, an
    unknown sort column or reference method, or a clock it cannot read."""
    from ..records.results import load_results

    frame = load_results(results_csv)
    if frame.empty:
        raise ValueError(f"{results_csv}: no rows to report")
    frame = on_clock(frame, clock, results_csv)
    table = summary_table(frame, sort_by, reference, descending)
    out_dir = Path(out_dir or Path(results_csv).parent)
    out_dir.mkdir(parents=True, exist_ok=True)
    plots = plot_results(frame, out_dir, "CPU time" if clock == "cpu" else "time")
    statistics = statistics_text(compare(frame), "CPU time" if clock == "cpu" else "time")
    table.to_csv(out_dir / "summary.csv", index=False)
    (out_dir / "summary.tex").write_text(latex_table(table))
    times = ("times are the worker's CPU seconds of build (or clue update) + solve"
             if clock == "cpu" else "times are wall seconds of build (or clue update) + solve")
    text = [f"# Benchmark results: {Path(results_csv).name}", "",
            f"Per dataset, order and method; {times} per "
            "puzzle, over the rows that did not end in ERROR; a speed-up above 1 is faster "
            "than the reference method on the same dataset and order, given only for lines "
            "whose rows were all decided (a lower bound where the reference timed out); "
            "model size of the "
            "method with the line's options for the rules of the dataset (cages included), "
            "before any clue. The table is also in summary.csv "
            "and summary.tex.", "",
            markdown_table(table), "", *statistics, *_facts(frame), "",
            *[f"![{p.stem}]({p.name})" for p in plots], ""]
    summary = out_dir / "summary.md"
    summary.write_text("\n".join(text))
    return summary
