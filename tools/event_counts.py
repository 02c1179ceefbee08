"""The queries behind `count_entities_by_event`: a live count and its stored precomputation.

Counting notices means reading every matching Event. Filters on canton, sub-rubric or dates
narrow the scan through their indexes, but only when the WHERE clause names them plainly (a
`$x IS NULL OR ...` predicate hides the index from the planner), so the live query is assembled
from constant fragments for the filters actually given; values stay parameters.

Without a filter, or with one filter on canton, sub-rubric or event type, the answer is a scan
of every notice (a million on a large graph). `tools/precompute.py` stores those answers once
per ingest in `DerivedCounts` nodes (one per group-by and filter dimension, rows as JSON); the
tool reads them only while the stored notice total still equals the live one.
"""

from __future__ import annotations

import json
from typing import Any, Final

DERIVED_LABEL: Final = "DerivedCounts"
"""Label of the precomputed count nodes (not part of the investigated graph)."""

GROUP_EXPRESSIONS: Final = {
    "event_type": "e.event_types",
    "sub_rubric": "[e.sub_rubric]",
    "canton": "[e.canton]",
    "language": "[e.language]",
    "year": "[toString(e.pub_date.year)]",
}
"""How each group-by turns one notice into its group values (a notice has several labels)."""

FILTERS: Final = {
    "sub_rubric": "e.sub_rubric = $sub_rubric",
    "canton": "e.canton = $canton",
    "date_from": "e.pub_date >= $date_from",
    "date_to": "e.pub_date <= $date_to",
    "event_type": "$event_type IN e.event_types",
    "legal_form": (
        "EXISTS { MATCH (c:Company {id: e.subject_id}) "
        "WHERE c.legal_form = $legal_form OR c.legal_form_label = $legal_form }"
    ),
}
"""WHERE fragment of each filter argument."""

STORED_FILTERS: Final = ("none", "canton", "sub_rubric", "event_type")
"""Filter dimensions whose answers are precomputed (at most one filter set)."""

# The stored answer for one filter dimension, valid only while no notice was added or removed.
READ_STORED: Final = f"""
MATCH (e:Event) WITH count(e) AS total
MATCH (d:{DERIVED_LABEL} {{key: $key}}) WHERE d.events = total
RETURN d.rows_json AS rows_json
"""

WRITE_STORED: Final = f"""
MERGE (d:{DERIVED_LABEL} {{key: $key}})
SET d.events = $events, d.rows_json = $rows_json, d.computed_at = datetime()
"""

# One scan per group-by and filter dimension: group values and the filter value together.
SCAN_BY_DIMENSION: Final = """
MATCH (e:Event)
UNWIND %(group)s AS grp
UNWIND %(filter)s AS fval
WITH fval, grp, count(e) AS events, count(DISTINCT e.subject_id) AS companies,
     min(e.pub_number) AS first_pub, max(e.pub_number) AS last_pub
RETURN fval, grp AS group, events, companies,
       CASE WHEN first_pub = last_pub THEN [first_pub] ELSE [first_pub, last_pub] END AS pubs
ORDER BY fval, companies DESC, events DESC, group
"""

FILTER_VALUES: Final = {
    "none": "['']",
    "canton": "[e.canton]",
    "sub_rubric": "[e.sub_rubric]",
    "event_type": "e.event_types",
}
"""Per stored filter dimension: the values one notice contributes."""


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
        return f"{group_by}|none", ""
    if len(given) == 1 and given[0] in STORED_FILTERS:
        return f"{group_by}|{given[0]}", str(filters[given[0]])
    return None


def scan_query(group_by: str, dimension: str) -> str:
    """The precomputation scan for one group-by and one stored filter dimension."""
    return SCAN_BY_DIMENSION % {
        "group": GROUP_EXPRESSIONS[group_by],
        "filter": FILTER_VALUES[dimension],
    }


def rows_from_stored(rows_json: str, value: str) -> list[dict[str, Any]]:
    """The stored rows of one filter value (none stored: no notice has that value)."""
    rows: list[dict[str, Any]] = json.loads(rows_json).get(value, [])
    return rows
