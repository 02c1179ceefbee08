"""Derived properties that let the ranking tools avoid a scan of every node.

`get_top_entities` ranks persons by the number of companies they hold a role in and companies
by their number of notices. Counting those per query means expanding every Person's or
Company's edges (hundreds of thousands of nodes on a large graph); stored counts with a range
index (`shabgraph/schema.py`) turn the unfiltered rankings into an index-ordered read.

Written properties (all integers, recomputed from scratch each time, so re-runs converge):
  Person.mandates          distinct companies with a HOLDS_ROLE edge from the person
  Person.current_mandates  the same, counting only open roles (valid_to null)
  Company.event_count      HAS_EVENT notices of the company
  DerivedCounts nodes      the answers of `count_entities_by_event` without a filter or with one
                           filter on canton, sub-rubric or event type, per-year tables for
                           whole-year periods without a filter or with a canton
                           (tools/event_counts.py), and
                           the top persons by (current) mandates per canton

`shabgraph ingest` calls `refresh_derived` once at its end. A graph written any other way has no
counts: the tools then fall back to counting (same results, slower).
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from typing import Any, Final

from neo4j import Driver
from pydantic import BaseModel, Field

from tools.event_counts import (
    GROUP_EXPRESSIONS,
    PERIOD_FILTERS,
    STORED_FILTERS,
    WRITE_STORED,
    period_queries,
    scan_query,
)

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


def _period_table(
    driver: Driver, database: str, group_by: str, dimension: str
) -> dict[str, list[dict[str, Any]]]:
    """Per filter value: each group's per-year notices and first/last-year company histograms."""
    years_query, companies_query = period_queries(group_by, dimension)
    groups: dict[tuple[str, Any], dict[str, Any]] = {}

    def entry(fval: Any, group: Any) -> dict[str, Any]:
        key = (str(fval), group)
        if key not in groups:
            groups[key] = {"group": group, "years": {}, "first": {}, "last": {}}
        return groups[key]

    rows, _, _ = driver.execute_query(years_query, database_=database)
    for row in rows:
        if row["fval"] is not None:  # a filter value never matches a missing property
            entry(row["fval"], row["group"])["years"][str(row["year"])] = [
                row["events"],
                row["first_pub"],
                row["last_pub"],
            ]
    rows, _, _ = driver.execute_query(companies_query, database_=database)
    for row in rows:
        if row["fval"] is not None:
            entry(row["fval"], row["group"])[row["side"]][str(row["year"])] = row["companies"]
    table: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for (fval, _), grp in groups.items():
        table[fval].append(grp)
    return table


def _store_event_counts(driver: Driver, database: str) -> int:
    """Precompute count_entities_by_event per group-by and stored filter dimension."""
    records, _, _ = driver.execute_query("MATCH (e:Event) RETURN count(e) AS n", database_=database)
    events = records[0]["n"]
    written = 0
    for group_by in GROUP_EXPRESSIONS:
        for dimension in STORED_FILTERS:
            rows, _, _ = driver.execute_query(scan_query(group_by, dimension), database_=database)
            by_value: dict[str, list[dict[str, Any]]] = defaultdict(list)
            for row in rows:
                if row["fval"] is not None:  # a filter value never matches a missing property
                    by_value[str(row["fval"])].append(
                        {k: row[k] for k in ("group", "events", "companies", "pubs")}
                    )
            driver.execute_query(
                WRITE_STORED,
                {
                    "key": f"{group_by}|{dimension}",
                    "events": events,
                    "rows_json": json.dumps(by_value),
                },
                database_=database,
            )
            written += 1
    for group_by in GROUP_EXPRESSIONS:
        for dimension in PERIOD_FILTERS:
            driver.execute_query(
                WRITE_STORED,
                {
                    "key": f"{group_by}|{dimension}|period",
                    "events": events,
                    "rows_json": json.dumps(_period_table(driver, database, group_by, dimension)),
                },
                database_=database,
            )
            written += 1
    for metric in ("mandates", "current_mandates"):
        rows, _, _ = driver.execute_query(
            MANDATES_BY_CANTON,
            {"current_only": metric == "current_mandates", "keep": TOP_MANDATES_KEPT},
            database_=database,
        )
        driver.execute_query(
            WRITE_STORED,
            {
                "key": f"{metric}|canton",
                "events": events,
                "rows_json": json.dumps({r["canton"]: r["top"] for r in rows}),
            },
            database_=database,
        )
        written += 1
    return written


def refresh_derived(driver: Driver, database: str = "neo4j") -> DerivedSummary:
    """Recompute every derived count (idempotent; run after any write to the graph)."""
    started = time.perf_counter()
    with driver.session(database=database) as session:
        # CALL {...} IN TRANSACTIONS needs an implicit (auto-commit) transaction.
        for query in (REFRESH_PERSONS, REFRESH_COMPANIES):
            session.run(query, batch=BATCH_ROWS).consume()
    tables = _store_event_counts(driver, database)
    records, _, _ = driver.execute_query(DERIVED_COUNTS, database_=database)
    row = records[0] if records else {"persons": 0, "companies": 0}
    return DerivedSummary(
        persons=row["persons"],
        companies=row["companies"],
        count_tables=tables,
        seconds=round(time.perf_counter() - started, 2),
    )
