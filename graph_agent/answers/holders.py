"""Answers about the holders of roles: who holds a role when, how they sign, their shares,
where they live, and the companies an entity holds roles in (its mandates).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_agent.answers import fact_text as ft
from graph_agent.answers import roles as rl
from graph_agent.answers.fact_record import PERSON, Facts, neg, when_text
from graph_agent.answers.phrases import day, fact_name, role_name, say, signature_name, span
from graph_agent.planners.offline.asks import Ask

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


def until(ask: Ask) -> str | None:
    """The last day the question's time covers ("en 2025": 31.12.2025), if it names one."""
    return ask.as_of or ask.date_to


def after_time(e: Rec, last: str | None) -> bool:
    """The notice is later than the question's time (its shares do not hold then yet)."""
    return bool(last) and str(e.get("journal_date") or e.get("pub_date") or "") > str(last)


def shares_of(f: Facts, r: Rec, last: str | None = None) -> str | None:
    """The shares a holder's notice states beside the name, if any: the latest notice up to
    the question's time (a later notice may state a different number)."""
    name = str(r.get("other_name") or "")
    parts = name.split()
    family, given = (parts[-1], parts[0]) if len(parts) > 1 else (name, None)
    for e in reversed(f.events):
        if after_time(e, last):
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
    if ask.besides_role and ask.has("co_sign"):
        return co_signers(f, ask, others)
    if ask.more_roles and ask.role:
        if ask.together:
            return both_roles(f, ask, others)
        # "chi presiede X e chi è la segretaria": the holders of each role, in the order asked
        each = (replace(ask, role=r, more_roles=()) for r in (ask.role, *ask.more_roles))
        return [line for one in each for line in role_answer(f, one, others)]
    if ask.has("left") and ask.has("joined") and (ask.date_from or ask.date_to):
        left = replace(ask, cues=ask.cues - {"joined"})
        joined = replace(ask, cues=ask.cues - {"left"})
        return [*_role_answer(f, left, others), *_role_answer(f, joined, others)]
    return _role_answer(f, ask, others)


WITH = {
    "de": "Mit {n} zeichnen: {who}.",
    "fr": "Signent avec {n} : {who}.",
    "it": "Firmano con {n}: {who}.",
    "en": "Signing with {n}: {who}.",
}


def co_signers(f: Facts, ask: Ask, others: list[str]) -> list[str]:
    """ "Und wer zeichnet mit ihr?": the holder(s) of the role asked before, with their kind of
    signature, then the other holders with a signature at the question's time."""
    now = replace(ask, cues=ask.cues - {"co_sign"}, besides_role=None, facts=("role",))
    mine, _ = rl.select(f.roles, replace(now, role=ask.besides_role), "in", others)
    ids = {r.get("other_id") for r in mine}
    rows, _ = rl.select(f.roles, replace(now, role=None), "in", others)
    signing = [
        r
        for r in rl.dedupe(rows)
        if r.get("other_id") not in ids and r.get("signature") not in (None, "none", "unknown")
    ]
    lines = [holder_line(f, r, ask) for r in rl.dedupe(mine)]
    names = ", ".join(f"**{r.get('other_name')}**" for r in rl.dedupe(mine)) or f"**{f.name}**"
    if not signing:
        role = role_name(f.lang, "authorized_signatory")
        return [*lines, neg(f, "no_holder", name=f.name, role=role, when=when_text(f.lang, ask))]
    who = "; ".join(holder_line(f, r, ask) for r in signing)
    return [*lines, WITH.get(f.lang, WITH["en"]).format(n=names, who=who)]


