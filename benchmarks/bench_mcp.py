"""Latency of a tool call through MCP over HTTP against the direct call the agent makes.

Starts `shabgraph mcp --transport http` on a free loopback port (a fresh token, no rate limit to
speak of) and measures, for every tool and the same arguments, four paths in turn:

- **direct**: `tools.registry.call_tool` in this process, the agent's tool step;
- **same content**: what the server computes for the call (the tool, the dating of its cited
  notices, the packaging), run in this process by an own `Toolset`, so the cost of the content
  and the cost of the transport can be told apart;
- **MCP**: the SDK's client over streamable HTTP with the bearer token, everything a client pays
  (the figure of record: the ratio MCP/direct is the one held to the target);
- **raw JSON-RPC**: the same `tools/call` request posted on the same MCP session by a minimal
  client (httpx with keep-alive, the body parsed by orjson, no SDK), so that the server's share
  of the MCP time can be told from the SDK client's. No real client is this thin: it is a
  diagnostic column, not the latency a client sees.

An MCP `ping` after each call measures the transport's round trip alone, and the CPU time of
the client and of the server per MCP call is the one figure that the load of a shared machine
does not inflate. Each tool gets its
warm-up calls first (plan caches, connections, the date cache), then `--calls` measured calls
whose order of paths rotates, so that no path always runs first on a cold page. Every tool is
reported the same way: p50 and p95 per path, the ratio MCP/direct of the p50s (the target: 2x)
and of the p95s, and the same ratios against the same-content path. The load average is printed
at the start, per tool and at the end: on a shared machine it says what the figures are worth.

    .venv/bin/python -m benchmarks.bench_mcp --calls 60 [--warmup 5] [--only search_companies]

It runs on whatever graph the NEO4J settings point to (the calls are sampled from the graph).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from mcp import ClientSession
from mcp.client.streamable_http import MCP_PROTOCOL_VERSION, MCP_SESSION_ID, streamable_http_client
from mcp.types import LATEST_PROTOCOL_VERSION
from rich.console import Console
from rich.table import Table

from benchmarks.bench_tools import (
    SAMPLE_COMPANIES,
    SAMPLE_EVENT_TYPES,
    SAMPLE_PERSONS,
    call_makers,
)
from benchmarks.proc_cpu import cpu_seconds
from mcp_server.toolset import Toolset
from shabgraph import db
from shabgraph.settings import Settings
from tools.base import ToolContext
from tools.registry import TOOLS, call_tool

REPO = Path(__file__).resolve().parent.parent
TARGET_RATIO = 2.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(token: str, port: int) -> subprocess.Popen[bytes]:
    """`shabgraph mcp` over HTTP with this process's settings; returns once it answers."""
    env = {
        **os.environ,
        "SHABGRAPH_MCP_TOKEN": token,
        "SHABGRAPH_MCP_PORT": str(port),
        "SHABGRAPH_MCP_RATE_LIMIT": "1000000",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", "mcp", "--transport", "http"],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the MCP server exited at start (is Neo4j up?)")
        try:
            if httpx.post(f"http://127.0.0.1:{port}/mcp", json={}, timeout=2).status_code == 401:
                return proc
        except httpx.TransportError:
            pass
        time.sleep(0.3)
    proc.kill()
    raise SystemExit("the MCP server did not answer within 90 s")


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def load() -> str:
    """The 1, 5 and 15 minute load averages, and the cores they share."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


@dataclass
class Figures:
    """One tool's measured calls (ms), in call order."""

    direct: list[float] = field(default_factory=list)
    same: list[float] = field(default_factory=list)
    remote: list[float] = field(default_factory=list)
    raw: list[float] = field(default_factory=list)
    """The same call as a bare JSON-RPC POST (diagnostic: the server's share, no SDK client)."""
    pings: list[float] = field(default_factory=list)
    dating: list[float] = field(default_factory=list)
    """Milliseconds of the server's dating query per call (0 when the cache had every date)."""
    direct_cpu: list[float] = field(default_factory=list)
    """CPU ms of this thread per direct call (the tool's Python and the driver, not Neo4j's)."""
    client_cpu: list[float] = field(default_factory=list)
    """CPU ms of the SDK client per MCP call."""
    server_cpu: list[float] = field(default_factory=list)
    """CPU ms of the server process per MCP call."""
    mismatched: int = 0
    """Calls whose MCP result (SDK or raw) has another row count than the direct call."""
    load: str = ""


