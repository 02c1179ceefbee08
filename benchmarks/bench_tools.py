"""Latency of each graph tool (p50 / p95) on whatever graph the NEO4J settings point to.

Realistic calls are built from the graph itself (sampled company and person ids and names),
so the script works on the fixture graph and on the million-notice graph alike:

    .venv/bin/python -m benchmarks.bench_tools --calls 200 [--repeat 3] [--only search_companies]
"""

from __future__ import annotations

import argparse
import datetime as dt
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

# Random samples over the whole graph (not the first nodes of the store), with a date inside
# each entity's span for the as_of calls.
SAMPLE_COMPANIES = (
    "MATCH (c:Company) WHERE c.strength = 'strong' WITH c, rand() AS r ORDER BY r LIMIT 3000 "
    "RETURN c.id AS id, c.name AS name, c.canton AS canton, "
    "c.first_pub_date AS first, c.last_pub_date AS last"
)
SAMPLE_PERSONS = (
    "MATCH (p:Person) WITH p, rand() AS r ORDER BY r LIMIT 3000 "
    "RETURN p.id AS id, p.full_name AS name"
)
SAMPLE_EVENT_TYPES = "MATCH (e:Event) WITH e LIMIT 5000 UNWIND e.event_types AS t RETURN DISTINCT t"
TARGETS_MS = {
    "search_companies": 50,
    "explore_network": 50,
    "get_node_history": 50,
    "global_text_search": 300,
    "get_top_entities": 300,
    "count_entities_by_event": 300,
    "run_cypher": 300,
}


def _typo(name: str, rng: random.Random) -> str:
    """A realistic misspelling: drop one letter of a longer word."""
    words = name.split()
    i = rng.randrange(len(words))
    w = words[i]
    if len(w) > 4:
        j = rng.randrange(1, len(w) - 1)
        words[i] = w[:j] + w[j + 1 :]
    return " ".join(words)


def _spelling(name: str, rng: random.Random) -> str:
    """How a user types the name: as written, with a typo, without umlauts or accents, partial."""
    choice = rng.random()
    if choice < 0.3:
        return name
    if choice < 0.7:
        return _typo(name, rng)
    if choice < 0.85:
        table = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "é": "e", "è": "e", "à": "a"})
        return name.translate(table)
    return " ".join(name.split()[:2])


def _as_of(entity: dict[str, Any], rng: random.Random) -> str | None:
    """Half of the calls ask for a day inside the entity's span (companies), the rest for now."""
    first, last = entity.get("first"), entity.get("last")
    if first is None or last is None or rng.random() < 0.5:
        return None
    first, last = first.to_native(), last.to_native()
    day: dt.date = first + dt.timedelta(days=rng.randint(0, max(0, (last - first).days)))
    return day.isoformat()


def call_makers(
    companies: list[dict[str, Any]],
    persons: list[dict[str, Any]],
    event_types: list[str],
    rng: random.Random,
) -> dict[str, Callable[[], dict[str, Any]]]:
    """Argument generators per tool."""
    ents = companies + persons
    cantons = sorted({c["canton"] for c in companies if c["canton"]}) or ["ZH"]

    def network() -> dict[str, Any]:
        ent = rng.choice(ents)
        return {"entity_id": ent["id"], "hops": 2, "limit": 50, "as_of": _as_of(ent, rng)}

    def history() -> dict[str, Any]:
        ent = rng.choice(ents)
        return {"entity_id": ent["id"], "as_of": _as_of(ent, rng)}

    def counts() -> dict[str, Any]:
        filters = rng.choice(
            [
                {},
                {"canton": rng.choice(cantons)},
                {"event_type": rng.choice(event_types)},
                {"sub_rubric": rng.choice(["HR01", "HR02", "HR03"])},
                {"canton": rng.choice(cantons), "date_from": "2020-01-01"},
            ]
        )
        return {"group_by": rng.choice(["event_type", "sub_rubric", "canton", "year"]), **filters}

    return {
        "search_companies": lambda: {"query": _spelling(rng.choice(ents)["name"], rng)},
        "explore_network": network,
        "get_node_history": history,
        "global_text_search": lambda: {"query": rng.choice(ents)["name"].split()[0]},
        "get_top_entities": lambda: {
            "metric": rng.choice(["capital", "events", "mandates", "current_mandates"]),
            "canton": rng.choice([None, None, *cantons]),
        },
        "count_entities_by_event": counts,
        "run_cypher": lambda: {
            "query": "MATCH (c:Company {id: $id})<-[r:HOLDS_ROLE]-(p) "
            "RETURN p.id AS id, r.role AS role, r.pubs AS pubs",
            "params": {"id": rng.choice(companies)["id"]},
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=200, help="calls per tool")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", nargs="*", default=None, help="tool names to run (default: all)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help=(
            "run each call N times and keep its fastest time: on a shared, overloaded machine this "
            "separates the query's own cost from time spent waiting for a CPU (default 1: plain)"
        ),
    )
    opts = parser.parse_args()
    console = Console()
    settings = Settings()
    rng = random.Random(opts.seed)
    with db.open_driver(settings) as driver:
        ctx = ToolContext(driver=driver, database=settings.neo4j_database)
        companies = db.read(driver, settings.neo4j_database, SAMPLE_COMPANIES)
        persons = db.read(driver, settings.neo4j_database, SAMPLE_PERSONS)
        events = db.read(driver, settings.neo4j_database, "MATCH (e:Event) RETURN count(e) AS n")[
            0
        ]["n"]
        event_types = [
            r["t"] for r in db.read(driver, settings.neo4j_database, SAMPLE_EVENT_TYPES)
        ] or ["registration"]
        if not companies:
            raise SystemExit("The graph has no companies: load one first.")
        console.print(
            f"Graph at {settings.bolt_uri}: {events:,} events; sampled "
            f"{len(companies)} companies, {len(persons)} persons."
        )
        table = Table(
            "tool", "calls", "p50 ms", "p95 ms", "max ms", "target p95", "errors", "empty"
        )
        for name, make in call_makers(companies, persons, event_types, rng).items():
            if opts.only and name not in opts.only:
                continue
            for _ in range(3):  # warm the plan cache
                call_tool(ctx, name, make())
            times, errors, empty = [], 0, 0
            for _ in track(range(opts.calls), description=name, console=console, transient=True):
                args = make()
                result = min(
                    (call_tool(ctx, name, args) for _ in range(opts.repeat)), key=lambda r: r.ms
                )
                times.append(result.ms)
                errors += result.outcome == "error"
                empty += result.outcome == "empty"
            q = statistics.quantiles(times, n=20)
            table.add_row(
                name,
                str(len(times)),
                f"{statistics.median(times):.1f}",
                f"{q[18]:.1f}",
                f"{max(times):.1f}",
                f"< {TARGETS_MS[name]}",
                str(errors),
                str(empty),
            )
        console.print(table)
        if opts.repeat > 1:
            console.print(
                f"Each call's time is the fastest of {opts.repeat} runs of the same arguments."
            )


if __name__ == "__main__":
    main()
