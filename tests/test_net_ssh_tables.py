"""The ssh command line and a server that dies: with the real OpenSSH client in tmux.

`ssh -t -p PORT host join|watch|replay TABLE` goes straight to the table (anything else is
refused in one line with exit status 2; without a terminal, the door says -t is needed);
a finished table is a replay; and a server killed mid-game (SIGKILL) and started again
gives everyone their seat and their prompt back.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from engine.saves import encode_save, load_save

from .net_helpers import authorize, cleanup, make_keys, short_dir
from .test_net_ssh import (
    CIVS,
    DIALOG,
    SCREEN_POLL,
    TIMEOUT,
    Term,
    _actions,
    _decide,
    _free_port,
    _need,
    _title,
)
from .waiting import polled

GAMES = Path(__file__).resolve().parent.parent / "saves" / "games"
SSH = ["ssh", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o",
       "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]


def _shown_title(t: Term) -> str:
    """The decision dialog's title, once the dialog is drawn whole."""
    def title() -> str:
        try:
            return _title(t)
        except StopIteration:
            return ""
    try:
        return polled(title, TIMEOUT, every=SCREEN_POLL)
    except AssertionError:
        raise AssertionError(f"no decision dialog on {t.name}:\n{t.screen()}") from None


def _settled(d: Path, waits_for: set[str]) -> tuple[int, str | None]:
    """The table's save (every action is autosaved) once it waits for one of `waits_for`
    (the computers play on until then) or for nobody: its number of actions and whose
    decision it waits for."""
    def now() -> tuple[int, str | None] | None:
        save = load_save(d / "data" / "tables" / "table-1.json")
        civ = save.state.prompt.civ if save.state.prompt else None
        return (len(save.record.actions), civ) if civ is None or civ in waits_for else None
    return polled(now, TIMEOUT, what=f"the table to wait for one of {sorted(waits_for)}")


def _play(d: Path, people: dict[str, Term], decisions: int = 0,
          until: str | None = None) -> int:
    """The people (civilization -> terminal) decide by keys as the table waits for them,
    `decisions` times or until it waits for `until`; the number of actions then. Driven
    by the saved game, not by what a screen shows for a moment."""
    made = 0
    for _ in range(100):
        actions, civ = _settled(d, {*people, *([until] if until else [])})
        if (until is not None and civ == until) or (until is None and made >= decisions):
            return actions
        if civ in people:
            people[civ].wait_for(DIALOG)
            _decide(d, people[civ])
            made += 1
    raise AssertionError(f"{made} decisions made, the table still waits")


class CommandTerm(Term):
    """A terminal whose ssh client gives the door a command (and options: `extra`)."""

    def __init__(self, port: int, key: Path, user: str, command: str, size=(80, 24),
                 extra: str = "") -> None:
        import uuid
        self.user = user
        self.civ = CIVS[user]
        self.name = f"mn-{user}-{uuid.uuid4().hex[:8]}"
        cmd = (f"ssh -p {port} -i {key} -o IdentitiesOnly=yes -o StrictHostKeyChecking=no "
               f"-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR {extra} -t "
               f"{user}@127.0.0.1 {command}; echo exit=$?; sleep 60")
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(size[0]),
                        "-y", str(size[1]), cmd], check=True, timeout=10)

    def record_to(self, path: Path) -> None:
        """Keep every byte the terminal receives (the escapes a screen never shows)."""
        subprocess.run(["tmux", "pipe-pane", "-o", "-t", self.name, f"cat >> {path}"],
                       check=True, timeout=10)


class Door:
    """serve-ssh in a child process, which the test may kill and start again."""

    def __init__(self, d: Path) -> None:
        self.d = d
        self.port = _free_port()
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        log = self.d / f"server-{self.starts}.log"
        self.starts += 1
        with open(log, "w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tui", "serve-ssh", "--port", str(self.port),
                 "--host-key", str(self.d / "hostkey"), "--authorized-keys",
                 str(self.d / "authorized"), "--data", str(self.d / "data"),
                 "--bot-delay", "0"], stdout=out, stderr=subprocess.STDOUT)
        with contextlib.suppress(AssertionError):
            polled(lambda: self.proc.poll() is not None or "SSH door on" in log.read_text(),
                   TIMEOUT)
        assert "SSH door on" in log.read_text(), log.read_text()

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=15)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=15)
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=5)

    def ssh(self, who: str, *args: str, tty: bool = False) -> subprocess.CompletedProcess:
        return subprocess.run([*SSH, "-p", str(self.port), "-i", str(self.d / who),
                               *(["-tt"] if tty else ["-T"]), f"{who}@127.0.0.1", *args],
                              capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)


@pytest.fixture
def door():
    for b in ("ssh", "ssh-keygen", "tmux"):
        _need(b)
    d = short_dir()
    make_keys(d, "anna", "bruno", "carla")
    authorize(d, "anna", "bruno", "carla")
    door = Door(d)
    terms: list[Term] = []
    try:
        yield door, terms
    finally:
        for t in terms:
            t.close()
        door.stop()
        cleanup(d)


