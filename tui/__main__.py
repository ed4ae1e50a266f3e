"""`python -m tui`: the `mare-nostrum` command."""

from .cli import main

raise SystemExit(main())
