"""The README's tables of recorded runs (``results/*.csv`` of :mod:`.run`,
read by :mod:`.recorded`): a 10 s run and the 60 s run of the pairs it left
censored, read together."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from benchmarks.order_formulations.forms import FORMS
from benchmarks.studykit import permuted
from benchmarks.order_formulations.recorded import read, solved

_EFFORT = (("nodes", "B&B nodes"), ("conflicts", "conflicts"), ("branches", "branches"))


def _runs(*paths: Path | str) -> dict[tuple[int, str], list[dict]]:
    """(instance, form) -> its rows, by CPU budget (10 s first)."""
    runs: dict[tuple[int, str], list[dict]] = {}
    for row in sorted(read(*paths), key=lambda r: float(r["cpu_limit"])):
        runs.setdefault((int(row["instance"]), row["form"]), []).append(row)
    return runs


def _limits(runs) -> list[float]:
    return sorted({float(row["cpu_limit"]) for rows in runs.values() for row in rows})


def _cpu(rows: list[dict], limit: float) -> tuple[float, float]:
    """CPU seconds within ``limit`` (inf: not solved within it) and, when
    censored, the bound: the most CPU seconds a censored run used (the
    budget, or less where the wall-clock safety net stopped it first)."""
    made = [r for r in rows if float(r["cpu_limit"]) <= limit]
    done = [float(r["cpu_seconds"]) for r in made if solved(r)]
    bound = max(min(float(r["cpu_seconds"]), float(r["cpu_limit"])) for r in made)
    return min(done, default=np.inf), bound


def _shown(seconds: tuple[float, float]) -> str:
    return f"{seconds[0]:.2f}" if np.isfinite(seconds[0]) else f">= {seconds[1]:.1f}"


def _median(values: list[float]) -> str:
    """The median with censoring: not reached when half or more are censored."""
    middle = float(np.median(values))
    return f"{middle:.2f}" if np.isfinite(middle) else "not reached"


def summary(*paths: Path | str) -> str:
    """Per form: instances solved within each CPU budget (and how many of
    its censored runs were not given the larger one), the median CPU
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
        cells = []
        for limit in limits:
            owed = sum(not np.isfinite(_cpu(rows, limit)[0]) and
                       all(float(r["cpu_limit"]) < limit for r in rows) for rows in mine)
            cells.append(f"{sum(np.isfinite(_cpu(rows, limit)[0]) for rows in mine)} of "
                         f"{len(mine)}" + (f" ({owed} not re-run)" if owed else ""))
        cells.append(_median([_cpu(rows, limits[-1])[0] for rows in mine]))
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
    forms = [f for f in FORMS[kind] if f.split()[0] == method and f in present]
    if len(forms) < 2:
        return f"(no runs of both `{method}` forms)"
    weak, strong = forms[:2]
    lines = [f"| instance | givens | {kind}s | "
             f"`{weak}` CPU s | nodes | `{strong}` CPU s | nodes | fractional x | "
             f"LP bound (random costs) | solution |",
             "|" + " ---: |" * 10]
    faster = tighter = fewer = pairs = 0
    for instance in sorted({i for i, _ in runs}):
        if (instance, weak) not in runs or (instance, strong) not in runs:
            continue
        a, b = runs[instance, weak], runs[instance, strong]
        cpu_a, cpu_b = _cpu(a, limits[-1]), _cpu(b, limits[-1])
        bound_a, bound_b = float(a[0]["lp_random_bound"]), float(b[0]["lp_random_bound"])
        pairs += 1
        faster += cpu_b[0] < cpu_a[0]
        tighter += bound_b > bound_a + 1e-6
        fewer += int(a[0]["lp_fractional"]) > int(b[0]["lp_fractional"])
        lines.append(f"| {instance} | {a[0]['givens']} | {a[0]['constraints']} | "
                     f"{_shown(cpu_a)} | {a[-1]['nodes']} | "
                     f"{_shown(cpu_b)} | {b[-1]['nodes']} | "
                     f"{a[0]['lp_fractional']} / {b[0]['lp_fractional']} | "
                     f"{bound_a:.1f} / {bound_b:.1f} | {a[0]['solution_random_cost']} |")
    lines.append(f"\n`{strong}` used fewer CPU seconds than `{weak}` on {faster} of {pairs} "
                 f"instances (a time-out counted as more than any solve, two as a tie); its LP "
                 f"bound was higher on {tighter} of {pairs}, and it left fewer `x` fractional "
                 f"on {fewer} of {pairs} (fractional x and bound: `{weak}` / `{strong}`).")
    return "\n".join(lines)


