"""The themes of the Mare Nostrum terminal game.

Three Textual themes, each carrying the game's own colour variables (the civilizations, the
sea, unowned land, the map cursor):

    mare-nostrum                  the default, a dark bronze-and-sea palette
    mare-nostrum-high-contrast    pure colours on black, for poor eyesight or projectors
    mare-nostrum-ansi             the 16 ANSI colours only, for plain terminals and old SSH clients

`register_themes(app)` registers them; `THEME_ALIASES` maps the short names of the
command-line flag (``--theme default|high-contrast|ansi``) to theme names. The colour rules
that use these variables live in ``themes/game.tcss`` (see `TCSS_PATHS`, read with the
first map).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.theme import Theme

HERE = Path(__file__).parent
TCSS_PATHS: list[Path] = [HERE / "game.tcss"]

CIVS = ("rome", "carthage", "greece", "egypt", "babylon", "atlantis")

DEFAULT = "mare-nostrum"
HIGH_CONTRAST = "mare-nostrum-high-contrast"
ANSI = "mare-nostrum-ansi"

THEME_ALIASES: dict[str, str] = {
    "default": DEFAULT,
    "high-contrast": HIGH_CONTRAST,
    "contrast": HIGH_CONTRAST,
    "ansi": ANSI,
    "16": ANSI,
}

THEME_TITLES: dict[str, str] = {
    DEFAULT: "Mare Nostrum (default)",
    HIGH_CONTRAST: "High contrast",
    ANSI: "ANSI 16 colours (plain terminals)",
}


def _civ_vars(colours: dict[str, tuple[str, str, str]]) -> dict[str, str]:
    """civ -> (board colour, text on it, text colour on the normal background)."""
    out: dict[str, str] = {}
    for civ, (bg, text, fg) in colours.items():
        out[f"civ-{civ}"] = bg
        out[f"civ-{civ}-text"] = text
        out[f"civ-{civ}-fg"] = fg
    return out


# A civilization has one hue everywhere: its board colour, and a lighter (on dark
# backgrounds) or darker (on light ones) shade of the same hue and saturation for its name
# in text, each chosen so that text reaches a contrast ratio of at least 4.5 against the
# theme's background, surface and panel (tests/test_palette.py checks it).
# The variables every theme must define (the defaults are those of the default theme, so
# Textual's own themes chosen from the palette still work).
DEFAULT_VARIABLES: dict[str, str] = {
    **_civ_vars({
        "rome": ("#a93226", "#ffffff", "#e07d74"),
        "carthage": ("#7d3c98", "#ffffff", "#c39bd3"),
        "greece": ("#d0d3d4", "#111111", "#e5e8e8"),
        "egypt": ("#d4ac0d", "#111111", "#f4d03f"),
        "babylon": ("#1e8449", "#ffffff", "#58d68d"),
        "atlantis": ("#12846e", "#ffffff", "#48c9b0"),
    }),
    "map-sea": "#173652",
    "map-sea-text": "#5d8cba",
    "map-sea-label": "#a9cce3",
    "map-land": "#5b4a32",
    "map-land-text": "#e8dcc0",
    "map-neutral": "#4d4d4d",
    "map-neutral-text": "#d0d0d0",
    "map-void": "#0b0b0b",
    "map-cursor": "#ffe066",
    "map-cursor-text": "#000000",
    "dice": "#f7dc6f",
    "log-turn": "#c8a25a",
}

# the names in text when a light theme (one of Textual's) is chosen: darker shades of the
# same hues
LIGHT_TEXT: dict[str, str] = {
    "civ-rome-fg": "#9c2e23",
    "civ-carthage-fg": "#783a92",
    "civ-greece-fg": "#505658",
    "civ-egypt-fg": "#655206",
    "civ-babylon-fg": "#166236",
    "civ-atlantis-fg": "#0d6050",
}


def variable_defaults(dark: bool = True) -> dict[str, str]:
    """The game's variables for a theme that does not define them (Textual's own)."""
    return dict(DEFAULT_VARIABLES) if dark else {**DEFAULT_VARIABLES, **LIGHT_TEXT}


HIGH_CONTRAST_VARIABLES: dict[str, str] = {
    **_civ_vars({
        "rome": ("#ff0000", "#000000", "#ff5555"),
        "carthage": ("#ff00ff", "#000000", "#ff55ff"),
        "greece": ("#ffffff", "#000000", "#ffffff"),
        "egypt": ("#ffff00", "#000000", "#ffff00"),
        "babylon": ("#00ff00", "#000000", "#00ff00"),
        "atlantis": ("#00ffff", "#000000", "#00ffff"),
    }),
    "map-sea": "#0000b0",
    "map-sea-text": "#5555ff",
    "map-sea-label": "#ffffff",
    "map-land": "#7a4a00",
    "map-land-text": "#ffffff",
    "map-neutral": "#808080",
    "map-neutral-text": "#000000",
    "map-void": "#000000",
    "map-cursor": "#ff8800",
    "map-cursor-text": "#000000",
    "dice": "#ffff00",
    "log-turn": "#ffff00",
}

ANSI_VARIABLES: dict[str, str] = {
    **_civ_vars({
        "rome": ("ansi_red", "ansi_bright_white", "ansi_bright_red"),
        "carthage": ("ansi_magenta", "ansi_bright_white", "ansi_bright_magenta"),
        "greece": ("ansi_white", "ansi_black", "ansi_bright_white"),
        "egypt": ("ansi_yellow", "ansi_black", "ansi_bright_yellow"),
        "babylon": ("ansi_green", "ansi_black", "ansi_bright_green"),
        "atlantis": ("ansi_cyan", "ansi_black", "ansi_bright_cyan"),
    }),
    "map-sea": "ansi_blue",
    "map-sea-text": "ansi_bright_blue",
    "map-sea-label": "ansi_bright_white",
    "map-land": "ansi_black",
    "map-land-text": "ansi_white",
    "map-neutral": "ansi_bright_black",
    "map-neutral-text": "ansi_bright_white",
    "map-void": "ansi_black",
    "map-cursor": "ansi_bright_yellow",
    "map-cursor-text": "ansi_black",
    "dice": "ansi_bright_yellow",
    "log-turn": "ansi_yellow",
    # Textual's own ANSI variables (as in its ansi-dark theme)
    "ansi-background": "ansi_black",
    "ansi-foreground": "ansi_white",
    "border-blurred": "ansi_black",
    "block-cursor-foreground": "ansi_black",
    "block-cursor-background": "ansi_white",
    "input-cursor-background": "ansi_black",
    "input-cursor-foreground": "ansi_bright_white",
    "input-cursor-text-style": "none",
    "input-selection-background": "ansi_bright_blue",
    "input-selection-foreground": "ansi_black",
    "screen-selection-background": "ansi_bright_blue",
    "screen-selection-foreground": "ansi_black",
}

THEMES: dict[str, Theme] = {
    DEFAULT: Theme(
        name=DEFAULT,
        primary="#c8a25a",
        secondary="#2e6f95",
        accent="#e8b04b",
        warning="#e8b04b",
        error="#e05d5d",
        success="#58b368",
        foreground="#e8e2d0",
        background="#12161c",
        surface="#1a2029",
        panel="#253040",
        dark=True,
        variables=dict(DEFAULT_VARIABLES),
    ),
    HIGH_CONTRAST: Theme(
        name=HIGH_CONTRAST,
        primary="#ffff00",
        secondary="#00ffff",
        accent="#ffff00",
        warning="#ffff00",
        error="#ff4040",
        success="#00ff00",
        foreground="#ffffff",
        background="#000000",
        surface="#000000",
        panel="#202020",
        boost="#303030",
        dark=True,
        luminosity_spread=0.25,
        text_alpha=1.0,
        variables={
            **HIGH_CONTRAST_VARIABLES,
            "footer-key-foreground": "#ffff00",
            "block-cursor-background": "#ffff00",
            "block-cursor-foreground": "#000000",
            "border": "#ffffff",
        },
    ),
    ANSI: Theme(
        name=ANSI,
        ansi=True,
        primary="ansi_yellow",
        secondary="ansi_cyan",
        accent="ansi_bright_yellow",
        warning="ansi_yellow",
        error="ansi_red",
        success="ansi_green",
        foreground="ansi_default",
        background="ansi_default",
        surface="ansi_default",
        panel="ansi_default",
        boost="ansi_default",
        dark=True,
        variables=dict(ANSI_VARIABLES),
    ),
}


def resolve_theme_name(name: str | None) -> str:
    """A theme name from a flag value (alias or full name); the default for None."""
    if not name:
        return DEFAULT
    return THEME_ALIASES.get(name, name)


def register_themes(app: App[Any]) -> None:
    for theme in THEMES.values():
        app.register_theme(theme)
