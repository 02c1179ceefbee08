"""Acronyms through the stored initials (`Company.initials_text`, index `company_initials`), on
the fixture graph: "MBG" is Müller Bau GmbH, "LLL" Lac Léman Logistique SA, "TS" both Treuhand
Sonnenberg nodes; a graph without the initials falls back to the letter-prefix search."""

from __future__ import annotations

from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from shabgraph import schema
from shabgraph.register.initials import acronym_keys, initials, initials_text, matches
from shabgraph.settings import Settings
from tools.acronyms import ACRONYM_CANDIDATES, acronym_initials_lucene
from tools.base import ToolContext
from tools.search import SearchCompaniesArgs, search_companies


def _initial_candidates(driver: Driver, db: str, acronym: str) -> list[str]:
    params = {
        "company_index": schema.FT_INITIALS,
        "lucene": acronym_initials_lucene(acronym),
        "k": 200,
    }
    rows, _, _ = driver.execute_query(ACRONYM_CANDIDATES, params, database_=db)
    return [r["name"] for r in rows]


def test_initials_index_finds_the_names_an_acronym_stands_for(
    driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts
) -> None:
    db = neo4j_settings.neo4j_database
    assert _initial_candidates(driver, db, "MBG") == ["Müller Bau GmbH"]
    assert _initial_candidates(driver, db, "LLL") == ["Lac Léman Logistique SA"]
    # "TS": the strong and the weak Treuhand Sonnenberg (with or without the AG)
    assert sorted(_initial_candidates(driver, db, "TS")) == [
        "Treuhand Sonnenberg",
        "Treuhand Sonnenberg AG",
    ]
    # the whole acronym ranks first: "SS" (Stiftung Sonnenhalde) before names read "s"+compound
    assert _initial_candidates(driver, db, "SS")[0] == "Stiftung Sonnenhalde"


def test_search_reads_an_acronym_from_the_initials_index(ctx: ToolContext) -> None:
    result = search_companies(ctx, SearchCompaniesArgs(query="MBG", limit=3))
    top = result.records[0]
    assert (top["name"], top["kind"]) == ("Müller Bau GmbH", "company")
    assert top["reason"].endswith("acronym of Müller Bau GmbH")
    # the acronym reads (the name searches also carry person and hub queries)
    looked_up = [q.params["company_index"] for q in result.queries if "hub_lucene" not in q.params]
    # the initials answered: the letter-prefix fallback on the names index did not run
    assert looked_up == [schema.FT_INITIALS]


def test_initials_of_a_name() -> None:
    assert initials("Stiftung für Moorschutz") == ["fm", "sfm", "sm"]
    assert initials("Müller Bau GmbH") == ["mb", "mbg"]
    assert initials("Alpenblick") == []
    assert initials_text(["Müller Bau GmbH", "Bau Müller"]) == "bm mb mbg"
    assert initials_text(["Alpenblick"]) is None
    assert acronym_keys("SMS") == ["sms", "sm", "ss"]
    assert acronym_keys("ABCD")[:4] == ["abcd", "abc", "abd", "acd"]
    assert acronym_keys("A") == []
    # the compound gives the second S, the legal form the first
    assert matches("SMS", "Stiftung für Moorschutz")
    assert matches("MS", "Stiftung für Moorschutz")
    assert not matches("SMB", "Stiftung für Moorschutz")
