"""The command line as a Unix tool (issue 15, point 5): bad arguments refused with one line
and exit code 2, files that are not saves refused without reading them, failures non-zero."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
ROLES = str(ROOT / "saves" / "phases" / "roles.json")


def _refused(argv: list[str], capsys, words: str) -> None:
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert words in err.strip().splitlines()[-1], err


@pytest.mark.parametrize("n", ["7", "0", "-1", "two"])
def test_new_refuses_a_player_count_out_of_3_to_6(n, capsys):
    _refused(["new", "--players", n], capsys, "--players")


@pytest.mark.parametrize("delay", ["nan", "-1", "inf", "soon"])
def test_bot_delay_must_be_a_duration(delay, capsys):
    _refused(["play", "--bot-delay", delay], capsys, "--bot-delay")


@pytest.mark.parametrize("argv", [["simulate", "--games", "-1"],
                                  ["simulate", "--max-turns", "0"],
                                  ["arena", "--seats", "greedy,greedy,greedy", "--games", "-3"],
                                  ["arena", "--seats", "greedy,greedy,greedy", "--budget", "nan"],
                                  ["replay", ROLES, "--to", "-2"]])
def test_negative_counts_are_refused(argv, capsys):
    _refused(argv, capsys, "out of range" if "nan" not in argv else "duration")


def test_replay_save_needs_a_writable_path(tmp_path, capsys):
    _refused(["replay", ROLES, "--quiet", "--save", str(tmp_path / "no" / "x.json")], capsys,
             "no folder")
    _refused(["replay", ROLES, "--quiet", "--save", str(tmp_path)], capsys, "directory")


@pytest.mark.skipif(os.name != "posix", reason="FIFOs")
def test_log_and_replay_refuse_fifos_devices_and_huge_files(tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(33 * 2**20)
    for path, words in ((fifo, "not a regular file"), ("/dev/zero", "not a regular file"),
                        (big, "too large")):
        for cmd in (["log", str(path)], ["replay", str(path), "--verify"]):
            assert main(cmd) == 2
            err = capsys.readouterr().err.strip()
            assert words in err and "\n" not in err


def test_a_failing_command_is_one_line_and_non_zero(monkeypatch, capsys):
    from tui.commands import simulate

    def boom(*a, **k):
        raise ValueError("a bug")

    monkeypatch.setattr(simulate, "play_game", boom)
    monkeypatch.delenv("MARE_NOSTRUM_DEBUG", raising=False)
    assert main(["simulate", "--games", "1"]) == 1
    err = capsys.readouterr().err.strip()
    assert "a bug" in err and "\n" not in err


def test_a_crashed_app_exits_non_zero(monkeypatch):
    from tui import app as app_module

    def crash(self, *a, **k):
        self._return_code = 1
        return None

    monkeypatch.setattr(app_module.MareNostrumApp, "run", crash)
    assert app_module.run_app() == 1


def test_progress_is_plain_lines_in_a_pipe_and_a_bar_on_a_terminal(monkeypatch, capsys):
    import io

    from tui.commands.progress import games_progress
    with games_progress(2) as done:
        done("game 1")
        done("")
    assert capsys.readouterr().out == "game 1\n"

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty()
    monkeypatch.setattr("sys.stdout", tty)
    with games_progress(2) as done:
        done("game 1")
        done("game 2")
    assert "game 1" in tty.getvalue() and "game 2" in tty.getvalue()


def test_simulate_still_prints_one_line_per_game(capsys):
    assert main(["simulate", "--games", "1", "--players", "3", "--bots", "random",
                 "--max-turns", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("game 1 seed 1") and "games won" in out


def test_log_without_a_file_shows_the_game_resume_continues(tmp_path, capsys, monkeypatch):
    """`mare-nostrum log` reads the most recently played save, the one `resume` takes."""
    import shutil

    from engine.saves import most_recent, saves_dir
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path))
    d = saves_dir()
    assert main(["log"]) == 1  # no save yet: said in one line
    assert "no saved game" in capsys.readouterr().err
    d.mkdir(parents=True)
    for name in ("roles", "military"):
        shutil.copy(ROOT / "saves" / "phases" / f"{name}.json", d / f"{name}.json")
    latest = most_recent(d)
    assert latest is not None
    assert main(["log", latest.path]) == 0
    expected = capsys.readouterr().out
    assert main(["log"]) == 0
    assert capsys.readouterr().out == expected
    other = next(p for p in d.iterdir() if str(p) != latest.path)
    assert main(["log", str(other)]) == 0
    assert capsys.readouterr().out != expected  # the two games differ: the right one was read
    assert main(["log", "--dir", str(tmp_path / "empty")]) == 1
