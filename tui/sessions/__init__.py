"""What a game screen plays through: a session (`base.TableSession`), local (a match in
this process, `tui.session.GameSession`) or remote (the game server's updates,
`remote.RemoteSession`)."""
