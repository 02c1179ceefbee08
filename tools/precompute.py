"""Derived properties that let the ranking tools avoid a scan of every node.

`get_top_entities` ranks persons by the number of companies they hold a role in and companies
by their number of notices. Counting those per query means expanding every Person's or
Company's edges (hundreds of thousands of nodes on a large graph); stored counts with a range
index (`shabgraph/schema.py`) turn the unfiltered rankings into an index-ordered read.

Written properties (all integers, recomputed from scratch each time, so re-runs converge):
  Person.mandates          distinct companies with a HOLDS_ROLE edge from the person
  Person.current_mandates  the same, counting only open roles (valid_to null)
  Company.event_count      HAS_EVENT notices of the company

`shabgraph ingest` calls `refresh_derived` once at its end. A graph written any other way has no
counts: the tools then fall back to counting (same results, slower).
"""

from __future__ import annotations

import time
from typing import Final

from neo4j import Driver
from pydantic import BaseModel, Field

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

DERIVED_COUNTS: Final = """
MATCH (p:Person) WHERE p.mandates IS NOT NULL WITH count(p) AS persons
MATCH (c:Company) WHERE c.event_count IS NOT NULL
RETURN persons, count(c) AS companies
"""


class DerivedSummary(BaseModel):
    """What `refresh_derived` wrote."""

    persons: int = Field(0, description="Person nodes that now carry mandate counts.")
    companies: int = Field(0, description="Company nodes that now carry an event count.")
    seconds: float = Field(0.0, description="Wall time of the refresh.")


def refresh_derived(driver: Driver, database: str = "neo4j") -> DerivedSummary:
    """Recompute every derived count (idempotent; run after any write to the graph)."""
    started = time.perf_counter()
    with driver.session(database=database) as session:
        # CALL {...} IN TRANSACTIONS needs an implicit (auto-commit) transaction.
        for query in (REFRESH_PERSONS, REFRESH_COMPANIES):
            session.run(query, batch=BATCH_ROWS).consume()
    records, _, _ = driver.execute_query(DERIVED_COUNTS, database_=database)
    row = records[0] if records else {"persons": 0, "companies": 0}
    return DerivedSummary(persons=row["persons"], companies=row["companies"],
                          seconds=round(time.perf_counter() - started, 2))
