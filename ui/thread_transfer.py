"""Move every thread between databases: `shabgraph threads export FILE` / `threads import FILE`.

A thread is spread over two stores: Chainlit's tables (users, threads, steps, elements,
feedbacks; sharing is a flag in the thread's metadata) with the element files on disk, and the
agent's checkpoints. The export writes all of it as JSON lines, read from whichever store
`SHABGRAPH_DATABASE_URL` names; the import writes it into the configured one. Rows are read and
written through the schema's own tables (`ui.persistence`), whose types turn JSON text and tag
arrays into plain values on either dialect, so a row moves between SQLite and Postgres
unchanged. Checkpoints go through the savers' API and serializer (oldest first, each after its
parent), not their tables, which differ between the SQLite and the Postgres saver.

The import keeps what the target already has (`ON CONFLICT DO NOTHING`), so importing twice
changes nothing; a user who already exists there under another id keeps that id and the
imported threads are given to it.
"""

from __future__ import annotations

import base64
import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from langchain_core.runnables import RunnableConfig
from sqlalchemy import Table, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

from graph_agent.checkpoint import open_checkpointer
from shabgraph.database_url import describe, thread_store_url
from shabgraph.errors import InputError
from shabgraph.settings import Settings
from ui.paths import files_dir
from ui.persistence import build_metadata, ensure_schema
from ui.storage import LocalStorageClient

FORMAT = "shabgraph-threads"
VERSION = 1
TABLES = ("users", "threads", "steps", "elements", "feedbacks")
"""Chainlit's tables in the order rows must be written (a row after the rows it refers to)."""


def _typed(pair: tuple[str, bytes]) -> list[str]:
    """A serializer's (type, bytes) as JSON: the type and the bytes in base64."""
    return [pair[0], base64.b64encode(pair[1]).decode()]


def _untyped(item: list[str]) -> tuple[str, bytes]:
    return item[0], base64.b64decode(item[1])


def _line(kind: str, **fields: Any) -> str:
    return json.dumps({"kind": kind, **fields}, ensure_ascii=False) + "\n"


async def _rows(conn: AsyncConnection, table: Table) -> list[dict[str, Any]]:
    result = await conn.execute(select(table).order_by(*table.primary_key.columns))
    return [dict(row._mapping) for row in result]


async def export_threads(settings: Settings, file: Path) -> dict[str, int]:
    """Write every thread, element file and checkpoint of the configured store to `file`."""
    url = thread_store_url(settings)
    await ensure_schema(url)  # an app that never ran has no tables yet: export nothing
    tables = build_metadata().tables
    counts: dict[str, int] = defaultdict(int)
    storage = LocalStorageClient(files_dir(settings))
    file.parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url)
    try:
        with file.open("w", encoding="utf-8") as out:
            out.write(_line("header", format=FORMAT, version=VERSION, source=describe(settings)))
            async with engine.connect() as conn:
                for name in TABLES:
                    for row in await _rows(conn, tables[name]):
                        out.write(_line("row", table=name, row=row))
                        counts[name] += 1
                        key = row.get("objectKey") if name == "elements" else None
                        if key and storage.path_of(key).exists():
                            path = storage.path_of(key)
                            mime = path.with_name(path.name + ".mime")
                            out.write(
                                _line(
                                    "file",
                                    key=key,
                                    mime=mime.read_text() if mime.exists() else None,
                                    data=base64.b64encode(path.read_bytes()).decode(),
                                )
                            )
                            counts["files"] += 1
            async with open_checkpointer(settings) as saver:
                tuples = [t async for t in saver.alist(None)]
                for cp in sorted(tuples, key=lambda t: t.checkpoint["id"]):
                    out.write(
                        _line(
                            "checkpoint",
                            config=cp.config,
                            parent_config=cp.parent_config,
                            checkpoint=_typed(saver.serde.dumps_typed(cp.checkpoint)),
                            metadata=_typed(saver.serde.dumps_typed(cp.metadata)),
                        )
                    )
                    counts["checkpoints"] += 1
                    by_task: dict[str, list[list[Any]]] = defaultdict(list)
                    for task_id, channel, value in cp.pending_writes or []:
                        by_task[task_id].append([channel, _typed(saver.serde.dumps_typed(value))])
                    for task_id, writes in by_task.items():
                        out.write(_line("writes", config=cp.config, task_id=task_id, writes=writes))
                        counts["writes"] += len(writes)
    finally:
        await engine.dispose()
    return dict(counts)


