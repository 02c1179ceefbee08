"""Dossier, notice and network reads against the real test graph (fictional demo data)."""

from __future__ import annotations

from unittest.mock import Mock

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from graph_agent.toolbox import Toolbox
from shabgraph.errors import InputError
from shabgraph.settings import Settings
from tools.base import ToolContext
from ui.dossier import dossier_markdown, load_dossier, search_entities
from ui.network import graph_from_records, neighbourhood
from ui.notices import fetch_notices, notice_markdown


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("Mueller Bau", "muellerbau"),  # no umlaut: only the NameHub key finds Müller Bau GmbH
        ("Alpenblik Holding", "alpenblick"),  # a typo
        ("Verde Giardini", "ticino"),  # the former name of Ticino Verde Sagl
    ],
)
def test_dossier_and_agent_resolve_a_name_variant_to_the_same_entity(
    fixture_db: FixtureFacts, driver: Driver, neo4j_settings: Settings, typed: str, key: str
) -> None:
    database = neo4j_settings.neo4j_database
    hits = search_entities(driver, database, typed)
    # The agent reaches the tool through its toolbox, with the arguments an LLM would give.
    agent = Toolbox(ToolContext(driver=driver, database=database)).run_sync(
        "search_companies", {"query": typed}
    )
    assert agent.outcome == "evidence", agent.message
    assert hits and hits[0].id == agent.records[0]["id"] == fixture_db.ids[key]


def test_search_refuses_what_the_tool_cannot_take() -> None:
    assert search_entities(Mock(), "neo4j", "   ") == []
    with pytest.raises(InputError, match="cannot search for that"):
        search_entities(Mock(), "neo4j", "x" * 300)


def test_search_finds_companies_and_persons(demo_db: Driver) -> None:
    hits = search_entities(demo_db, "neo4j", "Beispiel")
    kinds = {(h.name, h.kind) for h in hits}
    assert ("Anna Beispiel", "person") in kinds and ("Beispiel Immobilien GmbH", "company") in kinds
    assert search_entities(demo_db, "neo4j", "Nirgendwo") == []


def test_company_dossier_has_officers_branches_and_timeline(demo_db: Driver) -> None:
    d = load_dossier(demo_db, "neo4j", "CHE-100.000.001", "company")
    assert d is not None and d.name == "Muster Holding AG"
    assert {o["name"] for o in d.officers if o["current"]} == {"Anna Beispiel", "Marco Esempio"}
    assert [b["name"] for b in d.branches] == ["Beispiel Immobilien GmbH"]
    assert [e["pub_number"] for e in d.events] == ["HR01-1000000001", "HR02-1000000002"]
    md = dossier_markdown(d)
    assert "Halten und Verwalten von Beteiligungen." in md
    assert "Kollektivunterschrift zu zweien" in md and "2022-06-07 → today" in md
    assert "branch: Beispiel Immobilien GmbH (Bern)" in md


def test_person_dossier_lists_past_and_current_roles(demo_db: Driver) -> None:
    d = load_dossier(demo_db, "neo4j", "p:marco", "person")
    assert d is not None
    assert {(o["name"], o["current"]) for o in d.officers} == {
        ("Alpen Handel AG", False),
        ("Muster Holding AG", True),
    }
    assert "2018-01-01 → 2023-08-28" in dossier_markdown(d)
    assert load_dossier(demo_db, "neo4j", "p:nobody", "person") is None


def test_notices_by_number(demo_db: Driver) -> None:
    found = fetch_notices(demo_db, "neo4j", ["HR02-1000000002", "HR09-0"])
    assert list(found) == ["HR02-1000000002"]
    md = notice_markdown(found["HR02-1000000002"])
    assert "**subject** Muster Holding AG" in md and "2022-06-10" in md and "Esempio, Marco" in md


def test_neighbourhood_reaches_two_hops(demo_db: Driver) -> None:
    g = neighbourhood(demo_db, "neo4j", "p:anna", "Network of Anna")
    ids = {n.id for n in g.nodes}
    # Anna -> Muster Holding -> Marco -> Alpen Handel is three hops: Alpen stays out.
    assert {"p:anna", "CHE-100.000.001", "CHE-100.000.002", "p:marco"} <= ids
    assert "CHE-100.000.003" not in ids
    assert g.focus == "p:anna"
    assert all(e.source in ids and e.target in ids for e in g.edges)


def test_graph_from_tool_records() -> None:
    g = graph_from_records(
        "t",
        [
            {
                "source_id": "c1",
                "source_name": "A AG",
                "target_id": "p:1",
                "target_name": "Eva",
                "relation": "HOLDS_ROLE",
                "role": "chair",
            },
            {"name": "no second entity", "id": "c1"},
        ],
    )
    assert [(e.source, e.target, e.label) for e in g.edges] == [("c1", "p:1", "chair")]
    assert {n.kind for n in g.nodes} == {"company", "person"}
