"""What the game server tells one seat of a table after a change (an `Update`), built from
the state in one place, so the secrets audit checks exactly what is sent.

A seat gets its view (engine.view: no other hand, no face-down offer, no set-aside card,
no seed or dice state), the events it may see and its quotes; the prompt and the legal
actions only when the decision is its own. The others see whose decision it is and its
kind (the view's state names the prompt; `tests/test_net_secrets.py` checks it says no
secret).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import Action
from engine.events import Event
from engine.game import legal_actions, quotes, view, visible_events
from engine.quotes import Quotes
from engine.state import GameState

from . import protocol as p


@dataclass
class Broadcast:
    """What one broadcast of a table has built: its info once, one update per seat (None:
    the watchers)."""

    info: p.TableInfo | None = None
    updates: dict[int | None, p.Update] = field(default_factory=dict)


def seat_update(table: int, version: int, state: GameState, seat: int | None,
                events: list[Event], info: p.TableInfo, *, decides: bool,
                legal: list[Action] | None = None, same_position: Quotes | None = None,
                no_undo: str = "", taken_back: str = "",
                versions: list[int] | None = None) -> p.Update:
    """The update for `seat` (None: a watcher); `decides`: the pending decision is this
    seat's and a person makes it (`legal`: the legal actions when already known;
    `same_position`: another seat's quotes of this position, whose public parts are
    shared); `no_undo`: why this seat cannot take back its last decision ("": it can);
    `taken_back`: whose decision was just taken back (`events` is then the whole log);
    `versions`: the version of each event (None: all of `version`)."""
    v = view(state, seat)
    civ = state.players[seat].civ if seat is not None else None
    mine = decides and seat is not None
    return p.Update(table=table, version=version, seat=seat, view=v,
                    events=visible_events(events, civ),
                    versions=[] if versions is None else
                    [v for v, e in zip(versions, events, strict=True) if visible_events([e], civ)],
                    prompt=v.state.prompt if mine else None,
                    legal=(legal if legal is not None else legal_actions(state)) if mine else [],
                    quotes=quotes(state, seat, same_position=same_position), info=info,
                    no_undo=no_undo if seat is not None else "you are watching",
                    taken_back=taken_back)
