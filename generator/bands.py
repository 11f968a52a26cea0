"""Every full grid of a box layout counted band by band, exactly (issue 23, item 3).

The method is Felgenhauer and Jarvis's ("Mathematics of Sudoku I",
*Mathematical Spectrum* 39, 2006; preprint 2005): cut the grid into
**bands** (a row of boxes), group the top bands into equivalence classes
that have the same number of completions, and count the completions of one
band per class. Here the classes are of **column signatures**:

* A band of boxes ``h`` rows tall and ``w`` wide (side ``N = h*w``) has
  ``h`` stacks of ``w`` columns; every column holds ``h`` values, every
  value once in each stack. Its *signature* is the set of values in each
  column. Three (or ``w``) bands stacked make a grid exactly when, column by
  column, their sets partition ``1..N``: whether a grid completes depends on
  a band only through its signature.
* So ``grids = sum over compatible signatures (S1, ..., Sw) of
  n(S1) x ... x n(Sw)``, where ``n(S)`` is the number of bands with
  signature ``S`` (:func:`bands_with_columns`, compiled: it gives each
  value a row in each stack, a permutation, so that no column repeats a
  row).
* Relabelling the values changes nothing, so a signature is described by
  how many values share each combination of columns across the ``h``
  stacks: a ``w x w x ... x w`` (``h`` axes) table of counts whose every
  slice sums to ``h`` (:func:`signature_keys`). For the 9x9 grid, 22,620
  such tables arise; permuting stacks and the columns within a stack (grid
  symmetries) groups them into 44 classes (:func:`signature_classes`),
  the same number as Felgenhauer and Jarvis's classes of top bands.
* With ``w = 2`` bands the lower band's signature is the complement of the
  upper's, which is the upper's with every column swapped in its stack: the
  count is ``sum_S n(S)^2``. With ``w = 3`` the middle band's signature
  is chosen column set by column set (56 ways per stack, ``56^3`` per
  class) and fixes the bottom band's (:func:`completions`).

This counts the 9x9 grids (6,670,903,752,021,072,936,960; Felgenhauer and
Jarvis 2005) in seconds, and the 8x8 grids with 2x4 boxes
(29,136,487,207,403,520, as OEIS A107739 lists) by transposing them to 4x2
boxes, whose grids are two bands. Exact Python ints throughout. (Russell
and Jarvis, "Mathematics of Sudoku II", 2006, went on to the 5,472,730,538
essentially different 9x9 grids by Burnside's lemma: see
:mod:`generator.grid_symmetry`.)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

import numba
import numpy as np

from sudoku_models.counter import compile_cache

compile_cache.prepare()  # before numba compiles or loads the kernel below: saves locked between processes

MAX_BAND_SIDE = 9  # 10x10 (5x2 boxes) already has 252^4 signatures to sort


@dataclass(frozen=True)
class BandCount:
    """The outcome of :func:`count_by_bands`.

    * ``grids``: the number of full grids (exact int).
    * ``box``: ``(h, w)``, the box shape counted (tall boxes: ``h >= w``;
      a layout with wide boxes is counted transposed, which has as many grids).
    * ``bands_per_grid``: ``w``.
    * ``bands``: the number of valid bands (exact int).
    * ``signatures``: the column signatures with the first stack's columns
      fixed (``{1..h}``, ``{h+1..2h}``, ...), one per relabelling class of a whole
      signature times its relabellings.
    * ``tables``: distinct count tables among them (signatures up to relabelling).
    * ``classes``: classes of tables up to permuting stacks and columns
      within stacks; ``class_sizes`` the signatures in each class,
      ``class_bands`` ``n(S)`` for one signature of each class and
      ``class_completions`` the ways the other bands complete it.
    """

    grids: int
    box: tuple[int, int]
    bands_per_grid: int
    bands: int
    signatures: int
    tables: int
    classes: int
    class_sizes: tuple[int, ...]
    class_bands: tuple[int, ...]
    class_completions: tuple[int, ...]


def column_assignments(height: int, width: int) -> np.ndarray:
    """Every way to put the ``N = height*width`` values of a stack into its
    ``width`` columns, ``height`` to a column: ``(k, N)`` int64 array, entry
    ``[i, v]`` the column (``0..width-1``) of value ``v+1``; ``k =
    N! / (height!)^width`` (1,680 for the 9x9 grid)."""
    side = height * width
    rows = [combo for combo in itertools.product(range(width), repeat=side)
            if all(combo.count(column) == height for column in range(width))]
    return np.array(rows, dtype=np.int64)


@numba.njit(cache=True)
def _bands_with_columns(columns, perms):  # pragma: no cover - compiled
    height, side = columns.shape
    width = columns.max() + 1
    used = np.zeros((height, width), np.int64)
    # value 0 takes rows 0, 1, ..., h-1 in the stacks: every band is one of h!
    # row orders of such a band
    for s in range(height):
        used[s, columns[s, 0]] |= 1 << perms[0, s]
    choice = np.full(side, -1, np.int64)
    total = 0
    v = 1
    while v >= 1:
        p = choice[v]
        if p >= 0:
            for s in range(height):
                used[s, columns[s, v]] ^= 1 << perms[p, s]
        p += 1
        while p < perms.shape[0]:
            free = True
            for s in range(height):
                if (used[s, columns[s, v]] >> perms[p, s]) & 1:
                    free = False
                    break
            if free:
                break
            p += 1
        if p == perms.shape[0]:
            choice[v] = -1
            v -= 1
            continue
        choice[v] = p
        for s in range(height):
            used[s, columns[s, v]] |= 1 << perms[p, s]
        if v == side - 1:
            total += 1
        else:
            v += 1
    return total


def bands_with_columns(columns: np.ndarray) -> int:
    """``n(S)``: the number of bands whose column signature is ``columns``,
    an ``(h, N)`` int array giving the column (``0..w-1``) of each value in
    each of the ``h`` stacks (every column holding ``h`` values). A band is
    a row for each value in each stack, a permutation of ``0..h-1``, with no
    row twice in a column; compiled depth-first search, value 1's rows fixed
    (times ``h!``). Raises ``ValueError`` for a malformed signature."""
    columns = np.ascontiguousarray(columns, dtype=np.int64)
    if columns.ndim != 2:
        raise ValueError(f"columns must be an (h, N) array, got shape {columns.shape}")
    height, side = columns.shape
    width, rem = divmod(side, height)
    if rem or width < 1 or columns.min() < 0 or columns.max() >= width or any(
            np.bincount(row, minlength=width).tolist() != [height] * width for row in columns):
        raise ValueError(f"columns must put {height} values in each of the {side // height} "
                         "columns of every stack")
    perms = np.array(list(itertools.permutations(range(height))), dtype=np.int64)
    return math.factorial(height) * int(_bands_with_columns(columns, perms))


@dataclass(frozen=True)
class _Tables:
    height: int
    width: int
    cell_digits: np.ndarray  # (w**h, h): the column in each stack of a table cell
    place: np.ndarray  # (h,): cell = sum(column_s * place_s)
    powers: np.ndarray  # (w**h,): key = sum(count_cell * powers_cell)


def _tables(height: int, width: int) -> _Tables:
    cells = width ** height
    if (height + 1) ** cells >= 2 ** 62:
        raise ValueError(f"{height}x{width} boxes have too many signature cells to key")
    return _Tables(height, width,
                   np.array(list(itertools.product(range(width), repeat=height)), dtype=np.int64),
                   width ** np.arange(height - 1, -1, -1, dtype=np.int64),
                   (height + 1) ** np.arange(cells, dtype=np.int64))


def signature_keys(height: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """The count tables of every band signature whose first stack puts
    values ``1..h`` in its first column, ``h+1..2h`` in the second, ...:
    ``(keys, counts)``, sorted distinct int64 keys (a table of counts ``<= h``
    over ``w**h`` cells written in base ``h+1``) and how many signatures
    have each. Every signature is a relabelling of one of these."""
    t = _tables(height, width)
    assignments = column_assignments(height, width)
    first = np.repeat(np.arange(width, dtype=np.int64), height) * t.place[0]
    cells = first[None, :]
    for stack in range(1, height):
        cells = (cells[:, None, :] + (assignments * t.place[stack])[None]).reshape(
            -1, height * width)
    return np.unique(t.powers[cells].sum(axis=1), return_counts=True)


def signature_classes(keys: np.ndarray, height: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Group count tables (``keys`` from :func:`signature_keys`) by the grid
    symmetries that move bands to bands: permuting the ``h`` stacks and the
    ``w`` columns within each stack (``h! x (w!)^h`` maps, 1,296 for 9x9).
    Returns ``(representatives, class_of)``: the index into ``keys`` of one
    table per class, and each key's class number."""
    t = _tables(height, width)
    counts = (keys[:, None] // t.powers[None, :]) % (height + 1)
    images = []
    for stacks in itertools.permutations(range(height)):
        for orders in itertools.product(list(itertools.permutations(range(width))),
                                        repeat=height):
            moved = np.empty_like(t.cell_digits)
            for stack in range(height):
                moved[:, stacks[stack]] = np.array(orders[stack])[t.cell_digits[:, stack]]
            images.append(t.powers[moved @ t.place])
    images = np.array(images, dtype=np.int64).T  # (cells, group): column g maps counts to a key
    canonical = np.full(len(keys), np.iinfo(np.int64).max)
    for start in range(0, images.shape[1], 64):
        canonical = np.minimum(canonical, (counts @ images[:, start:start + 64]).min(axis=1))
    _, representatives, class_of = np.unique(canonical, return_index=True, return_inverse=True)
    return representatives, class_of


def _columns_of(key: int, t: _Tables) -> np.ndarray:
    counts = (key // t.powers) % (t.height + 1)
    return np.repeat(t.cell_digits, counts, axis=0).T.copy()  # (h, N)


def completions(columns: np.ndarray, keys: np.ndarray, bands: np.ndarray) -> int:
    """The ways two bands complete a top band of 3-wide boxes whose column
    signature is ``columns`` (``(h, N)``, as for :func:`bands_with_columns`):
    the sum over the middle band's signatures ``S2`` (each column a set of
    values absent from the top band's column; 56 ways per 3x3 stack) of
    ``n(S2) x n(S3)``, ``S3`` the values left in each column. ``keys`` and
    ``bands`` give ``n`` for every count table (sorted keys). Vectorised
    numpy, ``56^h`` signatures at once."""
    height, side = columns.shape
    t = _tables(height, 3)
    assignments = column_assignments(height, 3)
    middle = np.zeros((1, side), np.int64)
    bottom = middle
    for stack in range(height):
        options = assignments[(assignments != columns[stack]).all(axis=1)]
        rest = 3 - columns[stack] - options
        middle = (middle[:, None, :] + (options * t.place[stack])[None]).reshape(-1, side)
        bottom = (bottom[:, None, :] + (rest * t.place[stack])[None]).reshape(-1, side)
    n_middle = bands[np.searchsorted(keys, t.powers[middle].sum(axis=1))]
    n_bottom = bands[np.searchsorted(keys, t.powers[bottom].sum(axis=1))]
    if int(bands.max()) ** 2 * len(n_middle) >= 2 ** 63:
        return sum(int(a) * int(b) for a, b in zip(n_middle, n_bottom))
    return int((n_middle * n_bottom).sum())


@lru_cache(maxsize=8)
def count_by_bands(rows: int, cols: int, tall: bool = True) -> BandCount:
    """Count the full grids with boxes ``rows`` tall and ``cols`` wide by
    bands (module docstring; Felgenhauer and Jarvis 2005): 4x4 288, 6x6
    28,200,960, 8x8 (2x4 boxes) 29,136,487,207,403,520 and 9x9
    6,670,903,752,021,072,936,960, each in seconds on one thread. With
    ``tall`` the boxes are turned to stand tall first (transposing a grid
    keeps it a grid, and the fewer bands the better: 8x8 is counted as 4x2
    boxes, two bands); else they are counted as given. Raises ``ValueError``
    for a side above :data:`MAX_BAND_SIDE` or boxes not 2 or 3 wide."""
    height, width = (max(rows, cols), min(rows, cols)) if tall else (rows, cols)
    side = height * width
    if side > MAX_BAND_SIDE or width not in (2, 3) or height < 2:
        raise ValueError(f"band counting takes boxes 2 or 3 cells wide and sides up to "
                         f"{MAX_BAND_SIDE}, not {height}x{width} boxes (side {side})")
    t = _tables(height, width)
    keys, sizes = signature_keys(height, width)
    representatives, class_of = signature_classes(keys, height, width)
    perms = np.array(list(itertools.permutations(range(height))), dtype=np.int64)
    class_bands = np.array([math.factorial(height) * int(
        _bands_with_columns(_columns_of(int(keys[i]), t), perms)) for i in representatives],
        dtype=np.int64)
    bands = class_bands[class_of]
    class_sizes = np.bincount(class_of, weights=sizes).astype(np.int64)
    if width == 2:  # the lower band's signature: every column swapped, a symmetry
        class_completions = class_bands
    else:
        class_completions = np.array(
            [completions(_columns_of(int(keys[i]), t), keys, bands) for i in representatives],
            dtype=object)
    first_stacks = math.factorial(side) // math.factorial(height) ** width
    per_first_stack = sum(int(s) * int(n) * int(c) for s, n, c in
                          zip(class_sizes, class_bands, class_completions))
    return BandCount(
        grids=first_stacks * per_first_stack, box=(height, width), bands_per_grid=width,
        bands=first_stacks * int((sizes * bands).sum()), signatures=int(sizes.sum()),
        tables=len(keys), classes=len(representatives),
        class_sizes=tuple(int(s) for s in class_sizes),
        class_bands=tuple(int(n) for n in class_bands),
        class_completions=tuple(int(c) for c in class_completions))
