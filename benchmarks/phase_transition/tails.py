"""Run-time tails over solver seeds, by survival analysis (issue 21).

One instance run under many solver seeds gives a run-time distribution;
runs stopped at the cap are censored. The survival function P(T > t) is
estimated by Kaplan-Meier (:func:`~sudoku_models.bench.statistics.kaplan_meier`, no floor), and
two tails are fitted by maximum likelihood *with* the censored runs
(``scipy.stats`` on ``CensoredData``): a lognormal and a Pareto (power-law)
tail above the median run, compared by their log-likelihoods on the same
runs. Which fits better is decided by Vuong's normalised log-likelihood
ratio test (Vuong 1989, as Clauset, Shalizi and Newman 2009, SIAM Review
51:661-703, section 5, use it for power laws): a winner is named only where
its p-value is below ``SIGNIFICANT``, else neither. A heavy (power-law)
tail is claimed only where the Pareto fit wins and the tail's exponent is
below 2 (infinite variance), as in Gomes, Selman, Crato and Kautz 2000 (J.
Autom. Reasoning 24:67-100); with few observed runs above the median
nothing is claimed.
"""

from __future__ import annotations

import math
from pathlib import Path

from sudoku_models.plotting import method_colours, save_figure
from sudoku_models.bench.statistics import kaplan_meier, outcome
from benchmarks.studykit.published import markdown

MIN_TAIL = 8
"""Observed (not censored) runs above the median needed to fit a tail."""
SIGNIFICANT = 0.1
"""Vuong's p-value below which one of the two fits is named the better."""


MEASURES = {"wall": ("run time", "s"), "cpu": ("CPU time", "CPU s"),
            "conflicts": ("conflicts", "conflicts")}
"""What a run-time distribution is taken over -> (its name, its unit): wall
seconds (build and solve, a censored run at the cap), the worker's CPU
seconds (a censored run: those it had used when stopped), or the solver's
conflicts (CP-SAT's and CaDiCaL's; a censored run: those it had made), which
on one thread depend on the seed alone, not on the machine."""


def load_tail_results(path, measure: str = "wall"):
    """The rows of a tail study (instances x solver seeds) with
    :func:`~sudoku_models.bench.statistics.outcome`'s columns, ``seed_option`` and
    ``measured``: each run's value of ``measure`` (:data:`MEASURES`; a
    lower bound where the run was censored), which :func:`tail_table` and
    :func:`plot_survival` read. Raises ``ValueError`` for another measure or
    rows without it."""
    import pandas as pd

    from sudoku_models.records import load_results
    from sudoku_models.bench.report import on_clock

    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {', '.join(MEASURES)}, got {measure!r}")
    frame = outcome(load_results(path))
    if measure == "conflicts":
        if frame["conflicts"].isna().any():
            raise ValueError(f"{path}: rows without conflicts (a method that counts none, or "
                             "a run stopped from outside)")
        frame["measured"] = frame["conflicts"].astype(float)
    elif measure == "cpu":
        frame["measured"] = on_clock(frame, "cpu", path)["total_s"]
    else:
        frame["measured"] = frame["censored_s"]
    seed = frame["options"].fillna("").str.extract(r"(?:^|;)seed=(\d+)")[0]
    frame["seed_option"] = pd.to_numeric(seed).fillna(0).astype(int)
    return frame


