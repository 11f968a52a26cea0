"""The names of the constraint kinds of :mod:`sudoku_models.core.rules`, in its
order, in a module that imports nothing: the registry reads them when it is
imported, and so does every command's ``--help``, before numpy is needed.
:data:`sudoku_models.core.rules.KINDS` maps each name to its class
(``tests/test_startup.py`` checks that the two agree)."""

KIND_NAMES = ("region", "cage", "anti-knight", "anti-king", "non-consecutive", "kropki",
              "kropki-negative", "xv", "xv-negative", "greater", "thermometer", "arrow", "parity",
              "candidates", "whispers", "renban", "palindrome", "fortress", "clones", "regular",
              "little-killer", "sandwich", "x-sum", "skyscraper", "hidden-skyscraper",
              "numbered-room", "sum", "pill-arrow", "double-arrow", "zipper", "sum-line",
              "modular", "entropic", "quadruple", "lunchbox", "between", "lockout",
              "rellik-cage", "region-sum-line", "pairwise", "indexing", "anti-taxicab",
              "global-entropy", "or", "global-mod", "counting-circles", "equality-cage",
              "count-distinct", "same-values", "equal-sum")
