"""Playing the guided first game (`mare-nostrum learn`) as a newcomer does: read each page
of the guide, press Enter, then press the keys the page names under "To go on quickly"."""

from __future__ import annotations

from tests.test_tui_fixtures import settle
from tests.waiting import settled
from tui.app import MareNostrumApp
from tui.commands.learn_cmd import guided_screen
from tui.decisions.base import DecisionScreen, PaymentScreen
from tui.guide.texts import DECISIONS
from tui.screens.guide import GuideScreen
from tui.screens.guided import GuidedGameScreen

# The pages of the first turn of the prepared game, when the newcomer goes on quickly:
# the kind of decision each explains.
FIRST_TURN = ["AnnounceTrade", "ChooseTradeOffer", "TakeTradeCard", "GiveBalancingCard",
              "MakeOffering", "ConstructionTurn", "NavalTurn", "GroundTurn"]


def guided_app() -> MareNostrumApp:
    return MareNostrumApp(bot_delay=0, autosave=False,
                          first_screen=guided_screen(bot_delay=0, autosave=False))


def game_screen(app) -> GuidedGameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GuidedGameScreen))


def _waiting(app) -> bool:
    return isinstance(app.screen, GuideScreen | DecisionScreen | PaymentScreen) and \
        bool(app.screen.query("KeyBar"))


async def newcomer(pilot, pages: int, log: list[str] | None = None) -> GuideScreen:
    """Play on as a newcomer until the guide's page number `pages` (from 1) is open."""
    app = pilot.app
    seen = 0
    for _ in range(200):
        assert await settle(pilot, lambda: _waiting(app), timeout=30), \
            f"nothing to press on ({app.screen!r})"
        screen = app.screen
        if isinstance(screen, GuideScreen):
            seen += 1
            if log is not None:
                log.append(screen.page.kind)
            if seen == pages:
                await settled(pilot)
                return screen
            await pilot.press("enter")
        elif isinstance(screen, PaymentScreen):
            await pilot.press("enter")
        else:
            assert isinstance(screen, DecisionScreen)
            await pilot.press(*DECISIONS[type(screen.prompt)].way_on)
    raise AssertionError(f"page {pages} never came (seen {seen})")
