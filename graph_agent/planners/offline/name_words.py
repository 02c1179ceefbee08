"""Word classes of names in a question: which tokens start, continue or end a name.

Names in the register are runs of capitalised words, joined by the connectors names use
("&", "und", "et", "für", "de", "di", "-", "/") and often ended by a legal form. Question,
role, fact and time words (the vocabularies of the four languages) are not names; stop words,
months and sentence openers never start or continue one. Pure functions over tokens.
"""

from __future__ import annotations

import re
from functools import cache

from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.vocab import vocab
from shabgraph.register.cantons import canton_of_adjective
from shabgraph.register.folding import match_key as key
from shabgraph.register.legal_forms import LEGAL_FORM_WORDS, spellings
from shabgraph.register.months import MONTHS

TOKEN_RE = re.compile(r"[\wÀ-ÖØ-öø-ÿ][\wÀ-ÖØ-öø-ÿ'’&.\-/]*|&|,")
JOINERS = frozenset(
    {"&", "und", "and", "et", "fur", "f.", "de", "di", "du", "des", "la", "le", "del", "della"}
    | {"von", "van", "der", "y", "-", "/", "of", "pour", "per", "for", "the", "l'", "d'"}
    | {"aux", "dei", "degli", "delle", "zum", "zur"}
)
PLACE_WORDS = frozenset(
    {"in", "a", "à", "di", "da", "au", "im", "from", "aus", "bei", "at", "zu"}
    | {"z"}  # Swiss German "z Bern" (in Bern)
)
# Legal-form words minus the short ones that are also prepositions ("in liquidazione").
ORG_WORDS = (LEGAL_FORM_WORDS - PLACE_WORDS - JOINERS - {"en", "liq", "liquidation"}) | frozenset(
    {"stiftung", "fondation", "fondazione", "foundation", "verein", "holding", "treuhand"}
)
TRADE_WORDS = frozenset(
    {"fiduciaire", "fiduciaria", "treuhand", "conseil", "conseils", "consulting", "management",
     "gestion", "gestione", "revision", "revisions", "revisione", "audit", "administration",
     "direction", "services", "beratung", "verwaltung", "partner", "partners", "associes",
     "associati"}
)  # fmt: skip
"""Role words that are also trades and open company names ("Fiduciaire X SA", "Conseil X Sàrl",
"Revisions X AG"): before a name they are read as part of it, not as the role asked."""
BRANCH_WORDS = frozenset({"zweigniederlassung", "succursale", "filiale", "branch", "zn"})


def names_something(text: str) -> bool:
    """A mention made only of legal forms ("Sàrl", "SA/AG", "Sagl/GmbH/Sàrl"), in the plural
    and with stop words ("Stiftungen mit", "les fondations"), names no entity."""
    parts = [p.strip(".") for t in text.split() for p in re.split(r"[/-]", key(t).strip(".")) if p]
    forms = [p for p in parts if _form_or_plural(p)]
    if not forms:
        return True
    # "GmbH-Gründungen": a form joined to an event word of the question names no firm either;
    # nor does a canton's adjective beside a plural ("Luzerner Stiftungen"; "Berner Stiftung
    # für X" may be a name)
    plural = any(p not in ORG_WORDS for p in forms)
    return any(
        p not in ORG_WORDS
        and p not in _stop()
        and p not in forms
        and not _is_keyword(p)
        and not (plural and canton_of_adjective(p))
        for p in parts
    )


def _form_or_plural(word: str) -> bool:
    """A legal-form word, or its plural ("Stiftungen", "fondations", "fondazioni", "GmbHs")."""
    stems = (word, word[:-1], word[:-2], word[:-1] + "e", word[:-1] + "a")
    return any(s in ORG_WORDS for s in stems if len(s) > 1)


@cache
def _stop() -> frozenset[str]:
    return frozenset(key(w) for words in lx.STOPWORDS.values() for w in words)


def has_org_word(text: str) -> bool:
    """The text carries a legal form or organisation word (it names a company)."""
    return any(_is_form(t) for t in text.split())


@cache
def _keywords() -> frozenset[str]:
    """Single folded words that are question, fact, role or time words in some language."""
    v = vocab()
    words: set[str] = set()
    for table in (v.facts, v.roles, v.time):
        for entries in table.values():
            words.update(w.strip() for w in entries if " " not in w.strip())
    for entries in v.lists.values():
        words.update(w.strip() for w in entries if " " not in w.strip())
    for _key, entries in lx.EVENT_TYPES:
        words.update(w.strip() for w in entries if " " not in w.strip())
    return frozenset({key(w) for w in words} | _plain()) - ORG_WORDS - {"partner", "co", "sa", "ag"}


@cache
def _plain() -> frozenset[str]:
    """Words that never start or continue a name: stop words, months, sentence openers."""
    words = set(lx.NOT_NAME) | set(MONTHS) | set(vocab().lists.get("not_names", ()))
    for lang_words in lx.STOPWORDS.values():
        words |= set(lang_words)
    return frozenset({key(w) for w in words} - ORG_WORDS)


