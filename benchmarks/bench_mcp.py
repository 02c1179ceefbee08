"""Latency of a tool call through MCP over HTTP against the direct call the agent makes.

Starts `shabgraph mcp --transport http` on a free loopback port (a fresh token, no rate limit to
speak of), then makes each call twice with the same arguments, alternating: once through
`tools.registry.call_tool` in this process, once through the SDK's client over streamable HTTP.
The MCP figure includes everything a client pays: JSON-RPC over HTTP, the bearer check, the
validation, the dating of the cited notices and the JSON encoding. Target: p50 within 2x. An MCP
`ping` after each pair measures the round trip of the transport alone, the floor under any call
(on a shared, loaded machine most of it is waiting for a CPU at each process hop).

    .venv/bin/python -m benchmarks.bench_mcp --calls 30 [--only search_companies]

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
from pathlib import Path
from typing import Any

import httpx
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from rich.console import Console
from rich.table import Table

from benchmarks.bench_tools import (
    SAMPLE_COMPANIES,
    SAMPLE_EVENT_TYPES,
    SAMPLE_PERSONS,
    call_makers,
)
from shabgraph import db
from shabgraph.settings import Settings
from tools.base import ToolContext
from tools.registry import call_tool

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


async def measure(
    ctx: ToolContext, url: str, token: str, calls: dict[str, list[dict[str, Any]]], repeat: int
) -> dict[str, tuple[list[float], list[float], list[float], int]]:
    """Per tool: direct, MCP and ping times (ms), and how many MCP results disagreed on rows."""
    out: dict[str, tuple[list[float], list[float], list[float], int]] = {}
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx.AsyncClient(headers=headers, timeout=60) as client,
        streamable_http_client(url, http_client=client) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        await session.list_tools()  # the client caches the output schemas once, as any would
        for name, arg_list in calls.items():
            for args in arg_list[:3]:  # warm both paths' plan caches
                call_tool(ctx, name, args)
                await session.call_tool(name, args)
            direct, remote, pings, mismatched = [], [], [], 0
            for args in arg_list:
                times: list[float] = []
                for _ in range(repeat):
                    started = time.perf_counter()
                    result = call_tool(ctx, name, args)
                    times.append(_ms(started))
                direct.append(min(times))
                times = []
                for _ in range(repeat):
                    started = time.perf_counter()
                    answer = await session.call_tool(name, args)
                    times.append(_ms(started))
                remote.append(min(times))
                rows = (answer.structuredContent or {}).get("total_rows", 0)
                mismatched += rows != len(result.records)
                started = time.perf_counter()
                await session.send_ping()
                pings.append(_ms(started))
            out[name] = (direct, remote, pings, mismatched)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=30, help="calls per tool and path")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", nargs="*", default=None, help="tool names to run (default: all)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="make each call N times per path and keep the fastest (as bench_tools: on a shared, "
        "overloaded machine this separates the cost of a call from time spent waiting for a CPU)",
    )
    opts = parser.parse_args()
    console = Console()
    settings = Settings()
    rng = random.Random(opts.seed)
    token, port = secrets.token_urlsafe(24), _free_port()
    with db.open_driver(settings) as driver:
        database = settings.neo4j_database
        companies = db.read(driver, database, SAMPLE_COMPANIES)
        persons = db.read(driver, database, SAMPLE_PERSONS)
        types = [r["t"] for r in db.read(driver, database, SAMPLE_EVENT_TYPES)] or ["registration"]
        if not companies:
            raise SystemExit("The graph has no companies: load one first.")
        makers = call_makers(companies, persons, types, rng)
        calls = {
            name: [make() for _ in range(opts.calls)]
            for name, make in makers.items()
            if not opts.only or name in opts.only
        }
        ctx = ToolContext(
            driver=driver,
            database=database,
            timeout_s=settings.mcp_query_timeout,
            max_rows=settings.mcp_max_rows,
        )
        server = start_server(token, port)
        try:
            url = f"http://127.0.0.1:{port}/mcp"
            figures = asyncio.run(measure(ctx, url, token, calls, opts.repeat))
        finally:
            server.terminate()
            server.wait(timeout=15)
    console.print(
        f"Graph at {settings.bolt_uri}: {len(companies)} sampled companies, "
        f"{len(persons)} persons; {opts.calls} calls per tool and path."
    )
    table = Table(
        "tool",
        "direct p50",
        "direct p95",
        "MCP p50",
        "MCP p95",
        "ping p50",
        "p50 ratio",
        "rows differ",
        title="Tool call latency (ms): direct vs MCP over streamable HTTP",
    )
    ratios = []
    for name, (direct, remote, pings, mismatched) in figures.items():
        ratio = statistics.median(remote) / max(statistics.median(direct), 1e-6)
        ratios.append(ratio)
        table.add_row(
            name,
            f"{statistics.median(direct):.1f}",
            f"{statistics.quantiles(direct, n=20)[18]:.1f}",
            f"{statistics.median(remote):.1f}",
            f"{statistics.quantiles(remote, n=20)[18]:.1f}",
            f"{statistics.median(pings):.1f}",
            f"{ratio:.2f}x" + ("" if ratio <= TARGET_RATIO else " (over 2x)"),
            str(mismatched),
        )
    console.print(table)
    worst = max(ratios)
    verdict = "within" if worst <= TARGET_RATIO else "NOT within"
    console.print(f"Worst p50 ratio {worst:.2f}x: {verdict} the {TARGET_RATIO:g}x target.")
    if opts.repeat > 1:
        console.print(f"Each figure is the fastest of {opts.repeat} runs of the same call.")


if __name__ == "__main__":
    main()
