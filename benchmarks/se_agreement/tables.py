"""The tables of ``benchmarks/se_agreement/README.md``, each a function of a
recorded CSV (the builders its table markers name).

- :func:`summary`: our ER against the ratings published for the shipped
  sample (``results/diabolical.csv``, from ``python -m benchmarks.se_agreement``);
- :func:`agreement`, :func:`techniques`, :func:`speed`: our ER, EP, ED
  against Sukaku Explainer's ``serate`` on the same puzzles
  (``results/serate.csv``, from ``python -m benchmarks.se_agreement.serate``).
"""

from __future__ import annotations

import csv
from collections import Counter, defaultdict
from pathlib import Path

#: serate's ER for a puzzle it could not rate (and 0.0: an error).
SE_UNRATED = ("20.0", "0.0")


def band(rating: float) -> str:
    """The half-point band of a rating, ``"7.0-7.4"``."""
    low = int(rating * 2) / 2
    return f"{low:.1f}-{low + 0.4:.1f}"


def summary(path: Path) -> str:
    """The agreement and speed tables of a recorded CSV, in Markdown."""
    rows = list(csv.DictReader(path.open()))
    n = len(rows)
    diffs = []
    for row in rows:
        er = float(row["er"]) if row["er"] else None
        diffs.append(None if er is None else round(er - float(row["published"]), 1))
    rated = [d for d in diffs if d is not None]
    lines = [f"{n} puzzles; ER unknown (ladder stopped) on {n - len(rated)}.", "",
             "| ER vs published | puzzles | share |", "| --- | ---: | ---: |"]
    for label, test in (("equal", lambda d: d == 0), ("within 0.1", lambda d: abs(d) <= 0.1),
                        ("within 0.2", lambda d: abs(d) <= 0.2),
                        ("within 0.5", lambda d: abs(d) <= 0.5),
                        ("ours higher", lambda d: d > 0), ("ours lower", lambda d: d < 0)):
        k = sum(1 for d in rated if test(d))
        lines.append(f"| {label} | {k} | {k / n:.1%} |")
    lines += ["", "| technique that set our ER | puzzles | ER equal | ours higher | ours lower |",
              "| --- | ---: | ---: | ---: | ---: |"]
    by_tech = defaultdict(Counter)
    for row, d in zip(rows, diffs):
        key = "equal" if d == 0 else ("higher" if d is not None and d > 0 else "lower")
        by_tech[row["hardest"]][key] += 1
    for tech, c in sorted(by_tech.items(), key=lambda kv: -sum(kv[1].values())):
        lines.append(f"| {tech} | {sum(c.values())} | {c['equal']} | {c['higher']} | "
                     f"{c['lower']} |")
    lines += ["", "| published band | puzzles | CPU seconds | puzzles per CPU second |",
              "| --- | ---: | ---: | ---: |"]
    by_band = defaultdict(list)
    for row in rows:
        by_band[band(float(row["published"]))].append(float(row["cpu_seconds"]))
    for key in sorted(by_band):
        secs = by_band[key]
        lines.append(f"| {key} | {len(secs)} | {sum(secs):.1f} | {len(secs) / sum(secs):.2f} |")
    total = sum(float(r["cpu_seconds"]) for r in rows)
    lines.append(f"| all | {n} | {total:.1f} | {n / total:.2f} |")
    return "\n".join(lines)


def _rows(path: Path) -> list[dict]:
    with Path(path).open(newline="") as handle:
        return list(csv.DictReader(handle))


def _diff(ours: str, theirs: str) -> float | None:
    """Ours minus serate's, to 0.1; None when either has no rating."""
    if not ours or theirs in SE_UNRATED:
        return None
    return round(float(ours) - float(theirs), 1)


