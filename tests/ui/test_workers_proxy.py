"""The worker proxy over real sockets: routing, stickiness, a dead worker, websockets, framing.

The workers are small aiohttp apps on ephemeral loopback ports that say who they are; the
client is httpx (HTTP) or aiohttp (websocket), as a browser would talk through the proxy.
"""

from __future__ import annotations

import asyncio
import socket
import struct
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import aiohttp
import httpx
import pytest
import pytest_asyncio
from aiohttp import web

from ui.proxy import STICKY_COOKIE, Proxy
from ui.worker_pool import Backend, Pool

pytestmark = pytest.mark.unit


@dataclass
class FakeWorker:
    """An aiohttp app answering as worker `index`; records what it received."""

    index: int
    healthy: bool = True
    seen: list[dict[str, str]] = field(default_factory=list)
    runner: web.AppRunner | None = None
    port: int = 0

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/health", self.health)
        app.router.add_get("/ready", self.health)
        app.router.add_get("/ws", self.websocket)
        app.router.add_route("*", "/{tail:.*}", self.echo)
        return app

    async def health(self, request: web.Request) -> web.Response:
        return web.Response(status=200 if self.healthy else 500, text="ok")

    async def echo(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        self.seen.append(
            {
                "path": request.path_qs,
                "xff": request.headers.get("X-Forwarded-For", ""),
                "expect": request.headers.get("Expect", ""),
                "body": body.decode(errors="replace"),
            }
        )
        if request.path == "/big":
            resp = web.StreamResponse()  # no length: aiohttp sends it chunked
            await resp.prepare(request)
            for _ in range(16):
                await resp.write(b"x" * 65536)
            await resp.write_eof()
            return resp
        return web.json_response({"worker": self.index, "len": len(body), "body": body.decode()})

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for msg in ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                await ws.send_str(f"{self.index}:{msg.data}")
            elif msg.type == aiohttp.WSMsgType.BINARY:
                await ws.send_bytes(msg.data[::-1])
        return ws

    async def start(self, port: int = 0) -> None:
        self.runner = web.AppRunner(self.app(), shutdown_timeout=0.2)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        assert self.runner is not None
        await self.runner.cleanup()


@dataclass
class Rig:
    workers: list[FakeWorker]
    pool: Pool
    proxy: Proxy

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.proxy.bound_port}"


@pytest_asyncio.fixture(loop_scope="function")
async def rig() -> AsyncIterator[Rig]:
    workers = [FakeWorker(0), FakeWorker(1)]
    for w in workers:
        await w.start()
    pool = Pool([Backend(w.index, "127.0.0.1", w.port, healthy=True) for w in workers])
    proxy = Proxy(pool, "127.0.0.1", 0)
    await proxy.start()
    yield Rig(workers, pool, proxy)
    await proxy.close()
    for w in workers:
        if w.runner is not None:
            await w.stop()


async def get(url: str, cookie: str | None = None, xff: str | None = None) -> httpx.Response:
    """One GET from a fresh client (no cookie jar carried over)."""
    headers = {"Cookie": f"{STICKY_COOKIE}={cookie}"} if cookie is not None else {}
    if xff:
        headers["X-Forwarded-For"] = xff
    async with httpx.AsyncClient(timeout=10) as http:
        return await http.get(url, headers=headers)


async def test_new_clients_are_spread_and_told_their_worker(rig: Rig) -> None:
    answers = [await get(rig.url + "/page") for _ in range(4)]
    workers = [r.json()["worker"] for r in answers]
    assert sorted(workers) == [0, 0, 1, 1]
    for resp, worker in zip(answers, workers, strict=True):
        assert resp.cookies[STICKY_COOKIE] == str(worker)
        assert "HttpOnly" in resp.headers["set-cookie"]


