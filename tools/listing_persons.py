"""`list_register(what='persons')`: the persons that match a name, a place or a nationality.

"Which Belgian nationals appear, and in which companies?", "Wer aus Thun ist wo
eingetragen?", "persons named Muster", "people with Basel as place of origin", "who lives
abroad", "who lives in Thun but is not at Alpha AG": a population of persons filtered by what
the notices say about each one (family name, residence, origin, nationality) and by the
companies they hold roles in (a company is named by a part of its name or by its words in any
order), each with the companies they hold or held roles in.

Places are compared as the folded keys the build stores (`shabgraph.register.places`): every
residence the notices gave the person (people move between notices; a former one written
"[bisher: in X]" counts too) and every place of origin, so `Zurich`, `Zürich` and `Zurigo` find
one another. A place matches a key that equals it or the key's leading words (`Bern` finds
`Bern-Bümpliz`, not `Berneck`): the build stores both, so no list is searched in a list. A
graph built before the keys existed is read from the written values instead (lower case,
accents as written). The canton of a residence is the build's (`Person.residence_canton`: the
place's qualifier, a town named like its canton, or the canton of the firms seated there).
Nationality is one of the written country
names the caller passes (the notices write the country in their own language).
"""

from __future__ import annotations

import re
from typing import Any, Final

from shabgraph.register.folding import company_tokens
from shabgraph.register.places import place_variants

RESIDENCE_MATCH: Final = """ANY(x IN coalesce(p.residence_keys,
        [y IN coalesce(p.residences, []) + [coalesce(p.residence, '')] | toLower(y)])
      WHERE x IN {param})"""
"""A residence key (or its leading words, as the build stores them) that is one of the place's
names."""

ORIGIN_MATCH: Final = """(ANY(x IN coalesce(p.origin_keys, []) WHERE x IN {param})
    OR (p.origin_keys IS NULL AND (' ' + replace(toLower(coalesce(p.origin, '')), ',', ' ') + ' ')
        CONTAINS {padded}))"""
"""An origin key (or its leading words) that is one of the place's names; a graph without keys
compares the written origin's words."""

COMPANY_MATCH: Final = """(toLower({k}.name) CONTAINS ${p}
      OR (${p}_words IS NOT NULL AND coalesce({k}.name_norm, '') =~ ${p}_words))"""
"""A company whose name holds the text, or all its words in any order ("Konsumentenschutz-
Stiftung" is the "Stiftung für Konsumentenschutz"): `$x_words` is a regular expression of
look-aheads, one per word (no list is iterated, so the query stays within the sandbox's
budget model like every tool query)."""

PERSON_WHERE: Final = (
    """
WHERE ($name IS NULL OR $name IN split(replace(toLower(coalesce(p.full_name, '')), '-', ' '), ' '))
  AND ($residence IS NULL OR """
    + RESIDENCE_MATCH.format(param="$residence")
    + """)
  AND ($origin IS NULL OR """
    + ORIGIN_MATCH.format(param="$origin", padded="$origin_padded")
    + """)
  AND ($place IS NULL OR """
    + RESIDENCE_MATCH.format(param="$place")
    + " OR "
    + ORIGIN_MATCH.format(param="$place", padded="$place_padded")
    + """)
  AND ($abroad IS NULL OR (p.residence_country IS NOT NULL) = $abroad)
  AND ($residence_canton IS NULL OR p.residence_canton = $residence_canton)
  AND ($nationality IS NULL OR toLower(coalesce(p.nationality, '')) IN $nationality)
  AND ($company IS NULL OR EXISTS {
        MATCH (p)-[:HOLDS_ROLE]->(k:Company) WHERE """
    + COMPANY_MATCH.format(k="k", p="company")
    + """ })
  AND ($not_company IS NULL OR NOT EXISTS {
        MATCH (p)-[:HOLDS_ROLE]->(k:Company) WHERE """
    + COMPANY_MATCH.format(k="k", p="not_company")
    + """ })
"""
)
"""Every filter of a persons list (a null parameter passes everyone)."""

PERSONS: Final = (
    "MATCH (p:Person)"
    + PERSON_WHERE
    + """
WITH p ORDER BY p.full_name LIMIT $limit
CALL (p) {
  OPTIONAL MATCH (p)-[r:HOLDS_ROLE]->(c:Company)
  WHERE $company IS NULL OR """
    + COMPANY_MATCH.format(k="c", p="company")
    + """
  WITH c, r.role_text AS role_text, r.valid_from AS valid_from,
       r.valid_to AS valid_to, r.from_pub AS from_pub, r.to_pub AS to_pub, collect(r.role)[0] AS role
  ORDER BY coalesce(valid_from, valid_to)
  RETURN collect(CASE WHEN c IS NULL THEN null ELSE {
    company: c.name, company_id: c.id, role: role, role_text: role_text,
    valid_from: valid_from, valid_to: valid_to,
    pubs: [x IN [from_pub, to_pub] WHERE x IS NOT NULL]} END)[0..12] AS roles
}
RETURN 'person' AS record_type, p.id AS id, p.full_name AS name, p.residence AS residence,
       p.residences AS residences, p.residence_country AS residence_country,
       p.origin AS origin, p.nationality AS nationality, roles,
       reduce(acc = [], r IN roles | acc + r.pubs)[0..6] AS pubs
ORDER BY name
"""
)
PERSONS_TOTAL: Final = "MATCH (p:Person)" + PERSON_WHERE + "RETURN count(p) AS total"

PLACE_ARGS: Final = ("residence", "origin", "place")
"""The persons filters given as a place: each becomes the list of its keys."""


def person_params(params: dict[str, Any]) -> dict[str, Any]:
    """The query parameters of a persons list: places as their folded keys (every name of the
    town), names and companies in lower case."""
    out = dict(params)
    for key in PLACE_ARGS:
        value = params.get(key)
        out[key] = place_variants(str(value)) or None if value else None
        out[f"{key}_padded"] = f" {str(value).strip().lower()} " if value else None
    for key in ("name", "company", "not_company"):
        value = params.get(key)
        out[key] = str(value).strip().lower() or None if value else None
    for key in ("company", "not_company"):
        value = params.get(key)
        words = company_tokens(str(value)) if value else []
        out[f"{key}_words"] = (
            "".join(f"(?=.*\\b{re.escape(w)}\\b)" for w in words) + ".*" if words else None
        )
    return out
