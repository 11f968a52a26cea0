"""Statistics of a study run made with permuted copies (issue 44), shared
by the killer and the order studies: their recorded rows (one per instance,
permutation and form, CPU seconds, build included, against ``cpu_limit``)
handed to :func:`sudoku_models.bench.statistics.compare` as a results frame,
and the tables and the cactus and profile figures the READMEs show.

A row counts as solved only with a verified answer within its CPU budget;
a time-out is censored: its time is only known to be at least the budget,
and it is never averaged in (the shifted geometric mean is then a lower
bound, ``>= x``; PAR-2 counts it as twice the budget, a score by
definition). Per instance the statistics take the median over its copies;
the paired tests compare those medians (see the library module's
docstring). Builders here are deterministic functions of the CSVs
(the bootstrap is seeded), as :mod:`benchmarks.studykit.published` needs.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from sudoku_models.bench import statistics as st

SOLVED = ("OPTIMAL", "FEASIBLE")
FLOOR_S = 0.0005
"""Where the cactus plot draws a run recorded as 0.000 CPU s (the CSVs keep
milliseconds; a log axis has no 0)."""
RESOLUTION_S = 0.01
"""Below this median CPU time (seconds) a pair's ratio is said to sit at
the recorded resolution (the CSVs keep CPU seconds to 1 ms)."""


def read(*paths: Path | str) -> list[dict]:
    """The rows of recorded CSVs together, every field as its text."""
    return pd.concat([pd.read_csv(path, dtype=str, keep_default_na=False)
                      for path in paths]).to_dict("records")


def results_frame(rows: list[dict], dataset: str = "") -> pd.DataFrame:
    """A study's rows as the results frame :func:`~sudoku_models.bench.
    statistics.compare` reads: ``method`` the form's label (no options, so
    the label is the form), ``index`` the instance, ``permutation`` the
    copy, ``total_s`` the CPU seconds (build included), ``time_limit_s``
    the CPU budget, ``order`` 3 (9x9); a solved status without a verified
    answer becomes ``UNVERIFIED`` (unsolved)."""
    frame = pd.DataFrame({
        "dataset": [dataset or r.get("dataset") or r.get("collection") or "" for r in rows],
        "order": 3,
        "method": [r["form"] for r in rows],
        "options": "",
        "index": [int(r["instance"]) for r in rows],
        "permutation": [int(r.get("permutation") or 0) for r in rows],
        "status": [r["status"] if r["status"] not in SOLVED or r["verified"] == "True"
                   else "UNVERIFIED" for r in rows],
        "total_s": [float(r["cpu_seconds"]) for r in rows],
        "time_limit_s": [float(r["cpu_limit"]) for r in rows],
    })
    return frame


def comparison(*paths: Path | str, dataset: str = "") -> st.Comparison:
    """:func:`~sudoku_models.bench.statistics.compare` of the recorded CSVs
    (bootstrap seed 0)."""
    return st.compare(results_frame(read(*paths), dataset))


def scope(*paths: Path | str) -> str:
    """The run's scope as its rows record it: instances, copies, rows, CPU
    budget, solvers, load range and cores."""
    rows = read(*paths)
    instances = len({r["instance"] for r in rows})
    copies = len({r.get("permutation") or "0" for r in rows})
    limits = sorted({float(r["cpu_limit"]) for r in rows})
    solvers = sorted({r["solver"] for r in rows if r.get("solver")})
    loads = [float(r["load"]) for r in rows if r.get("load")]
    cores = sorted({r["core"] for r in rows if r.get("core")})
    return (f"{instances} instances x {copies} permutations, {len(rows)} runs, "
            f"{'/'.join(f'{x:g}' for x in limits)} CPU s per run; "
            f"{', '.join(solvers)}; load {min(loads):.1f}-{max(loads):.1f}; "
            f"core {', '.join(cores)}")


def _seconds(interval: st.Interval) -> str:
    if math.isnan(interval.low):
        return ""
    if interval.exact:
        return f"{interval.low:.3f}"
    return f">= {interval.low:.3f}"


def _factor(interval: st.Interval) -> str:
    if math.isnan(interval.low):
        return ""
    if math.isinf(interval.low):
        return "inf: a 0 ms run"
    if interval.exact:
        return f"{interval.low:.2f}"
    return f">= {interval.low:.2f}"


def methods_table(*paths: Path | str, forms: tuple[str, ...] = ()) -> str:
    """Per form (in ``forms`` order, or the order of first appearance):
    instances solved (the median copy within the budget) with the Wilson
    95% interval, runs solved, the shifted geometric mean of CPU seconds
    (shift 10 ms; ``>=``: time-outs at the budget, a lower bound), PAR-2,
    and the per-instance variability over the permutations (largest over
    smallest CPU seconds: the median over instances, and the worst)."""
    rows = read(*paths)
    result = comparison(*paths)
    methods = result.methods.set_index("method")
    order = list(forms) or list(dict.fromkeys(r["form"] for r in rows))
    limit = max(float(r["cpu_limit"]) for r in rows)
    head = ["form", "instances solved (95% CI)", "runs solved",
            f"shifted geo. mean CPU s (shift {result.shift_s * 1000:g} ms)",
            f"PAR-2 CPU s ({limit:g} s)", "variability, median (worst)"]
    lines = ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]
    for form in order:
        if form not in methods.index:
            continue
        m = methods.loc[form]
        solved = (f"{m['solved']} of {m['instances']} "
                  f"({m['solved_low']:.1f}-{m['solved_high']:.1f})")
        runs = f"{m['runs_solved']} of {m['runs']}"
        spread = f"{_factor(m['variability'])} ({_factor(m['worst_variability'])})"
        lines.append(f"| `{form}` | {solved} | {runs} | {_seconds(m['sgm_s'])} | "
                     f"{m['par2_s']:.2f} | {spread} |")
    return "\n".join(lines)


def _p(value: float) -> str:
    if math.isnan(value):
        return ""
    return f"{value:.2g}" if value >= 0.001 else "< 0.001"


def _ratio(interval: st.Interval) -> str:
    if math.isnan(interval.low):
        return ""
    return interval.text(".2f")


def _invert(interval: st.Interval) -> st.Interval:
    low = 1 / interval.high if interval.high else math.inf
    high = 1 / interval.low if interval.low else math.inf
    return st.Interval(low, high)


def pair_row(result: st.Comparison, a: str, b: str) -> dict | None:
    """The pair ``a`` against ``b`` of ``result.pairs``, turned so that
    ``a`` is first (the ratio a / b, its interval and counts with it); None
    when the run has no such pair."""
    pairs = result.pairs
    found = pairs[(pairs["a"] == a) & (pairs["b"] == b)]
    if len(found):
        return found.iloc[0].to_dict()
    found = pairs[(pairs["a"] == b) & (pairs["b"] == a)]
    if not len(found):
        return None
    p = found.iloc[0].to_dict()
    ci_low, ci_high = p["ci_low"], p["ci_high"]
    verdict = p["verdict"]
    return {**p, "a": a, "b": b, "a_faster": p["b_faster"], "b_faster": p["a_faster"],
            "median_ratio": _invert(p["median_ratio"]),
            "ci_low": 1 / ci_high if ci_high else math.inf,
            "ci_high": 1 / ci_low if ci_low else math.inf, "verdict": verdict}


def pairs_table(*paths: Path | str, pairs: tuple[tuple[str, str, str], ...] = ()) -> str:
    """For each ``(what, a, b)`` of ``pairs`` the run holds: on the
    instances (each the median over its permutations), how many ``a`` and
    ``b`` were faster (a time-out against a solve ordered by the solve; two
    time-outs a tie), the median ratio of CPU seconds a / b with its
    bootstrap 95% interval, the two-sided Wilcoxon signed-rank and sign
    tests' p-values, and the library's verdict (a difference inside the
    instances' own variability over permutations is said so)."""
    result = comparison(*paths)
    head = ["what", "A", "B", "A faster", "B faster", "ties", "median CPU ratio A/B (95% CI)",
            "Wilcoxon p", "sign p", "verdict"]
    lines = ["| " + " | ".join(head) + " |",
             "| --- | --- | --- |" + " ---: |" * 6 + " --- |"]
    for what, a, b in pairs:
        p = pair_row(result, a, b)
        if p is None:
            continue
        ci = ("" if math.isnan(p["ci_low"]) else f" ({p['ci_low']:.2f}-{p['ci_high']:.2f})")
        verdict = p["verdict"]
        if max(_typical(result, a), _typical(result, b)) < RESOLUTION_S:
            verdict += f" (medians under {RESOLUTION_S * 1000:g} ms: the CSV's 1 ms steps)"
        lines.append(f"| {what} | `{a}` | `{b}` | {p['a_faster']} | {p['b_faster']} | "
                     f"{p['ties']} | {_ratio(p['median_ratio'])}{ci} | "
                     f"{_p(p['wilcoxon_p'])} | {_p(p['sign_p'])} | {verdict} |")
    return "\n".join(lines)


def _typical(result: st.Comparison, form: str) -> float:
    """The median over instances of ``form``'s per-instance median CPU
    seconds (the lower bound where censored)."""
    own = result.instances[result.instances["method"] == form]
    return float(own["median_low_s"].median())


def best_forms(result: st.Comparison, forms) -> str:
    """Of ``forms``, the one with the lowest PAR-2, then shifted geometric
    mean (its lower bound)."""
    methods = result.methods.set_index("method")
    present = [f for f in forms if f in methods.index]
    return min(present, key=lambda f: (methods.loc[f, "par2_s"], methods.loc[f, "sgm_s"].low))


def form_colours(forms: dict[str, str]) -> dict[str, str]:
    """``{form: colour}`` for ``{form: method}``: the library's colour of
    each method (:func:`sudoku_models.plotting.method_colours`), shades of
    it for a method's several forms; the same in every figure of a study."""
    from sudoku_models.plotting import method_colours

    labels = {form: f"{method} [{form}]" for form, method in forms.items()}
    colours = method_colours(labels.values())
    return {form: colours[label] for form, label in labels.items()}


def profile(paths, out: Path, colours: dict[str, str]) -> Path:
    """The Dolan-More performance profile of the runs of the CSVs
    ``paths``, a panel per dataset, drawn by the library's
    :func:`sudoku_models.bench.report.plot_profile` (a time-out never within
    any factor: a censored run; runs matched by instance and copy) on CPU
    seconds, build included; a run recorded as 0.000 s counts as
    :data:`FLOOR_S` (the CSVs keep milliseconds). Saved as PNG at ``out``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from sudoku_models.bench.report import plot_profile

    frame = pd.concat([results_frame(read(p)) for p in paths], ignore_index=True)
    frame["total_s"] = frame["total_s"].clip(lower=FLOOR_S)
    fig = plot_profile(frame.assign(label=frame["method"]), colours, None, what="CPU time")
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def cactus(paths, out: Path, colours: dict[str, str], title: str,
           forms: tuple[str, ...] = ()) -> Path:
    """One cactus (survival) plot of the runs of the CSVs ``paths``, per
    dataset a panel: each form's runs (every permutation of every instance)
    sorted by CPU seconds against their rank, a time-out an open triangle at
    the budget after the solved runs (censored: at least the budget), one
    colour per form (``colours``). Saved as PNG at ``out``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from sudoku_models.plotting import CENSORED_MARKER

    frames = [results_frame(read(p)) for p in paths]
    fig, axes = plt.subplots(1, len(frames), figsize=(7.2 * len(frames), 6.0), squeeze=False,
                             layout="constrained")
    zeros = False
    for ax, frame in zip(axes[0], frames):
        done = st.runs(frame)
        limit = float(done["time_limit_s"].max())
        order = [f for f in forms if f in set(done["method"])] or \
            list(dict.fromkeys(done["method"]))
        for form in order:
            rows = done[done["method"] == form]
            times = np.maximum(np.sort(rows.loc[rows["solved"], "total_s"].to_numpy()), FLOOR_S)
            n = len(rows)
            ax.plot(np.arange(1, len(times) + 1), times, drawstyle="steps-post",
                    color=colours[form], label=form, lw=1.6)
            timed_out = n - len(times)
            if timed_out:
                ax.plot(np.arange(len(times) + 1, n + 1), np.full(timed_out, limit),
                        linestyle="none", color=colours[form], markersize=5, clip_on=False,
                        **CENSORED_MARKER)
        ax.set_yscale("log")
        ax.axhline(limit, color="0.4", lw=0.8, ls="--")
        ax.text(0.01, limit / 1.12, f"budget {limit:g} CPU s", fontsize=8, color="0.3",
                ha="left", va="top", transform=ax.get_yaxis_transform())
        ax.set_ylim(FLOOR_S / 1.5, limit * 2)
        instances = done["index"].nunique()
        copies = done["permutation"].nunique()
        ax.set_title(f"{done['dataset'].iloc[0]}: {instances} puzzles x {copies} permutations",
                     fontsize=10)
        ax.set_xlabel("runs: the solved ones fastest first, then the time-outs")
        zeros = zeros or bool((done["solved"] & (done["total_s"] < FLOOR_S)).any())
        ax.set_ylabel("CPU seconds per run (build included), log scale")
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=3,
                  frameon=False)
    import textwrap

    note = ("open triangles: timed out (at least the budget: censored)"
            + (f"; runs recorded as 0.000 s drawn at {FLOOR_S * 1000:g} ms" if zeros else ""))
    fig.suptitle("\n".join(textwrap.wrap(title + "; " + note, int(7.2 * len(frames) * 9))),
                 fontsize=11)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out
