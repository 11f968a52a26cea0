"""The killer study's tables and figure of the run with permuted copies
(issue 44): per form the solved count with its 95% interval, the shifted
geometric mean, PAR-2 and the variability over permutations; the key pairs
with their paired tests (:mod:`.permuted`). The one-permutation tables of
the earlier runs stay in :mod:`.run`.

Rebuild the figure::

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
MILP = ("milp sum", "milp sets", "milp sets+rule45", "milp sum+rule45")
CP = ("cp sum", "cp table", "cp sets", "cp sets+rule45", "cp sum+rule45")


def _forms(paths) -> tuple[str, ...]:
    present = {row["form"] for row in permuted.read(*paths)}
    return tuple(form for form in FORMS if form in present)


def statistics(*paths: Path | str) -> str:
    """Per form, in :data:`~.run.FORMS` order, the statistics of
    :func:`.permuted.methods_table`, and the run's scope under it."""
    return (permuted.methods_table(*paths, forms=_forms(paths))
            + f"\n\nScope: {permuted.scope(*paths)}.")


def key_pairs(*paths: Path | str) -> str:
    """The pairs that answer the README's question
    (:func:`.permuted.pairs_table`): the best MILP form (lowest PAR-2, then
    shifted geometric mean) against the best CP form; the same form in the
    two paradigms (the paradigm's effect); the sum against the digit sets
    with the rule of 45 in each paradigm (the formulation's effect);
    ``milp sets+rule45`` against CP-SAT's default ``cp sum``; the rule of 45
    on CP-SAT's sum; the counter's two rules."""
    result = permuted.comparison(*paths)
    best_milp = permuted.best_forms(result, MILP)
    best_cp = permuted.best_forms(result, CP)
    pairs = (("best MILP vs best CP form", best_milp, best_cp),
             ("paradigm, both with the sum", "milp sum", "cp sum"),
             ("paradigm, both with sets+rule45", "milp sets+rule45", "cp sets+rule45"),
             ("MILP's best vs CP-SAT's default", "milp sets+rule45", "cp sum"),
             ("MILP's default vs CP's best", "milp sum", best_cp),
             ("formulation in MILP", "milp sum", "milp sets+rule45"),
             ("formulation in CP", "cp sum", "cp sets+rule45"),
             ("rule of 45 on CP's sum", "cp sum", "cp sum+rule45"),
             ("CP's rule-45 forms", "cp sum+rule45", "cp sets+rule45"),
             ("formulation in the counter", "counter bounds", "counter sets"))
    return permuted.pairs_table(*paths, pairs=pairs)


def figure(paths=(RESULTS,), out: Path = FIGURE) -> Path:
    """The cactus plot of the permuted run, a colour per form (the
    library's method colours, shades for a method's forms)."""
    forms = _forms(paths)
    colours = permuted.form_colours({form: FORMS[form][0] for form in forms})
    return permuted.cactus(paths, out, colours,
                           "Killer forms: CPU seconds of every run (each killer in "
                           "5 permuted copies), one thread", forms)


def profile(paths=(RESULTS,), out: Path = PROFILE) -> Path:
    """The performance profile of the permuted run, in the cactus plot's
    colours (:func:`benchmarks.studykit.permuted.profile`)."""
    forms = _forms(paths)
    return permuted.profile(paths, out, permuted.form_colours({f: FORMS[f][0] for f in forms}))


if __name__ == "__main__":
    chosen = [Path(p) for p in sys.argv[1:]] or [RESULTS]
    print(figure(chosen))
    print(profile(chosen))
