"""A thread database that cannot be used: `up` fails with the cause, the app is not ready.

Chainlit logs an error raised by the start-up hook and serves anyway, so before this the app
and every worker answered `/health` with a database that could not be reached, and `up`
reported them ready. Now `shabgraph up` checks the database before it starts anything, and each
app process answers `GET /ready` with 503 and the cause (the supervisor's readiness check).
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from benchmarks.ui_server import free_ports, start_app
from shabgraph.project import PROJECT_ROOT
from shabgraph.settings import Settings
from tests.conftest import settings_env, test_settings
from ui.workers import port_free


def dead_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_up(url: str, workers: int, data_dir: Path) -> tuple[subprocess.CompletedProcess[str], int]:
    """`shabgraph up --no-demo --workers N` with the thread database at `url`; (result, UI port)."""
    port = free_ports(workers + 1)
    env = {
        **settings_env(test_settings()),
        "SHABGRAPH_DATA_DIR": str(data_dir),
        "SHABGRAPH_DATABASE_URL": url,
        "SHABGRAPH_UI_PORT": str(port),
        "SHABGRAPH_UI_WORKER_PORT": str(port + 1),
        "COLUMNS": "400",  # one line per message: the assertions read whole sentences
    }
    cmd = [sys.executable, "-m", "cli", "up", "--no-demo", "--workers", str(workers)]
    done = subprocess.run(
        cmd, env=env, cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120
    )
    return done, port


@pytest.mark.parametrize("workers", [1, 2])
def test_up_fails_at_once_on_an_unreachable_database(workers: int, tmp_path: Path) -> None:
    dead = dead_port()
    done, port = run_up(f"postgresql://shabgraph@127.0.0.1:{dead}/threads", workers, tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert (
        f"the thread database postgresql://shabgraph@127.0.0.1:{dead}/threads cannot be used" in out
    )
    assert f"ConnectionRefusedError: [Errno 111] Connect call failed ('127.0.0.1', {dead})" in out
    assert "check SHABGRAPH_DATABASE_URL" in out
    # before anything was started: no Neo4j, no worker, no proxy
    assert "Neo4j running" not in out and "Starting" not in out and " ready (pid" not in out
    assert all(port_free("127.0.0.1", p) for p in range(port, port + workers + 1))


@pytest.mark.postgres
def test_up_names_a_wrong_password(postgres_settings: Settings, tmp_path: Path) -> None:
    port = postgres_settings.postgres_port
    url = f"postgresql://shabgraph:not-the-password@127.0.0.1:{port}/shabgraph"
    done, _ = run_up(url, 2, tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert f"postgresql://shabgraph:***@127.0.0.1:{port}/shabgraph cannot be used" in out
    assert 'InvalidPasswordError: password authentication failed for user "shabgraph"' in out
    assert "not-the-password" not in out


@pytest.mark.slow
def test_the_app_answers_health_but_is_not_ready_without_its_database(
    neo4j_settings: Settings, tmp_path: Path
) -> None:
    dead = dead_port()
    bad = {"SHABGRAPH_DATABASE_URL": f"postgresql://shabgraph@127.0.0.1:{dead}/threads"}
    port = free_ports(2)
    broken = start_app(neo4j_settings, port, tmp_path / "broken", extra_env=bad, timeout=150)
    good = start_app(neo4j_settings, port + 1, tmp_path / "good", timeout=150)
    try:
        assert httpx.get(broken.url + "/health", timeout=10).status_code == 200
        answer = httpx.get(broken.url + "/ready", timeout=10)
        assert answer.status_code == 503
        assert answer.json() == {
            "ready": False,
            "final": True,
            "cause": "thread database: ConnectionRefusedError: "
            f"[Errno 111] Connect call failed ('127.0.0.1', {dead})",
        }
        assert httpx.get(good.url + "/ready", timeout=10).json() == {"ready": True}
    finally:
        broken.stop()
        good.stop()
