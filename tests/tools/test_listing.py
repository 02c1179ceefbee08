"""`list_register` on the fixture graph: exact populations, and the same answers as a plain scan.

The companies and notices queries are assembled per filter set and start from indexes; a
reference query that tests every filter on every node (the definition of the filters) must
give the same rows and totals for every combination.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from shabgraph.settings import Settings
from tools.base import ToolContext
from tools.listing import ListRegisterArgs, list_register, queries

D = dt.date

REFERENCE_COMPANIES = """
MATCH (c:Company)
WHERE coalesce(c.event_count, 0) > 0
  AND ($legal_form IS NULL OR c.legal_form = $legal_form)
  AND ($canton IS NULL OR c.canton = $canton)
  AND ($status IS NULL OR c.status = $status)
  AND ($seat IS NULL OR c.seat_key IN $seat OR c.seat_key STARTS WITH $seat_word)
  AND ($capital IS NULL OR c.capital = $capital)
  AND ($opting_out IS NULL OR c.audit_opting_out = $opting_out)
  AND ($event_type IS NULL OR EXISTS {
        MATCH (c)-[:HAS_EVENT]->(e:Event)
        WHERE $event_type IN e.event_types
          AND ($date_from IS NULL OR toString(coalesce(e.journal_date, e.pub_date)) >= $date_from)
          AND ($date_to IS NULL OR toString(coalesce(e.journal_date, e.pub_date)) <= $date_to) })
  AND ($event_type IS NOT NULL OR (($date_from IS NULL OR toString(c.last_pub_date) >= $date_from)
       AND ($date_to IS NULL OR toString(c.first_pub_date) <= $date_to)))
CALL (c) {
  OPTIONAL MATCH (c)-[:HAS_EVENT]->(e:Event)
  WHERE $event_type IS NOT NULL AND $event_type IN e.event_types
    AND ($date_from IS NULL OR toString(coalesce(e.journal_date, e.pub_date)) >= $date_from)
    AND ($date_to IS NULL OR toString(coalesce(e.journal_date, e.pub_date)) <= $date_to)
  WITH e ORDER BY e.pub_date, e.pub_number
  RETURN collect(e.pub_number)[0..3] AS hits
}
RETURN c.id AS id, c.name AS name,
       CASE WHEN size(hits) > 0 THEN hits ELSE coalesce(c.pubs, [])[0..3] END AS pubs
