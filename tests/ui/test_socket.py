"""The app over HTTP and socket.io (as the browser talks to it), with the scripted agent."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import socketio
from neo4j import Driver

from benchmarks.ui_client import ChatSession, login_cookie
from benchmarks.ui_server import AppServer, start_app
from shabgraph.settings import Settings
from tests.ui.demo_graph import load_demo_graph

pytestmark = pytest.mark.slow
PORT = 8713


@pytest.fixture(scope="module")
def app(
    neo4j_settings: Settings, driver: Driver, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[AppServer, Path]]:
    load_demo_graph(driver, neo4j_settings.neo4j_database)
    data = tmp_path_factory.mktemp("ui-socket")
    # An endpoint is configured only so the llm planner may be picked: the scripted agent
    # never calls it, it streams its own answer as that planner would.
    server = start_app(
        neo4j_settings, PORT, data, extra_env={"SHABGRAPH_LLM_BASE_URL": "http://127.0.0.1:9/v1"}
    )
    yield server, data
    server.stop()


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(coro)


def test_wrong_password_is_refused(app: tuple[AppServer, Path]) -> None:
    resp = httpx.post(app[0].url + "/login", data={"username": "alice", "password": "nope"})
    assert resp.status_code == 401


def test_answer_with_trace_persisted_and_closed_to_others(app: tuple[AppServer, Path]) -> None:
    server, data = app

    async def scenario() -> tuple[str, list[str], str]:
        alice = ChatSession(server.url, await login_cookie(server.url, "alice", "alice-pw"))
        await alice.connect()
        out = await alice.ask("Wer sitzt im Verwaltungsrat der Muster Holding AG?")
        await alice.close()
        bob = ChatSession(
            server.url, await login_cookie(server.url, "bob", "bob-pw"), thread_id=alice.thread_id
        )
        try:
            await bob.connect()
            refused = "connected"
        except socketio.exceptions.ConnectionError as exc:
            refused = str(exc)
        tool_outputs = [s.get("output", "") for s in out.steps if s.get("type") == "tool"]
        assert not out.errors, out.errors
        assert "Anna Beispiel" in out.answer and "Marco Esempio" in out.answer
        return alice.thread_id, tool_outputs, refused

    thread_id, tool_outputs, refused = run(scenario())
    assert any("```cypher" in o and "HOLDS_ROLE" in o for o in tool_outputs)
    assert refused != "connected"
    # Chainlit writes steps in background tasks: poll until the last ones have landed.
    deadline = time.monotonic() + 10
    while True:
        with sqlite3.connect(data / "ui" / "threads.db") as db:
            owner = db.execute(
                'SELECT "userIdentifier" FROM threads WHERE id = ?', (thread_id,)
            ).fetchone()
            kinds = [
                r[0]
                for r in db.execute('SELECT type FROM steps WHERE "threadId" = ?', (thread_id,))
            ]
        if kinds.count("tool") >= 2 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert owner == ("alice",)
    assert kinds.count("tool") == 2 and "assistant_message" in kinds, kinds


def test_dossier_command_and_network_element(app: tuple[AppServer, Path]) -> None:
    server, _ = app

    async def scenario():  # type: ignore[no-untyped-def]
        s = ChatSession(server.url, await login_cookie(server.url, "alice", "alice-pw"))
        await s.connect()
        dossier = await s.ask("/dossier Marco Esempio")
        network = await s.ask("Show the network of Muster Holding AG")
        await s.close()
        return dossier, network

    dossier, network = run(scenario())
    assert "## Dossier: Marco Esempio" in dossier.answer and "Alpen Handel AG" in dossier.answer
    views = [e for e in network.elements if e.get("name") == "NetworkView"]
    assert views and len(views[0]["props"]["nodes"]) >= 3


def test_bad_settings_give_a_message_with_an_error_id(app: tuple[AppServer, Path]) -> None:
    server, _ = app

    async def scenario():  # type: ignore[no-untyped-def]
        s = ChatSession(server.url, await login_cookie(server.url, "alice", "alice-pw"))
        await s.connect()
        await s.sio.emit(
            "chat_settings_change", {"planner": "offline", "max_rounds": 2, "as_of": "31.12.2024"}
        )
        await asyncio.sleep(0.3)
        out = await s.ask("Wer sitzt im Verwaltungsrat der Muster Holding AG?")
        await s.close()
        return out

    out = run(scenario())
    assert out.errors and "'31.12.2024' is not a date" in out.errors[0]
    assert "error id" in out.errors[0]


def test_llm_tokens_stream_into_the_answer_not_the_progress(app: tuple[AppServer, Path]) -> None:
    server, _ = app

    async def scenario():  # type: ignore[no-untyped-def]
        s = ChatSession(server.url, await login_cookie(server.url, "alice", "alice-pw"))
        await s.connect()
        await s.sio.emit("chat_settings_change", {"planner": "llm", "max_rounds": 2, "as_of": ""})
        await asyncio.sleep(0.3)
        out = await s.ask("Wer sitzt im Verwaltungsrat der Muster Holding AG?")
        await s.close()
        return out

    out = run(scenario())
    assert not out.errors, out.errors
    starts = [s for s in out.steps if s.get("type") == "assistant_message" and s.get("streaming")]
    assert len(starts) == 1
    answer_id = starts[0]["id"]
    # The first token opens the stream; every further one is one stream_token on the answer.
    streamed = starts[0]["output"] + "".join(t["token"] for t in out.tokens)
    assert {t["id"] for t in out.tokens} == {answer_id} and len(out.tokens) >= 5
    assert streamed == out.answer.split("\n\n**Sources**")[0]
    assert "Anna Beispiel" in streamed
    runs = [s for s in out.steps if s.get("type") == "run" and s.get("name") == "graph agent"]
    progress = [r.get("output", "") for r in runs]
    # Progress stays the agent's three events, three bullets at most: none holds answer text.
    assert progress and not any("Anna Beispiel" in text for text in progress)
    assert max(text.count("- ") for text in progress) <= 3
