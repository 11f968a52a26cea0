"""What the variants study runs on a collection: every registered method
and, on killers, the options that change how a cage is modelled. The runner
(``__main__``) runs them; the tables (:mod:`.tables`) list them in this
order."""

from __future__ import annotations

CAGE_CONFIGURATIONS = {"milp": ("milp[rule45=True]", "milp[cage=sets]",
                                "milp[cage=sets;rule45=True]"),
                       "cp": ("cp[cage=table]", "cp[rule45=True]", "cp[cage=sets;rule45=True]"),
                       "sat-extended": ("sat-extended[cage=totalizer]",)}
"""The configurations that model a killer cage otherwise, after their
method's own (runner configurations, :func:`sudoku_models.bench.plan.configuration`)."""


def configurations(dataset: str, methods: list[str] | None = None) -> list[str]:
    """The runner configurations of ``dataset``: each of ``methods`` (default:
    every registered method, in the registry's order) and, on a killer
    collection, its :data:`CAGE_CONFIGURATIONS` after it."""
    from sudoku_models import METHODS

    killers = dataset.startswith("killer")
    return [config for method in (methods or list(METHODS))
            for config in (method, *(CAGE_CONFIGURATIONS.get(method, ()) if killers else ()))]
