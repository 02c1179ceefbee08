"""Answers about what an entity holds elsewhere: a person's residence and mandates (the
companies in which it holds or held roles, with the latest role, former roles and shares each
company's notices state), and "anywhere besides Y?".
"""

from __future__ import annotations

from graph_agent.answers import fact_text as ft
from graph_agent.answers import roles as rl
from graph_agent.answers.care_of import domiciled_with
from graph_agent.answers.fact_events import event_day
from graph_agent.answers.fact_record import Facts, neg
from graph_agent.answers.holders import Rec, after_time, until
from graph_agent.answers.phrases import day, fact_name, role_name, say, signature_name, span
from graph_agent.planners.offline.asks import Ask
from shabgraph.register.folding import fold_accents as fold


def person_residence(f: Facts, ask: Ask) -> list[str]:
    """Where the person in focus lives (and is from), answer first; their mandates if unknown."""
    home, origin = f.entity.get("residence"), f.entity.get("origin")
    if not home:
        return mandates(f, ask)
    words = {
        "de": ("**{n}** wohnt in {h}", ", von {o}"),
        "fr": ("**{n}** est domicilié·e à {h}", ", originaire de {o}"),
        "it": ("**{n}** è domiciliato/a a {h}", ", attinente di {o}"),
        "en": ("**{n}** lives in {h}", ", from {o}"),
    }
    lead, tail = words.get(f.lang) or words["en"]
    text = lead.format(n=f.name, h=home) + (tail.format(o=origin) if origin else "")
    return [text + f.c(f.entity) + "."]


NOW = {"de": "heute", "fr": "aujourd'hui", "it": "oggi", "en": "now"}


def latest_role(f: Facts, company_id: object, rows: list[Rec]) -> str:
    """The role a later notice of the company wrote for this person, when it differs from the
    interval's ("Mitglied" -> "Präsident" in a change notice): '; heute: <role> (seit …)'."""
    me = f.entity.get("id")
    texts = {fold(str(r.get("role_text") or "")) for r in rows}
    last: tuple[str, Rec] | None = None
    for e in f.events:
        if str(e.get("subject_id") or "") != str(company_id):
            continue
        for x in e.get("involved") or []:
            if x and x.get("id") == me and x.get("role_text") and x.get("action") != "removed":
                last = (str(x["role_text"]), e)
    if last is None or fold(last[0]) in texts or any(r.get("valid_to") for r in rows[-1:]):
        return ""
    text, e = last
    when = say(f.lang, "since", a=day(event_day(e)))
    return f"; {NOW.get(f.lang, NOW['en'])}: {text} ({when})" + f.c(e)


def mandates(f: Facts, ask: Ask) -> list[str]:
    """The companies in which the entity holds (or held) a role, with the intervals."""
    rows, _ = rl.select(f.roles, ask, "out", [])
    if ask.has("joined") and not (ask.as_of or ask.date_from or ask.date_to or ask.has("left")):
        # "wann kam X in den Stiftungsrat?": the first entry, even when a later role replaced it
        rows = [r for r in f.roles if r.get("direction") == "out" and rl.has_role(r, ask.role)]
    if not rows:
        rows = [r for r in f.roles if r.get("direction") == "out"]
    rows = [r for r in rows if r.get("other_id") not in f.exclude] or rows
    if not rows:
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "registered"))]
    by_company: dict[str, list[Rec]] = {}
    for r in rows:
        by_company.setdefault(str(r.get("other_name")), []).append(r)
    parts = []
    for company, rs in by_company.items():
        roles = "; ".join(
            f"{r.get('role_text') or role_name(f.lang, r.get('role'))}"
            + (
                f", {signature_name(f.lang, r.get('signature'))}"
                if signature_name(f.lang, r.get("signature"))
                else ""
            )
            + f", {span(f.lang, r.get('valid_from'), r.get('valid_to'))}"
            + f.c(r)
            for r in sorted(rs, key=lambda r: str(r.get("valid_from") or ""))
        )
        latest = latest_role(f, rs[0].get("other_id"), rs)
        roles += latest
        before = prev_roles(f, rs[0].get("other_id"))
        shares = own_shares(f, rs[0].get("other_id"), until(ask))
        parts.append(f"**{company}** ({roles}{before}{'; ' + shares if shares else ''})")
    known = {str(r.get("other_id")) for r in rows}
    me = f.entity.get("id")
    for e in f.events:
        sid = str(e.get("subject_id") or "")
        if not sid or sid == me or sid in known or str(e.get("subject_name")) in by_company:
            continue
        if sid in f.exclude:
            continue  # "besides Y": Y's notices are not another company
        mine = [x for x in e.get("involved") or [] if x and x.get("id") == me]
        role = next((x.get("role_text") or role_name(f.lang, x.get("role")) for x in mine), "")
        known.add(sid)
        by_company.setdefault(str(e.get("subject_name")), [])
        parts.append(f"**{e.get('subject_name')}** ({role}, {day(event_day(e))})" + f.c(e))
    lead = say(f.lang, "mandates", name=f.name, n=len(by_company), what="; ".join(parts))
    if ask.has("besides") and len(by_company) == 1 and not f.exclude:
        # "weitere Mandate?" of a person with one company: say there is no other first
        only = ONLY_AT.get(f.lang, ONLY_AT["en"]).format(
            n=f.name, c=f"**{next(iter(by_company))}**"
        )
        return [only, lead, *domiciled_with(f)]
    return [lead, *domiciled_with(f)]  # "c/o X": the company is domiciled with the person too


