"""The dashboard in a real browser: Debian's Chromium driven by Playwright against the running app.

One app, one browser and one conversation for the whole module (tests run in file order and
build on each other) to keep the suite short: log in, ask, audit the trace, open a cited
notice, the network view and a dossier, restart the app and resume, share, refuse; then the
attacks of issue 17: a page on another origin acting as the user, data that would load images
or links, a login page that must not reach other hosts.
Screenshots of each mode go to test-artifacts/ui/.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from benchmarks.ui_server import AppServer, start_app
from graph_agent.checkpoint import open_checkpointer
from graph_agent.service import AgentService
from shabgraph import db
from shabgraph.settings import Settings
from tests.ui.browser_support import (
    CHROMIUM_ARGS,
    ForeignSite,
    ask,
    attack_page,
    chromium_path,
    login,
    shot,
)
from tests.ui.demo_graph import load_demo_graph

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PORT = 8712
FOREIGN_PORT = 8798
FACTORY = "ui.agent_bridge:create_agent"
QUESTION = "Who is Anna Beispiel?"


class Flow:
    """What the tests pass on to each other."""

    app: AppServer
    data_dir: Path
    settings: Settings
    thread_url: str = ""


@pytest.fixture(scope="module")
def flow(
    neo4j_settings: Settings, driver: Driver, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[type[Flow]]:
    if chromium_path() is None:
        pytest.skip("Chromium is not installed (apt-get install chromium); browser tests skipped")
    load_demo_graph(driver, neo4j_settings.neo4j_database)
    Flow.settings = neo4j_settings
    Flow.data_dir = tmp_path_factory.mktemp("ui-browser")
    Flow.app = start_app(neo4j_settings, PORT, Flow.data_dir, agent_factory=FACTORY)
    yield Flow
    Flow.app.stop()


@pytest.fixture(scope="module")
def browser(flow: type[Flow]) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def alice(browser: Any, flow: type[Flow]) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    page = ctx.new_page()
    login(page, flow.app.url, "alice", "alice-pw")
    yield page
    ctx.close()


def test_login_ask_and_audit_a_tool_step(alice: Any, flow: type[Flow]) -> None:
    shot(alice, "0-start")
    ask(alice, QUESTION, "Anna Beispiel")
    alice.wait_for_url(re.compile(r"/thread/[0-9a-f-]+"))
    flow.thread_url = alice.url
    alice.get_by_text("Used graph agent").first.click()
    alice.get_by_text(re.compile(r"^Used search_companies · round 1")).first.click()
    step = alice.locator("code", has_text="MATCH").first
    step.wait_for(timeout=10_000)
    assert "MATCH" in step.inner_text()
    # The records table of the tool step names the company found.
    assert alice.locator("table").filter(has_text="Anna Beispiel").count() >= 1
    shot(alice, "1-chat-trace")


def test_cited_notice_opens_in_the_side_view(alice: Any) -> None:
    alice.get_by_role("link", name="HR01-1000000001").first.click()
    alice.get_by_text("Neueintragung").first.wait_for(timeout=10_000)
    shot(alice, "2-cited-notice")


def test_network_view_draws_nodes_and_opens_a_dossier(alice: Any) -> None:
    alice.get_by_role("button", name="Network view").last.click() if alice.locator(
        "[data-testid=network-view]"
    ).count() == 0 else None
    view = alice.locator("[data-testid=network-view]").last
    view.wait_for(timeout=20_000)
    nodes = view.locator("g.sg-node")
    assert nodes.count() >= 2
    view.scroll_into_view_if_needed()
    shot(alice, "3-network")
    view.locator("g.sg-node[data-node-id='CHE-100.000.001']").click()
    alice.get_by_text("Dossier: Muster Holding AG").last.wait_for(timeout=20_000)


def test_dossier_from_an_answer(alice: Any) -> None:
    alice.get_by_role("button", name=re.compile("Dossier: Anna Beispiel")).first.click()
    alice.get_by_text("Dossier: Anna Beispiel").last.wait_for(timeout=20_000)
    alice.get_by_text("Geschäftsführerin").last.scroll_into_view_if_needed()
    assert alice.get_by_text("Beispiel Immobilien GmbH").count() >= 1
    shot(alice, "4-dossier")


def agent_turns(flow: type[Flow], driver: Driver, thread_id: str) -> int:
    """How many turns the agent's own memory holds for the thread (its checkpointer)."""
    settings = flow.settings.model_copy(update={"data_dir": flow.data_dir})

    async def count() -> int:
        async with open_checkpointer(settings) as cp:
            return len(await AgentService(settings, driver, cp).traces(thread_id))

    # Playwright's sync API keeps a loop running in this thread: count in another one.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, count()).result()


