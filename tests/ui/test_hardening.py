"""Attacks on the running app over HTTP and socket.io (issue 17, findings 2 and 6).

Another page on 127.0.0.1 acting with the user's cookie, feedback on other users' messages, a
token kept after logout, password guessing. The browser-side counterpart (a real page on
another origin) is in test_browser.py.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import socketio
from neo4j import Driver

from benchmarks.ui_client import ChatSession, login_cookie
from benchmarks.ui_server import AppServer, start_app
from shabgraph.settings import Settings
from tests.ui.demo_graph import load_demo_graph

pytestmark = pytest.mark.slow
PORT = 8717
FOREIGN = "http://127.0.0.1:8799"
WINDOW = 6.0


@pytest.fixture(scope="module")
def app(
    neo4j_settings: Settings, driver: Driver, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[AppServer, Path]]:
    load_demo_graph(driver, neo4j_settings.neo4j_database)
    data = tmp_path_factory.mktemp("ui-hardening")
    server = start_app(
        neo4j_settings,
        PORT,
        data,
        extra_env={
            "SHABGRAPH_UI_USERS": "alice:alice-pw,bob:bob-pw,carol:carol-pw,dave:dave-pw",
            "SHABGRAPH_UI_LOGIN_WINDOW": str(WINDOW),
        },
    )
    yield server, data
    server.stop()


def cookie_of(server: AppServer, user: str) -> str:
    return asyncio.run(login_cookie(server.url, user, f"{user}-pw"))


def token_in(cookie: str) -> str:
    return dict(part.split("=", 1) for part in cookie.split("; "))["access_token"]


def socket_connects(server: AppServer, cookie: str, origin: str | None) -> str:
    """'connected', or why the socket.io handshake was refused."""

    async def attempt() -> str:
        sio = socketio.AsyncClient(reconnection=False)
        headers = {"Cookie": cookie} | ({"Origin": origin} if origin else {})
        try:
            await sio.connect(
                server.url,
                socketio_path="/ws/socket.io",
                transports=["websocket"],
                headers=headers,
                auth={
                    "clientType": "webapp",
                    "sessionId": "s-" + str(time.time()),
                    "userEnv": "{}",
                },
                wait_timeout=10,
            )
        except socketio.exceptions.ConnectionError as exc:
            return f"refused: {exc}"
        await sio.disconnect()
        return "connected"

    return asyncio.run(attempt())


def list_threads(server: AppServer, cookie: str, origin: str | None) -> httpx.Response:
    headers = {"Cookie": cookie, "Content-Type": "application/json"}
    if origin:
        headers["Origin"] = origin
    body = {"pagination": {"first": 20, "cursor": None}, "filter": {}}
    return httpx.post(server.url + "/project/threads", json=body, headers=headers, timeout=10)


def test_another_origin_cannot_read_the_users_threads(app: tuple[AppServer, Path]) -> None:
    server, _ = app
    cookie = cookie_of(server, "alice")
    own = list_threads(server, cookie, server.url)
    assert own.status_code == 200
    for origin in (FOREIGN, "null", "http://localhost:8799", "http://evil.example"):
        resp = list_threads(server, cookie, origin)
        assert resp.status_code == 403, (origin, resp.status_code, resp.text[:200])
        assert "access-control-allow-origin" not in resp.headers
        assert "data" not in resp.text
    # Preflight from the foreign page: no permission granted.
    pre = httpx.options(
        server.url + "/project/threads",
        headers={"Origin": FOREIGN, "Access-Control-Request-Method": "POST"},
    )
    assert pre.headers.get("access-control-allow-origin") != FOREIGN


def test_own_loopback_origins_get_exact_cors(app: tuple[AppServer, Path]) -> None:
    server, _ = app
    cookie = cookie_of(server, "alice")
    resp = list_threads(server, cookie, f"http://localhost:{PORT}")
    assert resp.status_code == 200
    assert resp.headers["access-control-allow-origin"] == f"http://localhost:{PORT}"
    assert resp.headers["access-control-allow-credentials"] == "true"


def test_another_origin_cannot_open_a_socket_as_the_user(app: tuple[AppServer, Path]) -> None:
    server, _ = app
    cookie = cookie_of(server, "alice")
    assert socket_connects(server, cookie, server.url) == "connected"
    assert socket_connects(server, cookie, None) == "connected"  # not a browser: no cookie theft
    for origin in (FOREIGN, "null"):
        assert socket_connects(server, cookie, origin).startswith("refused"), origin


def answer_step(server: AppServer, user: str) -> tuple[str, str]:
    """(thread id, id of the answer message) of a fresh question by `user`."""

    async def ask() -> tuple[str, str]:
        chat = ChatSession(server.url, await login_cookie(server.url, user, f"{user}-pw"))
        await chat.connect()
        out = await chat.ask("Wer sitzt im Verwaltungsrat der Muster Holding AG?")
        await chat.close()
        answers = [s for s in out.steps if s.get("type") == "assistant_message"]
        return chat.thread_id, answers[-1]["id"]

    return asyncio.run(ask())


def feedback_rows(data: Path, step_id: str) -> list[tuple[Any, ...]]:
    deadline = time.monotonic() + 5
    while True:
        with sqlite3.connect(data / "ui" / "threads.db") as db:
            rows = db.execute(
                'SELECT id, value, "threadId" FROM feedbacks WHERE "forId" = ?', (step_id,)
            ).fetchall()
        if rows or time.monotonic() > deadline:
            return rows
        time.sleep(0.2)


def put_feedback(server: AppServer, cookie: str, feedback: dict[str, Any]) -> httpx.Response:
    return httpx.put(
        server.url + "/feedback",
        json={"feedback": feedback, "sessionId": "none"},
        headers={"Cookie": cookie},
        timeout=10,
    )


def test_feedback_only_by_the_threads_owner(app: tuple[AppServer, Path]) -> None:
    server, data = app
    thread_id, step_id = answer_step(server, "alice")
    alice, bob = cookie_of(server, "alice"), cookie_of(server, "bob")
    # Shared or not, another user may neither write nor overwrite nor delete it.
    share = httpx.put(
        server.url + "/project/thread/share",
        json={"threadId": thread_id, "isShared": True},
        headers={"Cookie": alice},
    )
    assert share.status_code == 200
    forged = put_feedback(server, bob, {"forId": step_id, "value": 0, "threadId": "x"})
    assert forged.status_code == 403, forged.text
    assert feedback_rows(data, step_id) == []
    own = put_feedback(server, alice, {"forId": step_id, "value": 1})
    assert own.status_code == 200, own.text
    feedback_id = own.json()["feedbackId"]
    assert feedback_rows(data, step_id) == [(feedback_id, 1, thread_id)]
    _, bobs_step = answer_step(server, "bob")
    # Bob's own message with alice's feedback id: the upsert would rewrite alice's row.
    hijack = put_feedback(server, bob, {"forId": bobs_step, "value": 0, "id": feedback_id})
    assert hijack.status_code == 403, hijack.text
    gone = httpx.request(
        "DELETE",
        server.url + "/feedback",
        json={"feedbackId": feedback_id},
        headers={"Cookie": bob},
    )
    assert gone.status_code == 403, gone.text
    assert feedback_rows(data, step_id) == [(feedback_id, 1, thread_id)]


def test_logout_ends_the_token(app: tuple[AppServer, Path]) -> None:
    server, _ = app
    cookie = cookie_of(server, "carol")
    token = token_in(cookie)
    bearer = {"Authorization": f"Bearer {token}"}
    assert httpx.get(server.url + "/user", headers=bearer).status_code == 200

    async def logout_with_an_open_session() -> bool:
        chat = ChatSession(server.url, cookie)
        await chat.connect()
        resp = await asyncio.to_thread(
            httpx.post, server.url + "/logout", headers={"Cookie": cookie}
        )
        assert resp.status_code == 200
        for _ in range(50):  # the server closes the session opened with the token
            if not chat.sio.connected:
                return True
            await asyncio.sleep(0.1)
        await chat.close()
        return False

    assert asyncio.run(logout_with_an_open_session())
    # The copied token is dead everywhere: cookie, bearer, token exchange, socket.io.
    assert httpx.get(server.url + "/user", headers={"Cookie": cookie}).status_code == 401
    assert httpx.get(server.url + "/user", headers=bearer).status_code == 401
    assert httpx.post(server.url + "/auth/jwt", headers=bearer).status_code == 401
    assert socket_connects(server, cookie, server.url).startswith("refused")
    # A new login works.
    fresh = cookie_of(server, "carol")
    assert httpx.get(server.url + "/user", headers={"Cookie": fresh}).status_code == 200


def login(server: AppServer, user: str, password: str) -> httpx.Response:
    return httpx.post(server.url + "/login", data={"username": user, "password": password})


def test_password_guessing_is_limited(app: tuple[AppServer, Path]) -> None:
    server, _ = app
    codes = [login(server, "dave", f"guess-{i}").status_code for i in range(5)]
    assert codes == [401] * 5
    started = time.monotonic()
    limited = login(server, "dave", "dave-pw")  # even the right password waits
    assert limited.status_code == 429, limited.text
    body = limited.json()
    assert body["detail"] == "toomanylogins" and "try again in" in body["message"]
    assert 1 <= int(limited.headers["retry-after"]) <= WINDOW + 1
    # Guessing is cut short: more attempts change nothing and cost no password check.
    with httpx.Client(base_url=server.url) as http:
        more = [http.post("/login", data={"username": "dave", "password": "x"}) for _ in range(20)]
    assert {r.status_code for r in more} == {429}
    time.sleep(max(0.0, WINDOW + 0.5 - (time.monotonic() - started)))
    assert login(server, "dave", "dave-pw").status_code == 200
