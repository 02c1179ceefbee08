"""Balance sheets, share premiums, liquidation addresses and bankruptcy openings stated only as
a dissolution's cause, a partnership's business start, a deletion the register files without a
deletion word: read from the notice text into the graph with their notice
(`ingestion/graph/notice_amounts.py`). Fictitious notices through the real reader, the rules
extractor and the build; every name, place, date and number here is made up."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from ingestion.graph.notice_amounts import (
    Balance,
    balance,
    business_start,
    labelled_opening,
    liquidation_address,
    share_premium,
)
from shabgraph.db import read
from tests.graph.notice_facts_corpus import Notice, ingest_daily

FIRM, OTHER, FIRM3 = "940001", "940002", "940003"
NOTICES = [
    Notice(
        FIRM, "CH02040000001", "ZAN", "ZH", "2021-09-06", "2021-09-10",
        "<F>Wolkenbruch Software AG<E>, in <S>Uster<E>, Aktiengesellschaft (SHAB Nr. 10 vom"
        " 15.01.2019). Die Gesellschaft mit beschränkter Haftung hat das Stammkapital auf"
        " CHF 40'000.00 erhöht und wird gemäss Umwandlungsplan vom 30.08.2021 und Zwischenbilanz"
        " per 30.06.2021 mit Aktiven von CHF 512'340.55 und Passiven (Fremdkapital) von"
        " CHF 401'002.10 in eine Aktiengesellschaft umgewandelt. Die Erhöhung umfasst nebst dem"
        " nominellen Erhöhungsbetrag von CHF 20'000.00 auch ein Agio von CHF 61'250.40.",
    ),
    Notice(
        OTHER, "CH55030000002", "ZAN", "VD", "2015-04-13", "2015-04-17",
        "<F>Brume Conseil SA en liquidation<E>, à <S>Nyon<E>, société anonyme (FOSC no 22 du"
        " 03.02.2012). La société est dissoute par décision de l'assemblée générale du"
        " 02.04.2015. La liquidation sera opérée sous la raison sociale: Brume Conseil SA en"
        " liquidation. Adresse de liquidation: Morges, Rue du Port 7, c/o Fiduciaire Rive SA.",
    ),
    Notice(
        OTHER, "CH55030000002", "ZAN", "VD", "2016-11-07", "2016-11-11",
        "<F>Brume Conseil SA en liquidation<E>, à <S>Nyon<E>, société anonyme (FOSC no 74 du"
        " 17.04.2015). La société est dissoute par suite de faillite prononcée par jugement du"
        " 31.10.2016.",
    ),
    Notice(
        FIRM3, "CH03030000003", "ZNE", "BE", "2016-12-08", "2016-12-13",
        "<F>Talweg & Sonne<E>, in <S>Thun<E>, Kollektivgesellschaft (Neueintragung). Beginn:"
        " 01.12.2016. Zweck: Malerarbeiten. Eingetragene Personen: Talweg, Anna, von Bern, in"
        " Thun, Gesellschafterin, mit Einzelunterschrift.",
    ),
    Notice(
        FIRM3, "CH03030000003", "ZLO", "BE", "2019-03-04", "2019-03-08",
        "<F>Talweg & Sonne<E>, in <S>Thun<E>, Kollektivgesellschaft (SHAB Nr. 240 vom"
        " 13.12.2016). Die Firma wird nach Abschluss des Konkursverfahrens von Amtes wegen"
        " im Register gestrichen.",
    ),
]  # fmt: skip


@pytest.fixture
def amounts_graph(clean_db: Driver, tmp_path: Path) -> Driver:
    ingest_daily(clean_db, tmp_path, list(NOTICES), "amounts-daily")
    return clean_db


def _native(row: Any) -> dict[str, Any]:
    return {k: v.to_native() if hasattr(v, "to_native") else v for k, v in dict(row).items()}


def _event(driver: Driver, pub: str, *keys: str) -> dict[str, Any]:
    rows = read(driver, "neo4j", "MATCH (e:Event {pub_number: $p}) RETURN e {.*} AS e", p=pub)
    e = _native(rows[0]["e"])
    return {k: e.get(k) for k in keys}


def _states(driver: Driver, attribute: str) -> list[dict[str, Any]]:
    rows = read(
        driver,
        "neo4j",
        "MATCH (c:Company)-[:HAD_STATE]->(s:CompanyState {attribute: $a})"
        " RETURN c.name AS company, s.value AS value, s.pub_number AS pub, s {.*} AS s",
        a=attribute,
    )
    return [_native(r) for r in rows]


def test_balance_and_share_premium_in_the_graph(amounts_graph: Driver) -> None:
    pub = NOTICES[0].pub
    assert _event(
        amounts_graph, pub, "balance_interim", "balance_date", "balance_assets",
        "balance_liabilities", "share_premium",
    ) == {
        "balance_interim": True,
        "balance_date": dt.date(2021, 6, 30),
        "balance_assets": 512340.55,
        "balance_liabilities": 401002.10,
        "share_premium": 61250.40,
    }  # fmt: skip
    [sheet] = _states(amounts_graph, "balance")
    assert (sheet["company"], sheet["pub"]) == ("Wolkenbruch Software AG", pub)
    assert {k: sheet["s"][k] for k in ("interim", "date", "assets", "liabilities")} == {
        "interim": True,
        "date": dt.date(2021, 6, 30),
        "assets": 512340.55,
        "liabilities": 401002.10,
    }
    [premium] = _states(amounts_graph, "share_premium")
    assert (premium["value"], premium["s"]["amount"], premium["pub"]) == ("61250.4", 61250.4, pub)


def test_liquidation_address_and_bankruptcy_opening(amounts_graph: Driver) -> None:
    [address] = _states(amounts_graph, "liquidation_address")
    assert (address["value"], address["pub"]) == (
        "Morges, Rue du Port 7, c/o Fiduciaire Rive SA",
        NOTICES[1].pub,
    )
    rows = read(
        amounts_graph,
        "neo4j",
        "MATCH (c:Company {liquidation_address_pub: $p}) RETURN c.liquidation_address AS a",
        p=NOTICES[1].pub,
    )
    assert [r["a"] for r in rows] == ["Morges, Rue du Port 7, c/o Fiduciaire Rive SA"]
    assert _event(amounts_graph, NOTICES[2].pub, "bankruptcy_stage", "effective_date") == {
        "bankruptcy_stage": "opened",
        "effective_date": dt.date(2016, 10, 31),
    }


def test_amount_readers_in_three_languages() -> None:
    fr = (
        "selon contrat de fusion du 01.06.2019 et bilan au 31.12.2018, actifs de CHF 1'000.00"
        " et passifs (fonds étrangers) de CHF 500.00. Prime d'émission de CHF 2'500.00."
    )
    assert balance(fr) == Balance(False, dt.date(2018, 12, 31), 1000.0, 500.0)
    assert share_premium(fr) == 2500.0
    it = (
        "come da contratto di fusione del 01.06.2019 e bilancio intermedio al 31.03.2019,"
        " attivi di CHF 2'000.00 e passivi (capitale di terzi) di CHF 300.00."
    )
    assert balance(it) == Balance(True, dt.date(2019, 3, 31), 2000.0, 300.0)
    assert balance("Bilanz per 31.12.2018.") is None  # no figure
    assert liquidation_address("Liquidationsadresse: c/o Beispiel AG, Ring 4, 3000 Bern.") == (
        "c/o Beispiel AG, Ring 4, 3000 Bern"
    )
    assert liquidation_address("Indirizzo di liquidazione: Via Lago 2, 6900 Lugano.") == (
        "Via Lago 2, 6900 Lugano"
    )
    assert labelled_opening("Datum der Konkurseröffnung: 12.08.2020.") == dt.date(2020, 8, 12)
    assert share_premium("Aktienkapital neu: CHF 100'000.") is None


def test_business_start_and_a_deletion_without_its_word(amounts_graph: Driver) -> None:
    [start] = _states(amounts_graph, "business_start")
    assert (start["company"], start["value"], start["pub"]) == (
        "Talweg & Sonne",
        "2016-12-01",
        NOTICES[3].pub,
    )
    assert "deletion" in _event(amounts_graph, NOTICES[4].pub, "event_types")["event_types"]
    assert business_start(
        "Société en nom collectif (Nouvelle inscription). Début: 01.02.2008."
    ) == (dt.date(2008, 2, 1))
    assert business_start("Inizio: 3.4.2019. Scopo: …") == dt.date(2019, 4, 3)
    assert business_start("Statuten: 01.12.2016.") is None
