"""`ui.compat` against the installed Chainlit: each test fails if an upgrade breaks what it uses."""

from __future__ import annotations

import asyncio
import importlib
import re
import time
from pathlib import Path
from unittest.mock import Mock

import pytest

from tests.ui.conftest import chainlit_context, emitted
from ui.compat import (
    SLEEPING_MODULES,
    OwnerCachingDataLayer,
    StoredMetadataMessage,
    local_html,
    refresh_step,
    serve_local_assets,
    skip_step_sleeps,
)
from ui.persistence import create_schema
from ui.storage import LocalStorageClient


async def test_step_sleeps_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    import chainlit as cl

    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)
    for name in SLEEPING_MODULES:  # as Chainlit ships: each constructor sleeps
        monkeypatch.setattr(importlib.import_module(name), "time", time)
    async with chainlit_context():
        cl.Step(name="s", type="tool")
        cl.Message(content="m")
        # Still needed: were this 0, the patch would be dead code to remove.
        assert len(slept) == 2
        slept.clear()
        assert skip_step_sleeps() and skip_step_sleeps()  # idempotent, as startup may re-run
        cl.Step(name="s", type="tool")
        cl.Message(content="m")
    assert slept == []


async def test_refresh_step_sends_the_step_and_stores_nothing(
    data_layer: Mock, monkeypatch: pytest.MonkeyPatch
) -> None:
    import chainlit as cl
    from chainlit.config import config

    async with chainlit_context() as ctx:
        step = cl.Step(name="graph agent", type="run")
        step.output = "- route: event_history"
        await refresh_step(step)
        assert emitted(ctx, "update_message") == [step.to_dict()]
        # With the chain of thought hidden, a tool step goes out as Chainlit's stub, empty.
        monkeypatch.setattr(config.ui, "cot", "hidden")
        tool = cl.Step(name="search_companies", type="tool")
        tool.output = "records"
        await refresh_step(tool)
        stub = emitted(ctx, "update_message")[-1]
        assert stub["id"] == tool.id and stub["output"] == "" and stub["type"] == "tool"
    await asyncio.sleep(0)  # any persisting task would have run by now
    assert data_layer.method_calls == []


async def test_stored_metadata_message_keeps_its_metadata_off_the_socket(
    data_layer: Mock,
) -> None:
    async with chainlit_context() as ctx:
        msg = StoredMetadataMessage(content="answer", metadata={"turn": {"answer": "x" * 100}})
        await msg.send()
        sent = emitted(ctx, "new_message")
    await asyncio.sleep(0)  # Chainlit persists in a task
    stored = data_layer.create_step.await_args.args[0]
    assert stored["id"] == msg.id and stored["metadata"] == {"turn": {"answer": "x" * 100}}
    assert len(sent) == 1 and sent[0]["id"] == msg.id and sent[0]["output"] == "answer"
    assert sent[0]["metadata"] == {}


async def test_thread_owner_is_looked_up_once_per_thread(tmp_path: Path) -> None:
    import chainlit as cl
    from sqlalchemy import event

    url = f"sqlite+aiosqlite:///{tmp_path / 'threads.db'}"
    await create_schema(url)
    layer = OwnerCachingDataLayer(
        conninfo=url, storage_provider=LocalStorageClient(tmp_path / "files")
    )
    owner_reads: list[str] = []
    event.listen(
        layer.engine.sync_engine,
        "before_cursor_execute",
        lambda _c, _cur, sql, *_: owner_reads.append(sql) if 'SELECT "userId"' in sql else None,
    )
    async with chainlit_context(thread_id="t-1"):
        user = await layer.create_user(cl.User(identifier="alice"))
        assert user is not None
        await layer.update_thread("t-1", user_id=user.id)
        for i in range(3):
            await layer.create_element(cl.Text(name=f"n{i}", content="x", for_id="m"))
        assert len(owner_reads) == 1  # without the cache: one per element
        elements = await layer.execute_sql('SELECT "objectKey" FROM elements', {})
        assert isinstance(elements, list)
        assert all(str(e["objectKey"]).startswith(f"{user.id}/") for e in elements)
        await layer.delete_thread("t-1")
        assert "t-1" not in layer.thread_owners
    await layer.close()


def test_the_page_links_no_other_host() -> None:
    assert serve_local_assets() and serve_local_assets()  # idempotent
    from chainlit.server import get_html_template

    html = get_html_template("")
    loaded = re.findall(r'(?:href|src)="([^"]*)"', html)
    assert loaded and not [u for u in loaded if u.startswith(("http:", "https:", "//"))], loaded
    assert "fonts.googleapis" not in html and "katex" not in html
    kept = '<link rel="stylesheet" href="/public/shabgraph.css">'
    assert local_html(f'<link href="https://cdn.x/a.css" rel="stylesheet" />\n{kept}') == kept
