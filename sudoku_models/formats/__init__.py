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
