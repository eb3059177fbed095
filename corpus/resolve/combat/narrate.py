"""The steps of a battle, each citing the rule (or card) that governs it, with this battle's numbers."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step

if TYPE_CHECKING:
    from . import Battle


def narrate(battle: Battle) -> list[Step]:
    """All steps, in the order the rules apply them."""
    return []
