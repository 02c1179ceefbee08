"""Answers about the holders of roles: who holds a role when, how they sign, their shares,
where they live, and the companies an entity holds roles in (its mandates).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_agent.answers import fact_text as ft
from graph_agent.answers import roles as rl
from graph_agent.answers.fact_events import event_day
from graph_agent.answers.fact_record import PERSON, Facts, neg, when_text
from graph_agent.answers.phrases import day, fact_name, role_name, say, signature_name, span
from graph_agent.planners.offline.asks import Ask
from shabgraph.register.folding import fold_accents as fold

Rec = dict[str, Any]


def holder_line(f: Facts, r: Rec, ask: Ask) -> str:
    """One holder with the register's role words, signature, residence, shares and interval."""
    lang = f.lang
    bits = [f"«{r['role_text']}»" if r.get("role_text") else role_name(lang, r.get("role"))]
    if sig := signature_name(lang, r.get("signature")):
        bits.append(sig)
    if r.get("other_kind") == "person" and (place := residence_of(f, r)):
        bits.append(place)
    if r.get("other_kind") == "company" and (
        uid := f.uid_of(r.get("other_id"), r.get("other_uid"))
    ):
        bits.append(uid)
    if shares := shares_of(f, r, until(ask)):
        bits.append(shares)
    if before := prev_roles_of(f, r.get("other_id")):
        bits.append(before)
    when = span(lang, r.get("valid_from"), r.get("valid_to"))
    return f"**{r.get('other_name')}** ({', '.join(bits)}{', ' + when if when else ''})" + f.c(r)


def residence_of(f: Facts, r: Rec) -> str | None:
    """Where a person lives (and is from), as the latest notice naming them wrote it."""
    home, origin = r.get("other_residence"), r.get("other_origin")
    for e in reversed(f.events):
        for x in e.get("involved") or []:
            if x and x.get("id") == r.get("other_id"):
                home = home or x.get("residence")
                origin = origin or x.get("origin")
    words = {
        "de": "in {h}, von {o}",
        "fr": "à {h}, de {o}",
        "it": "in {h}, da {o}",
        "en": "in {h}, from {o}",
    }
    if home and origin:
        return (words.get(f.lang) or words["en"]).format(h=home, o=origin)
    return str(home) if home else None


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


def until(ask: Ask) -> str | None:
    """The last day the question's time covers ("en 2025": 31.12.2025), if it names one."""
    return ask.as_of or ask.date_to


def _after(e: Rec, last: str | None) -> bool:
    """The notice is later than the question's time (its shares do not hold then yet)."""
    return bool(last) and str(e.get("journal_date") or e.get("pub_date") or "") > str(last)


def shares_of(f: Facts, r: Rec, last: str | None = None) -> str | None:
    """The shares a holder's notice states beside the name, if any: the latest notice up to
    the question's time (a later notice may state a different number)."""
    name = str(r.get("other_name") or "")
    parts = name.split()
    family, given = (parts[-1], parts[0]) if len(parts) > 1 else (name, None)
    for e in reversed(f.events):
        if _after(e, last):
            continue
        seg = ft.person_segment(str(e.get("text") or ""), family, given)
        if r.get("other_kind") == "company":
            seg = ft.person_segment(str(e.get("text") or ""), parts[0] if parts else name, None)
        if got := ft.shares_in(seg):
            f.used.append(e)
            return got
    return None


def waived_after(f: Facts, rows: list[Rec]) -> Rec | None:
    """The notice that waives the limited audit on or after the last auditor's end, if any."""
    opt = ft.opting_out(f.events)
    if opt is None or any(not r.get("valid_to") for r in rows):
        return None
    last = max((str(r.get("valid_to")) for r in rows), default="")
    return opt if str(opt.get("journal_date") or opt.get("pub_date") or "") >= last else None


def role_answer(f: Facts, ask: Ask, others: list[str]) -> list[str]:
    """Holders of a role (or a named holder's roles) at the question's time, answer first; "who
    left and who joined in 2008" gets both lists."""
    if ask.has("left") and ask.has("joined") and (ask.date_from or ask.date_to):
        left = replace(ask, cues=ask.cues - {"joined"})
        joined = replace(ask, cues=ask.cues - {"left"})
        return [*_role_answer(f, left, others), *_role_answer(f, joined, others)]
    return _role_answer(f, ask, others)


