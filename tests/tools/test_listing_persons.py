"""`list_register` filters on places, countries and exclusions, on the fixture graph.

Places are compared as folded keys with their other-language names (`shabgraph.register.places`):
a user who types `Zurich`, `Geneve` or `Bern` finds the residences, origins and seats written
`Zürich`, `Zurigo`, `Genève`, and the origin list `Basel und Bern`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from shabgraph.settings import Settings
from tools.base import ToolContext
from tools.listing import ListRegisterArgs, list_register


def _names(ctx: ToolContext, **kw: Any) -> tuple[list[str], int]:
    result = list_register(ctx, ListRegisterArgs.model_validate(kw))
    rows = result.records
    return sorted(str(r["name"]) for r in rows), (rows[0]["total"] if rows else 0)


def test_residence_without_accents_and_in_another_language(ctx: ToolContext) -> None:
    want = (["Hans Mueller", "Hans Müller", "Peter Keller"], 3)
    assert _names(ctx, what="persons", residence="Zurich") == want
    assert _names(ctx, what="persons", residence="ZÜRICH") == want
    assert _names(ctx, what="persons", residence="Zurigo") == want


def test_origin_without_accents(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    result = list_register(ctx, ListRegisterArgs(what="persons", origin="Geneve"))
    assert [(r["name"], r["origin"]) for r in result.records] == [("Anna Meier", "Genève")]
    # one place of a list of origins counts
    assert _names(ctx, what="persons", origin="Bern") == (
        ["Anna Meier", "Elisabeth Brunner-Vogt"],
        2,
    )


def test_place_is_residence_or_origin(ctx: ToolContext) -> None:
    # Anna Meier lives in Bern; Elisabeth Brunner-Vogt lives in Riehen and comes from Bern
    assert _names(ctx, what="persons", place="Berne") == (
        ["Anna Meier", "Elisabeth Brunner-Vogt"],
        2,
    )
    assert _names(ctx, what="persons", place="Riehen") == (["Elisabeth Brunner-Vogt"], 1)


def test_a_place_is_a_whole_word(ctx: ToolContext) -> None:
    assert _names(ctx, what="persons", residence="Zur") == ([], 0)
    assert _names(ctx, what="persons", residence="Bellinzona") == (["Marco Rossi"], 1)


def test_persons_in_a_place_but_not_at_a_company(ctx: ToolContext) -> None:
    # Hans Müller and Peter Keller hold roles at Alpenblick; the weak Hans Mueller holds none
    assert _names(ctx, what="persons", residence="Zürich", not_company="alpenblick") == (
        ["Hans Mueller"],
        1,
    )
    assert _names(ctx, what="persons", residence="Zürich", company="alpenblick") == (
        ["Hans Müller", "Peter Keller"],
        2,
    )


ADD_ABROAD = """
MATCH (c:Company {id: $company})
CREATE (p:Person {id: $id, full_name: 'Lea Testerin', family_name: 'Testerin',
  given_names: 'Lea', residence: 'Konstanz (DE)', residences: ['Kreuzlingen', 'Konstanz (DE)'],
  residence_keys: ['konstanz', 'kreuzlingen'], origin_keys: ['frauenfeld'],
  origin: 'Frauenfeld', residence_country: 'DE', pubs: []})
