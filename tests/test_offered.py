"""What a listing offered (engine/rules/offered.py): found only for the very action object,
the same decision, nothing having happened since, and never across another state."""

from __future__ import annotations

import threading

from engine.actions import EndNaval, MoveTrireme
from engine.game import clone, new_game
from engine.rules.offered import Offered
from engine.state import Config


def test_only_the_very_action_of_the_last_listing_for_this_decision_is_found() -> None:
    state = new_game(Config(civs=["rome", "carthage", "greece"], seed=5))[0]
    prompt = state.prompt
    move = MoveTrireme(unit=1, to="mare_tyrrhenum")
    offered: Offered[str] = Offered()
    offered.keep(state, prompt, [EndNaval(), move], "facts")
    found = offered.find(state, prompt, move)
    assert found is not None and (found.index, found.facts) == (1, "facts")
    assert offered.find(state, prompt, MoveTrireme(unit=1, to="mare_tyrrhenum")) is None
    assert offered.find(clone(state), prompt, move) is None  # another state
    assert offered.find(state, object(), move) is None  # another decision
    state.actions_taken += 1  # something happened since
    assert offered.find(state, prompt, move) is None


def test_a_listing_of_another_thread_replaces_the_last_whole_and_is_not_taken_here() -> None:
    mine = new_game(Config(civs=["rome", "carthage", "greece"], seed=5))[0]
    theirs = clone(mine)
    move = EndNaval()
    offered: Offered[int] = Offered()
    offered.keep(mine, mine.prompt, [move], 1)
    worker = threading.Thread(target=offered.keep, args=(theirs, theirs.prompt, [move], 2))
    worker.start()
    worker.join()
    assert offered.find(mine, mine.prompt, move) is None  # the long way, never their facts
    found = offered.find(theirs, theirs.prompt, move)
    assert found is not None and found.facts == 2
