"""Strong companies: attribute history (CompanyState intervals) and current properties (pure).

The observations of one company (one per notice) are sorted by journal date; an attribute's
value starts a new state when it differs from the previous one, and the state it replaces gets
`valid_to` = the journal date of the change.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any, NamedTuple

from ingestion.graph.capital_history import STATED, stated_rows
from ingestion.graph.facts import company_fact_props, state_props
from ingestion.graph.normalize import company_hub_key, company_norm, place_norm, tokens
from shabgraph.register import legal_forms
from shabgraph.register.initials import initials_text


class Observation(NamedTuple):
    """The attribute values one notice gives for one company."""

    date: dt.date
    """Journal date (legal date)."""
    pub_date: dt.date
    """Publication date."""
    pub_number: str
    """The notice."""
    attrs: tuple[tuple[str, str], ...]
    """(attribute, value) pairs."""
    kind: str
    """registration / update / deletion / unknown."""


def company_states(company_id: str, observations: Iterable[Observation]) -> list[dict[str, Any]]:
    """CompanyState rows: one per attribute value change, with its validity interval."""
    ordered = sorted(set(observations), key=lambda o: (o.date, o.pub_number))
    current: dict[str, dict[str, Any]] = {}
    states: list[dict[str, Any]] = []
    stated_pubs: set[str] = set()
    for obs in ordered:
        attrs = list(obs.attrs)
        stated = next((v for k, v in attrs if k == STATED), None)
        # A notice read again (from the graph, then from its file on a later run) states its
        # steps once: a second pass would close the capital it left itself.
        if stated and obs.pub_number not in stated_pubs:
            stated_pubs.add(obs.pub_number)
            # states the text gives before and within the notice, then its own current one
            extra, last = stated_rows(company_id, obs, stated, current.get("capital"))
            if extra and current.get("capital") is not None:
                current["capital"]["valid_to"] = obs.date
            states.extend(extra)
            if last and not any(k == "capital" for k, _ in attrs):
                attrs.append(("capital", last))
        for attribute, value in attrs:
            prev = current.get(attribute)
            if prev is not None and _same(attribute, prev["value"], value):
                continue
            if prev is not None:
                prev["valid_to"] = obs.date
            state = {
                "id": f"{company_id}|{attribute}|{obs.pub_number}",
                "attribute": attribute,
                "value": value,
                "valid_from": obs.date,
                "valid_to": None,
                "pub_number": obs.pub_number,
                "pub_date": obs.pub_date,
                "pubs": [obs.pub_number],
                **state_props(attribute, value),
            }
            current[attribute] = state
            states.append(state)
    return states


def _same(attribute: str, old: str, new: str) -> bool:
    """One value written two ways: a seat with or without its canton (`Wangen (SZ)`,
    `Wangen SZ`) is no seat change."""
    if attribute != "seat" or old == new or place_norm(old) != place_norm(new):
        return old == new
    a, b = _qualifier(old), _qualifier(new)
    return not a or not b or a == b  # `Reinach BL` -> `Reinach AG` is a move


def _qualifier(seat: str) -> str:
    """The canton or country code a seat ends with (`SZ` of `Wangen (SZ)`), else ''."""
    words = tokens(seat)
    return words[-1] if len(words) > 1 and len(words[-1]) <= 3 else ""


def company_props(
    states: list[dict[str, Any]],
    observations: list[Observation],
    names: Iterable[str],
    extra: dict[str, Any],
) -> dict[str, Any]:
    """Current properties of a strong company from its history and observations."""
    latest = {s["attribute"]: s["value"] for s in states if s["valid_to"] is None}
    ordered = sorted(observations, key=lambda o: (o.date, o.pub_number))
    regs = [o for o in ordered if o.kind == "registration"]
    dels = [o for o in ordered if o.kind == "deletion" or ("status", "deleted") in o.attrs]
    all_names = sorted(set(names))
    name = latest.get("name") or (all_names[0] if all_names else None)
    flags = set(extra.pop("flags", []))
    registered_on = regs[0].date if regs else None
    deleted_on = dels[-1].date if dels else None
    if registered_on and deleted_on and deleted_on < registered_on:
        flags.add("deletion_before_registration")
    if deleted_on and latest.get("status") != "deleted":
        flags.add("notice_after_deletion")
    capital = latest.get("capital")
    props: dict[str, Any] = {
        "name": name,
        "names": all_names,
        "names_text": " | ".join(all_names),
        "initials_text": initials_text(all_names),
        "name_norm": company_norm(name),
        "hub_key": company_hub_key(name),
        "seat": latest.get("seat"),
        "seat_key": place_norm(latest.get("seat")) or None,
        "legal_form": latest.get("legal_form"),
        "legal_form_label": legal_forms.label(latest.get("legal_form")),
        "purpose": latest.get("purpose"),
        "capital": float(capital) if capital else None,
        "address": latest.get("address"),
        "status": latest.get("status", "active"),
        "registered_on": registered_on,
        "deleted_on": deleted_on,
        "registered_pub": regs[0].pub_number if regs else None,
        "deleted_pub": dels[-1].pub_number if dels else None,
        "first_pub_date": min(o.pub_date for o in ordered) if ordered else None,
        "last_pub_date": max(o.pub_date for o in ordered) if ordered else None,
        "pubs": sorted({o.pub_number for o in ordered}),
        "flags": sorted(flags),
        "strength": "strong",
        **company_fact_props(states),
    }
    props.update(extra)
    return props
