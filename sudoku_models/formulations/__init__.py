"""The formulations: one module each, with the same interface
(:class:`~.base.Formulation`). Which name maps to which class, and what each
can do, is in :mod:`sudoku_models.registry`; this package imports no solver
until a formulation module is imported."""

from .base import Formulation

__all__ = ["Formulation"]
