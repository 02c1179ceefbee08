"""Answers about what happened to an entity: its notices in a period, what each changed,
registration and deletion, seats and names over time, dates of its articles, its share classes.
"""

from __future__ import annotations

from typing import Any

from graph_agent.answers import fact_text as ft
from graph_agent.answers import roles as rl
from graph_agent.answers.fact_record import Facts, neg, when_text
from graph_agent.answers.labels import label
from graph_agent.answers.labels import say as label_say
from graph_agent.answers.notice_changes import new_values
from graph_agent.answers.phrases import day, event_names, fact_name, role_name, say, span, table
from graph_agent.planners.offline.asks import Ask
from shabgraph.markdown import escape_inline
from shabgraph.register.folding import fold_accents as fold

Rec = dict[str, Any]


SNIPPET = 420


DISSOLVED = (
    "aufgelost",
    "dissout",
    "dissoute",
    "sciolta",
    "dissolved",
    "geloscht",
    "radiee",
    "cancellata",
    "liquidation",
)


def event_day(e: Rec) -> str:
    """The day of a notice: its journal date when known, else its publication date."""
    return str(e.get("journal_date") or e.get("pub_date") or "")


def in_time(e: Rec, ask: Ask) -> bool:
    """A notice inside the question's period (or up to its day)."""
    d = event_day(e)
    pub = str(e.get("pub_date") or d)
    if ask.as_of:
        return d <= ask.as_of
    if ask.date_from or ask.date_to:
        return rl.in_period(d, ask.date_from, ask.date_to) or rl.in_period(
            pub, ask.date_from, ask.date_to
        )
    return True


def event_line(f: Facts, e: Rec, size: int = SNIPPET) -> str:
    """'- **dd.mm.yyyy** (published dd.mm.yyyy) event types: text …' with its citation."""
    text = " ".join(str(e.get("text") or "").split())
    text = escape_inline(text if len(text) <= size else text[: size - 1] + "…")
    kinds = event_names(f.lang, e.get("event_types"))
    pub = f" / {day(e.get('pub_date'))}" if e.get("pub_date") != event_day(e) else ""
    return f"- **{day(event_day(e))}**{pub} {kinds}: {text}" + f.c(e)


def changes_in(f: Facts, e: Rec) -> list[str]:
    """Who the notice entered and removed, with roles: the action and role in the question's
    language, the register's own role words after it in quotes."""
    out = []
    for x in e.get("involved") or []:
        if not x or x.get("id") == f.entity.get("id"):
            continue
        code, text = x.get("role"), str(x.get("role_text") or "")
        named = table(f.lang)["roles"].get(code or "")  # a role code the languages name
        role = str(named) if named else text or role_name(f.lang, code)
        if text and fold(text) != fold(role):
            role += f" «{text}»"
        action = str(x.get("action") or "")
        said = say(f.lang, f"action_{action}")
        out.append(f"{said if said != f'action_{action}' else action}: {x.get('name')} ({role})")
    return out


def events_answer(f: Facts, fact: str, ask: Ask, others: list[str]) -> list[str]:
    """The notices in the question's time, newest last; a count and span for 'how many'."""
    rows = [e for e in f.events if in_time(e, ask)]
    when = when_text(f.lang, ask)
    if not rows:
        return [
            say(f.lang, "no_change", name=f.name, when=when, what=fact_name(f.lang, "registered"))
        ]
    if fact == "notices":
        lead = say(
            f.lang,
            "notices",
            n=len(rows),
            name=f.name,
            a=day(event_day(rows[0])),
            b=day(event_day(rows[-1])),
        )
        return [lead + f.c(rows[0], rows[-1]), *[event_line(f, e, 160) for e in rows[:25]]]
    lines = [say(f.lang, "changes", name=f.name, when=when, n=len(rows))]
    if ask.role and (ask.date_from or ask.date_to or ask.as_of):
        a, b = ask.date_from or ask.as_of, ask.date_to or ask.as_of
        moved = [
            r
            for r in f.roles
            if r.get("direction") == "in"
            and rl.has_role(r, ask.role)
            and (rl.in_period(r.get("valid_from"), a, b) or rl.in_period(r.get("valid_to"), a, b))
        ]
        if not moved:
            lines.insert(
                0,
                say(f.lang, "no_change", name=f.name, when=when, what=role_name(f.lang, ask.role)),
            )
    if f.entity.get("status") == "deleted" and fact == "happened":
        lines = lifecycle(f, "deleted") + lines
    for e in rows[-12:]:
        lines.append(event_line(f, e))
        lines += [f"  - {c}" for c in new_values(f, e)]
        lines += [f"  - {c}" for c in changes_in(f, e)[:12]]
    if ask.role:
        chosen, _ = rl.select(f.roles, ask, "in", others)
        lines += [
            f"- {role_name(f.lang, r.get('role'))}: **{r.get('other_name')}** "
            f"({span(f.lang, r.get('valid_from'), r.get('valid_to'))})" + f.c(r)
            for r in chosen
        ]
    return lines


