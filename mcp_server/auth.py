"""HTTP protection: one bearer token from the settings, and a request-rate limit per client.

The token check plugs into the SDK's own bearer middleware (`BearerAuthBackend` with a
`TokenVerifier`), so a request without the token gets the SDK's 401 with `WWW-Authenticate`.
The comparison is constant-time. The rate limit is a sliding window per client address (in front
of authentication, so guessing tokens is limited too, and a client cannot escape it by changing
its token), answered with 429 and `Retry-After`.
"""

from __future__ import annotations

import hmac
import json
import time
from collections import deque
from typing import Final

from mcp.server.auth.provider import AccessToken
from starlette.types import ASGIApp, Receive, Scope, Send

CLIENT_ID: Final = "shabgraph-mcp-client"
"""The one client identity a valid token stands for (sessions are bound to it by the SDK)."""
MAX_CLIENTS: Final = 1024
"""Client addresses tracked before idle ones are dropped."""


class StaticTokenVerifier:
    """Accepts exactly the configured token (the SDK's `TokenVerifier` protocol)."""

    def __init__(self, token: str) -> None:
        if not token:
            raise ValueError("the MCP bearer token must not be empty")
        self._token = token.encode()

    async def verify_token(self, token: str) -> AccessToken | None:
        """An access token for the configured secret, None for anything else."""
        if hmac.compare_digest(token.encode(), self._token):
            return AccessToken(token=token, client_id=CLIENT_ID, scopes=[])
        return None


class RateLimitMiddleware:
    """At most `limit` HTTP requests per `window_s` seconds per client; more get 429."""

    def __init__(self, app: ASGIApp, limit: int, window_s: float = 60.0) -> None:
        self.app = app
        self.limit = limit
        self.window_s = window_s
        self._hits: dict[str, deque[float]] = {}

    @staticmethod
    def _key(scope: Scope) -> str:
        client = scope.get("client") or ("?", 0)
        return str(client[0])

    def admit(self, key: str, now: float) -> float | None:
        """None when the request may pass, else the seconds until a slot frees up."""
        if len(self._hits) > MAX_CLIENTS:  # forget idle clients instead of growing without end
            self._hits = {k: h for k, h in self._hits.items() if h and h[-1] > now - self.window_s}
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.window_s:
            hits.popleft()
        if len(hits) >= self.limit:
            return hits[0] + self.window_s - now
        hits.append(now)
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        wait = self.admit(self._key(scope), time.monotonic())
        if wait is None:
            await self.app(scope, receive, send)
            return
        body = json.dumps(
            {
                "error": "rate_limited",
                "error_description": f"more than {self.limit} requests in {self.window_s:g} s",
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"retry-after", str(max(1, round(wait))).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
