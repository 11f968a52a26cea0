"""The Engee/JuMP seed's own comparison: ``milp`` (binary model) against
``milp-alldiff`` (AllDifferent as pairwise disjunctions, big-M or hull), both
on HiGHS, as seed 003 ran them (``benchmarks/seed_comparison.py`` runs it).

Seed 003 claims that the MILP "scales better with the size of the problem"
than the CP model; in its code both are solved by HiGHS (JuMP bridges the
AllDifferent constraint into a MILP). This module's tables answer that
sentence on its own terms, with censoring as bounds
(:mod:`sudoku_models.bench.statistics`).
"""

from __future__ import annotations

from pathlib import Path

from sudoku_models.plotting import CENSORED_MARKER, method_colours, save_figure
from sudoku_models.bench.statistics import compare_bounds, median_interval, outcome, value_bounds
from benchmarks.studykit.published import markdown

MODELS = ("milp", "big-M", "hull")
"""The three models: ``milp``, ``milp-alldiff`` (big-M), ``milp-alldiff``
with ``transformation=hull``."""

LABELS = {"milp": "milp", "big-M": "milp-alldiff", "hull": "milp-alldiff [hull]"}
MARKERS = {"milp": "o", "big-M": "s", "hull": "D"}


def load_seed_results(path):
    """The rows of the seed comparison with :func:`~sudoku_models.bench.statistics.outcome`'s
    columns, ``model`` (one of :data:`MODELS`) and ``cpu_bound_s``: the
    row's CPU seconds (build and solve), a measured time when solved and a
    lower bound when not (0 for a run stopped from outside, which reports
    none: its bound says nothing)."""
    from sudoku_models.records import load_results

    frame = outcome(load_results(path))
    frame["cpu_bound_s"] = frame["cpu_s"].astype(float).where(frame["cpu_s"].notna()
                                                              | frame["solved"], 0.0)
    options = frame["options"].fillna("")
    frame["model"] = "milp"
    alldiff = frame["method"] == "milp-alldiff"
    frame.loc[alldiff, "model"] = "big-M"
    frame.loc[alldiff & options.str.contains("transformation=hull"), "model"] = "hull"
    return frame


def _kind(dataset: str) -> str:
    if dataset.startswith("order:"):
        return "60% given (root)"
    if dataset.startswith("gen:"):
        return f"{dataset[4:]} clues (root)"
    _, _, fraction, *pattern = dataset.split(":")
    return f"{float(fraction):.0%} holes, {pattern[0] if pattern else 'random'}"


def verdict_table(path) -> str:
    """Per (order, dataset): instances; for each model the share solved
    within the limit and the median CPU seconds, build and solve (``>= x``:
    the unsolved runs, lower bounds at the CPU seconds they had spent,
    leave the median open); the paired median ratio of each alldiff
    model's CPU seconds to ``milp``'s on the same instances, from one run
    interleaved per instance (an interval where censoring leaves one: an
    unsolved run's CPU seconds are a lower bound); and each model's
    median B&B nodes and LP iterations (``0 / 0``:
    decided in presolve; ``>=`` where a run stopped at the limit, whose
    counts are lower bounds; a run stopped from outside has none, and the
    medians are over the runs that report them, marked ``(k of n)``)."""
    import pandas as pd

    frame = load_seed_results(path)
    rows = []
    for (order, dataset), group in frame.groupby(["order", "dataset"], sort=False):
        wide = group.pivot_table(index="index", columns="model",
                                 values=["cpu_bound_s", "solved"], aggfunc="first",
                                 dropna=False)
        row = {"order": int(order), "instances": _kind(dataset),
               "n": int(group["index"].nunique())}
        for model in MODELS:
            if model not in wide["solved"]:
                row[f"{LABELS[model]} solved"] = ""
                row[f"{LABELS[model]} median CPU s"] = ""
                continue
            solved = wide["solved"][model].dropna().astype(bool)
            times = wide["cpu_bound_s"][model][solved.index]
            row[f"{LABELS[model]} solved"] = f"{int(solved.sum())}/{len(solved)}"
            row[f"{LABELS[model]} median CPU s"] = median_interval(
                *value_bounds(times, ~solved)).text(".3g")
            if model != "milp" and "milp" in wide["solved"]:
                both = wide["solved"][[model, "milp"]].dropna().index
                mine = wide["solved"][model][both].astype(bool)
                ours = wide["solved"]["milp"][both].astype(bool)
                cpu_a, cpu_b = wide["cpu_bound_s"][model][both], wide["cpu_bound_s"]["milp"][both]
                # the one censored side's CPU seconds are the bound of its ratio
                bound = cpu_a.where(~mine, cpu_b)
                result = compare_bounds(cpu_a, mine, cpu_b, ours, bound)
                row[f"{LABELS[model]} / milp"] = result.median.text(".3g")
            row[f"{LABELS[model]} nodes / LP it."] = _effort(group[group["model"] == model])
        rows.append(row)
    table = pd.DataFrame(rows).sort_values("order", kind="stable")
    columns = ["order", "instances", "n"] + [c for m in MODELS for c in
                                              (f"{LABELS[m]} solved", f"{LABELS[m]} median CPU s",
                                               f"{LABELS[m]} / milp",
                                               f"{LABELS[m]} nodes / LP it.") if c in table]
    return markdown(table[[c for c in columns if c in table]].fillna(""))


