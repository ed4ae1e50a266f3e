"""The real thing: `serve-ssh` on loopback, players with the OpenSSH client in tmux.

Two players create and join a table with a computer player and play decisions by key
presses on the real game screen's dialogs; one drops while his decision waits and comes
back to it; the creator hands his seat to a computer (choosing its level) and back; a
watcher looks on; a key that is not authorized is refused. The ssh client is part of the promise: without it this test fails.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from engine.saves import load_save

from .net_helpers import authorize, cleanup, make_keys, short_dir, stop_server
from .waiting import polled

TIMEOUT = 40.0
SCREEN_POLL = 0.1  # a look at a terminal is a tmux process: not too often
CIVS = {"anna": "rome", "bruno": "carthage", "carla": ""}  # the seats they take


def _need(binary: str) -> str:
    path = shutil.which(binary)
    if path is None:
        pytest.fail(f"the {binary!r} binary is missing: install OpenSSH client and tmux "
                    "to test play over SSH (this test is never skipped)")
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Term:
    """One player's terminal: the ssh client in a tmux session."""

    def __init__(self, port: int, key: Path, user: str, size=(80, 24)) -> None:
        self.user = user
        self.civ = CIVS[user]
        self.name = f"mn-{user}-{uuid.uuid4().hex[:8]}"
        cmd = (f"ssh -p {port} -i {key} -o IdentitiesOnly=yes -o StrictHostKeyChecking=no "
               f"-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -t {user}@127.0.0.1; "
               "sleep 60")
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(size[0]),
                        "-y", str(size[1]), cmd], check=True, timeout=10)

    def screen(self) -> str:
        r = subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name],
                           capture_output=True, text=True, timeout=10)
        return r.stdout

    def wait_for(self, text: str, timeout: float = TIMEOUT) -> str:
        def shown() -> str:
            screen = self.screen()
            return screen if text in screen else ""
        try:
            return polled(shown, timeout, every=SCREEN_POLL)
        except AssertionError:
            raise AssertionError(f"{text!r} never appeared on {self.name}:\n{self.screen()}"
                                 ) from None

    def wait_gone(self, text: str, timeout: float = TIMEOUT) -> None:
        try:
            polled(lambda: text not in self.screen(), timeout, every=SCREEN_POLL)
        except AssertionError:
            raise AssertionError(f"{text!r} stays on {self.name}:\n{self.screen()}") from None

    def press(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True, timeout=10)

    def drawn(self) -> str:
        """The screen with its colours and styles (where the focus is drawn)."""
        r = subprocess.run(["tmux", "capture-pane", "-e", "-p", "-t", self.name],
                           capture_output=True, text=True, timeout=10)
        return r.stdout

    def press_drawn(self, *keys: str, timeout: float = 10.0) -> None:
        """Press each key once the screen is drawn again after the one before: a key that
        moves the focus is through before the next is read (two Tabs taken in the same
        moment would both move it from where it was)."""
        for key in keys:
            before = self.drawn()
            self.press(key)
            polled(lambda: self.drawn() != before, timeout, what=f"{key} drawn",  # noqa: B023
                   every=SCREEN_POLL)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True,
                       timeout=10)


@pytest.fixture
def door():
    for b in ("ssh", "ssh-keygen", "tmux"):
        _need(b)
    d = short_dir()
    make_keys(d, "anna", "bruno", "carla", "mallory")
    authorize(d, "anna", "bruno", "carla")
    port = _free_port()
    log = d / "server.log"  # a file, not a pipe: the server never blocks on its output
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui", "serve-ssh", "--port", str(port),
             "--host-key", str(d / "hostkey"), "--authorized-keys", str(d / "authorized"),
             "--data", str(d / "data"), "--bot-delay", "0"],
            stdout=out, stderr=subprocess.STDOUT)
    terms: list[Term] = []
    try:
        with contextlib.suppress(AssertionError):
            polled(lambda: proc.poll() is not None or "SSH door on" in log.read_text(),
                   TIMEOUT)
        text = log.read_text()
        assert "SSH door on" in text, text
        assert "created host key" in text
        assert oct((d / "hostkey").stat().st_mode & 0o777) == "0o600"
        yield d, port, terms
    finally:
        for t in terms:
            t.close()
        stop_server(proc)
        cleanup(d)


