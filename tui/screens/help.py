"""Help: the keys, and a summary of the rules in our own words."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from ..widgets.keybar import KeyBar
from ..widgets.map_marks import legend_markdown
from .base import BaseScreen

HELP_TEXT_TEMPLATE = """\
# Mare Nostrum: Mythology — help

## Keys

Everything works from the keyboard; the footer always shows the keys you can use now.
The mouse works too: click a province, click a choice.

| where | key | what |
|---|---|---|
| everywhere | `?` | this help |
| everywhere | `ctrl+p` | the command palette (themes, help, cards, new game, quit) |
| help, game | `c` | every card: its cost for you, its power, who holds it |
| everywhere | `ctrl+q` | quit (the game is saved after every decision) |
| game | arrows | move the map cursor to the next province or sea that way |
| game | `enter` | the full detail of the province under the cursor |
| game | `d` | open your pending decision again |
| game | `1` … `6` | map, hand, roles, gods and cards, battle log, players and supply |
| game, help | `l` | the map's legend: every mark and label |
| game | `u` | take back your last decision (when nothing was revealed since) |
| game, decision | `h` | a hint: what the hard computer player would do here, and why (escape cancels) |
| game | `tab` | move the focus (to scroll a pane with the arrows) |
| game | `f` | computer players fast, or at watching speed |
| a server's table | `t` | talk to the table (its lines go to the battle log) |
| a server's table | `escape` | back to the lobby (your seat stays yours) |
| decision | `↑` `↓` `enter` | choose |
| decision | `space` | mark several items (construction) or units (losses, moves) |
| decision | `+` `-` or `→` `←` | more or fewer of a card (offers, payments) |
| decision | `v` | put the dialog away to look at the board (`d` brings it back) |
| decision | `1` | the whole map when the dialog covers it (`1` again: back to the dialog) |
| replay | `r` | the hard player's review of one seat's decisions: its five biggest swings |
| replay | `→` `←` | one step forward or back |
| replay | `PgDn` `PgUp` | the next or the previous turn |
| replay | `t` | jump to a turn; `space` plays the game on |

### The map

Land is coloured by the civilization whose influence marker it holds, and not by colour
alone: the label says it too. Next to each label a marker line shows the area's buildings,
then each player's units on his colour; where there is no room, numbers count them. The
detail line under the map says it in words. The legend (`l` on the board and on the whole
map) shows every mark on its colours:

{legend}

## The rules in short

**Aim.** Be the first to hold **four heroes and wonders** (five in the long game), or
build the **Pyramids**.

**A turn** has five phases:

1. **Roles.** Each role card goes to the player who leads in what it counts; a holder
   keeps it on a tie, and chooses who takes it when others are tied above him.
   *Director of Commerce*: caravans and markets. *High Priest*: temples and markets.
   *Political Leader*: cities and temples. *Military Leader*: military units.
2. **Commerce.** Every city yields a tax card, every caravan its commodity; a temple
   doubles the cities of its province, a market its caravans. Then the trade: the
   Director of Commerce announces a number; everyone with that many cards lays them
   face down. They are turned up and players take one card at a time from another's
   offer, the one taken from taking next. Whoever ends with fewer cards than he gave is
   paid back by those with more.
3. **Offering to the gods.** In the High Priest's order, each player may pay a set of
   three for one god still in the heavens. A god's power is used once.
4. **Construction.** In the Political Leader's order, each player buys with **sets**: a
   set is tax cards only, or commodities all different; its value is its number of cards.
   One set pays for one purchase (or several that add up to no more); sets are never
   added together and change is lost. Influence goes next to your provinces (by land, or
   across a sea your triremes hold); buildings and units go in provinces you held when
   your turn began. Costs: influence, city, caravan, legion, trireme, fortress 3;
   temple, market, creature 6; a hero or wonder 9; the Pyramids 12. Some cards lower a
   cost; only the best reduction counts. At the end you keep two tax cards and no
   commodities.
5. **Military.** In the Military Leader's order: move triremes and fight at sea, then
   move ground units by land or carried along a chain of your triremes. Where two
   players' units meet there is a battle: dice, plus automatic sixes for fortresses and
   creatures; every five points kill one enemy unit. A winner alone in a province may
   sack a building, occupy it, or begin to convert the province.

**Mythology.** Gods, creatures (one per civilization, with its own power) and new heroes
join the base game; the western board adds Atlantis and five seas.

**Hot seat.** When two people share the keyboard, a screen asks the next player to take
it before his hand is shown.
"""


# the map's legend comes from the map's own table of marks (tui/widgets/map_marks.py)
HELP_TEXT = HELP_TEXT_TEMPLATE.replace("{legend}", legend_markdown())


class HelpScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_name("help.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("b", "close", "Back", id="help.close"),
        Binding("c", "app.cards", "Cards", id="help.cards"),
        Binding("l", "legend", "Map legend", id="help.legend"),
        Binding("q", "close", "Back", show=False, id="help.close-q"),
        Binding("escape", "close", "Back", show=False, id="help.close-escape"),
        Binding("question_mark", "close", "Back", show=False, id="help.close-question-mark"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll"):
            yield Markdown(HELP_TEXT, id="help-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_legend(self) -> None:
        from .legend import LegendScreen
        self.app.push_screen(LegendScreen())

    def action_close(self) -> None:
        self.dismiss(None)
