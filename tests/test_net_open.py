"""An open server with the real OpenSSH client in tmux: keys claim names and link a second
key, the first connection's terminal check, keyless watchers, private tables, the
spectators' channel; and the limits of a public server (sessions per key, the lobby's idle
timeout, each session's resource limits)."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from .net_helpers import cleanup, make_keys, sessions, short_dir, stop_server
from .test_net_ssh import SCREEN_POLL, TIMEOUT, Term, _free_port, _need
from .waiting import polled

SSH_OPTS = ("-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR")


class OpenTerm(Term):
    """A terminal whose ssh client has a key (`key`) or none (keyboard-interactive), and
    a TERM of our choosing (what the first connection's check reads)."""

    def __init__(self, port: int, key: Path | None, user: str, size=(100, 30),
                 term: str = "xterm-256color", askpass: Path | None = None) -> None:
        self.name = f"mn-{user}-{uuid.uuid4().hex[:8]}"
        auth = (f"-i {key} -o IdentitiesOnly=yes -o PreferredAuthentications=publickey"
                if key else "-o PreferredAuthentications=keyboard-interactive "
                            "-o PubkeyAuthentication=no")
        env = f"TERM={term}"
        if askpass is not None:  # a password (any will do), given by an askpass program
            auth = "-o PreferredAuthentications=password -o PubkeyAuthentication=no"
            env += f" SSH_ASKPASS={askpass} SSH_ASKPASS_REQUIRE=force"
        cmd = f"{env} ssh -p {port} {auth} {SSH_OPTS} -t {user}@127.0.0.1; sleep 60"
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(size[0]),
                        "-y", str(size[1]), cmd], check=True, timeout=10)

    def type(self, text: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", text], check=True,
                       timeout=10)


def _start(d: Path, *args: str):
    port = _free_port()
    log = d / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui", "serve-ssh", "--port", str(port),
             "--host-key", str(d / "hostkey"), "--data", str(d / "data"),
             "--bot-delay", "0", *args], stdout=out, stderr=subprocess.STDOUT)
    with contextlib.suppress(AssertionError):
        polled(lambda: proc.poll() is not None or "SSH door on" in log.read_text(), TIMEOUT)
    assert "SSH door on" in log.read_text(), log.read_text()
    return proc, port


@pytest.fixture
def door():
    """serve(*flags) starts the server (once per test); the keys anna, anna2, bruno."""
    for b in ("ssh", "ssh-keygen", "tmux"):
        _need(b)
    d = short_dir()
    make_keys(d, "anna", "anna2", "bruno")
    procs: list[subprocess.Popen] = []
    terms: list[Term] = []

    def serve(*flags: str) -> int:
        proc, port = _start(d, *flags)
        procs.append(proc)
        return port

    serve.procs = procs  # type: ignore[attr-defined]
    try:
        yield d, serve, terms
    finally:
        for t in terms:
            t.close()
        for proc in procs:
            stop_server(proc)
        cleanup(d)


def _shows(t: OpenTerm, label: str, text: str, timeout: float = 5.0) -> bool:
    """Whether `text` comes on the line of the field `label` (a field shows what is typed
    once it has the focus; keys typed before the screen gave it are lost)."""
    try:
        polled(lambda: any(label in line and text in line for line in t.screen().splitlines()),
               timeout, every=SCREEN_POLL)
    except AssertionError:
        return False
    return True


def _type_in(t: OpenTerm, label: str, text: str, shown: str = "") -> None:
    """Type `text` in the focused field `label`, again if the screen's first focus came
    after our keys (a loaded machine), and see it there (as `shown`, if given)."""
    for _ in range(4):
        t.type(text)
        if _shows(t, label, shown or text):
            return
    raise AssertionError(f"could not type {text!r} in {label}:\n{t.screen()}")


def _claim(t: OpenTerm, name: str) -> None:
    t.wait_for("This key is new here")
    _type_in(t, "Name", name)
    t.press("Enter")


