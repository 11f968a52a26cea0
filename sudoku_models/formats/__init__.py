"""The formats puzzles are shared in, one module each: the toolkit's JSON
(:mod:`.toolkit_json`), f-puzzles and SudokuPad (:mod:`.fpuzzles`), the
Interactive Sudoku Solver's strings (:mod:`.iss`), links and lz-string
payloads (:mod:`.links`), files of puzzles (:mod:`.files`); any of them
read by :func:`.puzzle_text.read_puzzle` and written by
:func:`.puzzle_text.write_puzzle`. (The line format is the puzzle's own:
:class:`sudoku_models.puzzle.Puzzle`.) Importing this package loads
nothing heavy: the command line reads :data:`PUZZLE_FORMATS` for its help."""

PUZZLE_FORMATS = ("line", "json", "fpuzzles", "sudokupad", "iss")
"""The formats :func:`~.puzzle_text.write_puzzle` writes (``export
--format`` for the puzzle itself)."""

COLLECTION_SUFFIXES = (".txt", ".txt.gz", ".jsonl")
"""The files of the bundled collections: one puzzle a line (gzip-compressed
where large), or the toolkit's JSON a line."""


def collections_folder():
    """The folder of the bundled puzzle collections, inside the installed
    package (``sudoku_models/collections``, with ``SOURCES.md``: where each
    comes from and its licence), as an :mod:`importlib.resources` traversable."""
    from importlib.resources import files

    return files("sudoku_models") / "collections"


def collection_names() -> tuple[str, ...]:
    """The names of the bundled collections (``top95``, ``17clue``,
    ``killer-9x9``, ...): their files' names without the suffix."""
    names = []
    for entry in collections_folder().iterdir():
        for suffix in COLLECTION_SUFFIXES:
            if entry.name.endswith(suffix):
                names.append(entry.name[: -len(suffix)])
    classic = ("top95", "top1465", "17clue")  # the classic collections first
    return tuple(sorted(names, key=lambda name: (classic.index(name) if name in classic
                                                 else len(classic), name)))


def collection_file(name: str):
    """The file of the bundled collection ``name`` (a traversable), or None."""
    for suffix in COLLECTION_SUFFIXES:
        entry = collections_folder() / f"{name}{suffix}"
        if entry.is_file():
            return entry
    return None
