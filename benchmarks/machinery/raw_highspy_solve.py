"""The baseline of ``benchmarks/machinery/solve_file_speed.py``: the ``milp`` model of
sudoku-models written straight in highspy, as a hand-written script would.

Usage: python benchmarks/machinery/raw_highspy_solve.py FILE [--first N]

The same model as ``sudoku-models solve --file FILE --method milp``: binary
``x[i, j, k]`` (column ``(9*i + j)*9 + k``), the "exactly one" rows of the
cells, rows, columns and boxes in that order (the order in which Pyomo's
standard-form compiler hands the ``milp`` model to HiGHS), clues as lower
bounds of 1, objective 0, one thread, seed 0. One model serves the file:
for each puzzle only the bounds of the columns whose clue status changed are
sent. Imports only numpy and highspy, and checks nothing but that each
solution keeps its clues, so it measures what the solver and a minimal
driver cost. Prints the number of puzzles solved.
"""

import argparse

import highspy
import numpy as np

SIDE = 9


def exactly_one_rows() -> np.ndarray:
    """``(324, 9)`` column numbers: one row per constraint, in the order
    cell (i, j), row (i, k), column (j, k), box (b, k)."""
    x = np.arange(SIDE**3).reshape(SIDE, SIDE, SIDE)  # [row, column, value]
    boxes = x.reshape(3, 3, 3, 3, SIDE).transpose(0, 2, 1, 3, 4).reshape(SIDE, SIDE, SIDE)
    cell = x.reshape(SIDE * SIDE, SIDE)
    row = x.transpose(0, 2, 1).reshape(SIDE * SIDE, SIDE)
    column = x.transpose(1, 2, 0).reshape(SIDE * SIDE, SIDE)
    box = boxes.transpose(0, 2, 1).reshape(SIDE * SIDE, SIDE)
    return np.concatenate([cell, row, column, box])


def model() -> highspy.Highs:
    rows = exactly_one_rows()
    lp = highspy.HighsLp()
    lp.num_row_, lp.num_col_ = len(rows), SIDE**3
    lp.col_cost_ = np.zeros(SIDE**3)
    lp.col_lower_ = np.zeros(SIDE**3)
    lp.col_upper_ = np.ones(SIDE**3)
    lp.row_lower_ = lp.row_upper_ = np.ones(len(rows))
    lp.integrality_ = [highspy.HighsVarType.kInteger] * SIDE**3
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    lp.a_matrix_.start_ = np.arange(0, rows.size + 1, SIDE, dtype=np.int32)
    lp.a_matrix_.index_ = rows.ravel().astype(np.int32)
    lp.a_matrix_.value_ = np.ones(rows.size)
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("random_seed", 0)
    h.passModel(lp)
    return h


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--first", type=int)
    args = parser.parse_args()
    with open(args.file) as handle:
        lines = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    h = model()
    lower = np.zeros(SIDE**3)
    solved = 0
    for line in lines[: args.first]:
        values = np.array([0 if c in ".0" else int(c) for c in line])
        cells = np.flatnonzero(values)
        clues = np.zeros(SIDE**3)
        clues[cells * SIDE + values[cells] - 1] = 1
        changed = np.flatnonzero(clues != lower).astype(np.int32)
        h.changeColsBounds(len(changed), changed, clues[changed], np.ones(len(changed)))
        lower = clues
        h.run()
        if h.getModelStatus() == highspy.HighsModelStatus.kOptimal:
            grid = np.argmax(np.asarray(h.getSolution().col_value).reshape(-1, SIDE), axis=1) + 1
            solved += bool((grid[cells] == values[cells]).all())
    print(solved)


if __name__ == "__main__":
    main()
