"""`list_register(what='notices')`: the notices query, assembled for the filters given.

"Which notices appeared on 9 January", "how many bankruptcy notices in 2021", "the publications
about one foundation": each filter is a WHERE fragment named only when it is set, so the
planner can start from its index (publication date with the type list beside it, canton with
the date, the subject's id) instead of reading every notice (`$x IS NULL OR ...` hides indexes).
Every notice has a publication date (the build requires one), so an event type without a
period is an index scan that reads the type list from the index, not a million nodes.
"""

from __future__ import annotations

from typing import Any, Final

NOTICE_FILTERS: Final = {
    "date_from": "e.pub_date >= date($date_from)",
    "date_to": "e.pub_date <= date($date_to)",
    "event_type": "e.event_types IS NOT NULL AND $event_type IN e.event_types",
    "canton": "e.canton = $canton",
    "cantons": "e.canton IN $cantons",
    "subject_id": "e.subject_id = $subject_id",
    "language": "e.language = $language",
    # a notice has no legal form: its subject's ("new Sàrl registered in 2016")
    "legal_form": "EXISTS { MATCH (s:Company {id: e.subject_id}) WHERE s.legal_form = $legal_form }",
}
"""WHERE fragment of each notice filter argument."""

ANY_DATE: Final = "e.pub_date IS NOT NULL"
"""Lets an event type without a period use the Event(pub_date, event_types) index."""

NOTICE_COLUMNS: Final = """
RETURN 'notice' AS record_type, e.pub_number AS pub_number, e.pub_date AS pub_date,
       e.journal_date AS journal_date, e.subject_id AS id, e.subject_name AS name,
       e.event_types AS event_types, e.sub_rubric AS sub_rubric, e.canton AS canton,
       [e.pub_number] AS pubs
ORDER BY e.pub_date, e.pub_number
LIMIT $limit
"""
"""The rows (the total is a second, count-only query: a notice population can be the whole
register, too large to collect for one pass)."""


def _where(filters: dict[str, Any]) -> str:
    where = [f for name, f in NOTICE_FILTERS.items() if filters.get(name) is not None]
    undated = filters.get("date_from") is None and filters.get("date_to") is None
    if filters.get("event_type") is not None and undated:
        where.append(ANY_DATE)
    return ("WHERE " + " AND ".join(where) + "\n") if where else ""


def notices_query(filters: dict[str, Any]) -> str:
    """The notices in date order, at most `$limit`."""
    return "MATCH (e:Event)\n" + _where(filters) + NOTICE_COLUMNS


def notices_total_query(filters: dict[str, Any]) -> str:
    """How many notices pass the filters."""
    return "MATCH (e:Event)\n" + _where(filters) + "RETURN count(e) AS total\n"