def lifecycle(f: Facts, fact: str) -> list[str]:
    """Registration and deletion days, from the notices that made them."""
    reg = next(
        (
            e
            for e in f.events
            if "registration" in (e.get("event_types") or []) or e.get("sub_rubric") == "HR01"
        ),
        None,
    )
    dele = next(
        (
            e
            for e in reversed(f.events)
            if "deletion" in (e.get("event_types") or []) or e.get("sub_rubric") == "HR03"
        ),
        None,
    )
    if fact == "registered":
        if reg:
            out = [
                say(f.lang, "registered", name=f.name, d=notice_days(reg)) + f.c(reg),
                "- " + label_say(f.lang, "registered_on", d=event_day(reg), p=reg.get("pub_date")),
            ]
            # the founding ("gegründet", "fondée", "costituita") is the articles' day
            if founded := ft.statutes_in(reg.get("text")):
                out.append(f"- {STATUTES_WORD.get(f.lang, STATUTES_WORD['en'])}: {founded}")
            return out
        if f.entity.get("registered_on"):
            return [
                say(f.lang, "registered", name=f.name, d=day(f.entity["registered_on"]))
                + f.c(f.entity)
            ]
        first = f.events[0] if f.events else None
        if first:
            return [
                neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "registered")),
                event_line(f, first, 200),
            ]
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "registered"))]
    if dele or f.entity.get("status") == "deleted":
        when = " " + say(f.lang, "on", d=notice_days(dele)) if dele else ""
        reasons = f.of("deletion_reason")
        code = str(reasons[-1].get("value") or "") if reasons else ""
        reason = say(f.lang, f"why_{code}") if code else ""
        # "why was it deleted?": the reason the build read from the notice, first
        when += f" ({reason})" if reason and reason != f"why_{code}" else ""
        out = [
            say(f.lang, "status_deleted", name=f.name, when=when)
            + (f.c(dele) if dele else f.c(f.entity))
        ]
        for e in f.events:
            if why := ft.sentence_with(e.get("text"), DISSOLVED, 300):
                out.append(f"- **{day(event_day(e))}**: {escape_inline(why)}" + f.c(e))
        return out
    if fact == "deleted":
        return [say(f.lang, "not_deleted", name=f.name) + f.c(f.entity)]
    return [say(f.lang, "status_active", name=f.name) + f.c(f.entity)]


def notice_days(e: Rec) -> str:
    """The notice's day and, when another, its publication day ("14.06.2005 / 20.06.2005")."""
    d, p = event_day(e), str(e.get("pub_date") or "")
    return day(d) + (f" / {day(p)}" if p and p != d else "")


def change_dates(f: Facts, attribute: str) -> list[str]:
    """The days a value changed (each later state's start), cited."""
    rows = f.of(attribute)
    return [f"- {day(s.get('valid_from'))}: {str(s.get('value'))[:200]}" + f.c(s) for s in rows[1:]]


