"""One entry point in front of several app workers: a small HTTP/1.1 + websocket reverse proxy.

Chainlit keeps each browser session (the socket.io connection and what HTTP calls such as file
uploads refer to by session id) in the memory of the process that opened it, so every request
of one browser must reach the same worker. The proxy pins a client with a cookie
(`STICKY_COOKIE`, the worker's index): a request without it, or naming a worker that is down,
goes to the live worker with the fewest open connections and the response sets the cookie.
Everything else that matters (threads, the agent's memory, shares, revoked logins) is in the
shared database and data folder, so a client moved to another worker loses nothing.

Login attempts (`POST /login`) all go to the first live worker, so that the failed-login limit
(`ui.login_limit`, counted in a worker's memory) is one count, not one per worker. Websocket
upgrades are tunnelled byte for byte once the worker answers 101. The client's address is
appended to `X-Forwarded-For`, which the workers' uvicorn trusts from 127.0.0.1 only, so the
app sees the real client as it did without the proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie

from ui.http_wire import (
    MAX_HEAD_BYTES,
    Framing,
    Head,
    WireError,
    body_framing,
    copy_body,
    keep_alive,
    pipe,
    read_head,
)
from ui.worker_pool import Backend, Pool

log = logging.getLogger("shabgraph.ui.proxy")

STICKY_COOKIE = "shabgraph_worker"
"""Cookie naming the worker a browser is pinned to."""
IDLE_TIMEOUT = 75.0
"""Seconds a client connection may wait before its next request head (slow or idle clients
would otherwise hold a connection for ever; a websocket, once upgraded, is not limited)."""
RETRYABLE = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods safe to send again when a worker failed before answering (RFC 9110 idempotent,
without a body; a websocket upgrade is a GET)."""
LOGIN_PATH = "/login"
"""The password login route (its failed attempts are counted in one worker's memory)."""


def sticky_value(head: Head) -> str | None:
    """The sticky cookie's value in a request, None without one."""
    for header in head.values("cookie"):
        jar: SimpleCookie = SimpleCookie()
        with contextlib.suppress(CookieError):
            jar.load(header)
        if STICKY_COOKIE in jar:
            return jar[STICKY_COOKIE].value
    return None


def error_response(status: int, reason: str, text: str) -> bytes:
    body = (text + "\n").encode()
    head = f"HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n"
    head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    return head.encode() + body


@dataclass
class Upstream:
    """The connection to one worker a client connection currently uses (kept alive)."""

    backend: Backend
    """The worker at the other end."""
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    sticky: Backend
    """The worker the client is pinned to (the login worker may serve one request instead)."""
    fresh: bool = True
    """Opened for the current request (a kept-alive one may have been closed by the worker)."""
    closed: bool = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.backend.active -= 1
            self.writer.close()


