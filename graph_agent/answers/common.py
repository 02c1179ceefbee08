"""What two entities share: the persons two companies share ("Welche Personen sind sowohl bei
X als auch bei Y eingetragen?"), the companies two persons share ("Was verbindet X und Y?",
"Quel lien entre X et Y ?"), or a person's roles at a company.

Each company's role holders come from its own facts; a person counts as shared when the same
node, or the same name (the register sometimes files one person twice), holds a role in both.
The answer names each shared person with the role and interval in each company, cited.
"""

from __future__ import annotations

from typing import Any

from graph_agent.answers import roles as rl
from graph_agent.answers.care_of import domiciled_lines
from graph_agent.answers.citations import cite, pubs_of
from graph_agent.answers.phrases import role_name, signature_name, span
from graph_agent.result import EntityRef
from shabgraph.markdown import escape_inline

Rec = dict[str, Any]

LEAD = {
    "de": "Sowohl bei **{a}** als auch bei **{b}** sind {n} Personen eingetragen: {who}.",
    "fr": "À la fois chez **{a}** et chez **{b}** figurent {n} personnes : {who}.",
    "it": "Sia presso **{a}** sia presso **{b}** figurano {n} persone: {who}.",
    "en": "At both **{a}** and **{b}**, {n} persons appear: {who}.",
}
NONE = {
    "de": "Keine Person ist sowohl bei **{a}** als auch bei **{b}** eingetragen.",
    "fr": "Aucune personne ne figure à la fois chez **{a}** et chez **{b}**.",
    "it": "Nessuna persona figura sia presso **{a}** sia presso **{b}**.",
    "en": "No person appears at both **{a}** and **{b}**.",
}
ONE = {
    "de": "Nur **{a}** wurde in den Meldungen gefunden; die zweite Firma nicht.",
    "fr": "Seule **{a}** a été trouvée dans les publications ; la seconde entité non.",
    "it": "Solo **{a}** è stata trovata nelle pubblicazioni; la seconda no.",
    "en": "Only **{a}** was found in the notices; the second entity was not.",
}


def _holders(records: list[Rec]) -> dict[str, list[Rec]]:
    """Person holders of a company's roles, by their folded name."""
    out: dict[str, list[Rec]] = {}
    for r in records:
        if (
            r.get("record_type") == "role"
            and r.get("direction") == "in"
            and r.get("other_kind") == "person"
            and r.get("other_name")
        ):
            key = " ".join(sorted(rl.name_tokens(str(r["other_name"]))))
            out.setdefault(key, []).append(r)
    return out


def _entity(records: list[Rec]) -> Rec:
    return next((r for r in records if r.get("record_type") == "entity" and r.get("anchor")), {})


def common_answer(
    lang: str, groups: list[list[Rec]], dates: dict[str, str]
) -> tuple[str, list[Rec], bool]:
    """(text, records used, nothing shared) of the persons the first two entities share."""
    seen: dict[str, list[Rec]] = {}
    for g in groups:
        ent = _entity(g)
        if ent.get("id") and ent["id"] not in seen:
            seen[str(ent["id"])] = g
    parts = list(seen.values())
    if len(parts) < 2:
        name = escape_inline(_entity(parts[0]).get("name")) if parts else "?"
        return ONE.get(lang, ONE["en"]).format(a=name), [], True
    a, b = parts[0], parts[1]
    kinds = {_entity(a).get("kind"), _entity(b).get("kind")}
    if "person" in kinds:
        return shared_companies(lang, a, b, dates)
    name_a, name_b = (escape_inline(_entity(x).get("name")) for x in (a, b))
    ha, hb = _holders(a), _holders(b)
    shared = [k for k in ha if k in hb]
    if not shared:
        return NONE.get(lang, NONE["en"]).format(a=name_a, b=name_b), [], True
    lines, used, names = [], [], []
    for key in shared:
        rows = ha[key] + hb[key]
        who = escape_inline(rows[0].get("other_name"))
        names.append(who)
        bits = [
            f"{escape_inline(r.get('role_text')) or role_name(lang, r.get('role'))} "
            f"({span(lang, r.get('valid_from'), r.get('valid_to'))})" + cite(pubs_of(r), dates)
            for r in rows
        ]
        lines.append(f"- **{who}**: " + "; ".join(bits))
        used += rows
    lead = LEAD.get(lang, LEAD["en"]).format(
        n=len(shared), a=name_a, b=name_b, who="; ".join(names)
    )
    return "\n".join([lead, "", *lines]), used, False


