"""The authorized-keys file's options, honoured at the real door with the OpenSSH client:
`from=` by the client's address (two loopback addresses), `cert-authority` (never a
player's key), `restrict` without `pty` (told, not let play), a forced `command=`."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tui.net.keys import Admitted, admit, read_authorized

from .net_helpers import cleanup, make_keys, short_dir, stop_server
from .test_net_ssh import SCREEN_POLL, TIMEOUT, _free_port, _need
from .waiting import polled

PEOPLE = ("anna", "bruno", "carla", "dave", "mallory")


def _line(d: Path, who: str, options: str) -> str:
    key = (d / f"{who}.pub").read_text().strip()
    return f"{options} {key}\n" if options else f"{key}\n"


@pytest.fixture
def door():
    for b in ("ssh", "ssh-keygen", "tmux"):
        _need(b)
    d = short_dir()
    make_keys(d, *PEOPLE)
    (d / "authorized").write_text(
        "# each line with the options it is tested for\n"
        + _line(d, "anna", 'from="127.0.0.2"')
        + _line(d, "bruno", "restrict")
        + _line(d, "carla", 'command="frobnicate 7",no-port-forwarding')
        + _line(d, "dave", "restrict,pty")
        + _line(d, "mallory", "cert-authority"))
    port = _free_port()
    log = d / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui", "serve-ssh", "--port", str(port),
             "--host-key", str(d / "hostkey"), "--authorized-keys", str(d / "authorized"),
             "--data", str(d / "data"), "--bot-delay", "0"],
            stdout=out, stderr=subprocess.STDOUT)
    try:
        with contextlib.suppress(AssertionError):
            polled(lambda: "SSH door on" in log.read_text(), TIMEOUT)
        assert "SSH door on" in log.read_text(), log.read_text()
        yield d, port
    finally:
        stop_server(proc)
        cleanup(d)


def _ssh(d: Path, port: int, who: str, *extra: str, command: str = "") -> list[str]:
    return ["ssh", "-p", str(port), "-i", str(d / who), "-o", "IdentitiesOnly=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", *extra, f"{who}@127.0.0.1",
            *command.split()]


def _run(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT,
                          stdin=subprocess.DEVNULL)


def _lobby_reached(cmd: list[str]) -> bool:
    """Whether this ssh command, in a real terminal (tmux), shows the lobby."""
    name = f"mn-keys-{uuid.uuid4().hex[:8]}"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "80", "-y", "24",
                    " ".join(cmd) + "; sleep 30"], check=True, timeout=10)
    try:
        def lobby_or_refusal() -> str:
            shown = subprocess.run(["tmux", "capture-pane", "-p", "-t", name],
                                   capture_output=True, text=True, timeout=10).stdout
            return shown if "the tables of this server" in shown or \
                "Permission denied" in shown else ""
        shown = polled(lobby_or_refusal, TIMEOUT, what="the lobby or a refusal",
                       every=SCREEN_POLL)
        return "the tables of this server" in shown
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, timeout=10)


def test_from_lets_a_key_in_only_from_its_address(door):
    d, port = door
    assert not _lobby_reached(_ssh(d, port, "anna", "-t", "-b", "127.0.0.1"))
    assert _lobby_reached(_ssh(d, port, "anna", "-t", "-b", "127.0.0.2"))


def test_a_certificate_authority_line_is_no_players_key(door):
    d, port = door
    done = _run(_ssh(d, port, "mallory", "-tt"))
    assert done.returncode == 255 and "Permission denied" in done.stderr


def test_restrict_without_pty_is_told_and_let_go_with_pty_plays(door):
    d, port = door
    done = _run(_ssh(d, port, "bruno", "-tt"))
    assert done.returncode == 1
    assert "may not open a terminal" in done.stdout + done.stderr
    assert _lobby_reached(_ssh(d, port, "dave", "-t"))


def test_a_forced_command_replaces_what_the_client_asks(door):
    d, port = door
    done = _run(_ssh(d, port, "carla", "-tt", command="join 1"))
    assert done.returncode == 2
    assert "frobnicate" in done.stdout + done.stderr


def test_the_file_is_read_by_asyncssh_line_by_line(tmp_path):
    """Quoted options with spaces, comments, unreadable lines: each key with its own
    line's options, and its comment as the player's name."""
    import asyncssh
    keys = [asyncssh.generate_private_key("ssh-ed25519", comment=c) for c in ("ann", "bob")]
    text = [k.export_public_key().decode().strip() for k in keys]
    path = tmp_path / "authorized"
    path.write_text(f'# friends\nnot a key at all\ncommand="watch 3",from="127.0.0.*" {text[0]}\n'
                    f"{text[1]}\n")
    read = read_authorized(path)
    assert [k.key.get_comment() for k in read] == ["ann", "bob"]
    got = admit(read, keys[0].convert_to_public(), "127.0.0.5")
    assert isinstance(got, Admitted) and got.forced_command == "watch 3" and got.permits("pty")
    assert admit(read, keys[0].convert_to_public(), "10.1.2.3") is None
    assert admit(read, keys[1].convert_to_public(), "10.1.2.3") is not None
    assert read_authorized(tmp_path / "missing") == []
