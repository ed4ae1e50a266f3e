"""The civilizations' colours: one hue per civilization everywhere (the map and the names in
text), and every text readable, a contrast ratio of at least 4.5 (WCAG AA)."""

from __future__ import annotations

import asyncio
import colorsys

import pytest

from themes import palette as P

MIN_CONTRAST = 4.5
LIGHT_BACKGROUNDS = ["#E0E0E0", "#D8D8D8", "#D0D0D0", "#FAFAFA", "#CCCCCC", "#fdf6e3",
                     "#eee8d5", "#CCD0DA"]  # Textual's light themes: background, surface, panel


def _rgb(colour: str) -> tuple[float, float, float]:
    h = colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def luminance(colour: str) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = map(lin, _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def hue(colour: str) -> tuple[float, float]:
    """(hue in degrees, saturation) in HLS."""
    h, _l, s = colorsys.rgb_to_hls(*_rgb(colour))
    return h * 360, s


def same_hue(a: str, b: str) -> bool:
    (ha, sa), (hb, sb) = hue(a), hue(b)
    if sa < 0.1 and sb < 0.1:
        return True  # greys: no hue to speak of
    return min(abs(ha - hb), 360 - abs(ha - hb)) <= 3


RGB_THEMES = [P.DEFAULT, P.HIGH_CONTRAST]  # the ANSI theme leaves colours to the terminal


@pytest.mark.parametrize("name", RGB_THEMES)
@pytest.mark.parametrize("civ", P.CIVS)
def test_a_civilization_has_one_hue_and_readable_text(name, civ):
    theme = P.THEMES[name]
    v = theme.variables
    board, on_board, text = v[f"civ-{civ}"], v[f"civ-{civ}-text"], v[f"civ-{civ}-fg"]
    assert same_hue(board, text), f"{civ}: {board} on the map, {text} in text"
    assert contrast(board, on_board) >= MIN_CONTRAST, f"{civ}: the map's labels"
    for bg in (theme.background, theme.surface, theme.panel):
        if bg:
            assert contrast(text, bg) >= MIN_CONTRAST, f"{civ}: {text} on {bg}"


@pytest.mark.parametrize("civ", P.CIVS)
def test_light_themes_get_darker_shades_of_the_same_hue(civ):
    board = P.DEFAULT_VARIABLES[f"civ-{civ}"]
    text = P.variable_defaults(dark=False)[f"civ-{civ}-fg"]
    assert same_hue(board, text)
    for bg in LIGHT_BACKGROUNDS:
        assert contrast(text, bg) >= MIN_CONTRAST, f"{civ}: {text} on {bg}"
    assert P.variable_defaults(dark=True)[f"civ-{civ}-fg"] == \
        P.DEFAULT_VARIABLES[f"civ-{civ}-fg"]


def test_a_light_textual_theme_uses_the_light_shades():
    asyncio.run(_light_theme())


async def _light_theme():
    from tui.app import MareNostrumApp
    app = MareNostrumApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "textual-light"
        await pilot.pause()
        assert app.theme_variables["civ-rome-fg"].lower() == P.LIGHT_TEXT["civ-rome-fg"]
        app.theme = P.DEFAULT
        await pilot.pause()
        assert app.theme_variables["civ-rome-fg"].lower() == \
            P.DEFAULT_VARIABLES["civ-rome-fg"]
