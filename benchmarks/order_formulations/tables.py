"""The README's tables of recorded runs (``results/*.csv`` of :mod:`.run`):
a 10 s run and the 60 s run of the pairs it left censored, read together."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .run import FORMS, read, solved

_EFFORT = (("nodes", "B&B nodes"), ("conflicts", "conflicts"), ("branches", "branches"))


def _runs(*paths: Path | str) -> dict[tuple[int, str], list[dict]]:
    """(instance, form) -> its rows, by CPU budget (10 s first)."""
    runs: dict[tuple[int, str], list[dict]] = {}
    for row in sorted(read(*paths), key=lambda r: float(r["cpu_limit"])):
        runs.setdefault((int(row["instance"]), row["form"]), []).append(row)
    return runs


def _limits(runs) -> list[float]:
    return sorted({float(row["cpu_limit"]) for rows in runs.values() for row in rows})


def _cpu(rows: list[dict], limit: float) -> float:
    """CPU seconds within ``limit`` (inf: not solved within it)."""
    done = [float(r["cpu_seconds"]) for r in rows if float(r["cpu_limit"]) <= limit and solved(r)]
    if done or float(rows[0]["cpu_limit"]) >= limit:
        return min(done, default=np.inf)
    return np.inf  # not re-run with this budget: solved in none of the runs made


def _shown(seconds: float, limit: float) -> str:
    return f"{seconds:.2f}" if np.isfinite(seconds) else f">= {limit:g}"


def _median(values: list[float], limit: float) -> str:
    """The median with censoring: a bound when half or more are censored."""
    middle = float(np.median(values))
    return _shown(middle, limit) if np.isfinite(middle) else "not reached"


def summary(*paths: Path | str) -> str:
    """Per form: instances solved within each CPU budget, the median CPU
    seconds over all instances (censored runs counted as past the budget,
    "not reached" when half or more are), and the median effort of its
    first run (B&B nodes, conflicts or branches, whichever it reports)."""
    runs = _runs(*paths)
    limits = _limits(runs)
    forms = list(dict.fromkeys(form for _, form in sorted(runs, key=lambda k: k[0])))
    head = ["form"] + [f"solved in {limit:g} CPU s" for limit in limits] + \
        [f"median CPU s ({limits[-1]:g} s budget)", "median effort (first run)"]
    lines = ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]
    for form in forms:
        mine = [rows for (_, f), rows in sorted(runs.items()) if f == form]
        cells = [f"{sum(np.isfinite(_cpu(rows, limit)) for rows in mine)} of {len(mine)}"
                 for limit in limits]
        cells.append(_median([_cpu(rows, limits[-1]) for rows in mine], limits[-1]))
        effort = []
        for field, name in _EFFORT:
            values = [float(rows[0][field]) for rows in mine if rows[0][field] not in ("", None)]
            if values:
                effort.append(f"{np.median(values):,.0f} {name}")
        lines.append(f"| `{form}` | " + " | ".join(cells + ["; ".join(effort)]) + " |")
    return "\n".join(lines)


def milp_pairs(*paths: Path | str, method: str = "milp") -> str:
    """The binary MILP's two forms per instance: CPU seconds (a bound when
    censored in every run made), B&B nodes of the last run, and their LP
    relaxations: ``x`` left fractional with the feasibility objective, the
    LP minimum of the instance's random costs and the solution's cost
    (the closer the bound to it, the tighter the form); then the paired
    counts."""
    runs = _runs(*paths)
    limits = _limits(runs)
    kind = runs[min(runs)][0]["dataset"].split("-")[0]
    present = {form for _, form in runs}
    weak, strong = [f for f in FORMS[kind] if f.split()[0] == method and f in present][:2]
    lines = [f"| instance | givens | {kind}s | "
             f"`{weak}` CPU s | nodes | `{strong}` CPU s | nodes | fractional x | "
             f"LP bound (random costs) | solution |",
             "|" + " ---: |" * 9]
    faster = tighter = fewer = pairs = 0
    for instance in sorted({i for i, _ in runs}):
        if (instance, weak) not in runs or (instance, strong) not in runs:
            continue
        a, b = runs[instance, weak], runs[instance, strong]
        cpu_a, cpu_b = _cpu(a, limits[-1]), _cpu(b, limits[-1])
        bound_a, bound_b = float(a[0]["lp_random_bound"]), float(b[0]["lp_random_bound"])
        pairs += 1
        faster += cpu_b < cpu_a
        tighter += bound_b > bound_a + 1e-6
        fewer += int(a[0]["lp_fractional"]) > int(b[0]["lp_fractional"])
        lines.append(f"| {instance} | {a[0]['givens']} | {a[0]['constraints']} | "
                     f"{_shown(cpu_a, limits[-1])} | {a[-1]['nodes']} | "
                     f"{_shown(cpu_b, limits[-1])} | {b[-1]['nodes']} | "
                     f"{a[0]['lp_fractional']} / {b[0]['lp_fractional']} | "
                     f"{bound_a:.1f} / {bound_b:.1f} | {a[0]['solution_random_cost']} |")
    lines.append(f"\n`{strong}` used fewer CPU seconds than `{weak}` on {faster} of {pairs} "
                 f"instances (a time-out counted as more than any solve, two as a tie); its LP "
                 f"bound was higher on {tighter} of {pairs}, and it left fewer `x` fractional "
                 f"on {fewer} of {pairs} (fractional x and bound: `{weak}` / `{strong}`).")
    return "\n".join(lines)
