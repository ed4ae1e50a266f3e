"""Griffon (Babylon): moves up to 2 regions, flying over an area, even a sea space or an
area occupied militarily; it cannot be convoyed (rulebook, creature text)."""

from __future__ import annotations

from engine.actions import Move
from engine.events import BattleStarted, UnitsMoved
from engine.game import apply, legal_actions

from ..test_military import game, ids_at, illegal, of, put, start_military


def test_the_griffon_flies_two_regions_over_land_and_sea():
    s = game(["babylon", "carthage", "rome"])
    g, = put(s, "babylon", "creature", "mauretania_caesariensis")
    legion, = put(s, "babylon", "legion", "mauretania_caesariensis")
    put(s, "carthage", "legion", "numidia")  # flown over: occupied militarily
    start_military(s, "babylon", "ground")
    dests = {a.to for a in legal_actions(s) if isinstance(a, Move) and a.units == [g]}
    assert {"numidia", "carthago", "tripolitania"} <= dests  # over occupied Numidia
    assert "cyrenaica" not in dests  # three regions away
    assert {a.to for a in legal_actions(s) if isinstance(a, Move) and a.units == [legion]} \
        == {"numidia", "mauretania_tingitana"}
    ev = apply(s, Move(units=[g], to="carthago"))
    assert of(ev, UnitsMoved)[0].seas == [] and not of(ev, BattleStarted)
    assert ids_at(s, "carthago", "babylon") == [g]


def test_the_griffon_crosses_a_sea_without_triremes_and_still_fights_where_it_lands():
    s = game(["babylon", "rome", "carthage"])
    g, = put(s, "babylon", "creature", "roma")
    put(s, "rome", "legion", "sicilia")
    start_military(s, "babylon", "ground")
    s.forced_dice = [1]
    ev = apply(s, Move(units=[g], to="sicilia"))  # over the Mare Tyrrhenum
    assert of(ev, UnitsMoved)[0].seas == [] and of(ev, BattleStarted)
    illegal(s, Move(units=[g], to="roma"), "")


def test_other_creatures_move_like_legions():
    s = game(["rome", "carthage", "greece"])
    t, = put(s, "rome", "creature", "mauretania_caesariensis")
    start_military(s, "rome", "ground")
    illegal(s, Move(units=[t], to="carthago"), "not next to")