def build_table(path) -> str:
    """Per order and model, from ``builds.csv``
    (:mod:`benchmarks.seed_comparison.builds`): the model's columns
    (integer + binary + continuous), rows and nonzeros as built, and its build in CPU
    seconds: the Pyomo model with the GDP transformation (the build a
    first solve pays before the solver starts), the transformation alone,
    and the compile into HiGHS's arrays; a process stopped at its cap reads
    ``not built in N CPU s``."""
    import pandas as pd

    frame = pd.read_csv(path)
    rows = []
    for row in frame.itertuples():
        side = row.order ** 2
        record = {"order": row.order, "grid": f"{side}x{side}", "model": LABELS[row.model]}
        if row.status.startswith("ERROR"):
            record["build CPU s (model + GDP)"] = row.status
            rows.append(record)
            continue
        if row.status != "BUILT":
            record["build CPU s (model + GDP)"] = f"not built in {row.cap_s:g} CPU s"
            rows.append(record)
            continue
        continuous = int(row.columns - row.integer - row.binary)  # the hull's copies
        record.update({
            "columns": f"{int(row.columns):,} ({int(row.integer):,} int + "
                       f"{int(row.binary):,} bin"
                       + (f" + {continuous:,} cont)" if continuous else ")"),
            "rows": f"{int(row.rows):,}", "nonzeros": f"{int(row.nonzeros):,}",
            "build CPU s (model + GDP)": f"{row.model_cpu_s:.3g}",
            "of which GDP transformation": f"{row.transformation_cpu_s:.3g}" if row.model != "milp"
            else "",
            "compile for HiGHS, CPU s": f"{row.compile_cpu_s:.3g}",
            "load": f"{row.load_1min:.1f}"})
        rows.append(record)
    return markdown(pd.DataFrame(rows).fillna(""))


def _effort(rows) -> str:
    """Median B&B nodes and LP iterations of ``rows`` as ``nodes / LP it.``,
    over the rows that report them (``(k of n)`` when some do not: a run
    stopped from outside reports nothing), ``>=`` before it when one of
    them stopped at the limit; empty when none reports them."""
    reported = rows.dropna(subset=["bb_nodes", "lp_iterations"])
    if reported.empty:
        return ""
    text = (f"{'>= ' if not reported['solved'].all() else ''}"
            f"{reported['bb_nodes'].median():g} / {reported['lp_iterations'].median():g}")
    return text if len(reported) == len(rows) else f"{text} ({len(reported)} of {len(rows)})"


def plot_seed(frame, path: Path | None = None):
    """CPU seconds per instance (build and solve, log) against the order,
    one panel per kind of instance, one colour per model; runs not solved
    within the limit drawn at the CPU seconds they had spent as open
    triangles (lower bounds), never joined; the grey line is the limit
    (wall seconds)."""
    import matplotlib.pyplot as plt
    import numpy as np

    frame = frame.assign(kind=frame["dataset"].map(_family))
    kinds = sorted(frame["kind"].unique())
    colours = method_colours(LABELS.values())
    fig, axes = plt.subplots(1, len(kinds), figsize=(4.2 * len(kinds), 4), squeeze=False,
                             sharey=True)
    rng = np.random.default_rng(0)
    offsets = {m: (i - 1) * 0.18 for i, m in enumerate(MODELS)}
    for ax, kind in zip(axes[0], kinds):
        data = frame[frame["kind"] == kind]
        for model in MODELS:
            rows = data[data["model"] == model]
            if rows.empty:
                continue
            x = rows["order"] + offsets[model] + rng.uniform(-0.05, 0.05, len(rows))
            colour = colours[LABELS[model]]
            done = rows["solved"].to_numpy()
            ax.scatter(x[done], rows["cpu_bound_s"][done], s=16, color=colour,
                       marker=MARKERS[model], label=LABELS[model])
            if (~done).any():
                ax.plot(x[~done], rows["cpu_bound_s"][~done], linestyle="none", color=colour,
                        markersize=7, **CENSORED_MARKER)
        ax.axhline(frame["time_limit_s"].max(), color="grey", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_xticks(sorted(frame["order"].unique()))
        ax.set_xlabel("order n (grid n² x n²)")
        ax.set_title(kind, fontsize=10)
        ax.grid(which="both", alpha=0.3)
    axes[0][0].set_ylabel("CPU s per instance, build + solve (log)")
    handles, labels = axes[0][0].get_legend_handles_labels()
    from matplotlib.lines import Line2D

    handles.append(Line2D([], [], color="grey", linestyle="none", **CENSORED_MARKER))
    labels.append("not solved within the limit (grey line, wall s): CPU s spent, a bound")
    fig.legend(handles, labels, loc="lower center", ncol=4, frameon=False)
    fig.suptitle("The seed's comparison on HiGHS: binary MILP against AllDifferent as a MILP")
    fig.tight_layout(rect=(0, 0.08, 1, 0.95))
    return save_figure(fig, path)


def _family(dataset: str) -> str:
    if dataset.startswith(("order:", "gen:")):
        return "decided at the root"
    fraction = float(dataset.split(":")[2])
    return ("holes, 45-50% of the cells" if fraction <= 0.5 else
            "holes, 55-70% of the cells" if fraction <= 0.7 else "holes, 80% of the cells")


def write_seed_report(out_dir) -> Path:
    """``summary.md`` and ``seed_comparison.png`` from ``runs.csv`` in
    ``out_dir``; returns the summary's path."""
    import matplotlib

    matplotlib.use("Agg")
    out_dir = Path(out_dir)
    frame = load_seed_results(out_dir / "runs.csv")
    plot_seed(frame, out_dir / "seed_comparison.png")
    lines = ["# The seed's comparison: milp against milp-alldiff on HiGHS", "",
             verdict_table(out_dir / "runs.csv"), "", "![seed](seed_comparison.png)", ""]
    summary = out_dir / "summary.md"
    summary.write_text("\n".join(lines))
    return summary