async def test_a_pinned_client_stays_on_its_worker_over_one_connection(rig: Rig) -> None:
    async with httpx.AsyncClient(base_url=rig.url, timeout=10) as http:
        first = await http.get("/a")
        pinned = first.json()["worker"]
        later = [await http.get(f"/b{i}") for i in range(5)]
        posted = await http.post("/form", content=b"k=" + b"v" * 100_000)
    assert [r.json()["worker"] for r in later] == [pinned] * 5
    assert all("set-cookie" not in r.headers for r in later)
    assert posted.json() == {"worker": pinned, "len": 100_002, "body": "k=" + "v" * 100_000}
    assert [s["path"] for s in rig.workers[pinned].seen] == [
        "/a",
        "/b0",
        "/b1",
        "/b2",
        "/b3",
        "/b4",
        "/form",
    ]
    assert rig.workers[1 - pinned].seen == []


async def test_chunked_bodies_pass_both_ways(rig: Rig) -> None:
    async def parts() -> AsyncIterator[bytes]:
        for word in (b"alpha ", b"beta ", b"gamma"):
            yield word

    async with httpx.AsyncClient(base_url=rig.url, timeout=10) as http:
        sent = await http.post("/chunked", content=parts(), cookies={STICKY_COOKIE: "1"})
        big = await http.get("/big", cookies={STICKY_COOKIE: "1"})
    assert sent.json() == {"worker": 1, "len": 16, "body": "alpha beta gamma"}
    assert big.headers.get("transfer-encoding") == "chunked"
    assert big.content == b"x" * (16 * 65536)


async def test_a_dead_worker_loses_its_clients_to_the_others(rig: Rig) -> None:
    await rig.workers[1].stop()
    rig.workers[1].runner = None
    moved = await get(rig.url + "/after", cookie="1")
    assert moved.json()["worker"] == 0
    assert moved.cookies[STICKY_COOKIE] == "0"  # pinned anew, to a live worker
    assert [b.healthy for b in rig.pool.backends] == [True, False]
    await rig.workers[0].stop()
    rig.workers[0].runner = None
    none_left = await get(rig.url + "/after", cookie="0")
    assert none_left.status_code == 503
    assert "no app worker is running" in none_left.text


async def test_health_checks_take_a_failing_worker_out_and_back(rig: Rig) -> None:
    rig.workers[0].healthy = False
    watch = asyncio.create_task(rig.pool.watch(interval=0.05, timeout=1))  # down after 3 failures
    try:
        await asyncio.sleep(0.3)
        assert [b.healthy for b in rig.pool.backends] == [False, True]
        answers = [(await get(rig.url + "/x", cookie="0")).json()["worker"] for _ in range(3)]
        assert answers == [1, 1, 1]
        rig.workers[0].healthy = True
        await asyncio.sleep(0.3)
        assert (await get(rig.url + "/x", cookie="0")).json()["worker"] == 0
    finally:
        watch.cancel()


async def test_websocket_is_tunnelled_to_the_pinned_worker(rig: Rig) -> None:
    payload = bytes(range(256)) * 800  # 200 kB, several frames' worth of TCP reads
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(rig.url + "/ws", headers={"Cookie": f"{STICKY_COOKIE}=1"}) as ws:
            await ws.send_str("hello")
            assert (await ws.receive(timeout=5)).data == "1:hello"
            await ws.send_bytes(payload)
            assert (await ws.receive(timeout=5)).data == payload[::-1]
        # A new client is pinned by the upgrade response itself.
        async with http.ws_connect(rig.url + "/ws") as ws:
            cookie = ws._response.cookies[STICKY_COOKIE].value
            await ws.send_str("who")
            assert (await ws.receive(timeout=5)).data == f"{cookie}:who"


async def test_a_worker_that_dies_closes_its_websockets(rig: Rig) -> None:
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(rig.url + "/ws", headers={"Cookie": f"{STICKY_COOKIE}=0"})
        await ws.send_str("ping")
        assert (await ws.receive(timeout=5)).data == "0:ping"
        await rig.workers[0].stop()
        rig.workers[0].runner = None
        msg = await ws.receive(timeout=10)
        assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        await ws.close()


