"""`mare-nostrum serve` and `join` as commands: the local user's token, a clean stop."""

from __future__ import annotations

import asyncio
import getpass
import signal
import subprocess
import sys
import time

from tui.net import protocol as p
from tui.net.client import Client, local_token

from .net_helpers import cleanup, short_dir


def test_net_commands_import_no_screen_and_no_ssh():
    code = ("import sys, tui.commands.net; "
            "assert 'textual' not in sys.modules and 'asyncssh' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_serve_lets_the_local_user_in_and_stops_cleanly():
    d = short_dir()
    proc = subprocess.Popen([sys.executable, "-m", "tui", "serve", "--data", str(d)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        assert "game server on" in proc.stdout.readline()

        async def visit():
            c = await Client.connect(d / "server.sock", local_token(d))
            c.send(p.ListTables())
            tables = await c.expect(p.Tables)
            c.close()
            return c.identity, tables

        identity, tables = asyncio.run(asyncio.wait_for(visit(), 30))
        assert identity == f"local:{getpass.getuser()}" and tables.tables == []
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
        assert not (d / "server.sock").exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=5)
        cleanup(d)


def test_join_without_a_server_says_so():
    d = short_dir()
    try:
        t0 = time.monotonic()
        r = subprocess.run([sys.executable, "-m", "tui", "join", "--data", str(d)],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 1 and "no game server is running" in r.stderr
        assert time.monotonic() - t0 < 30
    finally:
        cleanup(d)
