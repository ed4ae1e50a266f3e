"""A game server's records: the result of each finished table, the players' ratings
(openskill's Plackett-Luce over the whole table), their profiles and the best rated.

Only games with at least two players' keys at the end count; a seat handed to a computer
counts for the computer, which is not rated (docs/architecture.md, Networked play)."""

from __future__ import annotations

import asyncio
import sqlite3

import msgspec
import pytest

from engine import saves
from engine.bots import make_bot
from engine.match import Match
from engine.quotes import places, progress
from engine.state import Config
from tui.net import protocol as p
from tui.net import schema
from tui.net.client import Client
from tui.net.ratings import Rating, rate, recompute
from tui.net.records import Records, Result, ResultSeat
from tui.net.store import Store

from .net_helpers import anna_against_computers, player, run, running
from .waiting import eventually


# --- the ratings ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 6])
def test_the_winner_goes_up_and_the_last_goes_down(players):
    names = [f"p{i}" for i in range(players)]
    placing = {who: i + 1 for i, who in enumerate(names)}
    fresh = rate({}, placing)
    assert fresh[names[0]].mu > Rating().mu > fresh[names[-1]].mu
    assert all(r.sigma < Rating().sigma for r in fresh.values())  # each game teaches
    # from ratings already apart, a known order moves them the same way
    before = {who: Rating(mu=20 + 2 * i, sigma=4 + i / 2) for i, who in enumerate(names)}
    after = rate(before, placing)
    assert after[names[0]].mu > before[names[0]].mu
    assert after[names[-1]].mu < before[names[-1]].mu


def test_players_who_share_a_place_are_rated_alike():
    after = rate({}, {"anna": 1, "bert": 2, "carla": 2, "dora": 4})
    assert after["bert"] == after["carla"]
    assert after["anna"].mu > after["bert"].mu > after["dora"].mu


def test_one_player_alone_is_not_a_rated_game():
    with pytest.raises(ValueError):
        rate({}, {"anna": 1})


def test_the_ratings_are_the_sum_of_the_games_in_order():
    games = [{"anna": 1, "bert": 2, "carla": 3}, {"bert": 1, "anna": 2},
             {"carla": 1, "dora": 2, "anna": 3, "bert": 4}]
    ratings: dict[str, Rating] = {}
    for g in games:
        ratings.update(rate(ratings, g))
    assert recompute(games) == ratings
    assert recompute(reversed(games)) != ratings  # the order the games ended matters


# --- the engine's placing --------------------------------------------------------------------
def test_the_engine_places_the_winner_first_then_by_heroes_and_wonders():
    match = Match.new(Config(civs=["rome", "greece", "egypt", "carthage"], seed=11),
                      ["greedy"] * 4, bot_secret=b"records!")
    match.play_bots()
    st = match.state
    assert st.phase == "over" and st.winner
    placed = places(st)
    held = {pr.civ: pr.heroes_wonders for pr in progress(st)}
    assert placed[match.seat_of(st.winner)] == 1
    others = [(held[pl.civ], placed[i]) for i, pl in enumerate(st.players)
              if pl.civ != st.winner]
    for cards, place in others:  # more heroes and wonders: a better place; equal: the same
        assert place == 2 + sum(1 for c, _ in others if c > cards)


# --- the registry: results kept once, the ratings worked out again ----------------------------
def _result(table: int, *seats: tuple[str, str | None, int]) -> Result:
    return Result(table=table, finished="t", turns=10 + table, seats=[
        ResultSeat(seat=i, civ=civ, kind="remote" if who else "greedy", player=who,
                   place=place) for i, (civ, who, place) in enumerate(seats)])


def test_results_are_kept_once_and_the_ratings_recomputed_from_them(data):
    records = Records(Store(data).db)
    assert records.keep(_result(1, ("rome", "anna", 2), ("greece", None, 1),
                                ("egypt", "bert", 3)))
    assert not records.keep(_result(1, ("rome", "anna", 1), ("greece", "bert", 2)))
    assert records.keep(_result(2, ("rome", "anna", 1), ("greece", None, 2),
                                ("egypt", None, 3)))  # one player: kept, not rated
    assert records.keep(_result(3, ("carthage", "bert", 1), ("rome", "carla", 2),
                                ("greece", "anna", 2)))
    assert records.ratings() == records.recompute()
    assert set(records.ratings()) == {"anna", "bert", "carla"}
    anna = records.record("anna")
    assert (anna.games, anna.wins) == (2, 0)  # the game alone with computers does not count
    assert [(c.civ, c.games) for c in anna.civs] == [("greece", 1), ("rome", 1)]
    assert anna.turns == (11 + 13) / 2
    bert = records.record("bert")
    # in table 1 anna was behind a computer but ahead of bert: she is rated above him
    assert (bert.games, bert.wins) == (2, 1)
    assert [r.player for r in records.best(10)] == sorted(
        records.ratings(), key=lambda who: -records.ratings()[who].ordinal)
    assert records.record("nobody").games == 0 and records.record("nobody").rating is None


