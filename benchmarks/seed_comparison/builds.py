"""Build time and model size of the seed comparison's three models, per order
(``python -m benchmarks.seed_comparison builds``).

Each (order, model) is built in a fresh process on the first ``order:N``
instance (60% of the cells given), with a cap (``--cap`` seconds, CPU):
``milp`` (the binary model), ``milp-alldiff`` with ``transformation=bigm``
and with ``hull``. Recorded per build, in CPU seconds of the building
process (``time.process_time``):

- ``model_cpu_s``: :meth:`build` of the method, i.e. the Pyomo model with
  every constraint and, for ``milp-alldiff``, the GDP transformation to a
  MILP (the disjunctions as big-M or hull rows), clues loaded;
- ``transformation_cpu_s``: the GDP transformation alone (Pyomo's
  ``Transformation.apply_to``, timed inside ``model_cpu_s``);
- ``compile_cpu_s``: turning the Pyomo model into HiGHS's arrays (the rest of
  the build a first :meth:`solve` pays, no solver call);
- the model's columns (integer and binary), rows and nonzeros as built,
  before presolve (clues are bounds, so the size does not depend on them).

Every build process runs on one core (``--core``: this process is pinned
to it and its build processes inherit it; default the first of its
affinity set), recorded per row with the load average at the build's
start. A process that has used ``--cap`` CPU seconds without finishing is
stopped and recorded as ``status=CAP`` (its build takes more than that;
``model_cpu_s`` is left empty). Rows go to ``results/builds.csv``
(one row per order and model; a re-run replaces them).
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import os
import sys
import time
from pathlib import Path

from benchmarks.studykit.pinning import add_core_option, pin

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "builds.csv"
MODELS = {"milp": ("milp", {}),
          "big-M": ("milp-alldiff", {"transformation": "bigm"}),
          "hull": ("milp-alldiff", {"transformation": "hull"})}
FIELDS = ["order", "model", "status", "cap_s", "model_cpu_s", "transformation_cpu_s", "compile_cpu_s",
          "columns", "integer", "binary", "rows", "nonzeros", "load_1min", "core", "timestamp"]


def measure(order: int, model: str) -> dict:
    """One build of ``model`` (a key of :data:`MODELS`) at ``order``, in
    this process: the fields of :data:`FIELDS` but order, model, status,
    load and timestamp."""
    from unittest import mock

    import pyomo.environ as pyo
    from pyomo.core.base.transformation import Transformation

    from sudoku_models.bench import load_dataset
    from sudoku_models.solving import make_method

    puzzle = dict(load_dataset(f"order:{order}", 1, 0))[1]
    method, options = MODELS[model]
    built = make_method(method, order, **options)
    spent, depth = [], []
    apply_to = Transformation.apply_to

    def timed(self, *args, **kwargs):  # the outermost transformation only
        depth.append(1)
        start = time.process_time()
        try:
            return apply_to(self, *args, **kwargs)
        finally:
            depth.pop()
            if not depth:
                spent.append(time.process_time() - start)

    start = time.process_time()
    with mock.patch.object(Transformation, "apply_to", timed):
        pyomo_model = built.build(puzzle)
    model_cpu_s = time.process_time() - start
    columns = list(pyomo_model.component_data_objects(pyo.Var, active=True))
    quick = make_method(method, order, time_limit=1e-6, **options)
    quick.build(puzzle)
    start = time.process_time()
    quick.solve(puzzle)  # the limit is gone after the build: no solver call
    compile_cpu_s = time.process_time() - start
    size = built.size()
    return {"model_cpu_s": model_cpu_s, "transformation_cpu_s": sum(spent),
            "compile_cpu_s": compile_cpu_s,
            "columns": size.variables,
            "integer": sum(1 for v in columns if v.is_integer() and not v.is_binary()),
            "binary": sum(1 for v in columns if v.is_binary()),
            "rows": size.constraints, "nonzeros": size.nonzeros}


def _child(order: int, model: str, queue) -> None:
    queue.put(measure(order, model))


def _finished_within(child, cap: float) -> bool:
    """Wait for ``child`` (a started process) until it ends (True) or has
    used ``cap`` CPU seconds (False, and it is killed)."""
    import psutil

    watched = psutil.Process(child.pid)
    while child.is_alive():
        try:
            if sum(watched.cpu_times()[:2]) > cap:
                child.kill()
                child.join()
                return False
        except psutil.NoSuchProcess:
            break
        child.join(1.0)
    return True


def record(orders, models, cap: float, out: Path = OUT, core: int | None = None) -> Path:
    """Measure each (order, model) in a fresh process stopped after ``cap``
    CPU seconds, and write the rows into ``out`` (replacing rows of the
    same order and model); ``core``, the core the processes run on, is
    recorded in each row."""
    kept = []
    if out.exists():
        with out.open() as handle:
            kept = [row for row in csv.DictReader(handle)
                    if (int(row["order"]), row["model"]) not in
                    {(o, m) for o in orders for m in models}]
    rows = []
    context = multiprocessing.get_context("spawn")
    for order in orders:
        for model in models:
            queue = context.Queue()
            child = context.Process(target=_child, args=(order, model, queue))
            load = os.getloadavg()[0]
            child.start()
            finished = _finished_within(child, cap)
            row = {"order": order, "model": model, "cap_s": cap, "load_1min": f"{load:.2f}",
                   "core": core, "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())}
            if not finished:
                row.update(status="CAP")
            elif child.exitcode == 0:
                row.update(status="BUILT", **queue.get(timeout=60))
            else:  # the build raised (its traceback is on stderr) or was killed
                row.update(status=f"ERROR (exit code {child.exitcode})")
            print(row, file=sys.stderr, flush=True)
            rows.append(row)
    out.parent.mkdir(parents=True, exist_ok=True)
    everything = sorted(kept + rows, key=lambda r: (int(r["order"]), list(MODELS).index(r["model"])))
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(everything)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--orders", default="2,3,4,5", help="comma-separated orders")
    parser.add_argument("--models", default=",".join(MODELS), help="of " + ", ".join(MODELS))
    parser.add_argument("--cap", type=float, default=600.0,
                        help="CPU seconds per (order, model) process")
    add_core_option(parser)
    args = parser.parse_args(argv)
    models = args.models.split(",")
    unknown = [m for m in models if m not in MODELS]
    if unknown:
        parser.error(f"--models: unknown {', '.join(unknown)} (of {', '.join(MODELS)})")
    core = pin(parser, args.core)
    print(record([int(o) for o in args.orders.split(",")], models, args.cap, core=core))
    return 0


if __name__ == "__main__":
    sys.exit(main())
