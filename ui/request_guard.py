"""Per-request checks in front of Chainlit: revoked tokens, who is asking, the login limit.

One pure-ASGI middleware around Chainlit's app (socket.io mount included):

- a request or socket.io handshake carrying a token a logout revoked is refused (401), before
  Chainlit decodes it (`ui.revocation`);
- the client address, and on feedback routes the token's user, are put in `current_request`
  for the code Chainlit calls without them: the login callback (rate limit) and the data
  layer's feedback owner check (`ui.thread_store`);
- a login the limiter refused (the callback sets `login_wait`) is answered 429 with a
  `Retry-After` and a message, instead of Chainlit's 401 (`ui.login_limit`); feedback the data
  layer refused (it sets `refused`) is answered 403, instead of the 500 Chainlit makes of it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ui.revocation import RevokedTokens, token_of

LOGIN_LIMIT_KEY = "toomanylogins"
"""The `detail` of a refused login: the login page shows the translation of this key."""


@dataclass
class RequestInfo:
    """What the middleware learnt about the request being served."""

    client: str | None
    """Client address (uvicorn applies trusted proxies' forwarded headers)."""
    user: str | None = None
    """Identifier of the token's user, read on feedback routes."""
    login_wait: float | None = None
    """Seconds the login limiter wants this client to wait (set by the login callback)."""
    refused: str | None = None
    """Why the data layer refused the request's write (set by the feedback owner check)."""


current_request: ContextVar[RequestInfo | None] = ContextVar("current_request", default=None)


def user_of(token: str) -> str | None:
    """The identifier of a valid login token, None for an invalid one."""
    from chainlit.auth.jwt import decode_jwt

    try:
        return str(decode_jwt(token).identifier)
    except Exception:  # any decoding failure means: not a user
        return None


def json_response(status: int, payload: dict[str, Any], extra: list[Any]) -> list[Message]:
    """The two ASGI messages of a small JSON response."""
    body = json.dumps(payload).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *extra,
    ]
    return [
        {"type": "http.response.start", "status": status, "headers": headers},
        {"type": "http.response.body", "body": body},
    ]


class RequestGuard:
    """ASGI middleware: refuse revoked tokens, record the request, answer limited logins."""

    def __init__(self, app: ASGIApp, revoked: Callable[[], RevokedTokens]) -> None:
        self.app = app
        self.revoked = revoked

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        token = token_of(scope)
        if token and self.revoked().is_revoked(token):
            await self.refuse_revoked(scope, send)
            return
        client = scope.get("client")
        info = RequestInfo(client=str(client[0]) if client else None)
        path = str(scope.get("path") or "")
        if token and path.endswith("/feedback"):
            info.user = user_of(token)
        reset = current_request.set(info)
        try:
            if scope["type"] == "http" and path.endswith(("/login", "/feedback")):
                await Answering(info, send).run(self.app, scope, receive)
            else:
                await self.app(scope, receive, send)
        finally:
            current_request.reset(reset)

    @staticmethod
    async def refuse_revoked(scope: Scope, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "logged out"})
            return
        for message in json_response(401, {"detail": "this login has ended: log in again"}, []):
            await send(message)


def replacement(info: RequestInfo) -> list[Message] | None:
    """The response that replaces Chainlit's, when a check of ours refused the request."""
    if info.login_wait is not None:
        wait = max(1, math.ceil(info.login_wait))
        payload = {
            "detail": LOGIN_LIMIT_KEY,
            "message": f"too many failed logins: try again in {wait} s",
            "retry_after": wait,
        }
        return json_response(429, payload, [(b"retry-after", str(wait).encode())])
    if info.refused is not None:
        return json_response(403, {"detail": info.refused}, [])
    return None


class Answering:
    """Runs the app with Chainlit's response replaced when a check of ours refused the request.

    Chainlit turns the refusal into a 401 (login callback returned None), a 500 (feedback
    upsert) or lets the exception escape (feedback delete): all three become our answer.
    """

    def __init__(self, info: RequestInfo, send: Send) -> None:
        self.info, self.send = info, send
        self.started = self.replaced = False

    async def run(self, app: ASGIApp, scope: Scope, receive: Receive) -> None:
        try:
            await app(scope, receive, self.guarded)
        except Exception:
            if self.started or replacement(self.info) is None:
                raise
            await self.guarded({"type": "http.response.start", "status": 500, "headers": []})

    async def guarded(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
            if out := replacement(self.info):
                self.replaced = True
                for part in out:
                    await self.send(part)
                return
        if self.replaced and message["type"] == "http.response.body":
            return  # the body of the response that was replaced
        await self.send(message)
