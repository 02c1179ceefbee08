"""The stored counts (the build's derived-counts stage) give the same rankings as counting live."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from ingestion.graph.count_tables import count_tables
from ingestion.graph.event_columns import read_event_columns
from shabgraph.derived_counts import PERIOD_FILTERS
from shabgraph.settings import Settings
from tools.analytics import (
    TOP_BY_EVENTS,
    TOP_BY_EVENTS_DERIVED,
    TOP_BY_MANDATES,
    TOP_BY_MANDATES_DERIVED,
    TOP_BY_MANDATES_IN_CANTON,
    CountEntitiesByEventArgs,
    GetTopEntitiesArgs,
    count_entities_by_event,
    get_top_entities,
)
from tools.base import ToolContext
from tools.event_counts import GROUP_EXPRESSIONS, READ_STORED, live_count_query
from tools.runner import read_query


def _params(metric: str, **filters: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "canton": None,
        "legal_form": None,
        "status": None,
        "date_from": None,
        "date_to": None,
        "limit": 100,
        "structured_only": False,
        "current_only": metric == "current_mandates",
    }
    return {**base, **filters}


def _ranking(rows: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(r["id"], r["value"]) for r in rows]


@pytest.mark.parametrize("metric", ["mandates", "current_mandates"])
def test_stored_mandates_rank_like_counting(
    ctx: ToolContext, fixture_graph: FixtureFacts, metric: str
) -> None:
    stored, _ = read_query(ctx, TOP_BY_MANDATES_DERIVED[metric], _params(metric))
    counted, _ = read_query(ctx, TOP_BY_MANDATES, _params(metric))
    assert stored and _ranking(stored) == _ranking(counted)
    assert [sorted(r["companies"]) for r in stored] == [sorted(r["companies"]) for r in counted]


@pytest.mark.parametrize("filters", [{}, {"canton": "ZH"}, {"status": "active"}])
def test_stored_event_counts_rank_like_counting(
    ctx: ToolContext, fixture_graph: FixtureFacts, filters: dict[str, Any]
) -> None:
    stored, _ = read_query(ctx, TOP_BY_EVENTS_DERIVED, _params("events", **filters))
    counted, _ = read_query(ctx, TOP_BY_EVENTS, _params("events", **filters))
    assert stored and _ranking(stored) == _ranking(counted)


def test_tool_reads_stored_counts_only_when_they_answer(
    ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    plain = get_top_entities(ctx, GetTopEntitiesArgs(metric="mandates"))
    assert [q.cypher for q in plain.queries] == [TOP_BY_MANDATES_DERIVED["mandates"].strip()]
    # A period changes the count: the stored all-time count must not be used.
    period = get_top_entities(
        ctx, GetTopEntitiesArgs(metric="mandates", date_to=dt.date(2015, 1, 1))
    )
    assert [q.cypher for q in period.queries] == [TOP_BY_MANDATES.strip()]
    status = get_top_entities(
        ctx, GetTopEntitiesArgs(metric="mandates", canton="ZH", status="active")
    )
    assert [q.cypher for q in status.queries] == [TOP_BY_MANDATES_IN_CANTON.strip()]


@pytest.mark.parametrize("metric", ["mandates", "current_mandates"])
@pytest.mark.parametrize("canton", ["ZH", "TI", "GE", "XX"])
def test_stored_canton_rankings_equal_counting(
    ctx: ToolContext, fixture_graph: FixtureFacts, metric: str, canton: str
) -> None:
    for limit in (1, 3, 10):
        result = get_top_entities(
            ctx, GetTopEntitiesArgs(metric=metric, canton=canton, limit=limit)
        )
        assert result.queries[0].cypher == READ_STORED.strip()
        counted, _ = read_query(
            ctx, TOP_BY_MANDATES_IN_CANTON, _params(metric, canton=canton, limit=limit)
        )
        assert _ranking(result.records) == _ranking(counted)
        assert [sorted(r["companies"]) for r in result.records] == [
            sorted(r["companies"]) for r in counted
        ]
        assert [r["rank"] for r in result.records] == list(range(1, len(counted) + 1))


COUNT_CASES = [
    (group_by, filters)
    for group_by in ("event_type", "sub_rubric", "canton", "language", "year")
    for filters in (
        {},
        {"canton": "ZH"},
        {"canton": "TI"},
        {"sub_rubric": "HR02"},
        {"event_type": "registration"},
        {"event_type": "no_such_label"},
    )
]


@pytest.mark.parametrize(("group_by", "filters"), COUNT_CASES)
def test_stored_event_counts_equal_live_counts(
    ctx: ToolContext, fixture_graph: FixtureFacts, group_by: str, filters: dict[str, Any]
) -> None:
    result = count_entities_by_event(ctx, CountEntitiesByEventArgs(group_by=group_by, **filters))
    assert result.queries[0].cypher == READ_STORED.strip()  # answered from the stored counts
    live, _ = read_query(ctx, live_count_query(group_by, filters), {**filters, "max_pubs": 5})

    def table(rows: list[dict[str, Any]]) -> list[tuple[Any, int, int]]:
        return [(r["group"], r["events"], r["companies"]) for r in rows]

    assert table(result.records) == table(live)
    assert all(set(r["pubs"]) <= set(result.citations) for r in result.records)


def test_counts_with_several_filters_run_live(
    ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    result = count_entities_by_event(ctx, CountEntitiesByEventArgs(canton="ZH", sub_rubric="HR02"))
    cypher = result.queries[0].cypher
    assert (
        len(result.queries) == 1
        and "WHERE e.sub_rubric = $sub_rubric AND e.canton = $canton" in cypher
    )


PERIOD_CASES = [
    (group_by, filters)
    for group_by in ("event_type", "sub_rubric", "canton", "language", "year")
    for filters in (
        {"date_from": dt.date(2018, 1, 1)},
        {"date_from": dt.date(2030, 1, 1)},
        {"date_to": dt.date(2018, 12, 31)},
        {"date_to": dt.date(2000, 12, 31)},
        {"canton": "ZH", "date_from": dt.date(2019, 1, 1)},
        {"canton": "ZH", "date_to": dt.date(2017, 12, 31)},
        {"canton": "TI", "date_from": dt.date(2016, 1, 1)},
        {"canton": "XX", "date_from": dt.date(2016, 1, 1)},
    )
]


@pytest.mark.parametrize(("group_by", "filters"), PERIOD_CASES)
def test_stored_period_counts_equal_live_counts(
    ctx: ToolContext, fixture_graph: FixtureFacts, group_by: str, filters: dict[str, Any]
) -> None:
    result = count_entities_by_event(ctx, CountEntitiesByEventArgs(group_by=group_by, **filters))
    assert [q.cypher for q in result.queries] == [READ_STORED.strip()]
    live, _ = read_query(ctx, live_count_query(group_by, filters), {**filters, "max_pubs": 5})
    assert [(r["group"], r["events"], r["companies"], r["pubs"]) for r in result.records] == [
        (r["group"], r["events"], r["companies"], r["pubs"]) for r in live
    ]


@pytest.mark.parametrize(
    "filters",
    [
        {"date_from": dt.date(2018, 3, 1)},
        {"date_from": dt.date(2016, 1, 1), "date_to": dt.date(2019, 12, 31)},
        {"sub_rubric": "HR02", "date_from": dt.date(2018, 1, 1)},
    ],
)
def test_periods_not_stored_run_live(
    ctx: ToolContext, fixture_graph: FixtureFacts, filters: dict[str, Any]
) -> None:
    result = count_entities_by_event(ctx, CountEntitiesByEventArgs(**filters))
    assert [q.cypher for q in result.queries] == [live_count_query("event_type", filters).strip()]


# The Cypher scans the stored tables were computed with before `count_tables` (one scan per
# group-by x filter dimension): the reference the one-read Python build must equal exactly.
REFERENCE_FILTER_VALUES = {
    "none": "['']",
    "canton": "[e.canton]",
    "sub_rubric": "[e.sub_rubric]",
    "event_type": "e.event_types",
}

REFERENCE_SCAN = """
MATCH (e:Event)
UNWIND %(group)s AS grp
UNWIND %(filter)s AS fval
WITH fval, grp, count(e) AS events, count(DISTINCT e.subject_id) AS companies,
     min(e.pub_number) AS first_pub, max(e.pub_number) AS last_pub
