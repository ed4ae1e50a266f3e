"""Every active power is offered by legal_actions (issue 14, point 3): the tests of this
package are run again with a check at the engine's decision handlers, so that each power
used in them must have been listed at that moment, and every card of the registry with
uses must have been listed in one of their positions."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import msgspec

from engine.actions import UsePower
from engine.rules import hooks
from engine.rules.registry import HANDLERS, LEGAL

from .. import powers as package

_enc = msgspec.json.Encoder()


def _key(state, action) -> bytes:
    """Ajax's choice by the values of the dice it re-rolls: dice of one value are alike."""
    b = state.military.battle
    if action.card == "ajax" and b is not None and all(
            p.isdigit() for p in filter(None, action.choice.split(","))):
        dice = b.attacker_dice if action.card and state.prompt.civ == b.attacker \
            else b.defender_dice
        values = sorted(dice[int(p)] for p in action.choice.split(",") if int(p) < len(dice))
        return b"ajax" + _enc.encode(values)
    return _enc.encode(action)


def _run_power_tests(seen: set[str], unlisted: list[str]) -> None:
    originals = dict(HANDLERS)

    def checked(handler):
        def run(state, prompt, action, ev):
            if not isinstance(action, UsePower):
                return handler(state, prompt, action, ev)
            listed = LEGAL[type(prompt)](state, prompt)
            seen.update(a.card for a in listed if isinstance(a, UsePower))
            out = handler(state, prompt, action, ev)  # refused: IllegalAction, not noted
            if _key(state, action) not in {_key(state, a) for a in listed}:
                unlisted.append(f"{action} at {type(prompt).__name__}")
            return out
        return run

    for kind, handler in originals.items():
        HANDLERS[kind] = checked(handler)
    try:
        for mod in pkgutil.iter_modules(package.__path__):
            if not mod.name.startswith("test_") or mod.name == __name__.rsplit(".", 1)[-1]:
                continue
            m = importlib.import_module(f"{package.__name__}.{mod.name}")
            for name, f in vars(m).items():
                if name.startswith("test_") and callable(f) and \
                        not inspect.signature(f).parameters:
                    try:
                        f()
                    except Exception:  # noqa: BLE001  (their own run reports them)
                        pass
    finally:
        HANDLERS.update(originals)


def test_every_power_used_was_offered_and_every_card_is_offered_somewhere():
    seen: set[str] = set()
    unlisted: list[str] = []
    _run_power_tests(seen, unlisted)
    with_uses = {card for card, m in hooks.CARDS.items() if hasattr(m, "uses")}
    assert not unlisted, "accepted but not offered:\n" + "\n".join(unlisted)
    assert with_uses <= seen, f"never offered: {sorted(with_uses - seen)}"
