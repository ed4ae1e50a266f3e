"""The Textual app of Mare Nostrum: Mythology (see tui/app.py; `run_app` is the entry).

    tui/cli.py          the `mare-nostrum` command (tui/commands/: one module per subcommand;
                        the headless ones load no Textual module)
    tui/app.py          the App, the command palette, going between screens, run_app()
    tui/sessions/       the session a game screen plays through: local.py (LocalSession: a
                        match on this screen, bots in a worker), remote.py (a server's table)
    tui/bridge.py       the one place that meets engine.saves / engine.record / engine.render
    tui/screens/        title, new game, game, replay, help, game over, pass keyboard, load
    tui/widgets/        map, hand, roles, gods and cards, battle log, status, key bar
    tui/decisions/      one dialog per prompt kind, built on the prompt and legal_actions
    tui/app.tcss        what every screen shares; each screen's own layout is in the sheet
                        beside it (tui/sheets.py); the colours are the themes' (themes/)
"""