def test_an_older_registry_is_upgraded_and_its_finished_tables_counted(data, monkeypatch):
    """A registry of schema 2 (before results were kept) with a table that ended: the
    upgrade adds the results, and the server's start keeps that table's result."""
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:2])
        m.setattr(schema, "LATEST", 2)
        Store(data).close()
    match = Match.new(Config(civs=["rome", "greece", "egypt"], seed=5),
                      ["greedy"] * 3, bot_secret=b"upgrade!")
    match.play_bots()
    seats = ["remote", "remote", "greedy"]
    save = saves.make_save(match.state, match.record, "table-1", seats=seats)
    saves.atomic_write(data / "tables" / "table-1.json", saves.encode_save(save))
    db = sqlite3.connect(data / "server.sqlite", isolation_level=None)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    db.executescript("""
        INSERT INTO identities VALUES ('SHA256:anna', 'anna', 't0', 't1');
        INSERT INTO identities VALUES ('SHA256:bert', 'bert', 't0', 't1');
        INSERT INTO tables (created, creator, summary, status) VALUES
            ('t0', 'SHA256:anna', 'rome, greece, egypt; predetermined', 'over');
        INSERT INTO seats VALUES (1, 0, 'remote', 'SHA256:anna');
        INSERT INTO seats VALUES (1, 1, 'remote', 'SHA256:bert');
        INSERT INTO seats VALUES (1, 2, 'greedy', NULL);
    """)
    db.close()

    async def go():
        async with running(data) as server:
            steps = [line.split(": ", 1)[1] for line in server.store.upgraded]
            assert "the results of finished games and the players' ratings" in steps
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.GetProfile())
            return await anna.expect(p.Profile), match.state

    mine, st = run(go())
    assert mine.name == "anna" and mine.mine and mine.games == 1 and mine.mu is not None
    assert mine.wins == (st.winner == "rome") and mine.turns == st.turn
    assert [c.civ for c in mine.civs] == ["rome"]

    async def again():  # a second start keeps nothing twice
        async with running(data) as server:
            return server.records.results()
    assert len(run(again())) == 1


# --- a real server: two players and a computer play a table out ------------------------------
async def _play_out(client: Client, seed: int) -> p.Update:
    """Decide with a computer's judgement on what this seat sees, until the game is over."""
    bot = make_bot("greedy", seed)
    acted = -1
    while True:
        msg = await client.receive()
        if not isinstance(msg, p.Update):
            continue
        if msg.info.status == "over":
            return msg
        if msg.legal and msg.prompt is not None and msg.version > acted:
            acted = msg.version
            client.send(p.Act(table=msg.table, version=msg.version,
                              action=bot.choose(msg.view)))


@pytest.fixture
def quick_hands(monkeypatch):
    """Players who decide faster than any person: the server's flood limit raised."""
    monkeypatch.setattr("tui.net.conn.MSG_RATE", 10_000.0)


