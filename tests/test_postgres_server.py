"""The managed Postgres: initdb once, start idempotent, loopback only, password asked, stop by pid.

A throwaway instance of its own (port = the test port + 100), so the session's test instance,
which the thread-store tests use, is never stopped here.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from shabgraph import database_url, postgres_server
from shabgraph.errors import ConfigError, ServerError
from shabgraph.settings import Settings
from tests.conftest import REPO, settings_env


@pytest.fixture
def own(postgres_settings: Settings) -> Iterator[Settings]:
    """A second managed instance, stopped and removed afterwards."""
    settings = postgres_settings.model_copy(
        update={
            "postgres_instance": postgres_settings.postgres_instance + "-own",
            "postgres_port": postgres_settings.postgres_port + 100,
        }
    )
    yield settings
    postgres_server.stop(settings)
    subprocess.run(["rm", "-rf", str(settings.postgres_dir)], check=True)


@pytest.mark.postgres
def test_start_is_idempotent_and_stop_is_by_pid(own: Settings) -> None:
    assert postgres_server.status(own).running is False
    first = postgres_server.start(own)
    assert first.running and first.initialized and first.pid
    again = postgres_server.start(own)
    assert again.pid == first.pid  # already running: nothing started
    moved = own.model_copy(update={"postgres_port": own.postgres_port + 1})
    with pytest.raises(ServerError, match="already runs, on another port"):
        postgres_server.start(moved)
    assert first.url == f"postgresql://shabgraph@127.0.0.1:{own.postgres_port}/shabgraph"
    # The app's URL needs no password for the managed server: it is read from the folder.
    app = own.model_copy(update={"database_url": first.url})
    with psycopg.connect(database_url.checkpoint_conninfo(app) or "") as conn:
        row = conn.execute("SELECT current_database(), inet_server_addr()::text").fetchone()
    assert row == ("shabgraph", "127.0.0.1/32")
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(first.url.replace("shabgraph@", "shabgraph:wrong@"), connect_timeout=5)
    assert (own.postgres_dir / "password").stat().st_mode & 0o777 == 0o600
    assert postgres_server.stop(own) is True
    assert postgres_server.status(own).running is False
    assert postgres_server.stop(own) is False
    # A restart finds the cluster and its data.
    assert postgres_server.start(own).pid != first.pid


@pytest.mark.postgres
def test_a_busy_port_is_a_clear_error(own: Settings, postgres_settings: Settings) -> None:
    busy = own.model_copy(update={"postgres_port": postgres_settings.postgres_port})
    with pytest.raises(ServerError, match=f"port {postgres_settings.postgres_port} .* in use"):
        postgres_server.start(busy)


@pytest.mark.postgres
def test_a_folder_the_server_user_cannot_reach_is_a_clear_error(
    postgres_settings: Settings, tmp_path: Path
) -> None:
    if os.geteuid() != 0:
        pytest.skip("only as root does the server run as another user")
    tmp_path.chmod(0o700)
    closed = postgres_settings.model_copy(
        update={
            "postgres_home": tmp_path / "pg",
            "postgres_port": postgres_settings.postgres_port + 101,
        }
    )
    with pytest.raises(ServerError, match="is closed to other users") as refused:
        postgres_server.start(closed)
    folder = Path(str(refused.value).split(" is closed", 1)[0])
    assert folder in (tmp_path, *tmp_path.parents) and folder.stat().st_mode & 0o001 == 0
    assert not (tmp_path / "pg").exists()  # refused before anything was made


@pytest.mark.postgres
def test_the_cli_starts_reports_and_stops(own: Settings) -> None:
    env = settings_env(own) | {"SHABGRAPH_POSTGRES_HOME": str(own.postgres_home)}
    shabgraph = str(Path(REPO) / ".venv" / "bin" / "shabgraph")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [shabgraph, "postgres", *args], env=env, capture_output=True, text=True
        )

    started = run("start")
    assert started.returncode == 0, started.stderr
    assert started.stdout.strip() == (
        f"SHABGRAPH_DATABASE_URL=postgresql://shabgraph@127.0.0.1:{own.postgres_port}/shabgraph"
    )
    assert "already running" in run("start").stderr
    assert run("status").returncode == 0
    assert "Postgres stopped." in run("stop").stderr
    assert run("status").returncode == 1


def test_database_url_forms() -> None:
    pg = Settings(database_url="postgresql://u:p@db.example:5432/threads")
    assert database_url.backend(pg) == "postgresql"
    assert database_url.thread_store_url(pg) == "postgresql+asyncpg://u:p@db.example:5432/threads"
    assert database_url.checkpoint_conninfo(pg) == "postgresql://u:p@db.example:5432/threads"
    assert database_url.describe(pg) == "postgresql://u:***@db.example:5432/threads"
    assert database_url.points_at_managed(pg) is False
    local = Settings(database_url="postgresql://shabgraph@127.0.0.1:55999/x", postgres_port=55999)
    assert database_url.points_at_managed(local) is True
    one = Settings(database_url="sqlite:////srv/sg/all.db")
    assert database_url.thread_store_url(one) == "sqlite+aiosqlite:////srv/sg/all.db"
    assert database_url.checkpoint_file(one) == Path("/srv/sg/all.db")
    assert database_url.checkpoint_conninfo(one) is None
    default = Settings(database_url=None, data_dir=Path("/d"))
    assert database_url.thread_store_url(default) == "sqlite+aiosqlite:////d/ui/threads.db"
    assert database_url.checkpoint_file(default) == Path("/d/agent-checkpoints.sqlite")
    with pytest.raises(ConfigError, match="unsupported SHABGRAPH_DATABASE_URL scheme: mysql"):
        database_url.backend(Settings(database_url="mysql://x/y"))
