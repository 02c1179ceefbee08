"""One comma field of an entry, classified on its own: origin, nationality, residence, role,
signature, shares, a UID, or the running prose about a listed person (`bisher Mitglied`, `ist
jetzt Präsident`, `lesquels signent collectivement à deux`). Pure and cached: fields repeat
across notices."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from ingestion.extraction.lexicon import (
    compiled,
    nationality_of,
    role_at_start,
    roles_of,
    signature_of,
)
from ingestion.extraction.text import brackets, clean, split_top
from shabgraph.register.uid import UID_PATTERN

Kind = Literal[
    "origin",
    "nationality",
    "residence",
    "origin_residence",
    "signature",
    "role",
    "shares",
    "alias",
    "distributive",
    "country_code",
    "uid",
    "previous",
    "entered_before",
    "shared_signature",
    "replaced",
    "unknown",
]

# A UID as the register's one regex family writes it (shabgraph.register.uid), or an old
# register number `CH-...`; the graph build canonicalises whichever spelling was found.
UID_TEXT = UID_PATTERN.pattern
UID_RX = re.compile(rf"\b({UID_TEXT}|CH-[\d.\-]{{8,}}\d)\b")
UID_PAREN = re.compile(rf"\s*\((?:UID |IDI |IDE )?({UID_TEXT}|CH-[\d.\-]+\d)\)\s*\??")
_CONJ = re.compile(r"^(?:und|et|e|sowie|ainsi que)\s+(?=\S)")
_ISO = re.compile(r"^[A-Z]{2,3}$")
_SIG_LEAD = re.compile(r"\b(?:mit|ohne|avec|sans|con|senza|und|et|e)\s*$", re.IGNORECASE)
ENDS_WITH_FORM = re.compile(
    r"(?<![\w-])(?:AG|SA|GmbH|mbH|Sàrl|Sagl|KG|SNC|S\.?r\.?l\.?|S\.?p\.?A\.?|S\.?A\.?S\.?|SARL|S\.A\.|"
    r"S\.à r\.l\.|S\.L\.|Ltd\.?|Limited|Inc\.?|LLC|B\.V\.|N\.V\.|plc|SE|e\.K\.)$"
)
"""A legal form's abbreviation ending a name, Swiss or foreign."""
# Lower-case words a firm name may hold between its capitalised ones (`Rossi e Associati SA`,
# `Fiduciaire de la Gare SA`); German articles are left out: `Vertreter der X AG` is a function.
_FIRM_JOINERS = frozenset({"&", "+", "e", "et", "und", "de", "du", "des", "la", "le", "di", "del"})


def is_firm_name(f: str) -> bool:
    """True when a field is a firm's name although it holds a role word (`X & Associés SA`,
    `Y Partner AG`, `Z & Soci Sagl`): function words never hold `&` and never end with a legal
    form's abbreviation after capitalised words only."""
    words = f.split()
    if len(words) < 2 or not f[:1].isupper():
        return False
    if "&" in words and not role_at_start(f, None):
        return True
    return ENDS_WITH_FORM.search(f) is not None and all(
        w[:1].isupper() or w[:1].isdigit() or w in _FIRM_JOINERS or w.startswith("l'")
        for w in words
    )


@dataclass(frozen=True)
class Patterns:
    """Per-language regexes of the field classifier, compiled once."""

    origin_residence: tuple[re.Pattern[str], ...]
    """`von und in X` forms."""
    shares: re.Pattern[str]
    """Capital-share clauses."""
    aliases: tuple[str, ...]
    """Nickname words followed by a space."""
    distributive: re.Pattern[str]
    """`beide`, `les trois`."""
    legal_forms: re.Pattern[str]
    """Legal-form words marking a legal entity."""
    previous_inline: tuple[tuple[re.Pattern[str], str], ...]
    """`bisher Mitglied` forms, with the bracket label their value is filed under."""
    entered_before: tuple[re.Pattern[str], ...]
    """`bisher eingetragen` forms."""
    now_verbs: tuple[re.Pattern[str], ...]
    """`ist jetzt`, `zeichnet neu` openings before a person's new values."""
    list_subjects: tuple[re.Pattern[str], ...]
    """`beide`, `lesquels`: pronouns standing for a whole list."""
    auditor_replaced: tuple[re.Pattern[str], ...]
    """`en remplacement de X`: the auditor a new one replaces."""
    prose_any: re.Pattern[str]
    """All of the prose-field openers above as one regex: most fields open with none of them."""


