"""Print (or, with --write, put into docs/reference.md) the model size table.

Usage: python -m benchmarks.formulation_strength sizes [--orders 2 3 4 5] [--write]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sudoku_models.sizes import TABLE_END, TABLE_START, size_table

DESIGN = Path(__file__).resolve().parents[2] / "docs" / "reference.md"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--write", action="store_true", help="replace the table in docs/reference.md")
    args = parser.parse_args()
    table = size_table(args.orders)
    print(table)
    if args.write:
        text = DESIGN.read_text()
        start, end = text.index(TABLE_START), text.index(TABLE_END)
        DESIGN.write_text(text[: start + len(TABLE_START)] + "\n\n" + table + "\n\n" + text[end:])


if __name__ == "__main__":
    main()
