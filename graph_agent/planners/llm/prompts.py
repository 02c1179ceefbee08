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
Give your decision once, as the `RouterOutput` object."""
"""The same text for every question (the intent table is the toolbox's): a server that caches
prompt prefixes (llama.cpp) reads it once. Everything that changes per turn is in ROUTER_USER."""

ROUTER_USER: Final = "Entities from earlier turns (for follow-ups): {focus}\nQuestion: {question}"

ACT_SYSTEM: Final = """You answer questions about the Swiss commercial register by calling the \
graph tools you are given, and only those. Use a resolved entity's `id` as `entity_id`.
Call the tools needed to answer, with JSON arguments that follow their schemas. When the results \
so far already answer the question, call no tool and reply `DONE`."""
"""Constant, so the system text and the routed tools' schemas that follow it (the chat template
puts them there) form one prefix per intent that a prompt-caching server reads once; the turn's
entities, dates and results are in ACT_USER."""

ACT_USER: Final = """Intent: {intent}. Tools: {tools}.
Resolved entities: {entities}
Reference date (as_of), if any: {as_of}. Period: {period}.
Results so far: {results}
Question: {question}"""

ACT_TEXT_TOOLS: Final = """The tools, with the JSON schema of their arguments:
{tool_schemas}
To call one, reply with JSON only: {{"name": "<tool>", "arguments": {{...}}}}."""
"""Appended to ACT_SYSTEM when the server offers no tool calling (the call is read from the text)."""

SYNTH_SYSTEM: Final = """You write the final answer for an auditor, in the language of the \
question. Start with the draft's first sentence or two (the direct answer, with its date and \
citations), then the evidence. Use only the facts of the draft below; keep every citation in \
square brackets ([publication number, date]) after the fact it supports; do not add facts, \
numbers or names that are not in the draft; keep the last line (the records used) unchanged.
Language: {language}. The answer form is fixed: {form} ({form_rule}).
Draft:
{draft}"""
"""The fixed rules come first (a cached prefix); the language, form and draft after them."""

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
