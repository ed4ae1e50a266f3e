"""The authorized-keys file of the SSH door, read by asyncssh and honoured line by line.

Each line is read with asyncssh's own reader (`import_authorized_keys`), so its options
mean what OpenSSH says they mean:
- `from="pattern-list"`: the key gets in only from a matching client address;
- `cert-authority`: the line names a certificate authority, never a player's own key (the
  door takes no certificates, so such a line lets nobody in);
- `restrict` and `no-pty` / `pty`: without a terminal there is no game, so a key that may not
  open one is told so and let go;
- `command="join 3"` (or `watch 3`, `replay 3`): the key's sessions always run that
  command, whatever the client asks for.
The other options (forwarding, X11, agent, environment) change nothing: the door offers
none of those to anyone. A line asyncssh cannot read is skipped, as OpenSSH does.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh


@dataclass(frozen=True)
class AuthorizedKey:
    """One line of the file: the key (with its comment, the player's name) and the line as
    asyncssh reads it, which checks its options against a client."""

    key: asyncssh.SSHKey
    line: asyncssh.SSHAuthorizedKeys


@dataclass(frozen=True)
class Admitted:
    """A key let in, with the options of the line that let it in."""

    key: asyncssh.SSHKey
    options: dict[str, Any]

    def permits(self, permission: str) -> bool:
        """Whether the line allows `permission` ("pty", ...): `restrict` takes every one
        away but those named again, otherwise only `no-<permission>` takes it away."""
        if self.options.get("restrict"):
            return bool(self.options.get(permission, False))
        return not self.options.get(f"no-{permission}", False)

    @property
    def forced_command(self) -> str | None:
        command = self.options.get("command")
        return command if isinstance(command, str) else None


def read_authorized(path: Path) -> list[AuthorizedKey]:
    """The keys of an authorized-keys file, in its order ([] when it cannot be read)."""
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    keys: list[AuthorizedKey] = []
    for text in lines:
        text = text.strip()
        if not text or text.startswith("#"):
            continue
        try:
            line = asyncssh.import_authorized_keys(text)
        except (asyncssh.KeyImportError, ValueError):
            continue
        key = _key_of(text)
        if key is not None:
            keys.append(AuthorizedKey(key, line))
    return keys


def _key_of(text: str) -> asyncssh.SSHKey | None:
    """The public key of a line, with its comment: the line from the first place where a
    key can be read (the options before it may hold quoted spaces)."""
    for start in [0, *(i + 1 for i, ch in enumerate(text) if ch in " \t")]:
        try:
            return asyncssh.import_public_key(text[start:])
        except (asyncssh.KeyImportError, ValueError):
            continue
    return None


def admit(keys: list[AuthorizedKey], key: asyncssh.SSHKey, address: str) -> Admitted | None:
    """The first line that lets `key` in from `address` (None: no line does)."""
    for entry in keys:
        if entry.key.public_data != key.public_data:
            continue
        options = entry.line.validate(key, address, address)
        if options is not None:
            return Admitted(entry.key, dict(options))
    return None