def _saved(d: Path) -> tuple[int, str]:
    """The table's save as the server's writer left it: how many actions it records, and
    whose decision it waits for (the civilization; "" for none). The writer may be
    behind the screens (it writes every save in turn on a loaded machine)."""
    save = load_save(d / "data" / "tables" / "table-1.json")
    prompt = save.state.prompt
    return len(save.record.actions), prompt.civ if prompt is not None else ""


def _actions(d: Path) -> int:
    return _saved(d)[0]


DIALOG = "esc Board"  # the key bar of every decision dialog
STEP = "esc Back"  # the key bar of a dialog's further step (an offer's cards)
# Enter takes the highlighted choice (a payment's dialog follows a purchase: Enter pays
# with the suggested set); + adds a card where cards are counted; p passes an offering
KEYS = ("Enter", "Enter", "+", "Enter", "Enter", "p", "Enter")
KEY_SHOWN = 15.0  # a key that changes nothing drawn in this long is one without effect


def _in_dialog(t: Term) -> bool:
    screen = t.screen()
    return DIALOG in screen or STEP in screen


def _decide(d: Path, t: Term) -> None:
    """Make the decision of the dialog on `t` by key presses, each pressed once the one
    before has had its effect (the screen drawn again, or nothing in a while) and only
    while a dialog is drawn: the save says when the decision is made (the writer may be
    behind the screens on a loaded machine; a screen drawn again may lack its dialog
    for a moment)."""
    # the save is at this decision (its writer may still be writing what came before)
    polled(lambda: _saved(d)[1] == t.civ, TIMEOUT, what=f"the save to wait for {t.civ}")
    before = _actions(d)

    def made() -> bool:
        return _actions(d) > before

    shown = t.drawn()
    for key in (*KEYS, ""):
        # a dialog to press keys in (this one, drawn again, or his next), or it is made
        try:
            polled(lambda: made() or _in_dialog(t), TIMEOUT, every=SCREEN_POLL)
        except AssertionError:
            raise AssertionError(f"no dialog on {t.name} and no decision saved (after "
                                 f"{before} actions):\n{t.screen()}") from None
        if made() or not key:
            break
        shown = t.drawn()  # with its colours: a move of the highlight is a change
        t.press(key)
        with contextlib.suppress(AssertionError):
            polled(lambda: made() or t.drawn() != shown, KEY_SHOWN,  # noqa: B023
                   every=SCREEN_POLL)
    with contextlib.suppress(AssertionError):  # the last key's, the save behind
        polled(made, KEY_SHOWN)
    if not made():
        raise AssertionError(f"no decision made by keys on {t.name}:\n{t.screen()}")
    # the dialog closed on his screen, not only in his client: the next look sees what
    # came after
    polled(lambda: t.drawn() != shown, TIMEOUT, every=SCREEN_POLL,
           what=f"{t.user}'s dialog closed")


def _deciding(t: Term) -> str:
    """Whom `t`'s status line says the table waits for (its first line), when no dialog
    covers it."""
    screen = t.screen()
    return "" if DIALOG in screen else screen.split("\n", 1)[0]


def _play_by_keys(d: Path, players: list[Term], decisions: int,
                  until: Term | None = None) -> None:
    """Decide by keys whenever a player's dialog is open, `decisions` times (or until
    only `until` has a decision: the others play until it is that player's turn, and
    their status lines say so)."""
    made = 0
    watched = [*players, *([until] if until is not None else [])]
    end = time.monotonic() + TIMEOUT + decisions * 2 * TIMEOUT  # a loaded machine: slow
    while time.monotonic() < end:
        if until is not None and DIALOG in until.screen() and \
                _saved(d)[1] == until.civ and \
                all(f"({until.user}" in _deciding(t) for t in players):
            return  # only `until` decides now (the others' decisions before it are made)
        if until is None and made >= decisions:
            return
        for t in players:
            if DIALOG in t.screen():
                _decide(d, t)
                made += 1
                break
        else:  # until a dialog is drawn on a screen
            with contextlib.suppress(AssertionError):
                polled(lambda: any(DIALOG in t.screen() for t in watched), timeout=2.0,
                       every=SCREEN_POLL)
    raise AssertionError(f"only {made} decisions made:\n" +
                         "\n".join(f"{t.name}:\n{t.screen()}" for t in watched))


