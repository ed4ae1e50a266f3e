"""The widgets of the game (see tui/__init__.py)."""
