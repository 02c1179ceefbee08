"""Where a person lived and was from over time, as the notices wrote it.

Each notice that enters or changes a person writes the residence and the place(s) of origin of
that day; a change notice adds the earlier residence in brackets ("[bisher: in X]",
"[précédemment: à X]", "[finora: a X]"). Read in date order, these give the moves and the
changes of origin that "wo wohnte sie vorher?", "et avant, il habitait où ?", "hat sich ihr
Heimatort geändert?" ask for; the person's node keeps only the latest values.
"""

from __future__ import annotations

from dataclasses import replace

from graph_agent.answers import roles as rl
from graph_agent.answers.fact_events import event_day
from graph_agent.answers.fact_record import Facts, neg
from graph_agent.answers.holders import Rec
from graph_agent.answers.phrases import day, fact_name
from graph_agent.planners.offline.asks import Ask
from shabgraph.register.folding import fold_accents as fold

KINDS = ("residence", "origin", "nationality")

HISTORY = {
    "residence": {
        "de": "**{n}** wohnte {chain}",
        "fr": "**{n}** a été domicilié·e {chain}",
        "it": "**{n}** è stato/a domiciliato/a {chain}",
        "en": "**{n}** lived {chain}",
    },
    "origin": {
        "de": "Heimatort von **{n}**: {chain}",
        "fr": "Lieu d'origine de **{n}** : {chain}",
        "it": "Luogo di attinenza di **{n}**: {chain}",
        "en": "Place of origin of **{n}**: {chain}",
    },
}
ONE = {
    "residence": {
        "de": "**{n}** wohnt laut den Meldungen in {a}; keine Meldung nennt einen anderen Wohnort",
        "fr": "**{n}** est domicilié·e à {a} ; aucune publication ne nomme un autre domicile",
        "it": "**{n}** è domiciliato/a a {a}; nessuna pubblicazione indica un altro domicilio",
        "en": "**{n}** lives in {a}; no notice names another residence",
    },
    "origin": {
        "de": "**{n}** ist von {a}; keine Meldung nennt einen anderen Heimatort",
        "fr": "**{n}** est originaire de {a} ; aucune publication ne nomme une autre origine",
        "it": "**{n}** è attinente di {a}; nessuna pubblicazione indica un'altra attinenza",
        "en": "**{n}** is from {a}; no notice names another place of origin",
    },
}
UNTIL = {"de": "bis", "fr": "jusqu'au", "it": "fino al", "en": "until"}
SINCE = {"de": "seit", "fr": "depuis le", "it": "dal", "en": "since"}
AT = {
    "residence": {"de": "in", "fr": "à", "it": "a", "en": "in"},
    "origin": {"de": "", "fr": "", "it": "", "en": ""},
}


def places(events: list[Rec], person_id: object, kind: str) -> list[tuple[str, Rec]]:
    """(place, notice that first wrote it) in date order, each once in a row; an earlier
    residence a notice names in brackets comes before that notice's own."""
    out: list[tuple[str, Rec]] = []
    for e in events:
        for x in e.get("involved") or []:
            if not x or x.get("id") != person_id:
                continue
            prev = x.get("prev_residence") if kind == "residence" else None
            for place in (prev, x.get(kind)):
                if not place or (out and fold(out[-1][0]) == fold(str(place))):
                    continue
                if place == prev and any(fold(p) == fold(str(place)) for p, _ in out):
                    continue  # a former residence already seen is no new move
                out.append((str(place), e))
    return out


NATIONALITY = {
    "de": ("**{n}**: Staatsangehörigkeit {a}", "**{n}** ist Schweizer Bürger/in (von {a})"),
    "fr": ("**{n}** : nationalité {a}", "**{n}** est de nationalité suisse (originaire de {a})"),
    "it": ("**{n}**: cittadinanza {a}", "**{n}** è cittadino/a svizzero/a (attinente di {a})"),
    "en": ("**{n}**: {a} national", "**{n}** is a Swiss citizen (from {a})"),
}
"""The register writes a foreigner's nationality and a Swiss citizen's place(s) of origin."""


