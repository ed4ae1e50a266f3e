"""What a game screen plays through: a session (`base.TableSession`), local (a match in
this process, `tui.sessions.local.LocalSession`) or remote (the game server's updates,
`remote.RemoteSession`)."""
