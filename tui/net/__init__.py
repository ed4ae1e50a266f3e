"""Networked play (docs/architecture.md, Networked play): the game server owning every table,
its socket protocol and registry, the client side, and the SSH front door."""