def head_move(f: Facts) -> tuple[str, Rec] | None:
    """(former seat, move notice) when the only notice of a move is in the data: its head still
    names the seat it moves from ("X Sàrl, à A, … Nouveau siège: B")."""
    for e in f.events:
        if "seat_change" not in (e.get("event_types") or []):
            continue
        old = ft.head_seat(str(e.get("text") or ""))
        new = next(
            (
                str(s.get("value"))
                for s in f.of("seat")
                if s.get("pub_number") == e.get("pub_number")
            ),
            str(f.entity.get("seat") or ""),
        )
        if old and new and fold(old.split(" (")[0]) != fold(new.split(" (")[0]):
            return old, e
    return None


def former_seat_line(lang: str, old: str, move: Rec) -> str:
    """'- former seat: X (until the move)' for the seat a move notice's head names."""
    return f"- {label(lang, 'former_seat')}: {escape_inline(old)} ({span(lang, None, event_day(move))})"


def seat_changes(f: Facts, ask: Ask) -> list[str]:
    """Seats over time and the notice of each move (its event types say why); asked for the
    seat before ("where was it based before?"), the former seat comes first."""
    lines = _seat_lines(f, ask)
    if not ask.has("past", "before") or ask.has("now"):
        return lines
    rows = f.of("seat")
    if len(rows) > 1:
        s = rows[-2]
        when = span(f.lang, s.get("valid_from"), s.get("valid_to"))
        lead = say(f.lang, "former_seat_was", name=f.name, v=s.get("value"), when=when)
        return [lead + f.c(s), *lines]
    if moved := head_move(f):
        old, move = moved
        when = span(f.lang, None, event_day(move))
        lead = say(f.lang, "former_seat_was", name=f.name, v=escape_inline(old), when=when)
        return [lead + f.c(move), *lines]
    return lines


def _seat_lines(f: Facts, ask: Ask) -> list[str]:
    rows = f.of("seat")
    if len(rows) <= 1 and (moved := head_move(f)):
        old, move = moved
        now = rows[-1].get("value") if rows else f.entity.get("seat")
        return [
            say(f.lang, "seat", name=f.name, when="", v=now) + f.c(*rows[-1:]),
            former_seat_line(f.lang, old, move) + f.c(move),
            event_line(f, move),
        ]
    lines = [say(f.lang, "seat", name=f.name, when="", v=rows[-1].get("value")) + f.c(rows[-1])]
    for s in rows[1:]:
        lines.append(
            "- "
            + label_say(f.lang, "seat_moved", d=s.get("valid_from"), p=s.get("pub_date"))
            + f.c(s)
        )
    for s in rows[:-1]:
        lines.append(
            f"- {label(f.lang, 'former_seat')}: {s.get('value')} "
            f"({span(f.lang, s.get('valid_from'), s.get('valid_to'))})" + f.c(s)
        )
    for s in rows:
        lines.append(
            f"- {s.get('value')} ({span(f.lang, s.get('valid_from'), s.get('valid_to'))})" + f.c(s)
        )
        e = next((e for e in f.events if e.get("pub_number") == s.get("pub_number")), None)
        if e and s is not rows[0]:
            lines.append(event_line(f, e))
    return lines


def names(f: Facts) -> list[str]:
    """Every name the entity was registered under (languages and former names)."""
    all_names = list(
        dict.fromkeys(
            [*(f.entity.get("names") or []), *(str(s.get("value")) for s in f.of("name"))]
        )
    )
    former = [
        (old, e)
        for e in f.events
        if (old := ft.head_name(e.get("text")))
        and fold(old) not in {fold(n) for n in all_names}
        and not (e.get("subject_id") and f.selves and str(e["subject_id"]) not in f.selves)
    ]
    # a renaming notice whose predecessor notices are not in the data: its head names the old
    # name (escaped here: the head is read from the raw notice text)
    all_names += [escape_inline(old) for old, _ in former]
    lines = [
        say(f.lang, "names", name=f.name, v="; ".join(all_names))
        + f.c(f.entity, *(e for _, e in former))
    ]
    for old, e in former:
        lines.append(f"- {escape_inline(old)} ({span(f.lang, None, event_day(e))})" + f.c(e))
    for s in f.of("name"):
        lines.append(
            f"- {s.get('value')} ({span(f.lang, s.get('valid_from'), s.get('valid_to'))})" + f.c(s)
        )
    if len(all_names) > 1:
        # a renaming often comes with a move ("X GmbH in A" became "X AG in B"): the former
        # name is known by the seat it had
        lines += _former_seats(f)
    return lines


