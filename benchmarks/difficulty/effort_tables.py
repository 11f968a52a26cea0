"""Human difficulty against solver effort (``benchmarks/difficulty_effort.py``
records ``benchmarks/difficulty/results/difficulty_effort.csv.gz`` with
:func:`benchmarks.difficulty.effort.measure`): the tables of
``benchmarks/README.md``, section 3.

The collections differ in difficulty (top95 and top1465 hold nearly all the
puzzles our techniques cannot finish and none of the easy ones), so a
correlation pooled over them measures the collection as much as the puzzle:
every correlation is given within each collection, the pooled one beside it.

Our rating is the rater's ER (``er``, Sudoku Explainer's scale); a puzzle the
ladder left unfinished (ER empty, never guessed) ranks above every rated one,
as in ``notebooks/difficulty.ipynb``. Files recorded before the rater moved
to SE's scale hold its HoDoKu ``score`` instead, used then.
"""

from __future__ import annotations

import math

from benchmarks.studykit.published import markdown


def _load(path):
    import pandas as pd

    return pd.read_csv(path)


UNFINISHED_ER = 12.0
"""The ER given to a puzzle the ladder left unfinished, for ranking: above
every rating (SE's scale ends near 12)."""


def our_rating(frame):
    """(name, values) of our rating in ``frame``: ``ER`` (unfinished puzzles
    at :data:`UNFINISHED_ER`), or the HoDoKu ``score`` of files recorded
    before the rater moved to SE's scale."""
    if "er" in frame.columns:
        return "ER", frame["er"].fillna(UNFINISHED_ER)
    return "score", frame["score"]


def _rho(x, y) -> float:
    from scipy.stats import spearmanr

    if x.nunique() < 2 or y.nunique() < 2:
        return math.nan
    return float(spearmanr(x, y).statistic)


def within_collection(path, order: int = 3, measures: str | None = None) -> str:
    """Spearman's rho of our rating (ER) with each measure (rows), within each
    collection of ``order`` (columns, with the puzzle count) and pooled
    (last column); empty where the measure is constant."""
    import pandas as pd

    frame = _load(path)
    frame = frame[frame["order"] == order].copy()
    frame["rating"] = our_rating(frame)[1]
    names = (measures.split(",") if measures else
             [c for c in frame.columns if c.endswith(("seconds", "nodes", "iterations",
                                                      "branches", "conflicts", "decisions",
                                                      "(first)", "(unique)"))])
    sets = sorted(frame["set"].unique())
    rows = []
    for name in names:
        row = {"measure": name}
        for collection in sets:
            part = frame[frame["set"] == collection]
            row[f"{collection} ({len(part)})"] = _rho(part["rating"], part[name])
        row[f"pooled ({len(frame)})"] = _rho(frame["rating"], frame[name])
        rows.append(row)
    return markdown(pd.DataFrame(rows), digits=2)


def levels_by_collection(path, order: int = 3) -> str:
    """How many puzzles of each collection are at each of our levels."""
    from sudoku_models.logic import LEVELS

    frame = _load(path)
    frame = frame[frame["order"] == order]
    table = frame.groupby(["set", "level"]).size().unstack(fill_value=0)
    table = table.reindex(columns=[level for level in LEVELS if level in table.columns], fill_value=0)
    return markdown(table.reset_index())


def _measures(frame) -> list[str]:
    from benchmarks.difficulty.effort import SOLVERS, STATS

    names = []
    for label, (method, _) in SOLVERS.items():
        names += [f"{label} {stat}" for stat in STATS[method] + ("seconds",)
                  if f"{label} {stat}" in frame.columns]
    return names + [c for c in ("backtracking nodes (first)", "backtracking nodes (unique)",
                                "backtracking seconds") if c in frame.columns]


def medians_by_level(path, order: int = 3) -> str:
    """Medians of every measure (rows; times in ms) per level of ours
    (columns), with the puzzle count first, pooled over the collections."""
    import pandas as pd

    from sudoku_models.logic import LEVELS

    frame = _load(path)
    frame = frame[frame["order"] == order]
    measures = _measures(frame)
    table = frame.groupby("level")[measures].median()
    table = table.reindex([level for level in LEVELS if level in table.index])
    rows = [{"measure": "puzzles", **frame.groupby("level").size().reindex(table.index)
             .astype(str).to_dict()}]
    for name in measures:
        values = table[name]
        cells = ([f"{1000 * v:.2f}" for v in values] if "seconds" in name
                 else [f"{v:g}" for v in values])
        rows.append({"measure": name.replace("seconds", "ms"), **dict(zip(table.index, cells))})
    return markdown(pd.DataFrame(rows))


def correlations(path, order: int = 3) -> str:
    """Spearman's rho (and p-value) of our rating (ER) and of our level (as
    a rank) with each measure, pooled over the collections of ``order``."""
    import pandas as pd
    from scipy.stats import spearmanr

    from sudoku_models.logic import LEVELS

    frame = _load(path)
    frame = frame[frame["order"] == order]
    level_rank = frame["level"].map({name: i for i, name in enumerate(LEVELS)})
    rating, values = our_rating(frame)
    rows = []
    for name in _measures(frame):
        if frame[name].nunique() < 2:
            rows.append({"measure": name, f"rho ({rating})": "constant", f"p ({rating})": "",
                         "rho (level)": "", "p (level)": ""})
            continue
        ours = spearmanr(values, frame[name])
        level = spearmanr(level_rank, frame[name])
        rows.append({"measure": name, f"rho ({rating})": f"{ours.statistic:.3f}",
                     f"p ({rating})": f"{ours.pvalue:.1g}",
                     "rho (level)": f"{level.statistic:.3f}", "p (level)": f"{level.pvalue:.1g}"})
    return markdown(pd.DataFrame(rows))


def settled_shares(path, order: int = 3) -> str:
    """The share of puzzles each configuration settles without branching
    (0 B&B nodes, 0 LP iterations, 0 branches, 0 backtracking nodes)."""
    import pandas as pd

    frame = _load(path)
    frame = frame[frame["order"] == order]
    checks = {"milp: no B&B node": "milp B&B nodes",
              "milp: no LP iteration": "milp LP iterations",
              "cp: no branch": "cp branches",
              "milp (presolve off): no LP iteration": "milp (presolve off) LP iterations",
              "cp (presolve off): no branch": "cp (presolve off) branches",
              "sat-extended: no decision": "sat-extended decisions",
              "backtracking: no branch to the solution": "backtracking nodes (first)"}
    rows = [{"configuration": label, "share": f"{(frame[column] == 0).mean():.0%}"}
            for label, column in checks.items() if column in frame.columns]
    return markdown(pd.DataFrame(rows))