RETURN fval, grp AS group, events, companies,
       CASE WHEN first_pub = last_pub THEN [first_pub] ELSE [first_pub, last_pub] END AS pubs
ORDER BY fval, companies DESC, events DESC, group
"""

REFERENCE_PERIOD_YEARS = """
MATCH (e:Event) WHERE e.pub_date IS NOT NULL
UNWIND %(group)s AS grp
UNWIND %(filter)s AS fval
WITH fval, grp, e.pub_date.year AS year, count(e) AS events,
     min(e.pub_number) AS first_pub, max(e.pub_number) AS last_pub
RETURN fval, grp AS group, year, events, first_pub, last_pub
"""

REFERENCE_PERIOD_COMPANIES = """
MATCH (e:Event) WHERE e.pub_date IS NOT NULL AND e.subject_id IS NOT NULL
UNWIND %(group)s AS grp
UNWIND %(filter)s AS fval
WITH fval, grp, e.subject_id AS subject, min(e.pub_date.year) AS first, max(e.pub_date.year) AS last
UNWIND [['first', first], ['last', last]] AS pair
RETURN fval, grp AS group, pair[0] AS side, pair[1] AS year, count(*) AS companies
"""


def _reference_scan(driver: Driver, database: str, parts: dict[str, str]) -> dict[str, Any]:
    rows, _, _ = driver.execute_query(REFERENCE_SCAN % parts, database_=database)
    by_value: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["fval"] is not None:
            by_value.setdefault(str(row["fval"]), []).append(
                {k: row[k] for k in ("group", "events", "companies", "pubs")}
            )
    return by_value


def _reference_period(driver: Driver, database: str, parts: dict[str, str]) -> dict[str, Any]:
    groups: dict[tuple[str, Any], dict[str, Any]] = {}
    rows, _, _ = driver.execute_query(REFERENCE_PERIOD_YEARS % parts, database_=database)
    for row in rows:
        if row["fval"] is not None:
            entry = groups.setdefault(
                (str(row["fval"]), row["group"]),
                {"group": row["group"], "years": {}, "first": {}, "last": {}},
            )
            entry["years"][str(row["year"])] = [row["events"], row["first_pub"], row["last_pub"]]
    rows, _, _ = driver.execute_query(REFERENCE_PERIOD_COMPANIES % parts, database_=database)
    for row in rows:
        if row["fval"] is not None:
            groups[(str(row["fval"]), row["group"])][row["side"]][str(row["year"])] = row[
                "companies"
            ]
    table: dict[str, list[dict[str, Any]]] = {}
    for (fval, _), entry in groups.items():
        table.setdefault(fval, []).append(entry)
    return table


def _by_group(table: dict[str, list[dict[str, Any]]]) -> dict[str, dict[Any, dict[str, Any]]]:
    return {fval: {entry["group"]: entry for entry in entries} for fval, entries in table.items()}


def test_count_tables_equal_the_cypher_scans(
    driver: Driver, neo4j_settings: Settings, fixture_graph: FixtureFacts
) -> None:
    database = neo4j_settings.neo4j_database
    tables = count_tables(read_event_columns(driver, database))
    for group_by, expression in GROUP_EXPRESSIONS.items():
        for dimension, values in REFERENCE_FILTER_VALUES.items():
            parts = {"group": expression, "filter": values}
            # Serialised: the order of keys and rows is part of the stored JSON.
            assert json.dumps(tables[f"{group_by}|{dimension}"]) == json.dumps(
                _reference_scan(driver, database, parts)
            ), (group_by, dimension)
            if dimension in PERIOD_FILTERS:
                # The scans' group order follows their plan (here a pub_date index: date order);
                # rows_from_period sorts, so a period table's group and year order is free.
                assert _by_group(tables[f"{group_by}|{dimension}|period"]) == _by_group(
                    _reference_period(driver, database, parts)
                ), (group_by, dimension)
