"""Save files: the format (a `SaveFile`: state, record, checksum, schema version), its
encoding, the checks of everything loaded, and the migrations of older schemas."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime
from importlib.metadata import version
from typing import Any

import msgspec

from ..record import GameRecord
from ..state import GameState
from .content import MAX_DEPTH, nesting_depth, playable, problems

SAVE_FORMAT = "mare-nostrum-save"
SCHEMA = 2
# the first schema whose files must carry the full checksum (header, state and record);
# older files may hold the checksum of the state and the record only
FULL_CHECKSUM_SCHEMA = 2
SUFFIX = ".json"


def engine_version() -> str:
    try:
        return version("mare-nostrum")
    except Exception:  # not installed (running from a source tree)
        return "0+unknown"


ENGINE_VERSION = engine_version()


class SaveError(Exception):
    """A file that cannot be loaded (or written). str(e) is one line naming the file."""


class SaveFile(msgspec.Struct, kw_only=True):
    format: str = SAVE_FORMAT
    schema: int = SCHEMA
    engine_version: str = ENGINE_VERSION
    name: str
    created: str
    updated: str
    checksum: str = ""  # filled in when written
    seats: list[str] = []  # who plays each seat: "human" or a computer level ([]: unknown)
    state: GameState
    record: GameRecord


class _Probe(msgspec.Struct):
    """Only what tells a save from anything else; the other fields are skipped."""

    format: Any = None
    schema: Any = None
    engine_version: Any = None


class _RawSave(msgspec.Struct, kw_only=True):
    format: str
    schema: int
    engine_version: str = ""
    name: str = ""
    created: str = ""
    updated: str = ""
    checksum: str = ""
    seats: list[str] = []
    state: msgspec.Raw
    record: msgspec.Raw


class _ConfigSummary(msgspec.Struct):
    civs: list[str] = []
    names: list[str] = []


class _PromptSummary(msgspec.Struct):
    civ: str = ""  # whose decision is pending


class _StateSummary(msgspec.Struct):
    config: _ConfigSummary = msgspec.field(default_factory=_ConfigSummary)
    prompt: _PromptSummary | None = None
    turn: int = 0
    phase: str = ""
    winner: str | None = None
    actions_taken: int = 0


_encoder = msgspec.json.Encoder()
_probe_decoder = msgspec.json.Decoder(_Probe)
_raw_decoder = msgspec.json.Decoder(_RawSave)
_state_decoder = msgspec.json.Decoder(GameState)
_record_decoder = msgspec.json.Decoder(GameRecord)
_summary_decoder = msgspec.json.Decoder(_StateSummary)


# --- schema migrations --------------------------------------------------------------------
Migration = Callable[[dict[str, Any]], dict[str, Any]]  # the decoded JSON object of a file

MIGRATIONS: dict[int, Migration] = {}
"""version N -> a function taking the decoded JSON object of a schema-N file and returning
the object of a schema N+1 file (with "schema" set to N+1). When a change to GameState,
GameRecord or an action would make old files decode wrongly, bump SCHEMA, register the
migration of the old files here, and keep the old golden files loading. An example of the
shape (not registered: schema 1 is the first):

    def _v1_to_v2(doc: dict) -> dict:
        # schema 2 renamed state.power_choices to state.choices
        doc["state"]["choices"] = doc["state"].pop("power_choices", {})
        doc["schema"] = 2
        return doc

    MIGRATIONS[1] = _v1_to_v2

Migrations run after the checksum of the old file is checked; the checksum is computed
again when the migrated game is next saved.
"""


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 changed no field: its files must carry the full checksum, which schema 1
    files may lack."""
    doc["schema"] = 2
    return doc


MIGRATIONS[1] = _v1_to_v2
# migrations that leave the state and the record as they are: a file they bring up to date
# is decoded directly, without a round trip through Python objects
BODY_UNCHANGED: set[Migration] = {_v1_to_v2}


def _body_unchanged(schema: int) -> bool:
    return all(MIGRATIONS.get(s) in BODY_UNCHANGED for s in range(schema, SCHEMA))


def migrate(doc: dict[str, Any], schema: int, target: int | None = None) -> dict[str, Any]:
    target = SCHEMA if target is None else target
    while schema < target:
        step = MIGRATIONS.get(schema)
        if step is None:
            raise SaveError(f"no migration from schema {schema} to {schema + 1}")
        doc = step(doc)
        schema += 1
        doc["schema"] = schema
    return doc


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# --- encoding ---------------------------------------------------------------------------------
def _compact(raw: bytes) -> bytes:
    return msgspec.json.format(raw, indent=-1)


def _checksum(state_json: bytes, record_json: bytes, header: bytes = b"") -> str:
    """SHA-256 of the header (every other field of the file), the state and the record.
    Files written before the header was covered (header b"") are still read."""
    h = hashlib.sha256()
    if header:
        h.update(header)
        h.update(b"\n")
    h.update(_compact(state_json))
    h.update(b"\n")
    h.update(_compact(record_json))
    return h.hexdigest()


class _Header(msgspec.Struct, array_like=True):
    """The fields of a save besides its state, its record and the checksum itself."""

    format: str
    schema: int
    engine_version: str
    name: str
    created: str
    updated: str
    seats: list[str]


def _header(raw: SaveFile | _RawSave) -> bytes:
    return _encoder.encode(_Header(raw.format, raw.schema, raw.engine_version, raw.name,
                                   raw.created, raw.updated, list(raw.seats)))