def test_resume_after_restart_keeps_the_agent_memory(
    browser: Any, flow: type[Flow], driver: Driver
) -> None:
    thread_id = flow.thread_url.rsplit("/", 1)[1]
    before = agent_turns(flow, driver, thread_id)
    assert before >= 1
    flow.app.stop()
    flow.app = start_app(flow.settings, PORT, flow.data_dir, agent_factory=FACTORY)
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    page = ctx.new_page()
    console: list[str] = []
    page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
    login(page, flow.app.url, "alice", "alice-pw")
    page.goto(flow.thread_url)
    page.get_by_text(QUESTION).first.wait_for(timeout=20_000)
    try:
        page.locator("#chat-input").wait_for(timeout=30_000)
    except Exception as exc:  # keep what a rare failure to resume leaves, to find its cause
        shot(page, "5-resume-failed")
        raise AssertionError(
            f"the resumed thread has no chat input: page {page.inner_text('body')[:600]!r}\n"
            f"browser console: {console[-20:]}\n"
            f"app log:\n{flow.app.log.read_text(errors='replace')[-3000:]}"
        ) from exc
    ask(page, "Where does she live?", "Zürich")
    assert agent_turns(flow, driver, thread_id) == before + 1
    shot(page, "5-resumed")
    ctx.close()


def test_shared_thread_opens_for_a_second_user(browser: Any, alice: Any, flow: type[Flow]) -> None:
    thread_id = flow.thread_url.rsplit("/", 1)[1]
    # The login outlived the restart: the JWT secret is the same, so alice's cookie still works.
    resp = alice.request.put(
        flow.app.url + "/project/thread/share", data={"threadId": thread_id, "isShared": True}
    )
    assert resp.ok, resp.text()
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    bob = ctx.new_page()
    login(bob, flow.app.url, "bob", "bob-pw")
    bob.goto(f"{flow.app.url}/share/{thread_id}")
    bob.get_by_text(QUESTION).first.wait_for(timeout=20_000)
    # Read-only: bob cannot resume (write to) alice's thread.
    assert bob.request.get(f"{flow.app.url}/project/thread/{thread_id}").status == 401
    shot(bob, "6-shared-view")
    ctx.close()


def test_unshared_thread_is_refused(browser: Any, alice: Any, flow: type[Flow]) -> None:
    thread_id = flow.thread_url.rsplit("/", 1)[1]
    resp = alice.request.put(
        flow.app.url + "/project/thread/share", data={"threadId": thread_id, "isShared": False}
    )
    assert resp.ok
    ctx = browser.new_context(viewport={"width": 1400, "height": 950})
    bob = ctx.new_page()
    login(bob, flow.app.url, "bob", "bob-pw")
    assert bob.request.get(f"{flow.app.url}/project/share/{thread_id}").status == 404
    bob.goto(f"{flow.app.url}/share/{thread_id}")
    bob.get_by_text(re.compile("Failed to load thread")).first.wait_for(timeout=20_000)
    assert bob.get_by_text(QUESTION).count() == 0
    shot(bob, "7-refused")
    ctx.close()


