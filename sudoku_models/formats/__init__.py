"""The formats puzzles are shared in, one module each."""