def _former_seats(f: Facts) -> list[str]:
    """'- former seat: …' for every seat the entity left (states, else a move notice's head)."""
    rows = f.of("seat")
    if len(rows) <= 1:
        moved = head_move(f)
        return [former_seat_line(f.lang, moved[0], moved[1]) + f.c(moved[1])] if moved else []
    return [
        f"- {label(f.lang, 'former_seat')}: {s.get('value')} "
        f"({span(f.lang, s.get('valid_from'), s.get('valid_to'))})" + f.c(s)
        for s in rows[:-1]
    ]


STATUTES_WORD = {
    "de": "Statuten",
    "fr": "Statuts",
    "it": "Statuto",
    "en": "Articles of association",
}


def statutes(f: Facts) -> list[str]:
    """The date of the articles (and of each change) as the notices state it."""
    hits = [(e, v) for e in f.events if (v := ft.statutes_in(e.get("text")))]
    if not hits:
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "statutes"))]
    word = STATUTES_WORD.get(f.lang, STATUTES_WORD["en"])
    return [f"{word} **{f.name}**: {v}" + f.c(e) for e, v in hits]


def communications(f: Facts) -> list[str]:
    """How the entity communicates with its members and where it publishes, as the latest
    notice that states it writes it."""
    for e in reversed(f.events):
        if clauses := ft.communications_in(e.get("text")):
            return [f"**{f.name}**: " + "; ".join(clauses) + f.c(e)]
    return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "communications"))]


def share_structure(f: Facts, ask: Ask | None = None) -> list[str]:
    """How the capital is divided (number, kind and nominal of the shares), latest notice first;
    with a time asked, the latest notice up to then ("Ende 2008": not a later increase)."""
    end = (ask.as_of or ask.date_to) if ask else None
    for e in reversed(f.events):
        if end and event_day(e) > end + "~":
            continue
        classes = ft.share_classes(e.get("text"))
        if classes:
            cap = ft.capital_in(e.get("text"))
            lead = f"**{f.name}**: " + "; ".join(classes[-2:]) + (f" ({cap})" if cap else "")
            lines = [lead + f.c(e)]
            if limit := ft.transfer_clause(str(e.get("text") or "")):
                lines.append(f"- {limit}" + f.c(e))  # the shares' transfer restriction
            return lines
    return []


def addresses_in_text(f: Facts, ask: Ask) -> list[str]:
    """Addresses the notices of the question's time wrote, when no address state covers it."""
    # the address in force then is the last one a notice up to that time wrote
    end = ask.as_of or ask.date_to or ask.date_from or "~"
    upto = [e for e in f.events if event_day(e) <= end + "~"]
    lines = []
    for e in reversed(upto):
        found = ft.addresses_in(e.get("text"))
        lines += [f"- **{day(event_day(e))}**: {a}" + f.c(e) for a in found]
        if found and in_time(e, ask) is False:
            break
    if not lines:
        return []
    when = when_text(f.lang, ask)
    first = lines[0].split(": ", 1)[1] if ": " in lines[0] else lines[0]
    return [say(f.lang, "address", name=f.name, when=when, v=first.split(" [")[0]), *lines]


def struck(f: Facts, ask: Ask) -> list[str]:
    """The clauses the notices of the question's period struck, when the entity itself was not
    deleted then (its deletion answers "was it deleted in 2026?"); [] otherwise."""
    rows = [e for e in f.events if in_time(e, ask)]
    if any("deletion" in (e.get("event_types") or []) for e in rows):
        return []
    found = [(e, c) for e in rows for c in ft.struck_clauses(e.get("text"))]
    if not found:
        return []
    e, c = found[0]
    lead = say(f.lang, "struck", name=f.name, when=when_text(f.lang, ask)) + f" {c}" + f.c(e)
    return [lead, *(f"- **{day(event_day(x))}**: {t}" + f.c(x) for x, t in found[1:])]
