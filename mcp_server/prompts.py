"""Prompts a client agent can start from: how to investigate with these tools, citing notices.

They carry the method the agent's own planner follows (resolve the name to an id first, then ask
the id-based tools, date-bound questions through `as_of`, every fact with its notice), so that a
foreign agent does not guess ids or answer from the notice text alone.
"""

from __future__ import annotations

from typing import Final

from mcp import types

PROMPTS: Final = [
    types.Prompt(
        name="investigate_company",
        title="Investigate a company",
        description="Resolve a company by name or UID and build its dossier with sources.",
        arguments=[
            types.PromptArgument(
                name="company", description="Name (any spelling) or UID.", required=True
            ),
            types.PromptArgument(
                name="as_of", description="A day (YYYY-MM-DD) for the state then.", required=False
            ),
        ],
    ),
    types.Prompt(
        name="person_mandates",
        title="A person's mandates",
        description="Find a person (homonyms kept apart) and list their mandates over time.",
        arguments=[
            types.PromptArgument(name="person", description="Full name.", required=True),
        ],
    ),
]

_CITE = (
    "Cite every fact with its publication number and date (the `citations` of each result), "
    "and say so when a result is `truncated` or `empty` instead of guessing."
)


def _company(company: str, as_of: str | None) -> str:
    when = (
        f" as of {as_of} (pass as_of={as_of} to explore_network and get_node_history)"
        if as_of
        else ""
    )
    return (
        f"Investigate the Swiss company '{company}'{when} in the commercial register graph.\n"
        "1. Call search_companies with the name or UID; pick the candidate whose `reason`, seat "
        "and UID fit (ask if two fit equally).\n"
        "2. Read the resource shabgraph://company/<id> or call get_entity_facts with that id.\n"
        "3. Call explore_network for its board, auditors, head office and branches, mergers; "
        "get_node_history for what changed when.\n"
        f"4. Answer with a short dossier. {_CITE}"
    )


def _person(person: str) -> str:
    return (
        f"List the mandates of '{person}' in the Swiss commercial register graph.\n"
        "1. Call search_companies with kind='person'. Persons with the same name are different "
        "people unless origin and residence agree: keep homonyms apart.\n"
        "2. For each candidate id, call explore_network (roles with their intervals) or read "
        "shabgraph://person/<id>.\n"
        f"3. Give one table per person: company, role, from, to, signature. {_CITE}"
    )


def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    """The prompt's messages; a missing required argument or an unknown name is a ValueError."""
    args = arguments or {}
    known = {p.name: p for p in PROMPTS}
    if name not in known:
        raise ValueError(f"Unknown prompt '{name}'. Available: {', '.join(known)}.")
    for arg in known[name].arguments or []:
        if arg.required and not args.get(arg.name, "").strip():
            raise ValueError(f"Prompt '{name}' needs the argument '{arg.name}'.")
    text = (
        _company(args["company"].strip(), (args.get("as_of") or "").strip() or None)
        if name == "investigate_company"
        else _person(args["person"].strip())
    )
    return types.GetPromptResult(
        description=known[name].description,
        messages=[
            types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))
        ],
    )
