"""The rows the order study records (one per instance and form, CSV
columns :data:`FIELDS`): written by the runner (:mod:`.run`), read back by
it (``--censored``) and by the tables (:mod:`.tables`)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

FIELDS = ("instance", "permutation", "givens", "constraints", "form", "method", "order", "status", "verified",
          "cpu_seconds", "wall_seconds", "nodes", "lp_iterations", "conflicts", "branches",
          "load", "core", "lp_fractional", "lp_random_bound", "solution_random_cost", "solver",
          "cpu_limit", "seed", "dataset")


def write(rows: list[dict], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows, columns=list(FIELDS), dtype=object).to_csv(out, index=False)


def read(*paths: Path | str) -> list[dict]:
    """The rows of recorded CSVs together, every field as its text."""
    return pd.concat([pd.read_csv(path, dtype=str, keep_default_na=False)
                      for path in paths]).to_dict("records")


def solved(row: dict) -> bool:
    """A recorded row solved within its budget: a verified answer in no
    more CPU seconds than the budget."""
    return (row["status"] in ("OPTIMAL", "FEASIBLE") and row["verified"] == "True"
            and float(row["cpu_seconds"]) <= float(row["cpu_limit"]))


def censored(path: Path | str) -> set[tuple[int, str]]:
    """The ``(instance, form)`` pairs a recorded CSV left unsolved."""
    return {(int(row["instance"]), row["form"]) for row in read(path) if not solved(row)}
