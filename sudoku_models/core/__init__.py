"""The core: what every other part stands on. A grid's layout and houses
(:mod:`.geometry`), the values a grid holds (:mod:`.value_range`), finite
automata over digits (:mod:`.automata`), the constraint kinds of the
variants and a puzzle's :class:`~.rules.Rules` (:mod:`.rules`), and the sums
derived from killer cages (:mod:`.sum_rules`). Nothing here knows a
puzzle's clues, a text format or a solver."""
