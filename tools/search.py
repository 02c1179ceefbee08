"""`search_companies`: the entity-disambiguation endpoint (companies and persons).

Candidates come from the full-text indexes (names, former names, seats, purposes; person names,
spellings, residences, origins), from the NameHub index (normalised name keys, which catch
`Mueller` for `Müller`) and from an exact lookup of the NameHub keys the query would have
(computed by shabgraph.register.folding, like ingestion's); rapidfuzz then reranks them and says why each
matched. An entity reached through several hubs or indexes is one candidate with all its reasons.
Orphan weak nodes (text mentions attached to nothing) are left out, as in the paper.
"""

from __future__ import annotations

import time
from typing import Any, Final, Literal

from pydantic import BaseModel, Field

from shabgraph import schema
from shabgraph.register.uid import find_uid
from tools.acronyms import (
    ACRONYM_CANDIDATES,
    acronym_initials_lucene,
    acronym_lucene,
    acronym_names,
    is_acronym,
)
from tools.base import QueryTrace, ToolContext, ToolResult
from tools.normalize import fuzzy_lucene_query, hub_keys
from tools.runner import build_result, guarded, read_query
from tools.scoring import MIN_SCORE, REASON_SEPARATOR, candidate_fields, field_scores, match_reasons

NAME_FIELDS: Final = {
    "company": ("name", "names_text"),
    "person": ("full_name", "name_variants_text"),
    "hub": ("display", "key"),
}
"""Full-text fields that hold names: the only ones the quick pass searches with fuzzy terms."""

CONFIDENT_SCORE: Final = 90.0
"""A quick-pass best score from which the broad pass (2-edit fuzzy on every field) is skipped."""

# Each branch yields one row per candidate; weak nodes must hang on something to count.
SEARCH_CANDIDATES: Final = """
CALL () {
  CALL db.index.fulltext.queryNodes($company_index, $lucene, {limit: $k}) YIELD node, score
  RETURN node, score, 'fulltext' AS via
  UNION ALL
  CALL db.index.fulltext.queryNodes($person_index, $person_lucene, {limit: $k}) YIELD node, score
  RETURN node, score, 'fulltext' AS via
  UNION ALL
  CALL db.index.fulltext.queryNodes($hub_index, $hub_lucene, {limit: $k}) YIELD node AS hub, score
  CALL (hub) { MATCH (m)-[:IN_HUB]->(hub) RETURN m LIMIT 25 }
  RETURN m AS node, score, 'namehub' AS via
  UNION ALL
  // Exact keys (unique-constraint lookups): the hub of the name as typed, spelled any way.
  UNWIND $hub_keys AS key
  MATCH (hub:NameHub {key: key})
  CALL (hub) { MATCH (m)-[:IN_HUB]->(hub) RETURN m LIMIT 25 }
  RETURN m AS node, 100.0 AS score, 'hub_key' AS via
  UNION ALL
  OPTIONAL MATCH (c:Company {uid: $uid})
  WITH c WHERE c IS NOT NULL
  RETURN c AS node, 100.0 AS score, 'uid' AS via
}
WITH node, max(score) AS score, collect(DISTINCT via) AS vias
WHERE ($kind = 'any' OR ($kind = 'company') = (node:Company))
  AND (NOT $structured_only OR coalesce(node.strength, 'strong') <> 'weak')
  AND (coalesce(node.strength, 'strong') <> 'weak'
       OR EXISTS { (node)-[:HOLDS_ROLE|INVOLVED_IN|SAME_AS]-() })
  AND ($canton IS NULL OR node.canton = $canton)
// Only the best full-text candidates are read in full and reranked.
WITH node, score, vias ORDER BY score DESC, node.id LIMIT $candidates
// One row per node: an entity filed under several hubs (a renamed company) must not repeat.
OPTIONAL MATCH (node)-[:IN_HUB]->(h:NameHub)
WITH node, score, vias, collect(h.display) AS hub_displays
RETURN node.id AS id, CASE WHEN node:Company THEN 'company' ELSE 'person' END AS kind,
       coalesce(node.name, node.full_name) AS name, node.names AS names,
       split(coalesce(node.name_variants_text, ''), ' | ') AS variants,
       node.uid AS uid, coalesce(node.seat, node.residence) AS seat, node.canton AS canton,
       node.legal_form_label AS legal_form, node.status AS status, node.origin AS origin,
       coalesce(node.strength, 'strong') AS strength, node.purpose AS purpose,
       node.hub_key AS hub_key, hub_displays, score AS ft_score, vias,
       coalesce(node.pubs, [])[0..$max_pubs] AS pubs
"""


class SearchCompaniesArgs(BaseModel):
    """Arguments of search_companies."""

    query: str = Field(
        min_length=1,
        max_length=200,
        description=(
            "A company or person name as the user wrote it (misspellings, missing umlauts, partial "
            "names and former names are fine), or a UID like CHE-123.456.789. Words of a seat or "
            "purpose also match, but rank lower."
        ),
    )
    kind: Literal["any", "company", "person"] = Field(
        "any", description=("Restrict to companies or persons; 'any' searches both.")
    )
    canton: str | None = Field(
        None,
        min_length=2,
        max_length=2,
        description=(
            "Two-letter canton code (ZH, GE, TI, ...) to keep only companies of that canton."
        ),
    )
    limit: int = Field(10, ge=1, le=50, description="Maximum candidates to return, best first.")


