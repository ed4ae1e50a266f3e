"""What the computer players reckon a unit is worth in a battle: its expected points
(a die averages 3.5; fortresses and creatures count an automatic 6)."""

from __future__ import annotations

UNIT_STRENGTH = {"legion": 3.5, "fortress": 6.0, "creature": 6.0, "trireme": 3.5}
