"""Whether the entity a search linked is the one the question names: its distinctive words, a
legal form it had, a person's given names; a near name is refused, not answered silently.

Pure functions over the question's mention and the entity's records.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

from graph_agent.answers import roles as rl
from graph_agent.planners.offline.forms import legal_form_in
from graph_agent.planners.offline.name_words import BRANCH_WORDS, JOINERS, ORG_WORDS, has_org_word
from shabgraph.register.cantons import canton_code
from shabgraph.register.folding import fold_accents as fold
from tools.acronyms import is_acronym
from tools.acronyms import matches as acronym_matches

Rec = dict[str, Any]


def matches_mention(mention: str, rec: Rec, records: list[Rec] | None = None) -> bool:
    """The linked entity carries the mention's distinctive words (not just a similar one);
    with its records, it must also have had the legal form the mention names."""
    skip = ORG_WORDS | BRANCH_WORDS | JOINERS
    want = [t for t in rl.name_tokens(mention) if t not in skip]
    names = [str(rec.get("name") or "")] + [str(n) for n in rec.get("names") or []]
    if is_acronym(mention) and any(acronym_matches(mention, n) for n in names):
        return True  # "SMS" for a "Stiftung für Moorschutz"
    if records is not None and _other_form(mention, rec, names, records):
        return False  # "Fondation X" is not "X SA", "Y Sàrl" not "Y AG"
    have = {t for n in names for t in rl.name_tokens(n)}
    if not want:
        return True
    hits = sum(any(_same_word(w, h) for h in have) for w in want)
    if (
        rec.get("kind") != "person"
        and len(want) == 2
        and not has_org_word(mention)
        and all(w[:1].isupper() for w in mention.split())
    ):
        # two words without a legal form ("Hans Muster", "Muster Wilderswil") name a company only
        # with both, its seat counting ("Hans Muster" is no "Hans Beispiel-Stiftung")
        seat = set(rl.name_tokens(str(rec.get("seat") or "").replace("-", " ")))
        return sum(any(_same_word(w, h) for h in have | seat) for w in want) == 2
    if rec.get("kind") == "person" and len(want) > 1:
        # "Ernst Keller" is not "Kurt Keller": a person's every given and family name counts,
        # but a family name may be a former one ("Anna Muster" is now "Anna Beispiel")
        given = rl.name_tokens(str(rec.get("given_names") or ""))
        same_given = bool(given) and all(any(_same_word(w, g) for w in want) for g in given)
        return same_given or hits >= len(want) - (len(want) > 2)
    return hits / len(want) >= 0.5 or fold(mention) in fold(" ".join(names))


def other_form_of(mentions: list[str], rec: Rec) -> str | None:
    """Why a not-found mention still points at this entity, if it does: "other legal form" when
    one mention carries every distinctive word of the entity's name and only the legal form (or
    a place) differs ("X AG in Basel" for "X GmbH" elsewhere)."""
    have = {t for t in rl.name_tokens(str(rec.get("name") or "")) if t not in ORG_WORDS}
    if not have or rec.get("kind") == "person":
        return None
    for mention in mentions:
        want = {t for t in rl.name_tokens(mention) if t not in ORG_WORDS}
        if have <= want:
            return "other legal form"
    return None


def _other_form(mention: str, rec: Rec, names: list[str], records: list[Rec]) -> bool:
    """The mention names a legal form the entity never had: not its form, nor one of its names,
    legal-form states or notice texts (a converted "X GmbH" keeps that name in its notices)."""
    asked = legal_form_in(fold(mention), branches=False)
    if asked is None or rec.get("kind") == "person":
        return False
    written_so = re.compile(rf"(?<!\w){re.escape(fold(mention))}(?!\w)")
    if any(written_so.search(fold(str(r.get("text") or ""))) for r in records):
        # a notice writes the name so ("Beta GmbH" before its conversion); "X SA" is no
        # writing of "X Sàrl"
        return False
    states = [r for r in records if r.get("record_type") == "state"]
    have = {str(rec.get("legal_form") or "")}
    have |= {str(s.get("value") or "") for s in states if s.get("attribute") == "legal_form"}
    written = names + [str(s.get("value") or "") for s in states if s.get("attribute") == "name"]
    have |= {legal_form_in(fold(n), branches=False) or "" for n in written}
    have.discard("")
    return bool(have) and asked not in have


def _same_word(w: str, h: str) -> bool:
    """One name word matches another: equal, nearly equal, or the same canton's name in another
    language ("succursale de Genève" is the register's "Zweigniederlassung Genf")."""
    if w == h or (len(w) > 3 and SequenceMatcher(None, w, h).ratio() >= 0.75):
        return True
    code = canton_code(w)
    return code is not None and code == canton_code(h)
