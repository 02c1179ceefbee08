"""Load on the chat app: 1 worker and N workers side by side, each at 20 and 40 sessions.

Usage: `python -m benchmarks.bench_ui_load [--workers 1,2] [--sessions 20,40] [--seconds 60]
[--store postgres|sqlite] [--port 8714] [--agent ui.agent_bridge:create_agent]`, or `--url URL`
to load an app already running (user load/load-pw). Without --url it starts each configuration
itself against the configured Neo4j (SHABGRAPH_NEO4J_INSTANCE / ports, or NEO4J_URI; by
default the managed `main` instance) with the offline planner: 1 worker is the app alone, as
`shabgraph up` runs it; more is `shabgraph up --workers N` behind its proxy. With
`--store postgres` (the default) each configuration gets a fresh database on the managed
Postgres (SHABGRAPH_POSTGRES_INSTANCE / PORT; started if it is not running).

Each session logs in, opens a thread and asks questions from a fixed list in turn until the
time is up. Per run: answers, errors, answers/s, p50 / p95 / max answer time (question sent ->
run ended), and the CPU seconds the workers, the proxy, Neo4j, Postgres, this load client and
the whole machine spent during it (`benchmarks.proc_cpu`), which shows where a ceiling is.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.proc_cpu import CpuMeter
from benchmarks.ui_client import ChatSession, login_cookie
from benchmarks.ui_server import AppServer, WorkersServer, start_app, start_workers
from shabgraph.settings import Settings

QUESTIONS = [
    "Who is Anna Beispiel?",
    "Wer sitzt im Verwaltungsrat der Muster Holding AG?",
    "Quelles sociétés ont été radiées en 2023 ?",
    "Show the network of Muster Holding AG",
    "Quante società sono state cancellate in Ticino nel 2023?",
]
USERS = {"load": "load-pw"}
CPU_GROUPS = ("workers", "proxy", "neo4j", "postgres", "client", "machine")


@dataclass
class RunResult:
    """One load run."""

    workers: int
    sessions: int
    times: list[float]
    errors: list[str]
    wall: float
    cpu: dict[str, float]


async def session(url: str, idx: int, until: float, times: list[float], errors: list[str]) -> None:
    try:
        chat = ChatSession(url, await login_cookie(url, "load", USERS["load"]))
        await chat.connect()
    except Exception as exc:  # a refused session counts as an error, the others go on
        errors.append(f"session {idx}: connect: {exc}")
        return
    n = idx
    try:
        while time.monotonic() < until:
            q = QUESTIONS[n % len(QUESTIONS)]
            n += 1
            try:
                out = await chat.ask(q, timeout=120)
            except Exception as exc:
                errors.append(f"session {idx}: {type(exc).__name__}: {exc}")
                continue
            times.append(out.seconds)
            if out.errors or not out.answer:
                errors.append(f"session {idx}: {q!r}: {out.errors or 'empty answer'}")
    finally:
        await chat.close()


async def run_load(url: str, sessions: int, seconds: float) -> tuple[list[float], list[str], float]:
    times: list[float] = []
    errors: list[str] = []
    t0 = time.monotonic()
    until = t0 + seconds
    await asyncio.gather(*(session(url, i, until, times, errors) for i in range(sessions)))
    return times, errors, time.monotonic() - t0


async def warm_up(url: str) -> list[str]:
    """Every question once, one after the other, unmeasured; the questions that failed.

    The measured runs are about serving many sessions, not about a cold graph: on a fresh graph
    under load, the first list and network queries read their pages from disk and can run past
    the agent's query timeout (seen: 6 timeouts in the first run, none after). A few seconds of
    questions, as before, did not reach every question when answers took longer than that.
    """
    chat = ChatSession(url, await login_cookie(url, "load", USERS["load"]))
    await chat.connect()
    failed = []
    try:
        for q in QUESTIONS:
            out = await chat.ask(q, timeout=180)
            if out.errors or not out.answer:
                failed.append(q)
    finally:
        await chat.close()
    return failed


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def server_pids(settings: Settings, postgres: bool) -> tuple[list[int], list[int]]:
    """Neo4j's and Postgres' server pids, when they are the managed ones (else empty)."""
    from shabgraph import neo4j_server, postgres_server

    neo4j = neo4j_server.status(settings).pid if settings.managed else None
    pg = postgres_server.status(settings).pid if postgres else None
    return [neo4j] if neo4j else [], [pg] if pg else []


def meter(settings: Settings, server: AppServer, postgres: bool) -> CpuMeter:
    """CPU counters of the configuration under load, this client and the machine."""
    neo4j, pg = server_pids(settings, postgres)
    if isinstance(server, WorkersServer):
        proxy = [server.proc.pid]
        workers = [pid for _, (_, pid) in sorted(server.workers().items())]
    else:
        workers, proxy = [server.proc.pid], []
    return CpuMeter(
        {
            "workers": (workers, False),
            "proxy": (proxy, False),
            "neo4j": (neo4j, False),
            "postgres": (pg, True),
            "client": ([os.getpid()], False),
        }
        | {f"worker {i}": ([pid], False) for i, pid in enumerate(workers)}
    )


def database_for(settings: Settings, store: str, name: str) -> dict[str, str]:
    """The environment that puts a configuration's threads in a fresh Postgres database."""
    if store != "postgres":
        return {}
    from shabgraph import postgres_server

    postgres_server.start(settings)  # a no-op when it runs
    url = postgres_server.create_database(settings, name, fresh=True)
    return {
        "SHABGRAPH_DATABASE_URL": url,
        "SHABGRAPH_POSTGRES_INSTANCE": settings.postgres_instance,
        "SHABGRAPH_POSTGRES_PORT": str(settings.postgres_port),
    }


