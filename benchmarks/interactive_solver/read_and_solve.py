"""How many of the Interactive Sudoku Solver's example and collection
puzzles does the toolkit read, and solve to their published answers
(issue 33)?

The puzzles are every ``input`` of ``data/example_puzzles.js`` and
``data/collections.js`` of sigh's Interactive Sudoku Solver
(github.com/sigh/Interactive-Sudoku-Solver, MIT), and every bare puzzle
string of the collections' lists (killers in the short format), each
distinct text once (inputs that name one of the solver's JavaScript scripts
are left out: no puzzle). They are not shipped: the script downloads the two
files into a temporary folder at run time (``--data DIR`` reads a copy).

Each text goes through :func:`sudoku_models.puzzle.read_puzzle`. A puzzle
read is solved by the methods of ``--methods`` in turn, each within
``--time-limit`` seconds, until one decides it: first the counter
(``solve(p, "backtracking")``, which counts to two), then CaDiCaL
(``sat-extended``), CP-SAT (``cp``, one thread) and HiGHS (``milp``), each
with its default formulation; after a solver's answer its count to two
proves uniqueness within the same limit (each paradigm decides puzzles
the others leave at the limit). The
row names the method that decided, says whether the answer passes
``verify``, whether it is the published solution (where the file gives
one) and whether it is unique, with the CPU seconds of reading the text
and of every try (``cpu_s``) and the 1-minute load average at the start of
the reading (``load``). A text not read names the first
thing the reader refused (the constraint type for a constraint string).
Rows go to ``results/read_and_solve.csv`` beside this script.

With ``--iss DIR`` (a checkout of the solver, Node.js installed) every
text is also solved by the Interactive Sudoku Solver itself, counting to
two, within the same limit: its status, solutions and wall time, the CPU
seconds of its node process (``iss_cpu_s``: start-up included) and the load
average at the start of that process (``iss_load``).

``--core K`` pins the process to core K (default: the first core of its
affinity set); the node processes of ``--iss`` inherit that affinity, so
the solver runs on the same one core, its helper threads included. Every
row records the core (``core``).

Usage::

    python -m benchmarks.interactive_solver read-and-solve [--data DIR] [--time-limit 10] \
        [--iss DIR] [--core K]
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import tempfile
import time
import urllib.request
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "read_and_solve.csv"
SOURCE = "https://raw.githubusercontent.com/sigh/Interactive-Sudoku-Solver/e373f98/data/"
FILES = ("example_puzzles.js", "collections.js")
COLUMNS = ("file", "name", "read", "refused", "kinds", "method", "status", "verified",
           "published", "unique", "solve_s", "cpu_s", "load", "core", "iss_status",
           "iss_solutions", "iss_wall_s", "iss_cpu_s", "iss_load")
_STRING = r"'((?:[^'\\]|\\.)*)'"
_TEMPLATE = r"`([^`$]*)`"  # a JavaScript template literal without substitutions
_TEXT = f"(?:{_STRING}|{_TEMPLATE})"


def entries(name: str, text: str) -> list[tuple[str, str, str]]:
    """``(name, input, solution)`` of every puzzle of one data file: the
    ``input`` fields (JavaScript strings or template literals, joined where
    split with ``+``)
    with the nearest ``name`` before and ``solution`` after them, and the
    bare strings and ``[input, solution]`` pairs of the collections' lists
    (named ``LIST#i``)."""
    found = []
    for match in re.finditer(r"input:\s*((?:" + _TEXT + r"\s*\+?\s*)+)", text):
        before, after = text[:match.start()], text[match.end():match.end() + 400]
        names = re.findall(r"name:\s*" + _STRING, before)
        solution = re.match(r"\s*,?\s*solution:\s*" + _STRING, after)
        source = "".join(quoted or template for quoted, template in re.findall(_TEXT, match[1]))
        if not source.startswith("/data/scripts/"):  # a script of the solver's, no puzzle
            found.append((names[-1] if names else f"{name}@{match.start()}", source,
                          solution[1] if solution else ""))
    for block in re.finditer(r"export const (\w+) = new PuzzleCollection\((.*?)\n\]?\);",
                             text, re.S):
        bare = re.findall(r"^\s*" + _STRING + r",?\s*$", block[2], re.M)
        found += [(f"{block[1]}#{i}", s, "") for i, s in enumerate(bare, start=1)
                  if not s.startswith(("/", "http"))]
        pairs = re.findall(r"\[\s*" + _STRING + r",\s*" + _STRING + r",?\s*\]", block[2])
        found += [(f"{block[1]}#{i}", s, answer) for i, (s, answer) in enumerate(pairs, start=1)]
    return found


def read_data(folder: str | None) -> dict[str, str]:
    if folder:
        return {name: (Path(folder) / name).read_text() for name in FILES}
    with tempfile.TemporaryDirectory() as temp:
        for name in FILES:
            urllib.request.urlretrieve(SOURCE + name, Path(temp) / name)
        return {name: (Path(temp) / name).read_text() for name in FILES}


def iss_solve(folder: str, source: str, time_limit: float) -> dict:
    """The Interactive Sudoku Solver on the same text (its own benchmark,
    ``node tools/perf/benchmark_puzzles.js --input-file F --solutions 2``,
    no backtrack budget): its status (``unique``, ``multiple``, ``no-solution``, or
    ``TIME_LIMIT`` when the process outlives ``time_limit`` seconds plus its
    start-up), solutions and wall seconds of the solve as it reports them,
    the CPU seconds of the node process (``getrusage`` of the children, the
    killed process of a ``TIME_LIMIT`` too) and the load average at its start;
    ``ERROR`` when the tool fails or prints no row (through
    :func:`~benchmarks.interactive_solver.thermo_snipes.iss_benchmark`)."""
    import subprocess

    from benchmarks.studykit.pinning import children_cpu as cpu

    from .solver_benchmark import iss_benchmark

    load, start = os.getloadavg()[0], cpu()
    measured = dict(iss_load=f"{load:.2f}")
    with tempfile.TemporaryDirectory() as temp:
        try:
            row, run_cpu = iss_benchmark(folder, source, temp, timeout=time_limit + 5)
        except subprocess.TimeoutExpired:  # run() kills the process and waits for it
            return dict(measured, iss_status="TIME_LIMIT", iss_cpu_s=f"{cpu() - start:.3f}")
        except (subprocess.CalledProcessError, ValueError, IndexError):
            return dict(measured, iss_status="ERROR", iss_cpu_s=f"{cpu() - start:.3f}")
    return dict(measured, iss_status=row["status"], iss_solutions=row["solutions"],
                iss_wall_s=f"{row['ms'] / 1000:.4f}", iss_cpu_s=f"{run_cpu:.3f}")


def decide(puzzle, solution: str, methods: list[str], time_limit: float) -> dict:
    """The row's outcome: the first of ``methods`` that decides ``puzzle``
    within ``time_limit`` seconds (a method that does not model it is
    passed over), or the last one's status (the caller times it)."""
    from sudoku_models import verify
    from sudoku_models.errors import CountIncomplete
    from sudoku_models.registry import CapabilityError
    from sudoku_models.solving import make_method, within_limit

    outcome = {}
    for method in methods:
        try:
            model = make_method(method, puzzle.rules, time_limit=time_limit)
        except CapabilityError:
            continue
        result = within_limit(model.solve(puzzle), time_limit)
        outcome = dict(method=method, status=result.status.name, verified="", published="",
                       unique="", solve_s=f"{result.solve_seconds:.4f}")
        if result.grid is None:
            if result.status.name == "INFEASIBLE":
                outcome["published"] = False if solution else ""  # a published answer exists
                break
            continue
        answer = "".join(str(v) if puzzle.side < 10 else chr(ord("A") + v - 1)  # as ISS writes
                         for v in puzzle.values.own(result.grid).ravel().tolist())  # own values
        unique = result.stats.get("solutions")
        if unique is None:  # not the counter: count to two within the limit
            try:
                unique = model.count_solutions(puzzle, limit=2, time_limit=time_limit)
            except CountIncomplete:
                unique = None
        outcome.update(verified=bool(verify(puzzle, result.grid)),
                       published=(answer == solution) if solution else "",
                       unique="" if unique is None else unique == 1)
        break
    return outcome


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="a folder holding the solver's two data files")
    parser.add_argument("--time-limit", type=float, default=10.0,
                        help="seconds for each method on each puzzle (default 10)")
    parser.add_argument("--methods", default="backtracking,sat-extended,cp,milp",
                        help="the methods tried in turn until one decides (default "
                             "backtracking,sat-extended,cp,milp)")
    parser.add_argument("--iss", metavar="DIR",
                        help="a checkout of the Interactive Sudoku Solver: solve every text with "
                             "it too (Node.js), within the same time limit")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--core", type=int, help="pin the process (and the solver's node "
                        "processes) to this core (default: the first of its affinity set)")
    args = parser.parse_args(argv)
    from benchmarks.studykit.pinning import pin

    core = pin(parser, args.core)
    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.formats.puzzle_text import read_puzzle

    warnings.simplefilter("ignore")  # decoration warnings: the rows say what was read
    seen, rows = set(), []
    found = {file: entries(file, text) for file, text in read_data(args.data).items()}
    titles = {name for listed in found.values() for name, _, _ in listed}
    for file, listed in found.items():
        for name, source, solution in listed:
            if source in seen or source in titles:  # a list naming a puzzle listed elsewhere
                continue
            seen.add(source)
            row = dict(file=file, name=name, read=False, refused="", kinds="", method="",
                       status="", verified="", published="", unique="", solve_s="", core=core)
            if args.iss:
                row.update(iss_solve(args.iss, source, args.time_limit))
            load, start = os.getloadavg()[0], time.process_time()
            try:
                puzzle = read_puzzle(source)
            except PuzzleFormatError as error:
                kind = re.search(r"constraint type '([^']+)'", str(error))
                row.update(refused=kind[1] if kind else str(error)[:80],
                           cpu_s=f"{time.process_time() - start:.3f}", load=f"{load:.2f}")
                rows.append(row)
                continue
            row.update(read=True, kinds=" ".join(sorted(puzzle.rules.kinds)))
            row.update(decide(puzzle, solution, args.methods.split(","), args.time_limit))
            row.update(cpu_s=f"{time.process_time() - start:.3f}", load=f"{load:.2f}")
            rows.append(row)
            print(f"{name[:40]:40} {row['status'] or row['refused']}", flush=True)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", newline="") as handle:
        writer = csv.DictWriter(handle, COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    read = [r for r in rows if r["read"]]
    kinds = [answer_kind(r) for r in rows]
    print(f"{len(rows)} puzzles: {len(read)} read, "
          f"{kinds.count('published') + kinds.count('unique')} solved to a verified answer, "
          f"the published one or else proved unique; {kinds.count('several')} with several "
          f"solutions, {kinds.count('none')} with none")
    return 0



def answer_kind(row) -> str:
    """What a recorded row's answer is: ``"published"`` (verified, the
    published solution), ``"unique"`` (verified, proved unique, no
    published solution to differ from), ``"several"`` (verified, a second
    solution found, and the Interactive Sudoku Solver finds several too
    when it ran), ``"none"`` (proved to have no solution, none published,
    the solver agreeing when it ran), ``"limit"`` (read, not decided),
    ``"unmodelled"`` (read, no method tried models it), ``"refused"`` (not
    read) or ``"other"`` (anything else: an answer not
    verified, one that differs from the published, a disagreement)."""
    text = {key: str(value) for key, value in dict(row).items()}
    if text["read"] != "True":
        return "refused"
    iss = text.get("iss_status", "")
    if text["status"] == "INFEASIBLE":
        agrees = iss in ("", "no-solution")
        return "none" if text["published"] != "False" and agrees else "other"
    if not text["status"]:
        return "unmodelled"
    if text["status"] != "OPTIMAL":
        return "limit"
    if text["verified"] != "True" or text["published"] == "False":
        return "other"
    if text["published"] == "True":
        return "published"
    if text["unique"] == "True":
        return "unique"
    if text["unique"] == "False" and iss in ("", "multiple"):
        return "several"
    return "other"


def table(csv_path: str) -> str:
    """The coverage table of a recorded run: texts, read, decided by each
    method, right answers by :func:`answer_kind`, and, when the run timed the
    Interactive Sudoku Solver too, its count of puzzles decided and the
    median times on the puzzles both decided."""
    import pandas as pd

    d = pd.read_csv(csv_path, keep_default_na=False)
    read = d[d["read"].astype(str) == "True"]
    decided = read[read["status"].isin(["OPTIMAL", "INFEASIBLE"])]
    kinds = d.apply(answer_kind, axis=1).value_counts()
    total = len(d)

    def share(n: int) -> str:
        return f"{n} ({100 * n / total:.0f}%)"

    names = {"backtracking": "the counter", "sat-extended": "CaDiCaL", "cp": "CP-SAT",
             "milp": "HiGHS"}
    methods = [m for m in names if m in set(decided["method"])] + sorted(
        set(decided["method"]) - set(names))
    by = [f"by {names.get(m, m)}" for m in methods]
    strict = kinds.get("published", 0) + kinds.get("unique", 0)
    right = strict + kinds.get("several", 0) + kinds.get("none", 0)
    lines = [f"| texts | read | decided | {' | '.join(by)} | published or proved unique "
             "| several solutions | no solution | at the limit | other |",
             "| ---: | ---: | ---: | " + "---: | " * len(by) + "---: | ---: | ---: | ---: | ---: |",
             f"| {total} | {share(len(read))} | {share(len(decided))} | "
             + "".join(f"{(decided['method'] == m).sum()} | " for m in methods)
             + f"{share(strict)} | {kinds.get('several', 0)} | {kinds.get('none', 0)} "
             f"| {kinds.get('limit', 0)} "
             f"| {kinds.get('other', 0) + kinds.get('unmodelled', 0)} |",
             "", f"Right answers (published, proved unique, several solutions where the "
             f"solver finds several too, no solution proved): {share(right)}."]
    if "iss_status" in d and (d["iss_status"] != "").any():
        iss = d[d["iss_status"].isin(["unique", "multiple", "no-solution"])]
        both = decided[decided.index.isin(iss.index)]
        ours = both["cpu_s"].astype(float).median()
        theirs = d.loc[both.index, "iss_wall_s"].astype(float).median()
        line = (f"The Interactive Sudoku Solver decided {share(len(iss))} of the texts "
                f"within the limit; on the {len(both)} both decided, median {ours:.3f} CPU s "
                f"here (reading and every method tried) against {theirs:.3f} wall s of its "
                "solve")
        if "iss_cpu_s" in d:
            node = d.loc[both.index, "iss_cpu_s"].astype(float).median()
            line += f" ({node:.3f} CPU s of its whole node process, start-up included)"
        lines += ["", line + "."]
    load = d["load"].astype(float)
    line = f"Load average (1 min) {load.min():.1f} to {load.max():.1f}"
    if "iss_load" in d and (d["iss_load"] != "").any():
        theirs = d.loc[d["iss_load"] != "", "iss_load"].astype(float)
        line = (f"Load average (1 min) at the start of each text's reading and solving "
                f"{load.min():.1f} to {load.max():.1f}, of each of the solver's runs "
                f"{theirs.min():.1f} to {theirs.max():.1f}")
    if "core" in d and (d["core"] != "").any():
        line += f"; every process pinned to core {', '.join(sorted(set(d['core'].astype(str))))}"
    lines += ["", line + "."]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
