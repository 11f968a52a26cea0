"""Run-time tails over solver seeds, by survival analysis (issue 21).

One instance run under many solver seeds gives a run-time distribution;
runs stopped at the cap are censored. The survival function P(T > t) is
estimated by Kaplan-Meier (:func:`~.censoring.kaplan_meier`, no floor), and
two tails are fitted by maximum likelihood *with* the censored runs
(``scipy.stats`` on ``CensoredData``): a lognormal and a Pareto (power-law)
tail above the median run, compared by their log-likelihoods on the same
runs. A heavy (power-law) tail is claimed only where the Pareto fit is
better and the tail's exponent is below 2 (infinite variance), as in Gomes,
Selman, Crato and Kautz 2000 (J. Autom. Reasoning 24:67-100); with few
observed runs above the median nothing is claimed.
"""

from __future__ import annotations

import math
from pathlib import Path

from ..plotting import method_colours, save_figure
from .censoring import kaplan_meier, outcome
from .published import markdown

MIN_TAIL = 8
"""Observed (not censored) runs above the median needed to fit a tail."""


def load_tail_results(path):
    """The rows of a tail study (instances x solver seeds) with
    :func:`~.censoring.outcome`'s columns and ``seed_option``."""
    import pandas as pd

    from ..bench import load_results

    frame = outcome(load_results(path))
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
    ``pareto alpha``, ``loglik lognormal``, ``loglik pareto``, ``better``
    (``"lognormal"``, ``"power law"`` or ``"too few"``)."""
    import numpy as np
    from scipy import stats

    times = np.asarray(times, dtype=float)
    observed = np.asarray(observed, dtype=bool)
    result = {"runs": len(times), "observed": int(observed.sum()), "tail runs": 0,
              "lognormal sigma": math.nan, "pareto alpha": math.nan,
              "loglik lognormal": math.nan, "loglik pareto": math.nan, "better": "too few"}
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
    ll_log = (np.sum(lognormal.logpdf(t[o]) - np.log(above))
              + np.sum(lognormal.logsf(t[~o]) - np.log(above)))
    ll_par = np.sum(pareto.logpdf(t[o])) + np.sum(pareto.logsf(t[~o]))
    result.update({"pareto alpha": float(alpha), "loglik lognormal": float(ll_log),
                   "loglik pareto": float(ll_par),
                   "better": "power law" if ll_par > ll_log else "lognormal"})
    return result


def tail_table(path) -> str:
    """Per (order, method, instance): runs, solved within the cap, the
    Kaplan-Meier median (``>= cap`` when half or more were censored) and
    :func:`fit_tails`."""
    import pandas as pd

    frame = load_tail_results(path)
    rows = []
    for (order, method, instance), group in frame.groupby(["order", "method", "puzzle"],
                                                          sort=True):
        times, solved = group["censored_s"].to_numpy(), group["solved"].to_numpy()
        t, s = kaplan_meier(times, solved)
        below = t[s <= 0.5]
        median = f"{below[0]:.3g}" if len(below) else f">= {times.max():.3g}"
        fit = fit_tails(times, solved)
        rows.append({"order": int(order), "method": method, "instance": instance,
                     "runs": fit["runs"], "solved": fit["observed"], "KM median s": median,
                     "lognormal sigma": fit["lognormal sigma"],
                     "Pareto alpha (tail)": fit["pareto alpha"],
                     "loglik Pareto - lognormal": fit["loglik pareto"] - fit["loglik lognormal"],
                     "better fit": fit["better"]})
    return markdown(pd.DataFrame(rows), formats={"lognormal sigma": ".2f",
                                                 "Pareto alpha (tail)": ".2f",
                                                 "loglik Pareto - lognormal": ".1f"})


def plot_survival(frame, path: Path | None = None):
    """Kaplan-Meier survival P(T > t) over seeds, one panel per (order,
    method), one step curve per instance, log-log; censored runs as ticks
    on the curve; no floor (a curve ends where its data end)."""
    import matplotlib.pyplot as plt
    import numpy as np

    panels = sorted(frame.groupby(["order", "method"]).groups)
    fig, axes = plt.subplots(1, len(panels), figsize=(5.0 * len(panels), 4.2), squeeze=False)
    colour = method_colours(frame["method"].unique())
    for ax, (order, method) in zip(axes[0], panels):
        data = frame[(frame["order"] == order) & (frame["method"] == method)]
        instances = sorted(data["puzzle"].unique())
        styles = ["-", "--", ":", "-."]
        for k, instance in enumerate(instances):
            rows = data[data["puzzle"] == instance]
            t, s = kaplan_meier(rows["censored_s"], rows["solved"])
            keep = s > 0  # log axis: the last step to 0 ends the curve
            ax.step(t[keep][1:], s[keep][1:], where="post", color=colour[method],
                    linestyle=styles[k % len(styles)],
                    label=f"{instance} ({int(rows['solved'].sum())}/{len(rows)} solved)")
            cut = rows.loc[~rows["solved"], "censored_s"]
            if len(cut):
                level = s[np.searchsorted(t, cut.to_numpy(), side="right") - 1]
                ax.plot(cut, level, linestyle="none", marker="|", markersize=10,
                        color=colour[method])
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("run time t (s, log)")
        ax.set_ylabel("P(T > t), Kaplan-Meier (log)")
        ax.set_title(f"{method}, order {order}", fontsize=10)
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="lower left")
    fig.suptitle("Run time over solver seeds (ticks: censored at the cap)")
    fig.tight_layout()
    return save_figure(fig, path)
