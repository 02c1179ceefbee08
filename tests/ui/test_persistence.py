"""The thread store on SQLite and on Postgres: schema made by the app, real Chainlit objects
written and read back (each test runs on both, `db_settings`)."""

from __future__ import annotations

import asyncio
import base64
import json
from pathlib import Path

import pytest

from graph_agent.result import TurnResult
from shabgraph.database_url import thread_store_url
from shabgraph.errors import InputError
from shabgraph.settings import Settings
from tests.ui.conftest import chainlit_context
from ui.export import export_files, export_json, export_markdown
from ui.persistence import (
    chainlit_keys,
    create_schema,
    ensure_schema,
    parse_json_field,
    prepare_sqlite_folder,
)
from ui.storage import LocalStorageClient
from ui.thread_store import ThreadStore


async def make_layer(settings: Settings) -> ThreadStore:
    url = thread_store_url(settings)
    assert await create_schema(url) == ["elements", "feedbacks", "steps", "threads", "users"]
    assert await ensure_schema(url) == []  # idempotent: a second run changes nothing
    return ThreadStore(url, storage_provider=LocalStorageClient(settings.data_dir / "files"))


async def test_thread_store_skips_repeat_lookups_and_forgets_deleted_threads(
    db_settings: Settings,
) -> None:
    import chainlit as cl
    from sqlalchemy import event

    layer = await make_layer(db_settings)
    statements: list[str] = []
    event.listen(
        layer.engine.sync_engine,
        "before_cursor_execute",
        lambda _c, _cur, sql, *_: statements.append(sql),
    )
    async with chainlit_context(thread_id="t-9"):
        first = cl.Step(name="a", type="run")
        await layer.create_step(first.to_dict())
        before = len(statements)
        second = cl.Step(name="b", type="tool", parent_id=first.id)
        await layer.create_step(second.to_dict())
        # Only the step's own upsert: the thread is known, no SELECT of its metadata again.
        assert len(statements) - before == 1 and "INSERT INTO steps" in statements[-1]
        if layer.engine.dialect.name == "sqlite":
            mode = await layer.execute_sql("PRAGMA journal_mode", {})
            assert isinstance(mode, list) and mode[0]["journal_mode"] == "wal"
        await layer.delete_thread("t-9")
        assert await layer.get_thread("t-9") is None
        third = cl.Step(name="c", type="run")
        await layer.create_step(third.to_dict())  # recreates the thread row it needs
        # Writes of one tick share a transaction; a bad one (no such column) loses only itself.
        many = [cl.Step(name=f"m{i}", type="tool", parent_id=third.id) for i in range(5)]
        bad = layer.execute_sql('INSERT INTO steps ("nope") VALUES (:v)', {"v": 1})
        results = await asyncio.gather(*(layer.create_step(m.to_dict()) for m in many), bad)
        assert results[-1] is None
    thread = await layer.get_thread("t-9")
    assert thread is not None
    assert sorted(s["name"] for s in thread["steps"]) == ["c", "m0", "m1", "m2", "m3", "m4"]
    await layer.close()


async def test_every_key_chainlit_writes_has_a_column() -> None:
    import chainlit as cl

    keys = chainlit_keys()
    async with chainlit_context():
        step = cl.Step(name="s", type="tool")
        msg = cl.Message(content="hi")
        element = cl.Text(name="HR01-1", content="x", display="side", for_id="m")
        custom = cl.CustomElement(name="NetworkView", props={"nodes": []}, for_id="m")
    assert set(step.to_dict()) <= set(keys["steps"])
    assert set(msg.to_dict()) <= set(keys["steps"])
    assert set(element.to_dict()) <= set(keys["elements"])
    assert set(custom.to_dict()) <= set(keys["elements"])