def agreement(path: Path) -> str:
    """Per collection and all together: the share of puzzles whose ER, EP
    and ED equal serate's, and are within 0.1 and 0.5 of it (shares of all
    puzzles of the collection; a puzzle either leaves unrated counts as
    a disagreement), and how many each left unrated."""
    rows = _rows(path)
    sets = list(dict.fromkeys(row["set"] for row in rows))
    head = ("| collection | puzzles | ER equal | ER within 0.1 | ER within 0.5 | EP equal "
            "| EP within 0.1 | ED equal | ED within 0.1 | unrated: ours / serate |")
    lines = [head, "| --- " + "| ---: " * 9 + "|"]
    for name in [*sets, "all"]:
        chosen = [row for row in rows if name in (row["set"], "all")]
        n = len(chosen)
        cells = []
        for key, limits in (("er", (0, 0.1, 0.5)), ("ep", (0, 0.1)), ("ed", (0, 0.1))):
            diffs = [_diff(row[key], row[f"se_{key}"]) for row in chosen]
            for limit in limits:
                k = sum(1 for d in diffs if d is not None and abs(d) <= limit + 1e-9)
                cells.append(f"{k / n:.1%}")
        ours_unrated = sum(1 for row in chosen if not row["er"])
        se_unrated = sum(1 for row in chosen if row["se_er"] in SE_UNRATED)
        lines.append(f"| {name} | {n} | " + " | ".join(cells) +
                     f" | {ours_unrated} / {se_unrated} |")
    return "\n".join(lines)


def technique_name(serate_name: str) -> str:
    """Serate's technique name without the digits it appends to some
    (``"WXYZ-Wing 126"``: which cells; ``"3 Skyscrapers 0111"``: which links;
    a single digit, as in ``"BUG type 1"``, is part of the name)."""
    words = serate_name.split()
    code = len(words) > 1 and words[-1].isdigit() and len(words[-1]) >= 3
    return " ".join(words[:-1]) if code else serate_name


def techniques(path: Path, top: int = 20) -> str:
    """The confusion of the technique that set ER: the ``top`` most common
    pairs (ours, serate's, without its digits: :func:`technique_name`),
    with how many of them have ER equal, ours higher and ours lower; the
    rest in one line."""
    pairs = defaultdict(Counter)
    for row in _rows(path):
        d = _diff(row["er"], row["se_er"])
        key = "unrated" if d is None else "equal" if d == 0 else "higher" if d > 0 else "lower"
        pairs[(row["hardest"], technique_name(row["se_hardest"]))][key] += 1
    ranked = sorted(pairs.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
    lines = ["| ours | serate's | puzzles | ER equal | ours higher | ours lower | unrated |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for (mine, theirs), c in ranked[:top]:
        lines.append(f"| {mine} | {theirs} | {sum(c.values())} | {c['equal']} | {c['higher']} "
                     f"| {c['lower']} | {c['unrated']} |")
    rest = Counter()
    for _, c in ranked[top:]:
        rest.update(c)
    if rest:
        lines.append(f"| {len(ranked) - top} other pairs | | {sum(rest.values())} | "
                     f"{rest['equal']} | {rest['higher']} | {rest['lower']} | {rest['unrated']} |")
    return "\n".join(lines)


#: Rating bands of the speed table: (lowest ER, label), by serate's ER.
SPEED_BANDS = ((0.0, "1.0-2.3 singles"), (2.4, "2.4-4.0 subsets, fish"),
               (4.1, "4.1-6.4 wings, uniqueness"), (6.5, "6.5-7.4 chains"),
               (7.5, "7.5-8.4 Nishio, cell/region"), (8.5, "8.5-9.4 dynamic"),
               (9.5, "9.5+ nested"))


def speed(path: Path) -> str:
    """Puzzles per CPU second, ours and serate's, per band of serate's ER
    (puzzles serate left unrated are left out), with the ratio."""
    by_band = defaultdict(lambda: [0, 0.0, 0.0])
    for row in _rows(path):
        if row["se_er"] in SE_UNRATED:
            continue
        er = float(row["se_er"])
        label = [name for low, name in SPEED_BANDS if er >= low - 1e-9][-1]
        for entry in (by_band[label], by_band["all"]):
            entry[0] += 1
            entry[1] += float(row["cpu_seconds"])
            entry[2] += float(row["se_cpu_seconds"])
    lines = ["| serate's ER | puzzles | ours CPU s | serate CPU s | ours puzzles/s "
             "| serate puzzles/s | serate time / ours |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for label in [name for _, name in SPEED_BANDS if name in by_band] + ["all"]:
        n, mine, theirs = by_band[label]
        lines.append(f"| {label} | {n} | {mine:.1f} | {theirs:.1f} | {n / mine:.1f} | "
                     f"{n / theirs:.1f} | {theirs / mine:.2f} |")
    return "\n".join(lines)
