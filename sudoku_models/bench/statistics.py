"""Statistics of benchmark runs, with runs cut by a time limit as bounds.

A run that did not finish within its limit is *censored*: its time is only
known to be at least the limit. Every statistic here carries that through
as an :class:`Interval` ``[low, high]`` instead of substituting the limit as
if it were measured, and no censored time is ever averaged in:

* one run's time: ``[t, t]`` when solved, ``[limit, inf)`` when not;
* a median of intervals: ``[median of the lows, median of the highs]``
  (the median is monotone, so the true median lies there);
* a paired ratio of two methods' times on one instance: exact when both
  solved, ``[limit / t_b, inf)`` when only ``b`` solved, ``[0, t_a / limit]``
  when only ``a`` solved, ``[0, inf)`` when neither did.

**One limit for every method, build included**: a row counts as solved only
when its status is solved *and* its build plus solve time is within the
limit (:func:`outcome`); a row over the limit is a time-out, whatever its
status (issue 21: ``sat-extended`` rows of 10.63 s and 11.27 s at a 10 s
limit had been counted solved because the SAT limit started after the CNF
build). A row that ended otherwise (infeasible, an error) is unsolved and
counts as a time-out.

:func:`compare` reads a results frame (:func:`~sudoku_models.bench.load_results`)
and gives, per dataset, order and method (never pooled), and per pair of
methods on the same instances, what ``bench report`` prints (issue 44):

* **solved**: the instances whose median copy was solved, with a Wilson
  95% interval (``scipy.stats.binomtest(...).proportion_ci``);
* the **shifted geometric mean** of run times (shift :data:`SHIFT_S`, 10 ms,
  stated as MIPLIB 2017 states its own: Gleixner et al., Math. Prog. Comp.
  13:443-490, 2021; ``scipy.stats.gmean`` of ``t + shift``, minus the
  shift), an interval ``[with time-outs at the limit, inf)`` when runs timed
  out;
* **PAR-2**, the penalised average run time of SAT competitions: a
  time-out counts as twice its limit (a score by definition, not an
  estimate of a mean);
* **variability**: per instance, the largest over the smallest time of its
  copies (rows of one instance and method that differ in ``permutation``,
  ``solver_seed``, ``seed``, ``repetition`` or a ``seed=N`` option: performance variability,
  Lodi and Tramontani, INFORMS TutORials 2013), its median over instances;
* per **pair** of methods, on the instances both ran, each instance's
  median over its copies: the median time ratio a / b (an interval where
  censoring leaves one), its percentile bootstrap 95% interval
  (``scipy.stats.bootstrap``, 9999 resamples, seeded), the Wilcoxon
  signed-rank test on the log ratios (``scipy.stats.wilcoxon``, zeros
  dropped) and the sign test (``scipy.stats.binomtest``), with a time-out
  against a solve ordered by the solve and two time-outs (or medians whose
  bounds overlap) a tie; a difference whose bootstrap interval lies within
  ``[1 / v, v]``, ``v`` the instances' own median variability, is reported
  as *within variability*.
"""

from __future__ import annotations

import math
import re
import numbers
from dataclasses import dataclass

from ..records.summary import SOLVED
from ..records.summary import configuration_label as label

SHIFT_S = 0.01
"""The shift of the shifted geometric mean of times, in seconds (10 ms)."""
CONFIDENCE = 0.95
"""The level of every confidence interval :func:`compare` gives."""
VARIABILITY_COLUMNS = ("permutation", "solver_seed", "seed", "repetition")
"""The columns whose values tell copies of one instance apart, where a
results frame has them (with a ``seed=N`` in the method's options)."""
RESAMPLES = 9999
"""Bootstrap resamples of each median ratio."""
_SEED_OPTION = re.compile(r"(^|;)seed=(\d+)(?=;|$)")


