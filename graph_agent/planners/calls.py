"""How the agent's slots become each tool's arguments (the one place that knows their names).

`ENTITY` in an argument is a placeholder the tools node fills with the entity linked earlier in the
same round, so one round can both find an entity and explore it.
"""

from __future__ import annotations

from typing import Any

from graph_agent.result import EntityRef
from graph_agent.state import Slots, ToolCall

ENTITY = "$entity"
"""Placeholder for the id of the entity linked by the round's search."""


def _clean(args: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in args.items() if v is not None}


def search_call(mention: str, slots: Slots) -> ToolCall:
    """Link a mention through the disambiguation tool."""
    return ToolCall(
        tool="search_companies",
        args=_clean({"query": mention, "limit": 10}),
        purpose=f"link '{mention}'",
    )


def network_call(entity: EntityRef | str, slots: Slots) -> ToolCall:
    """The neighbourhood of an entity (officers, mandates, structure), optionally as of a date."""
    ident = entity if isinstance(entity, str) else entity.id
    return ToolCall(
        tool="explore_network",
        args=_clean({"entity_id": ident, "as_of": slots.as_of}),
        purpose=f"neighbourhood ({slots.aspect or 'all'})",
    )


def history_call(entity: EntityRef | str, slots: Slots) -> ToolCall:
    """The chronological events of an entity."""
    ident = entity if isinstance(entity, str) else entity.id
    return ToolCall(
        tool="get_node_history",
        args=_clean({"entity_id": ident, "as_of": slots.as_of, "event_type": slots.event_type}),
        purpose="timeline",
    )


def text_call(text: str, slots: Slots, *, all_words: bool = False) -> ToolCall:
    """Full-text search over notice texts (all words: the fallback for an unlinked name)."""
    return ToolCall(
        tool="global_text_search",
        args=_clean(
            {
                "query": text,
                "match_all": all_words or None,
                "date_from": slots.date_from,
                "date_to": slots.date_to,
                "canton": slots.canton,
                "limit": 20,
            }
        ),
        purpose=f"text search '{text}'",
    )


def top_call(slots: Slots) -> ToolCall:
    """A ranking by metric with filters."""
    return ToolCall(
        tool="get_top_entities",
        args=_clean(
            {
                "metric": slots.metric or "capital",
                "canton": slots.canton,
                "legal_form": slots.legal_form,
                "date_from": slots.date_from,
                "date_to": slots.date_to,
                "limit": slots.limit,
            }
        ),
        purpose="ranking",
    )


def count_call(slots: Slots) -> ToolCall:
    """Counts of entities by event type with filters."""
    group = (
        "event_type"
        if slots.event_type
        else "sub_rubric"
        if slots.sub_rubric
        else "canton"
        if slots.canton
        else "sub_rubric"
    )
    return ToolCall(
        tool="count_entities_by_event",
        args=_clean(
            {
                "group_by": group,
                "event_type": slots.event_type,
                "sub_rubric": None if slots.event_type else slots.sub_rubric,
                "canton": slots.canton,
                "legal_form": slots.legal_form,
                "date_from": slots.date_from,
                "date_to": slots.date_to,
            }
        ),
        purpose="count",
    )