def _is_keyword(token: str) -> bool:
    f = key(token).strip(".'’?!,;:()")
    if not f:
        return True
    if "-" in f and all(_is_keyword(part) or part in _cue_words() for part in f.split("-") if part):
        return True  # "VR-Präsident", "GF-Mitglied": a compound of role or fact words
    if f in _keywords():
        return True
    # inflected role and fact words ("Vizepräsidentin", "Geschäftsführers")
    return len(f) > 4 and any(f.startswith(k) and len(k) > 4 for k in _keywords() if k[:2] == f[:2])


def _is_form(token: str) -> bool:
    f = _bare(token)
    last = f.split("-")[-1]
    return (
        f in ORG_WORDS
        or f.replace(".", "") in ORG_WORDS
        or last in ORG_WORDS
        or (f in spellings() and f not in PLACE_WORDS | JOINERS)
    )


def _bare(token: str) -> str:
    f = key(token).strip(".,'’?!;:()")
    return f[:-2] if f.endswith(("'s", "’s")) else f


def _capital(token: str) -> bool:
    clean = token.strip(".,'’?!;:()")
    return bool(clean) and clean[0].isupper()


def _starts_name(token: str) -> bool:
    """A capitalised word that is no question word; an all-capitals word ("DAS", "ALPHA") is
    a name even when it spells a common word."""
    clean = token.strip(".,'’?!;:()")
    if not _capital(clean):
        return False
    if len(clean) > 1 and clean.isupper():
        # "ALPHA", "DAS" are names; "UID", "CHE-UID", "GF", "SHAB" are cue words
        return not set(_bare(clean).split("-")) & _cue_words()
    return not _is_keyword(clean)


@cache
def _cue_words() -> frozenset[str]:
    """Fact, role and opener words: an all-capitals "UID", "VR", "GF" or "SHAB" is no name."""
    v = vocab()
    words = {w.strip() for t in (v.facts, v.roles) for ws in t.values() for w in ws}
    return frozenset(key(w) for w in words | set(v.lists.get("not_names", ())))


def _continues_name(token: str) -> bool:
    """Inside a name a capitalised word may be a role or fact word ("Alpha Revisions und
    Treuhand", "Exemple Administrateurs Sàrl"); only plain words end it."""
    return _capital(token) and _bare(token) not in _plain()


@cache
def _fact_words() -> frozenset[str]:
    """Single fact and time words (a role word may open a company name, these do not)."""
    v = vocab()
    return frozenset(
        key(w.strip())
        for t in (v.facts, v.time)
        for ws in t.values()
        for w in ws
        if " " not in w.strip()
    )


def _fact_noun(token: str) -> bool:
    """A fact word written after a name, capitalised as German nouns are ("Muster AG
    Zeichnungsrecht", "Beispiel Stiftung Kollektivunterschrift"): the fact asked, not the end of the name."""
    f = _bare(token)
    return f in _fact_words() or any(len(k) > 5 and f.startswith(k) for k in _fact_words())


def _word_of_name(tokens: list[str], i: int) -> bool:
    """A capitalised role or fact word right before a name word starts a company name
    ("Conseil Rey", "Treuhand Muster", "Holding Keller")."""
    tok = tokens[i]
    if not _capital(tok) or tok.isupper() or _bare(tok) in _plain() or i + 1 >= len(tokens):
        return False
    if _fact_noun(tok):
        return False  # "Rechtsform Costa Pereira?": the fact asked, then the name
    nxt = tokens[i + 1]
    if _form_ahead(tokens, i + 1) and _is_keyword(tok) and _bare(tok) not in TRADE_WORDS:
        return False  # "Revisionsstellen Muster AG?": the role asked of a named company
    return _starts_name(nxt) and not _is_form(nxt) and key(nxt) not in JOINERS


def _form_ahead(tokens: list[str], i: int) -> bool:
    """A legal form closes a run of capitalised words starting at i ("Blue Ocean Management SA")."""
    if not _capital(tokens[i]) or _bare(tokens[i]) in _plain():
        return False
    if tokens[i].isupper() and set(_bare(tokens[i]).split("-")) & _cue_words():
        return False  # "GF Stiftung X", "VR Muster AG": the role asked, then the name
    if (
        (
            _fact_noun(tokens[i])
            or (
                _is_keyword(tokens[i])
                and not _is_form(tokens[i])
                and _bare(tokens[i]) not in TRADE_WORDS
            )
        )
        and i + 1 < len(tokens)
        and _starts_name(tokens[i + 1])
    ):
        # "Postadresse Muster Stiftung?", "Revisionsstellen Muster AG?": the fact or role
        # asked, then the name
        return False
    for k in range(i + 1, min(len(tokens), i + 6)):
        if _is_form(tokens[k]):
            return True
        if not _capital(tokens[k]):
            return False
    return False
