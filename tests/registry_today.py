"""The server's registry as the code made it before the registry had a schema version: its
CREATE statements frozen here (each module made its own tables then), so a test can make
such a registry and check that today's server upgrades it and keeps what it holds. Never
edit them: they are what servers in use have on disk."""

from __future__ import annotations

UNVERSIONED = """
CREATE TABLE IF NOT EXISTS identities (
    fingerprint TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    creator TEXT NOT NULL,
    summary TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing'
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    identity TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    identity TEXT NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT -1
);
CREATE TABLE IF NOT EXISTS accounts (
    identity TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS account_keys (
    fingerprint TEXT PRIMARY KEY,
    identity TEXT NOT NULL REFERENCES accounts(identity),
    added REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS link_codes (
    code_hash TEXT PRIMARY KEY,
    identity TEXT NOT NULL REFERENCES accounts(identity),
    expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS table_audience (
    table_id INTEGER PRIMARY KEY,
    private INTEGER NOT NULL DEFAULT 0,
    invite TEXT,
    spectators INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS table_invited (
    table_id INTEGER NOT NULL,
    identity TEXT NOT NULL,
    PRIMARY KEY (table_id, identity)
);
CREATE TABLE IF NOT EXISTS spectator_chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT -1
);
CREATE TABLE IF NOT EXISTS key_settings (
    fingerprint TEXT PRIMARY KEY,
    body BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS clocks (
    table_id INTEGER PRIMARY KEY,
    preset TEXT NOT NULL,
    since REAL NOT NULL,
    version INTEGER NOT NULL,
    kept TEXT NOT NULL DEFAULT '[]',
    marks TEXT NOT NULL DEFAULT '{}'
);
"""

# the chat tables as they were before a line kept the table's version
BEFORE_CHAT_VERSIONS = UNVERSIONED.replace(",\n    version INTEGER NOT NULL DEFAULT -1\n", "\n")
