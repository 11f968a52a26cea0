"""The registry of formulations: one module each, with the same interface.

``FORMULATIONS`` maps a method name (as ``solve(..., method=...)`` and the
CLI's ``--method`` take it) to its :class:`~.base.Formulation` class; every
class has a one-line ``description``.
"""

from __future__ import annotations

from .base import Formulation
from .cp import CpFormulation
from .cp_bool import CpBoolFormulation
from .matching import MatchingFormulation
from .matrix import MatrixFormulation
from .milp import MilpFormulation
from .milp_alldiff import MilpAllDiffFormulation
from .sat import SatExtendedFormulation, SatMinimalFormulation

FORMULATIONS: dict[str, type[Formulation]] = {
    cls.name: cls
    for cls in (MilpFormulation, CpFormulation, MatrixFormulation, CpBoolFormulation,
                MilpAllDiffFormulation, MatchingFormulation,
                SatMinimalFormulation, SatExtendedFormulation)
}


def formulation_class(method: str) -> type[Formulation]:
    """The class registered as ``method``; ``ValueError`` listing the known
    methods otherwise."""
    try:
        return FORMULATIONS[method]
    except KeyError:
        raise ValueError(
            f"unknown method {method!r}; choose from {', '.join(FORMULATIONS)}"
        ) from None


__all__ = ["FORMULATIONS", "Formulation", "formulation_class"]