def _shows_the_wait(d: Path, t: Term) -> None:
    """Until the table waits for a person (its computers have played, the save says whom)
    and `t`'s screen shows it: its own dialog, or that person in its status line; nothing
    changes then until someone decides."""
    def shown() -> bool:
        civ = _saved(d)[1]
        person = next((user for user, c in CIVS.items() if c and c == civ), None)
        if person is None:
            return False
        if civ == t.civ:
            return DIALOG in t.screen()
        return f"({person}" in _deciding(t)
    polled(shown, TIMEOUT, what=f"{t.name} to show whom the table waits for",
           every=SCREEN_POLL)


def _title(t: Term) -> str:
    """The decision dialog's title line ("Trade: announce — Carthage"), once drawn."""
    def title() -> str:
        return next((line.split("│")[-2].strip() for line in t.screen().splitlines()
                     if " — " in line and line.count("│") >= 2), "")
    return polled(title, TIMEOUT, every=SCREEN_POLL)


def test_friends_play_over_ssh(door):
    d, port, terms = door
    anna = Term(port, d / "anna", "anna", size=(100, 30))
    terms.append(anna)
    anna.wait_for("the tables of this server — you are anna")
    anna.wait_for("No tables yet")
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("C-s")
    anna.wait_for("Rome (you)")  # the real game screen: map, panes, status line
    anna.wait_for("Carthage (free seat) is ")  # what another player does: third person

    bruno = Term(port, d / "bruno", "bruno", size=(100, 30))
    terms.append(bruno)
    bruno.wait_for("Carthage: free")
    bruno.press("Enter")
    bruno.wait_for("Carthage (you)")

    _play_by_keys(d, [anna, bruno], 3)
    _play_by_keys(d, [anna], 0, until=bruno)  # until bruno must decide
    title = _title(bruno)

    bruno.close()  # the connection drops: the seat stays his, his decision waits
    anna.wait_for("disconnected")  # "(bruno, disconnected)" when he decides
    bruno = Term(port, d / "bruno", "bruno", size=(100, 30))
    terms.append(bruno)
    bruno.wait_for("Carthage (you)")  # straight back to his table, at his prompt
    bruno.wait_for(title)
    anna.wait_gone("disconnected")

    bruno.close()
    anna.wait_for("disconnected")  # "(bruno, disconnected)" when he decides
    anna.press("Escape")  # to the lobby: the creator hands his seat to a computer and back
    anna.wait_for("the tables of this server")
    anna.press("b")
    anna.wait_for("A computer player keeps the seat")
    anna.press("Enter")  # the level offered first: the strongest
    anna.wait_for("computer, normal (for bruno)")
    anna.press("b")
    anna.wait_for("Carthage: bruno, disconnected")
    anna.press("Enter")
    anna.wait_for("Rome (you)")
    bruno = Term(port, d / "bruno", "bruno", size=(100, 30))
    terms.append(bruno)
    bruno.wait_for("Carthage (you)")

    carla = Term(port, d / "carla", "carla")
    terms.append(carla)
    carla.wait_for("Table 1")
    carla.press("w")
    def third_person() -> str:  # "Carthage (bruno) may use a power", "… is building"
        screen = carla.screen()
        line = screen.split("\n", 1)[0]
        return screen if any(f"({who}" in line for who in ("anna", "bruno", "computer")) \
            else ""
    shown = polled(third_person, TIMEOUT, every=SCREEN_POLL,
                   what="the deciding player in the third person")
    assert DIALOG not in shown and "your decision" not in shown

    _play_by_keys(d, [anna, bruno], 2)
    assert DIALOG not in carla.screen()