def test_keys_claim_names_and_link_a_second_key(door):
    d, serve, terms = door
    port = serve("--open")
    anna = OpenTerm(port, d / "anna", "whoever", term="xterm")
    terms.append(anna)
    _claim(anna, "Anna")
    anna.wait_for("you are Anna")
    # the first connection's check: a 16-colour terminal gets the 16-colour theme
    anna.wait_for("colour theme")
    assert "shows 16 colours: the 16-colour theme is chosen" in " ".join(anna.screen().split())
    anna.press("s")
    shown = anna.wait_for("Settings for this key")
    assert "16 colours (plain terminals)" in shown and "Unicode" in shown
    anna.press("Escape")

    bruno = OpenTerm(port, d / "bruno", "whoever")
    terms.append(bruno)
    _claim(bruno, "aNNa")
    bruno.wait_for("is taken")  # the claim screen again, with the reason
    _type_in(bruno, "Name", "Bruno")
    bruno.press("Enter")
    bruno.wait_for("you are Bruno")

    anna.press("k")
    shown = anna.wait_for("Link code:")
    code = re.search(r"Link code:\s+([A-Z0-9]{4}-[A-Z0-9]{4})", shown).group(1)
    anna.press("Escape")
    laptop = OpenTerm(port, d / "anna2", "someone")
    terms.append(laptop)
    _link(laptop, code)
    laptop.wait_for("you are Anna")
    laptop.wait_for("suits the game")  # settings are each key's own: checked again

    anna.close()
    anna = OpenTerm(port, d / "anna", "whoever", term="xterm")
    terms.append(anna)
    shown = anna.wait_for("you are Anna")  # known: no claim, settings kept
    assert "new here" not in shown and "colour theme" not in shown


def test_keyless_watchers_private_tables_and_the_spectators_channel(door):
    d, serve, terms = door
    port = serve("--open")
    anna = OpenTerm(port, d / "anna", "anna")
    terms.append(anna)
    _claim(anna, "Anna")
    anna.wait_for("you are Anna")
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("C-s")
    anna.wait_for("Rome (you)")

    guest = OpenTerm(port, None, "nobody")
    terms.append(guest)
    guest.wait_for("Press Enter to watch")
    guest.press("Enter")
    guest.wait_for("you may watch the tables")
    askpass = d / "askpass"
    askpass.write_text("#!/bin/sh\necho whatever\n")
    askpass.chmod(0o700)
    other = OpenTerm(port, None, "somebody", askpass=askpass)  # a password: a guest too
    terms.append(other)
    other.wait_for("you may watch the tables")
    other.close()
    guest.wait_for("Table 1")
    shown = guest.screen()
    assert "n New table" not in shown and "⏎ Watch" in shown  # a guest is offered watching
    guest.press("n")  # not offered: nothing happens
    guest.press("Enter")  # a guest's Enter watches (keys are taken in turn: n is through)
    guest.wait_for("│ watching · ")  # then the deciding player, third person
    assert "A new table" not in guest.screen()
    for _ in range(4):  # the game screen takes the keys once it is drawn whole
        guest.press("t")
        if _shows(guest, "", "say something to the table"):
            break
    guest.wait_for("say something to the table")
    guest.type("hello players")
    guest.press("Enter")
    anna.press("5")  # the log pane: chat lines go there
    anna.wait_for("(watching): hello players")

    anna.press("Escape")  # to the lobby: a private table, without spectators
    anna.wait_for("the tables of this server")
    _private_without_spectators(anna)
    anna.press("C-s")
    anna.wait_for("Rome (you)")
    anna.press("Escape")
    # the list says it (a toast may stand over the line that tells it too)
    found = polled(lambda: re.search(r"private \(invite code ([A-Z0-9]{8})\) · no spectators",
                                     anna.screen()), TIMEOUT, every=SCREEN_POLL)
    invite = found.group(1)
    anna.wait_for(f"give its invite code {invite}")

    guest.press("Escape")
    guest.wait_for("the tables of this server")
    guest.press("r")
    # a private table never shows: a bounded look, since nothing is to come
    time.sleep(1)
    assert "Table 2" not in guest.screen()
    bruno = OpenTerm(port, d / "bruno", "bruno")
    terms.append(bruno)
    _claim(bruno, "Bruno")
    bruno.wait_for("you are Bruno")
    assert "Table 2" not in bruno.screen()
    bruno.press("i")
    bruno.wait_for("invite code its creator gave you")
    bruno.type(invite)
    bruno.press("Enter")
    bruno.wait_for("Table 2")


