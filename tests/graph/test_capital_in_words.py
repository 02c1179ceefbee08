"""An old daily notice states its capital only in words: the build keeps it as the capital.

"Stammkapital: CHF 20'000" in a registration without a structured block becomes the company's
capital state and its `capital` (which the population lists filter by); a later notice that
raises it ("Aktienkapital bisher CHF …, neu CHF …") moves it on. Fictitious notices."""

from __future__ import annotations

from pathlib import Path

import pytest
from neo4j import Driver

from shabgraph.db import read
from tests.graph.notice_facts_corpus import Notice, ingest_daily

pytestmark = pytest.mark.integration

NOTICES = [
    Notice(
        "960001", "CH02040100001", "ZNE", "ZH", "2012-03-01", "2012-03-06",
        "<F>Talweg Druck GmbH<E>, in <S>Zürich<E>, Gesellschaft mit beschränkter Haftung"
        " (Neueintragung). Statutendatum: 24.02.2012. Zweck: Druckerei. Stammkapital:"
        " CHF 20'000. Eingetragene Personen: Beispiel, Hans, von Zürich, in Zürich,"
        " Gesellschafter und Geschäftsführer, mit Einzelunterschrift.",
    ),
    Notice(
        "960002", "CH02040100002", "ZNE", "ZH", "2012-03-01", "2012-03-06",
        "<F>Seeblick Bau AG<E>, in <S>Zürich<E>, Aktiengesellschaft (Neueintragung)."
        " Statutendatum: 24.02.2012. Zweck: Hochbau. Aktienkapital: CHF 100'000.",
    ),
    Notice(
        "960003", "CH02040100002", "ZAN", "ZH", "2014-05-02", "2014-05-07",
        "<F>Seeblick Bau AG<E>, in <S>Zürich<E>, Aktiengesellschaft (SHAB Nr. 45 vom"
        " 06.03.2012). Statuten geändert. Aktienkapital bisher CHF 100'000, neu CHF 250'000.",
    ),
]  # fmt: skip


def test_the_capital_written_in_words_is_the_companys(clean_db: Driver, tmp_path: Path) -> None:
    ingest_daily(clean_db, tmp_path, NOTICES, "run")
    rows = read(clean_db, "neo4j", "MATCH (c:Company) RETURN c.name AS name, c.capital AS capital")
    capital = {r["name"]: r["capital"] for r in rows}
    assert capital["Talweg Druck GmbH"] == 20000.0
    assert capital["Seeblick Bau AG"] == 250000.0
    states = read(
        clean_db,
        "neo4j",
        "MATCH (c:Company {name: 'Seeblick Bau AG'})-[]->(s:CompanyState {attribute: 'capital'})"
        " RETURN s.value AS v, s.valid_from AS f, s.valid_to AS t ORDER BY s.valid_from",
    )
    assert [(r["v"], str(r["f"]), str(r["t"])) for r in states] == [
        ("100000.0", "2012-03-01", "2014-05-02"),
        ("250000.0", "2014-05-02", "None"),
    ]
