"""The binary assignment model ``x[i, j, k]`` shared by every binary
formulation of every paradigm (MILP, CP-SAT's ``cp-bool``, the SAT
encodings): :mod:`.model` describes it once (its "exactly one" groups),
:mod:`.variant_rows` writes a variant's constraints as linear rows over ``x``, and
:mod:`.automaton_rows` a line's automaton as the layered-graph flow."""
