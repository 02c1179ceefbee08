"""What one notice changed, value by value: "Sitz neu: B (bisher: A)".

A mutation notice lists its kinds of change (name, seat, address, capital, legal form, purpose)
and writes only the new values; the build keeps each as a state that starts with the notice.
The value before is the state that held until then, else (when the earlier notices are not in
the data) what the notice's own head still names: the register opens a mutation with the old
name and seat ("X GmbH, in A, … Neue Firma: X AG. Neuer Sitz: B.").
"""

from __future__ import annotations

import json
from typing import Any, Final

from graph_agent.answers import fact_text as ft
from graph_agent.answers.fact_record import Facts
from graph_agent.answers.labels import label
from graph_agent.answers.notice_facts import chf
from graph_agent.answers.phrases import form_text, say
from shabgraph.markdown import escape_inline
from shabgraph.register.folding import fold_accents as fold

Rec = dict[str, Any]

CHANGED_STATE: Final = {
    "name_change": "name",
    "legal_form_change": "legal_form",
    "seat_change": "seat",
    "address_change": "address",
    "capital_change": "capital",
    "purpose_change": "purpose",
}
"""The state each kind of change of a notice sets, in the order an answer names them."""

LONG: Final = 240
"""A purpose is cut after this many characters: the notice holds it whole."""


def _shown(lang: str, attribute: str, value: object) -> str:
    """A state's value as an answer writes it (state values are escaped on reading)."""
    if attribute == "capital":
        return chf(value)
    if attribute == "legal_form":
        return form_text(lang, value)
    text = str(value or "")
    return text if len(text) <= LONG else text[: LONG - 1] + "…"


def _final_capital(f: Facts, pub: object, rows: list[Rec]) -> object:
    """The capital a notice ends with: one that raises it twice states both steps, in order."""
    for s in f.of("capital_stated"):
        if s.get("pub_number") == pub:
            try:
                steps = json.loads(str(s.get("value"))).get("steps") or []
            except (ValueError, AttributeError):
                steps = []
            if steps:
                return steps[-1]
    return rows[-1].get("value")


def _from_head(attribute: str, text: object, new: str) -> str | None:
    """The old name or seat the notice's head names, escaped (it is read from the raw text),
    when it differs from the new one."""
    raw = str(text or "")
    old = ft.head_name(raw) if attribute == "name" else ft.head_seat(raw)
    if not old or fold(old).split(" (")[0] == fold(new).split(" (")[0]:
        return None
    return escape_inline(old)


def new_values(f: Facts, e: Rec) -> list[str]:
    """One line per value the notice changed: the new value and, when known, the one before."""
    pub, kinds = e.get("pub_number"), e.get("event_types") or []
    out: list[str] = []
    for kind, attribute in CHANGED_STATE.items():
        if kind not in kinds:
            continue
        rows = f.of(attribute)
        mine = [s for s in rows if s.get("pub_number") == pub]
        if not mine:
            continue
        start = str(mine[0].get("valid_from") or "")
        value = _final_capital(f, pub, mine) if attribute == "capital" else mine[-1].get("value")
        new = _shown(f.lang, attribute, value)
        earlier = [
            s
            for s in rows
            if s.get("pub_number") != pub and str(s.get("valid_from") or "") <= start
        ]
        old = _shown(f.lang, attribute, earlier[-1].get("value")) if earlier else None
        if old is None and attribute in ("name", "seat"):
            old = _from_head(attribute, e.get("text"), new)
        line = say(f.lang, "new_value", what=label(f.lang, attribute), v=new)
        out.append(line + (say(f.lang, "was_value", v=old) if old and old != new else ""))
    return out
