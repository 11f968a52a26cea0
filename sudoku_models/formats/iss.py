"""The Interactive Sudoku Solver's constraint string, read and written, and
the killer and pencil-mark formats it reads (short and long killers:
:func:`from_short_killer`, :func:`from_long_killer`; :func:`from_pencilmarks`).

The Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver,
MIT) carries a puzzle in its URL as a string of ``.``-separated items, each
``Type~arg~arg...``: ``.~R1C1_8~R2C3_3`` gives clues (cell ``_`` value),
``.Cage~15~R1C1~R1C2`` a killer cage, ``.Thermo~R1C1~R1C2~R1C3``,
``.Arrow~R4C4~R4C5`` (the circle first), ``.WhiteDot``/``.BlackDot``/``.X``/
``.V``/``.GreaterThan`` on adjacent cells, ``.Diagonal~1`` (the ``/``
diagonal) and ``.Diagonal~-1``, ``.AntiKnight``, ``.AntiKing``,
``.AntiConsecutive``, ``.Windoku``, ``.DisjointSets``, ``.StrictKropki``,
``.StrictXV``, ``.AllDifferent~cells`` (an extra region), ``.Whisper~5~cells``,
``.Renban~cells``, ``.Palindrome~cells``, ``.Regex~<pattern>~cells~~cells``
(a regular expression line, the pattern in URL-safe base64 without
padding, one line per run of cells between empty items), ``.Jigsaw~<one
region character per cell>`` (regions beside the boxes, or instead of them
after ``.NoBoxes``), ``.NoBoxes`` (no boxes: a Latin square) and
``.Shape~6x6`` for another side, ``.Shape~9x9~0-8`` for the values 0..N-1
(read into 1..N: :mod:`sudoku_models.core.value_range`; :func:`values_of`). Outside clues:
``.LittleKiller~22~R1C1`` (the diagonal that starts at that cell, in the
solver's own choice of direction for each edge cell), ``.Sandwich~18~C1``
(a row ``R<n>`` or column ``C<n>``), ``.XSum~C1~25~23`` and
``.Skyscraper~C4~~3`` (the clue before the first cell, then the one after
the last; empty for none), and the same way ``.NumberedRoom`` and
``.HiddenSkyscraper``. Lines and sums: ``.Sum~23~cells`` (repeats allowed),
``.SumLine~10~cells``, ``.PillArrow~2~cells`` (the pill's cells first),
``.DoubleArrow~cells``, ``.Zipper~cells``, ``.Modular~3~cells``,
``.Entropic~cells``, ``.Lunchbox~12~cells``, ``.Quad~R1C1~1~2`` (the 2x2
square from that cell). A cage total of 0
means any sum (its cells all different); a cell a cage lists twice counts
twice in its sum and once in its all-different (the solver's ``Sum`` and
``AllDifferent`` handlers): a cage without a total and a ``sum``. Cages may
overlap. Cells are ``R<row>C<column>`` with rows
and columns in base 36 (``R1C1`` to ``RgCg`` on a 16x16). A clue with
several values limits a cell to candidates (``.~R1C1_1_2``): the odd or
the even values are read as a parity constraint, other sets as
candidate givens.
More kinds (issue 33): ``.Between~cells``, ``.Lockout~4~cells`` (the
least difference of the ends first), ``.RellikCage~9~cells``,
``.RegionSumLine~cells``, ``.SumLine~10~cells~LOOP`` (a loop),
``.Indexing~C~cells`` (``R`` for rows), ``.AntiTaxicab``, ``.GlobalEntropy``,
``.GlobalMod``, ``.CountingCircles~cells``, ``.EqualityCage~cells``,
``.CountDistinct~cells`` (the control cell first), ``.Or`` composites
(``.Or.item.item.End``, a branch of several items ``.And...End``),
``.SameValues~N~cells`` (N sets; with one cell per set, all hold one value:
read as clones), ``.EqualSum~cells~-~cells``, ``.Pair~key~_name~cells~~cells`` and ``.PairX`` (a relation
between two values, keyed by its table in base64 digits; the legacy
``.Binary`` and ``.BinaryX`` with ``-`` and ``_`` swapped) on consecutive
or all cells of each group, and ``.NFA~code~_name~cells`` (the solver's
serialized automaton: a regular line; not over several segments),
``.ValueIndexing~cells`` (the first cell's value lies on the line after the
second cell, as far along as the second cell's value says) and
``.DutchFlatmates`` (in every column the middle value has a 1 above it or
an ``N`` below it), both read as regular constraints;
``.Replicate~targets~origin`` ... ``.End`` (its items written out once per
target cell, moved from the origin, ``R1C1`` by default, onto it) and
``.LookAndSay~1223~cells`` (pairs of a count and a value: exactly one 2 and
two 3s; a count of 0, none), a regular constraint.
Any other type (``Or``, ``FullRank``...) is a
:class:`~sudoku_models.errors.PuzzleFormatError` naming it.

The short killer format (81 characters, from the enjoysudoku forum's
"understandable snarfable killer cages"): each cell holds its cage's total
(``1-9``, ``A-Z`` for 10-35, ``a-j`` for 36-45; ``0`` for a cage of any
sum, its cells all different) if it is the cage's head, else an arrow
toward a cell of its cage (``<``, ``>``, ``^``, ``v``, and diagonals
``` ` ``, ``'``, ``,``, ``.``).
"""

from __future__ import annotations

import base64
import binascii
import math
from urllib.parse import unquote

import numpy as np

from ..errors import PuzzleFormatError, RulesError, excerpt
from ..puzzle import Puzzle
from ..core.geometry import Layout, LayoutError, boxes_of_size
from ..core.value_range import (ONE_TO_N, ValueRange, ValueRangeError, as_regular, marks, named_range,
                                own_regular, to_internal)
from ..core.cell_kinds import (AntiKing, AntiKnight, AntiTaxicab, Arrow, Cage, Candidates, Clone,
                               CountingCircles, GlobalEntropy, GlobalMod, GreaterThan, Indexing,
                               Kropki, KropkiNegative, NonConsecutive, Pairwise, Parity, Region,
                               SameValues, Thermometer, XV, XVNegative)
from ..core.line_kinds import (Between, CellSum, CountDistinct, DoubleArrow, Entropic,
                               EqualityCage, EqualSum, HiddenSkyscraper, LittleKiller, Lockout,
                               Lunchbox, Modular, NumberedRoom, Palindrome, PillArrow, Quadruple,
                               RegionSumLine, Regular, RellikCage, Renban, Sandwich, Skyscraper,
                               SumLine, Whispers, XSum, Zipper)
from ..core.rules import diagonals, disjoint_groups, Either, Rules, windoku
from ..limits import MAX_ISS_DIGITS, MAX_ISS_SIDE, MAX_VALUES

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_GLOBAL = {"AntiKnight": AntiKnight, "AntiKing": AntiKing, "AntiConsecutive": NonConsecutive,
           "StrictXV": XVNegative, "AntiTaxicab": AntiTaxicab, "GlobalEntropy": GlobalEntropy,
           "GlobalMod": GlobalMod}
_CELLS_ONLY = {"Between": Between, "RegionSumLine": RegionSumLine,
               "CountingCircles": CountingCircles, "EqualityCage": EqualityCage,
               "CountDistinct": CountDistinct}
_DOUBLE_LINE = {"XSum": XSum, "Skyscraper": Skyscraper, "NumberedRoom": NumberedRoom,
                "HiddenSkyscraper": HiddenSkyscraper}
_ISS_NAME = {**{cls: name for name, cls in _DOUBLE_LINE.items()}, CellSum: "Sum",
             SumLine: "SumLine", Modular: "Modular", Lunchbox: "Lunchbox"}
