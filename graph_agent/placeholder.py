"""`$entity` placeholders: filled only by the entity the same plan's search linked.

A plan (one round's calls) may find a name and read it at once: `[search X, facts($entity)]`.
The placeholder stands for what the nearest search before it linked, never for an entity
found earlier (by another search of the plan or an earlier round): in "what links A and B?"
the plan for B must not read A's record again when B names two persons. When that search
ties, an argument taking several ids (a list holding the placeholder) gets every tied id; a
single id cannot be chosen, so the call is not run and the search's step says why, while the
namesakes stay in the state for the answer ("two persons are named ...") and the homonym survey.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from graph_agent.planners.calls import ENTITY
from graph_agent.result import EntityRef
from graph_agent.state import ToolCall

__all__ = ["Linked", "fill", "skip_note", "uses_placeholder"]


@dataclass(frozen=True)
class Linked:
    """What the plan's latest link search found: one entity, or the tied namesakes, and
    where that search's step is (`at`, an index into the turn's steps)."""

    entity: str | None = None
    ties: list[EntityRef] = field(default_factory=list)
    at: int | None = None


def uses_placeholder(args: dict[str, Any]) -> bool:
    """True when an argument is the placeholder or a list holding it."""
    return any(v == ENTITY or (isinstance(v, list) and ENTITY in v) for v in args.values())


def fill(args: dict[str, Any], linked: Linked) -> dict[str, Any] | None:
    """The arguments with the placeholder replaced, or None when nothing may replace it."""
    ids = [linked.entity] if linked.entity else [t.id for t in linked.ties]
    out: dict[str, Any] = {}
    for key, value in args.items():
        if value == ENTITY:
            if linked.entity is None:
                return None  # nobody, or namesakes: one id cannot be chosen
            out[key] = linked.entity
        elif isinstance(value, list) and ENTITY in value:
            if not ids:
                return None
            out[key] = [x for item in value for x in (ids if item == ENTITY else [item])]
        else:
            out[key] = value
    return out


def _kind(ties: list[EntityRef]) -> str:
    kinds = {t.kind for t in ties}
    return "persons" if kinds == {"person"} else "companies" if kinds == {"company"} else "entities"


def skip_note(call: ToolCall, linked: Linked) -> str:
    """What the trace says of a call not run because its search tied: which namesakes, why.

    The note goes on the search's own step: a step of the skipped tool would read as a run
    that found nothing."""
    ids = ", ".join(t.id for t in linked.ties)
    return (
        f"Not run: {call.tool} ({call.purpose or ENTITY}), since {len(linked.ties)} "
        f"{_kind(linked.ties)} are named '{linked.ties[0].name}' ({ids}) and {ENTITY} stands "
        "for the one entity this plan's search linked."
    )
