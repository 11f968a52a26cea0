"""How fast does the rater get through hard puzzles, and did making it
faster change any answer? Rate puzzles with two versions of
``sudoku_models.logic`` in one process, interleaved puzzle by puzzle
(the order of the two alternating), and record per puzzle and version the
CPU seconds (``time.process_time``), ER, EP, ED and whether the two gave
the same steps (every step's text, so the same techniques, eliminations
and ratings), with the load average before the puzzle and the core the
process is pinned to (``--core``, default the first of its affinity
set). The CPU seconds are ``explain``'s (the ladder, run once); ER, EP
and ED come from its steps as ``rate`` computes them.

The *base* version is the logic package at a git revision, read with
``git show`` into a temporary folder and imported beside the checkout's
as ``sudoku_models.logic_base`` (its relative imports reach the same
``sudoku_models`` underneath, so only the rater differs).

    python -m benchmarks.rater_speed --base 6043ecc --every 4 \\
        --out benchmarks/rater_speed/results/diabolical.csv
    python -m benchmarks.rater_speed --base 6043ecc --dataset top1465 --every 15 \\
        --out benchmarks/rater_speed/results/top1465.csv
    python -m benchmarks.rater_speed --summary benchmarks/rater_speed/results/diabolical.csv
"""

from __future__ import annotations

import argparse
import csv
import importlib
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from benchmarks.studykit.pinning import add_core_option, pin
from sudoku_models import Puzzle
from benchmarks.studykit.benchtools import SE_SAMPLE, collection_text

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIELDS = ("puzzle", "published", "er", "ep", "ed", "base_er", "same_steps", "cpu_seconds",
          "base_cpu_seconds", "load", "core")


def read_puzzles(dataset: str, every: int) -> list[tuple[str, float | None]]:
    """``[(puzzle, published SE rating or None)]``: every ``every``-th puzzle
    of the SE-rated sample (``se-rated-diabolical``,
    :data:`~benchmarks.studykit.benchtools.SE_SAMPLE`) or a bundled
    collection (a puzzle a line, an optional rating after it)."""
    out = []
    text = SE_SAMPLE.read_text() if dataset == "se-rated-diabolical" else collection_text(dataset)
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            fields = line.split()
            out.append((fields[0], float(fields[1]) if len(fields) > 1 else None))
    return out[::every]


def load_base(revision: str):
    """The ``sudoku_models.logic`` package of git ``revision`` as module
    ``sudoku_models.logic_base``."""
    folder = Path(tempfile.mkdtemp(prefix="logic-base-")) / "logic_base"
    folder.mkdir()
    names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", revision,
                            "sudoku_models/logic/"], check=True, capture_output=True,
                           text=True).stdout.split()
    for name in names:
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:{name}"],
                              check=True, capture_output=True, text=True).stdout
        (folder / Path(name).name).write_text(text)
    import sudoku_models

    sudoku_models.__path__.append(str(folder.parent))
    return importlib.import_module("sudoku_models.logic_base")


def run(dataset: str, every: int, base: str, out: Path, core: int | None = None) -> None:
    from sudoku_models import logic

    old = load_base(base)
    puzzles = read_puzzles(dataset, every)
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        for number, (text, published) in enumerate(puzzles):
            puzzle = Puzzle.from_string(text)
            load = os.getloadavg()[0]
            timed = {}
            for version in ((logic, old) if number % 2 else (old, logic)):
                start = time.process_time()
                steps = version.explain(puzzle)
                timed[version] = (time.process_time() - start, steps,
                                  version.grading.se_numbers(steps)[0])
            (seconds, steps, se), (base_seconds, base_steps, base_se) = (
                timed[logic], timed[old])
            same = [s.text for s in steps] == [s.text for s in base_steps]
            writer.writerow({"puzzle": text, "published": published, "er": se.er,
                             "ep": se.ep, "ed": se.ed, "base_er": base_se.er, "same_steps": same,
                             "cpu_seconds": f"{seconds:.3f}",
                             "base_cpu_seconds": f"{base_seconds:.3f}",
                             "load": round(load, 2), "core": core})
            handle.flush()
            print(f"{number + 1}/{len(puzzles)} ER {se.er} same {same} "
                  f"{base_seconds:.2f} -> {seconds:.2f} s", flush=True)


def band(rating: float | None) -> str:
    if rating is None:
        return "unknown"
    low = int(rating * 2 + 1e-9) / 2
    return f"{low:.1f}-{low + 0.4:.1f}"


def summary(path: Path) -> str:
    """Puzzles per CPU second by band of ER (the published one where the
    dataset has it, else ours), before and after, in Markdown. Each
    version's CPU seconds are its ``explain`` (the ladder, run once; ``rate``
    adds only the counting)."""
    rows = list(csv.DictReader(path.open()))
    by_band = defaultdict(lambda: [0, 0.0, 0.0])
    for row in rows:
        rated = row["published"] or row["er"]
        for key in (band(float(rated) if rated else None), "all"):
            by_band[key][0] += 1
            by_band[key][1] += float(row["base_cpu_seconds"])
            by_band[key][2] += float(row["cpu_seconds"])
    same = sum(row["same_steps"] == "True" for row in rows)
    kind = "published" if rows and rows[0]["published"] else "our"
    lines = [f"{len(rows)} puzzles; the same steps (every text) in both versions on {same}.", "",
             f"| {kind} ER band | puzzles | CPU s before | CPU s after | puzzles/s before | "
             f"puzzles/s after | speed-up |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for key in sorted(by_band, key=lambda k: (k == "all", k)):
        n, before, after = by_band[key]
        lines.append(f"| {key} | {n} | {before:.1f} | {after:.1f} | {n / before:.2f} | "
                     f"{n / after:.2f} | {before / after:.2f}x |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.rater_speed",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="git revision of the version to compare with")
    parser.add_argument("--dataset", default="se-rated-diabolical")
    parser.add_argument("--every", type=int, default=1, help="take every k-th puzzle")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summary", type=Path, help="print the tables of a recorded CSV")
    add_core_option(parser)
    args = parser.parse_args(argv)
    if args.summary:
        print(summary(args.summary))
        return 0
    if not (args.base and args.out):
        parser.error("give --base and --out (or --summary)")
    core = pin(parser, args.core)
    run(args.dataset, args.every, args.base, args.out, core)
    return 0


if __name__ == "__main__":
    sys.exit(main())
