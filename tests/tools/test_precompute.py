"""The stored counts (tools/precompute.py) give the same rankings as counting on the fly."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.fixture_graph import FixtureFacts
from tools.analytics import (
    TOP_BY_EVENTS,
    TOP_BY_EVENTS_DERIVED,
    TOP_BY_MANDATES,
    TOP_BY_MANDATES_DERIVED,
    GetTopEntitiesArgs,
    get_top_entities,
)
from tools.base import ToolContext
from tools.runner import read_query


def _params(metric: str, **filters: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"canton": None, "legal_form": None, "status": None, "date_from": None,
                            "date_to": None, "limit": 100, "structured_only": False,
                            "current_only": metric == "current_mandates"}
    return {**base, **filters}


def _ranking(rows: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(r["id"], r["value"]) for r in rows]


@pytest.mark.parametrize("metric", ["mandates", "current_mandates"])
def test_stored_mandates_rank_like_counting(ctx: ToolContext, fixture_graph: FixtureFacts, metric: str) -> None:
    stored, _ = read_query(ctx, TOP_BY_MANDATES_DERIVED[metric], _params(metric))
    counted, _ = read_query(ctx, TOP_BY_MANDATES, _params(metric))
    assert stored and _ranking(stored) == _ranking(counted)
    assert [sorted(r["companies"]) for r in stored] == [sorted(r["companies"]) for r in counted]


@pytest.mark.parametrize("filters", [{}, {"canton": "ZH"}, {"status": "active"}])
def test_stored_event_counts_rank_like_counting(ctx: ToolContext, fixture_graph: FixtureFacts,
                                                filters: dict[str, Any]) -> None:
    stored, _ = read_query(ctx, TOP_BY_EVENTS_DERIVED, _params("events", **filters))
    counted, _ = read_query(ctx, TOP_BY_EVENTS, _params("events", **filters))
    assert stored and _ranking(stored) == _ranking(counted)


def test_tool_reads_stored_counts_only_when_they_answer(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    plain = get_top_entities(ctx, GetTopEntitiesArgs(metric="mandates"))
    assert [q.cypher for q in plain.queries] == [TOP_BY_MANDATES_DERIVED["mandates"].strip()]
    # A period changes the count: the stored all-time count must not be used.
    period = get_top_entities(ctx, GetTopEntitiesArgs(metric="mandates", date_to=dt.date(2015, 1, 1)))
    assert [q.cypher for q in period.queries] == [TOP_BY_MANDATES.strip()]
    canton = get_top_entities(ctx, GetTopEntitiesArgs(metric="mandates", canton="ZH"))
    assert [q.cypher for q in canton.queries] == [TOP_BY_MANDATES.strip()]
