"""Answers about an entity's links and texts: head office and branches, mergers and asset
transfers, the supervisory authority, bankruptcy notices.
"""

from __future__ import annotations

from typing import Any

from graph_agent.answers import fact_text as ft
from graph_agent.answers.fact_events import event_day, event_line
from graph_agent.answers.fact_record import Facts, neg
from graph_agent.answers.labels import label
from graph_agent.answers.phrases import day, event_names, fact_name, say, span
from graph_agent.planners.offline.asks import Ask
from shabgraph.markdown import escape_inline
from shabgraph.register.folding import fold_accents as fold
from shabgraph.register.folding import has_any
from shabgraph.register.places import same_place

Rec = dict[str, Any]


REL_WORDS = {
    "HEAD_OFFICE_OF": "head_office",
    "MERGED_INTO": "mergers",
    "TRANSFERRED_TO": "transfers",
    "ACQUIRED_FROM": "transfers",
}


TEXT_CUES = {
    "transfers": (
        "aktiven",
        "passiven",
        "actif",
        "passif",
        "attiv",
        "passiv",
        "vermogen",
        "patrimoine",
        "patrimonio",
        "ubernimmt",
        "reprend",
        "apport",
    ),
    "mergers": ("fusion", "fusione", "merger", "ubernimmt", "absorb"),
    "head_office": ("hauptsitz", "siege principal", "sede principale"),
    "branches": ("zweigniederlassung", "succursale", "filiale"),
}


MAY_WORDS = ("kann ", "konnen ", "darf ", "peut ", "peuvent ", "puo ", "possono ", "potra ", "may ")
"""What a company may do (its purpose clause) is no fact about its branches."""


def links(f: Facts, fact: str, at: str | None = None) -> list[str]:
    """Head office, branches, mergers and transfers, with the other party's UID and seat;
    `at`: the place a branch is asked at ("a branch in X?")."""
    lines: list[str] = []
    chosen = []
    for link in f.links:
        kind = REL_WORDS.get(str(link.get("relation")), "")
        if kind == "head_office":
            kind = "branches" if link.get("direction") == "out" else "head_office"
        if kind == fact:
            chosen.append(link)
    if fact == "branches" and at:
        there = [x for x in chosen if _at(x, at)]
        if not there and (itself := _self_branch(f, at)):
            return itself
        if not there:
            known = "; ".join(str(x.get("other_place") or x.get("other_name")) for x in chosen)
            line = neg(f, "no_branch_at", name=f.name, p=escape_inline(at))
            return [line + (f" ({known})" if known else "") + f.c(*chosen)]
        chosen = there
    for link in chosen:
        uid = f.uid_of(link.get("other_id"), link.get("other_uid"))
        v = ", ".join(str(x) for x in (link.get("other_name"), link.get("other_place"), uid) if x)
        key = (
            "head_office" if fact == "head_office" else "branches" if fact == "branches" else "link"
        )
        rel = {"TRANSFERRED_TO": "→", "ACQUIRED_FROM": "←", "MERGED_INTO": "⇒"}.get(
            str(link.get("relation")), ""
        )
        when = f" ({day(link.get('date'))})" if link.get("date") else ""
        lines.append(say(f.lang, key, name=f.name, v=v, rel=rel, when=when) + f.c(link))
    for e in f.events if not (fact == "branches" and at) else ():
        if sentence := ft.sentence_with(e.get("text"), TEXT_CUES.get(fact, ()), 600):
            if fact in ("branches", "head_office") and has_any(fold(sentence), MAY_WORDS):
                continue  # a purpose clause: what the company may do (open branches)
            lines.append(f"- **{day(event_day(e))}**: {escape_inline(sentence)}" + f.c(e))
    if not lines:
        out = [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, fact))]
        if fact in ("mergers", "transfers"):
            # "did it merge?" where a conversion was published: say what the notices do record
            out += [_published(f, e) for e in f.events[-MAX_PUBLISHED:]]
            if len(out) > 1:
                out.insert(1, say(f.lang, "published_instead"))
            converted = [e for e in f.events if "legal_form_change" in (e.get("event_types") or [])]
            if fact == "mergers" and converted:
                # a change of legal form is a conversion under the merger act, not a merger
                d = day(event_day(converted[-1]))
                out.insert(1, say(f.lang, "conversion_instead", d=d) + f.c(converted[-1]))
        return out
    return lines