_PAIRS = {"WhiteDot": lambda a, b: Kropki((a, b), "white"),
          "BlackDot": lambda a, b: Kropki((a, b), "black"),
          "X": lambda a, b: XV((a, b), 10), "V": lambda a, b: XV((a, b), 5),
          "GreaterThan": lambda a, b: GreaterThan((a, b))}


def _fail(where: str, message: str):
    raise PuzzleFormatError(f"{where}: {message}")


def _cell(name: str, side: int, where: str) -> int:
    """Flat index of an ISS cell id ``R1C1`` (base-36 row and column)."""
    if len(name) != 4 or name[0] not in "Rr" or name[2] not in "Cc":
        _fail(where, f"{excerpt(name)} is not a cell such as R1C1")
    row, col = _DIGITS.find(name[1].lower()), _DIGITS.find(name[3].lower())
    if not (1 <= row <= side and 1 <= col <= side):
        _fail(where, f"cell {name} is outside the {side}x{side} grid")
    return (row - 1) * side + col - 1


def _cell_id(cell: int, side: int) -> str:
    row, col = divmod(cell, side)
    return f"R{_DIGITS[row + 1]}C{_DIGITS[col + 1]}"


def _adjacent(a: int, b: int, side: int) -> bool:
    return abs(a // side - b // side) + abs(a % side - b % side) == 1


def _shape(items: list[tuple[str, list[str]]]) -> tuple[int, ValueRange, int, int]:
    """The side, the value range, the number of values ``V`` of the
    ``Shape`` item (``9x9``, ``6x6~0-5``, ``6x6~9``, ``9x9~0-9``) and the
    cells of a box or jigsaw piece (``RegionSize``, ``N`` to ``V``; ``N``
    by default): square grids up to 16x16 whose values are 1..V or 0..V-1,
    ``V`` from ``N`` to 16 (``js/cell_geometry.js``'s ``fromShapeSpec``: a
    bare number is the count, a range its first and last value)."""
    sides = [args for kind, args in items if kind == "Shape"]
    if not sides:
        sides = [["9x9"]]
    spec = sides[0][0] if sides[0] else ""
    rows, _, cols = spec.partition("x")
    if not (_is_whole(rows) and rows == cols and 1 <= int(rows) <= MAX_ISS_SIDE):
        _fail("Shape", f"{excerpt('~'.join(sides[0]))}: the toolkit reads square grids up to "
                       f"{MAX_ISS_SIDE}x{MAX_ISS_SIDE} ('Shape~6x6')")
    side = int(rows)
    spec = sides[0][1] if len(sides[0]) > 1 else ""
    found = named_range(spec if "-" in spec else f"1-{spec or rows}", side)
    if found is None or sides[0][2:] not in ([], ["Sudoku"]):
        _fail("Shape", f"{excerpt('~'.join(sides[0]))}: the toolkit reads the values 1..V or "
                       f"0..V-1 of a {rows}x{rows} grid, V from {side} to "
                       f"{max(side, MAX_VALUES)} ('Shape~{rows}x{rows}~{side + 3}'; no "
                       f"other value range or grid type)")
    region = side
    for kind, args in items:
        if kind == "RegionSize":
            text = args[0] if len(args) == 1 else ""
            if not (_is_whole(text) and side <= int(text) <= found[1]):
                _fail("RegionSize", f"{excerpt('~'.join(args))}: a box or jigsaw piece of a "
                                    f"{rows}x{rows} grid of {found[1]} values has {side} to "
                                    f"{found[1]} cells")
            region = int(text)
    return side, *found, region


def _pieces(labels: np.ndarray, side: int, size: int, where: str) -> list[tuple[int, ...]]:
    """The jigsaw pieces of ``size`` cells of a layout string's labels, as
    the Interactive Sudoku Solver reads a ``Jigsaw`` with a ``RegionSize``
    (``js/sudoku_constraint.js``, ``Jigsaw.fromLayout``): pieces of ``side``
    to ``size`` cells, and one piece of another size left free (a grid
    that ``size`` does not divide)."""
    pieces, other = [], False
    for label in np.unique(labels):
        cells = tuple(int(c) for c in np.flatnonzero(labels == label))
        if side <= len(cells) <= size:
            pieces.append(cells)
        elif other or label < 0:
            _fail(where, f"jigsaw pieces have {side} to {size} cells (one may differ); "
                         f"{'a character is no label' if label < 0 else 'two differ'}")
        else:
            other = True
    return pieces


def values_of(text: str, where: str = "constraint string") -> ValueRange:
    """The value range of a constraint string: :data:`ONE_TO_N` unless its
    ``Shape`` item says 0..N-1 (:mod:`sudoku_models.core.value_range`)."""
    parts = "".join(text.split()).split(".")
    return _shape([(item.split("~")[0], item.split("~")[1:]) for item in parts[1:]])[1]


def from_iss(text: str, where: str | None = None, name: str = "") -> Puzzle:
    """A puzzle from the Interactive Sudoku Solver's constraint string
    (``.~R1C1_8~... .Cage~15~R1C1~R1C2``; see the module docstring), named
    ``name``; :class:`PuzzleFormatError` naming the item that is wrong or not
    supported (after ``where``)."""
    where = where or "constraint string"
    return Puzzle(*_parse(text, where), name, values=values_of(text, where))


def to_iss(puzzle: Puzzle) -> str:
    """``puzzle`` as the Interactive Sudoku Solver's constraint string, in
    the puzzle's own values (``Shape~9x9~0-8``); :func:`from_iss` reads it
    back. An empty 9x9 is ``.Shape~9x9`` (the solver also reads an empty
    string, :func:`~sudoku_models.formats.puzzle_text.read_puzzle` does
    not).

    Every isomorphic copy (:func:`sudoku_models.symmetry.copies`) of a
    puzzle it reads is written too, some kinds in another item that means
    the same: a ``greater`` whose cells no longer touch (rows or columns
    moved apart) as a thermometer of two cells (``.Thermo~R1C4~R1C1``: the
    smaller first; the solver's ``GreaterThan`` takes neighbours only),
    clones a cell and its clone at a time (``.SameValues~2~R1C1~R5C5``), and
    a regular line given by transitions (a relabelled copy of any regular
    line; value indexing, look-and-say, Dutch flatmates and the rules of a
    puzzle in 0..N-1 that are read as automata) as the solver's serialized
    automaton (``.NFA~code~_~cells``, :func:`_nfa_code`).

    Raises :class:`PuzzleFormatError` naming the constraint and its first
    cell for what the string has no item for: a Kropki dot of another
    ratio or difference, one colour of negative dots, a side over 16, the
    kinds the solver has no item for (a fortress cell), and an automaton of
    more than 65,536 states (its ``NFA`` item numbers states in 16 bits)."""
    return _items(puzzle.grid, puzzle.rules, puzzle.values) or ".Shape~9x9"


def _parse(text: str, where: str):
    """``(grid, rules)`` of a constraint string."""
    parts = "".join(text.split()).split(".")
    if parts[0] != "":
        _fail(where, "a constraint string starts with '.'")
    items = [(item.split("~")[0], item.split("~")[1:]) for item in parts[1:]]
    side, values, count, region = _shape(items)
    items = _replicated(items, side, where)
    cells_of = {}
    grid = np.zeros(side * side, dtype=np.int64)
    layout = Layout.for_side(side).with_values(count)
    constraints = []
    odd = [v for v in range(1, count + 1) if v % 2]
    even = [v for v in range(1, count + 1) if not v % 2]
    parity = {"odd": [], "even": []}
    given = []  # candidate constraints of the givens, already in 1..N
    jigsaw, no_boxes = None, False  # the solver keeps its boxes unless told NoBoxes
    composites: list[list] = []  # open Or/And items: [kind, where, first item, branches]
    item_start = 0
    for number, (kind, args) in enumerate(items, start=1):
        if composites and composites[-1][0] == "Or" and len(constraints) > item_start:
            composites[-1][3].append(tuple(c for _, c in constraints[item_start:]))
            del constraints[item_start:]  # the item before was one branch of the Or
        item_start = len(constraints)
        here = f"{where}, item {number} ({kind[:40] + '...' * (len(kind) > 40) or 'given'})"
        if kind in ("Or", "And"):
            composites.append([kind, here, len(constraints), []])
            continue
        if kind == "End":
            if not composites:
                _fail(here, "an End with no Or or And before it")
            opened, at, first, branches = composites.pop()
            inner = tuple(c for _, c in constraints[first:])
            del constraints[first:]
            if opened == "And":
                if composites and composites[-1][0] == "Or":
                    composites[-1][3].append(inner)
                else:  # an And outside an Or: its constraints simply hold
                    constraints += [(at, c) for c in inner]
            else:  # a branch that cannot hold (a cage total out of reach) is dropped
                kept = tuple(branch for branch in branches if all(
                    not isinstance(c, Cage) or c.total is None or
                    len(c.cells) * (len(c.cells) + 1) // 2 <= c.total <=
                    len(c.cells) * (2 * count - len(c.cells) + 1) // 2 for c in branch))
                constraints.append((at, Either(kept or branches)))
            item_start = first  # an Or inside an Or: one branch of it
            continue
        if composites and (kind in ("Windoku", "DisjointSets", "StrictKropki", "Diagonal",
                                    "Jigsaw", "NoBoxes", "Shape") or kind in _GLOBAL):
            _fail(here, f"a {kind} inside an Or or And is not supported")

        def cells(names, count=None):
            found = tuple(_cell(name, side, here) for name in names)
            if not found or (count is not None and len(found) != count):
                _fail(here, f"needs {count or 'some'} cells, got {len(found)}")
            return found

        if kind == "":
            for arg in args:
                name, *texts = arg.split("_")
                parsed = {values.parse(v, count) for v in texts}
                if not texts or None in parsed:
                    _fail(here, f"{excerpt(arg)} is not a cell and its values in "
                                f"{values.name(count).replace('-', '..')} (such as R1C1_8)")
                cell = _cell(name, side, here)
                wanted = sorted(parsed)
                if composites:  # a given inside an Or: one of the branches
                    constraints.append((here, Candidates((cell,), tuple(wanted))))
                elif len(wanted) == 1 and grid[cell] in (0, wanted[0]):
                    grid[cell] = wanted[0]
                elif wanted in (odd, even):
                    parity["odd" if wanted == odd else "even"].append(cell)
                else:
                    given.append((here, Candidates((cell,), tuple(wanted))))
        elif kind in ("Shape", "RegionSize"):  # read by _shape
            continue
        elif kind == "NoBoxes":
            no_boxes = True
        elif kind == "Jigsaw":
            spec = args[-1] if args else ""
            if len(spec) != side * side:
                _fail(here, f"a jigsaw layout has {side * side} characters, got {len(spec)}")
            labels = np.array([_DIGITS.find(c.lower()) if c.isascii() else -1 for c in spec])
            try:
                jigsaw = Layout.jigsaw(labels.reshape(side, side)).with_values(count) if \
                    region == side else _pieces(labels, side, region, here)
            except LayoutError as error:
                _fail(here, str(error))
        elif kind == "Cage":
            if not args:
                _fail(here, "needs a total and cells")
            total = args[0]
            if total and not _is_whole(total):
                _fail(here, f"total {_not_whole(total)}")
            any_sum = not total or int(total) == 0  # 0: any sum, as no total
            listed = cells(args[1:])
            distinct = tuple(dict.fromkeys(listed))
            if len(distinct) == len(listed) or any_sum:
                constraints.append((here, Cage(distinct, None if any_sum else int(total))))
            else:  # a cell listed twice counts twice in the sum, once in the all-different
                constraints += [(here, Cage(distinct)), (here, CellSum(listed, int(total)))]
        elif kind == "Thermo":
            constraints.append((here, Thermometer(cells(args))))
        elif kind == "Whisper":
            gap = 5
            if args and args[0].isascii() and args[0].isdigit():
                gap, args = _whole(args[0], here), args[1:]
            constraints.append((here, Whispers(cells(args), gap)))
        elif kind in ("Renban", "Palindrome"):
            constraints.append((here, (Renban if kind == "Renban" else Palindrome)(cells(args))))
        elif kind == "Regex":
            pattern = _pattern(args[0] if args else "", here)
            lines = "~".join(args[1:]).split("~~")
            constraints += [(here, Regular(cells(line.split("~")), pattern=pattern))
                            for line in lines if line]
            if not any(lines):
                cells([])
        elif kind == "LittleKiller":
            total = _whole(args[0] if args else "", here)
            if len(args) != 2:
                _fail(here, "needs a total and the cell the diagonal starts at")
            constraints.append((here, LittleKiller(_diagonal(_cell(args[1], side, here), side,
                                                             here), total)))
        elif kind == "Sandwich":
            if len(args) != 2:
                _fail(here, "needs a total and a row or column (R1, C1)")
            constraints.append((here, Sandwich(_full_line(args[1], side, here),
                                               _whole(args[0], here))))
        elif kind in _DOUBLE_LINE:
            if len(args) not in (2, 3):
                _fail(here, "needs a row or column and one or two clues")
            line = _full_line(args[0], side, here)
            make = _DOUBLE_LINE[kind]
            constraints += [(here, make(cells_, _whole(clue, here)))
                            for clue, cells_ in zip(args[1:], (line, line[::-1])) if clue]
        elif kind == "SumLine" and args[-1:] == ["LOOP"]:
            constraints.append((here, SumLine(cells(args[1:-1]), _whole(args[0], here), True)))
        elif kind in ("Sum", "SumLine", "Modular", "Lunchbox", "RellikCage", "Lockout"):
            if not args:
                _fail(here, "needs a number and cells")
            make = {"Sum": CellSum, "SumLine": SumLine, "Modular": Modular,
                    "Lunchbox": Lunchbox, "RellikCage": RellikCage, "Lockout": Lockout}[kind]
            if "LOOP" in args:
                _fail(here, f"a {kind} loop is not supported")
            number = _whole(args[0], here)
            constraints.append((here, make(cells(args[1:]), number) if kind != "Lockout"
                                else Lockout(cells(args[1:]), number)))
        elif kind in _CELLS_ONLY:
            constraints.append((here, _CELLS_ONLY[kind](cells(args))))
        elif kind in ("Pair", "PairX", "Binary", "BinaryX"):
            allowed = _pair_key(args[0] if args else "", kind.startswith("Binary"), count, here)
            scope = "all" if kind.endswith("X") else "consecutive"
            constraints += [(here, Pairwise(cells(group), allowed, scope))
                            for group in _named_groups(args[1:])]
        elif kind == "NFA":
            transitions, start, accepting = _nfa(args[0] if args else "", count, here)
            for group in _named_groups(args[1:]):
                if "-" in group:
                    _fail(here, "an NFA over several segments is not supported")
                constraints.append((here, Regular(cells(group), transitions=transitions,
                                                  start=start, accepting=accepting)))
        elif kind == "ValueIndexing":
            found = cells(args)
            if len(found) < 3:
                _fail(here, "needs a value cell, a control cell and the cells it indexes")
            constraints.append((here, _value_indexing(found, values, count)))
        elif kind == "LookAndSay":
            clue = args[0] if args else ""
            if not (clue.isascii() and clue.isdigit() and len(clue) % 2 == 0):
                _fail(here, f"{excerpt(clue)} is not a look-and-say clue (pairs of digits: count, "
                            f"value)")
            counts = {}
            for times, value in zip(clue[::2], clue[1::2]):  # not count: the values' number
                before = counts.get(int(value))
                if before and int(times):
                    _fail(here, f"the clue {excerpt(clue)} gives the value {value} twice")
                # a value both excluded and required: no word (-1: never counted)
                counts[int(value)] = int(times) if before in (None, int(times)) else -1
            constraints.append((here, _look_and_say(cells(args[1:]), counts, values, count)))
        elif kind == "DutchFlatmates":
            if values != ONE_TO_N:
                _fail(here, "Dutch flatmates in the values 0..N-1 (the solver refuses them too)")
            constraints += [(here, _flatmates(column, count)) for column in
                            (tuple(range(c, side * side, side)) for c in range(side))]
        elif kind == "Indexing":
            if not args or args[0] not in ("C", "R"):
                _fail(here, "needs C (column indexing) or R (row indexing) and cells")
            constraints.append((here, Indexing(cells(args[1:]),
                                               "column" if args[0] == "C" else "row")))
        elif kind == "SameValues":
            found, sets = cells(args[1:]), _whole(args[0] if args else "", here)
            if sets == len(found):  # sets of one cell: all hold one value
                constraints += [(here, Clone((found[0],), (other,))) for other in found[1:]]
            else:
                constraints.append((here, SameValues(found, sets)))
        elif kind == "EqualSum":
            parts = [part.split("~") for part in "~".join(args).split("~-~")]
            constraints.append((here, EqualSum(cells([c for part in parts for c in part]),
                                               tuple(len(part) for part in parts))))
        elif kind == "PillArrow":
            size = _whole(args[0] if args else "", here)
            found = cells(args[1:])
            constraints.append((here, PillArrow(tuple(sorted(found[:size])), found[size:])))
        elif kind in ("DoubleArrow", "Zipper", "Entropic"):
            make = {"DoubleArrow": DoubleArrow, "Zipper": Zipper, "Entropic": Entropic}[kind]
            constraints.append((here, make(cells(args))))
        elif kind == "Quad":
            corner = cells(args[:1], 1)[0]
            if corner % side == side - 1 or corner // side == side - 1:
                _fail(here, f"{args[0]} is not the top-left cell of a 2x2 square")
            square = (corner, corner + 1, corner + side, corner + side + 1)
            constraints.append((here, Quadruple(square, tuple(_whole(v, here)
                                                              for v in args[1:]))))
        elif kind == "Arrow":
            found = cells(args)
            constraints.append((here, Arrow(found[0], found[1:])))
        elif kind == "AllDifferent":
            constraints.append((here, Region(cells(args))))
        elif kind in _PAIRS:
            found = cells(args)
            if len(found) < 2:
                _fail(here, "needs two or more adjacent cells")
            pairs = [(a, b) for i, a in enumerate(found) for b in found[i + 1:]
                     if _adjacent(a, b, side)]
            if not pairs:
                _fail(here, "no two of its cells are orthogonal neighbours")
            constraints += [(here, _PAIRS[kind](a, b)) for a, b in pairs]
        elif kind == "Diagonal":
            if args not in (["1"], ["-1"]):
                _fail(here, f"direction must be 1 or -1, got {excerpt('~'.join(args))}")
            cells_of[f"Diagonal~{args[0]}"] = (here, "1" if args == ["1"] else "-1")
        elif kind in ("Windoku", "DisjointSets", "StrictKropki") or kind in _GLOBAL:
            cells_of[kind] = (here, None)
        else:
            _fail(here, f"constraint type {excerpt(kind)} is not supported")
    if composites:
        _fail(composites[-1][1], "no End closes it")
    if region != side:  # boxes or pieces larger than a row: regions beside rows and columns
        layout = Layout.latin(side).with_values(count)
        pieces = jigsaw if jigsaw is not None else [] if no_boxes else boxes_of_size(side, region)
        constraints += [(f"{where}, RegionSize", Region(cells)) for cells in pieces]
    elif no_boxes or layout.kind == "latin":  # a side with no boxes (7x7): the jigsaw's regions
        layout = jigsaw if jigsaw is not None else Layout.latin(side).with_values(count)
    elif jigsaw is not None and jigsaw != layout:  # the jigsaw's regions beside the boxes
        constraints += [(f"{where}, Jigsaw", Region(tuple(int(c) for c in cells)))
                        for cells in jigsaw.houses[2 * side:]]
    found = list(constraints)
    for key, (here, direction) in cells_of.items():
        try:
            if key.startswith("Diagonal"):
                found.append((here, diagonals(layout)[1 if direction == "1" else 0]))
            elif key == "Windoku":
                found += [(here, region) for region in windoku(layout)]
            elif key == "DisjointSets" and region != side:  # the same places of larger boxes
                found += [(here, Region(cells)) for cells in zip(*boxes_of_size(side, region))]
            elif key == "DisjointSets":
                found += [(here, region) for region in disjoint_groups(layout)]
            elif key == "StrictKropki":
                found.append((here, KropkiNegative()))
            else:
                found.append((here, _GLOBAL[key]()))
        except RulesError as error:
            _fail(here, str(error))
    inside = list(given)  # the constraints in the values 1..N (module value_range)
    context = marks([c for _, c in found])
    for here, constraint in found:
        try:
            inside += [(here, c) for c in to_internal(constraint, values, layout,
                                                      context=context)]
        except PuzzleFormatError as error:
            _fail(here, str(error))
    found = inside
    for kind_, picked in parity.items():
        if picked:
            found.append((f"{where}, {kind_} candidates", Parity(tuple(picked), kind_)))
    for here, constraint in found:
        try:
            constraint.validate(layout)
        except RulesError as error:
            _fail(here, str(error))
    try:
        rules = Rules(layout, tuple(c for _, c in found))
    except RulesError as error:
        _fail(where, str(error))
    return grid.reshape(side, side), rules


def _value_indexing(cells, values: ValueRange, count: int) -> Regular:
    """The solver's ``ValueIndexing`` (its handler of that name,
    ``js/solver/handlers.js``): the first cell's value ``x`` is on the line
    of ``cells[2:]`` at the place the second cell's own value ``c`` gives
    (``cells[1 + c]``, ``c`` from 1: the control cell never holds 0 or more
    than the line's length), as a regular constraint over the own values
    (``count`` of them: more than the side on a ``Shape~6x6~9``)."""
    line = len(cells) - 2

    def step(state, value):
        position, wanted, control = state
        if position == len(cells):
            return None
        if position == 0:
            return 1, value, 0
        if position == 1:
            return (2, wanted, value) if 1 <= value <= line else None
        if position - 1 == control and value != wanted:
            return None
        return position + 1, wanted, control

    return own_regular(cells, (0, 0, 0), step, lambda q: q[0] == len(cells), values.shift, count)


def _look_and_say(cells, counts: dict[int, int], values: ValueRange, count: int) -> Regular:
    """The solver's ``LookAndSay``: the cells hold exactly ``counts[v]`` of
    each own value ``v`` the clue names (0: none), the other values freely
    (its ``RequiredValues``, strict, and ``GivenCandidates``), as a regular
    constraint counting each named value, over ``count`` values."""
    named = sorted(counts)

    def step(seen, value):
        if value not in counts:
            return seen
        at = named.index(value)
        return None if counts[value] < 0 or seen[at] == counts[value] else \
            seen[:at] + (seen[at] + 1,) + seen[at + 1:]

    return own_regular(cells, (0,) * len(named), step,
                       lambda seen: list(seen) == [counts[v] for v in named], values.shift, count)


def _flatmates(column, count: int) -> Regular:
    """The solver's ``DutchFlatmates`` on one column, top to bottom (its
    ``DutchFlatmateLine``): the middle value ``ceil(V / 2)`` has a 1 directly
    above it or a ``V`` directly below it, ``V`` the ``count`` of values (its
    ``geometry.numValues``: 5 and 9 on a ``Shape~7x7~9``, not the side), as a
    regular constraint. The state: whether the cell before holds 1, and
    whether a middle value still waits for a ``V`` below it."""
    middle = (count + 1) // 2

    def step(state, value):
        one_above, waiting = state
        if waiting and value != count:
            return None
        return value == 1, value == middle and not one_above

    return own_regular(column, (False, False), step, lambda q: not q[1], 0, count)


def _replicated(items, side: int, where: str):
    """``items`` with each ``Replicate~targets~origin`` ... ``End`` block
    written out: its items once per target cell, every cell moved by the
    target's row and column offset from the origin (``R1C1`` by default),
    as the solver's ``Replicate`` composite does (``sudoku_builder.js``).
    The targets are the origin's flat index plus each set bit of the
    base64 bit set (six bits a character, lowest first)."""
    out, at = [], 0
    while at < len(items):
        kind, args = items[at]
        if kind != "Replicate":
            out.append(items[at])
            at += 1
            continue
        here = f"{where}, item {at + 1} (Replicate)"
        depth, end = 1, at + 1
        while end < len(items) and depth:
            depth += {"Or": 1, "And": 1, "Replicate": 1, "End": -1}.get(items[end][0], 0)
            end += 1
        if depth:
            _fail(here, "no End closes it")
        code = args[0] if args else ""
        if any(c not in _B64 for c in code):
            _fail(here, f"{excerpt(code)} is not a bit set of target cells (base64 digits)")
        origin = _cell(args[1], side, here) if len(args) > 1 and args[1] else 0
        targets = [origin + i for i in range(6 * len(code)) if _B64.index(code[i // 6]) >> i % 6 & 1]
        inner = _replicated(items[at + 1:end - 1], side, where)
        for target in targets:
            if target >= side * side:
                _fail(here, f"a target cell past the end of the {side}x{side} grid")
            rows, cols = target // side - origin // side, target % side - origin % side
            out += [(k, [_moved(arg, rows, cols, side, here) for arg in a]) for k, a in inner]
        at = end
    return out


def _moved(arg: str, rows: int, cols: int, side: int, where: str) -> str:
    """An item argument with its cell (``R1C1`` or a given ``R1C1_5``)
    moved ``rows`` down and ``cols`` right; any other argument as it is."""
    if len(arg) < 4 or arg[0] not in "Rr" or arg[2] not in "Cc" or arg[4:5] not in ("", "_"):
        return arg
    cell = _cell(arg[:4], side, where)
    row, col = cell // side + rows, cell % side + cols
    if not (0 <= row < side and 0 <= col < side):
        _fail(where, f"{arg[:4]} moved {rows} rows and {cols} columns leaves the grid")
    return _cell_id(row * side + col, side) + arg[4:]


def _named_groups(items: list[str]) -> list[list[str]]:
    """The cell groups of a ``Pair`` or ``NFA`` item: runs of cells between
    empty items, a ``_name`` item starting a named group (its
    ``parseNamedCellGroups``)."""
    groups: list[list[str]] = [[]]
    for item in items:
        if not item or item.startswith("_"):
            groups.append([])
        else:
            groups[-1].append(item)
    return [group for group in groups if group]


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _pair_key(key: str, legacy: bool, side: int, where: str) -> tuple[tuple[int, int], ...]:
    """The allowed ``(u, v)`` of a ``Pair`` key: six bits per character
    (URL-safe base64 digits; ``Binary`` swaps ``-`` and ``_``), lowest bit
    first, over ``(u, v)`` row by row (the solver's ``fnToBinaryKey``)."""
    if legacy:
        key = key.translate(str.maketrans("-_", "_-"))
    if not key or any(c not in _B64 for c in key):
        _fail(where, f"{excerpt(key)} is not a relation key (base64 digits)")
    bits = [_B64.index(c) >> i & 1 for c in key for i in range(6)]
    return tuple((u, v) for u in range(1, side + 1) for v in range(1, side + 1)
                 if (u - 1) * side + v - 1 < len(bits) and bits[(u - 1) * side + v - 1])


def _to_pair_key(allowed, side: int) -> str:
    bits = [(u, v) in set(allowed) for u in range(1, side + 1) for v in range(1, side + 1)]
    while bits and not bits[-1]:
        bits.pop()
    return "".join(_B64[sum(b << i for i, b in enumerate(bits[k:k + 6]))]
                   for k in range(0, len(bits), 6))


def _nfa(code: str, side: int, where: str):
    """``(transitions, start, accepting)`` of an ``NFA`` item's automaton,
    decoded from the solver's ``NFASerializer`` (URL-safe base64 of a bit
    stream, most significant bit first: a header of format, state bits,
    symbol count, start and accepting counts, then each state's
    transitions, plain or packed); several start states get one new start
    state. Transitions on values above ``side`` are dropped."""
    if not code or any(c not in _B64 for c in code) or len(code) % 4 == 1:
        _fail(where, f"{excerpt(code)} is not an automaton in base64")
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    stream = "".join(f"{byte:08b}" for byte in data)
    at = 0

    def read(count: int) -> int:
        nonlocal at
        if at + count > len(stream):
            _fail(where, "the automaton's data ends early")
        at += count
        return int(stream[at - count:at] or "0", 2)

    packed = read(2)
    if packed > 1:
        _fail(where, "the automaton's format is unknown")
    state_bits, symbols = read(4) + 1, read(4) + 1
    starts, accepts = read(state_bits), read(state_bits)
    start_accepts = read(starts)
    counts = 0 if packed else read(4)
    symbol_bits = (symbols - 1).bit_length()
    transitions = []
    state = 0
    while len(stream) - at >= (symbols if packed else max(counts, 1)) and (packed or counts):
        if packed:
            mask = read(symbols)
            moves = [(v, read(state_bits)) for v in range(1, symbols + 1)
                     if mask >> (v - 1) & 1]
        else:
            moves = [(read(symbol_bits) + 1, read(state_bits)) for _ in range(read(counts))]
        transitions += [(state, v, target) for v, target in moves]
        state += 1
    accepting = [i for i in range(starts) if start_accepts >> i & 1]
    accepting += list(range(starts, starts + accepts))
    if not transitions:
        _fail(where, "the automaton has no transitions: it accepts no line")
    first = max([state, starts + accepts] + [t for _, _, t in transitions]) + 1
    transitions += [(first, v, t) for q, v, t in transitions if q < starts]
    if any(q < starts for q in accepting):
        accepting.append(first)
    return (tuple((q, v, t) for q, v, t in transitions if v <= side), first,
            tuple(accepting))


def _is_whole(text: str) -> bool:
    """Whether ``text`` is a whole number of these strings: ASCII digits, at
    most :data:`~sudoku_models.limits.MAX_ISS_DIGITS` of them."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_ISS_DIGITS


def _not_whole(text: str) -> str:
    """Why ``text`` is not a whole number (:func:`_is_whole`), naming it shortened."""
    if text.isascii() and text.isdigit():
        shown = text if len(text) <= 12 else text[:12] + "..."
        return f"{shown} has {len(text):,} digits; these strings' numbers have at most {MAX_ISS_DIGITS}"
    return f"{excerpt(text)} is not a whole number"


def _whole(text: str, where: str) -> int:
    if not _is_whole(text):
        _fail(where, _not_whole(text))
    return int(text)


def _full_line(name: str, side: int, where: str) -> tuple[int, ...]:
    """The cells of row ``R<n>`` or column ``C<n>`` (base 36), from the top
    or the left."""
    index = _DIGITS.find(name[1:].lower()) if len(name) == 2 and name[1:].isascii() else -1
    if name[:1] not in ("R", "C") or not 1 <= index <= side:
        _fail(where, f"{excerpt(name)} is not a row or column such as R1 or C1")
    if name[0] == "R":
        return tuple((index - 1) * side + c for c in range(side))
    return tuple(r * side + index - 1 for r in range(side))


def _diagonal(cell: int, side: int, where: str) -> tuple[int, ...]:
    """The little killer diagonal the solver keys by its first cell: from
    the left edge down-right, the right edge up-left, the top edge
    down-left, the bottom edge up-right (its ``LittleKiller.cellMap``, the
    first of two that cover the same cells kept)."""
    found: dict[int, tuple[int, ...]] = {}
    seen = set()
    starts = ([(r, 0, 1, 1) for r in range(side - 1)]
              + [(r, side - 1, -1, -1) for r in range(1, side - 1)]
              + [(0, c, 1, -1) for c in range(1, side)]
              + [(side - 1, c, -1, 1) for c in range(1, side - 1)])
    for r, c, dr, dc in starts:
        cells = []
        while 0 <= r < side and 0 <= c < side:
            cells.append(r * side + c)
            r, c = r + dr, c + dc
        key = frozenset(cells)
        if len(cells) > 1 and key not in seen:
            seen.add(key)
            found[cells[0]] = tuple(cells)
    if cell not in found:
        _fail(where, f"no little killer diagonal starts at {_cell_id(cell, side)}")
    return found[cell]


def _diagonal_key(cells, side: int) -> int | None:
    """The first cell of the solver's diagonal covering ``cells``, if any."""
    for start in {cells[0], cells[-1]}:
        try:
            if set(_diagonal(start, side, "")) == set(cells):
                return start
        except PuzzleFormatError:
            continue
    return None


def _line_name(cells, side: int) -> tuple[str, bool] | None:
    """``("R3", True)`` for row 3 from the left (``False``: from the
    right), ``("C2", ...)`` for a column from the top; None for another
    shape."""
    for prefix in ("R", "C"):
        for index in range(1, side + 1):
            line = _full_line(f"{prefix}{_DIGITS[index]}", side, "")
            if tuple(cells) in (line, line[::-1]):
                return f"{prefix}{_DIGITS[index]}", tuple(cells) == line
    return None


def _pattern(code: str, where: str) -> str:
    """A ``Regex`` item's pattern: URL-safe base64 without padding (the
    solver's ``Base64Codec.encodeString``), or percent-encoded text (its
    older form, told by a ``%``). A character outside base64 is named (the
    lenient decoder dropped it: ``@@@`` was the empty pattern)."""
    if not code:
        _fail(where, "needs a pattern (in base64) before its cells")
    if "%" in code:
        return unquote(code)
    standard = code.replace("-", "+").replace("_", "/")
    try:
        return base64.b64decode(standard + "=" * (-len(code) % 4), validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        _fail(where, f"{excerpt(code)} is not a pattern in base64 (A-Z, a-z, 0-9, - and _)")


def _items(grid: np.ndarray, rules: Rules, values: ValueRange = ONE_TO_N) -> str:
    """The constraint string of a puzzle's clues (``(N, N)`` ints 1..N, 0
    empty) and rules, written in ``values`` (``Shape~9x9~0-8`` and the
    totals and values of 0..N-1:
    :func:`~sudoku_models.core.value_range.to_internal` backwards); empty
    for an empty 9x9 without constraints."""
    layout = rules.layout
    side = layout.side
    if side > MAX_ISS_SIDE:
        _fail("constraint string", f"the Interactive Sudoku Solver takes grids up to "
                                   f"{MAX_ISS_SIDE}x{MAX_ISS_SIDE}, not {side}x{side}")
    shape = f"{side}x{side}" + ("" if values == ONE_TO_N and not layout.more_values else
                                f"~{layout.values}" if values == ONE_TO_N else
                                f"~{values.name(layout.values)}")
    out = [] if shape == "9x9" else [f".Shape~{shape}"]
    if layout.kind == "latin":
        out.append(".NoBoxes")
    elif layout != Layout.for_side(side).with_values(layout.values):
        labels, spec = {}, ""
        for label in layout.regions.ravel():
            spec += labels.setdefault(int(label), _DIGITS[len(labels)])
        out.append(f".NoBoxes.Jigsaw~{spec}")
    flat = np.asarray(grid).ravel()
    givens = [f"{_cell_id(c, side)}_{flat[c] + values.shift}" for c in np.flatnonzero(flat)]
    if givens:
        out.append(".~" + "~".join(givens))

    def ids(cells):
        return "~".join(_cell_id(c, side) for c in cells)

    specials = {region: f".Diagonal~{direction}"
                for region, direction in zip(diagonals(layout), ("-1", "1"))}
    done = set()
    windows = set(windoku(layout)) if layout.box_shape else set()
    groups = set(disjoint_groups(layout)) if layout.box_shape else set()
    names = {AntiKnight: ".AntiKnight", AntiKing: ".AntiKing", NonConsecutive: ".AntiConsecutive",
             XVNegative: ".StrictXV"}
    written = [own for constraint in rules.constraints for own in _own(constraint, values, layout)]
    for constraint in written:
        kind = type(constraint)
        if constraint in specials:
            out.append(specials[constraint])
        elif windows and constraint in windows:
            done.add(".Windoku")
        elif groups and constraint in groups:
            done.add(".DisjointSets")
        elif kind in names:
            out.append(names[kind])
        elif kind is Region:
            out.append(f".AllDifferent~{ids(constraint.cells)}")
        elif kind is Cage:
            total = "" if constraint.total is None else constraint.total
            out.append(f".Cage~{total}~{ids(constraint.cells)}")
        elif kind is Thermometer:
            out.append(f".Thermo~{ids(constraint.cells)}")
        elif kind is Arrow:
            out.append(f".Arrow~{ids((constraint.circle, *constraint.cells))}")
        elif kind is Kropki and constraint.value in (None, constraint.amount) and \
                constraint.amount == (1 if constraint.color == "white" else 2):
            name = "WhiteDot" if constraint.color == "white" else "BlackDot"
            out.append(f".{name}~{ids(constraint.cells)}")
        elif kind is XV:
            out.append(f".{'X' if constraint.total == 10 else 'V'}~{ids(constraint.cells)}")
        elif kind is GreaterThan and _adjacent(*constraint.cells, side):
            out.append(f".GreaterThan~{ids(constraint.cells)}")
        elif kind is GreaterThan:  # apart (a copy's moved rows): a thermometer of two cells
            out.append(f".Thermo~{ids(constraint.cells[::-1])}")
        elif kind is Clone:  # one cell and its clone: a set each, one value
            out += [f".SameValues~2~{ids(pair)}" for pair in zip(constraint.cells,
                                                                 constraint.clones)]
        elif kind is KropkiNegative and set(constraint.colors) == {"white", "black"}:
            out.append(".StrictKropki")
        elif kind is Whispers:
            out.append(f".Whisper~{constraint.gap}~{ids(constraint.cells)}")
        elif kind in (Renban, Palindrome):
            out.append(f".{kind.__name__}~{ids(constraint.cells)}")
        elif kind is LittleKiller and _diagonal_key(constraint.cells, side) is not None:
            out.append(f".LittleKiller~{constraint.total}~"
                       f"{_cell_id(_diagonal_key(constraint.cells, side), side)}")
        elif kind in (Sandwich, *_DOUBLE_LINE.values()) and _line_name(constraint.cells, side):
            name, forward = _line_name(constraint.cells, side)
            clue = constraint._clue
            if kind is Sandwich:
                out.append(f".Sandwich~{clue}~{name}")
            else:
                out.append(f".{_ISS_NAME[kind]}~{name}~{clue if forward else ''}"
                           f"{'' if forward else '~' + str(clue)}")
        elif kind is SumLine and constraint.loop:
            out.append(f".SumLine~{constraint.total}~{ids(constraint.cells)}~LOOP")
        elif kind in (RellikCage, Lockout):
            number = constraint.total if kind is RellikCage else constraint.gap
            out.append(f".{kind.__name__}~{number}~{ids(constraint.cells)}")
        elif kind in _CELLS_ONLY.values():
            out.append(f".{kind.__name__}~{ids(constraint.cells)}")
        elif kind is Pairwise:
            out.append(f".Pair{'X' if constraint.pairs_of == 'all' else ''}~"
                       f"{_to_pair_key(constraint.allowed, side)}~_~{ids(constraint.cells)}")
        elif kind is Indexing:
            out.append(f".Indexing~{constraint.direction[0].upper()}~{ids(constraint.cells)}")
        elif kind in (AntiTaxicab, GlobalEntropy, GlobalMod):
            out.append(f".{kind.__name__}")
        elif kind in (CellSum, SumLine, Modular, Lunchbox):
            number = constraint.modulus if kind is Modular else constraint.total
            out.append(f".{_ISS_NAME[kind]}~{number}~{ids(constraint.cells)}")
        elif kind is PillArrow:
            out.append(f".PillArrow~{len(constraint.pill)}~"
                       f"{ids((*constraint.pill, *constraint.cells))}")
        elif kind in (DoubleArrow, Zipper, Entropic):
            out.append(f".{kind.__name__}~{ids(constraint.cells)}")
        elif kind is Quadruple:
            out.append(f".Quad~{_cell_id(min(constraint.cells), side)}~"
                       f"{'~'.join(map(str, constraint.values))}")
        elif kind is Regular and constraint.pattern:
            code = base64.urlsafe_b64encode(constraint.pattern.encode()).decode().rstrip("=")
            out.append(f".Regex~{code}~{ids(constraint.cells)}")
        elif kind is Regular:  # an automaton (a copy's relabelled line, a rule read as one)
            out.append(f".NFA~{_nfa_code(constraint, layout, values)}~_~{ids(constraint.cells)}")
        elif kind is SameValues:
            out.append(f".SameValues~{constraint.sets}~{ids(constraint.cells)}")
        elif kind is EqualSum:
            out.append(".EqualSum~" + "~-~".join(ids(part) for part in constraint.segments()))
        elif kind is Either:
            bare = _items(np.zeros((side, side), int), Rules(layout, ()))
            inner = [_items(np.zeros((side, side), int), Rules(layout, branch))[len(bare):]
                     for branch in constraint.branches]
            out.append(".Or" + "".join(text if len(branch) == 1 else f".And{text}.End"
                                       for text, branch in zip(inner, constraint.branches))
                       + ".End")
        elif kind is Candidates:
            listed = "_".join(str(v + values.shift) for v in sorted(set(constraint.values)))
            out.append(".~" + "~".join(f"{_cell_id(c, side)}_{listed}" for c in constraint.cells))
        elif kind is Parity:
            listed = "_".join(str(v + values.shift) for v in range(1, side + 1)
                              if v % 2 == (constraint.parity == "odd"))
            out.append(".~" + "~".join(f"{_cell_id(c, side)}_{listed}" for c in constraint.cells))
        else:
            _fail("constraint string", f"{constraint.label(layout)} has no Interactive Sudoku "
                                       "Solver form")
    return "".join(out + sorted(done))


def _own(constraint, values: ValueRange, layout: Layout) -> tuple:
    """``constraint`` as written in the puzzle's own ``values``: candidates
    and parity as they are (shifted as written), an automaton's regular
    line as it is (the solver's ``NFA`` symbols are the values counted from
    1 whatever its ``Shape``'s range: ``compileNFA`` takes no offset); a
    pattern with no form in ``values`` (more than 9 values) as its
    automaton; the other kinds :func:`to_internal` backwards."""
    if isinstance(constraint, (Candidates, Parity)) or (
            isinstance(constraint, Regular) and not constraint.pattern):
        return (constraint,)
    try:
        return tuple(to_internal(constraint, values, layout, inverse=True))
    except ValueRangeError:
        if not isinstance(constraint, Regular):
            raise
        return (as_regular(constraint.cells, constraint.automaton(layout.values)),)


def _nfa_code(constraint: Regular, layout: Layout, values: ValueRange) -> str:
    """The solver's serialized automaton (its ``NFASerializer.serialize``,
    ``js/nfa_builder.js``; :func:`_nfa` reads it) of a regular line given
    by transitions: the states that lie on some path from the start to an
    accepting state, the start first, then the accepting ones, then the
    others; one symbol per value (symbol ``v`` the value ``v`` of 1..N);
    packed (a mask of symbols and one target each) where the automaton is
    deterministic and that is shorter, else plain (a count and ``(symbol,
    target)`` pairs per state); bits most significant first, URL-safe
    base64 without padding. A language without a word: a start state whose
    one move leads nowhere accepting. :class:`PuzzleFormatError` for more
    states than the format's 16 state bits hold."""
    moves: dict[int, set[tuple[int, int]]] = {}
    into: dict[int, set[int]] = {}
    for q, v, t in constraint.transitions:
        moves.setdefault(q, set()).add((v, t))
        into.setdefault(t, set()).add(q)
    reach, stack = {constraint.start}, [constraint.start]
    while stack:
        for _, t in moves.get(stack.pop(), ()):
            if t not in reach:
                reach.add(t)
                stack.append(t)
    live = {q for q in constraint.accepting if q in reach}
    stack = list(live)
    while stack:
        for q in into.get(stack.pop(), ()):
            if q in reach and q not in live:
                live.add(q)
                stack.append(q)
    rows = None
    if constraint.start in live:
        order = [constraint.start] + sorted(q for q in live - {constraint.start}
                                            if q in constraint.accepting)
        accepts = len(order) - 1
        order += sorted(q for q in live if q not in order)
        index = {q: i for i, q in enumerate(order)}
        rows = [sorted((v, index[t]) for v, t in moves.get(q, ()) if t in live) for q in order]
        start_accepts = int(constraint.start in constraint.accepting)
    if not rows or not any(rows):  # no word of one value or more
        rows, accepts, start_accepts = [[(1, 2)], [], []], 1, 0
    symbols = layout.values
    state_bits = max(1, (len(rows) - 1).bit_length())
    count_bits = max(map(len, rows)).bit_length()
    if state_bits > 16 or count_bits > 15:
        _fail("constraint string", f"{constraint.label(layout)}: its automaton has "
                                   f"{len(rows):,} states, more than the solver's NFA "
                                   f"item holds (65,536)")
    moves_count = sum(map(len, rows))
    packed = all(len({v for v, _ in row}) == len(row) for row in rows) and (
        len(rows) * symbols + moves_count * state_bits <
        len(rows) * count_bits + moves_count * ((symbols - 1).bit_length() + state_bits))
    fields = [(int(packed), 2), (state_bits - 1, 4), (symbols - 1, 4), (1, state_bits),
              (accepts, state_bits), (start_accepts, 1)]
    if not packed:
        fields.append((count_bits, 4))
    for row in rows:
        if packed:
            fields.append((sum(1 << (v - 1) for v, _ in row), symbols))
            fields += [(t, state_bits) for _, t in row]
        else:
            fields.append((len(row), count_bits))
            fields += [field for v, t in row
                       for field in ((v - 1, (symbols - 1).bit_length()), (t, state_bits))]
    bits = "".join(format(value, f"0{width}b") for value, width in fields if width)
    bits += "0" * (-len(bits) % 8)
    data = int(bits, 2).to_bytes(len(bits) // 8, "big")
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


_ARROWS = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0), "`": (-1, -1), "'": (-1, 1),
           ",": (1, -1), ".": (1, 1)}


def is_short_killer(text: str) -> bool:
    """Whether ``text`` is 81 characters of the short killer format (with
    at least one arrow other than ``.``, which the line format uses for an
    empty cell)."""
    return len(text) == 81 and any(c in _ARROWS and c != "." for c in text) and all(
        c in _ARROWS or c.isascii() and c.isalnum() and c not in "klmnopqrstuwxyz" for c in text)


def from_short_killer(text: str, where: str = "killer"):
    """``(grid, rules)`` of a killer in the short format (module docstring):
    an empty 9x9 grid and its cages. :class:`PuzzleFormatError` for an
    arrow that leaves the grid, a loop, a head that is not a total, or
    cages that break the rules."""
    text = text.strip()
    if not is_short_killer(text):
        _fail(where, "the short killer format has 81 characters: totals and arrows <>^v`',.")
    side = 9
    head = []
    for cell, char in enumerate(text):
        step = _ARROWS.get(char)
        if step is None:
            head.append(cell)
            continue
        row, col = divmod(cell, side)
        row, col = row + step[0], col + step[1]
        if not (0 <= row < side and 0 <= col < side):
            _fail(where, f"the arrow {char!r} at {_cell_id(cell, side)} points outside the grid")
        head.append(row * side + col)
    cages: dict[int, list[int]] = {}
    for cell in range(side * side):
        at, steps = cell, 0
        while head[at] != at:
            at, steps = head[at], steps + 1
            if steps > side * side:
                _fail(where, f"the arrows from {_cell_id(cell, side)} go round in a loop")
        cages.setdefault(at, []).append(cell)
    constraints = []
    for top, members in cages.items():
        char = text[top]
        total = int(char) if char.isdigit() else (
            10 + ord(char) - ord("A") if char.isupper() else 36 + ord(char) - ord("a"))
        if total == 0:  # any sum: all different only (the solver's reading)
            constraints.append(Cage(tuple(members), None))
            continue
        constraints.append(Cage(tuple(members), total))
    try:
        rules = Rules(Layout.for_side(side), tuple(constraints))
    except RulesError as error:
        _fail(where, str(error))
    return np.zeros((side, side), dtype=np.int64), rules


def is_pencilmarks(text: str) -> bool:
    """Whether ``text`` is the pencil-mark format: ``N`` characters per cell
    (``N**3`` in all, ``N`` 4 to 9), each a digit or ``.``."""
    return len(text) in _PENCIL_SIDES and all(c in "0123456789." for c in text)


_PENCIL_SIDES = {side ** 3: side for side in range(4, 10)}


def from_pencilmarks(text: str, where: str = "pencil marks"):
    """``(grid, rules)`` of the pencil-mark format the Interactive Sudoku
    Solver reads: for each cell row by row, ``N`` characters, the digits it
    may hold (``.`` elsewhere). A cell with one digit is a clue, with some
    a :class:`~sudoku_models.core.rules.Candidates` constraint, with none a
    :class:`PuzzleFormatError`."""
    text = text.strip()
    if not is_pencilmarks(text):
        _fail(where, "the pencil-mark format has N*N*N digits and dots (729 for 9x9)")
    side = _PENCIL_SIDES[len(text)]
    grid = np.zeros(side * side, dtype=np.int64)
    constraints = []
    for cell in range(side * side):
        marks = sorted({int(c) for c in text[cell * side:(cell + 1) * side] if c != "."})
        if not marks or marks[0] < 1 or marks[-1] > side:
            _fail(where, f"{_cell_id(cell, side)} has no value in 1..{side}")
        if len(marks) == 1:
            grid[cell] = marks[0]
        elif len(marks) < side:
            constraints.append(Candidates((cell,), tuple(marks)))
    return grid.reshape(side, side), Rules(Layout.for_side(side), tuple(constraints))


def _jigsaw_parts(text: str) -> tuple[int, str, list[str]] | None:
    """``(side, cells, region symbols in order)`` of a jigsaw line, or None
    when ``text`` is not one (see :func:`from_jigsaw_line`)."""
    compact = "".join(text.split())
    side = math.isqrt(len(compact) // 2)
    if len(compact) != 2 * side * side or not 4 <= side <= 16:
        return None
    cells, labels = compact[: side * side], compact[side * side:]
    symbols = sorted(set(labels))
    if len(symbols) != side or any(labels.count(symbol) != side for symbol in symbols):
        return None
    empty = {char for char in cells if _jigsaw_value(char, side) is None}
    return (side, cells, symbols) if len(empty) <= 1 else None


def _jigsaw_value(char: str, side: int) -> int | None:
    """A cell of a jigsaw line as the solver writes it (``shortCharToValue``
    of ``js/sudoku_parser.js``): a digit below side 10, else ``A`` for 1,
    ``B`` for 2, ...; None for anything else (an empty cell)."""
    value = (int(char) if char.isascii() and char.isdigit() else 0) if side < 10 else (
        ord(char) - ord("A") + 1 if "A" <= char <= "Z" else 0)
    return value if 1 <= value <= side else None


def is_jigsaw_line(text: str) -> bool:
    """Whether ``text`` is the solver's jigsaw line (:func:`from_jigsaw_line`)."""
    return _jigsaw_parts(text) is not None


def from_jigsaw_line(text: str, where: str = "jigsaw line"):
    """``(grid, rules)`` of the Interactive Sudoku Solver's jigsaw line
    (``js/sudoku_parser.js``, ``_parseJigsawToAst``): whitespace ignored,
    ``N*N`` cells then ``N*N`` region symbols, ``N`` distinct symbols ``N``
    times each (N from 4 to 16); the cells as :func:`_jigsaw_value` reads
    them, every other character (one kind only) an empty cell."""
    parts = _jigsaw_parts(text)
    if parts is None:
        _fail(where, "a jigsaw line has N*N cells then N*N region symbols, N symbols N times "
                     "each")
    side, cells, symbols = parts
    grid = np.array([_jigsaw_value(char, side) or 0 for char in cells], dtype=np.int64)
    labels = "".join(text.split())[side * side:]
    regions = np.array([symbols.index(symbol) for symbol in labels]).reshape(side, side)
    return grid.reshape(side, side), Rules(Layout.jigsaw(regions), ())


def is_long_killer(text: str) -> bool:
    """Whether ``text`` is SudoCue's long killer format (``3x3:d:k:...``)."""
    return text.startswith("3x3:") and text.split(":")[2:3] == ["k"]


def from_long_killer(text: str, where: str = "killer"):
    """``(grid, rules)`` of a killer in SudoCue's long format (read by the
    Interactive Sudoku Solver): ``3x3:<d or nothing>:k:`` then 81 numbers
    each followed by ``:``, ``total * 256 + cage``, a cage number per cell with its total (0: a
    cell in no cage); ``d`` adds the two diagonals."""
    parts = text.strip().split(":")
    if not is_long_killer(text.strip()) or len(parts) != 85:
        _fail(where, "the long killer format is 3x3::k: and 81 numbers, each followed by ':'")
    cages: dict[int, list[int]] = {}
    totals: dict[int, int] = {}
    for cell, part in enumerate(parts[3:84]):
        if not (part.isascii() and part.isdigit() and len(part) <= 6):
            _fail(where, f"{_cell_id(cell, 9)}: {part[:20]!r} is not a whole number")
        total, cage = divmod(int(part), 256)
        if total:
            cages.setdefault(cage, []).append(cell)
            if totals.setdefault(cage, total) != total:
                _fail(where, f"cage {cage} has two totals, {totals[cage]} and {total}")
    layout = Layout.for_side(9)
    constraints = [Cage(tuple(cells), totals[cage]) for cage, cells in cages.items()]
    if parts[1] == "d":
        constraints += list(diagonals(layout))
    try:
        rules = Rules(layout, tuple(constraints))
    except RulesError as error:
        _fail(where, str(error))
    return np.zeros((9, 9), dtype=np.int64), rules
