"""Chainlit's SQL data layer, made cheaper per answer.

The stock `SQLAlchemyDataLayer` re-reads the thread before every step it writes (to create the
thread on first use) and looks the thread's owner up before every element; an answer writes a
dozen steps and elements, so most of its statements were those lookups. This subclass remembers
the threads it has seen and, through `ui.compat.OwnerCachingDataLayer` (a private override),
their owners: neither changes once written, except by deleting the thread. It also puts SQLite in
WAL mode with `synchronous=NORMAL` so a commit does not fsync, and writes the upserts that arrive
in the same loop tick (an answer's steps and elements, sent as tasks) in one transaction instead
of one session each.

Feedback is checked here, where it is written: Chainlit's feedback routes let any logged-in
user write or delete feedback on any message (issue 17, finding 6). Only the owner of the
thread a message belongs to may; the thread id is taken from the message, not the request.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from chainlit.data.storage_clients.base import BaseStorageClient
from chainlit.types import Feedback
from sqlalchemy import event, text

from ui.compat import OwnerCachingDataLayer
from ui.request_guard import current_request

log = logging.getLogger("shabgraph.ui")

# WAL lets the readers (resume, list, export) run beside the writer; NORMAL keeps the database
# consistent on a crash and only risks the last commits on power loss, fine for chat history.
SQLITE_PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL")


def set_sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """Run the pragmas on each new SQLite connection of the pool."""
    cursor = dbapi_conn.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


class FeedbackRefused(PermissionError):
    """Feedback by someone other than the owner of the message's thread."""


STEP_OWNER = """SELECT s."threadId" AS thread_id, t."userIdentifier" AS owner
FROM steps s JOIN threads t ON t.id = s."threadId" WHERE s.id = :step_id"""
FEEDBACK_STEP = """SELECT "forId" AS step_id FROM feedbacks WHERE id = :feedback_id"""


class ThreadStore(OwnerCachingDataLayer):
    """The SQL data layer with the per-step thread and owner lookups cached, writes batched."""

    def __init__(self, conninfo: str, storage_provider: BaseStorageClient | None = None) -> None:
        super().__init__(conninfo=conninfo, storage_provider=storage_provider)
        self.known_threads: set[str] = set()
        self.pending: list[tuple[str, dict[str, Any], asyncio.Future[Any]]] = []
        self.flusher: asyncio.Task[None] | None = None
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

    async def delete_thread(self, thread_id: str) -> None:
        await super().delete_thread(thread_id)
        self.known_threads.discard(thread_id)

    async def feedback_thread(self, step_id: str) -> str:
        """The thread of the message `step_id`, if the requesting user owns it; else refused."""
        info = current_request.get()
        user = info.user if info else None
        rows = await super().execute_sql(STEP_OWNER, {"step_id": step_id})
        row = rows[0] if isinstance(rows, list) and rows else None
        if not user or row is None or row["owner"] != user:
            log.warning("feedback on step %s by %r refused (not its owner)", step_id, user)
            reason = "feedback is only for messages of your own threads"
            if info:
                info.refused = reason
            raise FeedbackRefused(reason)
        return str(row["thread_id"])

    async def upsert_feedback(self, feedback: Feedback) -> str:
        feedback.threadId = await self.feedback_thread(feedback.forId)
        if feedback.id:  # an existing feedback row must be the user's too
            rows = await super().execute_sql(FEEDBACK_STEP, {"feedback_id": feedback.id})
            if isinstance(rows, list) and rows and rows[0]["step_id"] != feedback.forId:
                await self.feedback_thread(str(rows[0]["step_id"]))
        return str(await super().upsert_feedback(feedback))

    async def delete_feedback(self, feedback_id: str) -> bool:
        rows = await super().execute_sql(FEEDBACK_STEP, {"feedback_id": feedback_id})
        if not (isinstance(rows, list) and rows):
            return False
        await self.feedback_thread(str(rows[0]["step_id"]))
        return bool(await super().delete_feedback(feedback_id))

    async def execute_sql(self, query: str, parameters: dict[str, Any]) -> Any:
        if not query.lstrip().upper().startswith("INSERT"):
            return await super().execute_sql(query, parameters)
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending.append((query, parameters, done))
        if self.flusher is None or self.flusher.done():
            self.flusher = asyncio.create_task(self.flush())
        return await done

    async def flush(self) -> None:
        """Write the queued upserts, one transaction per batch; callers wait for the commit."""
        await asyncio.sleep(0)  # let the other writes of this tick join the batch
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                async with self.async_session() as session, session.begin():
                    counts = [(await session.execute(text(q), p)).rowcount for q, p, _ in batch]
            except Exception as exc:  # as the stock layer: never let a write error escape
                # One bad statement must not lose the others: retry each on its own, as stock.
                log.warning("batched thread-store write failed, retrying one by one: %s", exc)
                counts = []
                for q, p, _ in batch:  # a loop: zero-argument super() fails in a comprehension
                    counts.append(await super().execute_sql(q, p))
            for (_, _, done), count in zip(batch, counts, strict=True):
                if not done.done():
                    done.set_result(count)