MAX_PUBLISHED = 5
"""Notices listed under a negative link answer, the latest ones."""


def _published(f: Facts, e: Rec) -> str:
    """'- **dd.mm.yyyy** event types' of one notice, without its text."""
    return f"- **{day(event_day(e))}** {event_names(f.lang, e.get('event_types'))}" + f.c(e)


def _self_branch(f: Facts, place: str) -> list[str]:
    """The entity found is itself the branch asked ("the X branch in P" resolves to the branch,
    registered under its head's name): it, its head office and its address."""
    seat = str(f.entity.get("seat") or "")
    heads = [
        x for x in f.links if x.get("relation") == "HEAD_OFFICE_OF" and x.get("direction") != "out"
    ]
    if not heads or not (
        (seat and same_place(seat, place)) or fold(place) in fold(f"{seat} {f.name}")
    ):
        return []
    head = heads[0]
    v = ", ".join(str(x) for x in (head.get("other_name"), head.get("other_place")) if x)
    lines = [say(f.lang, "self_branch", name=f.name, p=escape_inline(seat), head=v) + f.c(head)]
    lines += [
        f"- {label(f.lang, 'address')}: {s.get('value')} "
        f"({span(f.lang, s.get('valid_from'), s.get('valid_to'))})" + f.c(s)
        for s in f.of("address")
    ]
    return lines


def _at(link: Rec, place: str) -> bool:
    """The branch lies at the place asked (its seat, or its name's tail)."""
    where = str(link.get("other_place") or "")
    return (bool(where) and same_place(where, place)) or fold(place) in fold(
        str(link.get("other_name") or "")
    )


def supervision(f: Facts, ask: Ask) -> list[str]:
    """The supervisory authorities the notices named, oldest first."""
    hits = ft.supervision(f.events)
    if not hits:
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "supervision"))]
    e, last = hits[-1]
    lines = [say(f.lang, "supervision", name=f.name, v=last) + f.c(e)]
    lines += [f"- **{day(event_day(x))}**: {v}" + f.c(x) for x, v in hits]
    return lines


def bankruptcy(f: Facts, ask: Ask) -> list[str]:
    """Bankruptcy notices (court, opening, suspension) as the notices wrote them."""
    rows = [
        e
        for e in f.events
        if any("bankrupt" in t or "konkurs" in t for t in (e.get("event_types") or []))
    ]
    rows = rows or [
        e
        for e in f.events
        if ft.sentence_with(e.get("text"), ("konkurs", "faillite", "fallimento"))
    ]
    if not rows:
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "bankruptcy"))]
    lines = [event_line(f, e) for e in rows]
    if ask.has("opening") and not ask.has("court"):
        opened = [
            e for e in rows if e.get("bankruptcy_stage") == "opened" and e.get("effective_date")
        ]
        if not opened:
            # a closing or a deletion notice: the opening's day is not in the data
            return [
                neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "bankruptcy_opening")),
                *lines,
            ]
        e = opened[-1]
        return [
            say(f.lang, "bankruptcy_opened", name=f.name, d=day(e["effective_date"])) + f.c(e),
            *lines,
        ]
    if not ask.has("court"):
        return lines
    decided = [e for e in rows if e.get("court")]
    if not decided:
        # the notice states the decision, not who took it: say so before the notices
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "court")), *lines]
    e = decided[-1]
    when = f" ({day(e['effective_date'])})" if e.get("effective_date") else ""
    court = escape_inline(str(e["court"]))
    return [say(f.lang, "bankruptcy_court", name=f.name, court=court, when=when) + f.c(e), *lines]
