"""Reading a JSON object out of what a model wrote: fences, prose, wrappers, near misses.

A weak model asked for an object writes it inside a code fence or after a sentence, wraps it as a
tool call (`{"name": ..., "arguments": {...}}`), adds keys, or gets an optional value wrong. These
pure functions find the object and validate it, dropping only what the schema says is optional.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

if TYPE_CHECKING:
    from langchain_core.messages import AIMessage

ARGS_KEYS = ("arguments", "args", "parameters", "input")
"""Keys under which models wrap an object as a tool call's arguments."""

T = TypeVar("T", bound=BaseModel)


def json_values(text: str) -> Iterator[Any]:
    """Every JSON object or array embedded in `text` (fences, tags, prose around), left to right."""
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


def _candidates(value: Any) -> Iterator[dict[str, Any]]:
    """`value` and what a model may have wrapped in it (a call's arguments, a list's items)."""
    if isinstance(value, list):
        for item in value:
            yield from _candidates(item)
        return
    if not isinstance(value, dict):
        return
    yield value
    if isinstance(value.get("function"), dict):
        yield from _candidates(value["function"])
    for key in ARGS_KEYS:
        inner = value.get(key)
        if isinstance(inner, str):
            try:
                inner = json.loads(inner)
            except ValueError:
                continue
        if isinstance(inner, dict):
            yield inner


def salvage(schema: type[T], data: dict[str, Any], rounds: int = 3) -> T:
    """`data` validated by `schema`, dropping what a weak model got wrong in optional fields.

    An invalid item of a list field is dropped, an invalid optional field falls back to its
    default; an error in a required field still raises ValidationError.
    """
    data = dict(data)
    for _ in range(rounds):
        try:
            return schema.model_validate(data)
        except ValidationError as exc:
            drop_items: dict[str, set[int]] = {}
            for err in exc.errors():
                loc = err["loc"]
                key = str(loc[0]) if loc else ""
                field = schema.model_fields.get(key)
                if field is None or field.is_required():
                    raise
                if len(loc) > 1 and isinstance(loc[1], int) and isinstance(data.get(key), list):
                    drop_items.setdefault(key, set()).add(loc[1])
                else:
                    data.pop(key, None)
            for key, items in drop_items.items():
                if key in data:
                    data[key] = [v for i, v in enumerate(data[key]) if i not in items]
    return schema.model_validate(data)


def object_from_text(text: str, schema: type[T]) -> tuple[T | None, str]:
    """(the first object in `text` that `schema` validates, else None; why not).

    Keys the schema does not know are ignored, wrong optional values dropped (`salvage`); an
    object written as a tool call (`{"name": ..., "arguments": {...}}`) counts by its arguments.
    """
    errors = 0
    found = False
    for value in json_values(text):
        for cand in _candidates(value):
            if not cand.keys() & schema.model_fields.keys():
                continue  # a wrapper ({"name": ..., "arguments": ...}) or another object
            found = True
            try:
                return salvage(schema, cand), ""
            except ValidationError as exc:
                errors = errors or exc.error_count()
    if not found:
        return None, f"no {schema.__name__} object in the reply"
    return None, f"the reply's JSON does not match {schema.__name__} ({errors} error(s))"


def text_of(reply: AIMessage) -> str:
    """A reply's text (content blocks joined)."""
    if isinstance(reply.content, str):
        return reply.content
    return "".join(b if isinstance(b, str) else str(b.get("text", "")) for b in reply.content)


def read_reply(reply: AIMessage, schema: type[T]) -> tuple[T | None, str]:
    """The object from a native call of `schema`, a malformed call's JSON, or the reply's text."""
    why = ""
    for call in reply.tool_calls:
        try:
            return salvage(schema, call["args"]), ""
        except ValidationError as exc:
            why = f"the tool call does not match {schema.__name__} ({exc.error_count()} error(s))"
    for bad in reply.invalid_tool_calls:
        value, why_bad = object_from_text(str(bad.get("args") or ""), schema)
        if value is not None:
            return value, ""
        why = why or why_bad
    value, why_text = object_from_text(text_of(reply), schema)
    return value, "" if value is not None else (why or why_text)
