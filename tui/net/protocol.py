"""The game server's protocol: small msgspec messages in length-prefixed frames.

A frame is a 4-byte big-endian length and that many bytes of msgpack: one message, a
tagged union on the field "msg". Clients send small messages (`MAX_CLIENT_FRAME`); the
server's updates carry a whole view (`MAX_SERVER_FRAME`). A frame over its limit or that
does not decode is refused with a reason (`FrameError`), never a traceback.
`VERSION` changes whenever a message changes shape.
"""

from __future__ import annotations

import asyncio
import struct
from typing import TypeVar

import msgspec

from engine.actions import Action
from engine.bots import Advice, Review
from engine.events import Event
from engine.prompts import Prompt
from engine.quotes import Quotes
from engine.state import GameState
from engine.view import View

from .clock import Preset
from .settings import Settings

VERSION = 4
MAX_CLIENT_FRAME = 64 * 1024
MAX_SERVER_FRAME = 8 * 1024 * 1024
_HEADER = struct.Struct(">I")


class FrameError(Exception):
    """A frame that cannot be read: `str(e)` is the reason sent back."""


class Msg(msgspec.Struct, kw_only=True, tag_field="msg", tag=True):
    pass


# --- client to server ----------------------------------------------------------------------
class Hello(Msg):
    version: int
    token: str


class ListTables(Msg):
    pass


class CreateTable(Msg):
    civs: list[str]
    seats: list[str]  # per seat: "remote" (a person) or a computer level
    setup: str = "predetermined"
    long_game: bool = False
    three_roles_win: bool = False
    no_take_back: bool = False
    sit: int | None = None  # the seat the creator takes at once
    private: bool = False  # listed only for holders of its invite code
    spectators: bool = True  # others may watch
    clock: Preset = Preset()  # none, or minutes (live) / days (correspondence) per decision
    hints: bool = False  # its players may ask the hard player for a hint at their decisions


class Sit(Msg):
    table: int
    seat: int


class Watch(Msg):
    table: int


class Act(Msg):
    table: int
    version: int  # the state version the action was decided on
    action: Action


class Chat(Msg):
    table: int
    text: str


class TakeBack(Msg):
    """Undo: take back the sender's last decision at the table, when the engine allows it
    (answered by an Update with `taken_back`, or Rejected with the engine's reason)."""

    table: int
    version: int  # the state version the player saw (a stale one is refused)


class HandOver(Msg):
    table: int
    seat: int
    to_bot: bool
    level: str = ""  # the computer player's level ("": the server's choice)


# --- an open server's accounts, invites and settings -----------------------------------------
class ClaimName(Msg):
    """A new key's display name (first connection to an open server)."""

    name: str


class LinkKey(Msg):
    """A new key joins the account whose other key showed this code."""

    code: str


class NewLinkCode(Msg):
    pass


class UseInvite(Msg):
    """The invite code of a private table: it is listed for this player from now on."""

    code: str


class SaveSettings(Msg):
    settings: Settings


# --- notices while away (tui.net.away): where this key is told -------------------------------
class GetContact(Msg):
    """This key's contact for notices while away (answered by a Contact)."""


class SetContact(Msg):
    """Where this key is told while away ("": nowhere); a new e-mail address gets a code."""

    email: str = ""
    push: str = ""  # a push service's address (ntfy://, matrix://, discord://...)


class ConfirmEmail(Msg):
    """The code the e-mail address received, typed back."""

    code: str


# --- clocks and replays ----------------------------------------------------------------------
class VoteHandOver(Msg):
    """Without the creator present, the others vote to hand a late seat to a computer."""

    table: int
    seat: int


class GetReplay(Msg):
    """A finished table's game, step by step, as the asker's seat may see it."""

    table: int


# --- records ---------------------------------------------------------------------------------
class GetProfile(Msg):
    """A player's record and rating, by name ("": the asker's own)."""

    name: str = ""


class GetLeaders(Msg):
    """The best rated players of this server."""


# --- the hard player's advice (docs/bots.md) ---------------------------------------------------
class RequestHint(Msg):
    """What the hard player would do at the sender's pending decision, from its seat's view
    (answered by a Hint to the sender only, or Rejected: hints off, not its decision)."""

    table: int
    version: int  # the state version of the decision


