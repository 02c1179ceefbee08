"""The queries behind `count_entities_by_event`: a live count and its stored precomputation.

Counting notices means reading every matching Event. Filters on canton, sub-rubric or dates
narrow the scan through their indexes, but only when the WHERE clause names them plainly (a
`$x IS NULL OR ...` predicate hides the index from the planner), so the live query is assembled
from constant fragments for the filters actually given; values stay parameters.

Without a filter, or with one filter on canton, sub-rubric or event type, the answer is a scan
of every notice (a million on a large graph). The build (`ingestion/graph/stages/derived.py`) stores
those answers once per ingest in `DerivedCounts` nodes (one per group-by and filter dimension,
rows as JSON, keys in `shabgraph/derived_counts.py`); the tool reads them only while the stored
notice total still equals the live one.

A period from the first day of a year (open end), or up to the last day of a year (open start),
without a filter or with a canton, is answered from `PERIOD` tables: per filter value and group,
the notices and pub range of each year, and how many companies have their first / last notice
in each year. A company counts for "from year Y" when its last notice falls in Y or later (and
for "to year Y" when its first one falls in Y or earlier), so distinct companies stay exact.
Other periods (mid-year days, closed ranges) run live.
"""

from __future__ import annotations

import json
from typing import Any, Final

from shabgraph.derived_counts import DERIVED_LABEL, STORED_FILTERS, row_order, table_key

GROUP_EXPRESSIONS: Final = {
    "event_type": "e.event_types",
    "sub_rubric": "[e.sub_rubric]",
    "canton": "[e.canton]",
    "language": "[e.language]",
    "year": "[toString(e.pub_date.year)]",
}
"""How each group-by of `shabgraph.derived_counts.GROUP_BYS` turns one notice into its group
values (a notice has several labels)."""

FILTERS: Final = {
    "sub_rubric": "e.sub_rubric = $sub_rubric",
    "canton": "e.canton = $canton",
    "date_from": "e.pub_date >= $date_from",
    "date_to": "e.pub_date <= $date_to",
    # (the existence test lets a period use the Event(pub_date, event_types) index: the seek
    # then filters the types from the index instead of reading every notice of the period)
    "event_type": "e.event_types IS NOT NULL AND $event_type IN e.event_types",
    "legal_form": (
        "EXISTS { MATCH (c:Company {id: e.subject_id}) "
        "WHERE c.legal_form = $legal_form OR c.legal_form_label = $legal_form }"
    ),
}
"""WHERE fragment of each filter argument."""

# The stored answer for one filter dimension, valid only while no notice was added or removed.
READ_STORED: Final = f"""
MATCH (e:Event) WITH count(e) AS total
MATCH (d:{DERIVED_LABEL} {{key: $key}}) WHERE d.events = total
RETURN d.rows_json AS rows_json
"""


def live_count_query(group_by: str, filters: dict[str, Any]) -> str:
    """The live COUNT query for the filters that are set (fragments are constants)."""
    where = [FILTERS[name] for name in FILTERS if filters.get(name) is not None]
    return (
        "MATCH (e:Event)\n"
        + (f"WHERE {' AND '.join(where)}\n" if where else "")
        + f"UNWIND {GROUP_EXPRESSIONS[group_by]} AS grp\n"
        "WITH grp, count(e) AS events, count(DISTINCT e.subject_id) AS companies,\n"
        # min/max instead of a sliced collect(): a group can hold a million notices, and
        # collect() would keep them all in the transaction's memory before slicing.
        "     min(e.pub_number) AS first_pub, max(e.pub_number) AS last_pub\n"
        "RETURN grp AS group, events, companies,\n"
        "       CASE WHEN first_pub = last_pub THEN [first_pub] ELSE [first_pub, last_pub] END AS pubs\n"
        "ORDER BY companies DESC, events DESC, group\n"
    )


def stored_key(group_by: str, filters: dict[str, Any]) -> tuple[str, str] | None:
    """(node key, filter value) of the stored answer for these filters, or None if not stored."""
    given = [name for name in FILTERS if filters.get(name) is not None]
    if not given:
        return table_key(group_by, "none"), ""
    if len(given) == 1 and given[0] in STORED_FILTERS:
        return table_key(group_by, given[0]), str(filters[given[0]])
    return None


def period_key(group_by: str, filters: dict[str, Any]) -> tuple[str, str, str, int] | None:
    """(node key, filter value, 'from' or 'to', year) of a stored period answer, or None."""
    date_from, date_to = filters.get("date_from"), filters.get("date_to")
    if date_from is not None and date_to is None and (date_from.month, date_from.day) == (1, 1):
        side, year = "from", date_from.year
    elif date_to is not None and date_from is None and (date_to.month, date_to.day) == (12, 31):
        side, year = "to", date_to.year
    else:
        return None
    given = [n for n in FILTERS if filters.get(n) is not None and n not in ("date_from", "date_to")]
    if not given:
        return table_key(group_by, "none", period=True), "", side, year
    if given == ["canton"]:
        return table_key(group_by, "canton", period=True), str(filters["canton"]), side, year
    return None


def rows_from_period(rows_json: str, value: str, side: str, year: int) -> list[dict[str, Any]]:
    """The rows of one filter value for notices from (or up to) a whole year."""
    groups: list[dict[str, Any]] = json.loads(rows_json).get(value, [])

    def inside(y: int) -> bool:
        return y >= year if side == "from" else y <= year

    rows = []
    for grp in groups:
        years = [(int(y), stats) for y, stats in grp["years"].items() if inside(int(y))]
        events = sum(stats[0] for _, stats in years)
        if not events:
            continue
        firsts = [s[1] for _, s in years if s[1] is not None]
        lasts = [s[2] for _, s in years if s[2] is not None]
        first_pub, last_pub = min(firsts, default=None), max(lasts, default=None)
        # "from Y": the company's last notice is in Y or later; "to Y": its first in Y or earlier.
        hist = grp["last" if side == "from" else "first"]
        companies = sum(n for y, n in hist.items() if inside(int(y)))
        rows.append(
            {
                "group": grp["group"],
                "events": events,
                "companies": companies,
                "pubs": [first_pub] if first_pub == last_pub else [first_pub, last_pub],
            }
        )
    rows.sort(key=row_order)
    return rows


def rows_from_stored(rows_json: str, value: str) -> list[dict[str, Any]]:
    """The stored rows of one filter value (none stored: no notice has that value)."""
    rows: list[dict[str, Any]] = json.loads(rows_json).get(value, [])
    return rows