async def test_thread_steps_and_elements_round_trip(
    db_settings: Settings, turn: TurnResult
) -> None:
    import chainlit as cl

    layer = await make_layer(db_settings)
    async with chainlit_context(thread_id="t-1"):
        user = await layer.create_user(cl.User(identifier="alice"))
        assert user is not None
        await layer.update_thread(
            "t-1", name="Muster", user_id=user.id, metadata={"focus": {"id": "x"}}
        )
        question = cl.Message(content="Who runs Muster Holding AG?", type="user_message")
        await layer.create_step(question.to_dict())
        parent = cl.Step(name="graph agent", type="run")
        parent.output = "2 tool calls"
        await layer.create_step(parent.to_dict())
        tool = cl.Step(name="search_companies · round 1", type="tool", parent_id=parent.id)
        tool.input, tool.output = '{"name": "Muster"}', "```cypher\nMATCH (c) RETURN c\n```"
        await layer.create_step(tool.to_dict())
        answer = cl.Message(
            content=turn.answer, metadata={"turn": turn.model_dump(mode="json"), "notices": {}}
        )
        await layer.create_step(answer.to_dict())
        text = cl.Text(
            name="HR01-1000000001",
            content="notice text",
            display="side",
            for_id=answer.id,
            mime="text/markdown",
        )
        await layer.create_element(text)
        net = cl.CustomElement(name="NetworkView", props={"nodes": [{"id": "a"}]}, for_id=answer.id)
        await layer.create_element(net)
    thread = await layer.get_thread("t-1")
    assert thread is not None and thread["userIdentifier"] == "alice" and thread["name"] == "Muster"
    by_name = {s["name"]: s for s in thread["steps"]}
    assert by_name["search_companies · round 1"]["parentId"] == parent.id
    assert "MATCH (c) RETURN c" in by_name["search_companies · round 1"]["output"]
    meta = parse_json_field(next(s for s in thread["steps"] if s["id"] == answer.id)["metadata"])
    assert TurnResult.model_validate(meta["turn"]) == turn
    elements = {e["name"]: e for e in thread["elements"] or []}
    url = elements["HR01-1000000001"]["url"]
    assert url.startswith("data:text/markdown;base64,")
    assert base64.b64decode(url.split(",", 1)[1]) == b"notice text"
    assert json.loads(elements["NetworkView"]["props"]) == {"nodes": [{"id": "a"}]}
    # Sharing flips thread metadata; the layer merges, it must not lose the focus key.
    await layer.update_thread("t-1", metadata={"is_shared": True})
    shared = await layer.get_thread("t-1")
    assert shared is not None
    assert parse_json_field(shared["metadata"]) == {"focus": {"id": "x"}, "is_shared": True}
    await layer.close()


async def test_export_rebuilds_the_audit_file_from_the_store(
    db_settings: Settings, turn: TurnResult
) -> None:
    import chainlit as cl

    layer = await make_layer(db_settings)
    async with chainlit_context(thread_id="t-2"):
        user = await layer.create_user(cl.User(identifier="alice"))
        assert user is not None
        await layer.update_thread("t-2", name="Export me", user_id=user.id)
        await layer.create_step(cl.Message(content="Who runs it?", type="user_message").to_dict())
        notice = {
            "pub_number": "HR01-1000000001",
            "pub_date": "2019-03-05",
            "text": "Neueintragung.",
        }
        await layer.create_step(
            cl.Message(
                content=turn.answer,
                metadata={
                    "turn": turn.model_dump(mode="json"),
                    "notices": {"HR01-1000000001": notice},
                },
            ).to_dict()
        )
    thread = await layer.get_thread("t-2")
    assert thread is not None
    data = export_json(dict(thread))
    assert data["owner"] == "alice" and len(data["turns"]) == 1
    assert data["turns"][0]["question"] == "Who runs it?"
    md = export_markdown(dict(thread))
    for expected in (
        "# Investigation: Export me",
        "## 1. Who runs it?",
        turn.answer,
        "#### search_companies · round 1",
        "```cypher",
        "| CHE-100.000.001 |",
        "### Cited notices",
        "### HR01-1000000001",
        "Neueintragung.",
    ):
        assert expected in md
    files = export_files(dict(thread))
    assert sorted(n.rsplit(".", 1)[1] for n in files) == ["json", "md"]
    assert json.loads(files[next(n for n in files if n.endswith(".json"))])["thread_id"] == "t-2"
    await layer.close()


async def test_storage_keeps_files_inside_its_folder(tmp_path: Path) -> None:
    store = LocalStorageClient(tmp_path)
    out = await store.upload_file("u/e/notice.txt", "hello", mime="text/plain")
    assert out["url"] == "data:text/plain;base64,aGVsbG8="
    assert await store.delete_file("u/e/notice.txt") is True
    assert await store.delete_file("u/e/notice.txt") is False
    with pytest.raises(InputError, match="leaves the storage folder"):
        await store.upload_file("../../etc/x", b"no")


async def test_an_older_schema_is_migrated_once(db_settings: Settings) -> None:
    """A database made by an older Chainlit (a steps table without some columns, no indexes)
    gets the missing columns and indexes at start-up; its rows stay; a second run does nothing."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    url = thread_store_url(db_settings)
    prepare_sqlite_folder(url)
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.execute(
            text('CREATE TABLE steps (id TEXT PRIMARY KEY, name TEXT, "threadId" TEXT)')
        )
        await conn.execute(text("INSERT INTO steps (id, name) VALUES ('s-old', 'kept')"))
    made = await ensure_schema(url)
    assert "column steps.output" in made and "column steps.metadata" in made
    assert "column steps.id" not in made and "column steps.name" not in made
    assert "index ix_steps_threadid" in made
    assert {m for m in made if m.startswith("table ")} == {
        "table elements",
        "table feedbacks",
        "table threads",
        "table users",
    }
    assert await ensure_schema(url) == []
    async with engine.connect() as conn:
        row = (await conn.execute(text("SELECT name, output FROM steps WHERE id = 's-old'"))).one()
    await engine.dispose()
    assert tuple(row) == ("kept", None)