class RequestReview(Msg):
    """The hard player's review of the sender's own decisions at a finished table
    (answered by ReviewProgress now and then, then a ReviewDone; Rejected for others)."""

    table: int


ClientMsg = (Hello | ListTables | CreateTable | Sit | Watch | Act | Chat | HandOver
             | TakeBack | ClaimName | LinkKey | NewLinkCode | UseInvite | SaveSettings
             | VoteHandOver | GetReplay | GetProfile | GetLeaders | RequestHint
             | RequestReview | GetContact | SetContact | ConfirmEmail)


# --- server to client ----------------------------------------------------------------------
class SeatInfo(msgspec.Struct, kw_only=True):
    civ: str
    kind: str  # "remote" or a computer level
    name: str = ""  # who sits there ("" when free)
    taken: bool = False
    connected: bool = False
    mine: bool = False  # bound to the receiver's identity


class TableInfo(msgspec.Struct, kw_only=True):
    id: int
    seats: list[SeatInfo]
    creator: str
    setup: str
    yours: bool = False  # the receiver created it (hands its seats over)
    options: list[str] = []  # rule options in effect ("long game", ...)
    turn: int = 1
    phase: str = ""
    pending: int | None = None  # whose decision
    status: str = "playing"  # playing | over
    winner: str | None = None
    watchers: int = 0
    private: bool = False
    spectators: bool = True  # False: nobody may watch
    invite: str = ""  # a private table's code, for its creator and players only
    clock: str = ""  # the clock preset's words ("" when the table has none)
    left: float | None = None  # seconds left for the pending decision (None: no clock)
    waiting: float = 0.0  # seconds the pending decision has waited
    votes: int = 0  # votes to hand the late seat to a computer
    votes_needed: int = 0  # how many carry it (0: no vote open)
    hints: bool = False  # its players may ask for a hint (chosen at its creation)


class Welcome(Msg):
    identity: str
    name: str
    version: int = VERSION
    needs_name: bool = False  # a new key on an open server: claim a name or link the key
    guest: bool = False  # keyless: may only watch
    settings: Settings | None = None  # this key's settings (None: never saved yet)


class Tables(Msg):
    tables: list[TableInfo]


class Created(Msg):
    table: int
    invite: str = ""  # a private table's invite code


class Update(Msg):
    table: int
    version: int
    seat: int | None  # the receiver's seat (None: watching)
    view: View
    events: list[Event]  # what happened since the last update, as this seat may see it
    prompt: Prompt | None  # the receiver's pending decision (None when not its own)
    legal: list[Action]  # the receiver's legal actions (empty when not its decision)
    info: TableInfo  # seats, who is connected, whose move
    quotes: Quotes | None = None  # the engine's numbers for the receiver's seat
    # why the receiver cannot take back its last decision now ("": it can, with TakeBack)
    no_undo: str = "not offered by this server"
    # a decision of this civilization was just taken back: `events` is then the whole log
    # as the receiver may see it, to replace its own
    taken_back: str = ""
    # the version after the step that caused each event of `events` (empty: `version` for
    # all): a chat line finds its place among them by the version it was said at
    versions: list[int] = []


class Rejected(Msg):
    reason: str
    table: int | None = None
    rule: str = ""  # the rule an illegal decision broke (engine.render.rule_name words it)


class ChatLine(Msg):
    table: int
    name: str
    text: str
    at: str
    channel: str = "players"  # or "spectators" (their own channel, which players may mute)
    version: int = -1  # the table's version when it was said (-1: not known): its place in the log


class LinkCode(Msg):
    """A one-time code for linking another key to this account."""

    code: str
    minutes: int


class Contact(Msg):
    """This key's contact for notices while away, as the server keeps it."""

    email: str = ""
    confirmed: bool = False  # the address answered its code (until then nothing is sent)
    push: str = ""
    mail: bool = False  # this server sends e-mail (its host named a mail relay)
    said: str = ""  # what the last change did, in a sentence ("": nothing to say)


class Resync(Msg):
    """Your copy is stale: an Update follows with the table as it is now."""

    table: int
    version: int
    reason: str


class YourTurn(Msg):
    """A decision has just become the receiver's (at any table: the lobby rings too)."""

    table: int
    civ: str
    what: str  # the decision's kind, in words


