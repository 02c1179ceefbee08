"""`get_entity_facts`: everything the register says about one resolved company or person.

A question about one entity asks for one fact (its address, its auditor in 2010, how its managers
sign, what changed in 2011). The answer needs the whole record to pick that fact and its time:
the node's attributes, each attribute's values over time (CompanyState intervals), the roles held
in it and by it with their intervals and signatures, its structure links, and its notices with the
persons and companies each notice registered or removed. One bounded read per part; the same
company split over several nodes (same NameHub, same seat or UID) is read as one.
"""

from __future__ import annotations

import time
from typing import Any, Final

from pydantic import BaseModel, Field

from tools.base import QueryTrace, ToolContext, ToolResult
from tools.network import ANCHOR, unknown_entity_result
from tools.runner import build_result, guarded, read_query

# The anchor and the nodes of the same entity: a company cut in two by a missing UID in old
# notices shares its NameHub and its seat (or UID) with the other part.
SELVES: Final = (
    ANCHOR
    + """
CALL (s) {
  RETURN s AS n
  UNION
  MATCH (s:Company)-[:IN_HUB]->(:NameHub)<-[:IN_HUB]-(n:Company)
  WHERE n <> s AND (n.uid IS NULL OR s.uid IS NULL OR n.uid = s.uid)
    AND (n.seat IS NULL OR s.seat IS NULL OR n.seat = s.seat
         OR left(n.seat, 4) = left(s.seat, 4))
    AND coalesce(n.event_count, 0) > 0
  RETURN n
}
"""
)

ENTITY: Final = (
    SELVES
    + """
RETURN 'entity' AS record_type, n.id AS id, CASE WHEN n:Company THEN 'company' ELSE 'person' END
       AS kind, coalesce(n.name, n.full_name) AS name, n.uid AS uid, n.names AS names,
       n.legal_form AS legal_form, n.legal_form_label AS legal_form_label, n.seat AS seat,
       n.canton AS canton, n.status AS status, n.capital AS capital, n.purpose AS purpose,
       n.address AS address, n.registered_on AS registered_on, n.deleted_on AS deleted_on,
       n.first_pub_date AS first_pub_date, n.last_pub_date AS last_pub_date,
       n.event_count AS event_count, n.code13 AS code13, n.residence AS residence, n.origin AS origin,
       n.nationality AS nationality, n.given_names AS given_names, n.family_name AS family_name,
       n.id = s.id AS anchor, coalesce(n.pubs, [])[0..20] AS pubs
"""
)

STATES: Final = (
    SELVES
    + """
MATCH (n:Company)-[:HAD_STATE]->(st:CompanyState)
RETURN 'state' AS record_type, st.attribute AS attribute, st.value AS value,
       st.valid_from AS valid_from, st.valid_to AS valid_to, st.pub_number AS pub_number,
       st.pub_date AS pub_date, [st.pub_number] AS pubs
ORDER BY st.attribute, st.valid_from
LIMIT $limit
"""
)

ROLES: Final = (
    SELVES
    + """
MATCH (n)-[r:HOLDS_ROLE]-(m)
WHERE NOT $structured_only OR coalesce(m.strength, 'strong') <> 'weak'
WITH n, r, m, startNode(r) = n AS outgoing
CALL (m) {
  // a company domiciled with one of its holders ("c/o Anna Muster, ..."): its c/o addresses
  OPTIONAL MATCH (m)-[:HAD_STATE]->(a:CompanyState)
  WHERE a.attribute = 'address' AND toLower(a.value) STARTS WITH 'c/o'
  RETURN collect(CASE WHEN a IS NULL THEN null ELSE {value: a.value, valid_from: a.valid_from,
         valid_to: a.valid_to, pub_number: a.pub_number, pub_date: a.pub_date} END)[0..5]
         AS other_care_of
}
RETURN 'role' AS record_type, CASE WHEN outgoing THEN 'out' ELSE 'in' END AS direction,
       m.id AS other_id, coalesce(m.name, m.full_name) AS other_name,
       CASE WHEN m:Company THEN 'company' ELSE 'person' END AS other_kind,
       m.uid AS other_uid, coalesce(m.seat, m.residence) AS other_place,
       m.residence AS other_residence, m.origin AS other_origin,
       m.nationality AS other_nationality,
       r.role AS role, coalesce(r.roles, [r.role]) AS roles, r.role_text AS role_text,
       r.signature AS signature, r.valid_from AS valid_from, r.valid_to AS valid_to,
       r.from_pub AS from_pub, r.to_pub AS to_pub, r.from_pub_date AS from_pub_date,
       r.to_pub_date AS to_pub_date, r.current AS current, coalesce(r.pubs, [])[0..10] AS pubs,
       other_care_of
ORDER BY coalesce(r.valid_from, ''), other_name
LIMIT $limit
"""
)

