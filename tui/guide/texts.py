"""The guide's words: one explanation per kind of decision the engine asks for (the prompt
kinds of engine/prompts.py) and one per phase, each naming the section of docs/rules.md it
rests on. Words only: what is legal is the engine's to say, and the dialog shows it.

tests/test_guide.py checks that every prompt kind has its explanation and that every
section named is a heading of docs/rules.md.
"""

from __future__ import annotations

import msgspec

from engine import prompts as P


class Explanation(msgspec.Struct, frozen=True, kw_only=True):
    """What one kind of decision is about, for a player who has not read the rules."""

    decision: str  # what is being decided, and why it matters
    options: list[str]  # what each choice does
    keys: str  # the keys of its dialog
    way_on: list[str]  # the keys a newcomer may press to get on with the game ("Enter": the first line)
    way_on_words: str  # those keys in words
    rule: str  # a heading of docs/rules.md


class PhaseIntro(msgspec.Struct, frozen=True, kw_only=True):
    """What a phase of the turn is for."""

    text: str
    rule: str  # a heading of docs/rules.md


MENU_KEYS = "↑↓ move to a line, Enter chooses it, Escape looks at the board (d comes back)"

DECISIONS: dict[type[P.PromptBase], Explanation] = {
    P.ChooseCapital: Explanation(
        decision="In the free setup, Greece and Atlantis may choose the province of their "
                 "capital before anything else is placed.",
        options=["Each line is a province your capital may stand in; your first pieces go "
                 "in it or next to it."],
        keys=MENU_KEYS, way_on=["enter"], way_on_words="Enter takes the first province",
        rule="Free setup"),
    P.FreeSetupTurn: Explanation(
        decision="In the free setup you spend a few construction points each round on "
                 "pieces for your start.",
        options=["Your first purchase is an influence marker in your capital.",
                 "The rest goes in your capital or next to it; card powers do not lower "
                 "these costs.",
                 "Ending the round keeps the points you did not spend for nothing."],
        keys=MENU_KEYS + ", e ends the round", way_on=["enter"],
        way_on_words="Enter buys the first piece listed", rule="Free setup"),
    P.ChooseRoleHolder: Explanation(
        decision="Several players tie for the lead in what a role you hold counts: you "
                 "choose which of them takes the role from you.",
        options=["Whoever you pick holds the role this turn, with its say over a phase."],
        keys=MENU_KEYS, way_on=["enter"], way_on_words="Enter gives it to the first listed",
        rule="Roles"),
    P.AnnounceTrade: Explanation(
        decision="You hold the Director of Commerce: you say how many cards each trader "
                 "lays down, face down, for the others to take from.",
        options=["0: no trade this turn.",
                 "A small number lets every player in; a large one shuts out those who "
                 "hold fewer cards.",
                 "After the offers are turned up you take first, then whoever you took "
                 "from, and so on."],
        keys=MENU_KEYS, way_on=["down", "enter"],
        way_on_words="↓ then Enter announces 1 card each", rule="Commerce: trading"),
    P.ChooseTradeOffer: Explanation(
        decision="The trade is on: lay down exactly the number of cards announced. The "
                 "others will take from your offer, and you from theirs.",
        options=["Offer the cards you need least: a set is tax cards only, or "
                 "commodities all different.",
                 "Everything is turned up at once when all have chosen."],
        keys="↑↓ a kind of card, + adds one of it (- takes it back), Enter lays them down",
        way_on=["plus", "enter"], way_on_words="+ then Enter offers the first card",
        rule="Commerce: trading"),
    P.TakeTradeCard: Explanation(
        decision="Take one face-up card from another player's offer; that player takes "
                 "next. You never take from your own offer.",
        options=["Take what completes a set: a different commodity, or a tax card.",
                 "The chain stops when every card is taken or the next player can take "
                 "nothing."],
        keys=MENU_KEYS, way_on=["enter"], way_on_words="Enter takes the first card listed",
        rule="Commerce: trading"),
    P.GiveBalancingCard: Explanation(
        decision="You ended the trade with more cards than you gave: hand cards of your "
                 "choice to the players left short.",
        options=["Give away what helps you least (and your rivals least)."],
        keys=MENU_KEYS, way_on=["enter"], way_on_words="Enter gives the first card listed",
        rule="Commerce: trading"),
    P.NamePlayer: Explanation(
        decision="You hold the role of this phase: you name who plays next, one player at "
                 "a time. You may name yourself whenever you like.",
        options=["Playing early takes the best places and the gods first; playing late "
                 "lets you see what the others did."],
        keys=MENU_KEYS + ", space marks an order, o names it", way_on=["enter"],
        way_on_words="Enter names the first player listed", rule="Roles"),
    P.MakeOffering: Explanation(
        decision="You may pay one set of three cards for a god still in the heavens. Its "
                 "power is yours to use once.",
        options=["A god: Enter on it, then Enter pays with the set offered.",
                 "Pass: keep your cards for building."],
        keys=MENU_KEYS + ", p passes", way_on=["p"], way_on_words="p passes",
        rule="Offering to the gods"),
    P.ConstructionTurn: Explanation(
        decision="Spend your cards on pieces: each purchase is paid with one set (tax "
                 "cards only, or commodities all different), worth its number of cards.",
        options=["Influence, city, caravan, legion, trireme, fortress cost 3; temple, "
                 "market and creature 6; a hero or wonder 9.",
                 "Cities and caravans produce cards next turn; the counts of your "
                 "buildings win the roles.",
                 "Space marks several items to pay with one set; change is lost.",
                 "End the turn when you are done: most cards are thrown away at the "
                 "end of the phase."],
        keys=MENU_KEYS + ", space marks, e ends your turn", way_on=["e"],
        way_on_words="e ends your turn (Enter buys the line you are on)",
        rule="Construction: costs"),
    P.PlaceFree: Explanation(
        decision="A card brings you a free piece: choose where it goes.",
        options=["Each line is a place the piece may go by the usual placement rules."],
        keys=MENU_KEYS, way_on=["enter"], way_on_words="Enter places it in the first place",
        rule="Construction: where things go"),
    P.KeepCommodities: Explanation(
        decision="The construction phase ends: commodity cards are thrown away, but a "
                 "power lets you keep some.",
        options=["Keep the commodities that start your next set."],
        keys=MENU_KEYS, way_on=["enter"], way_on_words="Enter keeps the first choice",
        rule="Construction: the end of the phase"),
    P.NavalTurn: Explanation(
        decision="Your military turn begins at sea: each trireme may move one sea, and "
                 "you may attack another player's ships where you share a sea.",
        options=["Triremes in a chain of seas carry your legions from coast to coast.",
                 "End naval movement to go on to your legions."],
        keys=MENU_KEYS + ", e ends naval movement", way_on=["e"],
        way_on_words="e ends naval movement", rule="Military: movement"),
    P.GroundTurn: Explanation(
        decision="Move your legions and creatures one step by land, or along your "
                 "triremes. Entering a province with enemy units starts a battle.",
        options=["A battle: each legion rolls a die, fortresses and creatures add 6; every "
                 "full 5 points kills one enemy unit.",
                 "Every unit moves once and fights once in a turn.",
                 "End your turn to keep your armies where they are."],
        keys=MENU_KEYS + ", ←→ how many go, m moves several, e ends your turn",
        way_on=["e"], way_on_words="e ends your military turn", rule="Military: movement"),
    P.ChooseOpponent: Explanation(
        decision="Several players have units where you attack: choose whom you fight "
                 "first.",
        options=["You fight them one after another, in the order you choose."],
        keys=MENU_KEYS, way_on=["enter"], way_on_words="Enter fights the first listed",
        rule="Military: battles"),
    P.ChooseLosses: Explanation(
        decision="The dice are rolled: you choose which of your units are lost.",
        options=["Every full 5 points of the other side kill one of your units; both "
                 "sides lose at once."],
        keys="↑↓ a unit, space marks it, Enter loses the marked units",
        way_on=["space", "enter"],
        way_on_words="space marks the unit you are on (↓ to the next), as many as you must "
                     "lose; then Enter",
        rule="Military: battles"),
    P.ChooseConquest: Explanation(
        decision="Only your units are left in a province marked by another player: choose "
                 "what becomes of it.",
        options=["Sack: destroy a building.", "Occupy: its production comes to you.",
                 "Convert: begin to turn it to your influence."],
        keys=MENU_KEYS, way_on=["enter"], way_on_words="Enter takes the first choice",
        rule="Military: after a battle"),
    P.GreekBlockade: Explanation(
        decision="A player carries units by sea into a province of Greek influence: as "
                 "Greece you may attack the ships of the convoy first.",
        options=["Blockade: a sea battle in a sea of the convoy where you have a trireme.",
                 "Let it pass: the units land."],
        keys=MENU_KEYS + ", l lets it pass", way_on=["l"], way_on_words="l lets it pass",
        rule="Military: the Greek blockade"),
    P.Reaction: Explanation(
        decision="The game pauses because a power you hold could be used now.",
        options=["Use it: the power's line says what it does.",
                 "Not now: keep it for later."],
        keys=MENU_KEYS + ", n not now", way_on=["n"], way_on_words="n keeps it for later",
        rule="Powers and reactions"),
}

