"""Who may log in: users from a TOML file or the environment, passwords checked in constant time.

Passwords may be stored as `pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>` (see
`hash_password`) or, for throw-away setups, in plain text. With nothing configured the two demo
accounts work, so that `make run` can be tried at once; the app only listens on 127.0.0.1 then.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import tomllib
from pathlib import Path

from pydantic import BaseModel

from shabgraph.errors import ConfigError

PBKDF2_PREFIX = "pbkdf2_sha256"
PBKDF2_ITERATIONS = 200_000
DEMO_USERS = {"demo": "demo", "colleague": "colleague"}


class UserRecord(BaseModel):
    """One account allowed to log in."""

    name: str
    """Login name (the Chainlit user identifier, owner of threads)."""
    password: str
    """Stored password: a pbkdf2 hash or plain text."""
    display_name: str | None = None
    """Name shown in the UI."""


def hash_password(
    password: str, *, salt: bytes | None = None, iterations: int = PBKDF2_ITERATIONS
) -> str:
    """A storable pbkdf2-sha256 hash of `password`."""
    salt = salt or os.urandom(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, iterations)
    return f"{PBKDF2_PREFIX}${iterations}${salt.hex()}${digest.hex()}"


def password_matches(stored: str, given: str) -> tuple[bool, str]:
    """(ok, reason): does `given` match the stored plain or hashed password?"""
    if stored.startswith(PBKDF2_PREFIX + "$"):
        try:
            _, iterations, salt_hex, digest_hex = stored.split("$")
            digest = hashlib.pbkdf2_hmac(
                "sha256", given.encode(), bytes.fromhex(salt_hex), int(iterations)
            )
        except ValueError:
            return False, "stored hash is malformed"
        ok = hmac.compare_digest(digest.hex(), digest_hex)
        return ok, "hash matches" if ok else "wrong password"
    ok = hmac.compare_digest(stored.encode(), given.encode())
    return ok, "plain password matches" if ok else "wrong password"


def parse_inline_users(spec: str) -> dict[str, UserRecord]:
    """Users from `name:password,name2:password2` (a hash may contain `$`, never `,`)."""
    users: dict[str, UserRecord] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, sep, password = part.partition(":")
        if not sep or not name or not password:
            raise ConfigError(
                f"SHABGRAPH_UI_USERS entry '{name or part[:10]}' is not name:password",
                hint="write name:password pairs separated by commas",
            )
        users[name] = UserRecord(name=name, password=password)
    return users


def load_users_file(path: Path) -> dict[str, UserRecord]:
    """Users from a TOML file: `[users.alice]` with `password` and optional `display_name`."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(
            f"cannot read the users file {path}: {exc}", hint="see docs/ui.md for its format"
        ) from exc
    users: dict[str, UserRecord] = {}
    for name, entry in (data.get("users") or {}).items():
        if not isinstance(entry, dict) or not entry.get("password"):
            raise ConfigError(f"user '{name}' in {path} has no password")
        users[name] = UserRecord(
            name=name, password=str(entry["password"]), display_name=entry.get("display_name")
        )
    return users


def load_users(users_file: Path, inline: str | None, allow_demo: bool) -> dict[str, UserRecord]:
    """All accounts: the file's, then the inline ones (which win); demo ones only if none."""
    users: dict[str, UserRecord] = {}
    if users_file.exists():
        users.update(load_users_file(users_file))
    if inline:
        users.update(parse_inline_users(inline))
    if not users and allow_demo:
        users = {
            n: UserRecord(name=n, password=p, display_name=f"{n} (demo)")
            for n, p in DEMO_USERS.items()
        }
    return users


def authenticate(
    users: dict[str, UserRecord], name: str, password: str
) -> tuple[UserRecord | None, str]:
    """(user or None, reason) for a login attempt."""
    user = users.get(name)
    if user is None:
        # Compare anyway so that unknown names take as long as wrong passwords.
        password_matches(hash_password("x", salt=b"0" * 16, iterations=1_000), password)
        return None, "unknown user"
    ok, reason = password_matches(user.password, password)
    return (user if ok else None), reason
