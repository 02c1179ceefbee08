"""Chat helpers that need no server: settings parsing, progress lines, record-to-graph parsing."""

from __future__ import annotations

from datetime import date

import pytest

from shabgraph.errors import ShabgraphError
from ui.agent_bridge import event_text
from ui.network import graph_from_records
from ui.runtime import Runtime


def test_settings_become_agent_options() -> None:
    from ui.chat import options_from

    rt = Runtime.from_env()
    rt.settings = rt.settings.model_copy(update={"llm_base_url": None})
    options, as_of = options_from(
        {"planner": "offline", "max_rounds": 2, "as_of": "2024-12-31"}, rt
    )
    assert (options.planner, options.max_rounds, as_of) == ("offline", 2, date(2024, 12, 31))
    with pytest.raises(ShabgraphError, match="is not a date"):
        options_from({"as_of": "31.12.2024"}, rt)
    with pytest.raises(ShabgraphError, match="needs an endpoint"):
        options_from({"planner": "llm"}, rt)


def test_progress_events_read_as_one_line() -> None:
    assert (
        event_text({"type": "route", "intent": "event_history", "allowed_tools": ["a", "b"]})
        == "route: event_history → a, b"
    )
    assert (
        event_text(
            {
                "type": "tool",
                "tool": "search_companies",
                "round": 1,
                "outcome": "empty",
                "rows": 0,
                "ms": 12.4,
            }
        )
        == "search_companies (round 1): empty, 0 rows, 12 ms"
    )
    assert (
        event_text({"type": "reflection", "round": 2, "decision": "finish", "reason": "ok"})
        == "reflection 2: finish — ok"
    )
    assert event_text("plain") == "plain"


def test_explore_network_records_become_edges() -> None:
    records = [
        {
            "branch": "structure",
            "hop": 1,
            "rel": "HOLDS_ROLE",
            "from_id": "p:1",
            "from_name": "Eva",
            "from_kind": "person",
            "to_id": "CHE-1",
            "to_name": "A AG",
            "to_kind": "company",
            "role": "chair",
            "pubs": ["HR01-1"],
        },
        {
            "branch": "structure",
            "hop": 2,
            "rel": "HEAD_OFFICE_OF",
            "from_id": "CHE-1",
            "from_name": "A AG",
            "from_kind": "company",
            "to_id": "CHE-2",
            "to_name": "B GmbH",
            "to_kind": "company",
            "role": None,
            "pubs": [],
        },
    ]
    g = graph_from_records("t", records)
    assert [(e.source, e.target, e.type) for e in g.edges] == [
        ("p:1", "CHE-1", "HOLDS_ROLE"),
        ("CHE-1", "CHE-2", "HEAD_OFFICE_OF"),
    ]
    assert {n.id: n.kind for n in g.nodes} == {
        "p:1": "person",
        "CHE-1": "company",
        "CHE-2": "company",
    }
