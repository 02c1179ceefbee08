"""A notice already in the graph under the same publication number, with other content.

Every Event stores the content checksum of its notice (`Publication.content_checksum`). Before
a later run writes its events, their numbers are looked up: the same checksum is a re-run (the
write is idempotent and goes ahead), another checksum is a conflicting duplicate and is refused
(the stored notice is kept; docs/sources.md says why). Events written before checksums existed
have none and are overwritten as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from neo4j import Driver

from ingestion.sources.duplicates import conflict
from ingestion.sources.rejects import Reject

STORED_CHECKSUMS: Final = """
UNWIND $numbers AS n
MATCH (e:Event {pub_number: n})
WHERE e.content_sha IS NOT NULL
RETURN n AS number, e.content_sha AS sha, e.source AS source
"""


def stored_conflicts(
    driver: Driver, database: str, events: Sequence[tuple[dict[str, Any], str | None]]
) -> list[tuple[str, Reject]]:
    """(number, reject) of every event row whose number the graph holds with other content;
    `events` are (event row, location in its file)."""
    if not events:
        return []
    numbers = [row["pub_number"] for row, _ in events]
    records, _, _ = driver.execute_query(STORED_CHECKSUMS, numbers=numbers, database_=database)
    stored = {r["number"]: (r["sha"], r["source"]) for r in records}
    out: list[tuple[str, Reject]] = []
    for row, location in events:
        number = row["pub_number"]
        if number not in stored or stored[number][0] == row["content_sha"]:
            continue
        sha, source = stored[number]
        kept_at = f"the graph (read from {source})"
        reject = conflict(
            row["source"], location, number, kept_at, sha, row["content_sha"], row["text"]
        )
        out.append((number, reject))
    return out
