"""The lobby of a game server: the tables (civilizations, who sits where, turn, whose
move); sit at a free seat or come back to one's own, watch, or create a table.

The screen owns the connection (`tui.net.client.Client`): a worker reads the server's
messages and hands table updates, chat and refusals to the table's remote session
(`tui.sessions.remote`), which the game screen plays through. Without a connection
(`connect=None`) it only shows the tables it is given (snapshot tests).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.render import civ
from tui.net import protocol as p
from tui.net.client import Client, RemoteError
from tui.net.settings import Settings
from tui.net.words import lobby_line, lobby_order, record_note, seat_text, table_summary

from ..sessions.remote import RemoteSession
from ..sessions.review import RemoteReview
from ..widgets.choice import ChoiceList
from ..widgets.keybar import KeyBar
from . import lobby_keys as keys
from .lobby_key import HINT, WATCH_ONLY, KeyLobby

Connect = Callable[[], Awaitable["Client"]]
LIVE_REFRESH = 15.0  # seconds between two lists while a clock runs at a table shown
NAME_FIRST = "Choose a name first (k): until then you may watch."


class Warning_(msgspec.Struct, frozen=True):
    """A refusal or a mistake said under the list: it leaves when the cursor moves to
    another table, or when its table changes (the cause may be gone)."""

    text: str
    highlighted: int | None  # the table highlighted when it was said
    table: int | None  # the table it is about
    info: p.TableInfo | None  # that table as it was then (None: not in the list)


class TableList(ChoiceList):
    """The tables: Enter is the screen's (its words say what it does at this table)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "select" and super().check_action(action, parameters)


