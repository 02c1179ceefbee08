"""`shabgraph up --workers N`: N app processes behind one proxy on the UI port, kept running.

One Chainlit process uses one core at most; a team on a bigger machine (or more users than one
process serves in time) needs several. Each worker is the ordinary app on its own loopback port
(`ui_worker_port` and the next ones), in a private app root (its own `.files`, which Chainlit
deletes when it stops), with the same login secret, database and Neo4j as the others. The proxy
(`ui.proxy`) is the only thing listening on the UI port.

Start-up is in two steps: worker 0 first, alone, because the app creates or migrates the
thread store's schema before it answers; then the others together. A worker that exits is
marked down at once (its clients move to the others on their next request) and started again
after a pause that doubles while it keeps failing. Ctrl-C or SIGTERM stops the proxy, then
every worker (by process group, only ours), then returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from shabgraph.errors import ConfigError
from shabgraph.processes import die_with_parent, port_free
from shabgraph.settings import Settings
from ui.launch import private_app_root, ui_command, ui_env
from ui.origins import allowed_origins
from ui.paths import ui_dir
from ui.proxy import Proxy
from ui.readiness import READY_PATH
from ui.worker_pool import Backend, Pool

STOP_TIMEOUT = 20.0
"""Seconds a worker gets to stop after SIGTERM before SIGKILL."""
MAX_BACKOFF = 30.0
"""Longest pause before starting a failing worker again."""


def _json(body: bytes) -> dict[str, object]:
    """A readiness answer's JSON object; {} when it is not one."""
    try:
        value = json.loads(body)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def echo_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


@dataclass
class Worker:
    """One app process and what the supervisor knows of it."""

    backend: Backend
    """Its address and health, shared with the proxy."""
    app_root: Path
    """Its private app root."""
    proc: asyncio.subprocess.Process | None = None
    started: float = 0.0
    """`time.monotonic()` of the last start."""
    tail: deque[str] = field(default_factory=lambda: deque(maxlen=30))
    """Its last output lines, shown when it fails to start."""
    relay: asyncio.Task[None] | None = None


