"""The search tool on a graph built by ingestion: its NameHub keys are the ones ingestion wrote."""

from __future__ import annotations

from neo4j import Driver

from ingestion.graph.normalize import company_hub_key, person_hub_key
from shabgraph.db import read
from tests.graph.corpus import ALPHA
from tools.base import ToolContext
from tools.normalize import hub_keys
from tools.search import SearchCompaniesArgs, search_companies

HUBS_OF = "MATCH (n {id: $id})-[:IN_HUB]->(h:NameHub) RETURN h.key AS key ORDER BY key"


def test_tool_keys_hit_the_hubs_ingestion_wrote(loaded: Driver) -> None:
    ctx = ToolContext(driver=loaded, database="neo4j")
    alpha_hubs = [r["key"] for r in read(loaded, "neo4j", HUBS_OF, id=ALPHA)]
    # Renamed: filed under its former and its current name.
    assert alpha_hubs == [
        company_hub_key("Alpha Consulting AG"),
        company_hub_key("Alpha Treuhand AG"),
    ]
    for typed in ("ALPHA-TREUHAND SA", "Alpha Consulting GmbH"):
        assert hub_keys(typed)[0] in alpha_hubs
        records = search_companies(
            ctx, SearchCompaniesArgs(query=typed, kind="any", canton=None, limit=10)
        ).records
        alpha = [r for r in records if r["id"] == ALPHA]
        assert len(alpha) == 1 and "hub_key" in alpha[0]["matched_via"], typed
    # Both Hans Müller homonyms (Bern, Zürich) sit in the hub ingestion keyed `person:hans muller`.
    assert hub_keys("Mueller Hans")[1] == person_hub_key("Müller", "Hans") == "person:hans muller"
    people = search_companies(
        ctx, SearchCompaniesArgs(query="Mueller Hans", kind="person", canton=None, limit=10)
    ).records
    via_key = [r for r in people if "hub_key" in r["matched_via"]]
    assert sorted(r["origin"] for r in via_key) == ["Bern", "Zürich"]
    assert len({r["id"] for r in people}) == len(people)
