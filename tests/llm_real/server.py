"""One `llama-server` process on 127.0.0.1: started on a free port, awaited, stopped by its pid.

The command is the one the issue measured: `llama-server -m MODEL --host 127.0.0.1 --port P
--jinja -c 8192 -t 2` (plus `--alias`, so the API names the model; `-t` see THREADS). Its log goes to a file in the
cache's run folder; `requests_started` counts the requests it began, which is how a test knows a
turn's call is in flight before it kills the server. A state file per port lets the CLI's `stop`
and `status` find a server started by an earlier command, and the pid is only signalled while
its command line is still that server's (a reused pid is left alone).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

from tests.llm_real.artifacts import MODEL_NAME, Layout, RigError, cache_root

HOST = "127.0.0.1"
CONTEXT = 8192
THREADS = 2
"""`-t` of the issue's command; SHABGRAPH_LLM_RIG_THREADS overrides it. On 2 cores that other
processes keep busy, `-t 1` generated 4-9x faster here (two threads wait on each other)."""
START_TIMEOUT_S = 180.0
"""Seconds to wait for /health: loading the 0.5 GB model takes a few seconds, more under load."""
SLOTS_ENV = "SHABGRAPH_LLM_RIG_SLOTS"
"""`-np` (parallel slots) when set; unset, the server's own choice (4 slots, unified KV, each with
its own cached prompt prefix: the router's, the act step's and the phrasing's stay cached)."""
CONTEXT_ENV = "SHABGRAPH_LLM_RIG_CONTEXT"
"""`-c` when set (the KV pool all slots share), default CONTEXT."""
STARTED_MARK = "processing task"
"""What the server logs when a slot starts a request."""


def free_port() -> int:
    """A port nothing listens on now (the kernel's choice on 127.0.0.1)."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A started server: where it listens, its pid, its log."""

    pid: int
    port: int
    model: str
    log: str
    started_at: float

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL (what `SHABGRAPH_LLM_BASE_URL` takes)."""
        return f"http://{HOST}:{self.port}/v1"

    def alive(self) -> bool:
        """True while the pid is this llama-server (not a zombie, not a reused pid)."""
        try:
            cmdline = Path(f"/proc/{self.pid}/cmdline").read_bytes()
            status = Path(f"/proc/{self.pid}/status").read_text()
        except OSError:
            return False
        return b"llama-server" in cmdline and "\nState:\tZ" not in status

    def healthy(self) -> bool:
        """True when /health answers 200 (the model is loaded)."""
        try:
            with urllib.request.urlopen(f"http://{HOST}:{self.port}/health", timeout=2) as r:
                return int(r.status) == 200
        except (OSError, urllib.error.URLError):
            return False

    def requests_started(self) -> int:
        """Requests the server began so far (read from its log)."""
        try:
            return Path(self.log).read_text(errors="replace").count(STARTED_MARK)
        except OSError:
            return 0

    def log_tail(self, lines: int = 8) -> str:
        try:
            return "\n".join(Path(self.log).read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def kill(self) -> None:
        """SIGKILL at once (a server that dies, as in a crash)."""
        if self.alive():
            os.kill(self.pid, signal.SIGKILL)
        self._reap()

    def stop(self, grace_s: float = 10.0) -> None:
        """SIGTERM, then SIGKILL after `grace_s`; forgets the state file."""
        if self.alive():
            os.kill(self.pid, signal.SIGTERM)
            deadline = time.monotonic() + grace_s
            while self.alive() and time.monotonic() < deadline:
                self._reap()
                time.sleep(0.1)
            if self.alive():
                os.kill(self.pid, signal.SIGKILL)
        self._reap()
        state_file(Layout(cache_root()), self.port).unlink(missing_ok=True)

    def _reap(self) -> None:
        # Not our child (started by an earlier CLI call): init reaps it.
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, os.WNOHANG)


def threads() -> int:
    """Threads of the server (SHABGRAPH_LLM_RIG_THREADS, default THREADS)."""
    return int(os.environ.get("SHABGRAPH_LLM_RIG_THREADS") or THREADS)


def slots() -> int | None:
    """Parallel slots of the server (SHABGRAPH_LLM_RIG_SLOTS), None: the server's default."""
    value = os.environ.get(SLOTS_ENV)
    return int(value) if value else None


def context() -> int:
    """Context (KV pool) of the server (SHABGRAPH_LLM_RIG_CONTEXT, default CONTEXT)."""
    return int(os.environ.get(CONTEXT_ENV) or CONTEXT)


def state_file(layout: Layout, port: int) -> Path:
    return layout.run / f"server-{port}.json"


def start(
    binary: Path, model: Path, port: int | None = None, layout: Layout | None = None
) -> Server:
    """Start the server detached (own session), wait for /health; RigError with its log if not."""
    layout = layout or Layout(cache_root())
    layout.run.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    log = layout.run / f"server-{port}.log"
    cmd = [str(binary), "-m", str(model), "--host", HOST, "--port", str(port), "--jinja"]
    cmd += ["-c", str(context()), "-t", str(threads()), "--alias", MODEL_NAME]
    if slots():
        cmd += ["-np", str(slots())]
    with log.open("w") as out:
        proc = subprocess.Popen(
            cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
    server = Server(proc.pid, port, MODEL_NAME, str(log), time.time())
    state_file(layout, port).write_text(json.dumps(asdict(server)) + "\n")
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            state_file(layout, port).unlink(missing_ok=True)
            if proc.returncode == -signal.SIGILL:
                raise RigError(
                    "the cached llama-server does not run on this CPU (illegal instruction)",
                    hint=f"delete {binary} and its .json record, then rebuild",
                )
            raise RigError(
                f"llama-server exited with {proc.returncode} while loading",
                hint=server.log_tail(),
            )
        if server.healthy():
            return server
        time.sleep(0.5)
    server.stop()
    raise RigError(f"llama-server gave no /health within {START_TIMEOUT_S:g} s", hint=str(log))


def running(layout: Layout | None = None) -> list[Server]:
    """Servers recorded in the run folder that are still alive (stale records are removed)."""
    layout = layout or Layout(cache_root())
    found = []
    for path in sorted(layout.run.glob("server-*.json")) if layout.run.exists() else []:
        server = Server(**json.loads(path.read_text()))
        if server.alive():
            found.append(server)
        else:
            path.unlink(missing_ok=True)
    return found
