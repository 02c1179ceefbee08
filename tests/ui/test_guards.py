"""The pieces behind the app's request checks, without a server (issue 17, findings 2 and 6)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import jwt
import pytest

from shabgraph.errors import ConfigError
from shabgraph.settings import Settings
from ui.login_limit import LoginLimiter
from ui.origins import OriginGuard, allowed_origins, origin_of
from ui.revocation import RevokedTokens, token_of


def settings(**update: Any) -> Settings:
    return Settings().model_copy(
        update={"ui_public_url": None, "ui_allowed_origins": None, **update}
    )


def test_allowed_origins_are_exact() -> None:
    assert allowed_origins(settings(), 8000) == {
        "http://127.0.0.1:8000",
        "http://localhost:8000",
        "http://[::1]:8000",
    }
    extra = allowed_origins(
        settings(
            ui_public_url="https://Reg.Example/app/", ui_allowed_origins="https://a.example:8443"
        ),
        8000,
    )
    assert {"https://reg.example", "https://a.example:8443"} < extra
    assert origin_of("http://h:80/x") == "http://h"
    with pytest.raises(ConfigError):
        origin_of("null")


def run_guard(origin: str | None, kind: str = "http", path: str = "/user") -> list[dict[str, Any]]:
    """What OriginGuard sends for one request on port 8000 (the app answers 200)."""
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    headers = [(b"origin", origin.encode())] if origin else []
    scope = {"type": kind, "method": "GET", "path": path, "headers": headers}
    scope["server"] = ("127.0.0.1", 8000)
    asyncio.run(OriginGuard(app, settings())(scope, receive, send))
    return sent


def test_origin_guard_refuses_foreign_pages_and_answers_its_own() -> None:
    assert run_guard("http://127.0.0.1:9999")[0]["status"] == 403
    assert run_guard("null")[0]["status"] == 403
    assert run_guard("http://127.0.0.1:9999", "websocket")[0]["type"] == "websocket.close"
    assert run_guard(None)[0]["status"] == 200
    # Static files carry no user data: a page under an unlisted host name still loads.
    assert run_guard("http://laptop.lan:8000", path="/assets/index.js")[0]["status"] == 200
    assert run_guard("http://laptop.lan:8000", path="/project/threads")[0]["status"] == 403
    own = run_guard("http://localhost:8000")[0]
    assert own["status"] == 200
    assert (b"access-control-allow-origin", b"http://localhost:8000") in own["headers"]


def test_login_limit_per_account_and_address() -> None:
    now = [0.0]
    limiter = LoginLimiter(3, 60, clock=lambda: now[0])
    keys = LoginLimiter.keys("Dave", "10.0.0.1")
    for _ in range(3):
        assert limiter.wait(keys) == 0
        limiter.failed(keys)
    assert limiter.wait(keys) == 60
    # Another account from the same address waits too, and the same account from elsewhere.
    assert limiter.wait(LoginLimiter.keys("erin", "10.0.0.1")) == 60
    assert limiter.wait(LoginLimiter.keys("dave", "10.0.0.2")) == 60
    now[0] = 45
    assert limiter.wait(keys) == 15
    now[0] = 61
    assert limiter.wait(keys) == 0
    limiter.failed(keys)
    limiter.succeeded(keys)
    assert limiter.failures == {}


def test_revoked_tokens_survive_a_restart_and_expire(tmp_path: Path) -> None:
    token = jwt.encode({"identifier": "alice", "exp": 4_000_000_000}, "s" * 32)
    other = jwt.encode({"identifier": "alice", "exp": 4_000_000_001}, "s" * 32)
    path = tmp_path / "revoked_tokens.jsonl"
    RevokedTokens(path).revoke(token)
    fresh = RevokedTokens(path)  # another process, or after a restart
    assert fresh.is_revoked(token) and not fresh.is_revoked(other)
    assert token not in path.read_text()  # only digests are kept
    expired = jwt.encode({"identifier": "bob", "exp": 1}, "s" * 32)
    fresh.revoke(expired)
    assert not RevokedTokens(path).is_revoked(expired)


def test_the_token_is_found_where_chainlit_looks() -> None:
    assert token_of({"headers": [(b"cookie", b"a=1; access_token=T1")]}) == "T1"
    assert token_of({"headers": [(b"authorization", b"Bearer T2")]}) == "T2"
    assert token_of({"headers": [(b"authorization", b"Basic x")]}) is None
    assert token_of({"headers": []}) is None