PAIR_LEAD = {
    "de": "**{a}** und **{b}** sind beide bei {n} Firma/Firmen eingetragen: {what}.",
    "fr": "**{a}** et **{b}** figurent tous deux chez {n} entité(s) : {what}.",
    "it": "**{a}** e **{b}** figurano entrambi presso {n} società: {what}.",
    "en": "**{a}** and **{b}** both appear at {n} company/companies: {what}.",
}
PAIR_NONE = {
    "de": "Die Meldungen nennen keine Firma, bei der **{a}** und **{b}** beide eingetragen sind.",
    "fr": "Les publications ne nomment aucune entité où figurent à la fois **{a}** et **{b}**.",
    "it": "Le pubblicazioni non nominano alcuna società in cui figurino sia **{a}** sia **{b}**.",
    "en": "The notices name no company at which both **{a}** and **{b}** appear.",
}
AT_LEAD = {
    "de": "**{a}** ist bei **{b}** eingetragen: {what}.",
    "fr": "**{a}** figure chez **{b}** : {what}.",
    "it": "**{a}** figura presso **{b}**: {what}.",
    "en": "**{a}** is registered at **{b}**: {what}.",
}
AT_NONE = {
    "de": "Nein: **{a}** ist in den Meldungen zu **{b}** nicht genannt.",
    "fr": "Non : **{a}** n'est pas nommé·e dans les publications sur **{b}**.",
    "it": "No: **{a}** non è nominato/a nelle pubblicazioni su **{b}**.",
    "en": "No: **{a}** is not named in the notices on **{b}**.",
}


def _role_bits(lang: str, rows: list[Rec], dates: dict[str, str], signature: bool = False) -> str:
    """Each role with its interval (and how its holder signs, when asked), cited."""
    return "; ".join(
        f"{escape_inline(r.get('role_text')) or role_name(lang, r.get('role'))} "
        f"({span(lang, r.get('valid_from'), r.get('valid_to'))}"
        + (f", {sig}" if signature and (sig := signature_name(lang, r.get("signature"))) else "")
        + ")"
        + cite(pubs_of(r), dates)
        for r in rows
    )


def _mandates(records: list[Rec]) -> dict[str, list[Rec]]:
    """A person's roles elsewhere, by the company's id."""
    out: dict[str, list[Rec]] = {}
    for r in records:
        if r.get("record_type") == "role" and r.get("direction") == "out" and r.get("other_id"):
            out.setdefault(str(r["other_id"]), []).append(r)
    return out


def shared_companies(
    lang: str, a: list[Rec], b: list[Rec], dates: dict[str, str]
) -> tuple[str, list[Rec], bool]:
    """The companies two persons both hold roles at, or a person's roles at a company."""
    ea, eb = _entity(a), _entity(b)
    if ea.get("kind") != "person":
        a, b, ea, eb = b, a, eb, ea
    name_a, name_b = escape_inline(ea.get("name")), escape_inline(eb.get("name"))
    ma = _mandates(a)
    if eb.get("kind") != "person":
        rows = rl.dedupe(ma.get(str(eb.get("id")), []))
        if rows:
            text = AT_LEAD.get(lang, AT_LEAD["en"]).format(
                a=name_a, b=name_b, what=_role_bits(lang, rows, dates, signature=True)
            )
            # "c/o X": the company is domiciled with the person too
            named = [{**r, "other_name": escape_inline(r.get("other_name"))} for r in rows]
            lines = domiciled_lines(
                lang, str(ea.get("name") or ""), named, lambda pubs: cite(pubs, dates)
            )
            return " ".join([text, *lines[:1]]), rows, False
        none = AT_NONE.get(lang, AT_NONE["en"]).format(a=name_a, b=name_b)
        # the company may hold a role (auditor, partner) where the person holds one
        text, used = _both_at(lang, ma, _mandates(b), (name_a, name_b), dates)
        return (none + " " + text, used, False) if used else (none, [], True)
    mb = _mandates(b)
    text, used = _both_at(lang, ma, mb, (name_a, name_b), dates)
    if not used:
        # "Is X linked to Y?": no, and where each of them appears instead
        each = [
            f"- **{n}**: "
            + "; ".join(f"**{escape_inline(rs[0].get('other_name'))}**" for rs in m.values())
            for n, m in ((name_a, ma), (name_b, mb))
            if m
        ]
        none = PAIR_NONE.get(lang, PAIR_NONE["en"]).format(a=name_a, b=name_b)
        return "\n".join([none, *each]), [], True
    return text, used, False