def merge_candidates(best: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """One candidate from two records of the same entity: the better one's fields and score,
    the reasons of both (the better one's first) and every way it was found."""
    if other["score"] > best["score"]:
        best, other = other, best
    return {
        **best,
        "reasons": list(dict.fromkeys(best["reasons"] + other["reasons"])),
        "matched_via": sorted(set(best["matched_via"]) | set(other["matched_via"])),
    }


def rank_candidates(query: str, rows: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """Rerank raw candidates by fuzzy similarity; one record per entity with `score` and
    `reason` (every reason it matched, best first); drop noise."""
    uid = find_uid(query)
    by_id: dict[str, dict[str, Any]] = {}
    for row in rows:
        scores = field_scores(query, candidate_fields(row))
        if "uid" in row["vias"] and row.get("uid") == uid:
            scores.insert(0, (100.0, f"uid exact '{row['uid']}'"))
        if not scores or scores[0][0] < MIN_SCORE:
            continue
        record = {
            k: v
            for k, v in row.items()
            if k not in ("names", "variants", "hub_displays", "purpose", "vias", "ft_score")
        }
        record.update(
            score=scores[0][0], reasons=match_reasons(scores), matched_via=sorted(row["vias"])
        )
        previous = by_id.get(record["id"])
        by_id[record["id"]] = merge_candidates(previous, record) if previous else record
    ranked = [
        {
            **{k: v for k, v in r.items() if k != "reasons"},
            "reason": REASON_SEPARATOR.join(r["reasons"]),
        }
        for r in by_id.values()
    ]
    ranked.sort(key=lambda r: (-r["score"], r["strength"] == "weak", r["name"] or "", r["id"]))
    return ranked[:limit]


def search_companies(ctx: ToolContext, args: SearchCompaniesArgs) -> ToolResult:
    """Find companies and persons by (possibly misspelled) name, former name, seat or purpose."""
    started = time.perf_counter()
    candidates = max(50, args.limit * 5)
    base: dict[str, Any] = {
        "company_index": schema.FT_COMPANY,
        "person_index": schema.FT_PERSON,
        "hub_index": schema.FT_NAMEHUB,
        "uid": find_uid(args.query),
        "hub_keys": hub_keys(args.query) if not find_uid(args.query) else [],
        "k": max(25, args.limit * 3),
        "kind": args.kind,
        "canton": args.canton,
        "structured_only": ctx.structured_only,
        "max_pubs": 10,
        "candidates": candidates,
    }
    # Quick pass: exact, prefix and 1-edit fuzzy terms on name fields only; most queries (a
    # name with a typo or a missing umlaut) end here. The broad pass, 2-edit fuzzy terms on
    # every field, runs only when the quick one found nothing convincing.
    quick = {
        **base,
        **{
            f"{kind}_lucene" if kind != "company" else "lucene": fuzzy_lucene_query(
                args.query, fuzzy_fields=fields, max_edits=1
            )
            for kind, fields in NAME_FIELDS.items()
        },
    }
    broad = {
        **base,
        **{
            f"{kind}_lucene" if kind != "company" else "lucene": fuzzy_lucene_query(args.query)
            for kind in NAME_FIELDS
        },
    }

    def body(traces: list[QueryTrace]) -> ToolResult:
        if not quick["lucene"] and not quick["uid"]:
            return build_result(
                "search_companies",
                args.model_dump(),
                [],
                traces,
                "",
                "The query has no searchable word: give a name or a UID.",
                started,
            )
        records: list[dict[str, Any]] = []
        for params in (quick, broad):
            rows, trace = read_query(ctx, SEARCH_CANDIDATES, params, max_rows=3 * candidates)
            traces.append(trace)
            records = rank_candidates(args.query, rows, args.limit)
            if records and records[0]["score"] >= CONFIDENT_SCORE:
                break
        if not records and is_acronym(args.query):
            records = _by_acronym(ctx, args, base, traces)
        top = records[0] if records else None
        found = (
            f"{len(records)} candidate(s); best: {top['name']} ({top['kind']}, {top['id']}, "
            f"{top['reason']}). If several score alike, ask which one is meant or compare "
            "seats and origins."
            if top
            else ""
        )
        empty = (
            f"No company or person matches '{args.query}'. Try a shorter or differently "
            "spelled name, drop filters, or use global_text_search for mentions in notices."
        )
        return build_result(
            "search_companies", args.model_dump(), records, traces, found, empty, started
        )

    return guarded("search_companies", body, args.model_dump())


def _by_acronym(
    ctx: ToolContext, args: SearchCompaniesArgs, base: dict[str, Any], traces: list[QueryTrace]
) -> list[dict[str, Any]]:
    """The companies an acronym abbreviates ("SKS"), searched again by their full names; each
    candidate's reason says it was matched as an acronym."""
    names: list[str] = []
    for index, lucene in (
        (schema.FT_INITIALS, acronym_initials_lucene(args.query)),
        (schema.FT_COMPANY, acronym_lucene(args.query)),  # a graph built without initials
    ):
        rows, trace = read_query(
            ctx,
            ACRONYM_CANDIDATES,
            {"company_index": index, "lucene": lucene, "k": 200},
            max_rows=200,
        )
        traces.append(trace)
        names = acronym_names(rows, args.query)
        if names:
            break
    out: list[dict[str, Any]] = []
    for name in names[:3]:
        params = {
            **base,
            **{
                f"{kind}_lucene" if kind != "company" else "lucene": fuzzy_lucene_query(
                    name, fuzzy_fields=fields, max_edits=1
                )
                for kind, fields in NAME_FIELDS.items()
            },
            "kind": "company",
            "hub_keys": [],
        }
        found, trace = read_query(ctx, SEARCH_CANDIDATES, params, max_rows=50)
        traces.append(trace)
        best = rank_candidates(name, found, 1)
        for r in best:
            r["reason"] = f"{r.get('reason', '')}{REASON_SEPARATOR}acronym of {name}"
        out += [r for r in best if r["id"] not in {o["id"] for o in out}]
    return out[: args.limit]
