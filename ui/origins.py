"""Which web pages may talk to the app with the user's cookie: exact origins, nothing else.

The login cookie is `SameSite=lax`, and a page on another port of the same host is the same
*site*, so the browser sends the cookie along with its requests. Chainlit's own CORS setting
(`allow_origins = ["*"]` with credentials) echoed any Origin and its socket.io server accepts
any Origin, so such a page could read the user's threads and open a session as the user
(issue 17, finding 2). `OriginGuard` wraps the whole ASGI app, socket.io mount included:

- a request or websocket handshake carrying an `Origin` that is not allowed is refused (403),
  `null` included; requests without one (same-origin GETs, non-browser clients) pass, since
  only a browser attaches the user's cookie on another page's behalf, and it always sends one.
  Static files (`/assets/`, `/public/`) hold no user data and are served to any origin, so a
  page opened under a host name not configured still loads and its API calls say why they
  fail (the refused origin is logged once, with the setting to change);
- allowed origins get exact-origin CORS (Starlette's middleware, credentials allowed).

Allowed: the loopback origins of the port the app serves on, the origin of `ui_public_url`
and those in `ui_allowed_origins`.
"""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import urlsplit

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from shabgraph.errors import ConfigError
from shabgraph.settings import Settings

log = logging.getLogger("shabgraph.ui")

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
STATIC_PREFIXES = ("/assets/", "/public/")


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL, lower-cased, default ports dropped (as browsers send it)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(
            f"{url!r} is not an http(s) origin", hint="write origins as https://host[:port]"
        )
    host = parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    default = {"http": 80, "https": 443}[parts.scheme]
    port = f":{parts.port}" if parts.port and parts.port != default else ""
    return f"{parts.scheme}://{host}{port}"


def allowed_origins(settings: Settings, port: int) -> frozenset[str]:
    """The origins whose pages may use the app on `port` with the user's cookie."""
    origins = {origin_of(f"http://{host}:{port}") for host in LOOPBACK_HOSTS}
    if settings.ui_public_url:
        origins.add(origin_of(settings.ui_public_url))
    for item in (settings.ui_allowed_origins or "").split(","):
        if item.strip():
            origins.add(origin_of(item))
    return frozenset(origins)


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of a request header (names are lower-case in ASGI)."""
    for key, value in scope.get("headers") or []:
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class OriginGuard:
    """ASGI middleware: refuse foreign origins, exact-origin CORS for the allowed ones."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.by_port: dict[int, tuple[frozenset[str], ASGIApp]] = {}
        self.logged: set[str] = set()

    def policy(self, scope: Scope) -> tuple[frozenset[str], ASGIApp]:
        """Allowed origins and the CORS-wrapped app for the port this request came in on."""
        server = scope.get("server")
        port = int(server[1]) if server and server[1] else self.settings.ui_port
        if port not in self.by_port:
            origins = allowed_origins(self.settings, port)
            cors = CORSMiddleware(
                self.app,
                allow_origins=sorted(origins),
                allow_credentials=True,
                allow_methods=["*"],
                allow_headers=["*"],
            )
            self.by_port[port] = (origins, cors)
        return self.by_port[port]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        origins, cors = self.policy(scope)
        origin = header(scope, b"origin")
        if origin is not None and origin.lower() not in origins and not self.static(scope):
            if origin not in self.logged and len(self.logged) < 100:
                self.logged.add(origin)
                log.warning(
                    "refused a request from the page origin %r: if users open the app there, "
                    "add it to SHABGRAPH_UI_ALLOWED_ORIGINS (or CHAINLIT_URL)",
                    origin[:100],
                )
            await refuse(scope, send, origin)
            return
        await (cors if scope["type"] == "http" else self.app)(scope, receive, send)

    @staticmethod
    def static(scope: Scope) -> bool:
        """A GET of a static file: the same for everyone, no user data."""
        path = str(scope.get("path") or "")
        return (
            scope["type"] == "http"
            and scope.get("method") in ("GET", "HEAD")
            and path.startswith(STATIC_PREFIXES)
        )


async def refuse(scope: Scope, send: Send, origin: str) -> None:
    """403 for an HTTP request; a websocket handshake closed before it is accepted (403 too)."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": "origin not allowed"})
        return
    body = json.dumps({"detail": f"origin {origin[:100]!r} is not allowed"}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"vary", b"Origin"),
    ]
    await send({"type": "http.response.start", "status": 403, "headers": headers})
    await send({"type": "http.response.body", "body": body})
