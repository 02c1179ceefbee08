"""`list_register(what='persons')`: the persons that match a name, a place or a nationality.

"Which Belgian nationals appear, and in which companies?", "Wer aus Thun ist wo
eingetragen?", "persons named Muster", "people with Basel as place of origin": a population of
persons filtered by what the notices say about each one (family name, residence, origin,
nationality), each with the companies they hold or held roles in. Residence is matched against
every residence the notices gave the person (people move between notices); origin and name as
contained words; nationality as one of the written country names the caller passes (the notices
write the country in their own language: `Roumanie`, `Österreich`, `Italia`).
"""

from __future__ import annotations

from typing import Final

PERSON_WHERE: Final = """
WHERE ($name IS NULL OR $name IN split(replace(toLower(coalesce(p.full_name, '')), '-', ' '), ' '))
  AND ($residence IS NULL OR ANY(x IN coalesce(p.residences, []) + [coalesce(p.residence, '')]
       WHERE toLower(x) STARTS WITH $residence))
  AND ($origin IS NULL OR (' ' + replace(toLower(coalesce(p.origin, '')), ',', ' ') + ' ')
       CONTAINS (' ' + $origin + ' '))
  AND ($nationality IS NULL OR toLower(coalesce(p.nationality, '')) IN $nationality)
  AND ($company IS NULL OR EXISTS {
        MATCH (p)-[:HOLDS_ROLE]->(k:Company) WHERE toLower(k.name) CONTAINS $company })
"""

PERSONS: Final = (
    "MATCH (p:Person)"
    + PERSON_WHERE
    + """
WITH p ORDER BY p.full_name LIMIT $limit
CALL (p) {
  OPTIONAL MATCH (p)-[r:HOLDS_ROLE]->(c:Company)
  WHERE $company IS NULL OR toLower(c.name) CONTAINS $company
  WITH c, r.role_text AS role_text, r.valid_from AS valid_from,
       r.valid_to AS valid_to, r.from_pub AS from_pub, r.to_pub AS to_pub, collect(r.role)[0] AS role
  ORDER BY coalesce(valid_from, valid_to)
  RETURN collect(CASE WHEN c IS NULL THEN null ELSE {
    company: c.name, company_id: c.id, role: role, role_text: role_text,
    valid_from: valid_from, valid_to: valid_to,
    pubs: [x IN [from_pub, to_pub] WHERE x IS NOT NULL]} END)[0..12] AS roles
}
RETURN 'person' AS record_type, p.id AS id, p.full_name AS name, p.residence AS residence,
       p.origin AS origin, p.nationality AS nationality, roles,
       reduce(acc = [], r IN roles | acc + r.pubs)[0..6] AS pubs
ORDER BY name
"""
)
PERSONS_TOTAL: Final = "MATCH (p:Person)" + PERSON_WHERE + "RETURN count(p) AS total"
