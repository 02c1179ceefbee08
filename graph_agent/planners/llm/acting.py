"""The act step's request and the reading of its reply: which tool calls the model proposed, and
which of them survive the checks (`repair`).

A reply may hold native tool calls, malformed ones (their arguments are still read when they are
JSON), or calls written as JSON in the text; the last two count only when there is no well-formed
native call.
"""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from graph_agent.planners.base import TurnView
from graph_agent.planners.llm import prompts as P
from graph_agent.planners.llm import repair as R
from graph_agent.state import ToolCall
from graph_agent.toolbox import Toolbox
from shabgraph.json_reply import json_values, text_of


def tool_schema(toolbox: Toolbox, tool: str) -> dict[str, Any]:
    """The OpenAI function spec of a tool (name, description, JSON schema of its arguments)."""
    spec = toolbox.tools[tool]
    return {
        "type": "function",
        "function": {
            "name": tool,
            "description": spec.description[:1000],
            "parameters": toolbox.args_schema(tool),
        },
    }


def act_messages(view: TurnView, tools: list[str]) -> list[BaseMessage]:
    """The act request: the routed tools, the resolved entities and the results so far."""
    ents = view.entities or view.focus
    results = "; ".join(
        f"{s['tool']}({json.dumps(s['args'], ensure_ascii=False)}) -> "
        f"{s['outcome']}: {s.get('message', '')[:200]}"
        for s in view.steps
    )
    period = f"{view.slots.date_from or ''}..{view.slots.date_to or ''}"
    system = P.render(
        P.ACT_SYSTEM,
        tools=", ".join(tools),
        intent=view.intent,
        entities=", ".join(f"{e.name} ({e.kind}, id {e.id})" for e in ents) or "none",
        as_of=view.slots.as_of or "none",
        period=period,
        results=results or "none",
    )
    return [SystemMessage(system), HumanMessage(P.render(P.ACT_USER, question=view.question))]


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
