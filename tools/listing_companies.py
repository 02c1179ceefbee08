"""`list_register(what='companies')`: the companies query, assembled for the filters given.

Two things make a population query slow on a large register, and both are avoided here:

- `($x IS NULL OR c.x = $x)` hides the index on `x` from the planner, so every filter would be a
  scan of all companies. The WHERE clause is assembled from constant fragments for the filters
  actually set (values stay parameters), as in `tools/event_counts.py`.
- "Companies with a bankruptcy notice in 2021" tested per company (an EXISTS over its notices)
  reads every notice of the register. With a period, the query starts from the notices instead:
  the composite indexes Event(journal_date, event_types) and Event(pub_date, event_types) hold
  each notice's type list, so the index seek keeps the notices of the type and period without
  reading a node, and only those lead to their companies. Without a period but with a company
  filter ("Sàrl in Ticino with a capital change"), the filtered companies are fewer than the
  notices of the type, and each is tested through its own notices.

A notice's date is its journal date, else its publication date (the build always sets the
latter), compared as dates.
"""

from __future__ import annotations

from typing import Any, Final

COMPANY_FILTERS: Final = {
    "legal_form": "c.legal_form = $legal_form",
    "canton": "c.canton = $canton",
    "cantons": "c.canton IN $cantons",
    "status": "c.status = $status",
    # the folded seat: one of the town's names (Zug, Zoug, Zugo), or the typed one followed by
    # more words ("bern" finds "bern bumpliz", not "berneck"); two index seeks
    "seat": "(c.seat_key IN $seat OR c.seat_key STARTS WITH $seat_word)",
    "capital": "c.capital = $capital",
    "opting_out": "c.audit_opting_out = $opting_out",
}
"""WHERE fragment of each company filter argument."""

HAS_NOTICES: Final = "coalesce(c.event_count, 0) > 0"
"""Only companies that are the subject of a notice (weak nodes named in a text are not listed).
Written so that no index serves it: a range on the count index (most companies) would be
chosen over a filter's own index (the few bankrupt ones)."""

ACTIVE_IN_PERIOD: Final = {
    "date_from": "c.last_pub_date >= date($date_from)",
    "date_to": "c.first_pub_date <= date($date_to)",
}
"""Without an event type, a period keeps the companies with notices in it or around it."""

TYPED_NOTICES: Final = """
CALL () {{
  MATCH (e:Event)
  WHERE {journal} AND e.event_types IS NOT NULL AND $event_type IN e.event_types
  RETURN e
  UNION
  MATCH (e:Event)
  WHERE {published} AND e.event_types IS NOT NULL AND $event_type IN e.event_types
    AND e.journal_date IS NULL
  RETURN e
}}
MATCH (c:Company)-[:HAS_EVENT]->(e)
WITH DISTINCT c
"""
"""The notices of one type in the period (by journal date, or publication date without one),
then their subject companies once each."""

ALL_TYPED_NOTICES: Final = """
MATCH (e:Event)
WHERE e.pub_date IS NOT NULL AND e.event_types IS NOT NULL AND $event_type IN e.event_types
MATCH (c:Company)-[:HAS_EVENT]->(e)
WITH DISTINCT c
"""
"""Every notice of one type (no period: the date does not matter, and every notice has a
publication date, so the Event(pub_date, event_types) index lists them all)."""

TYPED_EXISTS: Final = """EXISTS {
  MATCH (c)-[:HAS_EVENT]->(e:Event) WHERE $event_type IN e.event_types }"""
"""A company with at least one notice of the type (any date)."""

NOTICE_HITS: Final = """
CALL (c) {
  MATCH (c)-[:HAS_EVENT]->(e:Event)
  WHERE $event_type IN e.event_types
    AND ($date_from IS NULL OR coalesce(e.journal_date, e.pub_date) >= date($date_from))
    AND ($date_to IS NULL OR coalesce(e.journal_date, e.pub_date) <= date($date_to))
  WITH e ORDER BY e.pub_date, e.pub_number
  RETURN collect(e.pub_number)[0..3] AS hits, collect(e.pub_date)[0] AS hit_date
}
"""
"""For each listed company, its first three notices of the type in the period (cited)."""

NO_HITS: Final = "WITH c, total, [] AS hits, null AS hit_date\n"

COMPANY_COLUMNS: Final = """
RETURN 'company' AS record_type, c.id AS id, c.name AS name, c.uid AS uid, c.seat AS seat,
       c.canton AS canton, c.legal_form AS legal_form, c.status AS status, c.capital AS capital,
       c.registered_on AS registered_on, c.deleted_on AS deleted_on,
       hits[0] AS pub_number, hit_date AS pub_date,
       CASE WHEN size(hits) > 0 THEN hits ELSE coalesce(c.pubs, [])[0..3] END AS pubs,
       total
ORDER BY c.name
"""


def _bounds(prop: str, filters: dict[str, Any]) -> str:
    """The period (one bound at least) as a range on one indexed date property."""
    parts = [
        f"e.{prop} {op} date(${name})"
        for name, op in (("date_from", ">="), ("date_to", "<="))
        if filters.get(name) is not None
    ]
    return " AND ".join(parts)


def _source(filters: dict[str, Any]) -> str:
    """MATCH ... WHERE: the companies that pass every filter set."""
    chosen = [f for name, f in COMPANY_FILTERS.items() if filters.get(name) is not None]
    where = [HAS_NOTICES, *chosen]
    dated = filters.get("date_from") is not None or filters.get("date_to") is not None
    if filters.get("event_type") is None:
        where += [f for name, f in ACTIVE_IN_PERIOD.items() if filters.get(name) is not None]
        return "MATCH (c:Company)\nWHERE " + " AND ".join(where) + "\n"
    if not dated and chosen:
        return "MATCH (c:Company)\nWHERE " + " AND ".join([*where, TYPED_EXISTS]) + "\n"
    notices = (
        TYPED_NOTICES.format(
            journal=_bounds("journal_date", filters), published=_bounds("pub_date", filters)
        )
        if dated
        else ALL_TYPED_NOTICES
    )
    return notices + "WHERE " + " AND ".join(where) + "\n"


def companies_query(filters: dict[str, Any]) -> str:
    """The companies by name, at most `$limit`, each with the notices that matched and the total.

    One pass for the list and its count (`total` on every row): the matching companies are
    collected once (node references, a few MB for the largest population), then ranked.
    """
    hits = NOTICE_HITS if filters.get("event_type") is not None else NO_HITS
    return (
        _source(filters)
        + "WITH collect(c) AS found\nUNWIND found AS c\n"
        + "WITH c, size(found) AS total ORDER BY c.name LIMIT $limit\n"
        + hits
        + COMPANY_COLUMNS
    )
