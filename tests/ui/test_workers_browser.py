"""Two workers in a real browser: `shabgraph up --workers 2` on Postgres, Chromium in front.

Alice logs in on worker A, asks, then resumes the same thread through worker B and asks a
follow-up that needs the agent's memory; her colleague Bob opens the thread she shared through
worker B. Which worker a browser talks to is its sticky cookie, set here before the first
request, and checked unchanged afterwards (the proxy re-pins only when a worker is down).
Screenshots go to test-artifacts/ui/workers-*.png.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from benchmarks.ui_server import WorkersServer, free_ports, start_workers
from graph_agent.checkpoint import open_checkpointer
from graph_agent.service import AgentService
from shabgraph import postgres_server
from shabgraph.settings import Settings
from tests.ui.browser_support import CHROMIUM_ARGS, ask, chromium_path, login, shot
from tests.ui.demo_graph import load_demo_graph
from ui.proxy import STICKY_COOKIE

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.postgres]

FACTORY = "ui.agent_bridge:create_agent"
QUESTION = "Who is Anna Beispiel?"
FOLLOW_UP = "Where does she live?"


class Flow:
    server: WorkersServer
    settings: Settings
    """The Neo4j test settings with the workers' database."""
    data_dir: Path
    thread_url: str = ""


@pytest.fixture(scope="module")
def flow(
    neo4j_settings: Settings,
    driver: Driver,
    postgres_settings: Settings,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[type[Flow]]:
    if chromium_path() is None:
        pytest.skip("Chromium is not installed (apt-get install chromium); browser tests skipped")
    load_demo_graph(driver, neo4j_settings.neo4j_database)
    url = postgres_server.create_database(
        postgres_settings, f"t_workers_browser_{os.getpid()}", fresh=True
    )
    Flow.settings = neo4j_settings.model_copy(
        update={
            "database_url": url,
            "postgres_instance": postgres_settings.postgres_instance,
            "postgres_port": postgres_settings.postgres_port,
        }
    )
    Flow.data_dir = tmp_path_factory.mktemp("workers-browser")
    env = {
        "SHABGRAPH_DATABASE_URL": url,
        "SHABGRAPH_POSTGRES_INSTANCE": postgres_settings.postgres_instance,
        "SHABGRAPH_POSTGRES_PORT": str(postgres_settings.postgres_port),
    }
    Flow.server = start_workers(
        neo4j_settings, free_ports(3), Flow.data_dir, 2, agent_factory=FACTORY, extra_env=env
    )
    yield Flow
    Flow.server.stop()


@pytest.fixture(scope="module")
def browser(flow: type[Flow]) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


def on_worker(browser: Any, flow: type[Flow], worker: int) -> Any:
    """A fresh browser context pinned to `worker` (the cookie the proxy would have set)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    ctx.add_cookies([{"name": STICKY_COOKIE, "value": str(worker), "url": flow.server.url}])
    return ctx


def sticky(ctx: Any) -> str:
    return next(c["value"] for c in ctx.cookies() if c["name"] == STICKY_COOKIE)


def agent_turns(flow: type[Flow], thread_id: str) -> int:
    """How many turns the agent's memory (the Postgres checkpointer) holds for the thread."""
    from shabgraph import db

    async def count() -> int:
        with db.open_driver(flow.settings) as driver:
            async with open_checkpointer(flow.settings) as cp:
                return len(await AgentService(flow.settings, driver, cp).traces(thread_id))

    # Playwright's sync API keeps a loop running in this thread: count in another one.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, count()).result()


@pytest.fixture(scope="module")
def alice_a(browser: Any, flow: type[Flow]) -> Iterator[Any]:
    ctx = on_worker(browser, flow, 0)
    page = ctx.new_page()
    login(page, flow.server.url, "alice", "alice-pw")
    yield page
    ctx.close()


def test_alice_asks_on_worker_a(alice_a: Any, flow: type[Flow]) -> None:
    ask(alice_a, QUESTION, "Anna Beispiel")
    alice_a.wait_for_url(re.compile(r"/thread/[0-9a-f-]+"))
    flow.thread_url = alice_a.url
    assert sticky(alice_a.context) == "0"
    assert agent_turns(flow, flow.thread_url.rsplit("/", 1)[1]) == 1
    shot(alice_a, "workers-1-asked-on-a")


def test_alice_resumes_the_thread_on_worker_b_with_its_memory(
    browser: Any, flow: type[Flow]
) -> None:
    ctx = on_worker(browser, flow, 1)
    page = ctx.new_page()
    login(page, flow.server.url, "alice", "alice-pw")
    page.goto(flow.thread_url)
    page.get_by_text(QUESTION).first.wait_for(timeout=20_000)
    # The thread's first turn is on the page (the question as a message, not only as the
    # sidebar's thread title), read from the shared database by worker B.
    page.wait_for_function(
        f"document.body.innerText.split({QUESTION!r}).length > 2", timeout=20_000
    )
    # "she" can only be resolved from the first turn, which worker A answered.
    ask(page, FOLLOW_UP, "Zürich")
    assert "Anna Beispiel" in page.locator(".step").last.inner_text()
    assert sticky(ctx) == "1"
    assert agent_turns(flow, flow.thread_url.rsplit("/", 1)[1]) == 2
    shot(page, "workers-2-resumed-on-b")
    ctx.close()


def test_a_colleague_opens_the_shared_thread_on_worker_b(
    browser: Any, alice_a: Any, flow: type[Flow]
) -> None:
    thread_id = flow.thread_url.rsplit("/", 1)[1]
    resp = alice_a.request.put(
        flow.server.url + "/project/thread/share", data={"threadId": thread_id, "isShared": True}
    )
    assert resp.ok, resp.text()  # shared through worker A
    ctx = on_worker(browser, flow, 1)
    bob = ctx.new_page()
    login(bob, flow.server.url, "bob", "bob-pw")
    bob.goto(f"{flow.server.url}/share/{thread_id}")
    bob.get_by_text(QUESTION).first.wait_for(timeout=20_000)
    bob.get_by_text(FOLLOW_UP).first.wait_for(timeout=20_000)
    assert sticky(ctx) == "1"
    # Read-only: bob cannot resume (write to) alice's thread on either worker.
    for worker in ("0", "1"):
        ctx.add_cookies([{"name": STICKY_COOKIE, "value": worker, "url": flow.server.url}])
        assert bob.request.get(f"{flow.server.url}/project/thread/{thread_id}").status == 401
    shot(bob, "workers-3-shared-on-b")
    ctx.close()


def test_when_worker_a_dies_the_open_page_goes_on_on_worker_b(
    alice_a: Any, flow: type[Flow]
) -> None:
    thread_id = flow.thread_url.rsplit("/", 1)[1]
    _, pid = flow.server.workers()[0]
    os.kill(pid, signal.SIGKILL)
    # No reload: socket.io reconnects through the proxy, which pins the page to worker B.
    alice_a.wait_for_timeout(3000)
    ask(alice_a, FOLLOW_UP, "Zürich")
    assert sticky(alice_a.context) == "1"
    assert alice_a.url == flow.thread_url
    assert agent_turns(flow, thread_id) == 3
    shot(alice_a, "workers-4-moved-after-a-died")
