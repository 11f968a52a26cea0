"""Tables of the variants comparison from its recorded CSVs (published in
``benchmarks/variants/README.md``, rebuilt by :mod:`benchmarks.studykit.published`,
and shown by ``notebooks/variants.ipynb``).

``python -m benchmarks.variants`` records ordinary results rows
(:mod:`sudoku_models.records.results`), one per puzzle and configuration, in
one interleaved run per collection. :func:`load` adds ``label`` (the method
with its options, ``"cp [cage=table]"``), ``not_modelled`` (an ``ERROR``
row whose error is the registry's ``CapabilityError``: the method refused
the puzzle's kinds or layout), ``solved`` (status solved and build plus
solve within the limit) and ``cpu_bound_s``: the row's CPU seconds, a
measured time when solved, a lower bound when not (the solve stopped at the
limit after that many CPU seconds; 0 for a solve stopped from outside,
which reports none).
"""

from __future__ import annotations

import pandas as pd

from benchmarks.variants.configurations import configurations

EFFORT_COLUMNS = ("bb_nodes", "lp_iterations", "branches", "conflicts")
NOT_MODELLED = "CapabilityError"


def load(csv: str) -> pd.DataFrame:
    """The rows of one recorded CSV, in file order, with ``label``,
    ``not_modelled``, ``solved`` and ``cpu_bound_s`` (module docstring)."""
    from sudoku_models.bench.statistics import outcome
    from sudoku_models.records import load_results
    from sudoku_models.records.summary import configuration_label

    rows = outcome(load_results(csv))
    rows["label"] = [configuration_label(m, o) for m, o in zip(rows["method"], rows["options"].fillna(""))]
    rows["not_modelled"] = rows["error"].fillna("").str.startswith(NOT_MODELLED).astype(bool)
    rows["cpu_bound_s"] = rows["cpu_s"].astype(float).where(rows["cpu_s"].notna()
                                                            | rows["solved"], 0.0)
    return rows


def effort(group: pd.DataFrame) -> str:
    """The median of each effort column the method reports, ``name median``
    (SAT decisions are in ``branches``)."""
    parts = []
    for column in EFFORT_COLUMNS:
        values = group[column].dropna()
        if len(values):
            parts.append(f"{column.replace('_', ' ')} {values.median():,.0f}")
    return ", ".join(parts)


def method_table(csv: str) -> str:
    """Per configuration, in the order of
    :func:`benchmarks.variants.configurations.configurations`: puzzles, how
    many were solved and verified, not modelled, not solved within the limit; the
    median CPU seconds per puzzle (build and solve) over every modelled
    puzzle with the unsolved ones as lower bounds (``>= x`` when they leave
    the median open), the mean only when every modelled puzzle was solved,
    and the median effort of the solved ones; for a run with a CPU limit,
    PAR-2 over the modelled puzzles (an unsolved one scores twice its CPU
    limit). Paired: every configuration ran on the same puzzles,
    interleaved per puzzle in one run."""
    from sudoku_models.bench.statistics import median_interval, par2, value_bounds

    rows = load(csv)
    on_cpu = "cpu_limit_s" in rows and rows["cpu_limit_s"].notna().all()
    lines = ["| configuration | puzzles | solved, verified | not modelled | not solved "
             "| median CPU s | mean CPU s |" + (" PAR-2 CPU s |" if on_cpu else "")
             + " median effort (solved) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |" + (" ---: |" if on_cpu else "")
             + " --- |"]
    for label in _in_configuration_order(rows):
        group = rows[rows["label"] == label]
        modelled = group[~group["not_modelled"]]
        solved = modelled[modelled["solved"]]
        ok = int(solved["verified"].fillna(False).sum())
        median = mean = ""
        if len(modelled):
            median = median_interval(*value_bounds(modelled["cpu_bound_s"],
                                                   ~modelled["solved"])).text(".3f")
            mean = f"{solved['cpu_bound_s'].mean():.3f}" if len(solved) == len(modelled) else ""
        score = ""
        if on_cpu and len(modelled):
            score = f"{par2(modelled['cpu_bound_s'], modelled['solved'], modelled['cpu_limit_s']):.3f} | "
        lines.append(f"| {label} | {len(group)} | {ok} | {len(group) - len(modelled)} "
                     f"| {len(modelled) - len(solved)} | {median} | {mean} | "
                     + (score or ("| " if on_cpu else ""))
                     + f"{effort(solved) if len(solved) else ''} |")
    lines += ["", _scope(rows)]
    return "\n".join(lines)


PAIRS = (("milp [cage=sets]", "milp"), ("milp [rule45=True]", "milp"),
         ("milp [cage=sets;rule45=True]", "milp [cage=sets]"), ("cp [rule45=True]", "cp"),
         ("cp [cage=table]", "cp"), ("cp [cage=sets;rule45=True]", "cp [rule45=True]"),
         ("sat-extended", "sat-minimal"), ("sat-extended [cage=totalizer]", "sat-extended"),
         ("sat-extended", "cp [rule45=True]"), ("backtracking", "cp [rule45=True]"),
         ("backtracking", "sat-extended"))
