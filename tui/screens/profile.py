"""A player's record on a game server (the lobby's p): rated games, wins by civilization,
the average length, the rating; and the table of the best rated, whose rows open their
player's record. It shows what the server answers (tui.net.records): counts and ratings
under names, nothing of any one game."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.render import civ as civ_name
from tui.net import protocol as p

from ..widgets.choice import ChoiceList
from ..widgets.keybar import KeyBar
from .base import BaseModal

WHAT_COUNTS = ("Counted: games that end with two players or more at the table (a seat "
               "handed to a computer is the computer's). Rating: the skill less three times "
               "its uncertainty.")


def _games(n: int) -> str:
    return f"{n} game{'s' if n != 1 else ''}"


def rating_words(pr: p.Profile) -> str:
    """'rating 3.3 (skill 27.9 ± 8.2)', or that there is none yet."""
    if pr.mu is None:
        return "no rating yet"
    return f"rating {pr.rating:.1f} (skill {pr.mu:.1f} ± {pr.sigma:.1f})"


def profile_text(pr: p.Profile) -> str:
    """A player's record, a few lines."""
    who = "Your record" if pr.mine else f"The record of {pr.name}"
    lines = [f"{who}: {rating_words(pr)}"
             + (f", {_ordinal(pr.rank)} of the best rated" if pr.rank else "")]
    if not pr.games:
        lines.append("No rated game yet: finish a game with at least one other player.")
        return "\n".join(lines)
    lines.append(f"{_games(pr.games)}, {pr.wins} won; on average {pr.turns:.1f} turns long")
    lines.append(" · ".join(f"{civ_name(c.civ)} {_games(c.games)}, {c.wins} won"
                            for c in pr.civs))
    return "\n".join(lines)


def leader_row(pr: p.Profile) -> str:
    skill = f"{pr.mu:.1f} ± {pr.sigma:.1f}" if pr.mu is not None else ""
    return (f"{pr.rank or '':<3} {pr.name:<20} {pr.rating:>6.1f}  {skill:>11}  "
            f"{pr.games:>5}  {pr.wins:>4}")


LEADERS_HEAD = f"{'#':<3} {'player':<20} {'rating':>6}  {'skill':>11}  {'games':>5}  wins"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class ProfileScreen(BaseModal):
    """`send` asks the server (None: only what it is given, for the snapshot tests); the
    lobby hands the answers to `show_profile` and `show_leaders`."""

    BINDINGS = [Binding("escape", "close", "Back", id="profile.close"),
                Binding("m", "mine", "My record", id="profile.mine")]
    DEFAULT_CSS = """
    ProfileScreen { align: center middle; }
    #profile-box { width: 80; max-height: 23; height: auto; border: round $primary;
                   background: $surface; padding: 0 1; overflow-y: auto; }
    #leaders-head { text-style: bold; color: $primary; margin-top: 1; }
    #profile, #profile-note { height: auto; }
    #profile-note { color: $text-muted; margin-top: 1; }
    #leaders { height: auto; max-height: 12; border: none; padding: 0; }
    """

    def __init__(self, send: Callable[[p.Msg], None] | None = None, *,
                 profile: p.Profile | None = None,
                 leaders: list[p.Profile] | None = None) -> None:
        super().__init__()
        self.send = send
        self.profile = profile
        self.leaders = leaders

    def compose(self) -> ComposeResult:
        with Vertical(id="profile-box"):
            yield Static("", id="profile")
            yield Static("The best rated", id="leaders-head")
            yield ChoiceList(id="leaders")
            yield Static(WHAT_COUNTS, id="profile-note")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.show_profile(self.profile)
        self.show_leaders(self.leaders)
        self.query_one(OptionList).focus()
        if self.send is not None:
            self.send(p.GetProfile())
            self.send(p.GetLeaders())

    def show_profile(self, pr: p.Profile | None) -> None:
        self.profile = pr
        text = Text(profile_text(pr) if pr is not None else "Asking the server…")
        title_end = text.plain.find("\n")
        text.stylize("bold", 0, title_end if title_end >= 0 else None)
        self.query_one("#profile", Static).update(text)

    def show_leaders(self, leaders: list[p.Profile] | None) -> None:
        self.leaders = leaders
        menu = self.query_one(OptionList)
        menu.clear_options()
        if leaders is None:
            menu.add_option(Option("Asking the server…", disabled=True))
        elif not leaders:
            menu.add_option(Option("Nobody is rated yet.", disabled=True))
        else:
            menu.add_option(Option(Text(LEADERS_HEAD, style="bold"), disabled=True))
            for pr in leaders:
                menu.add_option(Option(Text(leader_row(pr), style="bold" if pr.mine else ""),
                                       id=pr.name))
            menu.highlighted = 1
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A row of the best rated: that player's record."""
        event.stop()
        if self.send is not None and event.option.id:
            self.send(p.GetProfile(name=event.option.id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mine":
            return self.send is not None and self.profile is not None and not self.profile.mine
        return True

    def action_mine(self) -> None:
        if self.send is not None:
            self.send(p.GetProfile())

    def action_close(self) -> None:
        self.dismiss(None)
