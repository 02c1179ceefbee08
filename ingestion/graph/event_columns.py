"""The notice properties the stored count tables need, read once in chunks into compact columns.

A Cypher scan per group-by x filter dimension read the million notices about forty times; the
notices are read once instead (EVENT_ROWS, in chunks that bound the server's memory) into
integer-coded columns, and `count_tables` computes every table from them.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any, Final

from neo4j import Driver, RoutingControl

EVENT_CHUNK: Final = 100_000
"""Notices per read of the count tables' input (bounds the server's memory for one read)."""

EVENT_ROWS: Final = """
MATCH (e:Event) WHERE e.pub_number > $after
WITH e ORDER BY e.pub_number LIMIT $limit
RETURN collect([e.event_types, e.sub_rubric, e.canton, e.language, e.pub_date.year,
                e.subject_id, e.pub_number]) AS rows
"""
"""One chunk of notices after publication number `$after`, in publication-number order (keyset
paging on the unique index: no notice read twice or missed, whatever the store's scan order)."""

SINGLE_COLUMNS: Final = ("sub_rubric", "canton", "language", "year")
"""Columns holding one value per notice (UNWIND [value] gives one row, null included)."""


class _Codes:
    """One column interned: each distinct value's code (first-seen order) and each row's code."""

    def __init__(self) -> None:
        self.code: dict[Any, int] = {}
        self.rows = array("i")

    def add(self, values: Iterable[Any]) -> None:
        code = self.code
        self.rows.extend([code.setdefault(v, len(code)) for v in values])

    def values(self) -> list[Any]:
        return list(self.code)


class EventColumns:
    """The notice properties the stored tables need, as compact integer columns.

    Values are interned per column (a handful of cantons, types, languages; one code per
    subject); only pub numbers, unique per notice, stay strings. A million notices take about
    100 MB instead of a million Python rows.
    """

    def __init__(self) -> None:
        self.columns = {name: _Codes() for name in ("event_types", *SINGLE_COLUMNS, "subject_id")}
        self.pubs: list[str | None] = []

    def __len__(self) -> int:
        return len(self.pubs)

    def add(self, rows: Sequence[Sequence[Any]]) -> None:
        """Append notices given as [event_types, sub_rubric, canton, language, year,
        subject_id, pub_number] (EVENT_ROWS)."""
        if not rows:
            return
        types, sub_rubric, canton, language, year, subject, pubs = zip(*rows, strict=True)
        # UNWIND of a null list gives no row, like an empty one.
        self.columns["event_types"].add(tuple(t) if t else () for t in types)
        for name, values in zip(SINGLE_COLUMNS, (sub_rubric, canton, language, year), strict=True):
            self.columns[name].add(values)
        self.columns["subject_id"].add(subject)
        self.pubs.extend(pubs)


def read_event_columns(driver: Driver, database: str) -> EventColumns:
    """Every notice's counted properties, read in chunks of EVENT_CHUNK."""
    columns = EventColumns()
    after = ""
    while True:
        records, _, _ = driver.execute_query(
            EVENT_ROWS,
            {"after": after, "limit": EVENT_CHUNK},
            database_=database,
            routing_=RoutingControl.READ,
        )
        rows = records[0]["rows"]
        columns.add(rows)
        if len(rows) < EVENT_CHUNK:
            return columns
        after = rows[-1][-1]  # the chunk's last publication number