"""The paired comparisons of :func:`paired_table`: one formulation choice
each (the cage as digit sets or a sum, the rule of 45, the encoding), then
the paradigms' best forms against each other."""


def paired_table(csv: str) -> str:
    """Per pair of :data:`PAIRS` that the CSV holds (both modelled): puzzles,
    on how many each configuration was faster for certain (CPU seconds,
    an unsolved run's CPU seconds a lower bound; undecided when both are
    unsolved or the bounds straddle 1) and the median and quartiles of the
    per-puzzle ratio a / b (an interval where censoring leaves one), from
    the one interleaved run of the CSV."""
    from sudoku_models.bench.statistics import compare_bounds

    rows = load(csv)
    modelled = rows[~rows["not_modelled"]]
    wide = modelled.pivot_table(index="index", columns="label", values=["cpu_bound_s", "solved"],
                                aggfunc="first")
    lines = ["| a | b | puzzles | a faster | b faster | undecided | median CPU s ratio a / b "
             "| quartiles |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for a, b in PAIRS:
        if a not in wide["solved"] or b not in wide["solved"]:
            continue
        both = wide["solved"][[a, b]].dropna().index
        solved_a = wide["solved"][a][both].astype(bool)
        solved_b = wide["solved"][b][both].astype(bool)
        cpu_a, cpu_b = wide["cpu_bound_s"][a][both], wide["cpu_bound_s"][b][both]
        result = compare_bounds(cpu_a, solved_a, cpu_b, solved_b, cpu_a.where(~solved_a, cpu_b))
        lines.append(f"| {a} | {b} | {result.instances} | {result.a_wins} | {result.b_wins} "
                     f"| {result.undecided} | {result.median.text('.2f')} "
                     f"| {result.p25.text('.2f')} to {result.p75.text('.2f')} |")
    return "\n".join(lines)


def _in_configuration_order(rows: pd.DataFrame) -> list[str]:
    """The labels of ``rows`` in the order
    :func:`benchmarks.variants.configurations.configurations` makes them for
    the rows' dataset (a rotated run starts each puzzle elsewhere), others
    after."""
    from sudoku_models.bench.plan import configuration
    from sudoku_models.records.summary import configuration_label
    from sudoku_models.solving import options_text

    known = [configuration_label(method, options_text(options)) for method, options in
             map(configuration, configurations(str(rows["dataset"].iloc[0])))]
    return sorted(dict.fromkeys(rows["label"]),
                  key=lambda name: known.index(name) if name in known else len(known))


def _scope(rows: pd.DataFrame) -> str:
    """The line under a table: limit, threads, load, cores, clock."""
    load = rows["load_1min"].astype(float)
    cores = sorted({int(c) for c in rows["core"].dropna()})
    cpu = rows["cpu_limit_s"].iloc[0] if "cpu_limit_s" in rows else float("nan")
    limit = (f"CPU limit {cpu:g} s per solve (the solving process's own clock, build "
             f"included; wall safety net {rows['time_limit_s'].iloc[0]:g} s)" if cpu == cpu else
             f"Time limit {rows['time_limit_s'].iloc[0]:g} s per solve (wall, build included)")
    return (f"{limit}; "
            f"{rows['threads'].iloc[0]} thread; load average (1 min) {load.min():.1f} to "
            f"{load.max():.1f}; worker pinned to core {', '.join(map(str, cores)) or '?'}; "
            "clock: CPU seconds of build and solve, every configuration on a puzzle before the "
            "next, the order rotated (one run).")


def counter_speed(csv: str) -> str:
    """The counter (``backtracking``, counting to two: the proof of
    uniqueness) on the killers of one CSV: puzzles, unique, median, mean and
    largest CPU seconds per puzzle, median branch nodes."""
    rows = load(csv)
    mine = rows[(rows["label"] == "backtracking") & rows["solved"]]
    seconds = mine["cpu_bound_s"]
    return (f"| puzzles | unique | median CPU s | mean CPU s | largest CPU s "
            f"| median branch nodes |\n"
            f"| ---: | ---: | ---: | ---: | ---: | ---: |\n"
            f"| {len(mine)} | {int((mine['solutions'] == 1).sum())} | {seconds.median():.3f} "
            f"| {seconds.mean():.3f} | {seconds.max():.3f} | {mine['branches'].median():,.0f} |")


def figure(*csvs: str, out: str) -> str:
    """The survival (cactus) plot of recorded runs on CPU seconds, a panel
    per collection, drawn by the library's
    :func:`sudoku_models.bench.report.plot_cactus` (a time-out an open
    triangle at its CPU limit: censored), one colour and marker per
    configuration as in ``bench report``; saved as PNG at ``out``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from sudoku_models.bench.report import labelled, on_clock, plot_cactus
    from sudoku_models.plotting import method_colours
    from sudoku_models.records import load_results

    frame = pd.concat([on_clock(labelled(load_results(c)), "cpu", c) for c in csvs],
                      ignore_index=True)
    frame = frame[frame["status"] != "ERROR"]  # not modelled: no run to draw
    fig = plot_cactus(frame, method_colours(frame["label"].unique()), None, what="CPU time")
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out
