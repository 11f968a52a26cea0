"""Our rater and Sukaku Explainer's ``serate`` on the same puzzles: ER, EP,
ED, the technique that set each, and CPU seconds, one row per puzzle.

    python -m benchmarks.se_agreement.serate --source DIR --core 0 \
        --out benchmarks/se_agreement/results/serate.csv

Sukaku Explainer (github.com/SudokuMonster/SukakuExplainer, LGPL 2.1; Java)
is on neither PyPI nor Debian: give a checkout of it with ``--source DIR``,
or leave it out and the script clones it (``git clone --depth 1``, network
needed) into a temporary directory, which it deletes at the end. It is
compiled there with the system's ``javac`` (Debian:
``apt-get install openjdk-17-jdk-headless``; the sources are Latin-1) and
run as serate's ``main`` with ``--threads=1`` (one rating thread;
``-XX:ActiveProcessorCount=1``, serial GC). Nothing of it is kept or
committed.

The puzzles, in this order: the shipped SE-rated sample
(``benchmarks/studykit/se-rated-diabolical.txt``, with its published
rating), ``--sample`` puzzles each of 17clue and top1465 (drawn with
``default_rng(0)``), and the first ``--per-level`` generated puzzles of each level
in ``benchmarks/se_agreement/generated_by_level.csv``
(``generate(difficulty=level, seed=k)``, k = 0, 1, ..., at each of the
rater's five levels as they were on 2026-11-24, before the ladder had
chains: the puzzles of the difficulty study's generation-by-level record of
that day, commit 05e18fd; its "needs search" puzzles are the hardest
generated ones, which ``generate`` no longer finds within its 60 s now that
chains and forcing chains finish nearly every puzzle).

Times, CPU seconds of one puzzle's rating. Ours: ``time.process_time``
around ``rate``, in this process, or those the sample step recorded
(``--reuse benchmarks/se_agreement/results/diabolical.csv``: the ratings
and times of ``python -m benchmarks.se_agreement``). Serate: one Java process per collection
(so the JIT compiler warms up on the first puzzles), serate's ``main``
called once per puzzle by a small driver compiled beside it
(:data:`DRIVER`), timed by the CPU time of its thread (JIT compilation
and garbage collection run in other threads: the whole process's CPU
seconds are printed per collection). Both run on one core (``--core``,
default the first of the affinity set: the Java process inherits it);
``load`` is the load average at the start of our rating of the puzzle
(or, reused, as the sample step recorded it), ``se_load`` at the start of
the collection's Java process. ER 20.0 from serate means it could not rate
the puzzle; ER 0.0 an error.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from benchmarks.se_agreement.__main__ import read_sample
from benchmarks.studykit.pinning import add_core_option, children_cpu, pin
from sudoku_models import Puzzle, read_puzzles
from sudoku_models.logic import rate

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "serate.csv"
GENERATED = HERE / "generated_by_level.csv"
REPOSITORY = "https://github.com/SudokuMonster/SukakuExplainer"
JAVA = ("java", "-Xrs", "-Xmx1g", "-XX:ActiveProcessorCount=1", "-XX:+UseSerialGC")
FORMAT = "%g\t%r\t%p\t%d\t%R\t%P\t%D\t%e"
FIELDS = ("set", "puzzle", "published", "er", "ep", "ed", "hardest", "cells_left", "cpu_seconds",
          "load", "core", "se_er", "se_ep", "se_ed", "se_hardest", "se_pearl", "se_diamond",
          "se_cpu_seconds", "se_load")


class SerateError(RuntimeError):
    """Sukaku Explainer could not be fetched, built or run; the message says which step."""


def build(source: Path, work: Path) -> Path:
    """Compile Sukaku Explainer's sources under ``source`` (the folder that
    holds ``diuf/``) into ``work/classes`` with the resources it loads
    (HTML, GIF); returns the class path. Raises :class:`SerateError` when
    ``javac`` is missing or fails."""
    if shutil.which("javac") is None:
        raise SerateError("javac not found: install a JDK (Debian: openjdk-17-jdk-headless)")
    files = sorted(str(p) for p in (source / "diuf").rglob("*.java"))
    if not files:
        raise SerateError(f"no Java sources under {source / 'diuf'}: is it a SukakuExplainer checkout?")
    classes = work / "classes"
    classes.mkdir(parents=True, exist_ok=True)
    (work / "SerateTimed.java").write_text(DRIVER)
    done = subprocess.run(["javac", "-nowarn", "-encoding", "ISO-8859-1", "-d", str(classes),
                           *files, str(work / "SerateTimed.java")], capture_output=True, text=True)
    if done.returncode:
        raise SerateError(f"javac failed: {done.stderr.strip().splitlines()[-1]}")
    for resource_file in (source / "diuf").rglob("*"):
        if resource_file.suffix in (".html", ".gif"):
            target = classes / resource_file.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(resource_file, target)
    return classes


def fetch(work: Path) -> Path:
    """Clone Sukaku Explainer into ``work/SukakuExplainer``; returns the folder."""
    target = work / "SukakuExplainer"
    print(f"cloning {REPOSITORY} into {target} (temporary)", file=sys.stderr)
    done = subprocess.run(["git", "clone", "--depth", "1", "--quiet", REPOSITORY, str(target)],
                          capture_output=True, text=True)
    if done.returncode:
        raise SerateError(f"git clone failed (give --source DIR instead): {done.stderr.strip()}")
    return target


#: A driver of ours (compiled beside serate): serate's own ``main`` once per
#: puzzle, timed by the CPU time of the thread that runs it (the rating is
#: single-threaded with ``--threads=1``); prints serate's line, a tab, the
#: CPU seconds.
DRIVER = """
import java.io.*;
import java.lang.management.*;
import java.nio.file.*;

