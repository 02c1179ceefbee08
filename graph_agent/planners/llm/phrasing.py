"""The LLM's phrasing of the cited draft, and the checks that decide whether it replaces it.

The draft (template) is already the right answer, answer first and cited; the model may only
rephrase it. Its text is kept when it cites only the draft's notices, writes no number the draft
does not have, keeps the citations and bold facts of the draft's first paragraph (the direct
answer) in its own first paragraph, and is no tool call or JSON: otherwise the draft is the
answer, so a weak model never shows its mistakes to the user.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import Runnable

from graph_agent.planners.llm import repair as R
from shabgraph.json_reply import json_values, text_of
from shabgraph.structured import classify

PUB_RE = re.compile(r"\b(?:HR0\d|ZEFIX)-[\w-]+")
"""A publication number as cited in an answer."""
NON_ANSWERS = frozenset({"", "done", "none", "n/a"})
"""Replies (folded) that are no answer at all."""
DIGITS_RE = re.compile(r"\d+")
"""A run of digits (numbers, dates and publication numbers are compared by their digit runs)."""
BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
"""A bold span: the draft marks the facts of its direct answer so."""


def lead(text: str) -> str:
    """The first paragraph of an answer (its direct answer)."""
    return text.strip().split("\n\n", 1)[0]


def citations_kept(draft: str, answer: str) -> tuple[bool, str]:
    """(ok, reason): the answer cites only notices of the draft, and cites some if the draft does."""
    cited, allowed = set(PUB_RE.findall(answer)), set(PUB_RE.findall(draft))
    if cited - allowed:
        return False, f"cites notices not in the evidence: {sorted(cited - allowed)[:3]}"
    if allowed and not cited:
        return False, "dropped every citation"
    return True, "citations kept"


def usable(draft: str, answer: str) -> tuple[bool, str]:
    """(ok, reason): may `answer` replace `draft`? See the module docstring."""
    text = answer.strip()
    if text.lower().strip(".` ") in NON_ANSWERS:
        return False, "the LLM wrote no answer"
    if R.calls_in_text(text):
        return False, "the LLM wrote a tool call instead of the answer"
    if text.startswith(("{", "[", "```json")) and next(json_values(text), None) is not None:
        return False, "the LLM wrote JSON instead of the answer"
    ok, why = citations_kept(draft, text)
    if not ok:
        return ok, why
    invented = set(DIGITS_RE.findall(text)) - set(DIGITS_RE.findall(draft))
    if invented:
        return False, f"the answer has numbers that are not in the draft: {sorted(invented)[:3]}"
    first = lead(text).lower()
    missing = sorted(set(PUB_RE.findall(lead(draft))) - set(PUB_RE.findall(lead(text))))
    missing += [b for b in BOLD_RE.findall(lead(draft)) if b.strip("* ").lower() not in first]
    if missing:
        return False, f"the answer does not start with the draft's answer ({missing[0]})"
    return True, "citations kept"


async def complete(model: Any, messages: list[BaseMessage], timeout_s: float) -> AIMessage:
    """One call of a chat model (or a bound one), its failure typed (`structured.classify`)."""
    try:
        reply = await asyncio.wait_for(model.ainvoke(messages), timeout_s)
    except Exception as exc:
        raise classify(exc, timeout_s, "a plain request") from exc
    if not isinstance(reply, AIMessage):
        raise classify(TypeError(f"the LLM returned {type(reply).__name__}"), timeout_s, "")
    return reply


async def stream(
    model: Runnable[Any, Any],
    messages: list[BaseMessage],
    on_token: Callable[[str], None],
    timeout_s: float,
) -> AIMessage:
    """The reply streamed token by token into `on_token`, collected into one message."""

    async def collect() -> AIMessage:
        full: Any = None
        async for chunk in model.astream(messages):
            if isinstance(chunk.content, str) and chunk.content:
                on_token(chunk.content)
            full = chunk if full is None else full + chunk
        return AIMessage(
            content=text_of(full) if full is not None else "",
            usage_metadata=getattr(full, "usage_metadata", None),
        )

    try:
        return await asyncio.wait_for(collect(), timeout_s)
    except Exception as exc:
        raise classify(exc, timeout_s, "streaming") from exc
