"""Statistics of runs cut by a time limit: bounds, not guesses.

A run that did not finish within its limit is *censored*: its time (and its
effort: nodes, conflicts, ...) is only known to be at least what was
recorded. Every statistic here carries that through as an interval
``[low, high]`` instead of substituting the limit as if it were measured:

* one run's time: ``[t, t]`` when solved, ``[limit, inf)`` when not;
* a paired ratio of two methods' times on one instance: exact when both
  solved, ``[limit / t_b, inf)`` when only ``b`` solved, ``[0, t_a / limit]``
  when only ``a`` solved, ``[0, inf)`` when neither did;
* a median of intervals: ``[median of the lows, median of the highs]``
  (the median is monotone, so the true median lies there); a point when
  both agree.

**One limit for every method, build included**: a row counts as solved only
when its status is solved *and* its build plus solve time is within the
limit (:func:`outcome`); a row over the limit is a time-out, whatever its
status (issue 21: ``sat-extended`` rows of 10.63 s and 11.27 s at a 10 s
limit had been counted solved because the SAT limit started after the CNF
build).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SOLVED = ("OPTIMAL", "FEASIBLE")


def outcome(frame):
    """``frame`` (results rows, :func:`~sudoku_models.bench.load_results`)
    with ``solved`` (status solved and ``total_s`` within ``time_limit_s``),
    ``over_limit`` (status solved but over the limit: counted as a time-out)
    and ``censored_s`` (``total_s`` when solved, else the limit; no limit:
    ``total_s``)."""
    import numpy as np

    frame = frame.copy()
    limit = frame["time_limit_s"].astype(float).fillna(np.inf)
    status_solved = frame["status"].isin(SOLVED).astype(bool)
    within = frame["total_s"].astype(float) <= limit
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
    :func:`ratio_bounds` and :func:`compare` for CPU seconds: a censored
    run needed at least the CPU seconds it had used when it stopped
    (``limit``: the censored one's, per pair), nothing known (0) where its
    row has none (a run stopped from outside before the runner kept them).
    Arrays of equal length."""
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


def compare(time_a, solved_a, time_b, solved_b, limit) -> PairedComparison:
    """The :class:`PairedComparison` of a against b (see :func:`ratio_bounds`)."""
    low, high = ratio_bounds(time_a, solved_a, time_b, solved_b, limit)
    a_wins = int((high < 1).sum())
    b_wins = int((low > 1).sum())
    return PairedComparison(len(low), a_wins, b_wins, len(low) - a_wins - b_wins,
                            median_interval(low, high), quantile_interval(low, high, 0.25),
                            quantile_interval(low, high, 0.75))


def kaplan_meier(times, observed):
    """The Kaplan-Meier estimate of P(T > t) for run times ``times`` of which
    those with ``observed`` False are censored (stopped at that time,
    unsolved). Returns ``(t, survival)`` arrays: the survival just after each
    distinct observed time, starting with ``(0, 1)``. No floor: a curve
    ends where the data end (at the last observed time, or the censoring
    time when the last runs are censored). Kaplan and Meier 1958, JASA
    53:457-481; the same as ``scipy.stats.ecdf`` on censored data."""
    import numpy as np

    times = np.asarray(times, dtype=float)
    observed = np.asarray(observed, dtype=bool)
    order = np.argsort(times, kind="stable")
    times, observed = times[order], observed[order]
    steps_t, steps_s = [0.0], [1.0]
    survival, at_risk = 1.0, len(times)
    for t in np.unique(times):
        here = times == t
        events = int((here & observed).sum())
        if events:
            survival *= 1 - events / at_risk
            steps_t.append(float(t))
            steps_s.append(survival)
        at_risk -= int(here.sum())
    if len(times) and not observed[-1]:  # censored at the end: the curve runs to there
        steps_t.append(float(times[-1]))
        steps_s.append(survival)
    return np.array(steps_t), np.array(steps_s)
