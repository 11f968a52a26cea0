"""Time ``generator.count_grids`` per layout and method (issue 23, item 3).

Every layout is counted ``--rounds`` times in this process, by each method
that takes it (enumeration up to side 6 on ``--workers`` threads; bands on
one thread, its cache of results cleared before each round), after one
untimed warm-up count (numba loads or compiles its kernels). Each count is
checked against the published figure. One CSV row per count: ``layout``,
``method``, ``round``, ``grids``, ``wall_s``, ``cpu_s`` (this process's CPU
time, all threads), ``load`` (1-minute load average before the count),
``core``. ``--core K`` pins the process to core K (default: the first core
of its affinity set); the enumeration's ``--workers`` threads then share it.

    python -m benchmarks.counter_speed.grid_count_speed --rounds 3 --core 0 \
        --csv benchmarks/counter_speed/results/grid_count.csv
"""

from __future__ import annotations

import argparse
import csv
import os
import time

from benchmarks.studykit.pinning import add_core_option, pin
from generator import count_grids
from generator.bands import count_by_bands
from sudoku_models.core.geometry import Layout

LAYOUTS = {  # name: (layout, published count, methods)
    "4x4": (Layout.square(2), 288, ("enumerate", "bands")),
    "6x6 (2x3 boxes)": (Layout.boxes(2, 3), 28_200_960, ("enumerate", "bands")),
    "8x8 (2x4 boxes)": (Layout.boxes(2, 4), 29_136_487_207_403_520, ("bands",)),
    "9x9": (Layout.square(3), 6_670_903_752_021_072_936_960, ("bands",)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="counts per layout and method")
    parser.add_argument("--workers", type=int, default=2, help="threads for enumeration")
    parser.add_argument("--csv", required=True, help="where to write the rows")
    add_core_option(parser)
    args = parser.parse_args()
    core = pin(parser, args.core)
    count_grids(2, method="bands")  # warm-up: kernels loaded
    count_grids(2, workers=args.workers, method="enumerate")
    rows = []
    for round_ in range(args.rounds):
        for name, (layout, published, methods) in LAYOUTS.items():
            for method in methods:
                count_by_bands.cache_clear()
                load = os.getloadavg()[0]
                wall, cpu = time.perf_counter(), time.process_time()
                grids = count_grids(layout, workers=args.workers, method=method)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                if grids != published:
                    raise SystemExit(f"{name} by {method}: {grids} grids, published {published}")
                rows.append({"layout": name, "method": method, "round": round_,
                             "grids": grids, "wall_s": round(wall, 4), "cpu_s": round(cpu, 4),
                             "load": round(load, 2), "core": core})
                print(f"{name:>16} {method:>9}: {grids:,} in {wall:.2f} s ({cpu:.2f} s CPU, "
                      f"load {load:.2f}, core {core})", flush=True)
    with open(args.csv, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    main()
