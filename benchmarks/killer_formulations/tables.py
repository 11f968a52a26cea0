"""The killer study's tables and figures of the runs with permuted copies
(issue 44): per form the solved count with its 95% interval, the shifted
geometric mean, PAR-2 and the variability over permutations; the pairs
that answer the README's questions with their paired tests
(:mod:`benchmarks.studykit.permuted`). Three runs: the unselected killers
at 10 CPU s (the sum forms), the same killers at 60 CPU s (the other
solvers and paradigms: SCIP, CP-SAT's portfolio, ``cp-bool``, SAT), and
TAREK's killers at 60 CPU s. The one-permutation tables of the earlier
runs stay in :mod:`.run`.

Rebuild the figures::

    python -m benchmarks.killer_formulations.tables
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.studykit import permuted
from benchmarks.killer_formulations.run import FORMS

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "unselected_p5_10s.csv"
FIGURE = HERE / "cactus_unselected_p5.png"
PROFILE = HERE / "profile_unselected_p5.png"
AT_60S = (HERE / "results" / "unselected_p5_60s.csv", HERE / "results" / "tarek_p5_60s.csv")
"""The 60 CPU s runs: the unselected killers, then TAREK's (a panel each)."""
FIGURE_60S = HERE / "cactus_p5_60s.png"
PROFILE_60S = HERE / "profile_p5_60s.png"
MILP = ("milp sum", "milp sets", "milp sets+rule45", "milp sum+rule45", "scip sum",
        "scip sets+rule45")
CP = ("cp sum", "cp table", "cp sets", "cp sets+rule45", "cp sum+rule45",
      "cp portfolio sum+rule45", "cp-bool sum", "cp-bool sets")
"""The forms of each paradigm a "best form" is chosen from (CP-SAT's on
the integer and on the binary model, one worker or its portfolio)."""


def _forms(paths) -> tuple[str, ...]:
    present = {row["form"] for row in permuted.read(*paths)}
    return tuple(form for form in FORMS if form in present)


def statistics(*paths: Path | str) -> str:
    """Per form, in :data:`~.run.FORMS` order, the statistics of
    :func:`.permuted.methods_table`, and the run's scope under it."""
    return (permuted.methods_table(*paths, forms=_forms(paths))
            + f"\n\nScope: {permuted.scope(*paths)}.")


def _with_best(paths, pairs) -> str:
    """:func:`.permuted.pairs_table` of ``pairs``, where the form "best
    MILP" or "best CP" stands for the best form of the run in :data:`MILP`
    or :data:`CP` (:func:`.permuted.best_forms`)."""
    result = permuted.comparison(*paths)
    best = {"best MILP": permuted.best_forms(result, MILP),
            "best CP": permuted.best_forms(result, CP)}
    return permuted.pairs_table(*paths, pairs=tuple(
        (what, best.get(a, a), best.get(b, b)) for what, a, b in pairs))


def key_pairs(*paths: Path | str) -> str:
    """The pairs that answer the README's question
    (:func:`.permuted.pairs_table`): the best MILP form (lowest PAR-2, then
    shifted geometric mean) against the best CP form; the same form in the
    two paradigms (the paradigm's effect); the sum against the digit sets
    with the rule of 45 in each paradigm (the formulation's effect);
    ``milp sets+rule45`` against CP-SAT's default ``cp sum``; the rule of 45
    on CP-SAT's sum; the counter's two rules."""
    return _with_best(paths, (
             ("best MILP vs best CP form", "best MILP", "best CP"),
             ("paradigm, both with the sum", "milp sum", "cp sum"),
             ("paradigm, both with sets+rule45", "milp sets+rule45", "cp sets+rule45"),
             ("MILP's best vs CP-SAT's default", "milp sets+rule45", "cp sum"),
             ("MILP's default vs CP's best", "milp sum", "best CP"),
             ("formulation in MILP", "milp sum", "milp sets+rule45"),
             ("formulation in CP", "cp sum", "cp sets+rule45"),
             ("rule of 45 on CP's sum", "cp sum", "cp sum+rule45"),
             ("CP's rule-45 forms", "cp sum+rule45", "cp sets+rule45"),
             ("formulation in the counter", "counter bounds", "counter sets")))


