"""The recipe's method runs (issue 46): ``formulations/TEMPLATE.py`` is a
working method, registered with its ``ENTRY`` and put through every check
the registry's claims get in ``tests/test_registry_claims.py`` (each option
value solves to the counter's grid, counts against the counter, each export
read back by another tool, the layouts it claims solved and counted, the
others refused, the seed reaches HiGHS, every constraint kind refused by
name), so the recipe cannot drift from the code; and its model is the
binary model ``milp`` builds, size for size."""

import numpy as np
import pytest

from sudoku_models import METHODS, Puzzle, register, solve
from sudoku_models.core.geometry import Layout
from sudoku_models.formulations.TEMPLATE import ENTRY, TemplateFormulation
from sudoku_models.registry import LAYOUT_KINDS, unregister

from . import test_registry_claims as claims


@pytest.fixture(autouse=True)
def template():
    register(ENTRY)
    yield ENTRY.name
    unregister(ENTRY.name)


def test_the_entry_names_the_class_and_the_recipe_is_its_docstring():
    import sudoku_models.formulations.TEMPLATE as module

    assert METHODS["template"].load() is TemplateFormulation
    assert TemplateFormulation.name == ENTRY.name
    assert "A new method" in module.__doc__ and "A new MILP back-end" in module.__doc__


def test_every_option_value_solves_and_counts_as_claimed(tmp_path):
    variants = claims._variants("template")
    assert {"solver", "solver_options", "stats"} <= {k for v in variants for k in v}
    for options in variants:
        claims.test_every_option_value_solves("template", options)
        claims.test_counting_is_as_the_registry_says("template", options)
    claims.test_export_is_as_the_registry_says("template", {}, tmp_path)


@pytest.mark.parametrize("kind", LAYOUT_KINDS)
def test_every_layout_kind_solves_and_counts(kind):
    claims.test_layouts_are_as_the_registry_says("template", kind)


def test_vocabularies_seed_and_kinds_are_as_claimed():
    claims.test_a_value_outside_each_vocabulary_is_refused_by_registry_and_class_alike()
    claims.test_seeded_is_as_the_registry_says("template")
    claims.test_a_method_models_the_constraint_kinds_it_claims_and_refuses_the_others("template")


@pytest.mark.parametrize("layout", [Layout.square(2), Layout.square(3), Layout.boxes(2, 3),
                                    Layout.latin(5)], ids=lambda layout: layout.name)
def test_the_model_is_milp_size_for_size(layout):
    empty = Puzzle(np.zeros((layout.side, layout.side), dtype=int), layout)
    assert solve(empty, "template").size == solve(empty, "milp").size
