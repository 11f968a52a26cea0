"""The symmetries clues can be placed with (light: no numba), shared by the
generator and its command."""

SYMMETRIES = ("rotational", "mirror", "diagonal")