CREATE (p)-[:HOLDS_ROLE {role: 'board_member', roles: ['board_member'], current: true}]->(c)
"""
DROP_ABROAD = "MATCH (p:Person {id: $id}) DETACH DELETE p"


@pytest.fixture
def abroad(driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts) -> Iterator[str]:
    """A person living abroad, with one role at Alpenblick (removed after the test)."""
    params = {"id": "p:test-abroad", "company": fixture_graph.ids["alpenblick"]}
    db = neo4j_settings.neo4j_database
    driver.execute_query(ADD_ABROAD, params, database_=db)
    try:
        yield "p:test-abroad"
    finally:
        driver.execute_query(DROP_ABROAD, params, database_=db)


def test_persons_living_abroad(ctx: ToolContext, abroad: str) -> None:
    result = list_register(ctx, ListRegisterArgs(what="persons", abroad=True))
    assert [(r["id"], r["residence"], r["residence_country"]) for r in result.records] == [
        (abroad, "Konstanz (DE)", "DE")
    ]
    assert [r["company"] for r in result.records[0]["roles"]] == ["Alpenblick Holding AG"]
    # a former residence counts for the residence filter, not for "abroad"
    assert _names(ctx, what="persons", residence="Kreuzlingen") == (["Lea Testerin"], 1)
    at_home = _names(ctx, what="persons", abroad=False, residence="Zurich")
    assert at_home == (["Hans Mueller", "Hans Müller", "Peter Keller"], 3)


def test_company_seat_without_accents(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    result = list_register(ctx, ListRegisterArgs(what="companies", seat="Zurich"))
    assert [r["id"] for r in result.records] == [fixture_graph.ids["alpenblick"]]
    genf = list_register(ctx, ListRegisterArgs(what="companies", seat="geneve"))
    assert [r["seat"] for r in genf.records] == ["Genève"]


def test_audit_firms_by_their_canton_and_by_the_audited_canton(ctx: ToolContext) -> None:
    def auditors(**kw: Any) -> list[tuple[str, str, str | None]]:
        result = list_register(ctx, ListRegisterArgs(what="roles", role="auditor", **kw))
        return [(r["name"], r["company"], r["holder_canton"]) for r in result.records]

    # the weak Treuhand Sonnenberg is seated in Zug, where the register files two firms of ZG
    assert auditors(holder_canton="ZG") == [
        ("Treuhand Sonnenberg", "Kristallnetz Informatik AG", "ZG")
    ]
    assert auditors(canton="ZH") == [("Nordlicht Treuhand", "Alpenblick Holding AG", None)]
    assert auditors(canton="BE") == [("Treuhand Sonnenberg", "Kristallnetz Informatik AG", "ZG")]
    # Nordlicht Treuhand's seat Baar is no seat of a firm of the graph: it counts in the canton
    # of the company it audits
    assert auditors(holder_canton="ZH") == [("Nordlicht Treuhand", "Alpenblick Holding AG", None)]
    assert auditors(holder_canton="TI") == []


def test_a_company_by_its_words_in_any_order(ctx: ToolContext) -> None:
    # "Holding Alpenblick" is the "Alpenblick Holding AG" (legal form and order do not matter)
    assert _names(ctx, what="persons", residence="Zurich", not_company="Holding-Alpenblick") == (
        ["Hans Mueller"],
        1,
    )
    result = list_register(
        ctx, ListRegisterArgs(what="persons", residence="Zurich", company="holding alpenblick")
    )
    assert [r["name"] for r in result.records] == ["Hans Müller", "Peter Keller"]
    assert {x["company"] for r in result.records for x in r["roles"]} == {"Alpenblick Holding AG"}


def test_persons_by_canton_of_residence(ctx: ToolContext) -> None:
    # Zürich and Zurigo name their canton; Bellinzona, Sion and Lausanne are canton capitals;
    # Winterthur's canton the gazetteer gives
    assert _names(ctx, what="persons", residence_canton="ZH") == (
        ["Hans Mueller", "Hans Müller", "Peter Keller", "Sandra Frei"],
        4,
    )
    assert _names(ctx, what="persons", residence_canton="ti") == (
        ["Luca Bernasconi", "Marco Rossi"],  # Locarno: the gazetteer
        2,
    )
    assert _names(ctx, what="persons", residence_canton="VS") == (["Jean-Pierre Favre"], 1)
    assert _names(ctx, what="persons", residence_canton="GR") == ([], 0)


def test_company_seat_in_another_language_and_capital(
    ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    zugo = list_register(ctx, ListRegisterArgs(what="companies", seat="Zugo"))
    assert [(r["name"], r["seat"]) for r in zugo.records] == [("Treuhand Sonnenberg AG", "Zug")]
    capital = list_register(ctx, ListRegisterArgs(what="companies", capital=20000))
    assert [r["id"] for r in capital.records] == [fixture_graph.ids["bergkristall"]]
