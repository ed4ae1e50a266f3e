"""The game's one vocabulary: names, cards, events, actions and prompts in words, for the
game log, the battle log, the replay viewer, the screens and `mare-nostrum log`.

    render(event)             -> "Rome builds a legion in Etruria"
    render_events(events)     -> lines; the dice of both sides of a battle share one line:
        "Battle in Carthago: Atlantis rolls 2 4 1 5 4 = 16, Carthage rolls 3 3 +12 +2 = 20"
    action_text(action, state) -> "Move 2 legions from Roma to Etruria"   (menus)
    prompt_text(prompt)       -> "choose 3 cards to offer in the trade"  (the status line)
    window_text(window)       -> "after the dice, before the losses"  (a reaction window)

Its parts, by concern: the names of things and the rules (engine/render_names.py), the
events (engine/render_events.py), the actions and prompts (engine/render_actions.py); this
module is their one public face. A battle's quote (its dice before the losses) is worded in
engine/render_battle.py.

Every event type of engine.events has its renderer here (the tests check it). The lines say
what the events, actions and prompts say and never re-derive anything from the rules. Ids
that the data does not know (a hand-made event) are shown as they are. Plain text only: a
screen adds its styling on top.
"""

from __future__ import annotations

from .render_actions import (
    PROMPT_TITLES,
    WINDOWS,
    action_text,
    prompt_doing,
    prompt_text,
    prompt_title,
    window_text,
)
from .render_events import (
    RENDERERS,
    civ_words,
    describe,
    is_heading,
    only_powers_text,
    render,
    render_events,
)
from .render_names import (
    CARD_KIND_NAMES,
    KIND_NAMES,
    NAME_LIMIT,
    PHASE_NAMES,
    RULE_SECTIONS,
    RULES_DOC,
    RULES_HEADINGS,
    area,
    area_text,
    building,
    card,
    card_kind,
    card_list,
    card_text,
    cards,
    civ,
    civs,
    count,
    hand_text,
    item_text,
    join,
    phase_name,
    phase_title,
    plain,
    plural,
    possessive,
    post,
    resource,
    role,
    rule_name,
    unit_text,
    units,
    units_text,
)

__all__ = [
    "CARD_KIND_NAMES", "KIND_NAMES", "NAME_LIMIT", "PHASE_NAMES", "PROMPT_TITLES", "RENDERERS",
    "RULES_DOC", "RULES_HEADINGS", "RULE_SECTIONS", "WINDOWS", "action_text", "area",
    "area_text", "building", "card", "card_kind", "card_list", "card_text", "cards", "civ",
    "civ_words", "civs", "count", "describe", "hand_text", "is_heading", "item_text", "join",
    "only_powers_text", "phase_name", "phase_title", "plain", "plural", "possessive", "post",
    "prompt_doing", "prompt_text", "prompt_title", "render", "render_events", "resource",
    "role", "rule_name", "unit_text", "units", "units_text", "window_text"
]
