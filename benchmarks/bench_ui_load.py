"""Load on the chat app: N concurrent socket.io sessions asking offline-planner questions.

Usage: `python benchmarks/bench_ui_load.py [--sessions 20] [--seconds 60] [--port 8714]
[--url URL] [--agent ui.agent_bridge:create_agent]`. Without --url it starts the app itself
(offline planner, threads in a temporary folder) against the configured Neo4j — by default the
managed `main` instance; set SHABGRAPH_NEO4J_INSTANCE / ports to use another. Each session logs
in, opens a thread and asks questions from a fixed list in turn until the time is up. Prints
answers, errors, throughput and the p50 / p95 / max answer time (question sent -> run ended).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ui_client import ChatSession, login_cookie
from shabgraph.settings import Settings

QUESTIONS = [
    "Who is Anna Beispiel?",
    "Wer sitzt im Verwaltungsrat der Muster Holding AG?",
    "Quelles sociétés ont été radiées en 2023 ?",
    "Show the network of Muster Holding AG",
    "Quante società sono state cancellate in Ticino nel 2023?",
]
USERS = {"load": "load-pw"}


async def session(
    url: str,
    idx: int,
    until: float,
    times: list[float],
    errors: list[str],
    progress: Progress,
    task: int,
) -> None:
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
            progress.advance(task)
    finally:
        await chat.close()


async def run_load(url: str, sessions: int, seconds: float) -> tuple[list[float], list[str], float]:
    times: list[float] = []
    errors: list[str] = []
    with Progress(
        TextColumn("[bold]answers"),
        BarColumn(),
        TextColumn("{task.completed}"),
        TimeRemainingColumn(),
    ) as progress:
        task = progress.add_task("load", total=None)
        t0 = time.monotonic()
        until = t0 + seconds
        await asyncio.gather(
            *(session(url, i, until, times, errors, progress, task) for i in range(sessions))
        )
        wall = time.monotonic() - t0
    return times, errors, wall


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--port", type=int, default=8714)
    ap.add_argument("--url", default=None, help="an app already running (needs user load/load-pw)")
    ap.add_argument("--agent", default="ui.agent_bridge:create_agent")
    args = ap.parse_args()
    console = Console()
    server = None
    url = args.url
    if url is None:
        from benchmarks.ui_server import start_app

        settings = Settings()
        data = Path(tempfile.mkdtemp(prefix="bench-ui-"))
        server = start_app(
            settings,
            args.port,
            data,
            agent_factory=args.agent,
            extra_env={"SHABGRAPH_UI_USERS": "load:load-pw"},
        )
        url = server.url
        console.print(f"app on {url} (Neo4j {settings.bolt_uri}, threads in {data})")
    try:
        times, errors, wall = asyncio.run(run_load(url, args.sessions, args.seconds))
    finally:
        if server:
            server.stop()
    table = Table(title=f"{args.sessions} sessions, {args.seconds:.0f} s, offline planner")
    for col in ("answers", "errors", "answers/s", "p50 s", "p95 s", "max s"):
        table.add_column(col, justify="right")
    if times:
        table.add_row(
            str(len(times)),
            str(len(errors)),
            f"{len(times) / wall:.2f}",
            f"{statistics.median(times):.2f}",
            f"{percentile(times, 0.95):.2f}",
            f"{max(times):.2f}",
        )
    else:
        table.add_row("0", str(len(errors)), "0", "-", "-", "-")
    console.print(table)
    for err in errors[:10]:
        console.print(f"[red]error[/red] {err}")


if __name__ == "__main__":
    main()
