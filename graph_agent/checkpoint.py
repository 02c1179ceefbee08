"""The checkpointer that keeps each conversation thread: SQLite by default, Postgres if set."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from shabgraph.errors import ConfigError
from shabgraph.settings import Settings

SQLITE_FILE = "agent-checkpoints.sqlite"
"""File name of the SQLite checkpointer in `settings.data_dir`."""


def sqlite_path(settings: Settings) -> Path:
    """Where the SQLite checkpointer lives."""
    return settings.data_dir / SQLITE_FILE


@asynccontextmanager
async def open_checkpointer(
    settings: Settings, *, path: Path | None = None
) -> AsyncIterator[BaseCheckpointSaver[Any]]:
    """An open async checkpointer, closed on exit (Postgres when `checkpoint_url` is set)."""
    url = settings.checkpoint_url
    if url and url.startswith(("postgres://", "postgresql://")):
        try:
            from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
        except ImportError as exc:
            raise ConfigError(
                "SHABGRAPH_CHECKPOINT_URL points at Postgres but the Postgres "
                "checkpointer is not installed",
                hint="pip install 'shabgraph[postgres]'",
            ) from exc
        async with AsyncPostgresSaver.from_conn_string(url) as saver:
            await saver.setup()
            yield saver
        return
    if url:
        raise ConfigError(
            f"unsupported SHABGRAPH_CHECKPOINT_URL scheme: {url.split(':')[0]}",
            hint="use postgresql://... or leave it unset for SQLite",
        )
    file = path or sqlite_path(settings)
    file.parent.mkdir(parents=True, exist_ok=True)
    async with AsyncSqliteSaver.from_conn_string(str(file)) as saver:
        await saver.setup()
        yield saver
