"""Whole-process ``sudoku-models solve --file`` against a raw highspy script.

Usage: python -m benchmarks.machinery.solve_file_speed [--repeat 5] [--puzzles 300]
       [--before CHECKOUT] [--core K] [--out CSV]
       python -m benchmarks.machinery.solve_file_speed --table [--out CSV]

Times whole processes, start-up included, on the first ``--puzzles`` puzzles
of top1465 and on its first puzzle alone: ``sudoku-models solve --file F
--method milp`` against ``python benchmarks/machinery/raw_highspy_solve.py F`` (the
same model written straight in highspy), the import of the ``milp`` method
alone (Pyomo, HiGHS and what they load: the fixed cost no command running
``milp`` avoids) and, with ``--before``, the
command of another checkout (``PYTHONPATH=CHECKOUT``), e.g. the code before
issue 20. Runs are interleaved (each repetition runs every program once, the
order rotating), so load on the shared machine hits all alike; each row of
the CSV records its wall time, its CPU time (user + system, less sensitive
to the load), the 1-minute load average before it and the core every
program ran on (``--core``: this process is pinned to it and the programs
inherit it; default the first of its affinity set). One round runs first
and is not recorded, with Python allowed to write its bytecode caches
(``PYTHONDONTWRITEBYTECODE`` removed from the environment), so every program
starts as an installed package does: from compiled bytecode, not from source. ``--table`` prints
the markdown table of ``benchmarks/machinery/README.md`` from the CSV: medians and the
ratios of the medians.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.studykit.benchtools import collection_text, machine
from benchmarks.studykit.pinning import add_core_option, pin

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the checkout whose package is timed

OUT = HERE / "results" / "solve_file_speed" / "timings.csv"  # not a results file of bench run
FIELDS = ["case", "program", "repetition", "seconds", "cpu_seconds", "load", "core"]


def programs(before: str | None) -> dict[str, list[str]]:
    """The command of each program, to be followed by the file's path."""
    command = [sys.executable, "-P", "-c", "import sys; from sudoku_models.console import entry_point; "
               "sys.exit(entry_point())", "solve", "--method", "milp", "--file"]
    found = {"sudoku-models": ["env", f"PYTHONPATH={ROOT}", *command],
             "raw highspy": [sys.executable, str(HERE / "raw_highspy_solve.py")],
             "import of the milp method alone": [
                 "env", f"PYTHONPATH={ROOT}", sys.executable, "-P", "-c",
                 "import sudoku_models.formulations.milp.pyomo_binary"]}
    if before:  # -P: the package comes from PYTHONPATH, not from the working directory
        found["before"] = ["env", f"PYTHONPATH={Path(before).resolve()}", *command]
    return found


def measure(cases: dict[str, Path], commands: dict[str, list[str]], repeat: int,
            core: int | None = None) -> list[dict]:
    """Repetition 0 is the warm-up round, left out of the rows; ``core``,
    the core the programs run on, is recorded in each."""
    rows = []
    names = list(commands)
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for repetition in range(repeat + 1):
        for case, path in cases.items():
            shift = repetition % len(names)
            for name in names[shift:] + names[:shift]:
                load = os.getloadavg()[0]
                start = time.perf_counter()
                process = subprocess.Popen([*commands[name], str(path)], env=environment,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                _, status, usage = os.wait4(process.pid, 0)
                wall = time.perf_counter() - start
                process.returncode = os.waitstatus_to_exitcode(status)
                if process.returncode:
                    raise SystemExit(f"{name} on {path} exited with {process.returncode}")
                if not repetition:
                    continue
                rows.append({"case": case, "program": name, "repetition": repetition,
                             "seconds": round(wall, 4),
                             "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 4),
                             "load": round(load, 2), "core": core})
                print(rows[-1], file=sys.stderr)
    return rows


def table(rows: list[dict]) -> str:
    """The markdown table: per case, each program's median seconds (and its
    runs), its ratio to the raw script's median, and the load range."""
    lines = ["| case | program | runs | wall s: median (min - max) | wall / raw | "
             "CPU s: median | CPU / raw | load |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for case in dict.fromkeys(r["case"] for r in rows):
        mine = [r for r in rows if r["case"] == case]
        wall, cpu = {}, {}
        for r in mine:
            wall.setdefault(r["program"], []).append(float(r["seconds"]))
            cpu.setdefault(r["program"], []).append(float(r["cpu_seconds"]))
        raw_wall = statistics.median(wall["raw highspy"])
        raw_cpu = statistics.median(cpu["raw highspy"])
        loads = [float(r["load"]) for r in mine]
        for program, values in wall.items():
            median, median_cpu = statistics.median(values), statistics.median(cpu[program])
            lines.append(f"| {case} | {program} | {len(values)} | {median:.2f} "
                         f"({min(values):.2f} - {max(values):.2f}) | {median / raw_wall:.2f} | "
                         f"{median_cpu:.2f} | {median_cpu / raw_cpu:.2f} | "
                         f"{min(loads):.1f} - {max(loads):.1f} |")
    return "\n".join(lines)


def read(path: Path) -> list[dict]:
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--puzzles", type=int, default=300)
    parser.add_argument("--before", metavar="CHECKOUT", help="also time another checkout")
    add_core_option(parser)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--table", action="store_true", help="print the table of --out")
    args = parser.parse_args()
    if args.table:
        print(table(read(args.out)))
        return
    core = pin(parser, args.core)
    lines = [line for line in collection_text("top1465").splitlines()
             if line and not line.startswith("#")]
    with tempfile.TemporaryDirectory() as scratch:
        cases = {}
        for count in (args.puzzles, 1):
            path = Path(scratch) / f"top1465_first{count}.txt"
            path.write_text("\n".join(lines[:count]) + "\n")
            cases[f"{count} puzzle{'s' if count > 1 else ''} of top1465"] = path
        rows = measure(cases, programs(args.before), args.repeat, core)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    print(f"{machine()}\n")
    print(table(read(args.out)))


if __name__ == "__main__":
    main()
