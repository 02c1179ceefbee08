"""A UID borrowed from an earlier run's spelling resolves like a written one.

A text mention without a UID takes the UID that the same spelling at the same seat wrote
before. When that UID has since become a registered company's, the mention is that company:
it must be absorbed, not written as a weak node holding a strong company's UID (the uniqueness
constraint refused such rows on the 1 M-notice build). Fictitious notices, two ingest runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from neo4j import Driver

from ingestion.graph.stages.derived import refresh_derived
from shabgraph.db import read
from tests.graph.corpus import uid
from tests.graph.notice_facts_corpus import Notice, ingest_daily

pytestmark = pytest.mark.integration

AUDIT_UID = uid("20000049")
RUN1 = [
    Notice(
        "950001",
        "CH02030100001",
        "ZNE",
        "ZH",
        "2010-03-01",
        "2010-03-05",
        "<F>Quellhof Technik AG<E>, in <S>Zürich<E>, Aktiengesellschaft (Neueintragung)."
        " Statutendatum: 22.02.2010. Zweck: Messtechnik. Aktienkapital: CHF 100'000."
        f" Revisionsstelle: Revisa Talgrund AG ({AUDIT_UID}), in Baar.",
    ),
]
RUN2 = [
    Notice(
        "950002", "CH17030100002", "ZNE", "ZG", "2011-05-02", "2011-05-06",
        f"<F>Revisa Talgrund AG<E>, in <S>Zug<E>, <L>{AUDIT_UID}<E>, Aktiengesellschaft"
        " (Neueintragung). Statutendatum: 26.04.2011. Zweck: Revision. Aktienkapital:"
        " CHF 100'000.",
    ),
    Notice(
        "950003", "CH02030100003", "ZNE", "ZH", "2011-06-06", "2011-06-10",
        "<F>Lindenmoos Bau AG<E>, in <S>Zürich<E>, Aktiengesellschaft (Neueintragung)."
        " Statutendatum: 30.05.2011. Zweck: Hochbau. Aktienkapital: CHF 100'000."
        " Revisionsstelle: Revisa Talgrund AG, in Baar.",
    ),
]  # fmt: skip


def test_a_borrowed_uid_of_a_registered_company_absorbs_the_mention(
    clean_db: Driver, tmp_path: Path
) -> None:
    ingest_daily(clean_db, tmp_path, RUN1, "run1")
    ingest_daily(clean_db, tmp_path, RUN2, "run2")
    refresh_derived(clean_db, "neo4j")
    rows = read(
        clean_db,
        "neo4j",
        "MATCH (c:Company) WHERE c.uid = $uid OR c.name = 'Revisa Talgrund AG'"
        " RETURN c.strength AS strength, c.uid AS uid, c.seat AS seat ORDER BY strength",
        uid=AUDIT_UID,
    )
    strong = [dict(r) for r in rows if r["strength"] == "strong"]
    assert strong == [{"strength": "strong", "uid": AUDIT_UID, "seat": "Zug"}]
    # no weak node holds the registered company's UID
    assert all(r["uid"] is None for r in rows if r["strength"] == "weak")
    audited = read(
        clean_db,
        "neo4j",
        "MATCH (h:Company)-[r:HOLDS_ROLE]->(c:Company) WHERE r.role = 'auditor'"
        " RETURN c.name AS company, h.strength AS holder, h.uid AS uid ORDER BY company",
    )
    by_company = {r["company"]: (r["holder"], r["uid"]) for r in audited}
    assert by_company["Lindenmoos Bau AG"] == ("strong", AUDIT_UID)