def both_roles(f: Facts, ask: Ask, others: list[str]) -> list[str]:
    """ "Wer war gleichzeitig Präsident und Geschäftsführer?": the holders who held every role
    asked in one entry or in overlapping entries, with the time they held them together."""
    codes = (str(ask.role), *ask.more_roles)
    # "… und von wann bis wann?": the time words ask for the intervals, not for a predecessor
    ask = replace(ask, cues=ask.cues - {"before", "successor", "after", "since_when"})
    per_role = [
        rl.select(f.roles, replace(ask, role=c, more_roles=()), "in", others)[0] for c in codes
    ]
    ids = set.intersection(*({str(r.get("other_id")) for r in rows} for rows in per_role))
    rows = [
        r
        for r in per_role[0]
        if str(r.get("other_id")) in ids
        and all(
            any(
                x.get("other_id") == r.get("other_id")
                and rl.overlaps(x, r.get("valid_from"), r.get("valid_to"))
                for x in rows
            )
            for rows in per_role[1:]
        )
    ]
    role = " + ".join(role_name(f.lang, c) for c in codes)
    if not rows:
        return [neg(f, "no_holder", name=f.name, role=role, when=when_text(f.lang, ask))]
    lines = [holder_line(f, r, ask) for r in rl.dedupe(rows)]
    lead = say(
        f.lang,
        "holders",
        role=role[:1].upper() + role[1:],
        name=f.name,
        when=when_text(f.lang, ask),
        who="; ".join(lines),
    )
    return [lead]


def _role_answer(f: Facts, ask: Ask, others: list[str]) -> list[str]:
    lang, when = f.lang, when_text(f.lang, ask)
    rows, how = rl.select(f.roles, ask, "in", others)
    if ask.not_named:
        rows = [r for r in rows if r not in rl.named(rows, list(ask.not_named))] or rows
    if ask.has("persons_word"):
        rows = [r for r in rows if r.get("other_kind") != "company"] or rows
    if ask.signature:
        signing = [r for r in rows if str(r.get("signature") or "").startswith(ask.signature)]
        if rows and not signing and not others:
            # "wer hat Einzelunterschrift?" where nobody has: say so, then how they do sign
            lead = neg(f, "no_signature", name=f.name, sig=signature_name(lang, ask.signature),
                       when=when)  # fmt: skip
            return [lead, *(f"- {holder_line(f, r, ask)}" for r in rows)]
        rows = signing or rows
    elif "signature" in ask.facts and (not ask.role or ask.inherited):
        # "who may sign": the holders with a signature
        rows = [r for r in rows if r.get("signature") not in (None, "none", "unknown")] or rows
    if not rows:
        if ask.role == "auditor" and (opt := ft.opting_out(f.events)):
            return [say(lang, "opting_out", name=f.name) + f.c(opt)]
        role = role_name(lang, ask.role) if ask.role else PERSON.get(lang, PERSON["en"])
        if how == "named":
            role = ", ".join(others)
        return [neg(f, "no_holder", name=f.name, role=role, when=when), *around(f, ask, how)]
    lines = [holder_line(f, r, ask) for r in rows]
    if (how == "before the change" and ask.inherited) or ask.has("holder_then"):
        when = ""  # the time was the last turn's: it picked these holders, not the change
    role = role_name(lang, ask.role) if ask.role else ""
    if ask.role == "auditor" and how == "all" and (opt := waived_after(f, rows)):
        # no auditor holds office today and a later notice waives the audit: say so first
        lead = say(lang, "holders", role=role[:1].upper() + role[1:], name=f.name, when="", who="")
        return [say(lang, "opting_out", name=f.name) + f.c(opt), lead.rstrip(": .") + ":"] + [
            f"- {line}" for line in lines
        ]
    if how in ("left", "joined"):
        n = len({r.get("other_id") for r in rows})
        key = f"{how}_one" if n == 1 else how
        lead = say(lang, key, name=f.name, when=when, n=n, v="; ".join(lines))
    elif how == "together":
        lead = say(
            lang, "alongside", name=f.name, when=when, who=", ".join(others), v="; ".join(lines)
        )
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


AROUND = {
    "de": ("Zuletzt davor", "Danach"),
    "fr": ("Auparavant", "Ensuite"),
    "it": ("Prima", "Poi"),
    "en": ("Before that", "After that"),
}


