"""Offline-planner latency, end to end (`AgentService.ask`, process warm): p50 / p95 per intent.

    python benchmarks/bench_agent.py                 # the configured graph (e.g. the 1M graph)
    python benchmarks/bench_agent.py --fixture       # the test fixture graph on the test instance
                                                     # (SHABGRAPH_TEST_* variables; it is wiped)

Questions are generated from the graph itself (names sampled with one read query) in the four
languages and every intent, so the same script runs on any graph. Targets (issue 7): p50 < 150 ms,
p95 < 500 ms on the 1M-notice graph.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graph_agent.checkpoint import open_checkpointer
from graph_agent.service import AgentService
from shabgraph import db
from shabgraph.settings import Settings

SAMPLE_NAMES = """
MATCH (c:Company) WHERE c.strength = 'strong' AND c.name IS NOT NULL
WITH c, rand() AS r ORDER BY r LIMIT $n
RETURN c.name AS name, 'company' AS kind
UNION ALL
MATCH (p:Person) WHERE p.full_name IS NOT NULL
WITH p, rand() AS r ORDER BY r LIMIT $n
RETURN p.full_name AS name, 'person' AS kind
"""
COUNTS = "MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n ORDER BY label"

COMPANY_TEMPLATES = [
    ("network", "Wer sitzt im Verwaltungsrat der {name}?"),
    ("network", "Quelles sont les succursales de {name} ?"),
    ("history", "Storia di {name}"),
    ("history", "Show me the history of {name}"),
    ("lookup", "What is {name}?"),
    ("network", "Who was on the board of {name} on 1 March 2021?"),
]
PERSON_TEMPLATES = [
    ("lookup", "Qui est {name} ?"),
    ("network", "Welche Mandate hat {name}?"),
]
MACRO = [
    ("count", "How many companies went bankrupt in 2021?"),
    ("count", "Wie viele Firmen wurden im Kanton Zürich gelöscht?"),
    ("count", "Combien de fusions en 2020 ?"),
    ("top", "Le 10 società con il capitale più alto in Ticino"),
    ("top", "Top 10 companies by capital"),
    ("text", "Welche Meldungen erwähnen Konkursgericht?"),
]


def questions(names: list[dict[str, Any]], n: int, seed: int) -> list[tuple[str, str]]:
    """(task, question) pairs, mixed over intents and languages."""
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    companies = [r["name"] for r in names if r["kind"] == "company"] or ["Alpha AG"]
    persons = [r["name"] for r in names if r["kind"] == "person"] or ["Hans Muster"]
    while len(out) < n:
        roll = rng.random()
        if roll < 0.55:
            task, tpl = rng.choice(COMPANY_TEMPLATES)
            out.append((task, tpl.format(name=rng.choice(companies))))
        elif roll < 0.75:
            task, tpl = rng.choice(PERSON_TEMPLATES)
            out.append((task, tpl.format(name=rng.choice(persons))))
        else:
            out.append(rng.choice(MACRO))
    return out


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def steps_summary(res: Any) -> str:
    """The tools a turn called, with how many times and their total ms ("search_companies 1x 90")."""
    seen: dict[str, list[float]] = {}
    for step in res.trace.steps:
        seen.setdefault(step.tool, []).append(step.ms)
    return ", ".join(f"{tool} {len(ms)}x {sum(ms):.0f}" for tool, ms in seen.items())


def load() -> str:
    """The machine's load average (1, 5, 15 min): latencies on a shared machine depend on it."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


async def run(
    settings: Settings, n: int, warmup: int, seed: int, console: Console, slowest: int = 0
) -> None:
    load_start = load()
    with db.open_driver(settings) as driver:
        counts = db.read(driver, settings.neo4j_database, COUNTS)
        names = db.read(driver, settings.neo4j_database, SAMPLE_NAMES, n=max(20, n // 4))
        qs = questions(names, n + warmup, seed)
        with tempfile.TemporaryDirectory() as tmp:
            local = settings.model_copy(update={"data_dir": Path(tmp)})
            async with open_checkpointer(local) as saver:
                agent = AgentService(local, driver, saver, planner="offline")
                times: dict[str, list[float]] = {}
                forms: dict[str, int] = {}
                slow: list[tuple[float, str, str, str]] = []
                errors = 0
                with Progress(console=console, transient=True) as progress:
                    bar = progress.add_task("asking", total=len(qs))
                    for i, (task, q) in enumerate(qs):
                        start = time.perf_counter()
                        res = await agent.ask(q, f"bench-{i}")
                        ms = (time.perf_counter() - start) * 1000
                        progress.advance(bar)
                        if i < warmup:
                            continue
                        times.setdefault(task, []).append(ms)
                        slow.append((ms, task, q, steps_summary(res)))
                        form = res.trace.synthesis_form or "?"
                        forms[form] = forms.get(form, 0) + 1
                        errors += res.trace.error is not None
    graph = ", ".join(f"{r['label']} {r['n']:,}" for r in counts)
    console.print(f"graph: {graph}")
    table = Table(title=f"offline planner, end to end ({n} questions after {warmup} warm-up)")
    for col in ("task", "n", "p50 ms", "p95 ms", "mean ms"):
        table.add_column(col, justify="right" if col != "task" else "left")
    every = [t for ts in times.values() for t in ts]
    for task, ts in sorted(times.items()):
        table.add_row(
            task,
            str(len(ts)),
            f"{pct(ts, 50):.0f}",
            f"{pct(ts, 95):.0f}",
            f"{statistics.mean(ts):.0f}",
        )
    table.add_row(
        "all",
        str(len(every)),
        f"{pct(every, 50):.0f}",
        f"{pct(every, 95):.0f}",
        f"{statistics.mean(every):.0f}",
    )
    console.print(table)
    console.print(f"forms: {forms}; turns ending in error: {errors}")
    console.print(f"load average (1, 5, 15 min): at start {load_start}, at end {load()}")
    for ms, task, q, steps in sorted(slow, reverse=True)[:slowest]:
        console.print(f"slow: {ms:.0f} ms [{task}] {q} -> {steps}", markup=False, highlight=False)
    console.print(
        f"targets: p50 < 150 ms ({'met' if pct(every, 50) < 150 else 'MISSED'}), "
        f"p95 < 500 ms ({'met' if pct(every, 95) < 500 else 'MISSED'})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=200, help="questions measured")
    parser.add_argument("--warmup", type=int, default=20, help="questions asked first, unmeasured")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--slowest", type=int, default=0, help="print the N slowest questions and their tools"
    )
    parser.add_argument(
        "--fixture",
        action="store_true",
        help="load the fixture graph into the configured instance (never `main`) and use it",
    )
    args = parser.parse_args()
    console = Console()
    settings = Settings()
    if args.fixture:
        from evals.fixture_graph import load_fixture_graph

        # Loading wipes the database: point SHABGRAPH_NEO4J_INSTANCE (and ports) at a test one.
        if settings.managed and settings.neo4j_instance == "main":
            raise SystemExit("--fixture wipes the database: set SHABGRAPH_NEO4J_INSTANCE=test")
        with db.open_driver(settings) as driver:
            load_fixture_graph(driver, settings.neo4j_database)
    asyncio.run(run(settings, args.n, args.warmup, args.seed, console, args.slowest))


if __name__ == "__main__":
    main()
