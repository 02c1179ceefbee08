"""`tools.dating.publication_dates` on the fixture graph: exact dates, one query, a true trace."""

from __future__ import annotations

import pytest

from evals.fixture_graph import EVENTS
from tests.mcp.conftest import PUB_DATES
from tools.base import ToolContext
from tools.dating import PUB_DATES as PUB_DATES_QUERY
from tools.dating import publication_dates

pytestmark = pytest.mark.integration

UNKNOWN = "HR02-9999999999"
"""A publication number no fixture notice has."""


def test_dates_every_notice_and_traces_the_query(ctx: ToolContext) -> None:
    pubs = sorted(PUB_DATES)
    dates, trace = publication_dates(ctx, [*pubs, UNKNOWN, pubs[0]])
    assert dates == PUB_DATES and len(dates) == len(EVENTS)  # the unknown one stays undated
    assert trace is not None and trace.cypher == PUB_DATES_QUERY.strip()
    assert trace.params == {"pubs": sorted([*pubs, UNKNOWN])}  # each number asked once
    assert trace.rows == len(EVENTS) and not trace.truncated


def test_known_dates_are_taken_without_asking(ctx: ToolContext) -> None:
    first, second = sorted(PUB_DATES)[:2]
    known = {first: PUB_DATES[first]}
    dates, trace = publication_dates(ctx, [first, second], known)
    assert dates == {first: PUB_DATES[first], second: PUB_DATES[second]}
    assert trace is not None and trace.params == {"pubs": [second]} and trace.rows == 1
    assert publication_dates(ctx, [first], known) == ({first: PUB_DATES[first]}, None)


def test_nothing_found_is_an_empty_answer(ctx: ToolContext) -> None:
    dates, trace = publication_dates(ctx, [UNKNOWN])
    assert dates == {} and trace is not None and trace.rows == 0
    assert publication_dates(ctx, []) == ({}, None)