@lru_cache(maxsize=8)
def patterns(lang: str | None) -> Patterns:
    """The field regexes of the languages, `lang` first."""
    vocabs = [c.vocab for c in compiled(lang)]
    return Patterns(
        origin_residence=tuple(re.compile(v.origin_and_residence) for v in vocabs),
        shares=re.compile(
            "|".join(f"(?:{p})" for v in vocabs for p in v.share_markers), re.IGNORECASE
        ),
        aliases=tuple(a + " " for v in vocabs for a in v.alias_markers),
        distributive=re.compile("|".join(f"(?:{p})" for v in vocabs for p in v.distributive)),
        legal_forms=re.compile(
            r"(?<![\w-])(?:" + "|".join(lf for v in vocabs for lf in v.legal_forms) + r")(?![\w-])"
        ),
        previous_inline=tuple(
            (re.compile(v.previous_inline, re.IGNORECASE), v.previous_markers[0]) for v in vocabs
        ),
        entered_before=tuple(re.compile(v.entered_before, re.IGNORECASE) for v in vocabs),
        now_verbs=tuple(re.compile(v.now_verbs) for v in vocabs),
        list_subjects=tuple(re.compile(v.list_subjects, re.IGNORECASE) for v in vocabs),
        auditor_replaced=tuple(re.compile(v.auditor_replaced) for v in vocabs),
        prose_any=re.compile(
            "|".join(
                # Group names repeat across languages: the joined regex only tests.
                f"(?i:{p.replace('(?P<rest>', '(?:')})" if ignore_case else f"(?:{p})"
                for v in vocabs
                for p, ignore_case in (
                    (v.previous_inline, True),
                    (v.entered_before, True),
                    (v.now_verbs, False),
                    (v.list_subjects, True),
                    (v.auditor_replaced, False),
                )
            )
        ),
    )


@dataclass(frozen=True)
class Field:
    """One classified field of an entry."""

    kind: Kind
    """What the field holds."""
    value: str
    """The cleaned value (place, role text, signature phrase …)."""
    extra: Any = None
    """Kind-specific payload (the Signature, the roles …)."""


def _startswith_place(f: str, prefixes: tuple[str, ...]) -> str | None:
    if not f.startswith(prefixes):  # one C-level test: most fields open with no prefix
        return None
    for p in prefixes:
        if f.startswith(p) and len(f) > len(p):
            rest = f[len(p) :].lstrip()
            if rest[:1].isupper() or rest[:1] in "«\"'":
                return rest
    return None


@lru_cache(maxsize=65536)
def classify(f: str, lang: str | None) -> Field:
    """Classify one field of an entry (pure; cached because fields repeat across notices)."""
    f = clean(f)
    if not f:
        return Field("unknown", f)
    comps = compiled(lang)
    m = UID_PAREN.fullmatch(f) or (UID_RX.fullmatch(f))
    if m:
        return Field("uid", m.group(1))
    if f[:1].islower():
        prose = _prose_field(f, lang)
        if prose is not None:
            return prose
    for rx in patterns(lang).origin_residence:
        m2 = rx.match(f)
        if m2:
            return Field("origin_residence", clean(m2.group("place")))
    nat = nationality_of(f, lang)
    if nat:
        return Field("nationality", nat)
    for c in comps:
        place = _startswith_place(f, c.vocab.origin_prefixes)
        if place:
            return Field("origin", clean(place))
    for c in comps:
        place = _startswith_place(f, c.vocab.residence_prefixes)
        if place:
            return Field("residence", clean(place))
    low = f.lower()
    sig, start, _end = signature_of(f, lang)
    if sig is not None:
        lead = _SIG_LEAD.sub("", f[:start]).strip(" ,")
        if patterns(lang).shares.match(lead):
            lead = ""
        return Field("signature", f, (sig, lead))
    pats = patterns(lang)
    if pats.shares.match(f):
        return Field("shares", f)
    if low.startswith(pats.aliases):
        return Field("alias", f)
    if pats.distributive.match(low) and roles_of(f, lang):
        return Field("distributive", f, roles_of(f, lang))
    if _ISO.match(f):
        return Field("country_code", f)
    if role_at_start(f, lang) or (roles_of(f, lang) and len(f.split()) <= 6):
        if is_firm_name(f):
            return Field("unknown", f)  # "X & Associés SA, à Y, organe de révision": a firm
        return Field("role", f, roles_of(f, lang))
    return Field("unknown", f)


def _prose_field(f: str, lang: str | None) -> Field | None:
    """The fields of running prose about a listed person (`bisher Mitglied`, `ist jetzt
    Präsident`, `lesquels signent collectivement à deux`, `en remplacement de X`)."""
    pats = patterns(lang)
    if not pats.prose_any.match(f):
        return None
    for rx, label in pats.previous_inline:
        m = rx.match(f)
        if m:
            return Field("previous", f"{label}: {m.group('rest')}")
    if any(rx.match(f) for rx in pats.entered_before):
        return Field("entered_before", f)
    for rx in pats.now_verbs:
        m = rx.match(f)
        if m and m.end() < len(f):
            return classify(f[m.end() :], lang)
    for rx in pats.list_subjects:
        if rx.match(f):
            sig, _, _ = signature_of(f, lang)
            if sig is not None:
                return Field("shared_signature", f, sig)
    if any(rx.match(f) for rx in pats.auditor_replaced):
        return Field("replaced", f)
    return None


def list_subjects(lang: str | None) -> tuple[re.Pattern[str], ...]:
    """The `beide` / `lesquels` / `entrambi` openers of the languages, `lang` first."""
    return patterns(lang).list_subjects


def fields_of(text: str) -> list[str]:
    """Top-level comma fields, with a leading conjunction (`und`, `et`) removed."""
    return [_CONJ.sub("", p) for p in split_top(text, ",")]


def rest_of(raw: str) -> str:
    """A field without its `[…]` brackets and leading conjunction."""
    return _CONJ.sub("", brackets(raw)[0])
