"""`shabgraph up --workers 2` for real: two Chainlit workers behind the proxy, one shared store.

Over HTTP and socket.io as the browser talks (the browser itself is in
test_workers_browser.py): a thread started on worker 0 resumes on worker 1 with the agent's
memory, a share or a logout made on one worker holds on the other, a killed worker loses
nothing and is started again, SIGTERM stops every worker. On SQLite and on the managed
Postgres test instance (a fresh database for the module).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from neo4j import Driver

from benchmarks.ui_client import ChatSession, login_cookie
from benchmarks.ui_server import WorkersServer, free_ports, start_workers
from shabgraph import postgres_server
from shabgraph.settings import Settings
from tests.ui.demo_graph import load_demo_graph
from ui.proxy import STICKY_COOKIE
from ui.workers import port_free

pytestmark = pytest.mark.slow
FACTORY = "ui.agent_bridge:create_agent"
QUESTION = "Who is Anna Beispiel?"
FOLLOW_UP = "Where does she live?"


def pinned(cookie: str, worker: int) -> str:
    """A Cookie header with the sticky cookie set to `worker` (whatever the login got)."""
    parts = [p for p in cookie.split("; ") if p and not p.startswith(STICKY_COOKIE + "=")]
    return "; ".join([*parts, f"{STICKY_COOKIE}={worker}"])


class Cluster:
    server: WorkersServer
    store: str
    thread_id: str = ""
    alice: str = ""


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def cluster(
    request: pytest.FixtureRequest,
    neo4j_settings: Settings,
    driver: Driver,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[type[Cluster]]:
    load_demo_graph(driver, neo4j_settings.neo4j_database)
    data = tmp_path_factory.mktemp(f"workers-{request.param}")
    extra: dict[str, str] = {}
    if request.param == "postgres":
        pg: Settings = request.getfixturevalue("postgres_settings")
        url = postgres_server.create_database(pg, f"t_workers_app_{os.getpid()}", fresh=True)
        extra = {
            "SHABGRAPH_DATABASE_URL": url,
            "SHABGRAPH_POSTGRES_INSTANCE": pg.postgres_instance,
            "SHABGRAPH_POSTGRES_PORT": str(pg.postgres_port),
        }
    port = free_ports(3)
    Cluster.server = start_workers(
        neo4j_settings, port, data, 2, agent_factory=FACTORY, extra_env=extra
    )
    Cluster.store = request.param
    Cluster.thread_id = ""
    yield Cluster
    Cluster.server.stop()


async def ask_on(
    url: str, cookie: str, worker: int, question: str, thread_id: str | None = None
) -> tuple[str, str]:
    """Ask through the proxy pinned to `worker`; (thread id, answer)."""
    chat = ChatSession(url, pinned(cookie, worker), thread_id=thread_id)
    await chat.connect()
    try:
        out = await chat.ask(question, timeout=120)
    finally:
        await chat.close()
    assert not out.errors, out.errors
    return chat.thread_id, out.answer


def test_a_thread_resumes_on_the_other_worker_with_its_memory(cluster: type[Cluster]) -> None:
    url = cluster.server.url

    async def scenario() -> tuple[str, str, str, str]:
        cluster.alice = await login_cookie(url, "alice", "alice-pw")
        bob = await login_cookie(url, "bob", "bob-pw")
        # The first questions of both workers at the same moment: each opens the agent's
        # memory then (on a fresh Postgres database, creating its tables: this deadlocked).
        (thread_id, first), (_, bobs) = await asyncio.wait_for(
            asyncio.gather(ask_on(url, cluster.alice, 0, QUESTION), ask_on(url, bob, 1, QUESTION)),
            90,
        )
        _, second = await ask_on(url, cluster.alice, 1, FOLLOW_UP, thread_id)
        return thread_id, first, bobs, second

    cluster.thread_id, first, bobs, second = asyncio.run(scenario())
    assert "Anna Beispiel" in first and "Anna Beispiel" in bobs
    # "she" is resolved from the first turn, kept in the shared checkpointer.
    assert "Zürich" in second and "Anna Beispiel" in second
    # Both turns are in the shared thread store, as either worker reads it.
    for worker in (0, 1):
        thread = httpx.get(
            f"{url}/project/thread/{cluster.thread_id}",
            headers={"Cookie": pinned(cluster.alice, worker)},
        ).json()
        asked = [s["output"] for s in thread["steps"] if s["type"] == "user_message"]
        assert asked == [QUESTION, FOLLOW_UP]


def share(cluster: type[Cluster], worker: int, on: bool) -> None:
    resp = httpx.put(
        f"{cluster.server.url}/project/thread/share",
        json={"threadId": cluster.thread_id, "isShared": on},
        headers={"Cookie": pinned(cluster.alice, worker)},
    )
    assert resp.status_code == 200, resp.text


def test_a_share_made_on_one_worker_holds_on_the_other(cluster: type[Cluster]) -> None:
    url = cluster.server.url
    bob = asyncio.run(login_cookie(url, "bob", "bob-pw"))
    path = f"{url}/project/share/{cluster.thread_id}"
    share(cluster, 0, True)
    seen = httpx.get(path, headers={"Cookie": pinned(bob, 1)})
    assert seen.status_code == 200
    assert QUESTION in [s["output"] for s in seen.json()["steps"]]
    share(cluster, 1, False)
    assert httpx.get(path, headers={"Cookie": pinned(bob, 0)}).status_code == 404


def test_a_logout_on_one_worker_ends_the_login_on_both(cluster: type[Cluster]) -> None:
    url = cluster.server.url
    cookie = asyncio.run(login_cookie(url, "bob", "bob-pw"))
    assert httpx.get(f"{url}/user", headers={"Cookie": pinned(cookie, 0)}).status_code == 200
    assert httpx.post(f"{url}/logout", headers={"Cookie": pinned(cookie, 1)}).status_code == 200
    for worker in (0, 1):
        assert (
            httpx.get(f"{url}/user", headers={"Cookie": pinned(cookie, worker)}).status_code == 401
        )


def wait_for(check: Any, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.5)


def test_a_killed_worker_loses_nothing_and_comes_back(cluster: type[Cluster]) -> None:
    server = cluster.server
    _, old_pid = server.workers()[0]
    os.kill(old_pid, signal.SIGKILL)
    # alice is still pinned to worker 0: the proxy moves her to worker 1 with her thread.
    _, answer = asyncio.run(
        ask_on(server.url, cluster.alice, 0, FOLLOW_UP, thread_id=cluster.thread_id)
    )
    assert "Zürich" in answer
    log = server.log
    wait_for(lambda: server.workers()[0][1] != old_pid, 30)
    wait_for(lambda: " is back; live workers: 0, 1" in log.read_text(), 120)
    assert "exited (code -9): restarting in 1 s" in log.read_text()
    # The new worker 0 itself (its own port, no proxy) continues the thread with its memory.
    _, again = asyncio.run(
        ask_on(server.worker_url(0), cluster.alice, 0, FOLLOW_UP, cluster.thread_id)
    )
    assert "Zürich" in again


def test_sigterm_stops_every_worker(cluster: type[Cluster]) -> None:
    server = cluster.server
    workers = server.workers()
    server.stop()
    assert server.proc.returncode == 0
    for _, pid in workers.values():
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    port = int(server.url.rsplit(":", 1)[1])
    assert all(port_free("127.0.0.1", p) for p in (port, *(p for p, _ in workers.values())))
    assert "Stopped." in server.log.read_text()