class Supervisor:
    """Starts, watches, restarts and stops the workers and the proxy in front of them."""

    def __init__(self, settings: Settings, n: int, echo: Callable[[str], None] = echo_stderr):
        self.settings, self.echo = settings, echo
        first = settings.ui_worker_port or settings.ui_port + 1
        root = ui_dir(settings) / "workers"
        self.workers = [
            Worker(Backend(i, "127.0.0.1", first + i), root / f"w{i}") for i in range(n)
        ]
        self.pool = Pool([w.backend for w in self.workers], on_change=self.changed)
        self.proxy = Proxy(self.pool, settings.ui_host, settings.ui_port)
        self.stopping = False
        self.tasks: list[asyncio.Task[None]] = []

    def check_ports(self) -> None:
        """Fail before starting anything when a port is taken (an old run still going?)."""
        wanted = [(self.settings.ui_host, self.settings.ui_port, "the proxy (SHABGRAPH_UI_PORT)")]
        wanted += [(w.backend.host, w.backend.port, w.backend.name) for w in self.workers]
        for host, port, who in wanted:
            if not port_free(host, port):
                raise ConfigError(
                    f"port {port} on {host}, for {who}, is in use",
                    hint="stop what holds it, or set SHABGRAPH_UI_PORT / SHABGRAPH_UI_WORKER_PORT",
                )

    def env(self, worker: Worker) -> dict[str, str]:
        # Pages come from the proxy's origin; the worker's own port is allowed anyway.
        origins = ",".join(sorted(allowed_origins(self.settings, self.settings.ui_port)))
        return ui_env(self.settings, {"SHABGRAPH_UI_ALLOWED_ORIGINS": origins}, worker.app_root)

    async def spawn(self, worker: Worker) -> None:
        private_app_root(worker.app_root)
        b = worker.backend
        worker.proc = await asyncio.create_subprocess_exec(
            *ui_command(b.host, b.port),
            cwd=worker.app_root,
            env=self.env(worker),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # Ctrl-C reaches us; we stop the workers in order
            preexec_fn=die_with_parent,  # and a supervisor killed outright takes them along
        )
        worker.started = time.monotonic()
        worker.relay = asyncio.create_task(self.relay(worker, worker.proc))

    async def relay(self, worker: Worker, proc: asyncio.subprocess.Process) -> None:
        """Pass the worker's output on, each line prefixed with its number."""
        assert proc.stdout is not None
        while line := await proc.stdout.readline():
            text = line.decode(errors="replace").rstrip()
            worker.tail.append(text)
            if "Your app is available at" not in text:  # the worker's port: not for users
                self.echo(f"[worker {worker.backend.index}] {text}")

    async def ready(self, worker: Worker) -> None:
        """Wait until the worker answers `/ready` (it serves and its database works).

        A clear error, with the worker's last output, when it exits, when it reports a start-up
        failure (final: its answer names the cause, no use waiting) or when time runs out.
        """
        assert worker.proc is not None
        deadline = worker.started + self.settings.ui_worker_start_timeout
        last = ""
        while True:
            status, body = await self.pool.probe(worker.backend, READY_PATH, timeout=2.0)
            if status == 200:
                break
            answer = _json(body) if status == 503 else {}
            last = str(answer.get("cause", last))
            exited = worker.proc.returncode is not None
            if exited or answer.get("final") or time.monotonic() > deadline:
                if worker.relay and exited:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(worker.relay, 2)
                if exited:
                    why = f"exited with code {worker.proc.returncode}"
                elif answer.get("final"):
                    why = f"is not ready: {last}"
                else:
                    why = f"was not ready within {self.settings.ui_worker_start_timeout:.0f} s"
                    why += f" ({last})" if last else ""
                raise ConfigError(
                    f"{worker.backend.name} {why}; its last output:\n" + "\n".join(worker.tail),
                    hint="the output above names the cause (database URL? Neo4j? port?)",
                )
            await asyncio.sleep(0.3)
        self.pool.set_health(worker.backend, True)
        took = time.monotonic() - worker.started
        self.echo(f"{worker.backend.name} ready (pid {worker.proc.pid}, {took:.1f} s)")

    def changed(self, backend: Backend) -> None:
        """Say when a worker goes down or comes back (start-up says `ready` itself)."""
        if not self.tasks or self.stopping:
            return
        live = ", ".join(str(b.index) for b in self.pool.live()) or "none"
        state = "is back" if backend.healthy else "is down"
        self.echo(f"{backend.name} {state}; live workers: {live}")

    async def keep(self, worker: Worker) -> None:
        """Start the worker again whenever it exits, pausing longer while it keeps failing."""
        delay = 1.0
        while True:
            assert worker.proc is not None
            code = await worker.proc.wait()
            if self.stopping:
                return
            self.pool.set_health(worker.backend, False)
            if time.monotonic() - worker.started > 60:
                delay = 1.0  # it had been running: a new failure, not a crash loop
            self.echo(f"{worker.backend.name} exited (code {code}): restarting in {delay:.0f} s")
            await asyncio.sleep(delay)
            delay = min(delay * 2, MAX_BACKOFF)
            await self.spawn(worker)  # the health checks mark it live once it answers
            assert worker.proc is not None
            self.echo(f"{worker.backend.name} started again (pid {worker.proc.pid})")

    async def start(self) -> None:
        self.check_ports()
        first, rest = self.workers[0], self.workers[1:]
        await self.spawn(first)
        await self.ready(first)  # alone: it creates or migrates the schema
        for worker in rest:
            await self.spawn(worker)
        await asyncio.gather(*(self.ready(w) for w in rest))
        await self.proxy.start()
        interval = self.settings.ui_worker_health_interval
        self.tasks = [asyncio.create_task(self.pool.watch(interval))]
        self.tasks += [asyncio.create_task(self.keep(w)) for w in self.workers]

    async def stop(self) -> None:
        """Stop the proxy, then every worker we started (SIGTERM, SIGKILL after a while)."""
        self.stopping = True
        await self.proxy.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        procs = [w.proc for w in self.workers if w.proc and w.proc.returncode is None]
        for proc in procs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        try:
            async with asyncio.timeout(STOP_TIMEOUT):
                await asyncio.gather(*(p.wait() for p in procs))
        except TimeoutError:
            for proc in procs:
                if proc.returncode is None:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGKILL)
                    await proc.wait()
        relays = [w.relay for w in self.workers if w.relay]
        await asyncio.gather(*relays, return_exceptions=True)


async def serve(settings: Settings, n: int, echo: Callable[[str], None] = echo_stderr) -> None:
    """Run `n` workers behind the proxy until Ctrl-C or SIGTERM."""
    supervisor = Supervisor(settings, n, echo)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    store = "a shared Postgres" if settings.database_url else "SQLite files in data_dir"
    echo(f"Starting {n} app workers (threads and memory in {store}) ...")
    try:
        starting = asyncio.create_task(supervisor.start())
        stopped = asyncio.create_task(stop.wait())
        await asyncio.wait([starting, stopped], return_when=asyncio.FIRST_COMPLETED)
        if starting.done():
            starting.result()  # start-up errors are raised here
            echo(
                f"Chat UI on http://{settings.ui_host}:{settings.ui_port}: {n} workers behind "
                "one proxy (Ctrl-C to stop)"
            )
            await stopped
        else:
            starting.cancel()
            await asyncio.gather(starting, return_exceptions=True)
    finally:
        echo("Stopping the app workers ...")
        await supervisor.stop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        echo("Stopped.")


def run_workers(settings: Settings, n: int) -> int:
    """Serve the chat app with `n` workers in the foreground; returns once stopped."""
    asyncio.run(serve(settings, n))
    return 0
