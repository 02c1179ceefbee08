"""`threads export` / `threads import`: SQLite threads, with every part, moved without loss.

The source is the default SQLite store; the target is SQLite or the real Postgres
(`db_settings`). A thread with a question, a run step, a tool step, an answer with metadata, a
notice file, a network element, feedback and a share, and the agent's checkpoints (from a real
LangGraph graph, with a pending write) goes across; every row, file and checkpoint is compared.
"""

from __future__ import annotations

import operator
from pathlib import Path
from typing import Annotated, Any, TypedDict

import pytest
from langgraph.graph import END, START, StateGraph
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine

from graph_agent.checkpoint import open_checkpointer
from shabgraph.database_url import thread_store_url
from shabgraph.errors import InputError
from shabgraph.settings import Settings
from tests.ui.conftest import chainlit_context
from ui.persistence import build_metadata, create_schema
from ui.request_guard import RequestInfo, current_request
from ui.storage import LocalStorageClient
from ui.thread_store import ThreadStore
from ui.thread_transfer import TABLES, export_threads, import_threads

NOTICE = "Neueintragung. Fiktive Muster AG, Beispielstadt."


class Memory(TypedDict):
    questions: Annotated[list[str], operator.add]


def remember(state: Memory) -> dict[str, list[str]]:
    return {"questions": [f"answered {len(state['questions'])}"]}


async def fill_source(settings: Settings) -> tuple[str, str]:
    """Two users' threads in the SQLite store and the checkpointer; (alice's, bob's) thread."""
    import chainlit as cl

    url = thread_store_url(settings)
    await create_schema(url)
    layer = ThreadStore(
        url, storage_provider=LocalStorageClient(settings.data_dir / "ui" / "files")
    )
    async with chainlit_context(thread_id="t-a"):
        alice = await layer.create_user(cl.User(identifier="alice", metadata={"role": "analyst"}))
        bob = await layer.create_user(cl.User(identifier="bob"))
        assert alice and bob
        await layer.update_thread("t-a", name="Fiktive Muster", user_id=alice.id)
        question = cl.Message(content="Wer führt die Fiktive Muster AG?", type="user_message")
        await layer.create_step(question.to_dict())
        run = cl.Step(name="graph agent", type="run")
        run.output = "2 tool calls"
        await layer.create_step(run.to_dict())
        tool = cl.Step(name="search_companies · round 1", type="tool", parent_id=run.id)
        tool.input, tool.output = '{"name": "Muster"}', "```cypher\nMATCH (c) RETURN c\n```"
        await layer.create_step(tool.to_dict())
        answer = cl.Message(content="Erika Beispiel.", metadata={"turn": {"rounds": 2}})
        await layer.create_step(answer.to_dict())
        await layer.create_element(
            cl.Text(name="HR01-1", content=NOTICE, display="side", for_id=answer.id)
        )
        await layer.create_element(
            cl.CustomElement(name="NetworkView", props={"nodes": [{"id": "a"}]}, for_id=answer.id)
        )
        token = current_request.set(RequestInfo(client="127.0.0.1", user="alice"))
        try:
            await layer.upsert_feedback(
                cl.types.Feedback(forId=answer.id, value=1, comment="stimmt")
            )
        finally:
            current_request.reset(token)
        await layer.update_thread("t-a", metadata={"is_shared": True})
    async with chainlit_context(thread_id="t-b"):
        await layer.update_thread("t-b", name="Bobs", user_id=bob.id)
        await layer.create_step(cl.Message(content="Und bob?", type="user_message").to_dict())
    await layer.close()
    graph = StateGraph(Memory).add_node("remember", remember)
    graph.add_edge(START, "remember").add_edge("remember", END)
    async with open_checkpointer(settings) as saver:
        agent = graph.compile(checkpointer=saver)
        for thread in ("t-a", "t-a", "t-b"):
            await agent.ainvoke({"questions": ["q"]}, {"configurable": {"thread_id": thread}})
        latest = await saver.aget_tuple({"configurable": {"thread_id": "t-a"}})
        assert latest is not None
        await saver.aput_writes(latest.config, [("questions", ["pending"])], "task-1")
    return "t-a", "t-b"


