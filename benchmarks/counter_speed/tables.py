"""Tables of the counter's speed from recorded CSVs (for the published
tables of ``benchmarks/README.md``; see :mod:`.published`).

``benchmarks/core_ab.py compare`` records one row per figure and run:
``figure``, ``side`` (before / after), ``round``, ``value``, ``task_cpu_s``,
``load``, ``core``.

``benchmarks/counter_vs_tdoku.py`` records one row per run of a block:
``collection``, ``task``, ``block``, ``round``, ``side`` (ours / tdoku),
``puzzles``, ``seconds``, ``load``, ``machine``, ``tdoku`` (versions).

``benchmarks/counter_vs_tdoku.py --api`` records one row per timed run:
``collection``, ``call`` (what was timed), ``threads``, ``round``,
``puzzles``, ``seconds``, ``load`` (1-minute load average before the run).
"""

from __future__ import annotations

import pandas as pd

TDOKU = "tdoku TdokuSolverDpllTriadSimd, C loop"
KERNEL = "kernel9.count9_many (compiled loop)"


def race_table(csv: str) -> str:
    """The compiled loops, ours against tdoku's, per collection and task:
    for each block the fastest round's microseconds per puzzle (the least
    disturbed by other jobs), the median over blocks, their ratio, and the
    ratio of whole-collection times (sums of the blocks' fastest rounds,
    which weigh the hardest puzzles in)."""
    runs = pd.read_csv(csv)
    best = runs.groupby(["collection", "task", "block", "side"], sort=False).agg(
        seconds=("seconds", "min"), puzzles=("puzzles", "first")).reset_index()
    best["us"] = 1e6 * best["seconds"] / best["puzzles"]
    rows = [f"{runs['machine'].iloc[0]}; {runs['tdoku'].iloc[0]}.", "",
            "| collection | task | ours us/puzzle | tdoku us/puzzle | ours / tdoku "
            "| ours / tdoku, whole collection |",
            "| --- | --- | ---: | ---: | ---: | ---: |"]
    for (collection, task), group in best.groupby(["collection", "task"], sort=False):
        side = {name: part for name, part in group.groupby("side")}
        ours, theirs = side["ours"]["us"].median(), side["tdoku"]["us"].median()
        whole = side["ours"]["seconds"].sum() / side["tdoku"]["seconds"].sum()
        puzzles = side["ours"]["puzzles"].sum()
        rows.append(f"| {collection} ({puzzles:,}) | {task} | {ours:.1f} | {theirs:.1f} "
                    f"| {ours / theirs:.2f} | {whole:.2f} |")
    rows.append("")
    rows.append(f"Load average (1 min) over the runs: {runs['load'].min():.1f} to "
                f"{runs['load'].max():.1f}; {runs['round'].max() + 1} rounds over "
                f"{runs.groupby('collection')['block'].nunique().min()} or more blocks per "
                "collection, the two sides alternating.")
    return "\n".join(rows)


