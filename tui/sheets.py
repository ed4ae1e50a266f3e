"""Stylesheets read when first needed: each screen's own, and the map's colours.

The app's stylesheet (tui/app.tcss) holds what every screen shares; the rules of one screen
live in its own sheet (its `CSS_PATH`), so that the title screen parses only its own at
start. Textual reads a screen's CSS_PATH when the screen is pushed, after the screen was
styled: it then parses every sheet of the app again and restyles every node of every
screen (a pause at the first game). Here the sheet is added to the parsed ones when the
first node that needs it is registered, before that node is styled: Textual parses the new
sheet alone (it keeps the others' rules) and finds it already there when the screen is
pushed. The rules keep the priority of the app's own sheet (not a widget's defaults).

A sheet's parsed rules are also kept for the whole process (`SharedStylesheet`), keyed by
the sheet's text and the theme's variables: an app after the first (a server's sessions,
the warm parent's children: tui/net/warm.py) finds them parsed instead of parsing every
sheet and every widget's defaults again. Textual never changes a parsed rule: it copies
the rules' values into each node's styles.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePath
from typing import Any

from textual.app import App

from .textual_seams import SharedStylesheet

__all__ = ["SharedStylesheet", "add_sheets"]

def add_sheets(app: App[Any], paths: Iterable[str | PurePath]) -> None:
    stylesheet = app.stylesheet
    for path in paths:
        where = str(path)  # the key under which Textual looks for the screen's sheet
        if not stylesheet.has_source(where, ""):
            with open(where, encoding="utf-8") as sheet:
                stylesheet.add_source(sheet.read(), read_from=(where, ""))
