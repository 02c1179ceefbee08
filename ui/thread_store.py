"""Chainlit's SQL data layer, made cheaper per answer.

The stock `SQLAlchemyDataLayer` re-reads the thread before every step it writes (to create the
thread on first use) and looks the thread's owner up before every element; an answer writes a
dozen steps and elements, so most of its statements were those lookups. This subclass remembers
threads it has seen and their owners (neither changes once written, except by deleting the
thread), and puts SQLite in WAL mode with `synchronous=NORMAL` so a commit does not fsync.
"""

from __future__ import annotations

from typing import Any

from chainlit.data.sql_alchemy import SQLAlchemyDataLayer
from chainlit.data.storage_clients.base import BaseStorageClient
from sqlalchemy import event

# WAL lets the readers (resume, list, export) run beside the writer; NORMAL keeps the database
# consistent on a crash and only risks the last commits on power loss, fine for chat history.
SQLITE_PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL")


def set_sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """Run the pragmas on each new SQLite connection of the pool."""
    cursor = dbapi_conn.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


class ThreadStore(SQLAlchemyDataLayer):
    """The SQL data layer with the per-step thread and owner lookups cached."""

    def __init__(self, conninfo: str, storage_provider: BaseStorageClient | None = None) -> None:
        super().__init__(conninfo=conninfo, storage_provider=storage_provider)
        self.known_threads: set[str] = set()
        self.thread_owners: dict[str, str] = {}
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine.sync_engine, "connect", set_sqlite_pragmas)

    async def update_thread(
        self,
        thread_id: str,
        name: str | None = None,
        user_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        tags: list[str] | None = None,
    ) -> None:
        # Called bare before every step write only to make sure the thread row exists.
        bare = name is None and user_id is None and metadata is None and tags is None
        if bare and thread_id in self.known_threads:
            return
        await super().update_thread(thread_id, name, user_id, metadata, tags)
        self.known_threads.add(thread_id)

    async def _get_user_id_by_thread(self, thread_id: str) -> str | None:
        owner = self.thread_owners.get(thread_id)
        if owner is None:
            owner = await super()._get_user_id_by_thread(thread_id)
            if owner:
                self.thread_owners[thread_id] = owner
        return owner

    async def delete_thread(self, thread_id: str) -> None:
        await super().delete_thread(thread_id)
        self.known_threads.discard(thread_id)
        self.thread_owners.pop(thread_id, None)