@dataclass
class Remote:
    """The server as the benchmark reaches it: the SDK session, and a bare client on the same
    MCP session for the raw JSON-RPC path."""

    session: ClientSession
    raw: httpx.AsyncClient
    url: str
    server_pid: int
    next_id: int = 1_000_000
    """JSON-RPC ids of the raw requests (far from the SDK session's own)."""

    async def raw_call(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        """`tools/call` as one POST; the structured content of the answer."""
        self.next_id += 1
        body = {
            "jsonrpc": "2.0",
            "id": self.next_id,
            "method": "tools/call",
            "params": {"name": name, "arguments": args},
        }
        answer = await self.raw.post(self.url, content=orjson.dumps(body))
        answer.raise_for_status()
        result: dict[str, Any] = orjson.loads(answer.content)["result"]
        return result.get("structuredContent") or {}


PATHS = ("direct", "same", "mcp", "raw")
SIDES = (
    "What each path includes: [b]direct[/b] = the tool's queries and records in this process "
    "(no dating of cited notices, no packaging: the agent dates a turn's citations once); "
    "[b]same content[/b] = direct + the dating query of the cited notices (none when the "
    "server's date cache has them all) + the MCP result built and dumped to JSON once; "
    "[b]MCP[/b] = same content, computed by the server, + HTTP with the bearer token, JSON-RPC, "
    "the server's and the SDK client's (de)serialisation and the client's outputSchema check; "
    "[b]raw[/b] = MCP without the SDK client (one POST parsed by orjson)."
)
"""The legend printed with the tables, so that no ratio is read without what it compares."""


async def one_call(
    ctx: ToolContext,
    toolset: Toolset,
    remote: Remote,
    name: str,
    args: dict[str, Any],
    first: int,
) -> tuple[dict[str, float], bool]:
    """One call on each path, starting with path number `first`: the times, and whether the
    MCP results (SDK and raw) have the direct call's row count. `dating` is the server's dating
    query (0 when its cache had every date); `client_cpu` and `server_cpu` are the CPU
    milliseconds the SDK's MCP call took in this process's thread (the SDK client runs in it)
    and in the server process (clock ticks of 10 ms: meaningful as a mean over many calls, not
    per call)."""
    spec = TOOLS[name]
    session, server_pid = remote.session, remote.server_pid
    times: dict[str, float] = {}
    rows: dict[str, int] = {}
    for k in range(len(PATHS)):
        path = PATHS[(first + k) % len(PATHS)]
        started = time.perf_counter()
        if path == "direct":
            cpu_started = time.thread_time()
            rows[path] = len(call_tool(ctx, name, args).records)
            times["direct_cpu"] = (time.thread_time() - cpu_started) * 1000
        elif path == "same":
            toolset.run(spec, spec.args_model.model_validate(args))
        elif path == "raw":
            rows[path] = (await remote.raw_call(name, args)).get("total_rows", -1)
        else:
            cpu = time.thread_time(), cpu_seconds(server_pid)
            content = (await session.call_tool(name, args)).structuredContent or {}
            times["client_cpu"] = (time.thread_time() - cpu[0]) * 1000
            times["server_cpu"] = (cpu_seconds(server_pid) - cpu[1]) * 1000
            rows[path] = content.get("total_rows", -1)
            queries = content.get("queries", [])[1:]
            times["dating"] = sum(q["ms"] for q in queries if "$pubs" in q["cypher"])
        times[path] = _ms(started)
    return times, rows["direct"] == rows["mcp"] == rows["raw"]


async def measure(
    ctx: ToolContext,
    toolset: Toolset,
    url: str,
    token: str,
    calls: dict[str, list[dict[str, Any]]],
    warmup: int,
    server_pid: int,
) -> dict[str, Figures]:
    """Per tool: the figures of `calls[tool][warmup:]`, after the first `warmup` calls unmeasured.

    The order of the paths rotates from call to call, so each runs first, second, third and
    fourth equally often (the first one to touch a call's pages pays for reading them).
    """
    out: dict[str, Figures] = {}
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx.AsyncClient(headers=headers, timeout=60) as client,
        streamable_http_client(url, http_client=client) as (read, write, session_id),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        await session.list_tools()  # the client caches the output schemas once, as any would
        raw_headers = {
            **headers,
            MCP_SESSION_ID: session_id() or "",
            MCP_PROTOCOL_VERSION: LATEST_PROTOCOL_VERSION,
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
        }
        async with httpx.AsyncClient(headers=raw_headers, timeout=60) as raw:
            remote = Remote(session, raw, url, server_pid)
            for name, arg_list in calls.items():
                out[name] = await _measure_tool(ctx, toolset, remote, name, arg_list, warmup)
    return out


async def _measure_tool(
    ctx: ToolContext,
    toolset: Toolset,
    remote: Remote,
    name: str,
    arg_list: list[dict[str, Any]],
    warmup: int,
) -> Figures:
    session = remote.session
    for i, args in enumerate(arg_list[:warmup]):
        await one_call(ctx, toolset, remote, name, args, i)
        await session.send_ping()
    fig = Figures(load=load())
    for i, args in enumerate(arg_list[warmup:]):
        times, same_rows = await one_call(ctx, toolset, remote, name, args, i)
        fig.direct.append(times["direct"])
        fig.same.append(times["same"])
        fig.remote.append(times["mcp"])
        fig.raw.append(times["raw"])
        fig.dating.append(times["dating"])
        fig.direct_cpu.append(times["direct_cpu"])
        fig.client_cpu.append(times["client_cpu"])
        fig.server_cpu.append(times["server_cpu"])
        fig.mismatched += not same_rows
        started = time.perf_counter()
        await session.send_ping()
        fig.pings.append(_ms(started))
    return fig


def report(console: Console, figures: dict[str, Figures]) -> float:
    """The two tables of every tool, computed the same way for each; returns the worst p50 ratio.

    The first holds the figure of record (MCP through the SDK's client against the direct call);
    the second the diagnostics that say where an MCP call's time goes.
    """
    table = Table(
        "tool",
        "load (1 5 15 min)",
        "direct p50",
        "p95",
        "same content p50",
        "p95",
        "MCP p50",
        "p95",
        "MCP/direct p50",
        "p95",
        "MCP/same p50",
        "p95",
        title="Tool call latency (ms): direct, same content in-process, MCP over streamable HTTP "
        "(SDK client)",
    )
    diagnostics = Table(
        "tool",
        "ping p50",
        "dating p50",
        "raw JSON-RPC p50",
        "p95",
        "raw/direct p50",
        "CPU/call direct",
        "MCP client",
        "server",
        "rows differ",
        title="Diagnostics (ms): MCP ping, the server's dating query, the same call by a bare "
        "JSON-RPC client (not a real client: the server's share), CPU per call",
    )
    worst = 0.0
    for name, f in figures.items():
        d50, s50, m50, r50 = (statistics.median(x) for x in (f.direct, f.same, f.remote, f.raw))
        d95, s95, m95, r95 = (p95(x) for x in (f.direct, f.same, f.remote, f.raw))
        ratio = m50 / max(d50, 1e-6)
        worst = max(worst, ratio)
        table.add_row(
            name,
            f.load.removeprefix("load ").split(" on ")[0],
            f"{d50:.1f}",
            f"{d95:.1f}",
            f"{s50:.1f}",
            f"{s95:.1f}",
            f"{m50:.1f}",
            f"{m95:.1f}",
            f"{ratio:.2f}x" + ("" if ratio <= TARGET_RATIO else " (over 2x)"),
            f"{m95 / max(d95, 1e-6):.2f}x",
            f"{m50 / max(s50, 1e-6):.2f}x",
            f"{m95 / max(s95, 1e-6):.2f}x",
        )
        diagnostics.add_row(
            name,
            f"{statistics.median(f.pings):.1f}",
            f"{statistics.median(f.dating):.1f}",
            f"{r50:.1f}",
            f"{r95:.1f}",
            f"{r50 / max(d50, 1e-6):.2f}x",
            f"{statistics.mean(f.direct_cpu):.1f}",
            f"{statistics.mean(f.client_cpu):.1f}",
            f"{statistics.mean(f.server_cpu):.1f}",
            str(f.mismatched),
        )
    console.print(table)
    console.print(diagnostics)
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=60, help="measured calls per tool")
    parser.add_argument("--warmup", type=int, default=5, help="unmeasured calls per tool first")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", nargs="*", default=None, help="tool names to run (default: all)")
    opts = parser.parse_args()
    console = Console(width=200)
    settings = Settings()
    rng = random.Random(opts.seed)
    token, port = secrets.token_urlsafe(24), _free_port()
    console.print(f"Start: {load()}.")
    with db.open_driver(settings) as driver:
        database = settings.neo4j_database
        companies = db.read(driver, database, SAMPLE_COMPANIES)
        persons = db.read(driver, database, SAMPLE_PERSONS)
        types = [r["t"] for r in db.read(driver, database, SAMPLE_EVENT_TYPES)] or ["registration"]
        if not companies:
            raise SystemExit("The graph has no companies: load one first.")
        makers = call_makers(companies, persons, types, rng)
        calls = {
            name: [make() for _ in range(opts.warmup + opts.calls)]
            for name, make in makers.items()
            if not opts.only or name in opts.only
        }
        ctx = ToolContext(
            driver=driver,
            database=database,
            timeout_s=settings.mcp_query_timeout,
            max_rows=settings.mcp_max_rows,
        )
        toolset = Toolset(ctx, settings.mcp_max_result_bytes)
        server = start_server(token, port)
        try:
            url = f"http://127.0.0.1:{port}/mcp"
            figures = asyncio.run(measure(ctx, toolset, url, token, calls, opts.warmup, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=15)
    console.print(
        f"Graph at {settings.bolt_uri}: {len(companies)} sampled companies, {len(persons)} "
        f"persons; per tool {opts.warmup} warm-up calls, then {opts.calls} measured calls per path."
    )
    console.print(SIDES)
    worst = report(console, figures)
    verdict = "within" if worst <= TARGET_RATIO else "NOT within"
    console.print(
        f"Worst MCP/direct p50 ratio {worst:.2f}x: {verdict} the {TARGET_RATIO:g}x target."
    )
    console.print(f"End: {load()}.")


if __name__ == "__main__":
    main()
