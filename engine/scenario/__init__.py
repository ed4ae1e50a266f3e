"""Scenario files: set up a position, play a script of actions, check expectations.

The format is TOML, documented with examples in docs/scenarios.md:

    name = "Rome builds a legion"
    setup = { civs = ["rome", "greece", "egypt"], seed = 7 }   # or from_save = "file.json"

    [[edit]]                       # change the position (keys applied in order)
    hand = { rome = { tax = 3 } }
    start_phase = "construction"   # then the engine runs on to the next prompt

    [[play]]                       # one action, in the JSON shape of engine.actions
    action = { type = "Name", civ = "rome" }

    [[play]]
    action = { type = "Buy", items = [{ kind = "legion", province = "roma" }], payment = { tax = 3 } }
    dice = [6, 6]                  # dice results forced before the action (state.forced_dice)

    [[play.expect]]                # checked right after this action, on its events
    event = { type = "Built", civ = "rome", kind = "legion", province = "roma" }

    [[expect]]                     # checked at the end, on the events of the whole script
    units = { area = "roma", owner = "rome", kind = "legion", count = 2 }

The scenario engine is generic: it changes the state through its fields, calls the engine's
public API (`apply`) and `engine.rules.flow` to recompute the prompt, and never holds any
rule of the game itself.
"""

from .expect import check_expect
from .format import (
    EDIT_KEYS,
    EXPECT_KEYS,
    PLAY_KEYS,
    TOP_KEYS,
    Check,
    Result,
    ScenarioError,
    load,
    parse,
)
from .position import apply_edit
from .run import report, run, run_doc, run_text

__all__ = ["EDIT_KEYS", "EXPECT_KEYS", "PLAY_KEYS", "TOP_KEYS", "Check", "Result",
           "ScenarioError", "apply_edit", "check_expect", "load", "parse", "report", "run",
           "run_doc", "run_text"]