def _link(t: OpenTerm, code: str) -> None:
    """Type a link code in the claim screen's second field (again if a loaded machine gave
    the screen its first focus after our keys)."""
    for _ in range(4):
        t.wait_for("This key is new here")
        _type_in(t, "Name", "x")  # the name has the focus (Enter in the code's field links)
        t.press("Tab")
        t.type(code)
        if _shows(t, "Link code", code):
            t.press("Enter")
            return
        t.press("Escape")  # watch without a name for now; k opens the claim again
        t.wait_gone("This key is new here")
        t.press("k")
    raise AssertionError(f"could not type the link code:\n{t.screen()}")


def _private_without_spectators(t: OpenTerm) -> None:
    """On the new-table screen, by keys: private on, spectators off (a loaded machine may
    give the screen its first focus after our first keys: then again). The clock's amount is
    disabled (no clock), so it takes no Tab."""
    for _ in range(4):
        t.press("n")
        t.wait_for("A new table")
        # the civilizations have the focus: a letter typed at their end shows, then goes
        t.press("End")
        _type_in(t, "Civilizations", "x", shown="greecex")
        t.press("BSpace")
        t.wait_gone("greecex")
        t.press_drawn(*["Tab"] * 7, "space", "Tab", "space")  # past the clock row
        if _shows(t, "", "[x] Private") and _shows(t, "", "[ ] Spectators") and \
                _shows(t, "", "remote, remote"):
            return
        t.press("Escape")
        t.wait_gone("A new table")
    raise AssertionError(f"could not set the table's options by keys:\n{t.screen()}")


def test_limits_of_a_public_server(door):
    d, serve, terms = door
    (d / "authorized").write_text((d / "anna.pub").read_text() + (d / "bruno.pub").read_text())
    port = serve("--authorized-keys", str(d / "authorized"), "--max-sessions-per-key", "1",
                 "--idle-timeout", "6", "--limit-files", "200", "--limit-memory", "1500",
                 "--limit-processes", "4000")
    anna = OpenTerm(port, d / "anna", "anna")
    terms.append(anna)
    anna.wait_for("the tables of this server")
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("C-s")
    anna.wait_for("Rome (you)")

    # the session's child runs under hard limits (no CPU-time limit: games are long)
    (child,) = sessions(serve.procs[-1].pid)
    limits = Path(f"/proc/{child}/limits").read_text()
    assert re.search(r"Max open files\s+200\s+200", limits)
    assert re.search(rf"Max address space\s+{1500 * 1024 * 1024}\s", limits)
    assert re.search(r"Max processes\s+4000\s+4000", limits)
    assert re.search(r"Max core file size\s+0\s", limits)
    assert re.search(r"Max cpu time\s+unlimited", limits)

    again = OpenTerm(port, d / "anna", "anna")  # a second session of the same key
    terms.append(again)
    again.wait_for("too many sessions for this key (1 at once)")

    bruno = OpenTerm(port, d / "bruno", "bruno")
    terms.append(bruno)
    bruno.wait_for("the tables of this server")
    # bruno stays in the lobby without a key pressed: his session ends; anna's seat never
    bruno.wait_for("idle in the lobby for 6 seconds", timeout=30)
    assert "Rome (you)" in anna.screen()
    # her seat is never ended as idle: a bounded look past bruno's end, nothing is to come
    time.sleep(2)
    anna.press("5")
    anna.wait_for("Rome (you)")
    assert "idle" not in anna.screen()