LINKS: Final = (
    SELVES
    + """
MATCH (n)-[r:HEAD_OFFICE_OF|MERGED_INTO|TRANSFERRED_TO|ACQUIRED_FROM]-(m)
WHERE NOT $structured_only OR coalesce(m.strength, 'strong') <> 'weak'
RETURN 'link' AS record_type, type(r) AS relation,
       CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS direction,
       m.id AS other_id, m.name AS other_name, m.uid AS other_uid, m.seat AS other_place,
       m.status AS other_status, r.date AS date, r.pub_number AS pub_number,
       properties(r) AS props, coalesce(r.pubs, [])[0..10] AS pubs
LIMIT $limit
"""
)

EVENTS: Final = (
    SELVES
    + """
MATCH (n)-[:HAS_EVENT|INVOLVED_IN]->(e:Event)
WITH DISTINCT e
ORDER BY coalesce(e.journal_date, e.pub_date), e.pub_number
LIMIT $limit
CALL (e) {
  OPTIONAL MATCH (x)-[i:INVOLVED_IN]->(e)
  WHERE NOT $structured_only OR coalesce(x.strength, 'strong') <> 'weak'
  RETURN collect(CASE WHEN x IS NULL THEN null ELSE {
    id: x.id, name: coalesce(x.name, x.full_name),
    kind: CASE WHEN x:Company THEN 'company' ELSE 'person' END,
    action: i.action, role: i.role, roles: i.roles, role_text: i.role_text,
    signature: i.signature, prev_roles: i.prev_roles, prev_signature: i.prev_signature,
    residence: i.residence, prev_residence: i.prev_residence, origin: i.origin,
    nationality: i.nationality, seat: i.seat,
    uid: i.uid, mention: i.mention} END)[0..60] AS involved
}
RETURN 'event' AS record_type, e.pub_number AS pub_number, e.pub_date AS pub_date,
       e.journal_date AS journal_date, e.journal_number AS journal_number,
       e.sub_rubric AS sub_rubric, e.event_types AS event_types, e.language AS language,
       e.subject_id AS subject_id, e.subject_name AS subject_name,
       e.court AS court, e.effective_date AS effective_date, e.effective_time AS effective_time,
       e.bankruptcy_stage AS bankruptcy_stage,
       substring(coalesce(e.text, ''), 0, $text_chars) AS text, involved, [e.pub_number] AS pubs
"""
)


class GetEntityFactsArgs(BaseModel):
    """Arguments of get_entity_facts."""

    entity_id: str = Field(
        min_length=1,
        max_length=120,
        description=(
            "Graph id of a company (UID or id from search_companies) or of a person (p:...)."
        ),
    )
    limit: int = Field(200, ge=1, le=500, description="Rows at most per part (notices, roles).")


def get_entity_facts(ctx: ToolContext, args: GetEntityFactsArgs) -> ToolResult:
    """The entity, its attribute intervals, roles, structure links and notices (oldest first)."""
    started = time.perf_counter()
    params: dict[str, Any] = {
        "id": args.entity_id,
        "limit": args.limit,
        "text_chars": 6000,
        "structured_only": ctx.structured_only,
    }

    def body(traces: list[QueryTrace]) -> ToolResult:
        records: list[dict[str, Any]] = []
        for cypher in (ENTITY, STATES, ROLES, LINKS, EVENTS):
            rows, trace = read_query(ctx, cypher, params, max_rows=args.limit)
            traces.append(trace)
            records.extend(rows)
        if not records:
            unknown = unknown_entity_result(
                ctx, "get_entity_facts", args, args.entity_id, traces, started
            )
            if unknown is not None:
                return unknown
        counts = {
            k: sum(r["record_type"] == k for r in records)
            for k in ("state", "role", "link", "event")
        }
        return build_result(
            "get_entity_facts",
            args.model_dump(),
            records,
            traces,
            f"Facts of {args.entity_id}: "
            + ", ".join(f"{n} {k}(s)" for k, n in counts.items())
            + ".",
            f"Nothing is recorded on {args.entity_id}.",
            started,
        )

    return guarded("get_entity_facts", body, args.model_dump())
