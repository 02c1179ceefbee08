"""`list_register(what='roles')`: the role entries query, assembled for the filters given.

"Who left Alpha AG in 2010", "which audit firms were entered between 2005 and 2015", "the audit
firms of canton X and whom they audit" (the holder's canton), "the auditors of the companies of
canton X" (the company's canton): a filter is
a WHERE fragment named only when it is set, so "the entries of one company" starts from the
company's id index and reads its few roles, not every role entry of the register
(`$x IS NULL OR c.id = $x` hides the index). Dates are compared as dates.

entered: the interval starts in the period; left: it ends in it; held: it overlaps it (an open
end counts as overlapping).
"""

from __future__ import annotations

from typing import Any, Final

ROLE_FILTERS: Final = {
    "role": "$role IN coalesce(r.roles, [r.role])",
    "signature": "r.signature STARTS WITH $signature",
    "holder": "($holder = 'person') = (h:Person)",
    "subject_id": "c.id = $subject_id",
    "legal_form": "c.legal_form = $legal_form",
    "canton": "c.canton = $canton",
    "cantons": "c.canton IN $cantons",
    # a holder whose own canton the graph does not know (a firm named only in a text, in a
    # town no other firm is seated in) counts in the canton of the company: auditors are local
    "holder_canton": "coalesce(h.canton, h.seat_canton, c.canton) = $holder_canton",
}
"""WHERE fragment of each role filter argument."""

PERIOD: Final[dict[str, dict[str, str]]] = {
    "entered": {
        "always": "r.valid_from IS NOT NULL",
        "date_from": "r.valid_from >= date($date_from)",
        "date_to": "r.valid_from <= date($date_to)",
    },
    "left": {
        "always": "r.valid_to IS NOT NULL",
        "date_from": "r.valid_to >= date($date_from)",
        "date_to": "r.valid_to <= date($date_to)",
    },
    "held": {
        "date_to": "(r.valid_from IS NULL OR r.valid_from <= date($date_to))",
        "date_from": "(r.valid_to IS NULL OR r.valid_to >= date($date_from))",
    },
}
"""The period's fragments for each mode ("always": whatever the dates)."""

ROLE_COLUMNS: Final = """
RETURN 'role' AS record_type, h.id AS id, coalesce(h.name, h.full_name) AS name,
       CASE WHEN h:Company THEN 'company' ELSE 'person' END AS kind, h.uid AS uid,
       h.seat AS holder_seat, coalesce(h.canton, h.seat_canton) AS holder_canton,
       c.canton AS company_canton,
       c.id AS company_id, c.name AS company, r.role AS role, r.role_text AS role_text,
       r.signature AS signature,
       r.valid_from AS valid_from, r.valid_to AS valid_to,
       [p IN [r.from_pub, r.to_pub] WHERE p IS NOT NULL] AS pubs
ORDER BY coalesce(r.valid_from, r.valid_to), name
LIMIT $limit
"""


def _source(filters: dict[str, Any]) -> str:
    where = [f for name, f in ROLE_FILTERS.items() if filters.get(name) is not None]
    period = PERIOD[str(filters.get("mode") or "held")]
    where += [f for key, f in period.items() if key == "always" or filters.get(key) is not None]
    return "MATCH (h)-[r:HOLDS_ROLE]->(c:Company)\n" + (
        "WHERE " + " AND ".join(where) + "\n" if where else ""
    )


def roles_query(filters: dict[str, Any]) -> str:
    """The role entries by start (or end) date, at most `$limit`."""
    return _source(filters) + ROLE_COLUMNS


def roles_total_query(filters: dict[str, Any]) -> str:
    """How many role entries pass the filters."""
    return _source(filters) + "RETURN count(r) AS total\n"
