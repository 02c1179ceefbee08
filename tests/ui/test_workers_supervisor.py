"""The supervisor of `up --workers`: start-up order and errors, a killed worker, stopping.

Real processes, with a small stand-in program (`fake_worker.py`) in place of the Chainlit
command, so these run in seconds; the real app behind the proxy is in test_workers_app.py.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from pydantic import SecretStr

import ui.workers
from benchmarks.ui_server import free_ports
from shabgraph.errors import ConfigError
from shabgraph.settings import Settings
from ui.proxy import STICKY_COOKIE
from ui.workers import Supervisor, port_free

pytestmark = pytest.mark.unit
FAKE = Path(__file__).with_name("fake_worker.py")


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setattr(
        ui.workers, "ui_command", lambda host, port: [sys.executable, str(FAKE), host, str(port)]
    )
    port = free_ports(3)
    return Settings(
        data_dir=tmp_path,
        ui_port=port,
        ui_worker_port=port + 1,
        ui_worker_health_interval=0.2,
        ui_worker_start_timeout=20,
        ui_auth_secret=SecretStr("s" * 40),
    )


@pytest_asyncio.fixture(loop_scope="function")
async def running(settings: Settings) -> AsyncIterator[tuple[Supervisor, list[str]]]:
    lines: list[str] = []
    sup = Supervisor(settings, 2, echo=lines.append)
    try:
        await sup.start()
        yield sup, lines
    finally:
        await sup.stop()


async def ask(sup: Supervisor, worker: str) -> httpx.Response:
    url = f"http://127.0.0.1:{sup.proxy.bound_port}/who"
    async with httpx.AsyncClient(timeout=10) as http:
        return await http.get(url, headers={"Cookie": f"{STICKY_COOKIE}={worker}"})


async def wait_for(check, seconds: float = 15.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(seconds / 0.1)):
        if check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError("condition not reached")


async def test_both_workers_start_in_turn_and_answer_through_the_proxy(
    running: tuple[Supervisor, list[str]],
) -> None:
    sup, lines = running
    pids = [w.proc.pid for w in sup.workers if w.proc]
    ready = [line for line in lines if " ready (pid " in line]
    assert [r.split(" ready")[0] for r in ready] == [w.backend.name for w in sup.workers]
    assert [int((await ask(sup, str(i))).text) for i in (0, 1)] == pids
    assert f"[worker 0] fake worker on {sup.workers[0].backend.port}" in lines
    # Worker 1 was started only once worker 0 answered (worker 0 creates the schema).
    assert sup.workers[1].started > sup.workers[0].started
    env = sup.env(sup.workers[1])
    assert f"http://127.0.0.1:{sup.settings.ui_port}" in env["SHABGRAPH_UI_ALLOWED_ORIGINS"]
    assert env["CHAINLIT_APP_ROOT"] == str(sup.workers[1].app_root)


async def test_a_killed_worker_is_routed_around_and_started_again(
    running: tuple[Supervisor, list[str]],
) -> None:
    sup, lines = running
    victim = sup.workers[1]
    assert victim.proc is not None
    old_pid = victim.proc.pid
    os.kill(old_pid, signal.SIGKILL)
    await wait_for(lambda: not victim.backend.healthy)
    moved = await ask(sup, "1")
    assert int(moved.text) == sup.workers[0].proc.pid  # type: ignore[union-attr]
    assert moved.cookies[STICKY_COOKIE] == "0"
    await wait_for(lambda: victim.backend.healthy)
    assert victim.proc.pid != old_pid
    assert int((await ask(sup, "1")).text) == victim.proc.pid
    assert f"{victim.backend.name} exited (code -9): restarting in 1 s" in lines
    assert any(line.startswith(f"{victim.backend.name} is back") for line in lines)


async def test_stop_ends_every_worker(settings: Settings) -> None:
    sup = Supervisor(settings, 2, echo=lambda _: None)
    await sup.start()
    procs = [w.proc for w in sup.workers if w.proc]
    await sup.stop()
    assert [p.returncode for p in procs] == [-signal.SIGTERM, -signal.SIGTERM]
    assert all(ui.workers.port_free("127.0.0.1", w.backend.port) for w in sup.workers)
    assert ui.workers.port_free(settings.ui_host, settings.ui_port)


async def test_a_worker_that_cannot_start_is_reported_with_its_output(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_WORKER_FAIL", "cannot reach the database at db.example:5432")
    sup = Supervisor(settings, 2, echo=lambda _: None)
    with pytest.raises(ConfigError) as err:
        await sup.start()
    await sup.stop()
    assert "worker 0" in str(err.value) and "exited with code 3" in str(err.value)
    assert "cannot reach the database at db.example:5432" in str(err.value)
    assert sup.workers[1].proc is None  # never started after worker 0 failed


async def test_a_worker_without_its_database_is_not_ready_and_nothing_stays(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It serves (`/health` 200) but `/ready` says its database failed: a clear error at once,
    not after the start timeout, and no worker left running."""
    cause = "thread database: ConnectionRefusedError: Connect call failed ('127.0.0.1', 9)"
    monkeypatch.setenv("FAKE_WORKER_NOT_READY", cause)
    sup = Supervisor(settings, 2, echo=lambda _: None)
    started = asyncio.get_running_loop().time()
    with pytest.raises(ConfigError) as err:
        await sup.start()
    took = asyncio.get_running_loop().time() - started
    await sup.stop()
    assert f"worker 0 (127.0.0.1:{settings.ui_worker_port}) is not ready: {cause}" in str(err.value)
    assert took < settings.ui_worker_start_timeout / 2
    assert sup.workers[1].proc is None
    proc = sup.workers[0].proc
    assert proc is not None and proc.returncode is not None
    assert all(port_free("127.0.0.1", w.backend.port) for w in sup.workers)


async def test_a_taken_port_fails_before_anything_starts(settings: Settings) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", settings.ui_worker_port + 1))  # type: ignore[operator]
        holder.listen()
        sup = Supervisor(settings, 2, echo=lambda _: None)
        with pytest.raises(ConfigError, match=r"port \d+ on 127.0.0.1, for worker 1"):
            await sup.start()
    assert all(w.proc is None for w in sup.workers)
