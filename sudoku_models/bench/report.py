"""Summary tables and plots of a results file."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import numpy as np

from .results import read_results

SOLVED = ("OPTIMAL", "FEASIBLE")


def _seconds(row: dict) -> float:
    return float(row["build_seconds"] or 0) + float(row["solve_seconds"] or 0)


def _ms(values) -> str:
    return f"{1000 * np.median(values):.2f} | {1000 * np.percentile(values, 90):.2f} | {1000 * max(values):.2f}"


def summarise(rows: list[dict]) -> str:
    """Markdown: per method and dataset, rows, solved and verified, timed out,
    errors, and median / p90 / max of build + solve time; then the scaling
    table (median per order) and the versions and machines of the run."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in rows:
        groups[row["method"], row["dataset"]].append(row)
    lines = ["| method | dataset | rows | solved and verified | timed out | errors | median ms "
             "| p90 ms | max ms |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for (method, dataset), group in sorted(groups.items()):
        ok = sum(r["status"] in SOLVED and r["verified"] == "yes" for r in group)
        timed_out = sum(r["status"] == "TIME_LIMIT" for r in group)
        errors = sum(r["status"] == "ERROR" for r in group)
        timed = [_seconds(r) for r in group if r["status"] != "ERROR"] or [0.0]
        lines.append(f"| `{method}` | {dataset} | {len(group)} | {ok} | {timed_out} | {errors} | "
                     f"{_ms(timed)} |")
    scaling = _by(rows, "order")
    if len(scaling) > 1 or any(o != 3 for o in scaling):
        methods = sorted({m for per in scaling.values() for m in per})
        lines += ["", "Median ms per puzzle by order (scaling):", "",
                  "| order (side) | " + " | ".join(methods) + " |",
                  "| --- |" + " ---: |" * len(methods)]
        for order in sorted(scaling):
            cells = [f"{1000 * np.median(scaling[order][m]):.2f}" if m in scaling[order] else ""
                     for m in methods]
            lines.append(f"| {order} ({order * order}x{order * order}) | " + " | ".join(cells) + " |")
    solvers = sorted({f"`{r['method']}`: {r['solver']}" for r in rows if r.get("solver")})
    machines = sorted({f"{r['machine']}, {r['cores']} cores" for r in rows})
    versions = sorted({f"sudoku-models {r['toolkit']}, Python {r['python']}" for r in rows})
    lines += ["", f"Solvers: {'; '.join(solvers)}.", f"Toolkit: {'; '.join(versions)}.",
              f"Machines: {'; '.join(machines)}.",
              f"Rows: {len(rows)}, from {min(r['timestamp'] for r in rows)} to "
              f"{max(r['timestamp'] for r in rows)}."]
    return "\n".join(lines)


def _by(rows: list[dict], column: str) -> dict[int, dict[str, list[float]]]:
    """{value of column: {method: [seconds of solved rows]}}."""
    table: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        if row["status"] in SOLVED:
            table[int(row[column])][row["method"]].append(_seconds(row))
    return table


def plot_results(rows: list[dict], out_dir: Path) -> list[Path]:
    """Write the plots; returns their paths: ``time_distribution.png`` (per
    method and dataset), ``time_vs_clues.png`` (9x9 puzzles) and
    ``time_vs_order.png`` (when several orders were run)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ..plotting import plot_solve_times

    written = []
    datasets = sorted({r["dataset"] for r in rows})
    fig, axes = plt.subplots(1, len(datasets), figsize=(4.5 * len(datasets), 4.5), squeeze=False)
    for ax, dataset in zip(axes[0], datasets):
        times = defaultdict(list)
        for r in rows:
            if r["dataset"] == dataset and r["status"] in SOLVED:
                times[r["method"]].append(_seconds(r))
        plot_solve_times(dict(sorted(times.items())), ax=ax, title=dataset)
        ax.tick_params(axis="x", rotation=45)
    fig.tight_layout()
    written.append(out_dir / "time_distribution.png")
    fig.savefig(written[-1], dpi=110)
    plt.close(fig)

    for column, rows_of, name, label in (
        ("clues", [r for r in rows if r["order"] == "3"], "time_vs_clues.png", "clues"),
        ("order", rows, "time_vs_order.png", "order n (grid n² x n²)"),
    ):
        table = _by(rows_of, column)
        if len(table) < 2:
            continue
        fig, ax = plt.subplots(figsize=(6.5, 4.2))
        for method in sorted({m for per in table.values() for m in per}):
            xs = sorted(x for x in table if method in table[x])
            ax.plot(xs, [1000 * np.median(table[x][method]) for x in xs], marker="o", label=method)
        ax.set_yscale("log")
        ax.set_xticks(sorted(table))
        ax.set_xlabel(label)
        ax.set_ylabel("median time per puzzle (ms)")
        ax.grid(alpha=0.3, which="both")
        ax.legend()
        fig.tight_layout()
        written.append(out_dir / name)
        fig.savefig(written[-1], dpi=110)
        plt.close(fig)
    return written


def write_report(results_csv, out_dir=None) -> Path:
    """Write ``summary.md`` and the plots next to ``results_csv`` (or into
    ``out_dir``); returns the summary's path. Raises ``ValueError`` for an
    empty results file."""
    rows = read_results(results_csv)
    if not rows:
        raise ValueError(f"{results_csv}: no rows to report")
    out_dir = Path(out_dir or Path(results_csv).parent)
    out_dir.mkdir(parents=True, exist_ok=True)
    plots = plot_results(rows, out_dir)
    text = summarise(rows) + "\n\n" + "\n".join(f"![{p.stem}]({p.name})" for p in plots) + "\n"
    summary = out_dir / "summary.md"
    summary.write_text(f"# Benchmark results: {Path(results_csv).name}\n\n" + text)
    return summary