def fit_tails(times, observed) -> dict:
    """Lognormal against Pareto for one instance's runs (``times`` s,
    ``observed`` False = censored at that time). The lognormal is fitted to
    every run; the Pareto to the runs above the median (its scale fixed at
    that median), and the lognormal is scored on the same runs with its
    conditional density, so the two log-likelihoods compare like with like.
    Returns ``runs``, ``observed``, ``tail runs``, ``lognormal sigma``,
    ``pareto alpha``, ``loglik lognormal``, ``loglik pareto``, ``p`` (Vuong's
    two-sided p-value of their difference, from the per-run log-likelihood
    differences) and ``better`` (``"lognormal"``, ``"power law"``,
    ``"neither"`` when p >= ``SIGNIFICANT``, or ``"too few"``)."""
    import numpy as np
    from scipy import stats

    times = np.asarray(times, dtype=float)
    observed = np.asarray(observed, dtype=bool)
    result = {"runs": len(times), "observed": int(observed.sum()), "tail runs": 0,
              "lognormal sigma": math.nan, "pareto alpha": math.nan,
              "loglik lognormal": math.nan, "loglik pareto": math.nan, "p": math.nan,
              "better": "too few"}
    if observed.sum() < 3:
        return result
    data = stats.CensoredData(uncensored=times[observed], right=times[~observed])
    shape, _, scale = stats.lognorm.fit(data, floc=0)
    result["lognormal sigma"] = float(shape)
    xmin = float(np.median(times))
    tail = times > xmin
    result["tail runs"] = int((tail & observed).sum())
    if result["tail runs"] < MIN_TAIL:
        return result
    t, o = times[tail], observed[tail]
    tail_data = stats.CensoredData(uncensored=t[o], right=t[~o])
    alpha, _, _ = stats.pareto.fit(tail_data, floc=0, fscale=xmin)
    pareto = stats.pareto(alpha, loc=0, scale=xmin)
    lognormal = stats.lognorm(shape, loc=0, scale=scale)
    above = lognormal.sf(xmin)
    per_log = np.where(o, lognormal.logpdf(t), lognormal.logsf(t)) - np.log(above)
    per_par = np.where(o, pareto.logpdf(t), pareto.logsf(t))
    ll_log, ll_par = float(per_log.sum()), float(per_par.sum())
    differences = per_par - per_log
    spread = float(differences.std())
    p = (math.erfc(abs(ll_par - ll_log) / (math.sqrt(2 * len(t)) * spread)) if spread > 0
         else 1.0)
    better = ("neither" if p >= SIGNIFICANT else "power law" if ll_par > ll_log
              else "lognormal")
    result.update({"pareto alpha": float(alpha), "loglik lognormal": ll_log,
                   "loglik pareto": ll_par, "p": p, "better": better})
    return result


def tail_table(path, measure: str = "wall") -> str:
    """Per (order, method, instance): runs, solved within the cap, the
    Kaplan-Meier median of ``measure`` (:data:`MEASURES`; ``>= x`` when
    half or more were censored) and :func:`fit_tails` of its values."""
    import pandas as pd

    frame = load_tail_results(path, measure)
    rows = []
    for (order, method, instance), group in frame.groupby(["order", "method", "puzzle"],
                                                          sort=True):
        times, solved = group["measured"].to_numpy(), group["solved"].to_numpy()
        t, s = kaplan_meier(times, solved)
        below = t[s <= 0.5]
        median = f"{below[0]:.3g}" if len(below) else f">= {times.max():.3g}"
        fit = fit_tails(times, solved)
        rows.append({"order": int(order), "method": method, "instance": instance,
                     "runs": fit["runs"], "solved": fit["observed"],
                     f"KM median {MEASURES[measure][1]}": median,
                     "lognormal sigma": fit["lognormal sigma"],
                     "Pareto alpha (tail)": fit["pareto alpha"],
                     "loglik Pareto - lognormal": fit["loglik pareto"] - fit["loglik lognormal"],
                     "p (Vuong)": fit["p"], "better fit": fit["better"]})
    return markdown(pd.DataFrame(rows), formats={"lognormal sigma": ".2f",
                                                 "Pareto alpha (tail)": ".2f",
                                                 "loglik Pareto - lognormal": ".1f",
                                                 "p (Vuong)": ".2f"})


def _instance_name(rows, names) -> str:
    """The label of one instance's rows: ``names[puzzle_hash]`` when given
    and known, else the line of its puzzle file (``1`` for ``tails_cp.txt:1``)."""
    if names and rows["puzzle_hash"].iloc[0] in names:
        return names[rows["puzzle_hash"].iloc[0]]
    return rows["puzzle"].iloc[0].split(":")[-1]