def other_solvers(*paths: Path | str) -> str:
    """The pairs of the 60 CPU s run on the unselected killers: the best
    MILP form against the best CP form and against CP-SAT's default; HiGHS
    against SCIP on the same rows; HiGHS against CP-SAT on the same binary
    rows (``cp-bool``); CP-SAT's one worker against its portfolio; SAT's
    two cage forms, its best against CP-SAT's best and the counter."""
    return _with_best(paths, (
        ("best MILP vs best CP form", "best MILP", "best CP"),
        ("MILP's best vs CP-SAT's default", "milp sets+rule45", "cp sum"),
        ("MILP solver, same rows", "milp sets+rule45", "scip sets+rule45"),
        ("B&B vs CP-SAT, same binary rows", "milp sets+rule45", "cp-bool sets"),
        ("CP-SAT, binary vs integer model", "cp-bool sets", "cp sum+rule45"),
        ("CP-SAT, one worker vs portfolio", "cp sum+rule45", "cp portfolio sum+rule45"),
        ("formulation in SAT", "sat totalizer", "sat sets"),
        ("best SAT vs best CP form", "sat sets", "best CP"),
        ("SAT vs the counter", "sat sets", "counter sets")))


def tarek_pairs(*paths: Path | str) -> str:
    """The pairs of the 60 CPU s run on TAREK's killers: the best MILP
    form against the best CP form and CP-SAT's default; the rule of 45 on
    CP-SAT's sum; CP-SAT's two rule-45 forms; SAT's selectors against the
    best CP form and the counter."""
    return _with_best(paths, (
        ("best MILP vs best CP form", "best MILP", "best CP"),
        ("MILP's best vs CP-SAT's default", "milp sets+rule45", "cp sum"),
        ("rule of 45 on CP's sum", "cp sum", "cp sum+rule45"),
        ("CP's rule-45 forms", "cp sum+rule45", "cp sets+rule45"),
        ("best SAT vs best CP form", "sat sets", "best CP"),
        ("SAT vs the counter", "sat sets", "counter sets")))


def _colours(forms) -> dict[str, str]:
    """A colour per form: the library's method colours, shades for a
    method's forms (:func:`benchmarks.studykit.permuted.form_colours`)."""
    return permuted.form_colours({form: FORMS[form][0] for form in forms})


def figure(paths=(RESULTS,), out: Path = FIGURE) -> Path:
    """The cactus plot of the permuted run, a colour per form
    (:func:`_colours`)."""
    forms = _forms(paths)
    return permuted.cactus(paths, out, _colours(forms),
                           "Killer forms: CPU seconds of every run (each killer in "
                           "5 permuted copies), one thread", forms)


def profile(paths=(RESULTS,), out: Path = PROFILE) -> Path:
    """The performance profile of the permuted run, in the cactus plot's
    colours (:func:`benchmarks.studykit.permuted.profile`)."""
    return permuted.profile(paths, out, _colours(_forms(paths)))


def figures_60s(paths=AT_60S, cactus_out: Path = FIGURE_60S,
                profile_out: Path = PROFILE_60S) -> tuple[Path, Path]:
    """The cactus plot and the performance profile of the 60 CPU s runs,
    a panel per collection, the forms' colours as in :func:`figure`."""
    forms = _forms(paths)
    return (permuted.cactus(paths, cactus_out, _colours(forms),
                            "Killer forms at 60 CPU s: every run (each killer in 5 "
                            "permuted copies)", forms),
            profile(paths, profile_out))


if __name__ == "__main__":
    chosen = [Path(p) for p in sys.argv[1:]] or [RESULTS]
    print(figure(chosen))
    print(profile(chosen))
    if not sys.argv[1:]:
        print(*figures_60s(), sep="\n")
