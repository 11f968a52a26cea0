"""CP: integer cells with AllDifferent on every house, solved by CP-SAT.

Source: the Engee/JuMP MILP vs. CP example (seed 003, its ``AllDifferent``
model), written for OR-Tools CP-SAT (``CpModel.add_all_different``). One
integer variable per cell with domain ``1..n*n`` (``1..V`` on a layout with
more values than cells per house, whose AllDifferent is then no
permutation); one AllDifferent constraint
per house of the layout (row, column, box or jigsaw region); a clue shrinks
its cell's domain to one value.

The constraints of a variant (:attr:`~sudoku_models.core.rules.Rules.lowered`):
an AllDifferent per extra region, cage, anti-knight or anti-king pair; a
linear sum per cage total and arrow. A killer cage's total in one of three
forms (``cage``):

* ``"sum"`` (default): the linear sum beside the cage's AllDifferent;
* ``"table"``: a cage of at most :data:`TABLE_CELLS` cells as one table of
  its allowed assignments, ``add_allowed_assignments``, after the Gecode
  book's remark that ``distinct`` + ``linear`` per cage propagates too
  little (Schulte, Tack and Lagerkvist, *Modeling and Programming with
  Gecode*, the Kakuro case study);
* ``"sets"``: one Boolean per admissible digit set of the cage
  (:func:`~sudoku_models.core.sum_rules.cage_digit_sets`), ``add_exactly_one``
  of them, and for each digit ``k`` the channelling ``sum_c [cell_c == k] =
  sum_{S contains k} b_S`` (a Boolean per cell and digit, reified): the
  MILP's extended formulation (``milp`` with ``cage="sets"``) on CP-SAT, so
  the same idea is compared across paradigms. It propagates what the sum
  misses: a digit no cell can take any more rules out every set holding it,
  and a set's other digits with it. The AllDifferent and the sum stay
  beside the sets (as in the MILP, where the solver's presolve and cuts use
  them).

``prune=True`` (default) also keeps the cells of a cage with a total to the
digits of its admissible sets (:func:`~sudoku_models.core.sum_rules.cage_candidates`),
a domain constraint. With ``rule45=True`` the redundant sums of the rule of
45 (innies and outies of every house and run of houses,
:func:`~sudoku_models.core.sum_rules.derived_sums`); each pair relation (Kropki,
XV, greater-than and thermometer steps, non-consecutive, the negative
constraints) as the table of its allowed value pairs; parity as a domain
constraint beside the cell's clue domain; a regular line
(:class:`~sudoku_models.core.automata.LineAutomaton`) as CP-SAT's
``add_automaton`` over its cells (the automaton deterministic and
minimal), beside the domains of the values an accepted word can put in each
cell.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
from ortools.sat.python import cp_model

from ...errors import ModelTooLarge
from ...limits import MAX_AUTOMATON_EXPANSION
from ...puzzle import Puzzle
from ...result import ModelSize
from ...core.cell_kinds import Cage
from ...core.sum_rules import cage_candidates, cage_digit_sets, derived_sums
from ..base import entry_points
from .cpsat_base import CpSatFormulation


class CpFormulation(CpSatFormulation):
    """Integer cells 1..n*n with AllDifferent per house, solved by CP-SAT.

    After :meth:`build`, ``model`` is the ``CpModel`` and ``cells`` the
    ``(n*n, n*n)`` object array of its ``IntVar`` cells. ``cage``: ``"sum"``
    (default), ``"table"`` or ``"sets"``; ``rule45``: False (default) or
    True; ``prune``: True (default) or False (see the module docstring for
    each, with its source); ``solver_options`` as
    :class:`~.cpsat_base.CpSatFormulation`. Raises ``ValueError`` for a
    value the registry does not allow.
    """

    name = "cp"

    def __init__(self, layout=3, *, cage: str = "sum", rule45: bool = False, prune: bool = True,
                 **options) -> None:
        super().__init__(layout, **options)
        self.cage = self._option("cage", cage)
        self.rule45 = self._option("rule45", rule45)
        self.prune = self._option("prune", prune)
        self.cells: np.ndarray | None = None
        self._variant_size = (0, 0)  # the variant's constraints, their variable occurrences

    def _refuse_past_the_budget(self) -> None:
        """Also :class:`~sudoku_models.errors.ModelTooLarge` for a line whose
        expansion passes :data:`~sudoku_models.limits.MAX_AUTOMATON_EXPANSION`:
        CP-SAT reads its automaton's every transition at every cell before it
        searches, where no stop reaches it."""
        super()._refuse_past_the_budget()
        for line in self.rules.lowered.lines:
            transitions = sum(t >= 0 for row in line.automaton.next for t in row)
            work = len(line.cells) * transitions
            if work > MAX_AUTOMATON_EXPANSION:
                raise ModelTooLarge(
                    f"cp: the {line.source or 'automaton'} line of {len(line.cells):,} cells and "
                    f"{transitions:,} transitions would take CP-SAT's expansion {work:,} steps, "
                    f"where no stop reaches it, past the {MAX_AUTOMATON_EXPANSION:,} of "
                    f"limits.MAX_AUTOMATON_EXPANSION; refused before its build (milp, cp-bool "
                    f"and the SAT methods read its live arcs)")

    def _build_rules(self) -> None:
        s, values = self.side, self.num_values
        model = cp_model.CpModel()
        cells = np.array(
            [model.new_int_var(1, values, f"cell_r{r + 1}_c{c + 1}") for r in range(s)
             for c in range(s)],
            dtype=object,
        )
        for house in self.layout.houses:
            model.add_all_different(cells[house].tolist())
        self.model = model
        self.cells = cells.reshape(s, s)
        if not self.rules.classic:
            self._variant_size = self._add_variant(model, cells)

    def _add_variant(self, model: cp_model.CpModel, cells: np.ndarray) -> int:
        """The variant's constraints on the integer cells; returns how many
        and their variable occurrences."""
        s, lowered, added, occurrences = self.num_values, self.rules.lowered, 0, 0
        killer = [c for c in self.rules.constraints if isinstance(c, Cage) and c.total is not None]
        tables = {}
        if self.cage == "table":
            tables = {tuple(sorted(c.cells)): c.total for c in killer
                      if len(c.cells) <= TABLE_CELLS}
            tables = {cells: total for cells, total in tables.items()  # one total per table
                      if all(c.total == total for c in killer if tuple(sorted(c.cells)) == cells)}
        tabled = set()
        if self.cage == "sets":
            for cage in killer:
                more, within = _add_digit_sets(model, cells[list(cage.cells)], cage.total, s)
                added, occurrences = added + more, occurrences + within
        if self.prune:
            for cage in killer:
                domain = cp_model.Domain.from_values(list(cage_candidates(cage, s)))
                for cell in cage.cells:
                    model.add_linear_expression_in_domain(cells[cell], domain)
                added, occurrences = added + len(cage.cells), occurrences + len(cage.cells)
        for group in lowered.groups:
            if group in tables:  # the table holds all-different and the sum at once
                tabled.add(group)
                model.add_allowed_assignments(cells[list(group)].tolist(),
                                              cage_table(len(group), tables[group], s))
            else:
                model.add_all_different(cells[list(group)].tolist())
            added, occurrences = added + 1, occurrences + len(group)
        sums = list(lowered.sums) + (derived_sums(self.rules) if self.rule45 else [])
        for linear in sums:
            if tuple(sorted(linear.cells)) in tabled and set(linear.coefficients) == {1}:
                continue  # already in its table
            model.add(sum(int(a) * cells[c] for c, a in zip(linear.cells, linear.coefficients))
                      == int(linear.total))
            added, occurrences = added + 1, occurrences + len(linear.cells)
        for pair in lowered.pairs:
            allowed = [(int(u) + 1, int(v) + 1) for u, v in np.argwhere(pair.allowed)]
            model.add_allowed_assignments([cells[pair.first], cells[pair.second]], allowed)
            added, occurrences = added + 1, occurrences + 2
        for line in lowered.lines:
            automaton = line.automaton
            if not line.layers[0]:  # no word of the line's length: infeasible
                model.add_bool_or([])
                continue
            model.add_automaton(cells[list(line.cells)].tolist(), automaton.start,
                                sorted(automaton.accepting),
                                [(q, v + 1, t) for q, row in enumerate(automaton.next)
                                 for v, t in enumerate(row) if t >= 0])
            added, occurrences = added + 1, occurrences + len(line.cells)
        full = (1 << s) - 1
        for cell, mask in enumerate(lowered.domains.tolist()):
            if mask != full:
                values = [v + 1 for v in range(s) if mask >> v & 1]
                model.add_linear_expression_in_domain(
                    cells[cell], cp_model.Domain.from_values(values))
                added, occurrences = added + 1, occurrences + 1
        return added, occurrences

    def _load_clues(self, puzzle: Puzzle) -> None:
        for index, value in enumerate(puzzle.grid.ravel()):  # cell variables come first
            self._set_domain(index, *((value, value) if value else (1, self.num_values)))

    def _native_model(self) -> tuple[cp_model.CpModel, np.ndarray]:
        return self.model, self.cells

    def _grid_values(self, solver: cp_model.CpSolver) -> np.ndarray:
        return np.array([solver.value(v) for v in self.cells.ravel()])

    def size(self) -> ModelSize:
        s = self.side
        houses = self.layout.num_houses
        if not self.rules.classic and not self._built:
            self._build_rules()
            self._built = True
        added, occurrences = self._variant_size
        return ModelSize(variables=s * s, constraints=houses + added,
                         nonzeros=houses * s + occurrences)


TABLE_CELLS = 6
"""The largest killer cage ``cage="table"`` writes as a table (a 6-cell cage
of 9x9 has at most 10 digit sets x 720 orders; larger cages keep the sum)."""


def _add_digit_sets(model: cp_model.CpModel, cells: np.ndarray, total: int,
                    side: int) -> tuple[int, int]:
    """A cage's total as its digit sets (``cage="sets"``, module docstring):
    a Boolean per admissible set, exactly one, and per digit the number of
    cells holding it equal to the chosen sets holding it. Returns the
    constraints added and their variable occurrences."""
    sets = cage_digit_sets(len(cells), total, side)
    chosen = [model.new_bool_var(f"set_{'_'.join(map(str, digits))}") for digits in sets]
    model.add_exactly_one(chosen)
    added, occurrences = 1, len(chosen)
    for k in range(1, side + 1):
        holds = []
        for cell in cells:
            flag = model.new_bool_var("")
            model.add(cell == k).only_enforce_if(flag)
            model.add(cell != k).only_enforce_if(~flag)
            holds.append(flag)
        model.add(sum(holds) == sum(b for b, digits in zip(chosen, sets) if k in digits))
        added, occurrences = added + 2 * len(cells) + 1, occurrences + 3 * len(cells) + len(sets)
    return added, occurrences


def cage_table(cells: int, total: int, side: int) -> list[tuple[int, ...]]:
    """Every assignment of ``cells`` distinct values in ``1..side`` summing
    to ``total``: the allowed tuples of one killer cage."""
    return [order for digits in cage_digit_sets(cells, total, side)
            for order in permutations(digits)]


build, solve = entry_points(CpFormulation)
