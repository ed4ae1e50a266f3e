"""What bench_capacity.py and soak_server.py say to the door of bench/capacity_door.py, and
what it answers: one msgspec JSON object per line on the door's stdin and stdout, tagged
by its kind (`"do"`), so that each side decodes the other's lines into these types and a
line of any other shape stops the run with the reason."""

from __future__ import annotations

import msgspec


class Request(msgspec.Struct, tag_field="do"):
    """A line to the door."""


class MakeTables(Request, tag="tables"):
    seats: list[list[str]]  # per table, the key fingerprint of each seat's player


class Play(Request, tag="play"):
    think: float  # seconds each player thinks before its decision


class IssueToken(Request, tag="token"):
    key: str  # a key's fingerprint: a client of the soak connects as that key


class Measure(Request, tag="measure"):
    pass


class Quit(Request, tag="quit"):
    pass


class Reply(msgspec.Struct, tag_field="is"):
    """A line from the door."""


class Ready(Reply, tag="ready"):
    clock: float  # the door's event loop's time
    warm: int  # the warm parent's pid (0: sessions started fresh)


class TablesMade(Reply, tag="tables"):
    tables: list[int]


class Playing(Reply, tag="playing"):
    pass


class TokenIssued(Reply, tag="token"):
    token: str


class Decision(msgspec.Struct, array_like=True):
    """A decision sent by a player's hand: at which table, and when (the door's clock)."""
    table: int
    at: float


class Measured(Reply, tag="measured"):
    sessions: int
    pss_kib: list[int]  # per session's process
    rss_kib: list[int]
    cpu_s: float  # processor seconds of the door, its warm parent and its sessions
    decisions: list[Decision]  # since the last measure
    now: float  # the door's clock


REQUEST = MakeTables | Play | IssueToken | Measure | Quit
REPLY = Ready | TablesMade | Playing | TokenIssued | Measured

request_decoder = msgspec.json.Decoder(REQUEST)
reply_decoder = msgspec.json.Decoder(REPLY)
encoder = msgspec.json.Encoder()
