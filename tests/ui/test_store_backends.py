"""The app on SQLite and on Postgres (each test runs on both): a thread resumed after a restart
keeps the agent's memory, a share is honoured and withdrawn, and users and threads stay apart.

The app runs as a real process with the project's agent (`ui.agent_bridge:create_agent`), so
its checkpoints go where `SHABGRAPH_DATABASE_URL` sends them; the tests read them back through
the same settings.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import socketio
from neo4j import Driver

from benchmarks.ui_client import ChatSession, login_cookie
from benchmarks.ui_server import AppServer, start_app
from graph_agent.checkpoint import open_checkpointer
from graph_agent.service import AgentService
from shabgraph.settings import Settings
from tests.conftest import settings_env

pytestmark = pytest.mark.slow
PORT = 8716
FACTORY = "ui.agent_bridge:create_agent"


@pytest.fixture
def app(db_settings: Settings, demo_db: Driver) -> Iterator[tuple[AppServer, Settings]]:
    """The app on `db_settings`' store (the test's own data dir; Postgres: a fresh database),
    over a graph holding only the demo data."""
    server = start_app(
        db_settings, PORT, db_settings.data_dir, agent_factory=FACTORY, extra_env=env(db_settings)
    )
    yield server, db_settings
    server.stop()


def env(settings: Settings) -> dict[str, str]:
    """The store settings an app process needs (the rest comes from `start_app`)."""
    full = settings_env(settings)
    keys = ("SHABGRAPH_DATABASE_URL", "SHABGRAPH_POSTGRES_INSTANCE", "SHABGRAPH_POSTGRES_PORT")
    return {k: full[k] for k in keys if k in full}


async def agent_turns(settings: Settings, driver: Driver, thread_id: str) -> list[str]:
    """The questions the agent's own memory (its checkpointer) holds for a thread."""
    async with open_checkpointer(settings) as saver:
        return [t.question for t in await AgentService(settings, driver, saver).traces(thread_id)]


async def ask(url: str, user: str, question: str, thread_id: str | None = None) -> tuple[str, str]:
    """(thread id, answer) of one question in a new session, resuming `thread_id` if given."""
    session = ChatSession(url, await login_cookie(url, user, f"{user}-pw"), thread_id=thread_id)
    await session.connect()
    try:
        out = await session.ask(question)
    finally:
        await session.close()
    assert not out.errors, out.errors
    return session.thread_id, out.answer


async def wait_for_thread(url: str, cookie: str, thread_id: str) -> dict[str, Any]:
    """The thread as its owner's resume route serves it, once its last steps have landed."""
    async with httpx.AsyncClient(base_url=url, headers={"Cookie": cookie}, timeout=30) as http:
        for _ in range(50):
            resp = await http.get(f"/project/thread/{thread_id}")
            if resp.status_code == 200 and any(
                s.get("type") == "assistant_message" for s in resp.json().get("steps", [])
            ):
                return dict(resp.json())
            await asyncio.sleep(0.2)
    raise AssertionError(f"thread {thread_id} never showed its answer")


def test_resume_after_restart_keeps_the_agent_memory(
    app: tuple[AppServer, Settings], driver: Driver
) -> None:
    server, settings = app
    thread_id, first = asyncio.run(ask(server.url, "alice", "Who is Anna Beispiel?"))
    assert "Anna Beispiel" in first
    assert asyncio.run(agent_turns(settings, driver, thread_id)) == ["Who is Anna Beispiel?"]
    server.stop()
    restarted = start_app(
        settings, PORT, settings.data_dir, agent_factory=FACTORY, extra_env=env(settings)
    )
    try:
        same, follow_up = asyncio.run(
            ask(restarted.url, "alice", "Where does she live?", thread_id)
        )
        assert same == thread_id
        assert "Zürich" in follow_up  # "she" is resolved from the memory of the first turn
        assert asyncio.run(agent_turns(settings, driver, thread_id)) == [
            "Who is Anna Beispiel?",
            "Where does she live?",
        ]
    finally:
        restarted.stop()


def test_share_is_honoured_and_withdrawn_and_users_stay_apart(
    app: tuple[AppServer, Settings], driver: Driver
) -> None:
    server, settings = app

    async def scenario() -> None:
        alice_id, _ = await ask(server.url, "alice", "Who is Anna Beispiel?")
        bob_id, _ = await ask(server.url, "bob", "Who is Marco Esempio?")
        alice = await login_cookie(server.url, "alice", "alice-pw")
        bob = await login_cookie(server.url, "bob", "bob-pw")
        thread = await wait_for_thread(server.url, alice, alice_id)
        assert thread["userIdentifier"] == "alice"
        async with (
            httpx.AsyncClient(base_url=server.url, headers={"Cookie": alice}, timeout=30) as a,
            httpx.AsyncClient(base_url=server.url, headers={"Cookie": bob}, timeout=30) as b,
        ):
            listing = {"pagination": {"first": 20, "cursor": None}, "filter": {}}
            assert [
                t["id"] for t in (await a.post("/project/threads", json=listing)).json()["data"]
            ] == [alice_id]
            assert [
                t["id"] for t in (await b.post("/project/threads", json=listing)).json()["data"]
            ] == [bob_id]
            assert (await b.get(f"/project/thread/{alice_id}")).status_code == 401
            assert (await b.get(f"/project/share/{alice_id}")).status_code == 404
            share = {"threadId": alice_id, "isShared": True}
            assert (await a.put("/project/thread/share", json=share)).status_code == 200
            shared = await b.get(f"/project/share/{alice_id}")
            assert shared.status_code == 200
            assert "Who is Anna Beispiel?" in [s.get("output") for s in shared.json()["steps"]]
            assert (await b.get(f"/project/thread/{alice_id}")).status_code == 401  # read-only
            # Bob cannot write into alice's shared thread over the socket either.
            intruder = ChatSession(server.url, bob, thread_id=alice_id)
            with pytest.raises(socketio.exceptions.ConnectionError):
                await intruder.connect()
            assert (
                await a.put("/project/thread/share", json={**share, "isShared": False})
            ).status_code == 200
            assert (await b.get(f"/project/share/{alice_id}")).status_code == 404
        # Each thread's memory holds only its own turn.
        assert await agent_turns(settings, driver, alice_id) == ["Who is Anna Beispiel?"]
        assert await agent_turns(settings, driver, bob_id) == ["Who is Marco Esempio?"]

    asyncio.run(scenario())
