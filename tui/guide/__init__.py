"""The guided first game (`mare-nostrum learn`): the prepared start (first_game), the
guide's words per decision kind and per phase (texts), what the computer players did and
why (others), and the memory of what has been explained (tour). The screens are
tui/screens/guide.py (a page) and tui/screens/guided.py (the game screen with its guide)."""