def around(f: Facts, ask: Ask, how: str) -> list[str]:
    """Nobody held the role on the day asked: the last holders before it and the first after
    it, so that "none on 1 May" still shows who held it until April."""
    start, end = (ask.as_of, ask.as_of) if how == "on" else (ask.date_from, ask.date_to)
    if how not in ("on", "period") or not (start or end) or not ask.role:
        return []
    mine = [r for r in f.roles if r.get("direction") == "in" and rl.has_role(r, ask.role)]
    ended = [r for r in mine if start and r.get("valid_to") and str(r.get("valid_to")) <= start]
    began = [r for r in mine if end and r.get("valid_from") and str(r.get("valid_from")) > end]
    words = AROUND.get(f.lang, AROUND["en"])
    out = []
    if ended:
        last = max(str(r.get("valid_to")) for r in ended)
        rows = [r for r in ended if r.get("valid_to") == last]
        out.append(f"- {words[0]}: " + "; ".join(holder_line(f, r, ask) for r in rl.dedupe(rows)))
    if began:
        first = min(str(r.get("valid_from")) for r in began)
        rows = [r for r in began if r.get("valid_from") == first]
        out.append(f"- {words[1]}: " + "; ".join(holder_line(f, r, ask) for r in rl.dedupe(rows)))
    return out


def seat_line(f: Facts, r: Rec) -> str:
    """The seat of a role holder that is a company (an audit firm, a partner company)."""
    return say(
        f.lang, "seat", name=str(r.get("other_name")), when="", v=r.get("other_place")
    ) + f.c(r)


def uid_line(f: Facts, r: Rec) -> str:
    """The UID of a role holder (an audit firm, a partner company)."""
    uid = f.uid_of(r.get("other_id"), r.get("other_uid"))
    name = str(r.get("other_name"))
    if not uid:
        return neg(f, "no_fact", name=name, what=fact_name(f.lang, "uid"))
    return say(f.lang, "uid", name=name, v=uid) + f.c(r)


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


CHANGE_WORDS = {
    "de": ("neu", "ausgeschieden"),
    "fr": ("nouveau", "sorti"),
    "it": ("nuovo", "uscito"),
    "en": ("new", "left"),
}


def role_changes(f: Facts, ask: Ask) -> list[str]:
    """When the holders of one role changed after the entity's first entry: each day with who
    came and who went ("when did X change its partners?")."""
    rows = [r for r in f.roles if r.get("direction") == "in" and rl.has_role(r, ask.role)]
    starts = [str(r.get("valid_from")) for r in rows if r.get("valid_from")]
    # the first entry's holders are no change; without a registration day, and when some
    # holder is known only by the end of the role, every start is one
    known = len(starts) == len(rows) and bool(starts)
    first = str(f.entity.get("registered_on") or (min(starts) if known else ""))
    days: dict[str, tuple[list[Rec], list[Rec]]] = {}
    for r in rows:
        start, end = str(r.get("valid_from") or ""), str(r.get("valid_to") or "")
        if start and start > first:
            days.setdefault(start, ([], []))[0].append(r)
        if end:
            days.setdefault(end, ([], []))[1].append(r)
    role = role_name(f.lang, ask.role)
    if not days:
        return [neg(f, "no_change", name=f.name, what=role, when="")]
    new, gone = CHANGE_WORDS.get(f.lang, CHANGE_WORDS["en"])
    lines = []
    for d in sorted(days):
        came, gone_rows = days[d]
        came_ids = {r.get("other_id") for r in came}
        went = [r for r in gone_rows if r.get("other_id") not in came_ids]  # a changed function
        bits = [f"{new}: " + ", ".join(f"**{r.get('other_name')}**" for r in came)] if came else []
        bits += (
            [f"{gone}: " + ", ".join(f"**{r.get('other_name')}**" for r in went)] if went else []
        )
        if bits:
            lines.append(f"{day(d)} ({'; '.join(bits)})" + f.c(*came, *went))
    if not lines:
        return [neg(f, "no_change", name=f.name, what=role, when="")]
    return [say(f.lang, "role_changes", name=f.name, role=role, v="; ".join(lines))]
