"""The Textual app of Mare Nostrum: Mythology.

    run_app()                                  the title screen
    run_app(session=LocalSession.new(...))      straight into a game
    run_app(replay=(Replay(record), step))            straight into the replay viewer
"""

from __future__ import annotations

from . import collector

with collector.uncollected():  # the modules of the screen: see tui/collector.py
    from collections.abc import Iterable
    from pathlib import Path
    from typing import TYPE_CHECKING, Any, Self

    from textual import constants, events
    from textual.app import App, SystemCommand
    from textual.binding import Binding
    from textual.driver import Driver
    from textual.drivers.linux_driver import LinuxDriver
    from textual.geometry import Size
    from textual.screen import Screen

    from themes import palette as themes

    from . import sheets
    from .textual_seams import QuietInputDriver, set_terminal_colours, without_tooltips

# The title screen needs no engine: the engine, the saves and the session are imported when
# a game is started or opened, so the app shows its first frame sooner (bench_startup.py).
if TYPE_CHECKING:
    from textual.await_complete import AwaitComplete

    from engine.replay import Replay
    from engine.state import Config

    from . import bridge
    from .screens.game import GameScreen
    from .sessions.local import LocalSession
    from .widgets.map import MapView

HERE = Path(__file__).parent


class MareNostrumApp(App[int]):
    TITLE = "Mare Nostrum: Mythology"
    # what every screen shares; a screen's own rules, and the map's colours
    # (themes.TCSS_PATHS), are read when first needed (tui/sheets.py)
    CSS_PATH = HERE / "app.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny-w"), (80, "-narrow"), (118, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-tiny-h"), (24, "-short"), (34, "-tall")]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=True, id="app.quit"),
        Binding("f1", "help", "Help", show=False, id="app.help"),
    ]

    def __init__(self, *, session: LocalSession | None = None,
                 replay: Replay | tuple[Replay, int] | None = None,
                 theme: str | None = None, bot_delay: float = 0.15, seed: int | None = None,
                 message: str = "", first_screen: Screen[object] | None = None,
                 autosave: bool = True) -> None:
        super().__init__()
        without_tooltips(self)  # none in the app: no screen composes Textual's widget for them
        self.stylesheet = sheets.SharedStylesheet(variables=self.get_css_variables())
        collector.pace_for_screen()
        self._start_session = session
        self._start_replay = replay
        self._start_theme = themes.resolve_theme_name(theme)
        self.bot_delay = bot_delay
        self.seed = seed
        self.message = message
        self._first_screen = first_screen
        self.autosave = autosave
        self._terminal_size: Size | None = None  # the size last sent by the terminal
        themes.register_themes(self)
        if self._start_theme in self.available_themes:
            self._first_theme(self._start_theme)
        else:
            self.message = (self.message + "\n" if self.message else "") + \
                f"Unknown theme {self._start_theme!r}: using the default."
            self._first_theme(themes.DEFAULT)

    def _first_theme(self, name: str) -> None:
        """The theme to start with, set before the stylesheet is first read: setting
        `theme` would have its watcher read and apply the whole stylesheet a second time
        once the app runs (a tenth of the time to the first frame)."""
        self.set_reactive(App.theme, name)
        dark = self.current_theme.dark
        self.update_classes({f"-theme-{name}": True, "-dark-mode": dark,
                             "-light-mode": not dark}, update=False)
        set_terminal_colours(self)
        self.stylesheet.set_variables(self.get_css_variables())

    def get_driver_class(self) -> type[Driver]:
        """Textual's choice of driver, except that on Linux and macOS the terminal's input
        is read by a thread that sleeps until a key comes (tui/textual_seams.py): an idle
        session of a game server then costs no processor. A driver named in Textual's own
        TEXTUAL_DRIVER variable is taken as named (bench/bench_idle_session.py compares)."""
        chosen = super().get_driver_class()
        return QuietInputDriver if chosen is LinuxDriver and constants.DRIVER is None \
            else chosen

    def refresh(self, *, repaint: bool | None = None, layout: bool = False,
                recompose: bool = False) -> Self:
        # Textual asks the screen on top for a layout and a repaint of all of it when a
        # screen is removed (at every decision, the dialog closed): a screen removed
        # changes nothing on the others, so neither is made (the screen under it repaints
        # where the dialog was: tui/screens/base.py `Thrift.uncovered`; a new dialog on
        # top is laid out already). After a suspend the whole screen is repainted
        # (`_repaint_after_suspend`), and a new size comes as a Resize.
        if repaint is None and not recompose:
            if layout:
                return self
            repaint = True
        return super().refresh(repaint=bool(repaint), layout=layout, recompose=recompose)

    def push_screen(self, *args: Any, **kw: Any) -> Any:  # App's own (its overloads)
        # the screen covered asks for a repaint of all of itself, which it would make when
        # uncovered: there it repaints what changed (tui/screens/base.py `Thrift.covered`)
        stack = self.screen_stack
        covered = getattr(stack[-1], "covered", None) if stack else None
        if covered is None:
            return super().push_screen(*args, **kw)
        with covered():
            return super().push_screen(*args, **kw)

    def pop_screen(self) -> AwaitComplete:
        # a see-through dialog closed: the screen under it repaints where the dialog's
        # widgets were, not all of itself (tui/screens/base.py `Thrift.uncovered`)
        stack = self.screen_stack
        dialog, under = stack[-1], stack[-2] if len(stack) > 1 else None
        done = super().pop_screen()
        # (its result's callback may have opened the next dialog over it already)
        uncovered = getattr(under, "uncovered", None)
        if uncovered is not None and self.screen is under:
            uncovered(dialog)
        return done

    def _repaint_after_suspend(self, _app: App[object]) -> None:
        self.screen.refresh(repaint=True)

    def on_resize(self, event: events.Resize) -> None:
        # The terminal's size once more (the driver sends it when the app starts, after the
        # first frame): Textual's handler (run after this one) would lay out the screen
        # again and the one under it, which then repaints the whole screen above it, for
        # the same picture.
        if event.size == self._terminal_size:
            event.prevent_default()
        self._terminal_size = event.size

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # a light theme of Textual's gets the darker shades of the civilizations' names
        return themes.variable_defaults(self.current_theme.dark)

    def on_mount(self) -> None:
        self.app_resume_signal.subscribe(self, self._repaint_after_suspend)
        if self._first_screen is not None:
            self.push_screen(self._first_screen)
        elif self._start_session is not None:
            self.push_screen(self._game_screen(self._start_session))
        elif self._start_replay is not None:
            # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
            from .screens.replay import ReplayScreen
            data, start = self._start_replay if isinstance(self._start_replay, tuple) \
                else (self._start_replay, 0)
            self.push_screen(ReplayScreen(data, start))
        else:
            # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
            from .screens.title import TitleScreen
            self.push_screen(TitleScreen(self.message))

    # --- the command palette --------------------------------------------------------------
    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for name, title in themes.THEME_TITLES.items():
            yield SystemCommand(f"Theme: {title}", f"Switch to the {title} theme",
                                lambda name=name: self._set_theme(name))
        yield SystemCommand("Help", "Keys and a summary of the rules", self.action_help)
        yield SystemCommand("Cards", "Every hero, wonder, god and creature: cost, power, "
                            "holder", self.action_cards)
        yield SystemCommand("New game", "Choose players and rules for a new game",
                            self.action_new_game)
        yield SystemCommand("Title screen", "Back to the title screen", self.action_title)
        yield from super().get_system_commands(screen)

    def _set_theme(self, name: str) -> None:
        self.theme = name

    # --- going places ---------------------------------------------------------------------
    def _game_screen(self, session: LocalSession) -> GameScreen:
        # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
        from .screens.game import GameScreen
        return GameScreen(session, bot_delay=self.bot_delay)

    def _goto(self, screen: Screen[object]) -> None:
        """Make `screen` the only screen on the stack (above Textual's default one)."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def on_map_view_legend_asked(self, message: MapView.LegendAsked) -> None:
        # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
        from .screens.legend import LegendScreen
        self.push_screen(LegendScreen(message.state))

    def action_help(self) -> None:
        # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
        from .screens.help import HelpScreen
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_cards(self) -> None:
        """The card browser, for the game on screen if there is one."""
        # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
        from .screens.cards import CardBrowserScreen
        from .screens.game import GameScreen
        if isinstance(self.screen, CardBrowserScreen):
            return
        game = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)),
                    None)
        shown = game.shown_view() if game is not None else None
        if game is None or shown is None:
            self.push_screen(CardBrowserScreen())
        else:
            self.push_screen(CardBrowserScreen(shown, game.quotes()))

    def action_title(self, message: str = "") -> None:
        # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
        from .screens.title import TitleScreen
        self._goto(TitleScreen(message))

    def action_new_game(self) -> None:
        # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
        from .screens.new_game import NewGameScreen
        self.push_screen(NewGameScreen(self.seed))

    def action_quick_game(self) -> None:
        # lazy: the title screen needs no engine (bench/bench_startup.py)
        from engine.data.board import CIVS
        from engine.state import Config

        from .screens.new_game import random_seed
        from .sessions.local import HUMAN, default_bot_level
        seed = self.seed if self.seed is not None else random_seed()
        config = Config(civs=list(CIVS), seed=seed)
        self.start_new_game(config, [HUMAN] + [default_bot_level()] * (len(CIVS) - 1))

    def start_new_game(self, config: Config, seats: list[str]) -> None:
        # lazy: the title screen needs no engine (bench/bench_startup.py)
        from .sessions.local import LocalSession
        self.start_session(LocalSession.new(config, seats, autosave=self.autosave))

    def start_session(self, session: LocalSession) -> None:
        self._goto(self._game_screen(session))

    def action_resume(self) -> None:
        # lazy: the title screen needs no engine (bench/bench_startup.py)
        from . import bridge
        info = bridge.latest_save()
        if info is None:
            self._title_message("No saved game to resume yet.")
            return
        try:
            self.open_save_file(info.path)
        except bridge.LoadError as e:
            self._title_message(f"Cannot resume: {e}")

    def _title_message(self, text: str) -> None:
        # lazy: a screen loads when first shown (the first frame: bench/bench_startup.py)
        from .screens.title import TitleScreen
        if isinstance(self.screen, TitleScreen):
            self.screen.show_message(text)
        else:
            self.notify(text, severity="warning")

    def open_save_file(self, path: str | Path) -> None:
        """Load a save and play on (LoadError if it cannot be read)."""
        # lazy: the title screen needs no engine (bench/bench_startup.py)
        from . import bridge
        session = session_from_save(bridge.load_game(path), autosave=self.autosave,
                                    name=Path(path).stem)
        self.start_session(session)

    def open_replay_file(self, path: str | Path) -> None:
        # lazy: the title screen needs no engine (bench/bench_startup.py)
        from engine.replay import Replay

        from . import bridge
        from .screens.replay import ReplayScreen
        self._goto(ReplayScreen(Replay(bridge.load_record(path))))


def session_from_save(loaded: bridge.LoadedGame, *, seats: list[str] | None = None,
                      autosave: bool = True, name: str | None = None) -> LocalSession:
    """Play on from a save: its record goes on, its history fills the battle log. The seats
    are those given, else those the save records, else the first seat human and the others
    computer players (saves made before seats were recorded)."""
    # lazy: the title screen needs no engine (bench/bench_startup.py)
    from . import bridge
    from .sessions.local import HUMAN, LocalSession, default_bot_level
    n = len(loaded.state.players)
    seats = seats or loaded.seats or [HUMAN] + [default_bot_level()] * (n - 1)
    if len(seats) != n:
        seats = (list(seats) + [default_bot_level()] * n)[:n]
    events = bridge.history_events(loaded.record, loaded.state) or []
    return LocalSession(loaded.state, seats, events=events, record=loaded.record,
                       autosave=autosave, save_name=name or loaded.name or None)


def run_app(*, session: LocalSession | None = None,
            replay: Replay | tuple[Replay, int] | None = None, theme: str | None = None,
            bot_delay: float = 0.15, seed: int | None = None, message: str = "",
            autosave: bool = True, save: str | Path | None = None,
            first_screen: Screen[object] | None = None) -> int:
    """Run the app until it quits; returns the exit code. `save`: a save file to play on;
    `first_screen`: the screen to open on (the guided game's)."""
    # lazy: the title screen needs no engine (bench/bench_startup.py)
    from . import bridge
    if save is not None and session is None:
        try:
            session = session_from_save(bridge.load_game(save), autosave=autosave,
                                        name=Path(save).stem)
        except bridge.LoadError as e:
            message = f"Cannot resume: {e}"
    app = MareNostrumApp(session=session, replay=replay, theme=theme, bot_delay=bot_delay,
                         seed=seed, message=message, autosave=autosave,
                         first_screen=first_screen)
    collector.settle_imports()  # one app in this program: see tui/collector.py
    result = app.run()
    if app.return_code:  # the app crashed (Textual printed the traceback)
        return app.return_code
    return result if isinstance(result, int) else 0
