"""Readiness of one app process: `GET /ready` answers 200 only when its thread database works.

Chainlit's `/health` says that the process serves HTTP, nothing more. Chainlit logs an error
raised by the start-up hook and serves anyway, so with a database that could not be reached, a
worker answered `/health`, was reported ready and got users whose every thread then failed.
`/ready` adds the database. First, this process's start-up must have made the thread store's
schema (`ui.persistence.create_schema` records the outcome here). Second, the database must
answer a `SELECT 1` now.

The supervisor of `shabgraph up --workers N` waits for `/ready` before it routes a worker, and
before it brings a failed one back. A start-up failure is final: this process will not try
again. So the 503 says so and names the cause, and the supervisor stops at once with that
cause instead of waiting out its start timeout.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Final

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool
from starlette.types import ASGIApp, Receive, Scope, Send

READY_PATH: Final = "/ready"
CHECK_TIMEOUT_S: Final = 3.0
"""Seconds the live `SELECT 1` may take before the process counts as not ready."""


@dataclass
class StoreState:
    """What this process knows of its thread database."""

    url: str | None = None
    """The store's URL once the start-up made (or failed to make) its schema."""
    error: str | None = None
    """The start-up failure's cause; None while none happened."""


STATE: Final = StoreState()
"""This process's state (one app per process)."""


def cause(exc: BaseException) -> str:
    """The driver's own error in one line (SQLAlchemy and its asyncpg adapter wrap it)."""
    orig: BaseException = getattr(exc, "orig", None) or exc
    while orig.__cause__ is not None:
        orig = orig.__cause__
    first = (str(orig).strip().splitlines() or [""])[0]
    return f"{type(orig).__name__}: {first}" if first else type(orig).__name__


def store_made(url: str) -> None:
    STATE.url, STATE.error = url, None


def store_failed(url: str, exc: BaseException) -> None:
    STATE.url, STATE.error = url, cause(exc)


async def database_answers(url: str, timeout: float = CHECK_TIMEOUT_S) -> str | None:
    """None when the database answers `SELECT 1` within `timeout` seconds, else the cause.

    A connection of its own, closed at once: the check runs at start and while a worker is out,
    not on every health check, so a pool would only hold a connection for nothing.
    """
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with asyncio.timeout(timeout), engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
    except TimeoutError:
        return f"the database did not answer within {timeout:g} s"
    except Exception as exc:  # any driver error means: not usable now
        return cause(exc)
    finally:
        await engine.dispose()
    return None


async def readiness() -> tuple[int, dict[str, object]]:
    """The status and JSON body of `/ready`."""
    if STATE.error is not None:
        return 503, {"ready": False, "final": True, "cause": f"thread database: {STATE.error}"}
    if STATE.url is None:
        return 503, {"ready": False, "final": False, "cause": "the thread store is not made yet"}
    problem = await database_answers(STATE.url)
    if problem is not None:
        return 503, {"ready": False, "final": False, "cause": f"thread database: {problem}"}
    return 200, {"ready": True}


class ReadinessRoute:
    """ASGI middleware answering `GET /ready` (before Chainlit's catch-all page route)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != READY_PATH or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        status, payload = await readiness()
        body = json.dumps(payload).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
