"""Reading what weak models write: tool calls as JSON in the text, repeated calls, altered ids.

Small local models often ignore native tool calling and write the call as JSON inside their text
(`{"name": ..., "arguments": {...}}`, in a code fence or a `<tool_call>` tag), sometimes with extra
keys or an entity id they altered, and after a result they repeat the call instead of answering.
These pure functions turn such output into checked `ToolCall`s, or say why they could not, so the
planner can fall back to the offline rules for that step.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from graph_agent.state import ToolCall

NAME_KEYS = ("name", "tool", "tool_name", "function")
"""Keys under which models put the tool's name."""
ARGS_KEYS = ("arguments", "args", "parameters", "input")
"""Keys under which models put the tool's arguments."""
ID_ARGS = ("entity_id",)
"""Arguments that must name an entity the turn has already seen."""


@dataclass
class Vetted:
    """The calls that survived the checks, and why the others were dropped."""

    calls: list[ToolCall] = field(default_factory=list)
    """Usable calls, in the model's order."""
    repeats: list[str] = field(default_factory=list)
    """Calls dropped because an earlier round already ran them with the same arguments."""
    rejected: list[str] = field(default_factory=list)
    """Calls dropped as unusable (unknown tool, invalid arguments, unknown entity id)."""


def json_values(text: str) -> Iterator[Any]:
    """Every JSON object or array embedded in `text`, outermost first, left to right."""
    decoder = json.JSONDecoder()
    i = 0
    while i < len(text):
        if text[i] in "{[":
            try:
                value, end = decoder.raw_decode(text, i)
            except ValueError:
                i += 1
                continue
            yield value
            i = end
        else:
            i += 1


def _as_call(obj: Any) -> tuple[str, dict[str, Any]] | None:
    """(name, arguments) when `obj` has the shape of a tool call."""
    if not isinstance(obj, dict):
        return None
    if isinstance(obj.get("function"), dict):  # the OpenAI wire shape
        return _as_call(obj["function"])
    name = next((obj[k] for k in NAME_KEYS if isinstance(obj.get(k), str)), None)
    if not name:
        return None
    args: Any = next((obj[k] for k in ARGS_KEYS if k in obj), {})
    if isinstance(args, str):  # arguments sent as a JSON string, as on the wire
        try:
            args = json.loads(args)
        except ValueError:
            return None
    return (name, args) if isinstance(args, dict) else None


def calls_in_text(text: str) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls written as JSON inside a reply's text (none when it holds no such JSON)."""
    found: list[tuple[str, dict[str, Any]]] = []
    for value in json_values(text):
        for item in value if isinstance(value, list) else [value]:
            call = _as_call(item)
            if call:
                found.append(call)
    return found


def object_in_text(text: str, required: str) -> dict[str, Any] | None:
    """The first JSON object of `text` that has key `required` (or wraps one as its arguments)."""
    for value in json_values(text):
        if isinstance(value, dict) and required in value:
            return value
        call = _as_call(value)
        if call and required in call[1]:
            return call[1]
    return None


def clean_args(model: type[BaseModel], args: Mapping[str, Any]) -> dict[str, Any]:
    """`args` validated by the tool's model, keys it does not know dropped; raises ValidationError."""
    known = {k: v for k, v in args.items() if k in model.model_fields}
    model.model_validate(known)
    return known


def known_ids(
    entities: Iterable[Mapping[str, Any]], steps: Iterable[Mapping[str, Any]]
) -> set[str]:
    """Entity ids the turn has seen: linked or carried entities and every id a tool returned."""
    ids = {str(e["id"]) for e in entities if e.get("id")}
    for step in steps:
        ids.update(str(r["id"]) for r in step.get("records") or [] if r.get("id"))
    return ids


def vet(
    proposed: Iterable[tuple[str, dict[str, Any], str | None]],
    models: Mapping[str, type[BaseModel]],
    seen_ids: set[str],
    earlier: Iterable[Mapping[str, Any]],
    purpose: str,
) -> Vetted:
    """Check each (tool, args, call_id): known tool, valid args, seen entity ids, not a repeat.

    `models` holds the argument model of every tool the model may call now. A call of a tool
    outside `models` is kept unchecked when its name is a real tool elsewhere, so that the graph
    records the refusal; the caller decides by passing the right `models`.
    """
    out = Vetted()
    done = [
        (str(s.get("tool")), _key(models[str(s.get("tool"))], s.get("args") or {}))
        for s in earlier
        if s.get("tool") in models
    ]
    for tool, args, call_id in proposed:
        model = models.get(tool)
        if model is None:
            out.rejected.append(f"{tool}: no such tool here")
            continue
        try:
            cleaned = clean_args(model, args)
        except ValidationError as exc:
            out.rejected.append(f"{tool}: {exc.error_count()} invalid argument(s)")
            continue
        bad_id = next(
            (str(cleaned[k]) for k in ID_ARGS if k in cleaned and str(cleaned[k]) not in seen_ids),
            None,
        )
        if bad_id is not None:
            out.rejected.append(f"{tool}: entity_id {bad_id!r} is not an entity of this turn")
            continue
        key = (tool, _key(model, cleaned))
        if key in done:
            out.repeats.append(tool)
            continue
        done.append(key)
        out.calls.append(ToolCall(tool=tool, args=cleaned, call_id=call_id, purpose=purpose))
    return out


def _key(model: type[BaseModel], args: Mapping[str, Any]) -> str:
    """A call's arguments with the tool's defaults filled in, so equal calls compare equal."""
    try:
        full = model.model_validate(
            {k: v for k, v in args.items() if k in model.model_fields}
        ).model_dump(mode="json")
    except ValidationError:
        full = dict(args)
    return json.dumps(full, sort_keys=True, default=str)
