"""A small hand-built corpus (fictitious names) of Publications with their ExtractionRecords.

Built directly as the loader's inputs, so the graph build is tested without the parsers and the
extractor. `CORPUS` is ordered by publication date; `extract(pub)` returns the matching record.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, Literal

from ingestion.extraction.models import (
    CompanyMention,
    EventType,
    ExtractionRecord,
    PersonMention,
    Subject,
)
from ingestion.publication import CompanyBlock, CompanyRef, Publication, Source, Transaction


def uid(first8: str) -> str:
    """A valid UID (check digit computed) from eight digits."""
    weights = (5, 4, 3, 2, 7, 6, 5, 4)
    r = sum(int(d) * w for d, w in zip(first8, weights, strict=True)) % 11
    check = 0 if r == 0 else 11 - r
    if check == 10:
        raise ValueError("this prefix has no valid check digit")
    d = first8 + str(check)
    return f"CHE-{d[:3]}.{d[3:6]}.{d[6:]}"


ALPHA = uid("10000001")
BETA = uid("10000002")
GAMMA = uid("10000003")
BRANCH = uid("10000004")
REVISA = uid("10000008")

_records: dict[str, ExtractionRecord] = {}


def _pub(
    number: str,
    day: str,
    journal: str,
    block: CompanyBlock,
    kind: Literal["registration", "update", "deletion"],
    events: list[EventType],
    persons: list[dict[str, Any]] | None = None,
    companies: list[dict[str, Any]] | None = None,
) -> Publication:
    sub = {"registration": "HR01", "update": "HR02", "deletion": "HR03"}[kind]
    pub = Publication(
        id=f"id-{number}",
        number=f"{sub}-{number}",
        sub_rubric=sub,
        language="de",
        cantons=["ZH"],
        publication_date=date.fromisoformat(day),
        journal_date=date.fromisoformat(journal),
        journal_number="1",
        text=f"{block.name}, in {block.seat}. (fictitious notice {number})",
        after=None if kind == "deletion" else block,
        before=block if kind != "registration" else None,
        transaction=Transaction(kind=kind),
        source=Source(format="synthetic", path="tests"),
    )
    _records[pub.number] = ExtractionRecord(
        id=pub.number,
        language="de",
        subject=Subject(name=block.name, uid=block.uid, seat=block.seat),
        events=events,
        persons=[PersonMention(**p) for p in persons or []],
        companies=[CompanyMention(**c) for c in companies or []],
    )
    return pub


def _block(name: str, u: str, seat: str, **kw: Any) -> CompanyBlock:
    return CompanyBlock(name=name, uid=u, uid_valid=True, seat=seat, legal_form="0106", **kw)


HANS_ZH = {
    "family_name": "Müller",
    "given_names": "Hans",
    "origin": "Zürich",
    "residence": "Winterthur",
}

CORPUS: list[Publication] = [
    _pub(
        "1000000001",
        "2019-01-14",
        "2019-01-10",
        _block("Alpha Treuhand AG", ALPHA, "Zürich", purpose="Treuhand"),
        "registration",
        ["registration"],
        persons=[
            {
                **HANS_ZH,
                "roles": ["chair"],
                "role_text": "Präsident des Verwaltungsrates",
                "signature": "collective_two",
            },
            {
                "family_name": "Keller",
                "given_names": "Anna",
                "origin": "Basel",
                "residence": "Basel",
                "roles": ["board_member"],
                "signature": "collective_two",
            },
        ],
        companies=[{"name": "Revisa Treuhand AG", "seat": "Zug", "roles": ["auditor"]}],
    ),
    _pub(
        "1000000002",
        "2019-03-05",
        "2019-03-01",
        _block("Beta AG", BETA, "Bern"),
        "registration",
        ["registration"],
        persons=[
            {
                "family_name": "Müller",
                "given_names": "Hans",
                "origin": "Bern",
                "residence": "Bern",
                "roles": ["board_member"],
                "signature": "individual",
            }
        ],
    ),
    _pub(
        "1000000003",
        "2019-04-02",
        "2019-03-28",
        _block("Revisa Treuhand AG", REVISA, "Zug"),
        "registration",
        ["registration"],
    ),
    _pub(
        "1000000004",
        "2019-06-03",
        "2019-05-29",
        _block(
            "Beta AG, Zweigniederlassung Genf",
            BRANCH,
            "Genève",
            head_office=CompanyRef(name="Beta AG", uid=BETA, seat="Bern"),
        ),
        "registration",
        ["registration", "branch"],
    ),
    _pub(
        "1000000005",
        "2020-05-08",
        "2020-05-05",
        _block("Alpha Consulting AG", ALPHA, "Zürich", purpose="Beratung"),
        "update",
        ["name_change", "purpose_change", "officer_change"],
        persons=[
            {
                "family_name": "Mueller",
                "given_names": "Hans",
                "origin": "Zürich",
                "residence": "Winterthur",
                "roles": ["chair"],
                "signature": "individual",
            },
            {
                "family_name": "Keller",
                "given_names": "Anna",
                "origin": "Basel",
                "residence": "Basel",
                "roles": ["board_member"],
                "action": "removed",
            },
            {
                "family_name": "Meier",
                "given_names": "Peter",
                "origin": "Luzern",
                "residence": "Luzern",
                "roles": ["board_member"],
                "signature": "collective_two",
            },
        ],
    ),
    _pub(
        "1000000006",
        "2020-09-01",
        "2020-08-27",
        _block("Beta AG", BETA, "Bern"),
        "update",
        ["officer_change"],
        persons=[
            {
                "family_name": "Schmid",
                "given_names": "Otto",
                "origin": "Chur",
                "residence": "Chur",
                "roles": ["authorized_signatory"],
                "action": "removed",
            }
        ],
    ),
    _pub(
        "1000000007",
        "2020-10-01",
        "2020-09-28",
        _block("Gamma GmbH", GAMMA, "Basel"),
        "registration",
        ["registration"],
        persons=[
            {
                "family_name": "Keller",
                "given_names": "Anna",
                "origin": "Basel",
                "residence": "Riehen",
                "roles": ["managing_director"],
                "signature": "individual",
                "previous": {"residence": "Basel"},
            }
        ],
    ),
    _pub(
        "1000000008",
        "2021-06-04",
        "2021-06-01",
        _block("Alpha Consulting AG", ALPHA, "Zürich", purpose="Beratung"),
        "update",
        ["merger"],
        companies=[
            {"name": "Gamma GmbH", "uid": GAMMA, "seat": "Basel", "roles": ["merger_absorbed"]}
        ],
    ),
    _pub(
        "1000000009",
        "2021-06-10",
        "2021-06-07",
        _block("Gamma GmbH", GAMMA, "Basel"),
        "deletion",
        ["deletion", "merger"],
    ),
]


def extract(pub: Publication) -> ExtractionRecord:
    """The hand-written extraction of a corpus notice."""
    return _records[pub.number]


def ingest(
    driver: Any,
    pubs: list[Publication] | None = None,
    after_write: Callable[[], None] | None = None,
) -> Any:
    """Ingest (part of) the corpus without progress output; returns the summary.

    `after_write` runs after every committed write batch (the resume test kills the process)."""
    from ingestion.graph.pipeline import Ingestor

    return Ingestor(driver, "neo4j", extract, show_progress=False, after_write=after_write).run(
        CORPUS if pubs is None else pubs
    )
