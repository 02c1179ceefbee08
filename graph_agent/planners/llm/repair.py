"""Reading what weak models write: tool calls as JSON in the text, repeated calls, altered ids.

Small local models often ignore native tool calling and write the call as JSON inside their text
(`{"name": ..., "arguments": {...}}`, in a code fence or a `<tool_call>` tag), sometimes with extra
keys or an entity id or UID they altered, and after a result they repeat the call instead of
answering. These pure functions turn such output into checked `ToolCall`s, or say why they could
not, so the planner can stop the repeat or fall back to the offline rules for that step.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from graph_agent.state import ToolCall
from shabgraph.json_reply import json_values
from shabgraph.register.folding import fold_words
from shabgraph.register.uid import UID_PATTERN, format_uid, parse_uid

NAME_KEYS = ("name", "tool", "tool_name", "function")
"""Keys under which models put the tool's name."""
ARGS_KEYS = ("arguments", "args", "parameters", "input")
"""Keys under which models put the tool's arguments."""
ID_ARGS = ("entity_id", "subject_id")
"""Arguments that must name an entity the turn has already seen."""
MAX_EDITS = 1
"""An id one changed character (digit, for a UID; or two swapped neighbours) away from exactly one
seen id is taken as that id: a weak model's slip, not another entity."""


@dataclass
class Vetted:
    """The calls that survived the checks, and why the others were dropped or changed."""

    calls: list[ToolCall] = field(default_factory=list)
    """Usable calls, in the model's order."""
    repeats: list[str] = field(default_factory=list)
    """Calls dropped because an earlier round already ran them with the same arguments."""
    rejected: list[str] = field(default_factory=list)
    """Calls dropped as unusable (unknown tool, invalid arguments, unknown entity id or UID)."""
    replaced: list[str] = field(default_factory=list)
    """Altered ids or UIDs replaced by the one the turn had seen."""


@dataclass
class Known:
    """The ids and UIDs a turn has seen: what the user wrote and what the graph returned."""

    ids: set[str] = field(default_factory=set)
    """Entity ids (linked, carried, or in a tool's records)."""
    uids: dict[str, str] = field(default_factory=dict)
    """Canonical UID -> the id of its entity (the UID itself when only the user wrote it)."""
    names: dict[str, str | None] = field(default_factory=dict)
    """Folded entity name -> its id (None when two entities share the name)."""


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


def clean_args(model: type[BaseModel], args: Mapping[str, Any]) -> dict[str, Any]:
    """`args` validated by the tool's model, keys it does not know dropped; raises ValidationError."""
    known = {k: v for k, v in args.items() if k in model.model_fields}
    model.model_validate(known)
    return known


def known_ids(
    entities: Iterable[Mapping[str, Any]], steps: Iterable[Mapping[str, Any]], question: str = ""
) -> Known:
    """What the turn has seen: linked or carried entities, every id a tool returned, the UIDs of
    the question."""
    out = Known()
    records = [r for s in steps for r in s.get("records") or []]
    for rec in [*entities, *records]:
        ident = str(rec["id"]) if rec.get("id") else None
        if ident:
            out.ids.add(ident)
        for value in (rec.get("uid"), ident):
            uid = parse_uid(str(value)) if value else None
            if uid and ident:
                out.uids.setdefault(uid, ident)
        name = fold_words(str(rec.get("name") or ""))
        if name and ident:
            out.names[name] = ident if out.names.get(name, ident) == ident else None
    for m in UID_PATTERN.finditer(question):
        uid = format_uid(m["a"] + m["b"] + m["c"], m["prefix"])
        out.uids.setdefault(uid, uid)
    return out


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (ids are short)."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _slip(a: str, b: str) -> bool:
    """True when two equally long digit strings differ by MAX_EDITS digits or one swap."""
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
    return len(diff) <= MAX_EDITS or (swapped and a[diff[1]] == b[diff[0]])


def _close_uid(uid: str, known: Known) -> str | None:
    """The one seen UID that `uid` is a slip of (see `_slip`), else None."""
    digits = "".join(c for c in uid if c.isdigit())
    close = {
        k
        for k in known.uids
        if k[:3] == uid[:3] and _slip(digits, "".join(c for c in k if c.isdigit()))
    }
    return close.pop() if len(close) == 1 else None


def resolve_id(value: str, known: Known) -> tuple[str | None, bool]:
    """(the seen id `value` stands for, whether it was changed); (None, False) when none.

    An exact id stands for itself; the name of exactly one seen entity for its id; a UID (in any spelling, or with a slip of one digit) for its
    entity; another id within MAX_EDITS edits of exactly one seen id for it.
    """
    if value in known.ids:
        return value, False
    by_name = known.names.get(fold_words(value))
    if by_name:  # the model wrote the entity's name where its id belongs
        return by_name, True
    uid = parse_uid(value)
    if uid:
        hit = known.uids.get(uid) or known.uids.get(_close_uid(uid, known) or "")
        return (hit, True) if hit else (None, False)
    close = {i for i in known.ids if len(i) >= 6 and _edits(value, i) <= MAX_EDITS}
    return (close.pop(), True) if len(close) == 1 else (None, False)


def check_ids(
    tool: str, args: dict[str, Any], known: Known
) -> tuple[dict[str, Any], list[str], str | None]:
    """(args with altered ids replaced, what was replaced, why the call is refused or None)."""
    out = dict(args)
    replaced: list[str] = []
    for key in ID_ARGS:
        if out.get(key) is None:
            continue
        value = str(out[key])
        hit, changed = resolve_id(value, known)
        if hit is None:
            return out, replaced, f"{tool}: {key} {value!r} is not an entity of this turn"
        if changed:
            out[key] = hit
            replaced.append(f"{tool}: {key} {value!r} replaced by {hit!r}")
    for key, value in list(out.items()):
        if key in ID_ARGS or not isinstance(value, str):
            continue
        for m in UID_PATTERN.finditer(value):
            uid = format_uid(m["a"] + m["b"] + m["c"], m["prefix"])
            if uid in known.uids:
                continue
            near = _close_uid(uid, known)
            if near is None:
                return out, replaced, f"{tool}: UID {uid} in {key} was never mentioned"
            out[key] = out[key].replace(m.group(0), near)
            replaced.append(f"{tool}: UID {m.group(0)!r} in {key} replaced by {near!r}")
    return out, replaced, None


def vet(
    proposed: Iterable[tuple[str, dict[str, Any], str | None]],
    models: Mapping[str, type[BaseModel]],
    known: Known,
    earlier: Iterable[Mapping[str, Any]],
    purpose: str,
) -> Vetted:
    """Check each (tool, args, call_id): known tool, valid args, seen ids and UIDs, not a repeat.

    `models` holds the argument model of every tool the model may call now; a call of any other
    tool is refused here (the caller passes calls of real tools outside the route on unchecked,
    so that the graph records the refusal).
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
            first = exc.errors()[0]
            where = ".".join(map(str, first["loc"])) or "arguments"
            out.rejected.append(
                f"{tool}: {exc.error_count()} invalid argument(s) ({where}: {first['msg']})"
            )
            continue
        cleaned, replaced, refusal = check_ids(tool, cleaned, known)
        if refusal:
            out.rejected.append(refusal)
            continue
        key = (tool, _key(model, cleaned))
        if key in done:
            out.repeats.append(tool)
            continue
        done.append(key)
        out.replaced.extend(replaced)
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