def outcome(frame):
    """``frame`` (results rows, :func:`~sudoku_models.bench.load_results`)
    with ``solved`` (status solved, ``total_s`` within ``time_limit_s`` and
    ``cpu_s`` within ``cpu_limit_s`` where the run had one), ``over_limit``
    (status solved but over a limit: counted as a time-out) and
    ``censored_s`` (``total_s`` when solved, else the limit; no limit:
    ``total_s``). On the CPU clock (:func:`~.report.on_clock`) the limit is
    the CPU limit where the run had one."""
    import numpy as np

    frame = frame.copy()
    limit = frame["time_limit_s"].astype(float).fillna(np.inf)
    status_solved = frame["status"].isin(SOLVED).astype(bool)
    within = frame["total_s"].astype(float) <= limit
    if "cpu_limit_s" in frame:
        cpu_limit = frame["cpu_limit_s"].astype(float).fillna(np.inf)
        within &= frame["cpu_s"].astype(float).fillna(0.0) <= cpu_limit
    frame["solved"] = status_solved & within
    frame["over_limit"] = status_solved & ~within
    frame["censored_s"] = frame["total_s"].where(frame["solved"], limit)
    return frame


@dataclass(frozen=True)
class Interval:
    """A value known to lie in ``[low, high]`` (``high`` may be ``inf``)."""

    low: float
    high: float

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def text(self, fmt: str = ".3g") -> str:
        """``"0.26"`` when exact, ``">= 18"`` when only bounded below,
        ``"<= 0.4"`` when bounded above by 0, else ``"0.2-0.5"``;
        ``"?"`` when nothing is known."""
        if self.exact:
            return format(self.low, fmt)
        if math.isinf(self.high):
            return "?" if self.low == 0 else f">= {self.low:{fmt}}"
        if self.low == 0:
            return f"<= {self.high:{fmt}}"
        return f"{self.low:{fmt}}-{self.high:{fmt}}"


def value_bounds(values, censored):
    """``(low, high)`` arrays for measured ``values`` of which those with
    ``censored`` True are only lower bounds."""
    import numpy as np

    low = np.asarray(values, dtype=float)
    high = np.where(np.asarray(censored, dtype=bool), np.inf, low)
    return low, high


def median_interval(low, high) -> Interval:
    """The interval holding the median of values known to lie within
    ``[low_i, high_i]`` each (NaN entries are left out; no entry: NaN)."""
    import numpy as np

    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    keep = ~(np.isnan(low) | np.isnan(high))
    if not keep.any():
        return Interval(math.nan, math.nan)
    return Interval(float(np.median(low[keep])), float(np.median(high[keep])))


def quantile_interval(low, high, q: float) -> Interval:
    """As :func:`median_interval` for the ``q`` quantile (lower method:
    an observed value, so that a bound stays a bound)."""
    import numpy as np

    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    keep = ~(np.isnan(low) | np.isnan(high))
    if not keep.any():
        return Interval(math.nan, math.nan)
    return Interval(float(np.quantile(low[keep], q, method="lower")),
                    float(np.quantile(high[keep], q, method="lower")))