def plot_survival(frame, path: Path | None = None, names=None, measure: str = "wall"):
    """Kaplan-Meier survival P(T > t) over seeds, one panel per (order,
    method) that has runs (at most three a row, no empty panels), one step
    curve per instance, log-log; censored runs as ticks on the curve; no
    floor (a curve ends where its data end); a panel whose runs all hit the
    cap says so. ``names``: ``{puzzle_hash: label}`` naming each instance
    in the legend (e.g. the dataset spec and index it was drawn from);
    else the line of its puzzle file (:func:`_instance_name`). The values
    are ``measured``, of ``measure`` (:func:`load_tail_results`)."""
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.ticker import FormatStrFormatter, LogLocator, NullFormatter

    pairs = sorted(frame[["order", "method"]].drop_duplicates().itertuples(index=False))
    columns = min(len(pairs), 3)
    rows_of_panels = -(-len(pairs) // columns)
    fig, axes = plt.subplots(rows_of_panels, columns, squeeze=False,
                             figsize=(3.6 * columns, 3.3 * rows_of_panels + 0.6))
    for ax in axes.flat[len(pairs):]:
        fig.delaxes(ax)
    colour = method_colours(sorted(frame["method"].unique()))
    styles = ["-", "--", ":", "-."]
    for ax, (order, method) in zip(axes.flat, pairs):
        data = frame[(frame["order"] == order) & (frame["method"] == method)]
        ax.set_title(f"{method}, order {order}", fontsize=9)
        if not data["solved"].any():
            ax.text(0.5, 0.5, f"no run solved within\nthe cap ({len(data)} runs)",
                    transform=ax.transAxes, ha="center", va="center")
            ax.set_xticks([])
            ax.set_yticks([])
            continue
        for k, instance in enumerate(sorted(data["puzzle"].unique())):
            rows = data[data["puzzle"] == instance]
            t, s = kaplan_meier(rows["measured"], rows["solved"])
            t[0] = rows["measured"].min() / 1.5  # the log axis has no 0: start left of the data
            keep = s > 0  # the last step to 0 (every run finished) ends the curve
            label = f"{_instance_name(rows, names)}: {int(rows['solved'].sum())}/{len(rows)}"
            if rows["solved"].all() and rows["measured"].nunique() == 1:  # one drop, one value
                ax.plot(rows["measured"].iloc[:1], [1.0], color=colour[method], marker="o",
                        linestyle=styles[k % len(styles)], label=label + " (all equal)")
            else:
                ax.step(t[keep], s[keep], where="post", color=colour[method],
                        linestyle=styles[k % len(styles)], label=label)
            cut = rows.loc[~rows["solved"], "measured"].to_numpy()
            if len(cut):
                level = s[np.searchsorted(t, cut, side="right") - 1]
                ax.plot(cut, level, linestyle="none", marker="|", markersize=10,
                        color=colour[method])
        ax.set_xscale("log")
        ax.set_yscale("log")
        for axis in (ax.xaxis, ax.yaxis):  # plain numbers at 1, 2, 5 x 10^k
            axis.set_major_formatter(FormatStrFormatter("%g"))
            axis.set_minor_locator(LogLocator(subs=(2, 5)))
            low, high = axis.get_view_interval()
            if high / low <= 100:  # over more decades the 2s and 5s would crowd
                axis.set_minor_formatter(FormatStrFormatter("%g"))
            else:
                axis.set_minor_formatter(NullFormatter())
        ax.tick_params(which="minor", labelsize=7)
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=6, loc="lower left", title="instance: runs solved",
                  title_fontsize=6)
        name, unit = MEASURES[measure]
        ax.set_xlabel(f"{name} t ({'' if unit == name else unit + ', '}log)")
    for row in axes:
        row[0].set_ylabel("P(T > t), Kaplan-Meier (log)")
    name = MEASURES[measure][0]
    fig.suptitle(f"{name[:1].upper() + name[1:]} over solver seeds "
                 "(ticks: censored at the cap)")
    fig.tight_layout()
    return save_figure(fig, path)
