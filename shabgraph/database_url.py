"""Where threads, sharing and the agent's memory live: one setting, two drivers.

`SHABGRAPH_DATABASE_URL` names one database for both stores. Chainlit's SQL data layer needs
an async SQLAlchemy URL (`postgresql+asyncpg://`, `sqlite+aiosqlite://`); LangGraph's Postgres
checkpointer needs a libpq URL (`postgresql://`) and its SQLite one a file. This module turns the
one URL into each, and fills in the generated password when the URL points at the managed
Postgres without one, so the setting never has to carry a secret for the local server.
Unset, both stay in their SQLite files in `data_dir` (the default).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from shabgraph import postgres_cluster
from shabgraph.errors import ConfigError
from shabgraph.settings import Settings

THREADS_FILE = Path("ui") / "threads.db"
"""Default thread store, under data_dir."""
CHECKPOINTS_FILE = "agent-checkpoints.sqlite"
"""Default checkpointer file, under data_dir."""
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def _parsed(settings: Settings) -> URL | None:
    raw = settings.database_url
    if not raw:
        return None
    try:
        parsed = make_url(raw)
    except ArgumentError as exc:
        raise ConfigError(
            f"SHABGRAPH_DATABASE_URL is not a database URL: {exc}",
            hint="use postgresql://user@host:port/db or sqlite:///path/to/file.db",
        ) from exc
    if parsed.get_backend_name() not in ("postgresql", "sqlite"):
        raise ConfigError(
            f"unsupported SHABGRAPH_DATABASE_URL scheme: {parsed.drivername}",
            hint="use postgresql://... or sqlite:///..., or leave it unset for SQLite",
        )
    return parsed


def backend(settings: Settings) -> Literal["postgresql", "sqlite"]:
    """Which database keeps threads and checkpoints."""
    parsed = _parsed(settings)
    return "postgresql" if parsed and parsed.get_backend_name() == "postgresql" else "sqlite"


def _is_managed(settings: Settings, parsed: URL) -> bool:
    return parsed.host in LOOPBACK and (parsed.port or 5432) == settings.postgres_port


def points_at_managed(settings: Settings) -> bool:
    """True when the database URL names the managed Postgres (loopback, its port)."""
    parsed = _parsed(settings)
    return bool(
        parsed and parsed.get_backend_name() == "postgresql" and _is_managed(settings, parsed)
    )


def _with_password(settings: Settings, parsed: URL) -> URL:
    """The URL with the managed instance's password when it points there without one."""
    if parsed.password is None and _is_managed(settings, parsed):
        secret = postgres_cluster.password(settings)
        if secret:
            parsed = parsed.set(password=secret)
    return parsed


def _postgres(settings: Settings, driver: str) -> str:
    parsed = _parsed(settings)
    assert parsed is not None and parsed.get_backend_name() == "postgresql"
    filled = _with_password(settings, parsed).set(drivername=driver)
    return filled.render_as_string(hide_password=False)


def _sqlite_file(settings: Settings) -> Path | None:
    """The one SQLite file of a `sqlite:///` URL; None when the setting is unset."""
    parsed = _parsed(settings)
    if parsed is None:
        return None
    if not parsed.database or parsed.database == ":memory:":
        raise ConfigError(
            "SHABGRAPH_DATABASE_URL must name a SQLite file (sqlite:///path/to/file.db)",
            hint="an in-memory database would lose every thread at exit",
        )
    return Path(parsed.database)


def thread_store_url(settings: Settings) -> str:
    """The async SQLAlchemy URL of Chainlit's data layer."""
    if backend(settings) == "postgresql":
        return _postgres(settings, "postgresql+asyncpg")
    file = _sqlite_file(settings) or settings.data_dir / THREADS_FILE
    return f"sqlite+aiosqlite:///{file}"


def checkpoint_conninfo(settings: Settings) -> str | None:
    """The libpq URL of the Postgres checkpointer; None when checkpoints go to SQLite."""
    if backend(settings) == "postgresql":
        return _postgres(settings, "postgresql")
    return None


def checkpoint_file(settings: Settings) -> Path:
    """The SQLite checkpointer's file (the URL's file when one is set: both stores share it)."""
    return _sqlite_file(settings) or settings.data_dir / CHECKPOINTS_FILE


def describe(settings: Settings) -> str:
    """Where the stores are, password hidden (for logs and CLI output)."""
    if backend(settings) == "postgresql":
        parsed = _parsed(settings)
        assert parsed is not None
        return parsed.set(drivername="postgresql").render_as_string(hide_password=True)
    one = _sqlite_file(settings)
    if one:
        return f"SQLite ({one})"
    return f"SQLite ({settings.data_dir / THREADS_FILE}, {settings.data_dir / CHECKPOINTS_FILE})"