def test_back_at_a_seat_a_computer_holds_with_chat_over_ssh(door):
    """At 80x24 through the real ssh client: bruno drops, the creator hands his seat to a
    computer, which plays on; bruno comes back: the status line keeps the turn and says a
    computer plays for him, the digest tells what happened since his last decision, `b`
    takes the seat back; a line anna says shows on his map and is counted."""
    d, port, terms = door
    anna = Term(port, d / "anna", "anna", size=(100, 30))
    terms.append(anna)
    anna.wait_for("No tables yet")
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("C-s")
    anna.wait_for("Rome (you)")
    bruno = Term(port, d / "bruno", "bruno")
    terms.append(bruno)
    bruno.wait_for("Carthage: free")
    bruno.press("Enter")
    bruno.wait_for("Turn 1")
    _play_by_keys(d, [anna, bruno], 4)
    _play_by_keys(d, [anna], 0, until=bruno)
    _decide(d, bruno)  # his last decision: the digest counts from here
    _shows_the_wait(d, anna)
    if DIALOG in anna.screen():  # her own decision's dialog covers her status line's end
        anna.press("v")  # put away: the board, and Escape goes to the lobby
        anna.wait_gone(DIALOG)
    bruno.close()
    anna.wait_for("disconnected")  # "(bruno, disconnected)" when he decides, else at the end
    anna.press("Escape")
    anna.wait_for("the tables of this server")
    anna.press("b")
    anna.wait_for("A computer player keeps the seat")
    anna.press("Enter")
    anna.wait_for("(for bruno)")
    anna.press("Enter")
    anna.wait_for("Rome (you)")
    before = _actions(d)
    _play_by_keys(d, [anna], 2)  # the computer plays bruno's seat meanwhile
    assert _actions(d) > before + 2

    bruno = Term(port, d / "bruno", "bruno")
    terms.append(bruno)
    shown = bruno.wait_for("a computer plays for you (b)")
    assert shown.splitlines()[0].lstrip().startswith("Turn ")  # the turn after a reconnect
    bruno.wait_for("Since your last decision")
    bruno.wait_for("b Seat back")
    _shows_the_wait(d, anna)  # the computer has played: her decision's dialog
    if DIALOG in anna.screen():
        anna.press("v")  # her decision's dialog put away: the board
        anna.wait_gone(DIALOG)
    anna.press("t")
    anna.wait_for("say something to the table")
    anna.press("brb 2 min", "Enter")
    bruno.wait_for("anna says")
    bruno.wait_for("chat: 1 new")
    bruno.press("b")
    bruno.wait_gone("a computer plays for you")
    bruno.press("5")
    bruno.wait_for("anna: brb 2 min")
    bruno.wait_gone("chat: 1 new")


def test_unauthorized_key_and_commands_are_refused(door):
    d, port, _ = door
    base = ["ssh", "-p", str(port), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
    r = subprocess.run([*base, "-i", str(d / "mallory"), "mallory@127.0.0.1", "true"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 255 and "Permission denied" in r.stderr
    r = subprocess.run([*base, "-i", str(d / "anna"), "anna@127.0.0.1", "cat /etc/passwd"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode != 0 and "root:" not in r.stdout
    r = subprocess.run([*base, "-i", str(d / "anna"), "-s", "anna@127.0.0.1", "sftp"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode != 0
    assert not os.path.exists(d / "data" / "tables" / "table-1.json")


def test_port_forwarding_is_refused(door):
    d, port, _ = door
    local = _free_port()
    fwd = subprocess.Popen(
        ["ssh", "-p", str(port), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
         "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
         "-o", "ExitOnForwardFailure=yes", "-i", str(d / "anna"), "-N",
         "-L", f"{local}:127.0.0.1:{port}", "anna@127.0.0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    def forwarded() -> bytes | None:
        """What comes through the forward's local end; None while it is not listening."""
        try:
            with socket.create_connection(("127.0.0.1", local), timeout=5) as s:
                s.settimeout(5)
                try:
                    return s.recv(64) or b"closed"
                except (TimeoutError, ConnectionError):
                    return b"closed"
        except OSError:
            return None

    try:
        got = polled(forwarded, TIMEOUT, what="the local end of the forward to listen")
        assert not got.startswith(b"SSH-"), "the server forwarded a connection"
    finally:
        fwd.terminate()
        try:
            fwd.wait(timeout=10)
        except subprocess.TimeoutExpired:  # a loaded machine: do not leave it behind
            fwd.kill()
            fwd.wait(timeout=10)