class Digest(Msg):
    """What happened at the table since the receiver's last decision."""

    table: int
    lines: list[str]


class ReplayFrame(msgspec.Struct, kw_only=True, array_like=True):
    turn: int
    phase: str
    civ: str | None  # who decided this step (None: the game as set up)
    events: list[Event]  # as the receiver's seat may see them
    state: GameState  # the receiver's view of the game after the step


class ReplayFrames(Msg):
    """A finished game: `data` is zlib-compressed msgpack of list[ReplayFrame]."""

    table: int
    seat: int | None
    data: bytes


class CivGames(msgspec.Struct, kw_only=True):
    civ: str
    games: int
    wins: int


class Profile(Msg):
    """A player's rated games (finished, with at least two players at the end) and rating:
    counts only, nothing of any one game."""

    name: str
    mine: bool = False  # the asker's own
    games: int = 0
    wins: int = 0
    civs: list[CivGames] = []  # most played first
    turns: float = 0.0  # the average length of a game, in turns
    mu: float | None = None  # the skill (None: no rated game yet)
    sigma: float = 0.0  # its uncertainty
    rating: float = 0.0  # the conservative rating, mu - 3 sigma: the best-rated order
    rank: int | None = None  # the place on the best-rated table


class Leaders(Msg):
    """The best rated players, best first (a Profile each)."""

    leaders: list[Profile]


class Hint(Msg):
    """The hard player's advice at the receiver's decision of `version`, worked out from its
    seat's view only."""

    table: int
    version: int
    advice: Advice


class ReviewProgress(Msg):
    """A review under way: `done` of `total` decisions judged (total 0: it waits for the
    review before it)."""

    table: int
    done: int
    total: int


class ReviewDone(Msg):
    """The receiver's review of a finished table (its fingerprint blank: the record's
    digest stays on the server with the record)."""

    table: int
    review: Review


ServerMsg = (Welcome | Tables | Created | Update | Rejected | ChatLine | Resync | LinkCode
             | YourTurn | Digest | ReplayFrames | Profile | Leaders | Hint | ReviewProgress
             | ReviewDone | Contact)

_encoder = msgspec.msgpack.Encoder()
T = TypeVar("T")  # what a decoder makes
_client_decoder: msgspec.msgpack.Decoder[ClientMsg] = msgspec.msgpack.Decoder(ClientMsg)
_server_decoder: msgspec.msgpack.Decoder[ServerMsg] = msgspec.msgpack.Decoder(ServerMsg)


def frame(msg: Msg) -> bytes:
    body = _encoder.encode(msg)
    return _HEADER.pack(len(body)) + body


def _decode(decoder: msgspec.msgpack.Decoder[T], body: bytes) -> T:
    try:
        return decoder.decode(body)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise FrameError(f"malformed message: {e}") from None
    except RecursionError:  # msgspec skips an unknown field's value by recursing into it
        raise FrameError("malformed message: nested too deep") from None


def decode_client(body: bytes) -> ClientMsg:
    return _decode(_client_decoder, body)


def decode_server(body: bytes) -> ServerMsg:
    return _decode(_server_decoder, body)


class Oversize(FrameError):
    """A frame over the limit: the stream cannot be trusted after it."""


async def read_frame(reader: asyncio.StreamReader, limit: int, *,
                     body_within: float | None = None) -> bytes | None:
    """The next frame's body; None at a clean end of stream. Raises Oversize, and
    FrameError when the body has not come `body_within` seconds after its header (a peer
    that stops mid-frame holds nothing open for long)."""
    try:
        header = await reader.readexactly(_HEADER.size)
    except asyncio.IncompleteReadError as e:
        if e.partial:
            raise FrameError("the connection closed inside a frame") from None
        return None
    (size,) = _HEADER.unpack(header)
    if size > limit:
        raise Oversize(f"frame of {size} bytes is over the limit of {limit}")
    try:
        return await asyncio.wait_for(reader.readexactly(size), body_within)
    except asyncio.IncompleteReadError:
        raise FrameError("the connection closed inside a frame") from None
    except TimeoutError:
        raise FrameError(f"the rest of a frame did not come within {body_within:g} s") from None
