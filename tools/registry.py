"""The tool registry: name -> spec (description for the LLM, argument model, function).

`call_tool` is the single entry point the agent uses: it validates raw arguments and turns
invalid ones into an `error` outcome with a message the agent can act on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from pydantic import BaseModel, ValidationError

from tools.analytics import (
    CountEntitiesByEventArgs,
    GetTopEntitiesArgs,
    count_entities_by_event,
    get_top_entities,
)
from tools.base import ToolContext, ToolResult
from tools.cypher_tool import RunCypherArgs, run_cypher
from tools.facts import GetEntityFactsArgs, get_entity_facts
from tools.history import GetNodeHistoryArgs, get_node_history
from tools.listing import ListRegisterArgs, list_register
from tools.network import ExploreNetworkArgs, explore_network
from tools.search import SearchCompaniesArgs, search_companies
from tools.text_search import GlobalTextSearchArgs, global_text_search


@dataclass(frozen=True)
class ToolSpec:
    """One tool as the agent sees it."""

    name: str
    """Identifier (the paper's implementation name)."""
    description: str
    """What it is for, written for an LLM choosing among tools."""
    args_model: type[BaseModel]
    """Pydantic model of its arguments (its JSON schema is the tool's parameter schema)."""
    fn: Callable[[ToolContext, Any], ToolResult]
    """The function `(ctx, args) -> ToolResult`."""


TOOLS: Final[dict[str, ToolSpec]] = {
    spec.name: spec
    for spec in (
        ToolSpec(
            "search_companies",
            "Entity disambiguation: find companies and persons by name (typos, missing umlauts, "
            "former names, spelling variants), UID, seat or purpose words. Returns ranked "
            "candidates with ids and the reason each matched. Call it first to get an id.",
            SearchCompaniesArgs,
            search_companies,
        ),
        ToolSpec(
            "explore_network",
            "Network exploration of one resolved id: roles (board, managers, auditors), head "
            "office and branches, mergers, asset transfers, co-participants of its notices and "
            "NameHub aliases (homonyms, spelling variants). Optional as_of date for the state "
            "on a given day, hops 1-3.",
            ExploreNetworkArgs,
            explore_network,
        ),
        ToolSpec(
            "get_node_history",
            "Event history of one resolved id: its notices (and those of its aliases) oldest "
            "first, with event labels and text; with as_of, also its name, seat, capital and "
            "status on that day.",
            GetNodeHistoryArgs,
            get_node_history,
        ),
        ToolSpec(
            "global_text_search",
            "Full-text search in the notice texts (de/fr/it). Fallback when an entity is not "
            "found by search_companies, or for words only the text holds.",
            GlobalTextSearchArgs,
            global_text_search,
        ),
        ToolSpec(
            "get_top_entities",
            "Rankings: companies by capital or number of notices, persons by number of "
            "mandates; filters canton, legal form, status, period.",
            GetTopEntitiesArgs,
            get_top_entities,
        ),
        ToolSpec(
            "count_entities_by_event",
            "Counts of notices and distinct companies by event type, sub-rubric, canton, "
            "language or year, with filters. Use for 'how many' questions.",
            CountEntitiesByEventArgs,
            count_entities_by_event,
        ),
        ToolSpec(
            "run_cypher",
            "Read-only Cypher sandbox for questions no other tool answers (bounded reads only; "
            "writes and unsafe constructs are refused with the reason).",
            RunCypherArgs,
            run_cypher,
        ),
        ToolSpec(
            "get_entity_facts",
            "Everything recorded on one resolved id: attributes (UID, seat, address, legal form, "
            "capital, purpose, status) with their values over time, roles held in it and by it "
            "with intervals and signatures, head office/branches/transfers, and its notices with "
            "who each notice registered or removed. Use for one fact about one entity.",
            GetEntityFactsArgs,
            get_entity_facts,
        ),
        ToolSpec(
            "list_register",
            "Lists with a total: companies (filters legal form, canton, seat, status, event type "
            "in a period), notices (publication date or period, event type, canton, one company) "
            "or role entries (role, entered/left/held in a period, one company).",
            ListRegisterArgs,
            list_register,
        ),
    )
}
"""The seven tools of the paper (Tables S3 and S33), then the entity-facts and listing tools."""


def call_tool(ctx: ToolContext, name: str, raw_args: dict[str, Any]) -> ToolResult:
    """Validate `raw_args` for tool `name` and run it; bad names or arguments give an error result."""
    started = time.perf_counter()
    spec = TOOLS.get(name)
    if spec is None:
        return ToolResult(
            tool=name,
            args=raw_args,
            outcome="error",
            message=f"Unknown tool '{name}'. Available: {', '.join(TOOLS)}.",
        )
    try:
        args = spec.args_model.model_validate(raw_args)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'args'}: {e['msg']}" for e in exc.errors()
        )
        return ToolResult(
            tool=name,
            args=raw_args,
            outcome="error",
            message=f"Invalid arguments for {name}: {problems}. Fix them and call again.",
            ms=round((time.perf_counter() - started) * 1000, 2),
        )
    return spec.fn(ctx, args)