def _finished_table(d: Path) -> None:
    """A finished six-player game as table 1 of the server's registry, before it starts."""
    from tui.net.store import SeatRow, Store
    save = load_save(GAMES / "six-player-greedy.json")
    store = Store(d / "data")
    tid = store.create_table("SHA256:nobody", "a finished game",
                             [SeatRow(seat=i, kind="greedy")
                              for i in range(len(save.state.players))])
    store.set_status(tid, "over")
    store.close()
    (d / "data" / "tables" / f"table-{tid}.json").write_bytes(encode_save(save))


def test_commands_go_straight_to_a_table_and_others_are_refused(door):
    door, terms = door
    _finished_table(door.d)
    door.start()

    r = door.ssh("anna", "rm", "-rf", "/")
    assert r.returncode == 2 and r.stderr.strip().splitlines() == [
        "mare-nostrum: unknown command 'rm': the commands are join TABLE, watch TABLE, "
        "replay TABLE or record TABLE"]
    r = door.ssh("anna", "join", "first")
    assert r.returncode == 2 and "needs a table number" in r.stderr
    r = door.ssh("anna", "join", "1")  # no terminal asked for
    assert r.returncode == 1 and "connect with ssh -t" in r.stdout

    anna = Term(door.port, door.d / "anna", "anna", size=(100, 30))
    terms.append(anna)
    anna.wait_for("you are anna")
    anna.wait_for("game over")  # a finished table stays, as a replay
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("Tab", "Tab", "Tab", "Enter")  # the clock: live, 5 minutes per decision
    anna.wait_for("correspondence")  # its choices are open
    anna.press_drawn("Down", "Enter")
    anna.wait_for("minutes per decision")
    anna.press("C-s")
    anna.wait_for("Rome (you)")
    anna.wait_for("s left")  # the status line counts the pending decision's clock down

    bruno = CommandTerm(door.port, door.d / "bruno", "bruno", "join 2", size=(100, 30))
    terms.append(bruno)
    bruno.wait_for("Carthage (you)")  # straight to the table, at the free seat
    carla = CommandTerm(door.port, door.d / "carla", "carla", "watch 2", size=(100, 30))
    terms.append(carla)
    shown = carla.wait_for("watching")
    assert DIALOG not in shown
    carla.wait_for("s left")
    carla.press("Escape")
    carla.wait_for("5 min per decision")  # the lobby shows the table's clock

    viewer = CommandTerm(door.port, door.d / "carla", "carla", "replay 1", size=(100, 30))
    terms.append(viewer)
    viewer.wait_for("step 0/717")  # the replay viewer over the finished record
    viewer.press("End")
    viewer.wait_for("step 717/717")
    viewer.press("q")
    viewer.wait_for("the tables of this server")

    nothing = CommandTerm(door.port, door.d / "carla", "carla", "join 9", size=(100, 30))
    terms.append(nothing)
    nothing.wait_for("There is no table 9 on this server.")
    nothing = CommandTerm(door.port, door.d / "bruno", "bruno", "watch 8", size=(80, 24))
    terms.append(nothing)
    nothing.wait_for("There is no table 8 on this server.")


def test_a_killed_server_comes_back_with_every_seat_and_prompt(door):
    door, terms = door
    door.start()
    anna = Term(door.port, door.d / "anna", "anna", size=(100, 30))
    terms.append(anna)
    anna.wait_for("No tables yet")
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("C-s")
    anna.wait_for("Rome (you)")
    # bruno's terminal says it is iTerm2 (which shows OSC 9 desktop notifications)
    bruno = CommandTerm(door.port, door.d / "bruno", "bruno", "", size=(100, 30),
                        extra="-o SetEnv=TERM_PROGRAM=iTerm.app")
    terms.append(bruno)
    raw = door.d / "bruno.raw"
    bruno.record_to(raw)
    bruno.wait_for("Carthage: free")
    bruno.press("Enter")
    bruno.wait_for("Carthage (you)")

    people = {"rome": anna, "carthage": bruno}
    _play(door.d, people, decisions=3)
    _play(door.d, people, until="rome")
    made = _play(door.d, {"rome": anna}, until="carthage")  # bruno's decision waits for him
    bruno.wait_for("Your turn")  # the your-turn notice on screen, beside the dialog
    heard = raw.read_bytes()  # and the bell with a desktop notification
    assert b"\a\x1b]9;Table 1: your decision as Carthage" in heard
    assert b"]777;" not in heard  # only what that terminal is known to show
    title = _shown_title(bruno)

    door.kill()  # no clean stop: no goodbye, no final save
    door.start()
    assert (door.d / "data" / "tables" / "table-1.json").exists()

    anna = Term(door.port, door.d / "anna", "anna", size=(100, 30))
    bruno = Term(door.port, door.d / "bruno", "bruno", size=(100, 30))
    terms.extend([anna, bruno])
    bruno.wait_for("Carthage (you)")  # back at his seat, at his prompt
    assert _shown_title(bruno) == title
    anna.wait_for("Rome (you)")
    anna.wait_for("Carthage (bruno) is ")  # what he does, in the third person
    assert _actions(door.d) == made
    _play(door.d, {"rome": anna, "carthage": bruno}, decisions=2)  # and the game goes on
    assert _actions(door.d) >= made + 2