def start(settings: Settings, workers: int, port: int, args: argparse.Namespace) -> AppServer:
    data = Path(tempfile.mkdtemp(prefix=f"bench-ui-w{workers}-"))
    env = {"SHABGRAPH_UI_USERS": "load:load-pw"}
    env |= database_for(settings, args.store, f"bench_ui_w{workers}")
    if workers == 1:
        return start_app(settings, port, data, agent_factory=args.agent, extra_env=env)
    return start_workers(settings, port, data, workers, agent_factory=args.agent, extra_env=env)


def measure(
    console: Console,
    settings: Settings,
    args: argparse.Namespace,
    workers: int,
    url: str,
    server: AppServer | None,
) -> list[RunResult]:
    results = []
    failed = asyncio.run(warm_up(url))
    if failed:
        console.print(f"  warm-up: {len(failed)} of {len(QUESTIONS)} questions failed: {failed}")
    for sessions in args.sessions:
        cpu = meter(settings, server, args.store == "postgres") if server else None
        times, errors, wall = asyncio.run(run_load(url, sessions, args.seconds))
        spent = cpu.since() if cpu else {}
        results.append(RunResult(workers, sessions, times, errors, wall, spent))
        console.print(
            f"  {workers} worker(s), {sessions} sessions: {len(times)} answers, {len(errors)} errors"
        )
    return results


def report(console: Console, results: list[RunResult], args: argparse.Namespace) -> None:
    table = Table(
        title=f"UI load, {args.seconds:.0f} s per run, offline planner, threads in {args.store}"
    )
    for col in ("workers", "sessions", "answers", "errors", "answers/s", "p50 s", "p95 s", "max s"):
        table.add_column(col, justify="right")
    for col in CPU_GROUPS:
        table.add_column(f"cpu {col}", justify="right")
    for r in results:
        stats = (
            [
                f"{statistics.median(r.times):.2f}",
                f"{percentile(r.times, 0.95):.2f}",
                f"{max(r.times):.2f}",
            ]
            if r.times
            else ["-", "-", "-"]
        )
        cpu = [f"{r.cpu[g] / r.wall:.2f}" if g in r.cpu else "-" for g in CPU_GROUPS]
        table.add_row(
            str(r.workers),
            str(r.sessions),
            str(len(r.times)),
            str(len(r.errors)),
            f"{len(r.times) / r.wall:.2f}",
            *stats,
            *cpu,
        )
    console.print(table)
    console.print(
        "cpu columns: cores busy on average (CPU seconds / wall seconds); machine = all processes"
    )
    for r in results:  # each worker's share, and what the rest of the machine took meanwhile
        each = ", ".join(
            f"{g} {r.cpu[g] / r.wall:.2f}" for g in sorted(r.cpu) if g.startswith("worker ")
        )
        ours = sum(r.cpu.get(g, 0.0) for g in CPU_GROUPS if g != "machine")
        others = (r.cpu.get("machine", 0.0) - ours) / r.wall
        console.print(
            f"{r.workers} worker(s), {r.sessions} sessions: cores busy per worker: {each}; "
            f"other processes on the machine: {others:.2f} cores"
        )
    base = {r.sessions: len(r.times) / r.wall for r in results if r.workers == 1}
    for r in results:
        if r.workers > 1 and base.get(r.sessions):
            ratio = len(r.times) / r.wall / base[r.sessions]
            console.print(
                f"{r.workers} workers vs 1 at {r.sessions} sessions: {ratio:.2f}x answers/s"
            )
    for r in results:
        for err in r.errors[:5]:
            console.print(f"[red]error[/red] ({r.workers} workers, {r.sessions} sessions) {err}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", default="1,2", help="worker counts to compare, e.g. 1,2")
    ap.add_argument("--sessions", default="20,40", help="concurrent sessions per run, e.g. 20,40")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--store", choices=("postgres", "sqlite"), default="postgres")
    ap.add_argument(
        "--port", type=int, default=8714, help="the app's (or proxy's) port; workers next"
    )
    ap.add_argument("--url", default=None, help="an app already running (needs user load/load-pw)")
    ap.add_argument("--agent", default="ui.agent_bridge:create_agent")
    args = ap.parse_args()
    args.sessions = [int(s) for s in args.sessions.split(",")]
    console = Console(width=200)
    settings = Settings()
    results: list[RunResult] = []
    if args.url:
        results += measure(console, settings, args, 0, args.url, None)
    for workers in [] if args.url else [int(w) for w in args.workers.split(",")]:
        server = start(settings, workers, args.port, args)
        console.print(
            f"{workers} worker(s) on {server.url} (Neo4j {settings.bolt_uri}, {args.store})"
        )
        try:
            results += measure(console, settings, args, workers, server.url, server)
        finally:
            server.stop()
    report(console, results, args)


if __name__ == "__main__":
    main()
