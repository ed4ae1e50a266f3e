"""The rules, one module per part of the game. Importing this package registers every
phase runner and decision handler."""

from . import (  # noqa: F401
    commerce,
    construction,
    free_placement,
    military,
    offering,
    order,
    reactions,
    roles,
    setup,
)
