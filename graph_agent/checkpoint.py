"""The checkpointer that keeps each conversation thread: SQLite by default, Postgres if set.

On Postgres (`SHABGRAPH_DATABASE_URL=postgresql://...`) the saver runs on a connection pool, so
the sessions of one app process do not queue behind a single connection, and its schema set-up
holds an advisory lock: several workers starting at once would otherwise race to create the
same tables and migration rows.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from shabgraph import database_url
from shabgraph.errors import DatabaseUnavailable
from shabgraph.settings import Settings

SETUP_LOCK = 0x5348_4247_0001
"""Advisory lock key held while the Postgres checkpointer creates or migrates its tables."""
TRY_LOCK = "SELECT pg_try_advisory_lock(%s) AS locked"


def sqlite_path(settings: Settings) -> Path:
    """Where the SQLite checkpointer lives."""
    return database_url.checkpoint_file(settings)


async def check_reachable(conninfo: str) -> None:
    """One connection first, so that a down server or a wrong password is a clear error at
    once, not a pool timeout half a minute later."""
    import psycopg

    try:
        conn = await psycopg.AsyncConnection.connect(conninfo, connect_timeout=5)
    except psycopg.OperationalError as exc:
        where = conninfo.rsplit("@", 1)[-1]
        raise DatabaseUnavailable(
            f"the checkpointer's Postgres at {where} cannot be reached: {str(exc).strip()}",
            hint="`shabgraph postgres start`, or check SHABGRAPH_DATABASE_URL",
        ) from exc
    await conn.close()


async def try_setup_lock(conn: Any) -> bool:
    """One attempt at the set-up lock that does not wait (rows are dicts on these connections)."""
    row = await (await conn.execute(TRY_LOCK, (SETUP_LOCK,))).fetchone()
    return bool(row and row["locked"])


@asynccontextmanager
async def open_postgres(conninfo: str, pool_size: int) -> AsyncIterator[BaseCheckpointSaver[Any]]:
    """An `AsyncPostgresSaver` on a pool, its tables created or migrated (idempotent)."""
    from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
    from psycopg.rows import dict_row
    from psycopg_pool import AsyncConnectionPool

    # The saver's own connection settings: autocommit (its set-up creates indexes
    # concurrently), no server-side prepared statements (poolers), rows as dicts.
    kwargs = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}
    await check_reachable(conninfo)
    pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
        conninfo, min_size=1, max_size=max(2, pool_size), kwargs=kwargs, open=False
    )
    await pool.open(wait=True, timeout=30)
    try:
        saver = AsyncPostgresSaver(pool)
        async with pool.connection() as lock:
            # Polled, not waited for: a session blocked in pg_advisory_lock() is a running
            # transaction, which the holder's CREATE INDEX CONCURRENTLY waits for, while the
            # holder's lock is on another connection: two workers' first questions deadlocked.
            while not await try_setup_lock(lock):
                await asyncio.sleep(0.2)
            try:
                await saver.setup()
            finally:
                await lock.execute("SELECT pg_advisory_unlock(%s)", (SETUP_LOCK,))
        yield saver
    finally:
        await pool.close()


@asynccontextmanager
async def open_checkpointer(
    settings: Settings, *, path: Path | None = None
) -> AsyncIterator[BaseCheckpointSaver[Any]]:
    """An open async checkpointer, closed on exit (Postgres when the database URL says so)."""
    conninfo = database_url.checkpoint_conninfo(settings)
    if conninfo:
        async with open_postgres(conninfo, settings.database_pool_size) as saver:
            yield saver
        return
    file = path or sqlite_path(settings)
    file.parent.mkdir(parents=True, exist_ok=True)
    async with AsyncSqliteSaver.from_conn_string(str(file)) as saver:
        await saver.setup()
        yield saver
