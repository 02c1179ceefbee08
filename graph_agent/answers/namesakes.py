"""Persons of one entity who share a family name: one person or several?

"Ci sono due Keller nella X, sono la stessa persona?", "Muster bei der X – eine Person oder
zwei?", "the two partners with the same surname": the holders at the entity whose names the
question gives (or, when it gives none, every family name two holders share), each with the
given names, origin, residence and roles the notices write, and how many distinct persons the
register's entries make (the build keeps two entries apart when their names, origins or places
tell them apart).
"""

from __future__ import annotations

import re
from typing import Any

from graph_agent.answers import holders as hd
from graph_agent.answers.fact_record import Facts, neg
from graph_agent.answers.phrases import fact_name
from graph_agent.planners.offline.asks import Ask
from shabgraph.markdown import escape_inline
from shabgraph.register.folding import tokens

Rec = dict[str, Any]

LEAD = {
    "de": "Bei **{name}** sind {n} verschiedene Personen {who} eingetragen: {v}.",
    "fr": "Chez **{name}**, {n} personnes différentes {who} sont inscrites : {v}.",
    "it": "Presso **{name}** figurano {n} persone diverse {who}: {v}.",
    "en": "At **{name}**, {n} different persons {who} are registered: {v}.",
}
ONE = {
    "de": "Bei **{name}** ist nur eine Person {who} eingetragen: {v}.",
    "fr": "Chez **{name}**, une seule personne {who} est inscrite : {v}.",
    "it": "Presso **{name}** figura una sola persona {who}: {v}.",
    "en": "At **{name}**, only one person {who} is registered: {v}.",
}
NAMED = {"de": "namens {x}", "fr": "nommées {x}", "it": "di nome {x}", "en": "named {x}"}


def namesakes(f: Facts, ask: Ask, others: list[str]) -> list[str]:
    """The holders the question's names pick (or who share a family name), as distinct persons."""
    people: dict[str, list[Rec]] = {}
    for r in f.roles:
        if r.get("direction") == "in" and r.get("other_kind") == "person" and r.get("other_id"):
            people.setdefault(str(r["other_id"]), []).append(r)
    # "Hans Muster und Hans Beispiel", "Muster von Thun": each name, without its origin
    names = [
        re.split(r"\s+(?:von|vo|de|du|da|di|from|aus)\s+", part)[0]
        for o in others
        for part in re.split(r"\s+(?:und|and|et|e|oder|or|ou|o)\s+", o)
    ]
    wanted = [set(tokens(n)) for n in names if tokens(n)]
    others = [n for n in names if tokens(n)]
    if wanted:
        # "Hans Muster und Hans Beispiel", "Muster": every word of one name is in the holder's name
        chosen = {
            pid: rows
            for pid, rows in people.items()
            if any(w <= set(tokens(rows[0].get("other_name"))) for w in wanted)
        }
        label = " / ".join(others)
    else:
        by_family: dict[str, list[str]] = {}
        for pid, rows in people.items():
            family = (tokens(rows[0].get("other_name")) or [""])[-1]
            by_family.setdefault(family, []).append(pid)
        shared = [ids for ids in by_family.values() if len(ids) > 1]
        chosen = {pid: people[pid] for ids in shared for pid in ids}
        label = " / ".join(
            str(people[ids[0]][0].get("other_name") or "").split()[-1] for ids in shared
        )
    if not chosen:
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "role"))]
    names = [f"**{rows[0].get('other_name')}**" for rows in chosen.values()]
    who = NAMED.get(f.lang, NAMED["en"]).format(x=escape_inline(label)) if label else ""
    table = ONE if len(chosen) == 1 else LEAD
    lead = table.get(f.lang, table["en"]).format(
        name=f.name, n=len(chosen), who=who, v="; ".join(names)
    )
    lines = [f"- {hd.holder_line(f, r, ask)}" for rows in chosen.values() for r in rows]
    return [" ".join(lead.split()), *lines]
