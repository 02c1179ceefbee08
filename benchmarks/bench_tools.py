"""Latency of each graph tool (p50 / p95) on whatever graph the NEO4J settings point to.

Realistic calls are built from the graph itself (sampled company and person ids and names),
so the script works on the fixture graph and on the million-notice graph alike:

    .venv/bin/python -m benchmarks.bench_tools --calls 200
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.progress import track
from rich.table import Table

from shabgraph import db
from shabgraph.settings import Settings
from tools.base import ToolContext
from tools.registry import call_tool

SAMPLE_COMPANIES = ("MATCH (c:Company) WHERE c.strength = 'strong' WITH c LIMIT 5000 "
                    "RETURN c.id AS id, c.name AS name, c.canton AS canton")
SAMPLE_PERSONS = "MATCH (p:Person) WITH p LIMIT 5000 RETURN p.id AS id, p.full_name AS name"
TARGETS_MS = {"search_companies": 50, "explore_network": 50, "get_node_history": 50,
              "global_text_search": 300, "get_top_entities": 300, "count_entities_by_event": 300,
              "run_cypher": 300}


def _typo(name: str, rng: random.Random) -> str:
    """A realistic misspelling: drop one letter of a longer word."""
    words = name.split()
    i = rng.randrange(len(words))
    w = words[i]
    if len(w) > 4:
        j = rng.randrange(1, len(w) - 1)
        words[i] = w[:j] + w[j + 1:]
    return " ".join(words)


def call_makers(companies: list[dict[str, Any]], persons: list[dict[str, Any]],
                rng: random.Random) -> dict[str, Callable[[], dict[str, Any]]]:
    """Argument generators per tool."""
    ents = companies + persons
    cantons = sorted({c["canton"] for c in companies if c["canton"]}) or ["ZH"]
    return {
        "search_companies": lambda: {"query": _typo(rng.choice(ents)["name"], rng)},
        "explore_network": lambda: {"entity_id": rng.choice(ents)["id"], "hops": 2, "limit": 50},
        "get_node_history": lambda: {"entity_id": rng.choice(ents)["id"]},
        "global_text_search": lambda: {"query": rng.choice(ents)["name"].split()[0]},
        "get_top_entities": lambda: {"metric": rng.choice(["capital", "events", "mandates"]),
                                     "canton": rng.choice([None, *cantons])},
        "count_entities_by_event": lambda: {"group_by": rng.choice(["event_type", "sub_rubric"]),
                                            "canton": rng.choice([None, *cantons])},
        "run_cypher": lambda: {"query": "MATCH (c:Company {id: $id})<-[r:HOLDS_ROLE]-(p) "
                                        "RETURN p.id AS id, r.role AS role, r.pubs AS pubs",
                               "params": {"id": rng.choice(companies)["id"]}},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=200, help="calls per tool")
    parser.add_argument("--seed", type=int, default=7)
    opts = parser.parse_args()
    console = Console()
    settings = Settings()
    rng = random.Random(opts.seed)
    with db.open_driver(settings) as driver:
        ctx = ToolContext(driver=driver, database=settings.neo4j_database)
        companies = db.read(driver, settings.neo4j_database, SAMPLE_COMPANIES)
        persons = db.read(driver, settings.neo4j_database, SAMPLE_PERSONS)
        events = db.read(driver, settings.neo4j_database, "MATCH (e:Event) RETURN count(e) AS n")[0]["n"]
        if not companies:
            raise SystemExit("The graph has no companies: load one first.")
        console.print(f"Graph at {settings.bolt_uri}: {events:,} events; sampled "
                      f"{len(companies)} companies, {len(persons)} persons.")
        table = Table("tool", "calls", "p50 ms", "p95 ms", "max ms", "target p95", "errors", "empty")
        for name, make in call_makers(companies, persons, rng).items():
            for _ in range(3):  # warm the plan cache
                call_tool(ctx, name, make())
            times, errors, empty = [], 0, 0
            for _ in track(range(opts.calls), description=name, console=console, transient=True):
                result = call_tool(ctx, name, make())
                times.append(result.ms)
                errors += result.outcome == "error"
                empty += result.outcome == "empty"
            q = statistics.quantiles(times, n=20)
            table.add_row(name, str(len(times)), f"{statistics.median(times):.1f}", f"{q[18]:.1f}",
                          f"{max(times):.1f}", f"< {TARGETS_MS[name]}", str(errors), str(empty))
        console.print(table)


if __name__ == "__main__":
    main()
