"""Themes of the Mare Nostrum terminal game: a default, a high-contrast one and a 16-colour
ANSI one (see `themes.palette`). Import from `themes.palette` in code: it works even where
an old editable install sees `themes` as a namespace package."""

from .palette import (  # noqa: F401
    ANSI,
    DEFAULT,
    DEFAULT_VARIABLES,
    HIGH_CONTRAST,
    TCSS_PATHS,
    THEME_ALIASES,
    THEME_TITLES,
    THEMES,
    register_themes,
    resolve_theme_name,
)