# -- the run with permuted copies (issue 44) ----------------------------------------

HERE = Path(__file__).resolve().parent
PERMUTED = {kind: HERE / "results" / f"{kind}_p5_60s.csv" for kind in FORMS}
FIGURE = HERE / "cactus_p5.png"
PROFILE = HERE / "profile_p5.png"
_KEY_PAIRS = {
    "thermo": (("formulation in MILP", "milp values", "milp cumulative"),
               ("formulation in CP (binary model)", "cp-bool values", "cp-bool cumulative"),
               ("paradigm, both values rows", "milp values", "cp-bool values"),
               ("paradigm, both cumulative rows", "milp cumulative", "cp-bool cumulative"),
               ("best MILP vs CP's integer model", "BEST_MILP", "cp"),
               ("CP's two models", "cp-bool values", "cp"),
               ("MILP solver, values rows", "milp values", "scip values"),
               ("MILP solver, cumulative rows", "milp cumulative", "scip cumulative")),
    "arrow": (("formulation in MILP", "milp sum", "milp sets"),
              ("formulation in CP (binary model)", "cp-bool sum", "cp-bool sets"),
              ("paradigm, both sum rows", "milp sum", "cp-bool sum"),
              ("paradigm, both digit sets", "milp sets", "cp-bool sets"),
              ("best MILP vs CP's integer model", "BEST_MILP", "cp"),
              ("CP's two models", "cp-bool sets", "cp"),
              ("MILP solver, sum rows", "milp sum", "scip sum"),
              ("MILP solver, digit sets", "milp sets", "scip sets"))}


def statistics(*paths: Path | str) -> str:
    """Per form, in :data:`.forms.FORMS` order, the statistics of the run
    with permuted copies (:func:`benchmarks.order_formulations.permuted.
    methods_table`: solved with its Wilson 95% interval, shifted geometric
    mean, PAR-2, variability over permutations), and the run's scope."""

    rows = permuted.read(*paths)
    kind = rows[0]["dataset"].split("-")[0]
    present = {row["form"] for row in rows}
    forms = tuple(f for f in FORMS[kind] if f in present)
    return (permuted.methods_table(*paths, forms=forms)
            + f"\n\nScope: {permuted.scope(*paths)}.")


def key_pairs(*paths: Path | str) -> str:
    """The pairs that answer the README's question for the collection of
    the CSVs (thermometers or arrows): each paradigm's two forms (the
    formulation's effect), the same form in MILP and in CP-SAT's binary
    model (the paradigm's effect), the best MILP form (lowest PAR-2, then
    shifted geometric mean) against CP-SAT's integer model; with the
    Wilcoxon and sign tests and the median ratio's bootstrap interval
    (:func:`benchmarks.order_formulations.permuted.pairs_table`)."""

    kind = permuted.read(*paths)[0]["dataset"].split("-")[0]
    result = permuted.comparison(*paths)
    best = permuted.best_forms(result, [f for f in FORMS[kind] if f.startswith("milp")])
    pairs = tuple((what, best if a == "BEST_MILP" else a, b) for what, a, b in _KEY_PAIRS[kind])
    return permuted.pairs_table(*paths, pairs=pairs)


def figure(paths=None, out: Path = FIGURE) -> Path:
    """The cactus plot of the permuted runs, thermometers and arrows side
    by side, a colour per form (the library's method colours, shades for a
    method's forms; a form of the same method and position in both
    collections the same colour)."""

    paths = paths or [PERMUTED["thermo"], PERMUTED["arrow"]]
    return permuted.cactus(paths, out, _colours(),
                           "Thermometers and arrows: CPU seconds of every run (each puzzle in "
                           "5 permuted copies), one thread")


def profile(paths=None, out: Path = PROFILE) -> Path:
    """The performance profiles of the permuted runs, a panel per
    collection, in the cactus plot's colours
    (:func:`benchmarks.studykit.permuted.profile`)."""
    return permuted.profile(paths or [PERMUTED["thermo"], PERMUTED["arrow"]], out, _colours())


def _colours() -> dict[str, str]:
    """A colour per form, the same for a form of the same method and
    position in both collections (:func:`benchmarks.studykit.permuted.form_colours`)."""
    labels = {}
    for kind in FORMS:
        for form, (method, options) in FORMS[kind].items():
            if not form.startswith("matrix"):
                labels[form] = method
    return permuted.form_colours(labels)


if __name__ == "__main__":
    import sys

    chosen = [Path(p) for p in sys.argv[1:]] or None
    print(figure(chosen))
    print(profile(chosen))
