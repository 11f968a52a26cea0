"""How long is a newcomer's first hour? ``python -m benchmarks.first_hour``.

From a fresh install, as the README's set-up says (a clone of this
checkout's HEAD, a new virtual environment, ``pip install -e .``, an empty
numba cache), times each step a newcomer takes: the set-up's ``warm-up``,
the five-minute tour's Python block (run as a script) and each of its shell
lines, and ``bench run --quick``. Each row gives the wall seconds, the CPU
seconds of the step's processes (user + system, children included), the
machine's 1-minute load average before it and the cores its processes may
run on (``--core K`` pins this process, and so every step, to core K; by
default the steps use every core of the affinity set, as a newcomer's
would, and ``core`` lists them, such as ``0-1``); the clone and venv are
deleted afterwards (``--keep`` keeps them).
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from benchmarks.studykit.pinning import add_core_option, children_cpu, pin

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
COLUMNS = ["step", "command", "wall_s", "cpu_s", "load_1min", "core", "cores", "commit", "python",
           "timestamp"]


def tour_blocks(readme: str) -> tuple[str, list[str]]:
    """The five-minute tour's Python block and its shell block's command lines."""
    tour = readme[readme.index("## Five-minute tour"):]
    blocks = dict(reversed(re.findall(r"```(python|bash)\n(.*?)^```$", tour, re.S | re.M)))
    return blocks["python"], [line for line in blocks["bash"].splitlines() if line.strip()]


def timed(step: str, command: str, cwd: Path, env: dict) -> dict:
    """Run ``command`` in bash in ``cwd``, its ``.venv`` active once made; its
    wall and CPU seconds. Raises ``RuntimeError`` with its output's end when it fails."""
    load = os.getloadavg()[0]
    before = children_cpu()
    start = time.perf_counter()
    activate = ". .venv/bin/activate && " if (cwd / ".venv").exists() else ""
    done = subprocess.run(["bash", "-c", activate + command], cwd=cwd, env=env, capture_output=True,
                          text=True)
    wall = time.perf_counter() - start
    cpu = children_cpu() - before
    if done.returncode:
        raise RuntimeError(f"{step} failed ({command}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    print(f"{step:12} {wall:8.1f} s wall {cpu:7.1f} s CPU  load {load:5.1f}  {command}", flush=True)
    return {"step": step, "command": command, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
            "load_1min": round(load, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.first_hour", description=__doc__)
    parser.add_argument("--out", default=str(HERE / "results" / "tour.csv"), help="CSV to append to")
    parser.add_argument("--keep", action="store_true", help="keep the clone, venv and cache")
    add_core_option(parser, every_core=True)
    args = parser.parse_args(argv)
    core = pin(parser, args.core, every_core=True)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=True).stdout.strip()
    work = Path(tempfile.mkdtemp(prefix="first-hour-"))
    clone = work / "sudoku-models"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "NUMBA_CACHE_DIR")}
    env["XDG_CACHE_HOME"] = str(work / "cache")  # an empty numba cache
    python, shell_lines = tour_blocks((clone / "README.md").read_text())
    (clone / "tour.py").write_text(python)
    steps = [("install", "python3 -m venv .venv && . .venv/bin/activate && pip install -q -e ."),
             ("warm-up", "sudoku-models warm-up"),
             ("tour.py", "python tour.py")]
    steps += [(f"tour.sh:{i}", line) for i, line in enumerate(shell_lines, 1)]
    steps += [("quick", "sudoku-models bench run --quick --out quick.csv")]
    rows = []
    try:
        for step, command in steps:
            rows.append(timed(step, command, clone, env))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
    out = Path(args.out)
    new = not out.exists()
    with out.open("a", newline="") as f:
        writer = csv.DictWriter(f, COLUMNS)
        if new:
            writer.writeheader()
        for row in rows:
            writer.writerow({**row, "core": core, "cores": os.cpu_count(), "commit": commit,
                             "python": platform.python_version(), "timestamp": stamp})
    print(f"wrote {len(rows)} rows to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
