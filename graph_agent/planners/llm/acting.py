"""The act step's request and the reading of its reply: which tool calls the model proposed, and
which of them survive the checks (`repair`).

A reply may hold native tool calls, malformed ones (their arguments are still read when they are
JSON), or calls written as JSON in the text; the last two count only when there is no well-formed
native call.
"""

from __future__ import annotations

import json
import re
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from graph_agent.planners.base import TurnView
from graph_agent.planners.llm import prompts as P
from graph_agent.planners.llm import repair as R
from graph_agent.state import ToolCall
from graph_agent.toolbox import Toolbox
from shabgraph.json_reply import json_values, text_of

DESCRIPTION_CHARS = 300
"""A tool's description is cut to its first sentences within this many characters."""
ARG_DESCRIPTION_CHARS = 160
"""The same for each argument's description."""


SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)\. ")
"""A full stop that ends a sentence (not the one of an abbreviation like e.g.)."""


def first_sentences(text: str, limit: int) -> str:
    """The leading sentences of `text` that fit in `limit` characters (at least the first one,
    cut at `limit`)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    ends = [m.end() - 1 for m in SENTENCE_END.finditer(cut)]
    return cut[: ends[-1]] if ends else cut


def compact(schema: Any) -> Any:
    """A JSON schema without what only costs prompt tokens: titles, the model's own description,
    `anyOf [X, null]` (written X: every optional argument may be left out), long descriptions.

    On a CPU server every prompt token is read at a few dozen tokens a second, and the routed
    tools' schemas are most of the act prompt.
    """
    if isinstance(schema, list):
        return [compact(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" or (key == "default" and value is None):
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: compact(arg) for name, arg in value.items()}
        elif key == "description" and isinstance(value, str):
            out[key] = first_sentences(value, ARG_DESCRIPTION_CHARS)
        else:
            out[key] = compact(value)
    options = out.get("anyOf")
    if isinstance(options, list):
        kept = [o for o in options if o != {"type": "null"}]
        if len(kept) == 1 and isinstance(kept[0], dict):
            del out["anyOf"]
            out = {**kept[0], **out}
    return out


def tool_schema(toolbox: Toolbox, tool: str) -> dict[str, Any]:
    """The OpenAI function spec of a tool (name, short description, compact argument schema)."""
    spec = toolbox.tools[tool]
    params = compact(toolbox.args_schema(tool))
    params.pop("description", None)  # "Arguments of <tool>." says nothing
    return {
        "type": "function",
        "function": {
            "name": tool,
            "description": first_sentences(spec.description, DESCRIPTION_CHARS),
            "parameters": params,
        },
    }


def act_messages(view: TurnView, tools: list[str]) -> list[BaseMessage]:
    """The act request: a constant system text (with the routed tools' schemas, a cached prefix),
    then the turn's intent, resolved entities and results so far in the user message."""
    ents = view.entities or view.focus
    results = "; ".join(
        f"{s['tool']}({json.dumps(s['args'], ensure_ascii=False)}) -> "
        f"{s['outcome']}: {s.get('message', '')[:200]}"
        for s in view.steps
    )
    period = f"{view.slots.date_from or ''}..{view.slots.date_to or ''}"
    user = P.render(
        P.ACT_USER,
        tools=", ".join(tools),
        intent=view.intent,
        entities=", ".join(f"{e.name} ({e.kind}, id {e.id})" for e in ents) or "none",
        as_of=view.slots.as_of or "none",
        period=period,
        results=results or "none",
        question=view.question,
    )
    return [SystemMessage(P.ACT_SYSTEM), HumanMessage(user)]


def tools_in_text(msgs: list[BaseMessage], toolbox: Toolbox, tools: list[str]) -> list[BaseMessage]:
    """`msgs` with the tools described in the system message (a server without tool calling)."""
    specs = "\n".join(
        json.dumps(tool_schema(toolbox, t)["function"], ensure_ascii=False) for t in tools
    )
    rule = P.render(P.ACT_TEXT_TOOLS, tool_schemas=specs)
    return [SystemMessage(f"{text_of(msgs[0])}\n{rule}"), *msgs[1:]]  # type: ignore[arg-type]


def checked_calls(
    view: TurnView, toolbox: Toolbox, tools: list[str], reply: AIMessage
) -> tuple[list[ToolCall], R.Vetted]:
    """(calls of real tools outside the route, the checked calls among the routed tools).

    The calls outside the route are passed on unchecked: the graph refuses them and records why,
    which the model reads next round.
    """
    native = [(c["name"], dict(c["args"]), c.get("id")) for c in reply.tool_calls]
    outside = [
        ToolCall(tool=n, args=a, call_id=i, purpose="chosen by the LLM")
        for n, a, i in native
        if n not in tools and n in toolbox.tools
    ]
    proposed = [c for c in native if c[0] not in {o.tool for o in outside}]
    purpose = "chosen by the LLM"
    malformed: list[str] = []
    if not native:
        purpose = "written as JSON in the LLM's text"
        for bad in reply.invalid_tool_calls:
            args = next(json_values(str(bad.get("args") or "")), None)
            name = str(bad.get("name") or "unknown")
            if isinstance(args, dict):
                proposed.append((name, args, bad.get("id")))
            else:
                malformed.append(f"{name}: malformed tool call ({bad.get('error') or 'bad JSON'})")
        if not proposed:
            proposed = [(n, a, None) for n, a in R.calls_in_text(text_of(reply))]
    known = R.known_ids(
        [e.model_dump() for e in [*view.entities, *view.focus, *view.homonyms]],
        view.steps,
        view.question,
    )
    vetted = R.vet(
        proposed, {t: toolbox.tools[t].args_model for t in tools}, known, view.steps, purpose
    )
    vetted.rejected[:0] = malformed
    return outside, vetted
