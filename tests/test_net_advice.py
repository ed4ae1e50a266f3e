"""The hard player's advice at the game server (docs/bots.md): a hint at a player's own
decision where the table offers hints, and the review of a finished table by its players;
both from the asker's seat's view only, and told to the asker alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.bots.advice import advise
from engine.bots.review import review
from engine.game import clone, view
from engine.saves import encode_save, load_save
from tui.net import protocol as p
from tui.net.handlers.advice import HINTS_OFF, AdviceLimits
from tui.net.store import SeatRow, Store

from .net_helpers import player, run, running
from .test_advice import hidden_changed
from .waiting import eventually

GAME = Path(__file__).resolve().parent.parent / "saves" / "games" / "six-player-greedy.json"
QUICK = AdviceLimits(rounds=2)  # a number of deals: the same answer however busy the machine


async def _until(client, kind, timeout=30.0):
    """The next message of `kind`, and the ones before it."""
    seen = []

    async def wait():
        while True:
            msg = await client.receive()
            seen.append(msg)
            if isinstance(msg, kind):
                return msg
    return await asyncio.wait_for(wait(), timeout), seen


async def _two_players(server, hints: bool):
    """Anna and bruno at a new table (and a computer): the table, who decides first and
    the other."""
    anna = await player(server, "SHA256:anna", "anna")
    bruno = await player(server, "SHA256:bruno", "bruno")
    anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                            seats=["remote", "remote", "greedy"], sit=0, hints=hints))
    tid = (await anna.expect(p.Created)).table
    bruno.send(p.Sit(table=tid, seat=1))
    await bruno.expect(p.Update)
    match = server.tables[tid].match
    await eventually(lambda: not match.bot_to_move(), what="a person's decision")
    return tid, (anna, bruno) if match.pending_seat() == 0 else (bruno, anna)


def test_a_table_without_hints_refuses_them_and_the_lobby_says_which_offer_them(data):
    async def go():
        async with running(data, advice=QUICK) as server:
            tid, (asker, _) = await _two_players(server, hints=False)
            version = server.tables[tid].match.version
            asker.send(p.RequestHint(table=tid, version=version))
            refused, _ = await _until(asker, p.Rejected)
            assert refused.reason == HINTS_OFF and refused.table == tid
            carla = await player(server, "SHA256:carla", "carla")
            carla.send(p.CreateTable(civs=["rome", "carthage", "egypt"],
                                     seats=["remote", "easy", "easy"],
                                     hints=True))
            other = (await carla.expect(p.Created)).table
            carla.send(p.ListTables())
            listed = {t.id: t.hints for t in (await carla.expect(p.Tables)).tables}
            assert listed == {tid: False, other: True}
    run(go())


def test_a_hint_is_for_the_deciding_seat_alone_from_its_own_view(data):
    async def go():
        async with running(data, advice=QUICK) as server:
            tid, (asker, other) = await _two_players(server, hints=True)
            match = server.tables[tid].match
            seat, version = match.pending_seat(), match.version
            state = clone(match.state)
            # the other player, and a watcher, may not ask
            other.send(p.RequestHint(table=tid, version=version))
            refused, _ = await _until(other, p.Rejected)
            assert refused.reason == "not your decision: a hint is for your own decision"
            dario = await player(server, "SHA256:dario", "dario")
            dario.send(p.Watch(table=tid))
            await dario.expect(p.Update)
            dario.send(p.RequestHint(table=tid, version=version))
            refused, _ = await _until(dario, p.Rejected)
            assert refused.reason == "you do not sit at this table"
            asker.send(p.RequestHint(table=tid, version=version - 1))
            refused, _ = await _until(asker, p.Rejected)
            assert refused.reason.startswith("the game moved on since you asked")
            asker.send(p.RequestHint(table=tid, version=version))
            hint, _ = await _until(asker, p.Hint)
            assert hint.table == tid and hint.version == version
            # nothing of it reached the other player: a list asked now comes after it
            other.send(p.ListTables())
            _, before = await _until(other, p.Tables)
            assert not any(isinstance(m, p.Hint) for m in before)
            return seat, state, hint.advice

    seat, state, found = run(go())
    assert found.civ == state.players[seat].civ and found.choice == found.options[0].action
    # the seat's own view gives it: every card it cannot see changed, the same hint
    changed = hidden_changed(state, seat)
    assert changed != state
    assert found == advise(view(changed, seat), rounds=QUICK.rounds)


def _finished_table(data: Path) -> None:
    """The six-player game, over, as table 1: anna played Rome, bruno Greece."""
    save = load_save(GAME)
    store = Store(data)
    rows = [SeatRow(seat=i, kind="greedy") for i in range(len(save.state.players))]
    rows[0] = SeatRow(seat=0, kind="remote", identity="SHA256:anna")
    rows[1] = SeatRow(seat=1, kind="remote", identity="SHA256:bruno")
    tid = store.create_table("SHA256:anna", "a finished game", rows)
    store.set_status(tid, "over")
    store.close()
    (data / "tables" / f"table-{tid}.json").write_bytes(encode_save(save))


def test_the_players_of_a_finished_table_review_their_own_decisions(data):
    _finished_table(data)

    async def go():
        async with running(data, advice=AdviceLimits(rounds=1)) as server:
            anna = await player(server, "SHA256:anna", "anna")
            carla = await player(server, "SHA256:carla", "carla")
            carla.send(p.RequestReview(table=1))
            refused, _ = await _until(carla, p.Rejected)
            assert refused.reason == "only the players of table 1 may review it"
            anna.send(p.RequestReview(table=1))
            done, before = await _until(anna, p.ReviewDone, timeout=90)
            steps = [(m.done, m.total) for m in before if isinstance(m, p.ReviewProgress)]
            anna.send(p.RequestReview(table=1))  # kept: at once, the same
            again, before_again = await _until(anna, p.ReviewDone)
            assert again == done and not any(isinstance(m, p.ReviewProgress)
                                             for m in before_again)
            return done.review, steps

    found, steps = run(go())
    record = load_save(GAME).record
    assert found.civ == "rome" and found.fingerprint == ""  # the record's digest stays there
    mine = review(record, "rome", budget=0.0, rounds=1)
    assert found.judgements == mine.judgements
    total = len(mine.judgements)
    assert steps == [(done, total) for done in range(total + 1)]  # each decision judged


def test_a_review_is_kept_on_disk_across_a_restart_and_a_damaged_one_is_made_again(data):
    """A season's reviews are kept as files in the server's data folder, not in its memory:
    the server started again answers at once from the file (no progress, no thinking); a
    file that does not fit its record is never trusted: the review is worked out again."""
    _finished_table(data)
    limits = AdviceLimits(rounds=1)

    async def ask() -> tuple[p.ReviewDone, bool]:
        async with running(data, advice=limits) as server:
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.RequestReview(table=1))
            done, before = await _until(anna, p.ReviewDone, timeout=90)
            return done, any(isinstance(m, p.ReviewProgress) for m in before)

    first, thought = run(ask())
    assert thought
    kept = list((data / "reviews").iterdir())
    assert len(kept) == 1 and kept[0].stat().st_mode & 0o077 == 0  # the seat's own: private
    again, thought = run(ask())  # a new server on the same data
    assert again == first and not thought
    kept[0].write_bytes(kept[0].read_bytes()[:-40])  # cut short, as by a full disk
    remade, thought = run(ask())
    assert remade == first and thought


def test_a_table_still_playing_has_no_review(data):
    async def go():
        async with running(data, advice=QUICK) as server:
            tid, (asker, _) = await _two_players(server, hints=False)
            asker.send(p.RequestReview(table=tid))
            refused, _ = await _until(asker, p.Rejected)
            assert "is still playing" in refused.reason
    run(go())
