"""The error an illegal action raises."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid. `reason` says why, naming the rule."""

    def __init__(self, reason: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)

