# mypy: disallow-untyped-calls=False
# (Chainlit's decorators and `cl.User` are unannotated; every function of ours is typed.)
"""Who gets in, and what stands in front of Chainlit's routes: login, logout, request checks.

Imported by `ui.chat`. Registers, like the other callbacks, when imported:

- the login callback (password, or a trusted proxy header), with the failed-login limit;
- logout, which revokes the token and closes the sessions opened with it;
- `RequestGuard` (revoked tokens, request info, limited logins) and, outermost, `OriginGuard`
  (foreign pages) around Chainlit's app, socket.io mount included;
- the index page without links to public CDNs.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import chainlit as cl
from chainlit.server import app as chainlit_app
from fastapi import Request, Response

from ui.auth import authenticate
from ui.compat import disconnect_sessions_of, serve_local_assets
from ui.login_limit import LoginLimiter
from ui.origins import OriginGuard
from ui.readiness import ReadinessRoute
from ui.request_guard import RequestGuard, current_request, user_of
from ui.revocation import token_of
from ui.runtime import process_settings, runtime

log = logging.getLogger("shabgraph.ui")

_settings = process_settings()

# Added last, OriginGuard is the outermost: a foreign page is refused before anything else.
chainlit_app.add_middleware(ReadinessRoute)  # innermost: `GET /ready` (ui.readiness)
chainlit_app.add_middleware(RequestGuard, revoked=lambda: runtime().revoked)
chainlit_app.add_middleware(OriginGuard, settings=_settings)
if not serve_local_assets():
    log.warning("Chainlit's page template could not be made offline (Chainlit changed?)")


def _login_metadata(auth: str) -> dict[str, str]:
    """A nonce per login: two logins within one second would otherwise get the same token (the
    token holds only the user and second-resolution times), and a logout would revoke both."""
    return {"auth": auth, "login": secrets.token_hex(8)}


if _settings.ui_auth == "header":

    @cl.header_auth_callback
    async def header_auth(headers: Any) -> cl.User | None:
        name = headers.get(_settings.ui_auth_header)
        return cl.User(identifier=name, metadata=_login_metadata("header")) if name else None
else:

    @cl.password_auth_callback
    async def password_auth(username: str, password: str) -> cl.User | None:
        rt, request = runtime(), current_request.get()
        keys = LoginLimiter.keys(username, request.client if request else None)
        wait = rt.login_limiter.wait(keys)
        if wait > 0:
            log.warning("login refused for %r: too many failures, %.0f s to wait", username, wait)
            if request:
                request.login_wait = wait
            return None
        user, reason = authenticate(rt.users, username, password)
        if user is None:
            rt.login_limiter.failed(keys)
            log.info("login refused for %r: %s", username, reason)
            return None
        rt.login_limiter.succeeded(keys)
        return cl.User(
            identifier=user.name,
            display_name=user.display_name,
            metadata=_login_metadata("password"),
        )


@cl.on_logout
async def logout(request: Request, response: Response) -> dict[str, bool]:
    """End the token itself, not only the cookie: a copy of it stops working too."""
    token = token_of(request.scope)
    if token and user_of(token):  # only real tokens: the list must not grow from junk
        runtime().revoked.revoke(token)
        closed = await disconnect_sessions_of(token)
        log.info("logout: token revoked, %d open session(s) closed", closed)
    return {"success": True}
