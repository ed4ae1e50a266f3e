"""A fresh session's process (`serve-ssh --spawn fresh`) sets itself up.

The door runs threads (asyncssh's, the saver's), and code run between fork and exec in a
threaded process (Popen's preexec_fn) may deadlock on a lock another thread held at the fork.
So the door only execs `python -m tui.net.fresh LIMITS ARGS...` in a new session on the
pseudo-terminal, and this process, before it loads the app, makes the pseudo-terminal its
controlling terminal (resizes reach the app as SIGWINCH) and lowers its resource limits
(LIMITS: JSON [[resource, limit], ...], as tui.net.limits.rlimits gives).
"""

from __future__ import annotations

import fcntl
import sys
import termios

import msgspec

from . import limits as lim


def main(argv: list[str]) -> int:
    pairs = msgspec.json.decode(argv[0], type=list[tuple[int, int]])
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    lim.apply_rlimits(pairs)
    from tui.cli import main as cli  # lazy: the app loads under the limits just set

    sys.argv = ["mare-nostrum", *argv[1:]]
    return cli(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