def encode_save(save: SaveFile, indent: int | None = None) -> bytes:
    """The bytes of a save file (compact, or indented for files kept in the repository).
    Sets save.checksum."""
    state_json = _encoder.encode(save.state)
    record_json = _encoder.encode(save.record)
    save.checksum = _checksum(state_json, record_json, _header(save))
    raw = _RawSave(format=save.format, schema=save.schema, engine_version=save.engine_version,
                   name=save.name, created=save.created, updated=save.updated,
                   checksum=save.checksum, seats=save.seats, state=msgspec.Raw(state_json),
                   record=msgspec.Raw(record_json))
    data = _encoder.encode(raw)
    if indent is not None:
        data = msgspec.json.format(data, indent=indent) + b"\n"
    return data


def _where(err: Exception, prefix: str) -> str:
    """A msgspec error message with its JSON path made absolute (`$.state.players[0]`)."""
    return str(err).replace("`$", f"`$.{prefix}")


def _open(data: bytes, source: str) -> _RawSave:
    """Check that the bytes are a complete, unedited save of a schema this engine reads;
    the state and the record are left undecoded. Raises SaveError."""
    if nesting_depth(data) > MAX_DEPTH:
        raise SaveError(f"{source}: the file is damaged (JSON nested deeper than {MAX_DEPTH})")
    try:
        raw = _raw_decoder.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        _diagnose(data, source, e)
        raise AssertionError("unreachable") from None
    if raw.format != SAVE_FORMAT or not 1 <= raw.schema <= SCHEMA:
        _diagnose(data, source, None)
    if raw.checksum == _checksum(raw.state, raw.record, _header(raw)):
        return raw
    if raw.checksum == _checksum(raw.state, raw.record):  # the older form
        if raw.schema < FULL_CHECKSUM_SCHEMA:
            return raw
        raise SaveError(f"{source}: its checksum covers only the state and the record, as "
                        f"files before schema {FULL_CHECKSUM_SCHEMA} did; a schema "
                        f"{raw.schema} file must cover every field: it was edited by hand")
    raise SaveError(f"{source}: the contents do not match their checksum: the file was "
                    "damaged or edited by hand")


def _diagnose(data: bytes, source: str, err: Exception | None) -> None:
    """Raise the SaveError that says what is wrong with bytes that are not a save."""
    def bad(what: str) -> SaveError:
        return SaveError(f"{source}: {what}")

    if not data.strip():
        raise bad("the file is empty")
    try:
        probe = _probe_decoder.decode(data)
    except msgspec.ValidationError:
        raise bad("not a Mare Nostrum save (it holds JSON, but not a JSON object)") from None
    except msgspec.DecodeError as e:
        what = str(e)
        if "truncated" in what:
            raise bad("the file is truncated (incomplete JSON): it was not completely "
                      "written") from None
        if data.lstrip()[:1] != b"{":
            raise bad("not a Mare Nostrum save (not JSON)") from None
        raise bad(f"the file is damaged ({what})") from None
    if probe.format != SAVE_FORMAT:
        raise bad("not a Mare Nostrum save (JSON without the \"format\": "
                  f"\"{SAVE_FORMAT}\" marker)")
    schema = probe.schema
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise bad(f"unknown save schema {schema!r}: this file was not written by Mare Nostrum "
                  f"or was edited")
    if schema > SCHEMA:
        raise bad(f"written by a newer Mare Nostrum (engine {probe.engine_version}, save "
                  f"schema {schema}); this is engine {ENGINE_VERSION}, which reads schemas up "
                  f"to {SCHEMA}: update the game to load it")
    raise bad(f"the file is damaged ({err})")


def decode_save(data: bytes, source: str = "the file") -> SaveFile:
    """Decode the bytes of a save file, migrating an older schema. Raises SaveError."""
    def bad(what: str) -> SaveError:
        return SaveError(f"{source}: {what}")

    save = _decode(data, source)
    faults = problems(save.state, save.record)
    fault = "; ".join(faults[:3]) if faults else playable(save.state)
    if fault:
        raise bad(f"impossible game: {fault}"[:400])
    return save


def _decode(data: bytes, source: str) -> SaveFile:
    def bad(what: str) -> SaveError:
        return SaveError(f"{source}: {what}")

    raw = _open(data, source)
    schema = raw.schema
    if schema < SCHEMA and not _body_unchanged(schema):
        try:
            doc = migrate(msgspec.json.decode(data), schema)
            state = _state_decoder.decode(_encoder.encode(doc["state"]))
            record = _record_decoder.decode(_encoder.encode(doc["record"]))
            seats = msgspec.convert(doc.get("seats", []), list[str])
        except SaveError as e:
            raise bad(f"cannot migrate schema {schema}: {e}") from None
        except (msgspec.ValidationError, msgspec.DecodeError, KeyError, TypeError) as e:
            raise bad(f"the file migrated from schema {schema} is invalid ({e})") from None
        return SaveFile(format=SAVE_FORMAT, schema=SCHEMA,
                        engine_version=str(doc.get("engine_version", "")),
                        name=str(doc.get("name", "")), created=str(doc.get("created", "")),
                        updated=str(doc.get("updated", "")), seats=seats, state=state,
                        record=record)
    try:
        state = _state_decoder.decode(raw.state)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise bad(f"the saved state is invalid ({_where(e, 'state')})") from None
    try:
        record = _record_decoder.decode(raw.record)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise bad(f"the game record is invalid ({_where(e, 'record')})") from None
    return SaveFile(format=raw.format, schema=SCHEMA, engine_version=raw.engine_version,
                    name=raw.name, created=raw.created, updated=raw.updated,
                    checksum=raw.checksum, seats=raw.seats, state=state, record=record)


def make_save(state: GameState, record: GameRecord, name: str,
              created: str | None = None, updated: str | None = None,
              seats: list[str] | None = None) -> SaveFile:
    t = now()
    return SaveFile(name=name, created=created or t, updated=updated or created or t,
                    seats=list(seats or []), state=state, record=record)
