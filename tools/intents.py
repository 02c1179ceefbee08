"""The intent-to-tool map of the paper's Table S3, as data.

The router classifies a question into an intent; the act step may then use only these tools.
Non-analytic intents keep the full-text fallback nested in them (the paper's deep-text row).
"""

from __future__ import annotations

from typing import Final, Literal

Intent = Literal[
    "entity_disambiguation",
    "network_exploration",
    "event_history",
    "macro_analytics",
    "deep_text",
    "all",
]
"""The router's classes (the paper's intents); the keys of `INTENT_TOOLS`."""

_RETRIEVAL: Final = (
    "search_companies",
    "explore_network",
    "get_node_history",
    "global_text_search",
    "get_entity_facts",
)

INTENT_TOOLS: Final[dict[Intent, tuple[str, ...]]] = {
    "entity_disambiguation": _RETRIEVAL,
    "network_exploration": _RETRIEVAL,
    "event_history": _RETRIEVAL,
    "macro_analytics": (
        "get_top_entities",
        "count_entities_by_event",
        "run_cypher",
        "list_register",
    ),
    "deep_text": ("global_text_search",),
    "all": (
        "search_companies",
        "explore_network",
        "get_node_history",
        "global_text_search",
        "get_top_entities",
        "count_entities_by_event",
        "run_cypher",
        "get_entity_facts",
        "list_register",
    ),
}
"""Intent -> tools the agent may call for it."""
