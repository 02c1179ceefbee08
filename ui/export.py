"""Export a thread for the audit file: Markdown for people, JSON for machines.

The export is rebuilt from the persisted thread alone: every answer message keeps its full
`TurnResult` and the cited notices in its step metadata (`turn`, `notices`), so an export made
after a restart, or by a colleague the thread was shared with, is complete.

Both files are opened outside the app, in viewers that render HTML inside Markdown and may
sniff JSON: every data value of the Markdown is escaped (HTML included), the composed parts are
sanitised, and the JSON writes `<`, `>`, `&` and bidi controls as `\\u` escapes (the decoded
values stay exact).
"""

from __future__ import annotations

from typing import Any

from graph_agent.result import TurnResult
from shabgraph.markdown import (
    code_fence,
    code_span,
    escape_inline,
    html_safe_json,
    sanitize_markdown,
)
from ui.notices import Notice, notice_markdown
from ui.persistence import parse_json_field
from ui.render import turn_views

EXPORT_VERSION = 1


def turns_of(thread: dict[str, Any]) -> list[dict[str, Any]]:
    """The thread's turns in order: each user question with the answer step that followed."""
    turns: list[dict[str, Any]] = []
    question: str | None = None
    for step in sorted(thread.get("steps") or [], key=lambda s: s.get("createdAt") or ""):
        meta = parse_json_field(step.get("metadata")) or {}
        if step.get("type") == "user_message":
            question = step.get("output") or ""
        elif isinstance(meta, dict) and meta.get("turn"):
            turns.append(
                {
                    "question": question,
                    "turn": meta["turn"],
                    "notices": meta.get("notices") or {},
                    "created_at": step.get("createdAt"),
                }
            )
            question = None
    return turns


def export_json(thread: dict[str, Any]) -> dict[str, Any]:
    """The thread as a JSON-ready dict: metadata, then each turn's full result and notices."""
    meta = parse_json_field(thread.get("metadata")) or {}
    return {
        "export_version": EXPORT_VERSION,
        "thread_id": thread.get("id"),
        "name": thread.get("name"),
        "owner": thread.get("userIdentifier"),
        "created_at": thread.get("createdAt"),
        "shared": bool(meta.get("is_shared")) if isinstance(meta, dict) else False,
        "turns": turns_of(thread),
    }


def export_markdown(thread: dict[str, Any]) -> str:
    """The thread as Markdown: each question, answer, trace steps, records and cited notices."""
    data = export_json(thread)
    out = [
        f"# Investigation: {escape_inline(data['name'] or data['thread_id'])}",
        "",
        f"thread {code_span(str(data['thread_id']))} · owner {escape_inline(data['owner']) or '-'}"
        f" · created {escape_inline(data['created_at']) or '-'}",
        "",
    ]
    for i, t in enumerate(data["turns"], 1):
        result = TurnResult.model_validate(t["turn"])
        out += [
            f"## {i}. {escape_inline(t['question'] or result.trace.question)}",
            "",
            sanitize_markdown(result.answer),
            "",
            "### Trace",
            "",
        ]
        for view in turn_views(result):
            out += [f"#### {sanitize_markdown(view.name)}", ""]
            if view.input:
                out += [code_fence(view.input, "json"), ""]
            out += [sanitize_markdown(view.output), ""]
        if t["notices"]:
            out += ["### Cited notices", ""]
            for raw in t["notices"].values():
                out += [notice_markdown(Notice.model_validate(raw)), ""]
    return "\n".join(out)


def export_files(thread: dict[str, Any]) -> dict[str, bytes]:
    """File name to content for both export formats."""
    stem = f"shabgraph-thread-{str(thread.get('id'))[:8]}"
    return {
        f"{stem}.md": export_markdown(thread).encode(),
        f"{stem}.json": html_safe_json(export_json(thread), indent=1, default=str).encode(),
    }
