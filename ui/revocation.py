"""Logout that ends the token: a server-side list of revoked login tokens.

Chainlit's login token is a stateless JWT valid for `user_session_timeout` (15 days); its
logout only deletes the cookie, so a copied token kept working (issue 17, finding 6). Logout
now records the token's digest until the token would have expired anyway; `ui.request_guard`
refuses a revoked token on every HTTP request and socket.io handshake. The list is a file in
data_dir/ui/, so it outlives a restart and is shared by processes on the same data folder
(each re-reads it when it changes).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from pathlib import Path

import jwt
from starlette.requests import cookie_parser
from starlette.types import Scope

from ui.origins import header

DEFAULT_LIFETIME = 15 * 24 * 3600.0


def digest(token: str) -> str:
    """What is stored of a token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_expiry(token: str) -> float:
    """The token's `exp` (read without verifying: only its own expiry is wanted), else 15 days."""
    try:
        exp = jwt.decode(token, options={"verify_signature": False}).get("exp")
    except jwt.PyJWTError:
        exp = None
    return float(exp) if isinstance(exp, int | float) else time.time() + DEFAULT_LIFETIME


def token_of(scope: Scope) -> str | None:
    """The login token a request carries, where Chainlit looks for it: cookie, else bearer."""
    from chainlit.auth import get_token_from_cookies

    cookie = header(scope, b"cookie")
    if cookie and (token := get_token_from_cookies(cookie_parser(cookie))):
        return str(token)
    auth = header(scope, b"authorization") or ""
    scheme, _, value = auth.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return value.strip() or None


class RevokedTokens:
    """Digests of logged-out tokens with their expiry, kept in one JSON-lines file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[str, float] = {}
        self.loaded_mtime: float | None = None
        self.lock = threading.Lock()

    def _refresh(self) -> None:
        """Re-read the file when another process (or a restart) changed it."""
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            return
        if mtime == self.loaded_mtime:
            return
        now = time.time()
        entries: dict[str, float] = {}
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
                if float(row["exp"]) > now:
                    entries[str(row["digest"])] = float(row["exp"])
            except (ValueError, KeyError, TypeError):
                continue  # a torn last line of a crashed write: the others still count
        self.entries, self.loaded_mtime = entries, mtime

    def revoke(self, token: str) -> None:
        """End `token` now (idempotent)."""
        key, exp = digest(token), token_expiry(token)
        with self.lock:
            self._refresh()
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"digest": key, "exp": exp}) + "\n")
            self.entries[key] = exp
            self.loaded_mtime = self.path.stat().st_mtime

    def is_revoked(self, token: str) -> bool:
        """True for a token a logout ended."""
        with self.lock:
            self._refresh()
            exp = self.entries.get(digest(token))
        return exp is not None and exp > time.time()
