"""The stored count tables built in Python (ingestion/graph/count_tables.py), on a few
hand-made notices: the semantics of the Cypher scans they replace (nulls, UNWIND, ordering)."""

from __future__ import annotations

import json
from typing import Any

from ingestion.graph.count_tables import count_tables
from ingestion.graph.event_columns import EventColumns
from shabgraph.derived_counts import GROUP_BYS, PERIOD_FILTERS, STORED_FILTERS
from tools.event_counts import GROUP_EXPRESSIONS, rows_from_period

# [event_types, sub_rubric, canton, language, year, subject_id, pub_number] (EVENT_ROWS)
NOTICES: list[list[Any]] = [
    [["registration"], "HR01", "ZH", "de", 2018, "c1", "P3"],
    [["officer_change", "address_change"], "HR02", "ZH", "de", 2019, "c1", "P5"],
    [["officer_change"], "HR02", "TI", "it", 2019, "c2", "P1"],
    [["officer_change"], None, None, "de", None, "c2", None],  # undated, no canton, no pub
    [[], "HR03", "GE", "fr", 2020, None, "P9"],  # no type, no subject
    [None, "HR03", "GE", "fr", 2020, "c3", None],
]


def _tables(*chunks: list[list[Any]]) -> dict[str, dict[str, list[dict[str, Any]]]]:
    columns = EventColumns()
    for chunk in chunks:
        columns.add(chunk)
    return count_tables(columns)


def test_every_group_by_and_dimension_gets_a_table() -> None:
    keys = {f"{g}|{d}" for g in GROUP_BYS for d in STORED_FILTERS} | {
        f"{g}|{d}|period" for g in GROUP_BYS for d in PERIOD_FILTERS
    }
    assert set(_tables(NOTICES)) == keys
    assert all(table == {} for table in _tables([]).values())


def test_each_type_of_a_notice_counts_and_rows_follow_the_live_order() -> None:
    rows = _tables(NOTICES)["event_type|none"][""]
    assert rows == [
        {"group": "officer_change", "events": 3, "companies": 2, "pubs": ["P1", "P5"]},
        {"group": "address_change", "events": 1, "companies": 1, "pubs": ["P5"]},
        {"group": "registration", "events": 1, "companies": 1, "pubs": ["P3"]},
    ]


def test_missing_values_group_last_and_count_like_cypher() -> None:
    rows = _tables(NOTICES)["sub_rubric|none"][""]
    assert [(r["group"], r["events"], r["companies"], r["pubs"]) for r in rows] == [
        ("HR02", 2, 2, ["P1", "P5"]),
        ("HR03", 2, 1, ["P9"]),  # the notice without subject counts, its company does not
        ("HR01", 1, 1, ["P3"]),
        (None, 1, 1, [None, None]),  # `null = null` is not true in Cypher: two nulls
    ]


def test_filter_values_are_sorted_and_a_missing_one_is_dropped() -> None:
    tables = _tables(NOTICES)
    assert list(tables["canton|canton"]) == ["GE", "TI", "ZH"]
    assert list(tables["event_type|event_type"]) == [
        "address_change",
        "officer_change",
        "registration",
    ]
    assert [r["group"] for r in tables["event_type|event_type"]["officer_change"]] == [
        "officer_change",
        "address_change",
    ]


def test_period_tables_hold_years_and_first_last_company_years() -> None:
    table = _tables(NOTICES)["language|none|period"]
    assert table == {
        "": [  # groups in order of first appearance, undated notices left out
            {
                "group": "de",
                "years": {"2018": [1, "P3", "P3"], "2019": [1, "P5", "P5"]},
                "first": {"2018": 1},
                "last": {"2019": 1},
            },
            {
                "group": "it",
                "years": {"2019": [1, "P1", "P1"]},
                "first": {"2019": 1},
                "last": {"2019": 1},
            },
            {
                "group": "fr",
                "years": {"2020": [2, "P9", "P9"]},
                "first": {"2020": 1},
                "last": {"2020": 1},
            },
        ]
    }
    rows = rows_from_period(json.dumps(table), "", "from", 2019)
    assert [(r["group"], r["events"], r["companies"], r["pubs"]) for r in rows] == [
        ("fr", 2, 1, ["P9"]),
        ("de", 1, 1, ["P5"]),
        ("it", 1, 1, ["P1"]),
    ]


def test_reading_in_chunks_changes_nothing() -> None:
    whole = json.dumps(_tables(NOTICES))
    assert json.dumps(_tables(NOTICES[:2], NOTICES[2:5], [], NOTICES[5:])) == whole


def test_every_stored_group_by_has_a_live_query() -> None:
    # The tool falls back to the live query for any table the build does not store.
    assert tuple(GROUP_EXPRESSIONS) == GROUP_BYS
