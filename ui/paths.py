"""Where the chat app keeps its files: the thread store, element files and the login secret.

All of them live under `data_dir/ui/` unless configured (`Settings.database_url`, `ui_files_dir`),
so one data folder holds everything an installation has written.
"""

from __future__ import annotations

from pathlib import Path

from shabgraph import database_url
from shabgraph.settings import Settings


def ui_dir(settings: Settings) -> Path:
    """The app's own folder under data_dir (created on demand by the callers that write)."""
    return settings.data_dir / "ui"


def thread_db_url(settings: Settings) -> str:
    """The thread store's URL: from `SHABGRAPH_DATABASE_URL`, else a SQLite file in data_dir/ui/."""
    return database_url.thread_store_url(settings)


def files_dir(settings: Settings) -> Path:
    """Folder of persisted element files."""
    return settings.ui_files_dir or ui_dir(settings) / "files"