def _both_at(
    lang: str,
    ma: dict[str, list[Rec]],
    mb: dict[str, list[Rec]],
    names: tuple[str, str],
    dates: dict[str, str],
) -> tuple[str, list[Rec]]:
    """The companies where both hold a role: the lead and a line per company, and the records
    used (none when they share no company)."""
    name_a, name_b = names
    shared = [k for k in ma if k in mb]
    lines, used, companies = [], [], []
    for key in shared:
        company = escape_inline(ma[key][0].get("other_name"))
        companies.append(f"**{company}**")
        lines.append(f"- **{company}**: {name_a}: {_role_bits(lang, ma[key], dates)}")
        lines.append(f"  {name_b}: {_role_bits(lang, mb[key], dates)}")
        used += ma[key] + mb[key]
    lead = PAIR_LEAD.get(lang, PAIR_LEAD["en"]).format(
        a=name_a, b=name_b, n=len(shared), what="; ".join(companies)
    )
    return "\n".join([lead, "", *lines]), used


OPEN = {
    "de": "Was **{a}** und **{b}** verbindet, bleibt offen: {n} {what} heissen **{b}**; "
    "welche ist gemeint?",
    "fr": "Le lien entre **{a}** et **{b}** reste ouvert : {n} {what} s'appellent **{b}** ; "
    "laquelle est visée ?",
    "it": "Il legame tra **{a}** e **{b}** resta aperto: {n} {what} si chiamano **{b}**; "
    "quale si intende?",
    "en": "What links **{a}** and **{b}** stays open: {n} {what} are named **{b}**; "
    "which one is meant?",
}
WHAT = {
    "de": ("Personen", "Einträge"),
    "fr": ("personnes", "entrées"),
    "it": ("persone", "voci"),
    "en": ("persons", "entries"),
}


def namesakes_open(
    lang: str, groups: list[list[Rec]], namesakes: list[EntityRef], steps: list[dict[str, Any]]
) -> str:
    """The second name's search tied (its facts were not read on a guess): the namesakes,
    each with its place from the search, and the question which one is meant."""
    found = _entity(groups[0]).get("name") if groups else None
    name = namesakes[0].name
    found_rows = {
        str(r.get("id")): r
        for s in steps
        if s.get("tool") == "search_companies"
        for r in s.get("records", [])
    }
    persons = all(h.kind == "person" for h in namesakes)
    what = WHAT.get(lang, WHAT["en"])[0 if persons else 1]
    lead = OPEN.get(lang, OPEN["en"]).format(
        a=escape_inline(found or "?"), b=escape_inline(name), n=len(namesakes), what=what
    )
    lines = []
    for h in namesakes:
        rec = found_rows.get(h.id, {})
        places = (str(rec[k]) for k in ("seat", "residence", "origin") if rec.get(k))
        where = ", ".join(dict.fromkeys(places))
        lines.append(f"- **{escape_inline(h.name)}** ({escape_inline(where or h.id)})")
    return "\n".join([lead, "", *lines])