def test_a_finished_table_rates_the_players_not_the_computer_holding_a_seat(data, quick_hands):
    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            bert = await player(server, "SHA256:bert", "bert")
            carla = await player(server, "SHA256:carla", "carla")
            anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                    seats=["remote"] * 3, sit=0))
            tid = (await anna.expect(p.Created)).table
            table = server.tables[tid]
            bert.send(p.Sit(table=tid, seat=1))
            carla.send(p.Sit(table=tid, seat=2))
            await eventually(lambda: table.seats[2].identity == "SHA256:carla",
                             what="carla seated")
            carla.close()  # she leaves: the creator hands her seat to a computer
            await eventually(lambda: "SHA256:carla" not in server._connected(table),
                             what="carla gone")
            anna.send(p.HandOver(table=tid, seat=2, to_bot=True, level="greedy"))
            await eventually(lambda: table.seats[2].kind == "greedy", what="the hand-over")
            ends = await asyncio.gather(_play_out(anna, 1), _play_out(bert, 2))
            await eventually(lambda: server.records.kept(tid), what="the result kept")
            assert all(e.info.status == "over" for e in ends)
            asked = {}
            for name in ("anna", "bert", "carla"):
                c = await player(server, f"SHA256:{name}", name)
                c.send(p.GetProfile())
                asked[name] = await c.expect(p.Profile)
                c.send(p.GetLeaders())
                leaders_body = await p.read_frame(c.reader, p.MAX_SERVER_FRAME)
                c.close()
            anna2 = await player(server, "SHA256:anna", "anna")
            anna2.send(p.GetProfile(name="BERT"))
            berts = await anna2.expect(p.Profile)
            anna2.send(p.GetProfile(name="carla"))
            refused = await anna2.expect(p.Rejected)
            return (table.match.state, asked, leaders_body, berts, refused,
                    server.records.ratings(), server.records.recompute())

    st, asked, leaders_body, berts, refused, kept, recomputed = run(go())
    assert st.phase == "over"
    placed = places(st)
    anna, bert, carla = asked["anna"], asked["bert"], asked["carla"]
    for prof, civ in ((anna, "rome"), (bert, "greece")):
        assert prof.mine and prof.games == 1 and prof.turns == st.turn
        assert prof.wins == (st.winner == civ) and [c.civ for c in prof.civs] == [civ]
        assert prof.mu is not None and prof.rating == pytest.approx(prof.mu - 3 * prof.sigma)
    if placed[0] != placed[1]:  # whoever of the two placed better is rated above
        better, worse = (anna, bert) if placed[0] < placed[1] else (bert, anna)
        assert better.mu > 25 > worse.mu  # type: ignore[operator]
    # carla's seat was the computer's at the end: nothing counts for her
    assert carla.games == 0 and carla.mu is None and carla.rank is None
    assert berts.name == "bert" and not berts.mine and berts.games == 1
    assert "no player named 'carla'" in refused.reason
    leaders = p.decode_server(leaders_body)
    assert isinstance(leaders, p.Leaders)
    assert [lp.name for lp in leaders.leaders] == [
        x.name for x in sorted((anna, bert), key=lambda x: -x.rating)]
    assert {lp.rank for lp in leaders.leaders} == {1, 2}
    # a profile carries names and counts: no key's fingerprint, no table, no seed
    assert b"SHA256" not in leaders_body
    assert str(st.config.seed).encode() not in leaders_body
    assert b"SHA256" not in msgspec.msgpack.encode(anna)
    assert kept == recomputed and set(kept) == {"SHA256:anna", "SHA256:bert"}


def test_a_table_of_one_player_and_computers_is_kept_but_not_rated(data, quick_hands):
    async def go():
        async with running(data) as server:
            anna, tid = await anna_against_computers(server)
            await _play_out(anna, 3)
            await eventually(lambda: server.records.kept(tid), what="the result kept")
            anna.send(p.GetProfile())
            return await anna.expect(p.Profile), server.records.results()

    mine, results = run(go())
    assert mine.games == 0 and mine.mu is None
    assert len(results) == 1 and not results[0].rated
    assert [s.player for s in results[0].seats] == ["SHA256:anna", None, None]


def test_a_guest_and_an_unnamed_key_see_records_without_any_fingerprint(data):
    async def go():
        async with running(data) as server:
            server.store.seen("SHA256:anna", "anna")
            server.store.seen("SHA256:bert", "bert")
            server.records.keep(_result(1, ("rome", "SHA256:anna", 1),
                                        ("greece", "SHA256:bert", 2)))
            assert server.socket_path is not None
            guest = await Client.connect(server.socket_path, server.issue_token(
                "guest:1a2b3c", "guest-1a2b3c", guest=True))
            unnamed = await Client.connect(server.socket_path, server.issue_token(
                "SHA256:new", "", key="SHA256:new", open=True))
            bodies = []
            for c in (guest, unnamed):
                for msg in (p.GetProfile(), p.GetLeaders(), p.GetProfile(name="Anna")):
                    c.send(msg)
                    body = await p.read_frame(c.reader, p.MAX_SERVER_FRAME)
                    assert body is not None
                    bodies.append(p.decode_server(body))
                    assert b"SHA256" not in body
            return bodies

    g_mine, g_leaders, g_anna, u_mine, _, _ = run(go())
    assert isinstance(g_mine, p.Profile) and g_mine.mine and g_mine.name == "guest-1a2b3c"
    assert g_mine.games == 0 and g_mine.mu is None
    assert isinstance(u_mine, p.Profile) and u_mine.name == "" and u_mine.games == 0
    assert isinstance(g_leaders, p.Leaders)
    assert [(x.name, x.rank, x.wins) for x in g_leaders.leaders] == [("anna", 1, 1),
                                                                    ("bert", 2, 0)]
    assert isinstance(g_anna, p.Profile) and g_anna.name == "anna" and not g_anna.mine