def api_table(csv: str) -> str:
    """Per collection and call: microseconds per puzzle (best round: the
    least disturbed by other jobs; and the median round), the ratio to the
    compiled loop and to tdoku's loop (best rounds), all counting to 2."""
    runs = pd.read_csv(csv)
    runs["us"] = 1e6 * runs["seconds"] / runs["puzzles"]
    rows = ["| collection | call | threads | us/puzzle, best round | median round "
            "| / kernel loop | / tdoku (1 thread) |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for collection, group in runs.groupby("collection", sort=False):
        best = group.groupby("call", sort=False)["us"].min()
        median = group.groupby("call", sort=False)["us"].median()
        threads = group.groupby("call", sort=False)["threads"].first()
        puzzles = group["puzzles"].max()
        for call in best.index:
            rows.append(f"| {collection} ({puzzles:,}) | {call} | {threads[call]} "
                        f"| {best[call]:.1f} | {median[call]:.1f} "
                        f"| {best[call] / best[KERNEL]:.2f} | {best[call] / best[TDOKU]:.2f} |")
    loads = runs["load"]
    rows.append("")
    rows.append(f"Load average (1 min) over the runs: {loads.min():.1f} to {loads.max():.1f}; "
                f"{runs['round'].max() + 1} rounds, calls interleaved in each.")
    return "\n".join(rows)


def ab_table(csv: str) -> str:
    """Before and after a change of the search core (``benchmarks/core_ab.py
    compare``): per figure the median over rounds of each side and their
    ratio; lower is faster everywhere."""
    runs = pd.read_csv(csv)
    rows = ["| figure | before | after | after / before |", "| --- | ---: | ---: | ---: |"]
    for figure, group in runs.groupby("figure", sort=False):
        before = group.loc[group["side"] == "before", "value"].median()
        after = group.loc[group["side"] == "after", "value"].median()
        rows.append(f"| {figure} | {before:.3g} | {after:.3g} | {after / before:.2f} |")
    rows.append("")
    rows.append(f"Load average (1 min) over the runs: {runs['load'].min():.1f} to "
                f"{runs['load'].max():.1f}; medians of {runs['round'].max() + 1} rounds, the two "
                "sides alternating.")
    return "\n".join(rows)


# The kernel ideas of ``kernel_idea_<name>.patch``, timed by ``core_ab compare``
# into ``results/kernel_idea_<name>.csv``: the idea each file stem stands for.
IDEAS = {"kernel_idea_last_candidate": "a cell's last candidate placed without a state copy",
         "kernel_idea_no_stack_locked": "stack locked candidates switched off",
         "kernel_idea_triads": "triads, mini-rows and mini-columns",
         "kernel_idea_triads_rows": "triads, mini-rows only"}


def ideas_table(*csvs) -> str:
    """Several ``core_ab compare`` records of the 9x9 kernel tasks, one row
    per CSV (the idea named by its file stem, :data:`IDEAS`): per collection
    the after / before ratio of the median CPU microseconds per puzzle
    (each process's best of its repeats; medians over rounds), the same for
    wall-clock time, and the rounds, load range and core of the record."""
    from pathlib import Path

    rows = ["| idea | 17clue | top1465 | top95 | wall-clock, same order | rounds | load | core |",
            "| --- | ---: | ---: | ---: | --- | ---: | --- | --- |"]
    for csv in csvs:
        runs = pd.read_csv(csv)
        medians = runs.groupby(["figure", "side"])["value"].median()

        def ratio(figure):
            return medians[figure, "after"] / medians[figure, "before"]

        collections = ("17clue", "top1465", "top95")
        cpu = [f"{ratio(f'kernel:{c} CPU us/puzzle'):.2f}" for c in collections]
        wall = " / ".join(f"{ratio(f'kernel:{c} us/puzzle'):.2f}" for c in collections)
        cores = ", ".join(str(int(c)) for c in sorted(runs["core"].unique()))
        rows.append(f"| {IDEAS[Path(csv).stem]} | {' | '.join(cpu)} | {wall} "
                    f"| {runs['round'].max() + 1} | {runs['load'].min():.1f}-{runs['load'].max():.1f} "
                    f"| {cores} |")
    return "\n".join(rows)


def low_clue_table(csv: str) -> str:
    """Puzzles with at most 20 clues per run (``benchmarks/generation_speed.py
    --sections low --low-csv``: one row per distinct puzzle, ``side``,
    ``round``, ``clues``): per side the puzzles of each run and their clue
    counts."""
    found = pd.read_csv(csv)
    rounds = sorted(found["round"].unique())
    sides = ["ours", "tdoku"]
    per_run = {side: [int(((found["side"] == side) & (found["round"] == r)).sum())
                      for r in rounds] for side in sides}
    rows = ["| generator | puzzles per run | mean | " + " | ".join(
        f"{c} clues" for c in sorted(found["clues"].unique())) + " |",
        "| --- | --- | ---: | " + " | ".join("---:" for _ in found["clues"].unique()) + " |"]
    names = {"ours": "ours, `low_clue_puzzles(20)` (pool search)",
             "tdoku": "tdoku, `generate -p0 -s0 -e0 -a1`"}
    for side in sides:
        counts = found.loc[found["side"] == side, "clues"].value_counts()
        rows.append(f"| {names[side]} | {', '.join(map(str, per_run[side]))} "
                    f"| {sum(per_run[side]) / len(rounds):.0f} | " + " | ".join(
                        str(int(counts.get(c, 0))) for c in sorted(found["clues"].unique())) + " |")
    return "\n".join(rows)


def low_clue_16_table(csv: str, most_clues: int = 88) -> str:
    """16x16 puzzles from the pool search against plain minimal generation
    (``benchmarks/generation_speed.py --sections low16 --low16-csv``: one
    row per puzzle, ``side`` pool or minimal, ``round``, ``clues``): per side
    the puzzles of each run, those with at most ``most_clues`` clues per
    run, and the clue counts' fewest, mean and median."""
    found = pd.read_csv(csv)
    rounds = sorted(found["round"].unique())
    names = {"pool": f"`low_clue_puzzles({most_clues}, order=4)` (pool search)",
             "minimal": "`generate(order=4, minimal=True)` in a loop"}
    rows = [f"| generator | puzzles per run | with <= {most_clues} clues per run | fewest clues "
            "| mean clues | median clues |",
            "| --- | --- | --- | ---: | ---: | ---: |"]
    for side, name in names.items():
        mine = found[found["side"] == side]
        per_run = [int((mine["round"] == r).sum()) for r in rounds]
        low = [int(((mine["round"] == r) & (mine["clues"] <= most_clues)).sum()) for r in rounds]
        rows.append(f"| {name} | {', '.join(map(str, per_run))} | {', '.join(map(str, low))} "
                    f"| {mine['clues'].min()} | {mine['clues'].mean():.1f} "
                    f"| {mine['clues'].median():.0f} |")
    return "\n".join(rows)


def _qqwing_runs(csv: str, table: str):
    runs = pd.read_csv(csv)
    runs = runs[runs["table"] == table]
    return runs.assign(ms=1000 * runs["seconds"] / runs["puzzles"])


def qqwing_counter_table(csv: str) -> str:
    """Counting and solving against QQWing (``benchmarks/counter_vs_qqwing.py
    --csv``: one row per timed run, ``table``, ``task``, ``side``, ``round``,
    ``seconds``, ``puzzles``): per task the median ms per puzzle of our
    in-process calls, our whole process and QQWing's whole process, and
    QQWing's / ours in process (ratio of the medians)."""
    runs = _qqwing_runs(csv, "counter")
    medians = runs.groupby(["task", "side"], sort=False)["ms"].median()
    rows = ["| task | ours ms/puzzle (in process) | ours ms/puzzle (whole process) "
            "| QQWing ms/puzzle (whole process) | QQWing / ours (in process) |",
            "| --- | ---: | ---: | ---: | ---: |"]
    for task in runs["task"].unique():
        ours, process, theirs = (medians[task, side] for side in
                                 ("ours in process", "ours whole process", "QQWing whole process"))
        rows.append(f"| {task} | {ours:.4f} | {process:.4f} | {theirs:.4f} | {theirs / ours:.1f} |")
    return "\n".join(rows)


def qqwing_generation_table(csv: str) -> str:
    """Generation at QQWing's clue counts (the same CSV): per side the
    median ms per puzzle and QQWing / ours."""
    runs = _qqwing_runs(csv, "generation")
    medians = runs.groupby("side", sort=False)["ms"].median()
    ours = medians["ours (in process)"]
    theirs = medians["QQWing --generate (whole process)"]
    return "\n".join([f"{runs['task'].iloc[0]}:", "", "| generator | ms/puzzle | QQWing / ours |",
                      "| --- | ---: | ---: |", f"| ours (in process) | {ours:.3f} | {theirs / ours:.1f} |",
                      f"| QQWing --generate (whole process) | {theirs:.3f} | |"])


def qqwing_low_clue_table(csv: str) -> str:
    """20- and 21-clue puzzles (the same CSV, one row per seed): median and
    largest seconds per puzzle."""
    runs = _qqwing_runs(csv, "low clues")
    rows = ["| clues | seeds | median s | max s |", "| ---: | ---: | ---: | ---: |"]
    for task, group in runs.groupby("task", sort=False):
        rows.append(f"| {task.split()[0]} | {len(group)} | {group['seconds'].median():.3f} "
                    f"| {group['seconds'].max():.3f} |")
    return "\n".join(rows)


def grid_count_table(csv: str) -> str:
    """Counting every grid (``benchmarks/grid_count_speed.py``: one row per
    count, ``layout``, ``method``, ``round``, ``grids``, ``wall_s``,
    ``cpu_s``, ``load``): per layout and method the count, the best and
    median wall-clock seconds, the best CPU seconds and the load range."""
    runs = pd.read_csv(csv, dtype={"grids": str})
    rows = ["| layout | method | grids | s, best | s, median | CPU s, best | load |",
            "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for (layout, method), group in runs.groupby(["layout", "method"], sort=False):
        rows.append(f"| {layout} | {method} | {int(group['grids'].iloc[0]):,} "
                    f"| {group['wall_s'].min():.2f} | {group['wall_s'].median():.2f} "
                    f"| {group['cpu_s'].min():.2f} "
                    f"| {group['load'].min():.1f}-{group['load'].max():.1f} |")
    return "\n".join(rows)