def prev_roles(f: Facts, company_id: object) -> str:
    """'; previously: partner, managing director' from the notices that changed the role."""
    me = f.entity.get("id")
    prev: list[str] = []
    for e in f.events:
        if e.get("subject_id") != company_id:
            continue
        for x in e.get("involved") or []:
            if x and x.get("id") == me and x.get("prev_roles"):
                prev += [role_name(f.lang, str(r)) for r in x["prev_roles"]]
    if not prev:
        return ""
    word = {"de": "bisher", "fr": "auparavant", "it": "in precedenza", "en": "previously"}
    return f"; {word.get(f.lang, word['en'])}: " + ", ".join(dict.fromkeys(prev))


def own_shares(f: Facts, company_id: object, last: str | None = None) -> str | None:
    """The shares the entity holds in a company, as that company's notices state them (the
    latest up to the question's time)."""
    name = str(f.entity.get("name") or "")
    family = f.entity.get("family_name") or (
        name if f.entity.get("kind") == "company" else name.split()[-1:] or [name]
    )
    family = family if isinstance(family, str) else " ".join(family)
    given = f.entity.get("given_names")
    for e in reversed(f.events):
        if e.get("subject_id") != company_id or after_time(e, last):
            continue
        if got := ft.shares_in(ft.person_segment(str(e.get("text") or ""), family, given)):
            f.used.append(e)
            return got
    return None


ONLY_AT = {
    "de": "Nein: **{n}** ist in den Meldungen nur bei {c} eingetragen.",
    "fr": "Non : **{n}** ne figure dans les publications que chez {c}.",
    "it": "No: **{n}** figura nelle pubblicazioni solo presso {c}.",
    "en": "No: **{n}** appears in the notices only at {c}.",
}


def mandates_besides(f: Facts, ask: Ask, others: list[str]) -> tuple[str, list[Rec], bool]:
    """ "Is X registered anywhere besides Y?": X's roles at other companies, or a no that names
    the only company."""
    elsewhere = [
        r
        for r in f.roles
        if r.get("direction") == "out"
        and not any(rl.same_name(o, str(r.get("other_name") or "")) for o in others)
    ]
    if elsewhere:
        f.exclude |= {str(r.get("other_id")) for r in f.roles if r.get("direction") == "out"} - {
            str(r.get("other_id")) for r in elsewhere
        }
        return "\n".join(mandates(f, ask)), f.used, False
    at = sorted({str(r.get("other_name")) for r in f.roles if r.get("direction") == "out"})
    lead = ONLY_AT.get(f.lang, ONLY_AT["en"]).format(
        n=f.name, c=", ".join(f"**{c}**" for c in at) or "-"
    )
    return "\n".join([lead, *mandates(f, ask)]), f.used, False


def left_at(f: Facts, others: list[str]) -> list[str] | None:
    """ "Ist X bei Y ausgeschieden?", "When did X leave Y?": the day the person's last role at
    that company ended, or a no that says since when the role stands; None when X holds no
    role at any company the question names."""
    rows = [
        r
        for r in f.roles
        if r.get("direction") == "out"
        and any(rl.same_name(o, str(r.get("other_name") or "")) for o in others)
    ]
    if not rows:
        return None
    rows.sort(key=lambda r: (str(r.get("valid_to") or "9999"), str(r.get("valid_from") or "")))
    last = rows[-1]
    role = str(last.get("role_text") or role_name(f.lang, last.get("role")))
    company = str(last.get("other_name"))
    if last.get("valid_to"):
        key, d = "left_on", last.get("valid_to")
    else:
        key, d = "not_left", min(str(r.get("valid_from") or "") for r in rows)
    return [say(f.lang, key, n=f.name, c=company, r=role, d=day(d) or "?") + f.c(*rows)]
