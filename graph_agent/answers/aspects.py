"""Which rows of an entity's neighbourhood answer the question's aspect (board, branches, ...).

Pure functions over `explore_network` records (`from_*`/`to_*` ends of one relationship): the tool
returns the whole neighbourhood, the question usually wants one slice of it, seen from the entity.
"""

from __future__ import annotations

from typing import Any

from graph_agent.result import EntityRef
from graph_agent.state import Slots

# aspect -> (relationship types, direction seen from the entity: out, in, or any)
ASPECT_RELS: dict[str, tuple[frozenset[str], str]] = {
    "branches": (frozenset({"HEAD_OFFICE_OF"}), "out"),
    "head_office": (frozenset({"HEAD_OFFICE_OF"}), "in"),
    "mergers": (frozenset({"MERGED_INTO"}), "any"),
    "transfers": (frozenset({"TRANSFERRED_TO", "ACQUIRED_FROM"}), "any"),
    "board": (frozenset({"HOLDS_ROLE"}), "in"),
    "mandates": (frozenset({"HOLDS_ROLE"}), "out"),
}


def oriented(rec: dict[str, Any], entity_id: str) -> dict[str, Any]:
    """A network row seen from the entity: the other end's name, the direction, the role."""
    if "from_id" not in rec:
        return rec
    out = rec["from_id"] == entity_id
    touching = out or rec.get("to_id") == entity_id
    other = ("to" if out else "from") if touching else "to"
    row = {
        "name": rec.get(f"{other}_name"),
        "id": rec.get(f"{other}_id"),
        "kind": rec.get(f"{other}_kind") or rec.get("to_kind"),
        "relation": rec.get("rel"),
        "direction": "out" if out else "in" if touching else "lateral",
        "role": rec.get("role_text") or rec.get("role"),
        "roles": rec.get("roles") or [],
        "valid_from": rec.get("valid_from"),
        "valid_to": rec.get("valid_to"),
        "date": rec.get("date"),
        "place": rec.get("to_place") if other == "to" else None,
        "branch": rec.get("branch"),
        "hop": rec.get("hop"),
        "pubs": rec.get("pubs") or [],
    }
    if not touching:
        row["via"] = rec.get("from_name")
    return row


def matches_aspect(row: dict[str, Any], aspect: str | None) -> tuple[bool, str]:
    """(keep, reason) for one oriented row and the question's aspect."""
    if not aspect or aspect not in ASPECT_RELS:
        return True, "no aspect"
    rels, direction = ASPECT_RELS[aspect]
    if row.get("relation") not in rels:
        return False, f"{row.get('relation')} is not {aspect}"
    if row.get("hop", 1) != 1 or row.get("direction") == "lateral":
        return False, "not a direct link"
    if direction != "any" and row.get("direction") != direction:
        return False, f"wrong direction for {aspect}"
    return True, f"{row.get('relation')} fits {aspect}"


def is_past(row: dict[str, Any]) -> bool:
    """True when a role or link has ended."""
    return bool(row.get("valid_to"))


def select_records(
    records: list[dict[str, Any]], entity: EntityRef, slots: Slots, exclude: set[str] | None = None
) -> list[dict[str, Any]]:
    """Rows about the aspect, role and time the question asks for, seen from the entity."""
    rows = [oriented(r, entity.id) for r in records]
    aspect = slots.aspect
    if aspect == "board" and entity.kind == "person":
        aspect = "mandates"  # "his functions" asked about a person
    if aspect is None and (slots.role or slots.past):
        aspect = "board" if entity.kind == "company" else "mandates"
    rows = [r for r in rows if matches_aspect(r, aspect)[0]]
    if slots.role:
        rows = [r for r in rows if slots.role in r.get("roles", [])]
    if slots.past:
        rows = [r for r in rows if is_past(r)]
    elif aspect in ("board", "mandates") and not slots.as_of:
        rows = [r for r in rows if not is_past(r)] or rows
    if exclude:
        rows = [r for r in rows if r.get("id") not in exclude]
    return _dedupe(rows)


def _dedupe(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for r in rows:
        key = (r.get("id"), r.get("relation"), r.get("role"), r.get("valid_from"))
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out
