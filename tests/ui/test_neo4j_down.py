"""Neo4j going away while the app runs: the user hears so within seconds, with an error id.

Issue 17, finding 6: with the database down a question hung for about a minute (the driver's
30 s connection and retry waits, per query) and the answer carried no error id. A TCP proxy
between the app and the test instance plays the server: first up, then refusing connections
(process gone), then accepting and never answering (process hung).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from neo4j import Driver

from benchmarks.ui_client import ChatSession, TurnOutcome, login_cookie
from benchmarks.ui_server import AppServer, start_app
from shabgraph.settings import Settings
from tests.ui.demo_graph import load_demo_graph
from tests.ui.tcp_proxy import TcpProxy

pytestmark = pytest.mark.slow
PORT = 8718
PROXY_PORT = 7793
QUESTION = "Who is Anna Beispiel?"
FAST = 15.0  # seconds: a few connection timeouts, far from the minute it took


@pytest.fixture(scope="module")
def proxied(
    neo4j_settings: Settings, driver: Driver, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[AppServer, TcpProxy]]:
    load_demo_graph(driver, neo4j_settings.neo4j_database)
    proxy = TcpProxy(PROXY_PORT, ("127.0.0.1", neo4j_settings.neo4j_bolt_port))
    password = neo4j_settings.resolved_password()
    through = neo4j_settings.model_copy(update={"neo4j_uri": f"bolt://127.0.0.1:{PROXY_PORT}"})
    server = start_app(
        through,
        PORT,
        tmp_path_factory.mktemp("ui-neo4j-down"),
        agent_factory="ui.agent_bridge:create_agent",
        extra_env={
            "NEO4J_USER": neo4j_settings.neo4j_user,
            "NEO4J_PASSWORD": password.get_secret_value() if password else "",
            "SHABGRAPH_NEO4J_CONNECT_TIMEOUT": "3",
        },
    )
    yield server, proxy
    server.stop()
    proxy.close()


def ask(server: AppServer, question: str) -> TurnOutcome:
    async def run() -> TurnOutcome:
        chat = ChatSession(server.url, await login_cookie(server.url, "alice", "alice-pw"))
        await chat.connect()
        try:
            return await chat.ask(question, timeout=150)
        finally:
            await chat.close()

    return asyncio.run(run())


def assert_fast_failure(out: TurnOutcome) -> None:
    assert out.seconds < FAST, f"the user waited {out.seconds:.0f} s"
    assert out.errors, (out.answer, out.seconds)
    assert "error id" in out.errors[-1] and "Neo4j" in out.errors[-1], out.errors


def test_up_then_down_then_hung(proxied: tuple[AppServer, TcpProxy]) -> None:
    server, proxy = proxied
    first = ask(server, QUESTION)
    assert not first.errors and "Anna Beispiel" in first.answer
    proxy.down()
    assert_fast_failure(ask(server, QUESTION))
    proxy.listen()  # the port answers again, but the server behind it does not
    proxy.hang()
    assert_fast_failure(ask(server, QUESTION))