PHASES: dict[str, PhaseIntro] = {
    "setup": PhaseIntro(text="Before the first turn every civilization places its start.",
                        rule="Setup"),
    "roles": PhaseIntro(
        text="A new turn: the four roles go to whoever leads in what each counts "
             "(caravans and markets, temples and markets, cities and temples, units). "
             "A role holder decides the order of its phase.", rule="Roles"),
    "commerce": PhaseIntro(
        text="Commerce: every city gives a tax card, every caravan a card of its "
             "commodity. Then the Director of Commerce may open a trade.",
        rule="Commerce: production"),
    "offering": PhaseIntro(
        text="Offering: in the High Priest's order each player may pay a set of three "
             "for a god. Without a set you are passed over.", rule="Offering to the gods"),
    "construction": PhaseIntro(
        text="Construction: in the Political Leader's order everybody builds with sets of "
             "cards. Afterwards only two tax cards may be kept.",
        rule="Construction: paying"),
    "military": PhaseIntro(
        text="Military: in the Military Leader's order each player moves ships, then "
             "armies, and fights where they meet.", rule="Military: movement"),
}

VICTORY = ("You win at once with four heroes and wonders (your own hero counts), or by "
           "building the Pyramids.")
VICTORY_RULE = "Victory"


def explanation(prompt: P.PromptBase) -> Explanation | None:
    return DECISIONS.get(type(prompt))
