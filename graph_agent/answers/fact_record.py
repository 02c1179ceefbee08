"""The records of one entity as `get_entity_facts` returned them, and the shared sentence helpers.

`Facts` splits the records by kind and merges the nodes of one company; every renderer cites
through `Facts.c`, so the answer's citation list holds exactly the notices it used.
"""

from __future__ import annotations

from typing import Any

from graph_agent.answers import roles as rl
from graph_agent.answers.citations import cite, pubs_of
from graph_agent.answers.phrases import day, say, span
from graph_agent.planners.offline.asks import Ask
from shabgraph.markdown import escape_inline

Rec = dict[str, Any]

SHOWN = frozenset(
    (
        "name",
        "other_name",
        "subject_name",
        "seat",
        "address",
        "purpose",
        "residence",
        "prev_residence",
        "origin",
        "nationality",
        "role_text",
        "other_place",
        "other_residence",
        "other_origin",
        "other_nationality",
    )
)
"""Record fields whose register text the answers print as it is: escaped once, on reading, so
no renderer can forget it. Ids, dates, codes (signature, role, status), UIDs and the notice
`text` (which the answers parse, and which the notice view escapes as a block) stay raw."""
TEXT_STATES = frozenset(
    {"name", "seat", "address", "purpose", "supervision", "liquidation_address"}
)
"""State attributes whose `value` is register text; the others are numbers, codes or JSON
the answers read."""


def _shown(key: str, value: Any, attribute: Any) -> Any:
    text = key in SHOWN or (key == "value" and attribute in TEXT_STATES)
    return escape_inline(value) if text and isinstance(value, str) else value


def shown(rec: Rec) -> Rec:
    """A copy of `rec` with the printed text fields (and the names of the entities a notice
    involves) escaped for a line of Markdown."""
    out = {k: _shown(k, v, rec.get("attribute")) for k, v in rec.items()}
    if isinstance(out.get("names"), list):
        out["names"] = [escape_inline(n) if isinstance(n, str) else n for n in out["names"]]
    if isinstance(out.get("involved"), list):
        out["involved"] = [shown(x) if isinstance(x, dict) else x for x in out["involved"]]
    return out


PERSON = {"de": "Person", "fr": "titulaire", "it": "titolare", "en": "holder"}


class Facts:
    """The records of one entity, split by kind, with the question's language and dates."""

    def __init__(self, records: list[Rec], lang: str, dates: dict[str, str]) -> None:
        self.lang, self.dates = lang, dates
        kinds: dict[str, list[Rec]] = {}
        for r in map(shown, records):
            kinds.setdefault(str(r.get("record_type")), []).append(r)
        ents = sorted(kinds.get("entity", []), key=lambda e: not e.get("anchor"))
        self.selves = {str(e.get("id")) for e in ents if e.get("id")}
        """Ids of the nodes read as this entity (a company split over several nodes)."""
        self.entity: Rec = {}
        for e in ents:  # the anchor's values first, the split-off nodes fill the gaps
            for k, v in e.items():
                if self.entity.get(k) in (None, "", []):
                    self.entity[k] = v
        self.states = kinds.get("state", [])
        self.roles = rl.dedupe(kinds.get("role", []))
        self.links = kinds.get("link", [])
        self.events = sorted(
            kinds.get("event", []), key=lambda e: str(e.get("journal_date") or e.get("pub_date"))
        )
        self.name = str(self.entity.get("name") or "?")
        self.used: list[Rec] = []
        self.negatives = 0
        self.exclude: set[str] = set()
        """Companies the question leaves out ("his other mandates")."""
        """Facts the records did not hold (each an honest 'the notices name no …')."""

    def c(self, *recs: Rec) -> str:
        """Citation of records (and remember them for the answer's citation list)."""
        self.used.extend(recs)
        return cite([p for r in recs for p in pubs_of(r)], self.dates)

    def of(self, attribute: str) -> list[Rec]:
        """States of one attribute, oldest first."""
        rows = [s for s in self.states if s.get("attribute") == attribute]
        # on one day, a state the notice passed through (closed that day) before the one it left
        return sorted(
            rows, key=lambda s: (str(s.get("valid_from") or ""), s.get("valid_to") is None)
        )

    def uid_of(self, ident: str | None, fallback: str | None = None) -> str | None:
        """A related entity's UID: its node's, else the one its notices wrote beside its name."""
        if fallback:
            return fallback
        seen = [
            str(x["uid"])
            for e in reversed(self.events)
            for x in e.get("involved") or []
            if x and x.get("id") == ident and x.get("uid")
        ]
        # the newest notice's UID first; a UID (CHE-) before an old register number (CH-)
        return next((u for u in seen if u.upper().startswith("CHE")), seen[0] if seen else None)


def neg(f: Facts, key: str, **kw: object) -> str:
    """An honest negative sentence about this entity (counted: all-negative answers are
    negative answers)."""
    f.negatives += 1
    return say(f.lang, key, **kw)


def when_text(lang: str, ask: Ask) -> str:
    """' on 01.01.2009' / ' (2010)' for the lead sentence."""
    if ask.as_of:
        return " " + say(lang, "on", d=day(ask.as_of))
    if ask.date_from or ask.date_to:
        a, b = ask.date_from, ask.date_to
        if a and b and a[:4] == b[:4] and a[5:] == "01-01" and b[5:] == "12-31":
            return f" ({a[:4]})"
        return " (" + span(lang, a, b) + ")"
    return ""
