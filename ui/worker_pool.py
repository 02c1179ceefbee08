"""The app workers behind the proxy: where each listens, whether it answers, which gets a client.

Health is what the proxy routes by: a worker is live while `GET /health` answers 200 (checked
every few seconds by `Pool.watch`; a worker that is out must answer `GET /ready`, which includes
its database, to come back), and is marked down at once when a connection to it is
refused or its process exits, so new clients go to the others without waiting for a check.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ui.readiness import READY_PATH

HEALTH_TIMEOUT = 5.0
"""Seconds a health check waits for the answer."""
DOWN_AFTER = 3
"""Failed health checks in a row that take a live worker out (a refused connection does at once)."""
HEALTH_PATH = "/health"
"""Chainlit's liveness route: the process serves HTTP."""
MAX_PROBE_BYTES = 64 * 1024
"""Most of a check's answer read (the readiness body is a line of JSON)."""


@dataclass
class Backend:
    """One app worker as the proxy sees it."""

    index: int
    """Position in the pool; the value of the sticky cookie."""
    host: str
    port: int
    healthy: bool = False
    """Routable: answered its last health check (set false at once when a connect fails)."""
    active: int = 0
    """Client connections currently forwarded to it."""
    failed_checks: int = 0
    """Health checks failed in a row."""

    @property
    def name(self) -> str:
        return f"worker {self.index} ({self.host}:{self.port})"


class Pool:
    """The workers, their health and the choice of a worker for a new client."""

    def __init__(
        self, backends: list[Backend], on_change: Callable[[Backend], None] | None = None
    ) -> None:
        self.backends = backends
        self.on_change = on_change
        self.turn = itertools.count()

    def set_health(self, backend: Backend, healthy: bool) -> None:
        if backend.healthy != healthy:
            backend.healthy = healthy
            if self.on_change:
                self.on_change(backend)

    def live(self) -> list[Backend]:
        return [b for b in self.backends if b.healthy]

    def by_cookie(self, value: str | None) -> Backend | None:
        """The live worker a sticky cookie names, else None."""
        if value is None or not value.isdigit() or int(value) >= len(self.backends):
            return None
        backend = self.backends[int(value)]
        return backend if backend.healthy else None

    def pick(self, exclude: set[int] | None = None) -> Backend | None:
        """A live worker for a new client: fewest open connections, ties taken in turn."""
        live = [b for b in self.live() if b.index not in (exclude or set())]
        if not live:
            return None
        start = next(self.turn)
        order = {b.index: (b.active, (b.index - start) % len(self.backends)) for b in live}
        return min(live, key=lambda b: order[b.index])

    async def probe(self, backend: Backend, path: str, timeout: float) -> tuple[int, bytes]:
        """`GET path` on the worker: its status and body; (0, b"") when it does not answer."""
        request = f"GET {path} HTTP/1.1\r\nHost: {backend.host}:{backend.port}\r\n"
        request += "Connection: close\r\n\r\n"
        try:
            async with asyncio.timeout(timeout):
                reader, writer = await asyncio.open_connection(backend.host, backend.port)
                try:
                    writer.write(request.encode())
                    await writer.drain()
                    answer = await reader.read(MAX_PROBE_BYTES)
                finally:
                    writer.close()
        except (OSError, TimeoutError):
            return 0, b""
        head, _, body = answer.partition(b"\r\n\r\n")
        status = head.split(b"\r\n", 1)[0].split(b" ")[1:2]
        return (int(status[0]) if status and status[0].isdigit() else 0), body

    async def check(self, backend: Backend, timeout: float, path: str = HEALTH_PATH) -> bool:
        """One check: `GET path` (`/health` by default) answered 200 within `timeout` seconds."""
        return (await self.probe(backend, path, timeout))[0] == 200

    async def watch(self, interval: float, timeout: float = HEALTH_TIMEOUT) -> None:
        """Check every worker every `interval` seconds, for ever (cancel to stop).

        One answer brings a worker back; only `DOWN_AFTER` failed checks in a row take it out,
        so that a worker slow under load keeps its clients (moving one loses its session). A live
        worker is checked on `/health`; one that is out must answer `/ready`, which includes its
        database, before it gets clients again (a worker started again after a crash, say).
        """
        while True:
            results = await asyncio.gather(
                *(
                    self.check(b, timeout, HEALTH_PATH if b.healthy else READY_PATH)
                    for b in self.backends
                )
            )
            for backend, ok in zip(self.backends, results, strict=True):
                backend.failed_checks = 0 if ok else backend.failed_checks + 1
                if ok or backend.failed_checks >= DOWN_AFTER:
                    self.set_health(backend, ok)
            await asyncio.sleep(interval)