class Proxy:
    """Accepts clients on `host:port` and forwards each request to a worker of `pool`."""

    def __init__(
        self,
        pool: Pool,
        host: str,
        port: int,
        connect_timeout: float = 5.0,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        self.pool, self.host, self.port = pool, host, port
        self.connect_timeout, self.idle_timeout = connect_timeout, idle_timeout
        self.server: asyncio.Server | None = None
        self.clients: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(
            self.serve, self.host, self.port, limit=MAX_HEAD_BYTES
        )

    @property
    def bound_port(self) -> int:
        """The port listened on (the one asked for, or the one the system chose for 0)."""
        assert self.server is not None
        return int(self.server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            for client in list(self.clients):
                client.close()  # Server.close_clients() is Python 3.13
            await self.server.wait_closed()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One client connection: requests in turn until either side closes."""
        peer = writer.get_extra_info("peername")
        client = str(peer[0]) if peer else "unknown"
        upstream: Upstream | None = None
        self.clients.add(writer)
        try:
            again = True
            while again:
                try:
                    async with asyncio.timeout(self.idle_timeout):
                        head = await read_head(reader)
                    if head is None:
                        return
                    framing = body_framing(head)
                except WireError as exc:
                    writer.write(error_response(400, "Bad Request", str(exc)))
                    await writer.drain()
                    return
                upstream, again = await self.exchange(
                    head, framing, client, reader, writer, upstream
                )
        except (ConnectionError, WireError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            return  # a peer went away mid-message: nothing left to answer
        except TimeoutError:
            return  # an idle kept-alive connection (the browser opens a new one when needed)
        finally:
            if upstream is not None:
                upstream.close()
            self.clients.discard(writer)
            writer.close()

    def served_by(self, head: Head, sticky: Backend) -> Backend:
        """Who answers this request: the sticky worker, or the first live one for a login."""
        method, path = head.parts[0], head.parts[1].split("?", 1)[0]
        live = self.pool.live()
        return live[0] if method == "POST" and path == LOGIN_PATH and live else sticky

    async def route(self, head: Head, current: Upstream | None) -> tuple[Upstream | None, bool]:
        """The worker connection for this request, and whether the client must get the cookie.

        The sticky worker if it lives, else a new pick; a worker refusing the connection is
        marked down and the next one is tried. (None, _) when no worker can be reached.
        """
        pinned = self.pool.by_cookie(sticky_value(head))
        tried: set[int] = set()
        while (sticky := pinned or self.pool.pick(tried)) is not None:
            served = self.served_by(head, sticky)
            if current is not None and current.backend is served and not current.reader.at_eof():
                current.sticky, current.fresh = sticky, False
                return current, pinned is None
            try:
                async with asyncio.timeout(self.connect_timeout):
                    reader, writer = await asyncio.open_connection(served.host, served.port)
            except (OSError, TimeoutError):
                log.warning("%s refused a connection: marked down", served.name)
                self.pool.set_health(served, False)
                tried.add(served.index)
                pinned = None
                continue
            if current is not None:
                current.close()
                current = None
            served.active += 1
            return Upstream(served, reader, writer, sticky), pinned is None
        if current is not None:
            current.close()
        return None, False

    async def exchange(
        self,
        head: Head,
        framing: Framing,
        client: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        current: Upstream | None,
    ) -> tuple[Upstream | None, bool]:
        """Forward one request and its response; returns the upstream and whether to go on."""
        forwarded = ", ".join([*head.values("x-forwarded-for"), client])
        head.remove("x-forwarded-for")
        head.add("X-Forwarded-For", forwarded)
        if "100-continue" in head.tokens("expect"):
            # Answered here: the body is read from the client before the worker is asked.
            head.remove("expect")
            writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        upstream, set_cookie = await self.route(head, current)
        if upstream is None:
            writer.write(error_response(503, "Service Unavailable", "no app worker is running"))
            await writer.drain()
            return None, False
        response = await self.send(head, framing, reader, upstream)
        if response is None and framing[0] == "none" and head.parts[0] in RETRYABLE:
            # No answer and nothing of the client's consumed: once more on a new connection.
            # Either a kept-alive connection the worker had just closed (same worker again),
            # or a worker that died with the request (marked down: another one takes it).
            upstream.close()
            if upstream.fresh:
                self.pool.set_health(upstream.backend, False)
            upstream, set_cookie = await self.route(head, None)
            if upstream is not None:
                response = await self.send(head, framing, reader, upstream)
        if upstream is None or response is None:
            writer.write(error_response(502, "Bad Gateway", "the app worker closed the connection"))
            await writer.drain()
            return upstream, False
        if set_cookie:
            cookie = f"{STICKY_COOKIE}={upstream.sticky.index}; Path=/; HttpOnly; SameSite=Lax"
            response.add("Set-Cookie", cookie)
        writer.write(response.encode())
        method = head.parts[0]
        if response.parts[1] == "101" and "upgrade" in head.tokens("connection"):
            await tunnel(reader, writer, upstream)
            return upstream, False
        response_framing = body_framing(response, request_method=method)
        await copy_body(upstream.reader, writer, response_framing)
        await writer.drain()
        again = keep_alive(head) and keep_alive(response) and response_framing[0] != "close"
        return upstream, again

    async def send(
        self, head: Head, framing: Framing, reader: asyncio.StreamReader, upstream: Upstream
    ) -> Head | None:
        """Send the request (body copied from the client) and read the final response head
        (interim ones skipped: `Expect` was answered here). None if the worker failed."""
        try:
            upstream.writer.write(head.encode())
            await copy_body(reader, upstream.writer, framing)
            response = await read_head(upstream.reader)
            while response is not None and response.parts[1] in ("100", "102", "103"):
                response = await read_head(upstream.reader)
        except (ConnectionError, WireError, asyncio.IncompleteReadError) as exc:
            log.warning("%s failed during a request: %s", upstream.backend.name, exc)
            return None
        return response


async def tunnel(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, upstream: Upstream
) -> None:
    """Copy both ways until one side ends (a websocket after its 101), then close both."""
    await writer.drain()
    tasks = [
        asyncio.create_task(pipe(reader, upstream.writer)),
        asyncio.create_task(pipe(upstream.reader, writer)),
    ]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
