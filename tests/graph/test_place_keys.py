"""Place keys the build stores for the list filters (`shabgraph.register.places`): folded
residences (former ones included) and origins of persons, the country of a residence abroad,
the folded seat of companies, the canton of a seat named only in a text, and the word
initials of company names (for acronyms).

Fictitious notices in the old Zefix daily layout, through the real reader, the rules extractor
and the build; every name, place, date and number here is made up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from ingestion.graph.stages.derived import refresh_derived
from shabgraph.db import read
from shabgraph.register.places import (
    is_place,
    origin_keys,
    place_canton,
    place_keys,
    place_norm,
    place_variants,
    residence_country,
    same_place,
    seat_canton,
)
from tests.graph.notice_facts_corpus import Notice, ingest_daily

FIRM = "930001"
NOTICES = [
    Notice(
        FIRM, "CH02030000001", "ZNE", "ZH", "2012-03-05", "2012-03-09",
        "<F>Nebelhorn Messtechnik AG<E>, in <S>Zürich<E>, Talgasse 4, 8001 Zürich,"
        " Aktiengesellschaft (Neueintragung). Statutendatum: 01.03.2012. Zweck: Entwicklung von"
        " Messgeräten. Aktienkapital: CHF 100'000. Eingetragene Personen: Testmann, Urs, von"
        " Genève, in Zürich, Mitglied des Verwaltungsrates, mit Einzelunterschrift; Exempla,"
        " Lena, deutsche Staatsangehörige, in Konstanz (DE), Mitglied des Verwaltungsrates, mit"
        " Kollektivunterschrift zu zweien. Revisionsstelle: Revisa Nordwind AG, in Zürich.",
    ),
    Notice(
        FIRM, "CH02030000001", "ZAN", "ZH", "2014-06-02", "2014-06-06",
        "<F>Nebelhorn Messtechnik AG<E>, in <S>Zürich<E>, Aktiengesellschaft (SHAB Nr. 48 vom"
        " 09.03.2012, S. 7). Eingetragene Personen neu oder mutierend: Testmann, Urs, von"
        " Genève, in Winterthur [bisher: in Zürich], Mitglied des Verwaltungsrates, mit"
        " Einzelunterschrift; Probst, Vera, von Basel und Bern, in Tannwilen [bisher: in Kreuzlingen],"
        " Mitglied des Verwaltungsrates, mit Kollektivunterschrift zu zweien.",
    ),
    Notice(
        "930002", "CH02030000002", "ZNE", "ZH", "2015-02-02", "2015-02-06",
        "<F>Seeblick Testbau AG<E>, in <S>Tannwilen<E>, Aktiengesellschaft (Neueintragung)."
        " Statutendatum: 26.01.2015. Zweck: Hochbau. Aktienkapital: CHF 100'000. Eingetragene"
        " Personen: Muster, Eva, von Thun, in Zürich, Mitglied des Verwaltungsrates, mit"
        " Einzelunterschrift.",
    ),
]  # fmt: skip


@pytest.fixture
def places_graph(clean_db: Driver, tmp_path: Path) -> Driver:
    ingest_daily(clean_db, tmp_path, list(NOTICES), "places-daily")
    refresh_derived(clean_db, "neo4j")
    return clean_db


def _person(driver: Driver, family: str) -> dict[str, Any]:
    rows = read(
        driver,
        "neo4j",
        "MATCH (p:Person {family_name: $f}) RETURN p.residences AS residences,"
        " p.residence_keys AS residence_keys, p.origin_keys AS origin_keys,"
        " p.residence_country AS country, p.residence_canton AS canton",
        f=family,
    )
    assert len(rows) == 1, rows
    return dict(rows[0])


def test_person_place_keys(places_graph: Driver) -> None:
    assert _person(places_graph, "Testmann") == {
        "residences": ["Zürich", "Winterthur"],
        "residence_keys": ["winterthur", "zurich"],
        "origin_keys": ["geneve"],
        "country": None,
        "canton": "ZH",  # no firm is seated in Winterthur: the gazetteer places it
    }
    # first seen after a move: the former residence the notice gives comes first
    assert _person(places_graph, "Probst") == {
        "residences": ["Kreuzlingen", "Tannwilen"],
        "residence_keys": ["kreuzlingen", "tannwilen"],
        "origin_keys": ["basel", "bern"],
        "country": None,
        "canton": "ZH",  # not in the gazetteer: the canton of the firm seated in Tannwilen
    }
    assert _person(places_graph, "Exempla")["country"] == "DE"
    assert _person(places_graph, "Exempla")["canton"] is None
    assert _person(places_graph, "Muster")["canton"] == "ZH"  # Zürich names its canton
    # the former residence stays on the mention, with its notice
    rows = read(
        places_graph,
        "neo4j",
        "MATCH (:Person {family_name: 'Probst'})-[x:INVOLVED_IN]->(e:Event)"
        " RETURN x.prev_residence AS prev, e.pub_number AS pub",
    )
    assert [dict(r) for r in rows] == [{"prev": "Kreuzlingen", "pub": NOTICES[1].pub}]


def test_company_seat_key_and_the_canton_of_a_named_seat(places_graph: Driver) -> None:
    rows = read(
        places_graph,
        "neo4j",
        "MATCH (c:Company) RETURN c.name AS name, c.strength AS strength, c.seat_key AS key,"
        " c.canton AS canton, c.seat_canton AS seat_canton, c.initials_text AS initials"
        " ORDER BY name",
    )
    assert [dict(r) for r in rows] == [
        {
            "name": "Nebelhorn Messtechnik AG",
            "strength": "strong",
            "key": "zurich",
            "canton": "ZH",
            "seat_canton": None,
            "initials": "nm nma",
        },
        # the audit firm has no notice: its seat is where the register files a ZH firm
        {
            "name": "Revisa Nordwind AG",
            "strength": "weak",
            "key": "zurich",
            "canton": None,
            "seat_canton": "ZH",
            "initials": "rn rna",
        },
        {
            "name": "Seeblick Testbau AG",
            "strength": "strong",
            "key": "tannwilen",
            "canton": "ZH",
            "seat_canton": None,
            "initials": "st sta",
        },
    ]


@pytest.mark.parametrize(
    ("residence", "nationality", "country"),
    [
        ("München (DE)", None, "DE"),
        ("Boston, US", None, "US"),
        ("Springfield, Ohio, USA", None, "US"),
        ("Annemasse, FRA", None, "FR"),
        ("Lille, Frankreich", None, "FR"),
        ("Haarlem, Paesi Bassi", None, "NL"),
        ("Haarlem (Pays-Bas)", None, "NL"),
        ("Linz (Österreich)", None, "AT"),
        # a code that is also a canton's is the country only for its own nationals
        ("Morlon (FR)", None, None),
        ("Morlon (FR)", "französische Staatsangehörige", "FR"),
        ("Wangen SZ", None, None),
        ("Reinach (BL)", None, None),
        ("Olten, CHE", None, None),
        ("Thun", None, None),
        (None, None, None),
    ],
)
def test_residence_country(residence: str | None, nationality: str | None, country: str) -> None:
    assert residence_country(residence, nationality) == country


def test_place_keys_and_variants() -> None:
    assert place_norm("Zürich") == place_norm("Zuerich") == place_norm("ZURICH") == "zurich"
    # with their leading words, so that `Bern` finds `Bern-Bümpliz` by equality
    assert place_keys("Reinach (BL)", "Reinach AG", "Bern-Bümpliz") == [
        "bern",
        "bern bumpliz",
        "reinach",
    ]
    assert origin_keys("Basel und Zürich", "Bern, Thun") == ["basel", "bern", "thun", "zurich"]
    assert place_variants("Genf") == ["geneva", "geneve", "genf", "ginevra"]
    assert place_variants("Thalwil") == ["thalwil"]
    assert place_variants("") == []
    assert seat_canton("Baar (ZG)") == "ZG"
    assert seat_canton("Wangen SZ") == "SZ"
    assert seat_canton("Konstanz (DE)") is None
    assert seat_canton("Baar") is None


def test_one_town_in_every_language_is_the_same_place() -> None:
    assert same_place("Ginevra", "Genève") and same_place("Geneva", "Genf")
    assert same_place("Zurich", "Zürich") and same_place("zuerich", "Zurigo")
    assert same_place("Bienne", "Biel/Bienne") and same_place("Sitten", "Sion")
    assert same_place("Thalwil", "thalwil")
    assert not same_place("Genève", "Lausanne")
    assert not same_place("Bern", "Berneck")
    assert not same_place("", "")


def test_a_place_of_several_cantons_is_still_a_place() -> None:
    assert is_place("Buchs") and place_canton("Buchs") is None  # shared by several cantons
    assert is_place("sursee") and not is_place("Musterwort") and not is_place("")
