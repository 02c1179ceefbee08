"""The derived-counts stage of the build: stored counts that let the ranking tools avoid a scan.

`get_top_entities` ranks persons by the number of companies they hold a role in and companies
by their number of notices. Counting those per query means expanding every Person's or
Company's edges (hundreds of thousands of nodes on a large graph); stored counts with a range
index (`shabgraph/schema.py`) turn the unfiltered rankings into an index-ordered read.

Written properties (all integers, recomputed from scratch each time, so re-runs converge):
  Person.mandates          distinct companies with a HOLDS_ROLE edge from the person
  Person.current_mandates  the same, counting only open roles (valid_to null)
  Company.event_count      HAS_EVENT notices of the company
  Company.seat_canton      a company without a canton of its own (named in a text only): the
                           canton of the strong companies with the same seat key, if one
  Person.residence_canton  the same for a residence the build could not place by its writing
  DerivedCounts nodes      the answers of `count_entities_by_event` without a filter or with one
                           filter on canton, sub-rubric or event type, per-year tables for
                           whole-year periods without a filter or with a canton
                           (read by tools/event_counts.py; keys in shabgraph/derived_counts.py),
                           and the top persons by (current) mandates per canton

The build (`ingest_paths`) runs `refresh_derived` as its last stage. A graph written any other
way has no counts: the tools then fall back to counting (same results, slower).
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

from neo4j import Driver
from pydantic import BaseModel, Field

from ingestion.graph.count_tables import count_tables
from ingestion.graph.event_columns import read_event_columns
from shabgraph.derived_counts import DERIVED_LABEL, MANDATE_METRICS, mandates_key

BATCH_ROWS: Final = 10000
"""Nodes per inner transaction of the batched write (bounded memory on a 1M-notice graph)."""

# One batched auto-commit write per label; COUNT {} subqueries use the relationship degree
# store where they can, so each node costs a few page reads.
REFRESH_PERSONS: Final = """
MATCH (p:Person)
CALL (p) {
  WITH p,
       COUNT { MATCH (p)-[:HOLDS_ROLE]->(c:Company) RETURN DISTINCT c } AS mandates,
       COUNT { MATCH (p)-[r:HOLDS_ROLE]->(c:Company) WHERE r.valid_to IS NULL RETURN DISTINCT c }
         AS current_mandates
  SET p.mandates = mandates, p.current_mandates = current_mandates
} IN TRANSACTIONS OF $batch ROWS
"""

REFRESH_COMPANIES: Final = """
MATCH (c:Company)
CALL (c) {
  WITH c, COUNT { (c)-[:HAS_EVENT]->(:Event) } AS event_count
  SET c.event_count = event_count
} IN TRANSACTIONS OF $batch ROWS
"""

# A municipality lies in the canton the register files the firms seated there under: a company
# known only from a text mention (an audit firm, a partner) gets the canton of the strong
# companies with its seat key, when they all agree (`Wangen` of SZ and of SO stay open).
REFRESH_SEAT_CANTONS: Final = """
MATCH (s:Company)
WHERE s.seat_key IS NOT NULL AND s.canton IS NOT NULL
WITH s.seat_key AS key, collect(DISTINCT s.canton) AS cantons
WHERE size(cantons) = 1
CALL (key, cantons) {
  MATCH (w:Company {seat_key: key})
  WHERE w.canton IS NULL AND w.seat_canton IS NULL
  SET w.seat_canton = cantons[0]
} IN TRANSACTIONS OF $batch ROWS
"""

REFRESH_RESIDENCE_CANTONS: Final = """
MATCH (s:Company)
WHERE s.seat_key IS NOT NULL AND s.canton IS NOT NULL
WITH s.seat_key AS key, collect(DISTINCT s.canton) AS cantons
WHERE size(cantons) = 1
CALL (key, cantons) {
  MATCH (p:Person {residence_key: key})
  WHERE p.residence_canton IS NULL AND p.residence_country IS NULL
  SET p.residence_canton = cantons[0]
} IN TRANSACTIONS OF $batch ROWS
"""
"""A person's residence lies in the canton of the firms seated there, when they agree (the
residence's own writing, set by the build, comes first)."""

