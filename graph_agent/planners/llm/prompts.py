"""Prompts of the LLM planner. Each is a template with named placeholders (tested: all filled)."""

from __future__ import annotations

from string import Formatter
from typing import Final

ROUTER_SYSTEM: Final = """You route questions about the Swiss commercial register (SHAB notices \
stored as a Neo4j graph) to one intent. Questions come in German, French, Italian or English.
Intents and their tools:
{intent_table}
Pick `macro_analytics` only for counts or rankings over many companies; `deep_text` when the user \
asks for notices whose text contains words; `event_history` for timelines and former states; \
`network_exploration` for officers, mandates, branches, mergers, transfers; \
`entity_disambiguation` to identify one company or person; `all` when unsure.
Also extract: the entity mentions exactly as written (names, UIDs), dates (ISO), canton code, \
metric, event type, aspect, role, and whether the question refers back to an earlier entity.
Entities from earlier turns (for follow-ups): {focus}
Give your decision once, as the `RouterOutput` object."""

ROUTER_USER: Final = "Question: {question}"

ACT_SYSTEM: Final = """You answer questions about the Swiss commercial register by calling the \
graph tools you are given (only these: {tools}). Intent: {intent}.
Resolved entities (use their `id` as `entity_id`): {entities}
Reference date (as_of), if any: {as_of}. Period: {period}.
Results so far: {results}
Call the tools needed to answer, with JSON arguments that follow their schemas. When the results \
so far already answer the question, call no tool and reply `DONE`."""

ACT_USER: Final = "Question: {question}"

ACT_TEXT_TOOLS: Final = """The tools, with the JSON schema of their arguments:
{tool_schemas}
To call one, reply with JSON only: {{"name": "<tool>", "arguments": {{...}}}}."""
"""Appended to ACT_SYSTEM when the server offers no tool calling (the call is read from the text)."""

SYNTH_SYSTEM: Final = """You write the final answer for an auditor, in the language of the \
question ({language}). The answer form is fixed: {form} ({form_rule}).
Start with the draft's first sentence or two (the direct answer, with its date and \
citations), then the evidence. Use only the facts of the draft below; keep every citation in \
square brackets ([publication number, date]) after the fact it supports; do not add facts, \
numbers or names that are not in the draft; keep the last line (the records used) unchanged.
Draft:
{draft}"""

SYNTH_USER: Final = "Question: {question}"

FORM_RULES: Final[dict[str, str]] = {
    "table": "a Markdown table, one row per item, with its sources column",
    "dossier": "a short dossier: attributes as a list, then officers",
    "timeline": "a dated list in chronological order",
    "network": "a Markdown table of connections",
    "count": "one sentence with the number and the filters",
    "negative": "state what was searched, over which period and sources; never claim absence",
    "error": "say what failed",
}


def placeholders(template: str) -> set[str]:
    """Named fields of a template (for the test that every prompt gets all of its values)."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def render(template: str, **values: object) -> str:
    """Fill a template; a missing value is a bug, so it raises KeyError."""
    missing = placeholders(template) - values.keys()
    if missing:
        raise KeyError(f"prompt values missing: {sorted(missing)}")
    return template.format(**values)