def ratio_bounds(time_a, solved_a, time_b, solved_b, limit):
    """Per instance, bounds ``(low, high)`` of the time ratio a / b, with
    censoring as bounds (see the module docstring). Arrays of equal length;
    ``limit`` a number or an array."""
    import numpy as np

    ta, tb = np.asarray(time_a, dtype=float), np.asarray(time_b, dtype=float)
    sa, sb = np.asarray(solved_a, dtype=bool), np.asarray(solved_b, dtype=bool)
    limit = np.broadcast_to(np.asarray(limit, dtype=float), ta.shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        low = np.select([sa & sb, ~sa & sb], [ta / tb, limit / tb], 0.0)
        high = np.select([sa & sb, sa & ~sb], [ta / tb, ta / limit], np.inf)
    return low, high


def cpu_pair(cpu_a, solved_a, cpu_b, solved_b):
    """The arguments ``(time_a, solved_a, time_b, solved_b, limit)`` of
    :func:`ratio_bounds` and :func:`compare_bounds` for CPU seconds: a
    censored run needed at least the CPU seconds it had used when it
    stopped (``limit``: the censored one's, per pair), nothing known (0)
    where its row has none (a run stopped from outside before the runner
    kept them). Arrays of equal length."""
    import numpy as np

    ta = np.nan_to_num(np.asarray(cpu_a, dtype=float), nan=0.0)
    tb = np.nan_to_num(np.asarray(cpu_b, dtype=float), nan=0.0)
    sa = np.asarray(solved_a, dtype=bool)
    return ta, sa, tb, np.asarray(solved_b, dtype=bool), np.where(sa, tb, ta)


@dataclass(frozen=True)
class PairedComparison:
    """Two methods on the same instances: ``a_wins`` (a faster, for certain:
    the ratio's upper bound below 1), ``b_wins``, ``undecided`` (neither
    certain: both censored, or bounds straddling 1), and the median ratio
    a / b as an :class:`Interval`, with its 25th and 75th percentiles."""

    instances: int
    a_wins: int
    b_wins: int
    undecided: int
    median: Interval
    p25: Interval
    p75: Interval


def compare_bounds(time_a, solved_a, time_b, solved_b, limit) -> PairedComparison:
    """The :class:`PairedComparison` of a against b, one run each per
    instance (see :func:`ratio_bounds`)."""
    low, high = ratio_bounds(time_a, solved_a, time_b, solved_b, limit)
    a_wins = int((high < 1).sum())
    b_wins = int((low > 1).sum())
    return PairedComparison(len(low), a_wins, b_wins, len(low) - a_wins - b_wins,
                            median_interval(low, high), quantile_interval(low, high, 0.25),
                            quantile_interval(low, high, 0.75))


def kaplan_meier(times, observed):
    """The Kaplan-Meier estimate of P(T > t) for run times ``times`` of which
    those with ``observed`` False are censored (stopped at that time,
    unsolved), by ``scipy.stats.ecdf`` on ``CensoredData`` (Kaplan and Meier
    1958, JASA 53:457-481). Returns ``(t, survival)`` arrays: the survival
    just after each distinct observed time, starting with ``(0, 1)``. No
    floor: a curve ends where the data end (at the last observed time, or
    the censoring time when the last runs are censored)."""
    import numpy as np
    from scipy import stats

    times = np.asarray(times, dtype=float)
    observed = np.asarray(observed, dtype=bool)
    events = np.unique(times[observed])
    steps_t, steps_s = [0.0, *events.tolist()], [1.0]
    if len(events):
        estimate = stats.ecdf(stats.CensoredData(uncensored=times[observed],
                                                 right=times[~observed]))
        steps_s += estimate.sf.evaluate(events).tolist()
    last = np.argsort(times, kind="stable")[-1:] if len(times) else []
    if len(last) and not observed[last[0]]:  # censored at the end: the curve runs to there
        steps_t.append(float(times[last[0]]))
        steps_s.append(steps_s[-1])
    return np.array(steps_t), np.array(steps_s)


# -- summaries of runs -------------------------------------------------------------


def shifted_geometric_mean(low, high, shift: float = SHIFT_S) -> Interval:
    """The shifted geometric mean ``gmean(t + shift) - shift`` of times
    (seconds) known to lie in ``[low_i, high_i]`` (:func:`value_bounds`):
    an :class:`Interval`, exact when every time is, ``[..., inf)`` when one
    is only bounded below (a time-out is never averaged in as if
    measured). ``scipy.stats.gmean``; NaN for no times."""
    import numpy as np
    from scipy import stats

    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    if not len(low):
        return Interval(math.nan, math.nan)
    with np.errstate(divide="ignore"):
        return Interval(float(stats.gmean(low + shift) - shift),
                        float(stats.gmean(high + shift) - shift))


def par2(times, solved, limits) -> float:
    """PAR-2 in seconds: the mean of each run's time when ``solved``, twice
    its limit when not (infinite when an unsolved run had no limit). Arrays
    of equal length; NaN for none."""
    import numpy as np

    times, limits = np.asarray(times, dtype=float), np.asarray(limits, dtype=float)
    solved = np.asarray(solved, dtype=bool)
    if not len(times):
        return math.nan
    limits = np.where(np.isnan(limits), np.inf, limits)
    return float(np.mean(np.where(solved, times, 2 * limits)))


def solved_interval(solved: int, total: int, confidence: float = CONFIDENCE
                    ) -> tuple[float, float]:
    """The Wilson score interval (Wilson 1927, JASA 22:209-212) of a count
    ``solved`` of ``total``, as counts: ``scipy.stats.binomtest`` 's
    ``proportion_ci`` times ``total``. ``(nan, nan)`` for no total."""
    from scipy import stats

    if total == 0:
        return math.nan, math.nan
    ci = stats.binomtest(solved, total).proportion_ci(confidence, method="wilson")
    return float(ci.low * total), float(ci.high * total)


def spread_bounds(low, high) -> Interval:
    """Bounds of the largest over the smallest of times known to lie in
    ``[low_i, high_i]``: exact when every time is, ``[limit / fastest,
    inf)`` when some timed out, ``[1, inf)`` when all did."""
    import numpy as np

    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return Interval(max(1.0, float(low.max() / high.min())),
                        float(high.max() / low.min()))


def ordered_log_ratios(low, high):
    """The log of each paired ratio as the tests read it: the exact ratio,
    the bound a time-out against a solve gives (ordered by the solve), and 0
    (a tie) where the bounds straddle 1 (two time-outs). Arrays of equal
    length."""
    import numpy as np

    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    with np.errstate(divide="ignore"):
        return np.where(low > 1, np.log(low), np.where(high < 1, np.log(high), 0.0))


def paired_tests(log_ratios) -> tuple[float, float]:
    """``(Wilcoxon p, sign p)`` of paired log ratios (:func:`ordered_log_ratios`),
    two-sided: ``scipy.stats.wilcoxon`` (zeros, the ties, dropped) and
    ``scipy.stats.binomtest`` on the count below 0 among the non-zero.
    NaN when no ratio differs from 1."""
    import numpy as np
    from scipy import stats

    d = np.asarray(log_ratios, dtype=float)
    untied = d[d != 0]
    if not len(untied):
        return math.nan, math.nan
    wilcoxon = float(stats.wilcoxon(untied).pvalue)
    sign = float(stats.binomtest(int((untied < 0).sum()), len(untied)).pvalue)
    return wilcoxon, sign


def median_ratio_interval(ratios, confidence: float = CONFIDENCE, seed: int = 0
                          ) -> tuple[float, float]:
    """The percentile bootstrap interval of the median of ``ratios``
    (``scipy.stats.bootstrap``, :data:`RESAMPLES` resamples from
    ``numpy.random.default_rng(seed)``; Efron and Tibshirani, *An
    Introduction to the Bootstrap*, 1993, ch. 13). ``(r, r)`` when every
    ratio is ``r``; ``(nan, nan)`` for fewer than 2."""
    import numpy as np
    from scipy import stats

    ratios = np.asarray(ratios, dtype=float)
    if len(ratios) < 2:
        return math.nan, math.nan
    if np.ptp(ratios) == 0:
        return float(ratios[0]), float(ratios[0])
    result = stats.bootstrap((ratios,), np.median, confidence_level=confidence,
                             n_resamples=RESAMPLES, method="percentile",
                             random_state=np.random.default_rng(seed))
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


def verdict(a: str, b: str, ci: tuple[float, float], variability: float,
            p_values: tuple[float, float] = (0.0, 0.0), confidence: float = CONFIDENCE) -> str:
    """What a pair's bootstrap interval ``ci`` of the median ratio a / b and
    its paired tests' ``p_values`` (Wilcoxon, sign) say: ``"too few
    instances"`` (no interval), ``"no difference found"`` (the interval
    holds 1), ``"not significant"`` (a test's p-value at least
    1 - ``confidence``: two instances both faster prove nothing),
    ``"within variability"`` (the interval lies within ``[1 / v, v]``, ``v``
    the instances' own variability, when known), else which is faster."""
    low, high = ci
    if math.isnan(low):
        return "too few instances"
    if low <= 1 <= high:
        return "no difference found"
    if any(not p < 1 - confidence for p in p_values):
        return "not significant"
    if not math.isnan(variability) and 1 / variability <= low and high <= variability:
        return "within variability"
    return f"{a} faster" if high < 1 else f"{b} faster"


# -- a results frame --------------------------------------------------------------


def runs(frame):
    """The rows of a results frame as runs: :func:`outcome`'s columns, and
    ``label`` (the method with its options but a ``seed=N``),
    ``instance`` (``(dataset, order, index)``, order ``"-"`` for a layout
    with none), ``copy`` (the values of :data:`VARIABILITY_COLUMNS` present and
    the ``seed=N`` option: what tells copies of an instance apart), and
    ``low_s``, ``high_s`` (the run's time as bounds: ``[t, t]`` solved,
    ``[limit, inf)`` not)."""
    import numpy as np

    done = outcome(frame)
    options = done["options"].fillna("").astype(str)
    done["order"] = done["order"].astype(object).where(done["order"].notna(), "-")
    done["label"] = [label(m, _SEED_OPTION.sub("", o).strip(";"))
                     for m, o in zip(done["method"], options)]
    seeds = [found.group(2) if (found := _SEED_OPTION.search(o)) else "" for o in options]
    present = [c for c in VARIABILITY_COLUMNS if c in done.columns]
    done["copy"] = [tuple(map(str, values)) for values in
                    zip(*[done[c].astype(object) for c in present], seeds)]
    done["instance"] = list(zip(done["dataset"], done["order"], done["index"]))
    done["low_s"] = done["censored_s"].astype(float)
    done["high_s"] = np.where(done["solved"], done["low_s"], np.inf)
    return done


def instance_medians(run_frame):
    """One row per (dataset, order, label, index) of :func:`runs`: its
    ``copies``, the median of their times as bounds (``median_low_s``,
    ``median_high_s``: :func:`median_interval`), and the largest over the
    smallest time (``spread_low``, ``spread_high``: :func:`spread_bounds`;
    NaN for one copy)."""
    import pandas as pd

    rows = []
    for (dataset, order, name, index), group in _groups(run_frame, ["dataset", "order", "label",
                                                                     "index"]):
        median = median_interval(group["low_s"], group["high_s"])
        spread = spread_bounds(group["low_s"], group["high_s"]) if len(group) > 1 else \
            Interval(math.nan, math.nan)
        rows.append({"dataset": dataset, "order": order, "method": name, "index": index,
                     "copies": len(group), "median_low_s": median.low,
                     "median_high_s": median.high, "spread_low": spread.low,
                     "spread_high": spread.high})
    return pd.DataFrame(rows, columns=["dataset", "order", "method", "index", "copies",
                                       "median_low_s", "median_high_s", "spread_low",
                                       "spread_high"])


def _groups(frame, columns):
    """``frame.groupby(columns)``, sorted with the orders as numbers (an
    order ``"-"`` after them)."""
    groups = list(frame.groupby(columns, sort=False, dropna=False))
    return sorted(groups, key=lambda item: tuple(
        (0, value) if isinstance(value, numbers.Real) else (1, str(value)) for value in item[0]))


@dataclass(frozen=True, eq=False)
class Comparison:
    """What :func:`compare` gives (``pandas.DataFrame`` s):

    * ``methods``: one row per dataset, order and method: ``instances``,
      ``copies`` (the most copies of one instance), ``runs``,
      ``runs_solved``, ``solved`` (instances whose median copy was
      solved) with ``solved_low``, ``solved_high`` (its Wilson interval, in
      instances), ``sgm_s`` (the shifted geometric mean of run times, an
      :class:`Interval`, seconds), ``par2_s`` (seconds), ``variability``
      (the median over instances of their largest over smallest time, an
      :class:`Interval`; NaN for single copies) and ``worst_variability``;
    * ``pairs``: one row per dataset, order and pair of methods ``a``,
      ``b`` (in name order) on the instances both ran: ``instances``,
      ``a_faster``, ``b_faster``, ``ties``, ``median_ratio`` (a / b, an
      :class:`Interval`), ``ci_low``, ``ci_high`` (its bootstrap interval),
      ``wilcoxon_p``, ``sign_p``, ``variability`` (the larger of the two
      methods' median variability on these instances, its lower bound;
      NaN for single copies) and ``verdict`` (:func:`verdict`);
    * ``instances``: :func:`instance_medians`;
    * ``shift_s``, ``confidence``: the settings they were computed with."""

    methods: object
    pairs: object
    instances: object
    shift_s: float
    confidence: float


def compare(frame, shift_s: float = SHIFT_S, confidence: float = CONFIDENCE,
            seed: int = 0) -> Comparison:
    """The statistics of the module docstring for a results frame
    (:func:`~sudoku_models.bench.load_results`, on any clock:
    :func:`~sudoku_models.bench.report.on_clock`): per dataset, order and
    method, and per pair of methods on the same dataset and order, never
    pooled. ``shift_s``: the shift of the geometric mean (seconds);
    ``confidence``: of the intervals; ``seed``: of the bootstrap. Raises
    ``ValueError`` for a frame without rows, a shift below 0 or a
    confidence outside (0, 1)."""
    import numpy as np
    import pandas as pd

    if len(frame) == 0:
        raise ValueError("compare: the results have no rows")
    if not (isinstance(shift_s, (int, float)) and shift_s >= 0 and math.isfinite(shift_s)):
        raise ValueError(f"compare: shift_s must be a finite number of seconds >= 0, got "
                         f"{shift_s!r}")
    if not (isinstance(confidence, float) and 0 < confidence < 1):
        raise ValueError(f"compare: confidence must be a float in (0, 1), got {confidence!r}")
    run_frame = runs(frame)
    per_instance = instance_medians(run_frame)
    methods = []
    for (dataset, order, name), group in _groups(run_frame, ["dataset", "order", "label"]):
        own = per_instance[(per_instance["dataset"] == dataset) & (per_instance["order"] == order)
                           & (per_instance["method"] == name)]
        solved = int(np.isfinite(own["median_high_s"]).sum())
        low, high = solved_interval(solved, len(own), confidence)
        spread = own.dropna(subset=["spread_low"])
        methods.append({
            "dataset": dataset, "order": order, "method": name, "instances": len(own),
            "copies": int(own["copies"].max()), "runs": len(group),
            "runs_solved": int(group["solved"].sum()), "solved": solved, "solved_low": low,
            "solved_high": high,
            "sgm_s": shifted_geometric_mean(group["low_s"], group["high_s"], shift_s),
            "par2_s": par2(group["total_s"], group["solved"], group["time_limit_s"]),
            "variability": median_interval(spread["spread_low"], spread["spread_high"]),
            "worst_variability": Interval(float(spread["spread_low"].max()),
                                          float(spread["spread_high"].max()))
            if len(spread) else Interval(math.nan, math.nan)})
    pairs = []
    for (dataset, order), group in _groups(per_instance, ["dataset", "order"]):
        names = sorted(group["method"].unique())
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                pairs.append(_pair(dataset, order, a, b, group, confidence, seed))
    return Comparison(pd.DataFrame(methods), pd.DataFrame(pairs), per_instance, float(shift_s),
                      confidence)


def _pair(dataset, order, a: str, b: str, group, confidence: float, seed: int) -> dict:
    """One row of :attr:`Comparison.pairs`."""
    import numpy as np

    both = group[group["method"] == a].merge(group[group["method"] == b], on="index",
                                             suffixes=("_a", "_b"))
    with np.errstate(divide="ignore", invalid="ignore"):
        low = np.nan_to_num(both["median_low_s_a"] / both["median_high_s_b"], nan=0.0)
        high = np.nan_to_num(both["median_high_s_a"] / both["median_low_s_b"], nan=np.inf,
                             posinf=np.inf)
    d = ordered_log_ratios(low, high)
    wilcoxon, sign = paired_tests(d)
    ci = median_ratio_interval(np.exp(d), confidence, seed)
    spreads = [both[f"spread_low_{side}"].dropna() for side in "ab"]
    variability = max((float(s.median()) for s in spreads if len(s)), default=math.nan)
    return {"dataset": dataset, "order": order, "a": a, "b": b, "instances": len(both),
            "a_faster": int((d < 0).sum()), "b_faster": int((d > 0).sum()),
            "ties": int((d == 0).sum()), "median_ratio": median_interval(low, high),
            "ci_low": ci[0], "ci_high": ci[1], "wilcoxon_p": wilcoxon, "sign_p": sign,
            "variability": variability,
            "verdict": verdict(a, b, ci, variability, (wilcoxon, sign), confidence)}