SEAT_KEYS_PER_TRANSACTION: Final = 100
"""Seat keys per inner transaction of the seat-canton write (a big town's key has many weak
companies)."""

TOP_MANDATES_KEPT: Final = 100
"""Persons stored per canton for the mandate rankings (the tool's largest `limit`)."""

# Same order as the live ranking (value, then name), so the first `limit` stored are its answer.
MANDATES_BY_CANTON: Final = """
MATCH (p:Person)-[r:HOLDS_ROLE]->(c:Company)
WHERE c.canton IS NOT NULL AND (NOT $current_only OR r.valid_to IS NULL)
WITH c.canton AS canton, p, count(DISTINCT c) AS value
ORDER BY canton, value DESC, p.full_name
WITH canton, collect({id: p.id, value: value})[0..$keep] AS top
RETURN canton, top
"""

WRITE_STORED: Final = f"""
MERGE (d:{DERIVED_LABEL} {{key: $key}})
SET d.events = $events, d.rows_json = $rows_json, d.computed_at = datetime()
"""

DERIVED_COUNTS: Final = """
MATCH (p:Person) WHERE p.mandates IS NOT NULL WITH count(p) AS persons
MATCH (c:Company) WHERE c.event_count IS NOT NULL
RETURN persons, count(c) AS companies
"""


class DerivedSummary(BaseModel):
    """What `refresh_derived` wrote."""

    persons: int = Field(0, description="Person nodes that now carry mandate counts.")
    companies: int = Field(0, description="Company nodes that now carry an event count.")
    count_tables: int = Field(0, description="DerivedCounts nodes written (group-by x filter).")
    seconds: float = Field(0.0, description="Wall time of the refresh.")


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Reading a million notices makes millions of small lists and tuples, none of them cyclic;
    the cyclic collector would re-walk them all again and again (half the read's CPU)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _write_table(driver: Driver, database: str, key: str, events: int, rows: Any) -> None:
    driver.execute_query(
        WRITE_STORED,
        {"key": key, "events": events, "rows_json": json.dumps(rows)},
        database_=database,
    )


def _store_event_counts(driver: Driver, database: str) -> int:
    """Precompute count_entities_by_event per group-by and stored filter dimension."""
    with _cyclic_gc_paused():
        columns = read_event_columns(driver, database)
        events = len(columns)
        tables = count_tables(columns)
    del columns  # the tables no longer need the notices
    for key, rows in tables.items():
        _write_table(driver, database, key, events, rows)
    for metric in MANDATE_METRICS:
        records, _, _ = driver.execute_query(
            MANDATES_BY_CANTON,
            {"current_only": metric == "current_mandates", "keep": TOP_MANDATES_KEPT},
            database_=database,
        )
        top = {r["canton"]: r["top"] for r in records}
        _write_table(driver, database, mandates_key(metric), events, top)
    return len(tables) + 2


def refresh_derived(driver: Driver, database: str = "neo4j") -> DerivedSummary:
    """Recompute every derived count (idempotent; run after any write to the graph)."""
    started = time.perf_counter()
    with driver.session(database=database) as session:
        # CALL {...} IN TRANSACTIONS needs an implicit (auto-commit) transaction.
        for query in (REFRESH_PERSONS, REFRESH_COMPANIES):
            session.run(query, batch=BATCH_ROWS).consume()
        for query in (REFRESH_SEAT_CANTONS, REFRESH_RESIDENCE_CANTONS):
            session.run(query, batch=SEAT_KEYS_PER_TRANSACTION).consume()
    tables = _store_event_counts(driver, database)
    records, _, _ = driver.execute_query(DERIVED_COUNTS, database_=database)
    row = records[0] if records else {"persons": 0, "companies": 0}
    return DerivedSummary(
        persons=row["persons"],
        companies=row["companies"],
        count_tables=tables,
        seconds=round(time.perf_counter() - started, 2),
    )