def nationality_line(f: Facts, person_id: object, name: str) -> str:
    """A person's nationality as the notices give it; a place of origin means a Swiss citizen."""
    lang = f.lang if f.lang in UNTIL else "en"
    foreign = places(f.events, person_id, "nationality")
    if foreign:
        return NATIONALITY[lang][0].format(n=name, a=foreign[-1][0]) + f.c(foreign[-1][1]) + "."
    home = places(f.events, person_id, "origin")
    if home:
        return NATIONALITY[lang][1].format(n=name, a=home[-1][0]) + f.c(home[-1][1]) + "."
    return neg(f, "no_fact", name=name, what=fact_name(lang, "nationality"))


def history_line(f: Facts, person_id: object, name: str, kind: str) -> str:
    """One sentence: the places in order with the day each notice wrote the change, cited."""
    if kind == "nationality":
        return nationality_line(f, person_id, name)
    rows = places(f.events, person_id, kind)
    lang = f.lang if f.lang in UNTIL else "en"
    if not rows:
        return neg(f, "no_fact", name=name, what=fact_name(lang, kind))
    at = AT[kind][lang]
    if len(rows) == 1:
        text = ONE[kind][lang].format(n=name, a=rows[0][0])
        return text + f.c(rows[0][1]) + "."
    parts = []
    for k, (place, e) in enumerate(rows):
        nxt = rows[k + 1][1] if k + 1 < len(rows) else None
        if nxt is not None:
            when = f"{UNTIL[lang]} {day(event_day(nxt))}"
        else:
            when = f"{SINCE[lang]} {day(event_day(e))}"
        # a bracketed former residence is known only as "before this notice"
        parts.append(f"{at} {place} ({when})".strip() + f.c(nxt if nxt is not None else e))
    return HISTORY[kind][lang].format(n=name, chain="; ".join(parts)) + "."


def person_history(f: Facts, kind: str) -> list[str]:
    """The residence or origin history of the person in focus."""
    return [history_line(f, f.entity.get("id"), str(f.name), kind)]


def holders_history(f: Facts, rows: list[Rec], kind: str) -> list[str]:
    """The residence or origin history of each role holder a follow-up points to ("et avant,
    il habitait où ?" after "qui est le gérant ?")."""
    seen: set[str] = set()
    out = []
    for r in rows:
        pid = str(r.get("other_id"))
        if pid in seen or r.get("other_kind") == "company":
            continue
        seen.add(pid)
        out.append(history_line(f, r.get("other_id"), str(r.get("other_name")), kind))
    return out


PLACE_TIME_CUES = frozenset({"before", "past", "changes", "over_time", "since_when", "successor"})
"""Time words that ask how a person's place changed ("vorher", "avant", "geändert")."""


def places_over_time(f: Facts, fact: str, ask: Ask, others: list[str], person: bool) -> list[str]:
    """A person's residences or origins in date order, when the question asks how they changed
    (or asks the origin at all); for a company in focus, those of the role holders asked."""
    timed = bool(ask.as_of or ask.date_from or ask.date_to)
    if fact == "residence" and not ask.has(*PLACE_TIME_CUES) and not timed:
        return []  # "where does she live?": today's residence (`mandates.person_residence`)
    if fact == "nationality" and person:
        return [nationality_line(f, f.entity.get("id"), str(f.name))]
    if person:
        return person_history(f, fact)
    if not ask.role and others:
        # "wo wohnte X von der Stiftung Y 2010?": the named holder's places
        rows = rl.named([r for r in f.roles if r.get("direction") == "in"], others)
        return holders_history(f, rows, fact)
    if not ask.role:
        return []
    now = replace(ask, cues=ask.cues - PLACE_TIME_CUES, facts=("role",))
    rows, _ = rl.select(f.roles, now, "in", others)
    return holders_history(f, rows, fact)
