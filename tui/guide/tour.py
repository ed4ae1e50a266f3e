"""The guided game's memory: which kinds of decision and which phases the guide has
explained, how far the others' moves have been told, and whether the guide is on.

`Tour.due(...)` says whether the guide speaks before a decision; `Tour.page(...)` makes
what it says: the phase, the decision with its options, keys and rule, and what the
computer players did since the last page.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.events import Event, PhaseStarted
from engine.prompts import Prompt
from engine.render import RULES_DOC, phase_title, prompt_title

from .others import OthersDid, others_did
from .texts import PHASES, VICTORY, VICTORY_RULE, Explanation, PhaseIntro, explanation


class Page(msgspec.Struct, frozen=True, kw_only=True):
    """One page of the guide, before one decision."""

    title: str
    kind: str  # the prompt kind explained ("" when none is pending)
    phases: list[PhaseIntro]  # the phases come since the last page that are new to the player
    first_turn_over: bool  # the first turn is behind: the player may go on alone
    decision: Explanation | None
    others: OthersDid
    victory: str = ""  # the goal of the game, on the first page


def rule_ref(heading: str) -> str:
    """How a page names a section of the rules: "rules.md § Roles"."""
    return f"{RULES_DOC} § {heading}"


class Tour:
    def __init__(self, civ: str) -> None:
        self.civ = civ
        self.on = True
        self.kinds: set[str] = set()  # prompt kinds explained
        self.phases: set[str] = set()  # phases introduced
        self.told = 0  # events of the session told as the others' moves
        self.pages = 0  # pages shown
        self.first_turn_told = False

    def due(self, prompt: Prompt | None, phase: str, turn: int) -> bool:
        """Does the guide speak before this decision (a kind or a phase it has not
        explained, or the first decision after the first turn)?"""
        if not self.on or prompt is None:
            return False
        return (type(prompt).__name__ not in self.kinds or phase not in self.phases
                or (turn > 1 and not self.first_turn_told))

    def page(self, prompt: Prompt | None, phase: str, turn: int,
             events: Sequence[Event], again: bool = False) -> Page:
        """The page for this moment; it counts as told unless `again` (a page asked for
        again shows the same explanations, and the moves since the last page)."""
        kind = type(prompt).__name__ if prompt is not None else ""
        told = min(self.told, len(events))  # a decision taken back takes its events along
        # the phases begun since the last page (one may have asked nothing of the player)
        came = [e.phase for e in events[told:] if isinstance(e, PhaseStarted)] + [phase]
        new = [p for p in dict.fromkeys(came) if again and p == phase or p not in self.phases]
        over = turn > 1 and (again or not self.first_turn_told)
        title = prompt_title(prompt) if prompt is not None else phase_title(phase)
        page = Page(title=f"Guide · turn {turn}: {title}", kind=kind,
                    phases=[PHASES[p] for p in new if p in PHASES], first_turn_over=over,
                    decision=explanation(prompt) if prompt is not None else None,
                    others=others_did(events[told:], self.civ),
                    victory=f"{VICTORY} ({rule_ref(VICTORY_RULE)})" if self.pages == 0 else "")
        if not again:
            self.told = len(events)
            self.phases.update(came)
            if kind:
                self.kinds.add(kind)
            if turn > 1:
                self.first_turn_told = True
        self.pages += 1
        return page