def _role_answer(f: Facts, ask: Ask, others: list[str]) -> list[str]:
    lang, when = f.lang, when_text(f.lang, ask)
    rows, how = rl.select(f.roles, ask, "in", others)
    if ask.has("persons_word"):
        rows = [r for r in rows if r.get("other_kind") != "company"] or rows
    if ask.signature:
        rows = [r for r in rows if str(r.get("signature") or "").startswith(ask.signature)] or rows
    elif "signature" in ask.facts and not ask.role:
        # "who may sign": the holders with a signature
        rows = [r for r in rows if r.get("signature") not in (None, "none", "unknown")] or rows
    if not rows:
        if ask.role == "auditor" and (opt := ft.opting_out(f.events)):
            return [say(lang, "opting_out", name=f.name) + f.c(opt)]
        role = role_name(lang, ask.role) if ask.role else PERSON.get(lang, PERSON["en"])
        if how == "named":
            role = ", ".join(others)
        return [neg(f, "no_holder", name=f.name, role=role, when=when)]
    lines = [holder_line(f, r, ask) for r in rows]
    role = role_name(lang, ask.role) if ask.role else ""
    if ask.role == "auditor" and how == "all" and (opt := waived_after(f, rows)):
        # no auditor holds office today and a later notice waives the audit: say so first
        lead = say(lang, "holders", role=role[:1].upper() + role[1:], name=f.name, when="", who="")
        return [say(lang, "opting_out", name=f.name) + f.c(opt), lead.rstrip(": .") + ":"] + [
            f"- {line}" for line in lines
        ]
    if how in ("left", "joined"):
        n = len({r.get("other_id") for r in rows})
        lead = say(lang, how, name=f.name, when=when, v=f"({n}) " + "; ".join(lines))
    elif how in ("successor", "predecessor"):
        # without a role word, the role is the one the named holder and the successor share
        role = role or str(rows[0].get("role_text") or "")
        lead = say(lang, how, who=", ".join(others), role=role, v="; ".join(lines))
    elif how == "named" or not ask.role:
        lead = say(lang, "roles_of", name=f.name, what="; ".join(lines))
    else:
        lead = say(
            lang,
            "holders",
            role=role[:1].upper() + role[1:],
            name=f.name,
            when=when,
            who="; ".join(lines),
        )
    out = [lead]
    if ask.role == "board_member" and how == "current":
        rest = [
            r
            for r in f.roles
            if r.get("direction") == "in" and not r.get("valid_to") and r not in rows
        ]
        out += [f"- {holder_line(f, r, ask)}" for r in rest]
    if ask.role == "auditor" and ask.has("uid"):
        out += [uid_line(f, r) for r in rows]
    return out


def uid_line(f: Facts, r: Rec) -> str:
    """The UID of a role holder (an audit firm, a partner company)."""
    uid = f.uid_of(r.get("other_id"), r.get("other_uid"))
    name = str(r.get("other_name"))
    if not uid:
        return neg(f, "no_fact", name=name, what=fact_name(f.lang, "uid"))
    return say(f.lang, "uid", name=name, v=uid) + f.c(r)


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
    return [lead]


def prev_roles_of(f: Facts, holder_id: object) -> str:
    """'previously: partner, managing director' for a holder of the entity, from its notices."""
    prev: list[str] = []
    for e in f.events:
        for x in e.get("involved") or []:
            if x and x.get("id") == holder_id and x.get("prev_roles"):
                prev += [role_name(f.lang, str(r)) for r in x["prev_roles"]]
    if not prev:
        return ""
    word = {"de": "bisher", "fr": "auparavant", "it": "in precedenza", "en": "previously"}
    return f"{word.get(f.lang, word['en'])}: " + ", ".join(dict.fromkeys(prev))


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
        if e.get("subject_id") != company_id or _after(e, last):
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