ORDER BY c.name, c.id
"""
"""Every company tested against every filter (a notice's date: journal date, else pub date)."""

REFERENCE_NOTICES = """
MATCH (e:Event)
WHERE ($date_from IS NULL OR toString(e.pub_date) >= $date_from)
  AND ($date_to IS NULL OR toString(e.pub_date) <= $date_to)
  AND ($event_type IS NULL OR $event_type IN e.event_types)
  AND ($canton IS NULL OR e.canton = $canton)
  AND ($subject_id IS NULL OR e.subject_id = $subject_id)
  AND ($language IS NULL OR e.language = $language)
  AND ($legal_form IS NULL OR EXISTS {
        MATCH (s:Company) WHERE s.id = e.subject_id AND s.legal_form = $legal_form })
RETURN e.pub_number AS pub_number ORDER BY e.pub_date, e.pub_number
"""

REFERENCE_ROLES = """
MATCH (h)-[r:HOLDS_ROLE]->(c:Company)
WHERE ($role IS NULL OR $role IN coalesce(r.roles, [r.role]))
  AND ($signature IS NULL OR r.signature STARTS WITH $signature)
  AND ($holder IS NULL OR ($holder = 'person') = (h:Person))
  AND ($subject_id IS NULL OR c.id = $subject_id)
  AND ($legal_form IS NULL OR c.legal_form = $legal_form)
  AND ($canton IS NULL OR c.canton = $canton)
  AND ($holder_canton IS NULL OR coalesce(h.canton, h.seat_canton, c.canton) = $holder_canton)
  AND CASE $mode
    WHEN 'entered' THEN r.valid_from IS NOT NULL
      AND ($date_from IS NULL OR toString(r.valid_from) >= $date_from)
      AND ($date_to IS NULL OR toString(r.valid_from) <= $date_to)
    WHEN 'left' THEN r.valid_to IS NOT NULL
      AND ($date_from IS NULL OR toString(r.valid_to) >= $date_from)
      AND ($date_to IS NULL OR toString(r.valid_to) <= $date_to)
    ELSE ($date_to IS NULL OR r.valid_from IS NULL OR toString(r.valid_from) <= $date_to)
      AND ($date_from IS NULL OR r.valid_to IS NULL OR toString(r.valid_to) >= $date_from)
  END
RETURN h.id AS id, c.id AS company_id, r.role AS role, r.valid_from AS valid_from,
       r.valid_to AS valid_to
"""
"""entered: the interval starts in the period; left: it ends in it; held: it overlaps it."""

UNDATED_NOTICE = "HR02-1999999901"
"""A fictional notice with a publication date but no journal date (added by `undated_notice`)."""


@pytest.fixture
def undated_notice(
    driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts
) -> Iterator[str]:
    """A capital change of Ticino Verde published on 30 June 2021 without a journal date."""
    db = neo4j_settings.neo4j_database
    driver.execute_query(
        "MATCH (c:Company {id: $id}) CREATE (c)-[:HAS_EVENT]->(:Event {pub_number: $pub, "
        "pub_date: date('2021-06-30'), event_types: ['capital_change'], canton: 'TI', "
        "language: 'it', subject_id: $id})",
        {"id": fixture_graph.ids["ticino"], "pub": UNDATED_NOTICE},
        database_=db,
    )
    try:
        yield UNDATED_NOTICE
    finally:
        driver.execute_query(
            "MATCH (e:Event {pub_number: $pub}) DETACH DELETE e",
            {"pub": UNDATED_NOTICE},
            database_=db,
        )


def listed(ctx: ToolContext, facts: FixtureFacts, **kw: Any) -> tuple[list[str], int, list[Any]]:
    """(fixture keys in listed order, total, pubs of each row)."""
    result = list_register(ctx, ListRegisterArgs.model_validate(kw))
    assert result.outcome in ("evidence", "empty"), result.message
    inv = {v: k for k, v in facts.ids.items()}
    ids = [r.get("id") for r in result.records]
    total = result.records[0]["total"] if result.records else 0
    return [inv.get(str(i), str(i)) for i in ids], total, [r["pubs"] for r in result.records]


def test_companies_by_event_type_use_the_journal_date(
    ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    # E12 (Lac Léman) is journal-dated 6 Sept, published 10 Sept; E13 (Rhône) 15 and 20 Sept
    keys, total, pubs = listed(
        ctx,
        fixture_graph,
        what="companies",
        event_type="officer_change",
        date_from=D(2021, 9, 7),
        date_to=D(2021, 9, 15),
    )
    assert (keys, total, pubs) == (["rhone"], 1, [["HR02-1900000013"]])


def test_companies_with_event_type_and_company_filters(
    ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    merged = listed(
        ctx, fixture_graph, what="companies", event_type="merger", date_from=D(2022, 1, 1)
    )
    assert merged[:2] == (["bergkristall", "kristallnetz"], 2)
    deleted = listed(
        ctx,
        fixture_graph,
        what="companies",
        event_type="merger",
        status="deleted",
        date_to=D(2022, 12, 31),
    )
    assert deleted == (["bergkristall"], 1, [["HR03-1900000009"]])
    # no period, a company filter: each Ticino company tested through its own notices
    ticino = listed(ctx, fixture_graph, what="companies", event_type="registration", canton="TI")
    assert ticino == (
        ["branch_ti", "ticino"],
        2,
        [["HR01-1900000005"], ["HR01-1900000019"]],
    )


def test_every_company_with_an_event_type_ever(
    ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    keys, total, pubs = listed(ctx, fixture_graph, what="companies", event_type="bankruptcy")
    assert (keys, total, pubs) == (["muellerbau"], 1, [["HR02-1900000017", "HR03-1900000018"]])
    first, total, _ = listed(
        ctx, fixture_graph, what="companies", event_type="registration", limit=3
    )
    assert (first, total) == (["alpenblick", "branch_ge", "branch_ti"], 11)


def test_a_notice_without_journal_date_counts_by_its_publication_date(
    ctx: ToolContext, fixture_graph: FixtureFacts, undated_notice: str
) -> None:
    in_2021 = listed(
        ctx,
        fixture_graph,
        what="companies",
        event_type="capital_change",
        date_from=D(2021, 1, 1),
        date_to=D(2021, 12, 31),
    )
    assert in_2021 == (["ticino"], 1, [[undated_notice]])
    before = listed(
        ctx, fixture_graph, what="companies", event_type="capital_change", date_to=D(2021, 6, 29)
    )
    assert before[:2] == (["alpenblick"], 1)


def test_companies_without_event_type(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    assert listed(ctx, fixture_graph, what="companies", canton="BE", status="deleted")[:2] == (
        ["bergkristall"],
        1,
    )
    sarl = listed(ctx, fixture_graph, what="companies", legal_form="0107")
    assert sarl[:2] == (["bergkristall", "muellerbau", "rhone", "ticino"], 4)
    # a period alone: companies with notices in or around it (last notice on or after the start)
    assert listed(ctx, fixture_graph, what="companies", date_from=D(2023, 1, 1))[:2] == (
        ["muellerbau"],
        1,
    )
    none = list_register(ctx, ListRegisterArgs(what="companies", canton="GR"))
    assert none.outcome == "empty" and none.records == []


def test_several_cantons_list_any_of_them(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    for what in ("companies", "notices", "roles"):
        each = [
            {r.get("pub_number") or r.get("id"): r for r in listed_rows(ctx, what, canton=c)}
            for c in ("TI", "BE")
        ]
        both = listed_rows(ctx, what, cantons=["TI", "be"])
        assert each[0] and each[1], what
        keys = {r.get("pub_number") or r.get("id") for r in both}
        assert keys == set(each[0]) | set(each[1]), what
        totals = [next(iter(d.values()))["total"] for d in each]
        assert {r["total"] for r in both} == {sum(totals)} and len(both) == sum(totals), what
    with pytest.raises(ValueError, match="cantons"):
        ListRegisterArgs.model_validate({"what": "companies", "cantons": ["TI"]})
    with pytest.raises(ValueError, match="cantons"):
        ListRegisterArgs.model_validate({"what": "companies", "cantons": ["TI", "Bern"]})


def listed_rows(ctx: ToolContext, what: str, **kw: Any) -> list[dict[str, Any]]:
    result = list_register(ctx, ListRegisterArgs.model_validate({"what": what, **kw}))
    return list(result.records)


def test_notices_by_filters(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    def pubs(**kw: Any) -> tuple[list[str], int]:
        result = list_register(ctx, ListRegisterArgs.model_validate({"what": "notices", **kw}))
        rows = result.records
        return [r["pub_number"] for r in rows], (rows[0]["total"] if rows else 0)

    # notices are dated by publication: E03 was journal-dated 15 June, published 19 June
    assert pubs(date_from=D(2020, 6, 16), date_to=D(2020, 6, 19)) == (["HR02-1900000003"], 1)
    assert pubs(event_type="bankruptcy") == (["HR02-1900000017", "HR03-1900000018"], 2)
    assert pubs(language="it", limit=2) == (["HR01-1900000019", "HR02-1900000020"], 3)
    assert pubs(subject_id=fixture_graph.ids["muellerbau"], event_type="officer_change") == (
        ["HR02-1900000015", "HR02-1900000016"],
        2,
    )


def test_notices_of_one_legal_form(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    # a notice has no legal form: the filter keeps the notices whose subject has it
    sarl = {
        r["id"]
        for r in list_register(ctx, ListRegisterArgs(what="companies", legal_form="0107")).records
    }
    every = list_register(ctx, ListRegisterArgs(what="notices", event_type="registration")).records
    kept = list_register(
        ctx, ListRegisterArgs(what="notices", event_type="registration", legal_form="0107")
    ).records
    assert kept and len(kept) < len(every)
    assert [r["pub_number"] for r in kept] == [r["pub_number"] for r in every if r["id"] in sarl]


COMPANY_PARAMS = ("legal_form", "canton", "status", "seat", "seat_word", "capital", "opting_out")
COMPANY_PARAMS += ("subject_id", "language")

GRID_EVENT = [None, "registration", "officer_change", "merger", "bankruptcy"]
GRID_DATES = [
    (None, None),
    ("2019-01-01", "2021-12-31"),
    (None, "2016-06-30"),
    ("2021-09-07", None),
    ("2022-11-10", "2022-11-14"),
]
GRID_COMPANY = [
    {},
    {"canton": "TI"},
    {"legal_form": "0107"},
    {"status": "deleted"},
    {"seat": ["bern", "berna", "berne"], "seat_word": "bern ", "status": "active"},
    {"seat": ["zug", "zoug", "zugo"], "seat_word": "zugo "},
    {"capital": 20000.0},
]


def _params(
    event: str | None, dates: tuple[str | None, str | None], extra: dict[str, Any]
) -> dict[str, Any]:
    base: dict[str, Any] = dict.fromkeys(COMPANY_PARAMS)
    return {
        **base,
        **extra,
        "event_type": event,
        "date_from": dates[0],
        "date_to": dates[1],
        "limit": 50,
    }


def test_companies_match_the_reference_scan(
    driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts, undated_notice: str
) -> None:
    db = neo4j_settings.neo4j_database
    compared = 0
    for event, dates, extra in itertools.product(GRID_EVENT, GRID_DATES, GRID_COMPANY):
        params = _params(event, dates, extra)
        expected, _, _ = driver.execute_query(REFERENCE_COMPANIES, params, database_=db)
        rows_q, total_q = queries("companies", params)
        assert total_q is None
        got, _, _ = driver.execute_query(rows_q, params, database_=db)
        want = [(r["name"], r["id"], r["pubs"]) for r in expected]
        assert sorted((r["name"], r["id"], r["pubs"]) for r in got) == want, params
        assert {r["total"] for r in got} <= {len(want)}
        compared += bool(want)
    assert compared >= 40  # most combinations list someone: the grid is not vacuous


def test_notices_match_the_reference_scan(
    driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts, undated_notice: str
) -> None:
    db = neo4j_settings.neo4j_database
    extras: list[dict[str, Any]] = [
        {},
        {"canton": "TI"},
        {"language": "fr"},
        {"subject_id": fixture_graph.ids["muellerbau"]},
        {"legal_form": "0107"},
    ]
    compared = 0
    for event, dates, extra in itertools.product(GRID_EVENT, GRID_DATES, extras):
        params = _params(event, dates, extra)
        expected, _, _ = driver.execute_query(REFERENCE_NOTICES, params, database_=db)
        rows_q, total_q = queries("notices", params)
        assert total_q is not None
        got, _, _ = driver.execute_query(rows_q, params, database_=db)
        total, _, _ = driver.execute_query(total_q, params, database_=db)
        assert [r["pub_number"] for r in got] == [r["pub_number"] for r in expected], params
        assert total[0]["total"] == len(expected)
        compared += bool(expected)
    assert compared >= 30


def test_roles_by_mode_and_period(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    def names(**kw: Any) -> tuple[list[str], int]:
        result = list_register(ctx, ListRegisterArgs.model_validate({"what": "roles", **kw}))
        rows = result.records
        return [f"{r['name']} @ {r['company']}" for r in rows], (rows[0]["total"] if rows else 0)

    left = names(
        subject_id=fixture_graph.ids["muellerbau"],
        mode="left",
        date_from=D(2024, 1, 1),
        date_to=D(2024, 12, 31),
    )
    assert left == (["Hans Müller @ Müller Bau GmbH", "Beat Schmid @ Müller Bau GmbH"], 2)
    auditors = names(
        role="auditor", mode="entered", date_from=D(2015, 1, 1), date_to=D(2018, 12, 31)
    )
    assert auditors == (["Treuhand Sonnenberg @ Kristallnetz Informatik AG"], 1)
    # held: the interval overlaps the year (open ends overlap); a second role in `roles` counts
    directors = names(role="managing_director", date_from=D(2020, 1, 1), date_to=D(2020, 12, 31))
    assert directors == (
        [
            "Hans Müller @ Müller Bau GmbH",
            "Anna Meier @ Bergkristall Software GmbH",
            "Beat Schmid @ Müller Bau GmbH",
            "Jean-Pierre Favre @ Rhône Transports Sàrl",
            "Marco Rossi @ Ticino Verde Sagl",
        ],
        5,
    )


def test_roles_match_the_reference_scan(
    driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts
) -> None:
    db = neo4j_settings.neo4j_database
    extras: list[dict[str, Any]] = [
        {},
        {"role": "managing_director"},
        {"role": "auditor", "holder": "company"},
        {"subject_id": fixture_graph.ids["muellerbau"]},
        {"legal_form": "0106", "signature": "collective"},
        {"canton": "BE"},
        {"role": "auditor", "holder_canton": "ZG"},
    ]
    compared = 0
    for mode, dates, extra in itertools.product(("entered", "left", "held"), GRID_DATES, extras):
        params = {
            **_params(None, dates, extra),
            "mode": mode,
            "role": None,
            "signature": None,
            "holder": None,
            "holder_canton": None,
            **extra,
        }
        expected, _, _ = driver.execute_query(REFERENCE_ROLES, params, database_=db)
        rows_q, total_q = queries("roles", params)
        assert total_q is not None
        got, _, _ = driver.execute_query(rows_q, params, database_=db)
        total, _, _ = driver.execute_query(total_q, params, database_=db)

        def key(r: Any) -> tuple[str, ...]:
            return (r["id"], r["company_id"], r["role"], str(r["valid_from"]), str(r["valid_to"]))

        assert sorted(map(key, got)) == sorted(map(key, expected)), params
        assert total[0]["total"] == len(expected)
        compared += bool(expected)
    assert compared >= 40
