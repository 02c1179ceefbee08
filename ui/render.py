"""How one agent turn is shown: the nested audit steps, the records tables and the citations.

Pure functions from the agent's `TurnResult` to plain `StepView`s; `ui.chat` turns them into
Chainlit steps, `ui.export` reuses the same text for the audit file, so what a user saw on screen
and what the export says cannot drift apart.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, Field

from graph_agent.result import Citation, ToolStep, Trace, TurnResult
from shabgraph.markdown import code_fence, code_span, escape_inline, html_safe_json

MAX_TABLE_ROWS = 50
MAX_CELL_CHARS = 120
PUB_NUMBER = re.compile(r"\b(?:HR0[1-3]|ZEFIX)-\d{6,}\b")


class StepView(BaseModel):
    """One expandable step of a turn, ready to hand to `cl.Step`."""

    name: str
    """Step title, e.g. `search_companies · round 1`."""
    type: Literal["tool", "llm", "run"]
    """Chainlit step type (drives its icon)."""
    input: str = ""
    """What went in (arguments as JSON)."""
    output: str
    """Markdown body: Cypher blocks, timings, the records table."""
    is_error: bool = False
    """Shown in red when the tool or the turn failed."""
    metadata: dict[str, Any] = Field(default_factory=dict)
    """Machine-readable details kept with the persisted step."""


def cell(value: Any) -> str:
    """One table cell: lists joined, long text cut, then escaped (pipes, newlines, Markdown)."""
    return escape_inline(cell_text(value))


def cell_text(value: Any) -> str:
    """The raw text of a cell: lists joined, dicts as JSON, cut to `MAX_CELL_CHARS`."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        text = ", ".join(cell_text(v) for v in value)
    elif isinstance(value, dict):
        text = json.dumps(value, ensure_ascii=False, default=str)
    else:
        text = str(value)
    return text if len(text) <= MAX_CELL_CHARS else text[: MAX_CELL_CHARS - 1] + "…"


def records_table(records: list[dict[str, Any]], max_rows: int = MAX_TABLE_ROWS) -> str:
    """A Markdown table of the records (columns in order of first appearance)."""
    if not records:
        return "_no records_"
    columns: list[str] = []
    for rec in records:
        columns.extend(k for k in rec if k not in columns)
    header = " | ".join(escape_inline(c) for c in columns)
    lines = ["| " + header + " |", "|" + "---|" * len(columns)]
    for rec in records[:max_rows]:
        lines.append("| " + " | ".join(cell(rec.get(c)) for c in columns) + " |")
    if len(records) > max_rows:
        lines.append(f"\n_{len(records) - max_rows} more rows in the export_")
    return "\n".join(lines)


def route_view(trace: Trace) -> StepView:
    """The router's decision and the tools it allowed."""
    carried = (
        ", ".join(f"{escape_inline(e.name)} ({escape_inline(e.kind)})" for e in trace.carried_over)
        or "none"
    )
    if trace.route is None:
        body = "_no routing decision recorded_"
    else:
        body = (
            f"**intent** {code_span(trace.route.intent)}  \n"
            f"**allowed tools** {', '.join(code_span(t) for t in trace.route.allowed_tools)}  \n"
            f"**why** {escape_inline(trace.route.reason) or '-'}"
        )
    return StepView(
        name="router",
        type="llm",
        input=html_safe_json(trace.question),
        output=f"{body}  \n**planner** {code_span(trace.planner)} · **context** {carried}",
        metadata={"route": trace.route.model_dump() if trace.route else None},
    )


def tool_view(step: ToolStep) -> StepView:
    """One tool call: arguments, each Cypher query with its timing, the records."""
    parts = [
        f"**{escape_inline(step.outcome)}** · {step.rows} rows · {step.ms:.0f} ms  \n"
        f"{escape_inline(step.message)}"
    ]
    for i, q in enumerate(step.queries, 1):
        params = json.dumps(q.params, ensure_ascii=False, default=str)
        cut = " · **truncated**" if q.truncated else ""
        parts.append(
            f"Query {i} · {q.rows} rows · {q.ms:.0f} ms{cut}\n\n"
            f"{code_fence(q.cypher.strip(), 'cypher')}\nparameters {code_span(params)}"
        )
    parts.append("**Records**\n\n" + records_table(step.records))
    return StepView(
        name=f"{step.tool} · round {step.round}",
        type="tool",
        input=html_safe_json(step.args, indent=1, default=str),
        output="\n\n".join(parts),
        is_error=step.outcome == "error",
        metadata={"tool": step.tool, "rows": step.rows, "ms": step.ms},
    )


def turn_views(result: TurnResult) -> list[StepView]:
    """All steps of a turn in order: router, tool calls interleaved with reflections, synthesis."""
    trace = result.trace
    views = [route_view(trace)]
    reflections = {r.round: r for r in trace.reflections}
    last_round = 0
    for step in trace.steps:
        if step.round != last_round and last_round in reflections:
            views.append(reflection_view(reflections.pop(last_round)))
        views.append(tool_view(step))
        last_round = step.round
    views.extend(reflection_view(r) for r in sorted(reflections.values(), key=lambda r: r.round))
    form = trace.synthesis_form or "-"
    views.append(
        StepView(
            name="synthesis",
            type="llm",
            output=(
                f"**form** {code_span(form)} · {len(result.records)} records · "
                f"{len(result.citations)} notices cited · {trace.llm_calls} LLM calls · "
                f"{trace.tokens} tokens · {trace.total_ms:.0f} ms"
                + (f"\n\n**error** {escape_inline(trace.error)}" if trace.error else "")
            ),
            is_error=bool(trace.error),
            metadata={"form": form},
        )
    )
    return views


def reflection_view(reflection: Any) -> StepView:
    """A reflection decision after a round."""
    return StepView(
        name=f"reflection · round {reflection.round}",
        type="llm",
        output=f"**{escape_inline(reflection.decision)}** — {escape_inline(reflection.reason)}",
    )


def cited_numbers(result: TurnResult) -> list[str]:
    """Publication numbers cited by the turn, in order: the citations, then any in the text."""
    seen: dict[str, None] = {c.pub_number: None for c in result.citations}
    for match in PUB_NUMBER.findall(result.answer):
        seen.setdefault(match, None)
    return list(seen)


def citation_dates(citations: list[Citation]) -> dict[str, str | None]:
    """Publication date per cited number (for the side view's heading)."""
    return {c.pub_number: c.pub_date for c in citations}