async def test_logins_all_go_to_the_first_live_worker(rig: Rig) -> None:
    async with httpx.AsyncClient(base_url=rig.url, timeout=10) as http:
        login = await http.post("/login", data={"username": "a"}, cookies={STICKY_COOKIE: "1"})
        after = await http.get("/page", cookies={STICKY_COOKIE: "1"})
    assert login.json()["worker"] == 0 and "set-cookie" not in login.headers
    assert after.json()["worker"] == 1
    # A client without a cookie is pinned to its own pick, not to the login worker.
    fresh = [await get(rig.url + "/page") for _ in range(2)]
    logins = []
    for _ in range(2):
        async with httpx.AsyncClient(base_url=rig.url, timeout=10) as http:
            logins.append(await http.post("/login", data={"u": "b"}))
    assert [r.json()["worker"] for r in logins] == [0, 0]
    assert sorted(r.cookies[STICKY_COOKIE] for r in logins + fresh) == ["0", "0", "1", "1"]


async def test_the_client_address_is_appended_to_x_forwarded_for(rig: Rig) -> None:
    await get(rig.url + "/plain", cookie="0")
    await get(rig.url + "/spoof", cookie="0", xff="203.0.113.9")
    assert [s["xff"] for s in rig.workers[0].seen] == ["127.0.0.1", "203.0.113.9, 127.0.0.1"]


async def raw(port: int, request: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    await writer.drain()
    out = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    return out


async def test_ambiguous_framing_is_refused_before_any_worker_sees_it(rig: Rig) -> None:
    smuggle = (
        b"POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    out = await raw(rig.proxy.bound_port, smuggle)
    assert out.startswith(b"HTTP/1.1 400 ")
    two_lengths = b"POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"
    assert (await raw(rig.proxy.bound_port, two_lengths)).startswith(b"HTTP/1.1 400 ")
    assert rig.workers[0].seen == [] and rig.workers[1].seen == []


async def test_expect_100_continue_is_answered_by_the_proxy(rig: Rig) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", rig.proxy.bound_port)
    writer.write(
        b"POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n"
        b"Cookie: shabgraph_worker=1\r\nConnection: close\r\n\r\n"
    )
    await writer.drain()
    assert (
        await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5) == b"HTTP/1.1 100 Continue\r\n\r\n"
    )
    writer.write(b"hello")
    await writer.drain()
    rest = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    assert rest.startswith(b"HTTP/1.1 200 ") and rest.endswith(b'"body": "hello"}')
    assert rig.workers[1].seen[-1]["expect"] == ""


async def test_a_worker_dying_with_a_request_hands_a_get_to_another(rig: Rig) -> None:
    """A worker that accepts, reads the request and resets the connection (killed mid-way)."""

    async def dying(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        writer.close()  # linger 0: a reset, as from a process killed with the request

    server = await asyncio.start_server(dying, "127.0.0.1", 0)
    rig.pool.backends[1].port = server.sockets[0].getsockname()[1]
    try:
        moved = await get(rig.url + "/again", cookie="1")
        assert moved.status_code == 200 and moved.json()["worker"] == 0
        assert moved.cookies[STICKY_COOKIE] == "0"
        rig.pool.set_health(rig.pool.backends[1], True)
        async with httpx.AsyncClient(timeout=10) as http:
            posted = await http.post(
                rig.url + "/form", content=b"x=1", headers={"Cookie": f"{STICKY_COOKIE}=1"}
            )
        assert posted.status_code == 502  # a body was sent: not repeated elsewhere
        assert [s["path"] for s in rig.workers[0].seen] == ["/again"]
    finally:
        server.close()


async def test_an_idle_client_connection_is_closed(rig: Rig) -> None:
    proxy = Proxy(rig.pool, "127.0.0.1", 0, idle_timeout=0.3)
    await proxy.start()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.bound_port)
        writer.write(b"GET /one HTTP/1.1\r\nHost: x\r\nCookie: shabgraph_worker=0\r\n\r\n")
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        assert head.startswith(b"HTTP/1.1 200 ")
        await asyncio.wait_for(
            reader.readexactly(int(head.split(b"Content-Length: ")[1].split(b"\r")[0])), 5
        )
        # Kept alive, then nothing more: the proxy closes it after the idle timeout.
        assert await asyncio.wait_for(reader.read(), 5) == b""
        writer.close()
    finally:
        await proxy.close()