@pytest.fixture(scope="module")
def foreign(flow: type[Flow]) -> Iterator[ForeignSite]:
    site = ForeignSite(FOREIGN_PORT, {"/attack.html": attack_page(flow.app.url)})
    yield site
    site.close()


def test_a_page_on_another_origin_cannot_act_as_the_user(
    alice: Any, flow: type[Flow], foreign: ForeignSite
) -> None:
    # The same browser, alice logged in: her cookie goes along to 127.0.0.1 on any port.
    page = alice.context.new_page()
    page.goto(foreign.url + "/attack.html")
    page.wait_for_function("window.result !== null", timeout=20_000)
    result = page.evaluate("window.result")
    page.close()
    assert result["threads"].startswith("blocked"), result
    assert result["socket"] in ("refused at the handshake", "closed"), result
    # Her own page still works (same-origin requests carry an Origin too).
    own = alice.request.post(
        flow.app.url + "/project/threads",
        data={"pagination": {"first": 5, "cursor": None}, "filter": {}},
        headers={"Origin": flow.app.url},
    )
    assert own.ok


HOSTILE = """
MERGE (c:Company {id: 'CHE-100.000.099'})
SET c += {uid: 'CHE-100.000.099', strength: 'strong', status: 'active',
  name: $name, names: [$name], names_text: 'Tracker Werbung AG', seat: $image,
  address: $html, purpose: $purpose, legal_form_label: 'AG', canton: 'ZH'}
"""


def test_data_in_names_and_texts_loads_nothing(
    alice: Any, flow: type[Flow], driver: Driver, foreign: ForeignSite
) -> None:
    image = f"![x]({foreign.url}/track.png)"
    db.write(
        driver,
        flow.settings.neo4j_database,
        HOSTILE,
        name=f"Tracker Werbung\u202e{image} AG",
        image=image,
        html=f"<img src={foreign.url}/onerror.png onerror=alert(1)>",
        purpose=f"Werbung. [click]({foreign.url}/link) {foreign.url}/bare www.evil.example",
    )
    try:
        before = len(foreign.hits)
        alice.fill("#chat-input", "/dossier Tracker Werbung")
        alice.keyboard.press("Enter")
        heading = alice.get_by_text(re.compile("Dossier: Tracker Werbung")).last
        heading.wait_for(timeout=20_000)
        alice.wait_for_timeout(1500)  # time for any image to be fetched
        message = alice.locator(".step").last
        assert foreign.hits[before:] == []
        # The only image is the assistant's avatar, served by the app; no link leaves it.
        srcs = [i.get_attribute("src") or "" for i in message.locator("img").all()]
        assert all(s.startswith(("/avatars/", flow.app.url + "/avatars/")) for s in srcs), srcs
        hrefs = [a.get_attribute("href") or "" for a in message.locator("a").all()]
        assert not [h for h in hrefs if h.startswith(("http:", "https:", "//"))], hrefs
        text = message.inner_text()
        assert "⟨U+202E⟩" in text and "\u202e" not in text
        assert f"![x]({foreign.url}/track.png)" in text  # shown as the register has it
        shot(alice, "8-hostile-data")
    finally:
        db.write(driver, flow.settings.neo4j_database, "MATCH (c {id: 'CHE-100.000.099'}) DELETE c")


def test_login_page_and_chat_load_nothing_from_other_hosts(browser: Any, flow: type[Flow]) -> None:
    ctx = browser.new_context(viewport={"width": 1200, "height": 800})
    elsewhere: list[str] = []

    def offline(route: Any) -> None:
        url = route.request.url
        if url.startswith(flow.app.url) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    ctx.route("**/*", offline)
    page = ctx.new_page()
    login(page, flow.app.url, "alice", "alice-pw")
    page.wait_for_load_state("networkidle")
    html = page.content()
    ctx.close()
    assert elsewhere == []
    assert "fonts.googleapis" not in html and "jsdelivr" not in html
