"""Our difficulty rating against QQWing's (``benchmarks/rating_vs_qqwing.py``
records ``benchmarks/difficulty/results/ratings.csv.gz``): the tables of
``benchmarks/README.md``, section 3, as builders of
:mod:`benchmarks.studykit.published`."""

from __future__ import annotations

from benchmarks.studykit.published import markdown

QQWING_LEVELS = ("Simple", "Easy", "Intermediate", "Expert")
MATCHING = {"easy": ("Simple", "Easy"), "medium": ("Intermediate",), "hard": ("Expert",),
            "expert": ("Expert",), "needs search": ("Expert",)}
"""Our level -> QQWing's levels on the matching scale (QQWing knows singles,
pairs and intersections, and guesses beyond them)."""


def _load(path):
    import pandas as pd

    return pd.read_csv(path)


def levels_per_set(path) -> str:
    """Per set: puzzles at each of our levels and of QQWing's, and our
    rating's mean ms per puzzle (in process, as recorded: wall, and CPU
    where the file has ``cpu_s``)."""
    import pandas as pd

    from sudoku_models.logic import LEVELS

    frame = _load(path)
    ours = pd.crosstab(frame["set"], frame["level"]).reindex(columns=list(LEVELS), fill_value=0)
    theirs = pd.crosstab(frame["set"], frame["qqwing"]).reindex(columns=list(QQWING_LEVELS),
                                                                fill_value=0)
    both = ours.join(theirs.add_prefix("QQWing "))
    both["rate ms/puzzle"] = frame.groupby("set")["rate ms"].mean()
    formats = {"rate ms/puzzle": ".1f"}
    if "cpu_s" in frame.columns:
        both["rate CPU ms/puzzle"] = 1000 * frame.groupby("set")["cpu_s"].mean()
        formats["rate CPU ms/puzzle"] = ".1f"
    both = both.loc[frame["set"].unique()].reset_index()
    return markdown(both, formats=formats)


def agreement(path) -> str:
    """Our level (rows) against QQWing's (columns) over all puzzles."""
    import pandas as pd

    from sudoku_models.logic import LEVELS

    frame = _load(path)
    table = pd.crosstab(frame["level"], frame["qqwing"], margins=True).reindex(
        index=list(LEVELS) + ["All"], columns=list(QQWING_LEVELS) + ["All"], fill_value=0)
    return markdown(table.rename_axis("level").reset_index())


def rank_agreement(path) -> str:
    """Per set and over all: the share at the same level on the matching
    scale, and Spearman's rho of our rating with QQWing's level and with its
    guess count. Our rating: ER (a puzzle the ladder left unfinished ranked
    above every rated one), or the HoDoKu ``score`` of files recorded before
    the rater moved to SE's scale."""
    import pandas as pd
    from scipy.stats import spearmanr

    from benchmarks.difficulty.effort_tables import our_rating

    frame = _load(path)
    measure, values = our_rating(frame)
    frame["rating"] = values
    match = frame.apply(lambda r: r["qqwing"] in MATCHING[r["level"]], axis=1)
    rank = frame["qqwing"].map({name: i for i, name in enumerate(QQWING_LEVELS)})
    rows = []
    for name, part in [(s, frame["set"] == s) for s in frame["set"].unique()] + [
            ("all", frame["set"] == frame["set"])]:
        rows.append({"set": name, "puzzles": int(part.sum()),
                     "same level (matching scale)": f"{match[part].mean():.1%}",
                     f"Spearman {measure} vs QQWing level":
                         spearmanr(frame.loc[part, "rating"], rank[part]).statistic,
                     f"Spearman {measure} vs QQWing guesses":
                         spearmanr(frame.loc[part, "rating"],
                                   frame.loc[part, "qqwing guesses"]).statistic})
    return markdown(pd.DataFrame(rows), digits=3)


def by_level_table(path) -> str:
    """Generation by difficulty (rows of :mod:`benchmarks.difficulty.by_level`:
    ``level``, ``seed``, ``puzzle``, ``clues``, ``cpu_s``, ``our level``,
    ``qqwing``, ``qqwing solutions``): per level asked, the puzzles, how
    many we rate at that level, how many QQWing finds exactly one solution
    for, QQWing's levels, mean clues and the median CPU seconds to generate
    one."""
    import pandas as pd

    frame = _load(path)
    rows = []
    for level, group in frame.groupby("level", sort=False):
        theirs = group["qqwing"].value_counts()
        rows.append({"level": level, "puzzles": len(group),
                     "rated at that level by us": int((group["our level"] == level).sum()),
                     "unique by QQWing": int((group["qqwing solutions"] == 1).sum()),
                     "QQWing's levels": ", ".join(f"{name} {theirs[name]}" for name in QQWING_LEVELS
                                                  if name in theirs),
                     "mean clues": group["clues"].mean(),
                     "median CPU s per puzzle": group["cpu_s"].median()})
    return markdown(pd.DataFrame(rows), formats={"mean clues": ".1f"})
