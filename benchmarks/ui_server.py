"""Start and stop the real Chainlit app for the socket.io and browser tests and the load benchmark:
one app process (`start_app`), or `shabgraph up --workers N` behind its proxy (`start_workers`).

Each app runs in a private app root under its data folder (`ui.launch.private_app_root`): its
`.files` is its own, so stopping it leaves a live app on the same checkout alone.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from shabgraph.processes import port_free
from shabgraph.project import PROJECT_ROOT
from shabgraph.settings import Settings
from ui.launch import private_app_root, ui_command, ui_env

SCRIPTED = "tests.ui.scripted_agent:create_agent"


@dataclass
class AppServer:
    """A running app process."""

    proc: subprocess.Popen[bytes]
    """The chainlit process (leader of its own process group)."""
    url: str
    """Base URL."""
    log: Path
    """Its combined output."""
    app_root: Path
    """Its private app root (config links, its own `.files`)."""

    def stop(self) -> None:
        """Terminate the app's process group (only ours) and wait for it."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


def app_env(
    settings: Settings,
    data_dir: Path,
    agent_factory: str,
    extra_env: dict[str, str] | None,
    app_root: Path,
) -> dict[str, str]:
    """The environment of a test or benchmark app: `settings`' Neo4j, threads in `data_dir`."""
    env = ui_env(
        settings,
        {
            "SHABGRAPH_DATA_DIR": str(data_dir),
            "SHABGRAPH_NEO4J_INSTANCE": settings.neo4j_instance,
            "SHABGRAPH_NEO4J_BOLT_PORT": str(settings.neo4j_bolt_port),
            "SHABGRAPH_NEO4J_HTTP_PORT": str(settings.neo4j_http_port),
            "SHABGRAPH_UI_AGENT_FACTORY": agent_factory,
            "SHABGRAPH_UI_USERS": "alice:alice-pw,bob:bob-pw",
            "SHABGRAPH_PLANNER": "offline",
            "CHAINLIT_AUTH_SECRET": "test-secret-" + "x" * 40,
            **(extra_env or {}),
        },
        app_root=app_root,
    )
    if settings.neo4j_uri:
        env["NEO4J_URI"] = settings.neo4j_uri
    else:
        env.pop("NEO4J_URI", None)
    return env


def wait_until_up(server: AppServer, timeout: float, path: str = "/project/settings") -> None:
    """Poll the app until it answers (below 500), or stop it and raise with its log's end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(f"the app exited early:\n{server.log.read_text()[-3000:]}")
        try:
            if httpx.get(server.url + path, timeout=2).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    server.stop()
    raise RuntimeError(f"the app did not answer on {server.url}:\n{server.log.read_text()[-3000:]}")


def start_app(
    settings: Settings,
    port: int,
    data_dir: Path,
    *,
    agent_factory: str = SCRIPTED,
    extra_env: dict[str, str] | None = None,
    timeout: float = 60.0,
) -> AppServer:
    """Serve the app on 127.0.0.1:`port` against `settings`' Neo4j, threads in `data_dir`."""
    data_dir.mkdir(parents=True, exist_ok=True)
    app_root = private_app_root(data_dir / f"app-root-{port}")
    env = app_env(settings, data_dir, agent_factory, extra_env, app_root)
    log = data_dir / f"app-{port}.log"
    proc = subprocess.Popen(
        ui_command("127.0.0.1", port),
        cwd=app_root,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    server = AppServer(proc=proc, url=f"http://127.0.0.1:{port}", log=log, app_root=app_root)
    wait_until_up(server, timeout)
    return server


READY = re.compile(r"worker (\d+) \(127\.0\.0\.1:(\d+)\) (?:ready|started again) \(pid (\d+)")


def free_ports(n: int) -> int:
    """The first of `n` consecutive free loopback ports (the proxy, then its workers)."""
    for _ in range(100):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            base = int(s.getsockname()[1])
        if base + n < 65535 and all(port_free("127.0.0.1", base + i) for i in range(n)):
            return base
    raise RuntimeError(f"no {n} consecutive free ports found")


@dataclass
class WorkersServer(AppServer):
    """`shabgraph up --workers N` running: the proxy's URL, the workers as it reported them."""

    def workers(self) -> dict[int, tuple[int, int]]:
        """Worker index -> (port, pid), from the start-up lines (a restart adds a line)."""
        found: dict[int, tuple[int, int]] = {}
        for m in READY.finditer(self.log.read_text(errors="replace")):
            found[int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
        return found

    def worker_url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.workers()[index][0]}"

    def stop(self) -> None:
        """SIGTERM to `shabgraph up`, which stops its workers; if it has to be killed, the
        workers it reported are killed too (by pid, only those)."""
        if self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            for _, pid in self.workers().values():
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGKILL)


def start_workers(
    settings: Settings,
    port: int,
    data_dir: Path,
    n: int,
    *,
    agent_factory: str = SCRIPTED,
    extra_env: dict[str, str] | None = None,
    timeout: float = 180.0,
) -> WorkersServer:
    """Run `shabgraph up --no-demo --workers n` with the proxy on 127.0.0.1:`port` and the
    workers on the next ports, against `settings`' Neo4j (already running), threads in
    `data_dir` (or the database `extra_env` names)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    env = app_env(
        settings,
        data_dir,
        agent_factory,
        {
            "SHABGRAPH_UI_PORT": str(port),
            "SHABGRAPH_UI_WORKER_PORT": str(port + 1),
            **(extra_env or {}),
        },
        PROJECT_ROOT,
    )
    env.pop("CHAINLIT_APP_ROOT")  # each worker gets its own under data_dir/ui/workers/
    shabgraph = Path(sys.executable).with_name("shabgraph")
    log = data_dir / f"up-{port}.log"
    proc = subprocess.Popen(
        [str(shabgraph), "up", "--no-demo", "--workers", str(n)],
        cwd=PROJECT_ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    server = WorkersServer(proc=proc, url=f"http://127.0.0.1:{port}", log=log, app_root=data_dir)
    wait_until_up(server, timeout)
    return server