class LobbyScreen(KeyLobby):
    BINDINGS = [
        Binding("enter", "sit", "Sit", id="lobby.sit"),
        *[Binding(str(n), f"sit({n - 1})", f"Sit at seat {n}", show=False,
                  id=f"lobby.sit-{n}")
          for n in range(1, 7)],
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("v", "replay", "Replay", show=False, id="lobby.replay"),
        Binding("n", "create", "New table", id="lobby.create"),
        Binding("b", "hand_over", "Seat to computer", id="lobby.hand-over"),
        Binding("r", "refresh", "Refresh", id="lobby.refresh"),
        Binding("s", "settings", "Settings", show=False, id="lobby.settings"),
        Binding("k", "account", "Name / link a key", show=False, id="lobby.account"),
        Binding("i", "invite", "Invite code", show=False, id="lobby.invite"),
        Binding("p", "profile", "Records", show=False, id="lobby.profile"),
        Binding("ctrl+q", "app.quit", "Quit", id="lobby.quit"),
    ]
    DEFAULT_CSS = """
    LobbyScreen { align: center top; }
    #lobby-box { width: 1fr; max-width: 110; height: 1fr; }
    #lobby-head { height: auto; padding: 0 1; text-style: bold; color: $primary; }
    #lobby-tables { height: 1fr; border: round $primary; }
    #lobby-message { height: auto; padding: 0 1; color: $warning; }
    #lobby-message.-refusal { color: $error; text-style: bold; }
    """

    def __init__(self, connect: Connect | None = None, *, tables: list[p.TableInfo] | None = None,
                 name: str = "", table: int | None = None, watch: bool = False,
                 replay: bool = False, record_at: str = "") -> None:
        super().__init__()
        self.record_at = record_at  # where a finished table's record is had (words.py)
        self.connect = connect
        self.client: Client | None = None
        self.tables = list(tables or [])
        self.me = name
        self.goto = table
        self.goto_watch = watch
        self.goto_replay = replay
        self.remote: RemoteSession | None = None  # the table we sit at or watch
        self.reviewing: RemoteReview | None = None  # a finished table's review, asked for
        self.opening = False  # a sit or watch was sent: show the table when it answers
        self.first_list = connect is not None
        self.guest = False  # keyless: may only watch
        self.unnamed = False  # a new key on an open server, no name claimed yet
        self.settings: Settings | None = None  # this key's, as the server keeps them
        self.contact: p.Contact | None = None  # where this key is told while away
        self._note = HINT  # the line under the list
        self._warning: Warning_ | None = None  # a refusal said over the note, for a while

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(self._head(), id="lobby-head")
            yield TableList(id="lobby-tables")
            yield Static(HINT, id="lobby-message")
        yield KeyBar()

    def _head(self) -> str:
        who = f" — you are {self.me}" if self.me else ""
        return f"Mare Nostrum: the tables of this server{who}"

    def on_mount(self) -> None:
        self._mount_too_small()
        self.show_tables(self.tables)
        self.query_one(OptionList).focus()
        if self.connect is not None:
            self.run_worker(self._listen(), exclusive=True, group="net")
            self.set_interval(LIVE_REFRESH, self._clock_refresh)

    # --- the connection -------------------------------------------------------------------
    async def _listen(self) -> None:
        assert self.connect is not None
        try:
            self.client = client = await self.connect()
            if client.welcome is not None:
                self.welcomed(client.welcome)
            self.send(p.ListTables())
            while True:
                msg = await client.receive()
                try:
                    self.receive(msg)
                except Exception as e:  # noqa: BLE001  (a drawing bug must not end the game)
                    self.warn(f"could not show {type(msg).__name__}: {e}")
        except RemoteError as e:
            self.say(f"{e}. Press ctrl+q to quit.")
            if self.remote is not None:
                self.remote.lost(str(e))

    def send(self, msg: p.Msg) -> None:
        if self.client is not None:
            self.client.send(msg)

    def receive(self, msg: p.ServerMsg) -> None:
        match msg:
            case p.Welcome():
                self.welcomed(msg)
            case p.LinkCode():
                # lazy: not needed for the lobby's first frame (a session's start)
                from .account import LinkCodeScreen
                self.app.push_screen(LinkCodeScreen(msg.code, msg.minutes))
            case p.Created() if msg.invite:
                self.say(f"Table {msg.table} is private: give its invite code {msg.invite} "
                         "to those you want there.")
            case p.Rejected() if self.unnamed and self.claiming:
                self.claiming = False
                self.claim_name(msg.reason)
            case p.Tables():
                self.show_tables(msg.tables)
                if self.first_list:
                    self.first_list = False
                    if self.goto is None:
                        self.goto = self._my_game()
                if self.goto is not None:
                    self._go_straight(self.goto)
            case p.Update():
                remote = self._session(msg.table)
                remote.update(msg)
                if self.opening:  # the answer to a sit or watch: the table's game screen
                    self.opening = False
                    self._show_table(remote)
            case p.ChatLine():
                self._session(msg.table).chat_line(msg)
            case p.Rejected() if self._reviewing(msg.table):
                assert self.reviewing is not None
                self.reviewing.heard(msg)
            case p.ReviewProgress() | p.ReviewDone() if self._reviewing(msg.table):
                assert self.reviewing is not None
                self.reviewing.heard(msg)
            case p.Hint() if self.remote is not None and self.remote.table == msg.table:
                self.remote.hint_came(msg)
            case p.Rejected():
                self.warn(_sentence(msg.reason), table=msg.table)
                self.opening = False
                if self.remote is not None and msg.table == self.remote.table:
                    self.remote.refused(msg.reason, msg.rule)
            case p.Resync():
                self.say(msg.reason)
            case p.YourTurn():
                self._your_turn(msg)
            case p.Digest():
                # lazy: not needed for the lobby's first frame (a session's start)
                from tui.net.digest import digest_text
                self.app.notify(digest_text(msg.lines), title=f"Table {msg.table}",
                                timeout=20, markup=False)
            case p.ReplayFrames():
                self._show_replay(msg)
            case p.Notice():
                self._notice(msg)
            case p.Profile() | p.Leaders():
                self._show_records(msg)
            case p.Contact():
                self._contact(msg)

    def _your_turn(self, msg: p.YourTurn) -> None:
        """A decision became ours: the bell and a desktop notice (where the terminal
        shows one), and a notification on whatever screen is up."""
        # lazy: not needed for the lobby's first frame (a session's start)
        from tui.net.notices import ring
        text = f"Table {msg.table}: your decision as {civ(msg.civ)}" + \
            (f" — {msg.what}" if msg.what else "")
        wanted = self.settings is None or self.settings.notifications  # this key's choice
        if wanted and not self.app.is_headless:
            ring(text)
        self.app.notify(text, title="Your turn", timeout=8, markup=False)
        if self.app.screen is self:
            self.send(p.ListTables())

    def _notice(self, msg: p.Notice) -> None:
        """The host's word: in the log of the table on screen, else here and notified."""
        if not (self.remote and msg.table in (None, self.remote.table)
                and self.remote.notice(msg.text)):
            self.app.notify(msg.text, title="From the host", severity="warning",
                            timeout=30, markup=False)
            self.say(f"From the host: {msg.text}")

    def _show_replay(self, msg: p.ReplayFrames) -> None:
        # lazy: not needed for the lobby's first frame (a session's start)
        from tui.net.replays import ReplayDataError, SeenReplay, unpack

        from .replay import ReplayScreen
        self.opening = False
        try:
            replay = SeenReplay(unpack(msg.data))
        except ReplayDataError as e:
            self.warn(str(e), table=msg.table)
            return
        # its players may ask the server for the review of their own seat
        self.reviewing = None if msg.seat is None else RemoteReview(
            msg.table, replay.state_at(0).players[msg.seat].civ, self.send)
        self.app.push_screen(ReplayScreen(replay,  # type: ignore[arg-type]
                                          remote_review=self.reviewing))

    def _reviewing(self, table: int | None) -> bool:
        """A review of `table` is asked for, and its screen waits for the server's word."""
        return self.reviewing is not None and self.reviewing.table == table and \
            self.reviewing.waiting

    def _clock_refresh(self) -> None:
        """Times left move on: list again now and then while a clock runs."""
        if self.app.screen is self and any(t.left is not None for t in self.tables):
            self.send(p.ListTables())

    def _my_game(self) -> int | None:
        """The one game in play where this player has a seat: a player who comes back
        (a dropped connection) lands at their table, at their prompt."""
        mine = [t.id for t in self.tables
                if t.status == "playing" and any(s.mine for s in t.seats)]
        return mine[0] if len(mine) == 1 else None

    def _go_straight(self, table: int) -> None:
        """`mare-nostrum join TABLE [--watch]`."""
        self.goto = None
        ids = [t.id for t in self.tables]
        if table not in ids:
            self.warn(f"There is no table {table} on this server.", table=table)
            return
        self.query_one(OptionList).highlighted = ids.index(table)
        if self.goto_replay:
            self.action_replay()
        elif self.goto_watch:
            self.action_watch()
        else:
            self.action_sit()

    def _session(self, table: int) -> RemoteSession:
        """The table's session: a new one when the player has just asked to sit or watch
        (the chat history comes first, then the update), else the one being played."""
        remote = self.remote
        if remote is None or remote.table != table or (self.opening and remote.shown):
            remote = self.remote = RemoteSession(table, self.send, me=self.me)
        return remote

    def _show_table(self, remote: RemoteSession) -> None:
        # lazy: not needed for the lobby's first frame (a session's start)
        from .game import GameScreen
        remote.shown = True
        self.app.push_screen(GameScreen(remote, bot_delay=0.0))

    def say(self, text: str) -> None:
        """The note under the list (how to play here, what just happened)."""
        self._note = text
        self._warning = None
        self._show_message()

    def warn(self, text: str, *, table: int | None = None) -> None:
        """A refusal under the list, until the cursor moves or its table changes."""
        t = self.selected()
        about = table if table is not None else t.id if t is not None else None
        info = next((x for x in self.tables if x.id == about), None)
        self._warning = Warning_(text, t.id if t is not None else None, about, info)
        self._show_message()

    def _show_message(self) -> None:
        w = self._warning
        box = self.query_one("#lobby-message", Static)
        box.set_class(w is not None, "-refusal")
        t = self.selected() if self.is_mounted else None
        record = record_note(t, self.record_at) if t is not None else ""
        box.update(Text(w.text if w is not None else record or self._note))

    def _warning_stale(self) -> bool:
        """The cursor left the warning's table, or its table changed since."""
        w = self._warning
        if w is None:
            return False
        t = self.selected()
        if (t.id if t is not None else None) != w.highlighted:
            return True
        now = next((x for x in self.tables if x.id == w.table), None)
        return w.table is not None and now != w.info

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._follow()

    def _follow(self) -> None:
        """After a move or a new list: a stale warning leaves; the keys say what they do
        at the highlighted table."""
        if self._warning_stale():
            self._warning = None
        self._show_message()  # a finished table of one's own says where its record is
        t = self.selected()
        if t is not None:
            self.describe_key("sit", keys.ENTER_WORDS[keys.enter_plan(t, self.watch_only).kind])
            plan = keys.hand_over_plan(t, self.watch_only)
            if plan is not None:
                self.describe_key("hand_over", keys.HAND_OVER_WORDS[plan.kind])
        self.refresh_bindings()

    @property
    def watch_only(self) -> bool:
        """A guest (no key) or a key without a name: they watch, they do not play."""
        return self.guest or self.unnamed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar shows what each key does at the highlighted table, for who we are."""
        t = self.selected()
        if action in ("sit", "watch", "replay", "hand_over"):
            if t is None:
                return False
        match action:
            case "sit" if parameters:  # a seat by its number
                return not self.watch_only
            case "watch":
                assert t is not None
                return None if keys.watch_refusal(t) else True  # dim: nobody may watch
            case "replay":
                assert t is not None
                return t.status == "over"
            case "hand_over":
                assert t is not None
                return keys.hand_over_plan(t, self.watch_only) is not None
            case "create":
                return not self.watch_only
            case "settings" | "account":
                return not self.guest
        return True

    # --- the list -------------------------------------------------------------------------
    def show_tables(self, tables: list[p.TableInfo]) -> None:
        menu = self.query_one(OptionList)
        was = self.selected()
        self.tables = lobby_order(tables)
        menu.clear_options()
        for t in self.tables:
            lines = Text(table_summary(t), style="bold")
            lines.append("\n  " + "  ·  ".join(seat_text(s) for s in t.seats), style="")
            lines.append("\n  " + lobby_line(t), style="italic")
            menu.add_option(Option(lines, id=str(t.id)))
        if not self.tables:
            menu.add_option(Option(self._no_tables(), disabled=True))
        if self.tables:  # the same table stays highlighted as the order changes
            ids = [t.id for t in self.tables]
            menu.highlighted = ids.index(was.id) if was is not None and was.id in ids else 0
        self._follow()

    def _no_tables(self) -> str:
        if self.guest:
            return "No tables yet: a player with a key creates one, then you may watch it."
        if self.unnamed:
            return "No tables yet: choose a name (k), then press n to create one."
        return "No tables yet: press n to create one."

    def selected(self) -> p.TableInfo | None:
        i = self.query_one(OptionList).highlighted
        return self.tables[i] if i is not None and 0 <= i < len(self.tables) else None

    def action_sit(self, seat: int | None = None) -> None:
        """Enter: what its words in the key bar say (lobby_keys.enter_plan); 1-6: that
        seat."""
        t = self.selected()
        if t is None:
            return
        if seat is not None:
            if self.watch_only:
                self.warn(NAME_FIRST if self.unnamed else WATCH_ONLY)
                return
            self.opening = True
            self.send(p.Sit(table=t.id, seat=seat))
            return
        plan = keys.enter_plan(t, self.watch_only)
        if plan.kind == keys.REPLAY:
            self.action_replay()
        elif plan.kind == keys.WATCH:
            self.action_watch()
        else:
            self.opening = True
            assert plan.seat is not None  # sitting down, or back: at a seat
            self.send(p.Sit(table=t.id, seat=plan.seat))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()  # a click on a table: what Enter does
        self.action_sit()

    def action_watch(self) -> None:
        t = self.selected()
        if t is None:
            return
        why = keys.watch_refusal(t)
        if why is not None:
            self.warn(why)
            return
        self.opening = True
        self.send(p.Watch(table=t.id))

    def action_replay(self) -> None:
        t = self.selected()
        if t is None:
            return
        if t.status != "over":
            self.warn(f"Table {t.id} is still playing: its replay comes when it is over.")
            return
        self.say(f"Fetching the replay of table {t.id}…")
        self.send(p.GetReplay(table=t.id))

    def action_hand_over(self) -> None:
        """b: what its words in the key bar say (lobby_keys.hand_over_plan)."""
        t = self.selected()
        plan = keys.hand_over_plan(t, self.watch_only) if t is not None else None
        if t is None or plan is None:
            return
        if plan.kind == keys.VOTE:
            self.send(p.VoteHandOver(table=t.id, seat=plan.seat))
            self.say(f"Your vote to hand {seat_text(t.seats[plan.seat])} to a computer is in.")
        elif plan.kind == keys.GIVE_BACK:
            self.send(p.HandOver(table=t.id, seat=plan.seat, to_bot=False))
        else:
            # lazy: not needed for the lobby's first frame (a session's start)
            from .bot_level import BotLevelScreen

            def chosen(level: str | None) -> None:
                if level is not None:
                    self.send(p.HandOver(table=t.id, seat=plan.seat, to_bot=True,
                                         level=level))
                    self.send(p.ListTables())

            self.app.push_screen(BotLevelScreen(seat_text(t.seats[plan.seat])), chosen)
            return
        self.send(p.ListTables())

    def action_refresh(self) -> None:
        self.send(p.ListTables())

    def action_create(self) -> None:
        # lazy: not needed for the lobby's first frame (a session's start)
        from .create_table import CreateTableScreen
        if self.watch_only:
            self.warn(NAME_FIRST if self.unnamed else WATCH_ONLY)
            return

        def created(msg: p.CreateTable | None) -> None:
            if msg is not None:
                self.opening = msg.sit is not None
                self.send(msg)
                self.send(p.ListTables())

        self.app.push_screen(CreateTableScreen(), created)

    def on_screen_resume(self, _event: object = None) -> None:
        self.send(p.ListTables())


def _sentence(reason: str) -> str:
    """A server's reason as a sentence under the list."""
    reason = reason.strip()
    if not reason:
        return reason
    return reason[0].upper() + reason[1:] + ("" if reason.endswith((".", "!", "?")) else ".")