def _records(file: Path) -> Iterator[dict[str, Any]]:
    with file.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{file}:{number} is not JSON: {exc}") from exc
            if number == 1 and (record.get("kind") != "header" or record.get("format") != FORMAT):
                raise InputError(
                    f"{file} is not a `shabgraph threads export` file",
                    hint="export it first with `shabgraph threads export FILE`",
                )
            if number == 1 and record.get("version") != VERSION:
                raise InputError(
                    f"{file} has format version {record.get('version')}, not {VERSION}"
                )
            yield record


async def _insert(conn: AsyncConnection, table: Table, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    await conn.execute(dialect.insert(table).on_conflict_do_nothing(), rows)


async def _user_ids(
    conn: AsyncConnection, users: list[dict[str, Any]], table: Table
) -> dict[str, str]:
    """Imported user id -> the id that user has in the target (theirs if it existed before)."""
    existing = {r["identifier"]: r["id"] for r in await _rows(conn, table)}
    return {u["id"]: existing.get(u["identifier"], u["id"]) for u in users}


async def import_threads(settings: Settings, file: Path) -> dict[str, int]:
    """Write an export file into the configured store; existing rows are left as they are."""
    url = thread_store_url(settings)
    await ensure_schema(url)
    tables = build_metadata().tables
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    files: list[dict[str, Any]] = []
    checkpoints: list[dict[str, Any]] = []
    writes: list[dict[str, Any]] = []
    for record in _records(file):
        kind = record.get("kind")
        if kind == "row" and record.get("table") in rows:
            rows[record["table"]].append(record["row"])
        elif kind == "file":
            files.append(record)
        elif kind == "checkpoint":
            checkpoints.append(record)
        elif kind == "writes":
            writes.append(record)
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            await _insert(conn, tables["users"], rows["users"])
            ids = await _user_ids(conn, rows["users"], tables["users"])
            for thread in rows["threads"]:
                thread["userId"] = ids.get(thread.get("userId") or "", thread.get("userId"))
            for name in TABLES[1:]:
                await _insert(conn, tables[name], rows[name])
    finally:
        await engine.dispose()
    storage = LocalStorageClient(files_dir(settings))
    for item in files:
        data = base64.b64decode(item["data"])
        path = storage.path_of(item["key"])
        if not path.exists() or path.read_bytes() != data:
            await storage.upload_file(
                item["key"], data, item.get("mime") or "application/octet-stream"
            )
    async with open_checkpointer(settings) as saver:
        for cp in checkpoints:
            checkpoint = saver.serde.loads_typed(_untyped(cp["checkpoint"]))
            metadata = saver.serde.loads_typed(_untyped(cp["metadata"]))
            first: RunnableConfig = {
                "configurable": {
                    key: cp["config"]["configurable"][key] for key in ("thread_id", "checkpoint_ns")
                }
            }
            parent: RunnableConfig = cp["parent_config"] or first
            await saver.aput(parent, checkpoint, metadata, checkpoint["channel_versions"])
        for w in writes:
            pairs = [(channel, saver.serde.loads_typed(_untyped(v))) for channel, v in w["writes"]]
            await saver.aput_writes(w["config"], pairs, w["task_id"])
    counts = {name: len(found) for name, found in rows.items()}
    counts.update(files=len(files), checkpoints=len(checkpoints))
    counts["writes"] = sum(len(w["writes"]) for w in writes)
    return counts
