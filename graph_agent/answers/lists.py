"""Answers to population questions from `list_register` rows: the total first, then the list."""

from __future__ import annotations

from typing import Any

from graph_agent.answers.capital import money
from graph_agent.answers.citations import cite, pubs_of
from graph_agent.answers.phrases import day, event_names, role_name, signature_name, span
from graph_agent.state import Slots
from shabgraph.markdown import escape_inline
from shabgraph.register.legal_forms import by_code

LEADS = {
    "de": "Die Daten enthalten {n} {what}{filters}: {names}.",
    "fr": "Les données comptent {n} {what}{filters} : {names}.",
    "it": "I dati contano {n} {what}{filters}: {names}.",
    "en": "The data hold {n} {what}{filters}: {names}.",
}
"""The total in a plain sentence: a bold or line-leading number reads as a figure, not a count."""
WHAT = {
    "companies": {"de": "Firmen", "fr": "sociétés", "it": "società", "en": "companies"},
    "notices": {"de": "Meldungen", "fr": "publications", "it": "pubblicazioni", "en": "notices"},
    "roles": {"de": "Einträge", "fr": "inscriptions", "it": "iscrizioni", "en": "entries"},
    "persons": {"de": "Personen", "fr": "personnes", "it": "persone", "en": "persons"},
}
ONE = {
    "companies": {"de": "Firma", "fr": "société", "it": "società", "en": "company"},
    "notices": {"de": "Meldung", "fr": "publication", "it": "pubblicazione", "en": "notice"},
    "roles": {"de": "Eintrag", "fr": "inscription", "it": "iscrizione", "en": "entry"},
    "persons": {"de": "Person", "fr": "personne", "it": "persona", "en": "person"},
}
"""The singular of `WHAT`, for a total of one."""
OPTED_OUT = {
    "de": "ohne Revisionsstelle (Opting-out)",
    "fr": "sans organe de révision (opting-out)",
    "it": "senza ufficio di revisione (opting-out)",
    "en": "without auditor (opting-out)",
}
NONE = {
    "de": "Keine {what} entsprechen diesen Filtern{filters}.",
    "fr": "Aucune {what} ne correspond à ces filtres{filters}.",
    "it": "Nessuna {what} corrisponde a questi filtri{filters}.",
    "en": "No {what} match these filters{filters}.",
}


def filters_text(args: dict[str, Any], lang: str) -> str:
    """' (canton TI, 0107, 2005-01-01 – 2015-12-31)'."""
    keys = (
        "canton",
        "holder_canton",
        "status",
        "event_type",
        "name",
        "residence",
        "origin",
        "place",
        "company",
        "language",
    )
    parts = [
        event_names(lang, [args[k]]) if k == "event_type" else str(args[k])
        for k in keys
        if args.get(k)
    ]
    if args.get("cantons"):
        parts.insert(0, "/".join(str(c) for c in args["cantons"]))
    if args.get("legal_form"):
        form = by_code(str(args["legal_form"]))
        parts.insert(1, form.names.get(lang, form.label) if form else str(args["legal_form"]))
    if args.get("opting_out"):
        parts.append(OPTED_OUT.get(lang, OPTED_OUT["en"]))
    if args.get("signature"):
        parts.append(signature_name(lang, str(args["signature"])))
    if args.get("nationality"):
        parts.append("/".join(str(x) for x in args["nationality"]))
    if args.get("role"):
        mode = MODE_WORDS.get(str(args.get("mode")), {})
        said = mode.get(lang, mode.get("en", ""))
        parts.append(role_name(lang, str(args["role"])) + (f" ({said})" if said else ""))
    if args.get("date_from") or args.get("date_to"):
        a, b = args.get("date_from"), args.get("date_to")
        parts.append(day(a) if a == b else span(lang, a, b))
    return f" ({', '.join(parts)})" if parts else ""


MODE_WORDS: dict[str, dict[str, str]] = {
    "entered": {"de": "neu eingetragen", "fr": "nouvelle inscription", "it": "nuova iscrizione",
                "en": "newly entered"},
    "left": {"de": "ausgeschieden", "fr": "sortie", "it": "uscita", "en": "left"},
    "held": {"de": "im Amt", "fr": "en fonction", "it": "in carica", "en": "in office"},
}  # fmt: skip
"""How a role list reads its period (list_register's `mode`), in the question's language."""


def row_line(
    r: dict[str, Any], what: str, lang: str, dates: dict[str, str], capital: bool = False
) -> str:
    """One listed item, cited; `capital`: the company's capital is shown (a capital filter)."""
    src = cite(pubs_of(r), dates)
    name = escape_inline(r.get("name"))
    if what == "notices":
        kinds = event_names(lang, r.get("event_types"))
        return f"- **{day(r.get('pub_date'))}** {name} ({kinds}){src}"
    if what == "persons":
        return person_line(r, lang, dates)
    if what == "roles":
        when = span(lang, r.get("valid_from"), r.get("valid_to"))
        sig = f", {signature_name(lang, str(r['signature']))}" if r.get("signature") else ""
        role = escape_inline(r.get("role_text") or r.get("role"))
        return f"- **{name}**: {role}{sig} — {escape_inline(r.get('company'))} ({when}){src}"
    bits = [escape_inline(x) for x in (r.get("uid"), r.get("seat"), r.get("status")) if x]
    if r.get("deleted_on"):
        bits.append(day(r.get("deleted_on")))
    if capital and isinstance(r.get("capital"), (int, float)):
        bits.append(money(float(r["capital"])))
    return f"- **{name}** ({', '.join(bits)}){src}"


def person_line(r: dict[str, Any], lang: str, dates: dict[str, str]) -> str:
    """One person: where they live, their origin or nationality, and each role, cited."""
    about = [
        escape_inline(x) for x in (r.get("residence"), r.get("origin"), r.get("nationality")) if x
    ]
    roles = [
        f"{escape_inline(x.get('role_text')) or role_name(lang, str(x.get('role')))} — "
        f"{escape_inline(x.get('company'))} ({span(lang, x.get('valid_from'), x.get('valid_to'))})"
        + cite(list(x.get("pubs") or []), dates)
        for x in r.get("roles") or []
    ]
    head = f"- **{escape_inline(r.get('name'))}**" + (f" ({'; '.join(about)})" if about else "")
    return head + (": " + "; ".join(roles) if roles else cite(pubs_of(r), dates))


def list_answer(
    rows: list[dict[str, Any]], args: dict[str, Any], slots: Slots, dates: dict[str, str]
) -> str:
    """The total and the names in one sentence, then one cited line per item."""
    lang = slots.language
    what = str(args.get("what") or "companies")
    label = WHAT.get(what, WHAT["companies"]).get(lang, what)
    filters = filters_text(args, lang)
    if not rows:
        return NONE.get(lang, NONE["en"]).format(what=label, filters=filters)
    total = int(rows[0].get("total") or len(rows))
    if total == 1:
        label = ONE.get(what, ONE["companies"]).get(lang, label)
    names = list(dict.fromkeys(escape_inline(str(r.get("name"))) for r in rows))
    lead = LEADS.get(lang, LEADS["en"]).format(
        n=total, what=label, filters=filters, names="; ".join(names[:20])
    )
    capital = bool(args.get("capital") or args.get("event_type") == "capital_change")
    lines = [row_line(r, what, lang, dates, capital) for r in rows[:50]]
    return "\n".join([lead, "", *lines])
