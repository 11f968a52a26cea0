"""Small things the study scripts share: the bundled collections as text or
as a file on disk (for programs outside the toolkit), the SE-rated sample,
the line that records the machine and versions, the 9x9 puzzle sets of the
rating studies, and the ``run``/``report`` command line of a study run in
chunks. (A collection's puzzles: ``read_puzzles(name)``.)
"""

from __future__ import annotations

import sys
from pathlib import Path

SE_SAMPLE = Path(__file__).resolve().parent / "se-rated-diabolical.txt"
"""480 puzzles with their published Sudoku Explainer ratings (a line: the
81 characters, a space, the rating; ``# `` lines say where they come from),
the sample of the rater's studies (``se_agreement``, ``rater_speed``)."""


def collection_text(name: str) -> str:
    """The text of the bundled collection ``name`` (``top95``, ``17clue``,
    ...: :func:`sudoku_models.formats.collection_names`), decompressed."""
    import gzip

    from sudoku_models.formats import collection_file

    data = collection_file(name).read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


def collection_on_disk(name: str, folder: Path) -> Path:
    """The bundled collection ``name`` as a plain text file in ``folder``
    (written there once): for a program outside the toolkit (tdoku, QQWing,
    Sukaku Explainer) that reads a file."""
    path = folder / f"{name}.txt"
    if not path.exists():
        path.write_text(collection_text(name))
    return path


def collections_folder() -> Path:
    """The folder of the bundled collections in this checkout (the
    collection scripts write there)."""
    from sudoku_models.formats import collections_folder

    return Path(str(collections_folder()))


def machine() -> str:
    """CPU model, core count, Python and solver versions, for the record."""
    from sudoku_models import METHODS
    from sudoku_models.records.rows import environment

    env = environment()
    solvers = ", ".join(sorted({info.load().solver_name() for info in METHODS.values()}))
    return (f"{env['machine']}, {env['cores']} cores; Python {env['python']}; "
            f"sudoku-models {env['toolkit']}; {solvers}")


def puzzle_sets(sample: int, generated: int) -> dict[str, list]:
    """The 9x9 puzzle sets of the rating comparisons, by name: top95, top1465,
    ``sample`` 17-clue puzzles drawn with seed 0, ``generated`` puzzles of
    22 to 36 clues (seeds 0, 1, ...)."""
    import numpy as np

    from generator import generate
    from sudoku_models import read_puzzles

    seventeen = read_puzzles("17clue")
    picks = np.random.default_rng(0).choice(len(seventeen), size=sample, replace=False)
    made = []
    for seed in range(generated):
        puzzle = generate(22 + seed % 15, seed=seed)
        made.append(type(puzzle)(puzzle.grid, 3, f"generate({puzzle.num_clues}, seed={seed})"))
    return {"top95": read_puzzles("top95"),
            "top1465": read_puzzles("top1465"),
            f"17clue ({sample} sampled)": [seventeen[i] for i in sorted(picks)],
            "generated": made}


def study_main(doc: str, out: Path, run, report, argv=None) -> int:
    """The command line of a study script: ``run`` (resumable chunks, at most
    ``--budget-minutes`` each) or ``report``, into ``--out`` (default
    ``out``). ``run(out, budget_minutes)`` runs; ``report(out)`` returns the
    text to print."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=("run", "report"))
    parser.add_argument("--out", type=Path, default=out, help=f"results folder (default {out})")
    parser.add_argument("--budget-minutes", type=float, default=110,
                        help="stop a chunk after this wall time (resume by re-running)")
    args = parser.parse_args(argv)
    try:
        if args.step == "run":
            run(args.out, args.budget_minutes)
        else:
            print(report(args.out))
    except (ValueError, OSError) as exc:  # bad settings or results: one line, exit 2
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