async def table_rows(settings: Settings) -> dict[str, list[dict[str, Any]]]:
    tables = build_metadata().tables
    engine = create_async_engine(thread_store_url(settings))
    try:
        async with engine.connect() as conn:
            return {
                name: [
                    dict(r._mapping)
                    for r in await conn.execute(select(tables[name]).order_by(tables[name].c.id))
                ]
                for name in TABLES
            }
    finally:
        await engine.dispose()


async def checkpoints(settings: Settings) -> list[tuple[Any, ...]]:
    async with open_checkpointer(settings) as saver:
        found = [
            (t.config, t.parent_config, t.checkpoint, t.metadata, t.pending_writes)
            async for t in saver.alist(None)
        ]
    return sorted(found, key=lambda t: t[2]["id"])


async def test_threads_move_without_loss(db_settings: Settings, tmp_path: Path) -> None:
    source = db_settings.model_copy(update={"data_dir": tmp_path / "src", "database_url": None})
    target = db_settings.model_copy(update={"data_dir": tmp_path / "dst"})
    alice_thread, bob_thread = await fill_source(source)
    # Bob already uses the target, under another id: his imported thread goes to that id.
    await create_schema(thread_store_url(target))
    import chainlit as cl

    layer = ThreadStore(thread_store_url(target))
    bob_there = await layer.create_user(cl.User(identifier="bob"))
    await layer.close()
    assert bob_there is not None

    dump = tmp_path / "threads.jsonl"
    counts = await export_threads(source, dump)
    assert counts == {
        "users": 2,
        "threads": 2,
        "steps": 5,
        "elements": 2,
        "files": 2,  # the notice text and the network view's props
        "feedbacks": 1,
        "checkpoints": 9,  # three runs, three checkpoints each (input, node, end)
        "writes": 10,  # three per run (the input's and the node's), plus the pending one
    }
    assert (await import_threads(target, dump))["steps"] == 5

    before, after = await table_rows(source), await table_rows(target)
    source_bob = next(u for u in before["users"] if u["identifier"] == "bob")
    assert sorted(u["identifier"] for u in after["users"]) == ["alice", "bob"]
    for row in before["threads"]:
        if row["userId"] == source_bob["id"]:
            row["userId"] = bob_there.id
    for name in ("threads", "steps", "elements", "feedbacks"):
        assert after[name] == before[name], name
    alice = next(u for u in after["users"] if u["identifier"] == "alice")
    assert alice == next(u for u in before["users"] if u["identifier"] == "alice")
    assert alice["metadata"] == {"role": "analyst"}
    shared = next(t for t in after["threads"] if t["id"] == alice_thread)
    assert shared["metadata"]["is_shared"] is True
    assert next(t for t in after["threads"] if t["id"] == bob_thread)["userId"] == bob_there.id
    (notice,) = [e for e in after["elements"] if e["name"] == "HR01-1"]
    files = LocalStorageClient(target.data_dir / "ui" / "files")
    assert files.path_of(notice["objectKey"]).read_text() == NOTICE
    (network,) = [e for e in after["elements"] if e["name"] == "NetworkView"]
    assert network["props"] == {"nodes": [{"id": "a"}]}
    assert after["feedbacks"][0]["comment"] == "stimmt"

    moved = await checkpoints(target)
    assert moved == await checkpoints(source)
    assert moved[-1][2]["channel_values"]["questions"] == ["q", "answered 1"]  # t-b's last
    latest_a = max(
        (c for c in moved if c[0]["configurable"]["thread_id"] == alice_thread),
        key=lambda c: c[2]["id"],
    )
    assert latest_a[2]["channel_values"]["questions"] == ["q", "answered 1", "q", "answered 3"]
    assert latest_a[4] == [("task-1", "questions", ["pending"])]

    # Importing again changes nothing.
    await import_threads(target, dump)
    assert await table_rows(target) == after
    assert await checkpoints(target) == moved


async def test_import_refuses_a_file_that_is_not_an_export(
    db_settings: Settings, tmp_path: Path
) -> None:
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"kind": "row", "table": "users", "row": {}}\n')
    with pytest.raises(InputError, match="is not a `shabgraph threads export` file"):
        await import_threads(db_settings, bad)
