"""The build keeps what a notice says about earlier values: a person's earlier name
("Beispiel, Anna, [bisher: Muster, Anna]") makes one person known by both names, and the
capital a notice states before and within its change ("von CHF X auf CHF Y herabgesetzt und
anschliessend auf CHF Z erhöht", "CHF Y [bisher: CHF X]") becomes capital states with the
notice as provenance, also when the company's registration notice is not loaded.

Fictitious notices in the old Zefix daily layout, through the real reader, the rules extractor
and the build; every name, place, date and number here is made up.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from shabgraph.db import read
from tests.graph.notice_facts_corpus import Notice, ingest_daily

FIRM, LATE = "940001", "940002"
NOTICES = [
    Notice(
        FIRM, "CH02030000011", "ZNE", "BE", "2012-03-05", "2012-03-09",
        "<F>Quarzfeld Prüftechnik AG<E>, in <S>Bern<E>, Aareweg 3, 3011 Bern,"
        " Aktiengesellschaft (Neueintragung). Statutendatum: 01.03.2012. Zweck: Prüfung von"
        " Werkstoffen. Aktienkapital: CHF 100'000. Eingetragene Personen: Muster, Anna, von"
        " Thun, in Bern, Mitglied des Verwaltungsrates, mit Einzelunterschrift.",
    ),
    Notice(
        FIRM, "CH02030000011", "ZAN", "BE", "2015-06-01", "2015-06-05",
        "<F>Quarzfeld Prüftechnik AG<E>, in <S>Bern<E>, Aktiengesellschaft (SHAB Nr. 48 vom"
        " 09.03.2012, S. 7). Das Aktienkapital wurde von CHF 100'000 auf CHF 50'000 herabgesetzt"
        " und anschliessend auf CHF 200'000 erhöht. Eingetragene Personen neu oder mutierend:"
        " Beispiel, Anna, von Thun, in Bern, [bisher: Muster, Anna], Mitglied des"
        " Verwaltungsrates, mit Einzelunterschrift.",
    ),
    Notice(
        LATE, "CH02030000012", "ZAN", "BE", "2016-02-01", "2016-02-05",
        "<F>Lindenau Messbau AG<E>, in <S>Biel<E>, Aktiengesellschaft (SHAB Nr. 20 vom"
        " 02.02.2009, S. 5). Statutenänderung: 25.01.2016. Aktienkapital neu: CHF 300'000"
        " [bisher: CHF 120'000].",
    ),
]  # fmt: skip


@pytest.fixture
def graph(clean_db: Driver, tmp_path: Path) -> Driver:
    ingest_daily(clean_db, tmp_path, list(NOTICES), "earlier-daily")
    return clean_db


def _capital(driver: Driver, firm: str) -> list[dict[str, Any]]:
    rows = read(
        driver,
        "neo4j",
        "MATCH (c:Company)-[:HAD_STATE]->(s:CompanyState {attribute: 'capital'})"
        " WHERE $name IN c.names"
        " RETURN s.value AS value, s.valid_from AS valid_from, s.valid_to AS valid_to,"
        " s.pub_number AS pub, s.inferred AS inferred"
        " ORDER BY coalesce(s.valid_from, date('1900-01-01')), s.valid_to IS NULL, s.value",
        name=firm,
    )
    return [dict(r) for r in rows]


def _d(iso: str) -> Any:
    from neo4j.time import Date

    return Date.from_native(dt.date.fromisoformat(iso))


def test_earlier_name_is_the_same_person(graph: Driver) -> None:
    rows = read(
        graph,
        "neo4j",
        "MATCH (p:Person) WHERE p.given_names = 'Anna' RETURN p.family_name AS family,"
        " p.earlier_names AS earlier, p.name_changes AS changes,"
        " p.name_variants_text AS variants, size(p.pubs) AS pubs",
    )
    assert len(rows) == 1, rows
    p = rows[0]
    assert p["family"] == "Beispiel"
    assert p["earlier"] == ["Anna Muster"]
    assert p["changes"] == [f"Anna Muster -> Anna Beispiel ({NOTICES[1].pub}, 2015-06-01)"]
    assert "Anna Muster" in p["variants"] and "Anna Beispiel" in p["variants"]
    assert p["pubs"] == 2
    roles = read(
        graph,
        "neo4j",
        "MATCH (p:Person)-[r:HOLDS_ROLE]->(:Company) RETURN count(r) AS n, "
        "collect(r.valid_to IS NULL) AS open",
    )
    assert roles[0]["n"] == 1 and roles[0]["open"] == [True]  # one open board seat, not two


def test_capital_states_within_a_notice(graph: Driver) -> None:
    states = _capital(graph, "Quarzfeld Prüftechnik AG")
    change = NOTICES[1].pub
    assert [(s["value"], s["pub"], s["inferred"]) for s in states] == [
        # the daily layout has no structured capital: the registration states it in words
        ("100000.0", NOTICES[0].pub, None),
        ("50000.0", change, "intermediate"),
        ("200000.0", change, None),
    ]
    assert states[0]["valid_from"] == _d("2012-03-05")
    assert states[0]["valid_to"] == _d("2015-06-01")
    assert states[1]["valid_from"] == states[1]["valid_to"] == _d("2015-06-01")


def test_previous_capital_without_registration_notice(graph: Driver) -> None:
    states = _capital(graph, "Lindenau Messbau AG")
    pub = NOTICES[2].pub
    assert [
        (s["value"], s["valid_from"], s["valid_to"], s["pub"], s["inferred"]) for s in states
    ] == [
        ("120000.0", None, _d("2016-02-01"), pub, "stated_before"),
        ("300000.0", _d("2016-02-01"), None, pub, None),
    ]


def test_a_notice_read_twice_states_its_capital_steps_once() -> None:
    # A later run reads the notice back from the graph and again from its file: the capital it
    # left must stay open, as after the first run.
    from ingestion.graph.capital_history import STATED
    from ingestion.graph.history import Observation, company_states

    stated = '{"before":50000.0,"steps":[20000.0,80000.0]}'
    day = dt.date(2019, 3, 4)
    parsed = Observation(day, day, "HR02-9", (("capital", "80000.0"), (STATED, stated)), "update")
    reread = parsed._replace(attrs=((STATED, stated), ("capital", "80000.0")))
    once = sorted(company_states("c", [parsed]), key=lambda s: s["id"])
    twice = sorted(company_states("c", [parsed, reread]), key=lambda s: s["id"])
    assert once == twice
    current = [s for s in twice if s["attribute"] == "capital" and not s.get("inferred")]
    assert [(s["value"], s["valid_to"]) for s in current] == [("80000.0", None)]
    assert sorted(s["value"] for s in twice if s.get("inferred")) == ["20000.0", "50000.0"]