public class SerateTimed {
    public static void main(String[] args) throws Exception {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        PrintStream out = System.out;
        try (BufferedReader in = new BufferedReader(new FileReader(args[0]))) {
            for (String line; (line = in.readLine()) != null; ) {
                long start = bean.getCurrentThreadCpuTime();
                diuf.sudoku.test.serate.main(new String[] {"--threads=1", "--format=" + args[2],
                                                           "--output=" + args[1], line});
                long cpu = bean.getCurrentThreadCpuTime() - start;
                String rated = new String(Files.readAllBytes(Paths.get(args[1]))).trim();
                out.println(rated + "\\t" + (cpu / 1e9));
                out.flush();
            }
        }
    }
}
"""


def serate(classes: Path, puzzles: list[str], work: Path) -> tuple[list[dict], float]:
    """Rate ``puzzles`` (81-character lines) in one Java process; returns a
    dict per puzzle (``se_er`` ... ``se_cpu_seconds``: the CPU seconds of
    the rating thread) and the whole process's CPU seconds (start-up, JIT
    compilation and garbage collection included)."""
    source, answer = work / "puzzles.txt", work / "answer.txt"
    source.write_text("".join(p + "\n" for p in puzzles))
    load, before = os.getloadavg()[0], children_cpu()
    done = subprocess.run([*JAVA, "-cp", str(classes), "SerateTimed", str(source), str(answer),
                           FORMAT], capture_output=True, text=True)
    cpu = children_cpu() - before
    lines = [line for line in done.stdout.splitlines() if line.count("\t") == 8]
    if done.returncode or len(lines) != len(puzzles):
        raise SerateError(f"serate gave {len(lines)} ratings for {len(puzzles)} puzzles "
                          f"(exit {done.returncode}): {done.stderr.strip()[-300:]}")
    rows = []
    for text, line in zip(puzzles, lines):
        given, er, ep, ed, hardest, pearl, diamond, _, seconds = line.split("\t")
        if given.strip() != text:
            raise SerateError(f"serate answered for {given!r} where {text!r} was asked")
        rows.append({"se_er": er, "se_ep": ep, "se_ed": ed, "se_hardest": hardest,
                     "se_pearl": pearl, "se_diamond": diamond,
                     "se_cpu_seconds": f"{float(seconds):.4f}", "se_load": round(load, 2)})
    return rows, cpu


def collections(sample: int, per_level: int) -> dict[str, list[tuple[str, float | None]]]:
    """``{collection: [(puzzle line, published rating or None)]}``, as the module says."""
    sets = {"se-rated-diabolical": read_sample()}
    rng = np.random.default_rng(0)
    for name in ("17clue", "top1465"):
        lines = [p.to_string() for p in read_puzzles(name)]
        picks = sorted(rng.choice(len(lines), size=min(sample, len(lines)), replace=False))
        sets[name] = [(lines[i], None) for i in picks]
    with GENERATED.open(newline="") as handle:
        made = list(csv.DictReader(handle))
    for level in dict.fromkeys(row["level"] for row in made):
        sets[f"generated {level}"] = [(row["puzzle"], None) for row in made
                                      if row["level"] == level][:per_level]
    return sets


def ours(text: str) -> dict:
    """Our rating of one puzzle with its CPU seconds and the load average
    at its start."""
    load, start = os.getloadavg()[0], time.process_time()
    rating = rate(Puzzle.from_string(text))
    seconds = time.process_time() - start
    return {"er": rating.se.er, "ep": rating.se.ep, "ed": rating.se.ed, "hardest": rating.hardest,
            "cells_left": rating.cells_left, "cpu_seconds": f"{seconds:.4f}",
            "load": round(load, 2)}


def run(classes: Path, work: Path, out: Path, sets: dict, known: dict | None = None,
        core: int | None = None) -> None:
    """Rate every collection with both; write ``out`` (CSV) as each one ends.
    ``known``: our ratings already recorded, by puzzle (rows of the sample
    step's CSV), used instead of rating those puzzles again; ``core``: the
    core this process (and serate's) is pinned to, recorded per row."""
    known = known or {}
    rows = []
    for name, items in sets.items():
        texts = [text for text, _ in items]
        mine = [{key: known[text][key] for key in FIELDS[3:10]} if text in known else ours(text)
                for text in texts]
        theirs, process = serate(classes, texts, work)
        for (text, published), a, b in zip(items, mine, theirs):
            rows.append({"set": name, "puzzle": text, "published": published, **a, "core": core,
                         **b})
        print(f"{name}: {len(items)} puzzles; ours {sum(float(m['cpu_seconds']) for m in mine):.1f}"
              f" CPU s, serate {sum(float(t['se_cpu_seconds']) for t in theirs):.1f} CPU s "
              f"(its Java process {process:.1f})", file=sys.stderr, flush=True)
        with out.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, FIELDS)
            writer.writeheader()
            writer.writerows(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path,
                        help="a SukakuExplainer checkout (default: clone it into a temporary folder)")
    parser.add_argument("--sample", type=int, default=100,
                        help="puzzles of 17clue and of top1465 each (default 100)")
    parser.add_argument("--per-level", type=int, default=20,
                        help="generated puzzles per level (default 20)")
    parser.add_argument("--reuse", type=Path,
                        help="our ratings already recorded by the sample step (its CSV), "
                        "not rated again")
    add_core_option(parser)
    parser.add_argument("--out", type=Path, default=OUT, help=f"CSV (default {OUT})")
    args = parser.parse_args(argv)
    if args.sample < 1 or args.per_level < 0:
        parser.error("--sample must be positive, --per-level >= 0")
    if args.source is not None and not (args.source / "diuf").is_dir():
        parser.error(f"--source {args.source}: no diuf/ folder there (a SukakuExplainer checkout?)")
    core = pin(parser, args.core)
    sets = collections(args.sample, args.per_level)
    known = {}
    if args.reuse:
        with args.reuse.open(newline="") as handle:
            known = {row["puzzle"]: row for row in csv.DictReader(handle)}
    with tempfile.TemporaryDirectory(prefix="serate-") as tmp:
        work = Path(tmp)
        try:
            classes = build(args.source or fetch(work), work)
            run(classes, work, args.out, sets, known, core)
        except SerateError as error:
            print(f"serate: {error}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
