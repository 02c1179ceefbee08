"""Start and stop the real Chainlit app for the socket.io and browser tests and the load benchmark.

Each app runs in a private app root under its data folder (`ui.launch.private_app_root`): its
`.files` is its own, so stopping it leaves a live app on the same checkout alone.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

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
    log = data_dir / f"app-{port}.log"
    proc = subprocess.Popen(
        ui_command("127.0.0.1", port),
        cwd=app_root,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    server = AppServer(proc=proc, url=url, log=log, app_root=app_root)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the app exited early:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(url + "/project/settings", timeout=2).status_code < 500:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    server.stop()
    raise RuntimeError(f"the app did not answer on {url}:\n{log.read_text()[-3000:]}")
