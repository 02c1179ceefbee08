"""Compiled vocabularies and the small pure lookups built on them (roles, signature, nationality).

Each lookup tries the notice's language first, then the others, because German notices of
bilingual cantons and mixed-language notices occur.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ingestion.extraction.gates import lead_gated
from ingestion.extraction.models import Role, Signature
from ingestion.extraction.vocab import Vocabulary, ordered
from shabgraph.register.folding import strip_accents


@dataclass(frozen=True)
class Compiled:
    """One vocabulary with its regexes compiled once."""

    vocab: Vocabulary
    """The source vocabulary."""
    roles: tuple[tuple[re.Pattern[str], Role], ...]
    """Role regexes (lower-case text), most specific first."""
    role_any: re.Pattern[str]
    """All role regexes as one alternation (group `r<n>` is role n): one scan per text."""
    role_names: tuple[Role, ...]
    """Role of each group of `role_any`."""
    signature_any: re.Pattern[str]
    """All signature regexes as one alternation (group `s<n>`)."""
    signatures: tuple[tuple[re.Pattern[str], Signature], ...]
    """Signature regexes (lower-case text)."""
    nationality: tuple[re.Pattern[str], ...]
    """Nationality regexes on a whole field."""
    countries: frozenset[str]
    """Lower-case country names of this language."""


@lru_cache(maxsize=8)
def compiled(lang: str | None) -> tuple[Compiled, ...]:
    """The compiled vocabularies, the one of `lang` first."""
    out = []
    for v in ordered(lang):
        out.append(
            Compiled(
                vocab=v,
                roles=tuple((re.compile(rf"\b(?:{p})\b"), r) for p, r in v.role_patterns),
                role_any=re.compile(
                    lead_gated(
                        "|".join(
                            rf"(?P<r{n}>\b(?:{p})\b)" for n, (p, _) in enumerate(v.role_patterns)
                        )
                    )
                ),
                role_names=tuple(r for _, r in v.role_patterns),
                signature_any=re.compile(
                    lead_gated(
                        "|".join(
                            rf"(?P<s{n}>\b(?:{p})\b)"
                            for n, (p, _) in enumerate(v.signature_patterns)
                        )
                    )
                ),
                signatures=tuple((re.compile(rf"\b(?:{p})\b"), s) for p, s in v.signature_patterns),
                nationality=tuple(re.compile(p) for p in v.nationality_patterns),
                countries=frozenset(
                    c.lower() for c in (*v.nationalities.values(), *v.extra_countries)
                ),
            )
        )
    return tuple(out)


_PAREN = re.compile(r"\([^)]*\)")


@lru_cache(maxsize=65536)
def _roles_cached(low: str, lang: str | None) -> tuple[Role, ...]:
    for comp in compiled(lang):
        roles: list[Role] = []
        for m in comp.role_any.finditer(low):
            # Alternatives are ordered most specific first, so at each position the first
            # matching alternative is the right reading ("vizepräsident" before "präsident").
            role = comp.role_names[int(m.lastgroup[1:])]  # type: ignore[index]
            if role not in roles:
                roles.append(role)
        if roles:
            return tuple(roles)
    return ()


def roles_of(text: str, lang: str | None) -> list[Role]:
    """Coarse roles named in a function text, in text order (`[]` when none is recognised)."""
    return list(_roles_cached(_PAREN.sub(lambda m: " " * len(m.group()), text.lower()), lang))


def role_at_start(text: str, lang: str | None) -> bool:
    """True when `text` begins with a role word (a role label such as `Associé-gérant:`)."""
    low = text.lower()
    return any(comp.role_any.match(low) for comp in compiled(lang))


@lru_cache(maxsize=65536)
def signature_of(text: str, lang: str | None) -> tuple[Signature | None, int, int]:
    """The signature right named in `text` and its span, or (None, -1, -1)."""
    low = text.lower()
    for comp in compiled(lang):
        m = comp.signature_any.search(low)
        if m:
            return comp.vocab.signature_patterns[int(m.lastgroup[1:])][1], m.start(), m.end()  # type: ignore[index]
    return None, -1, -1


def _adjective_forms(word: str, lang: str) -> list[str]:
    """Candidate base forms of a nationality adjective (inflection stripped)."""
    w = word.lower()
    forms = [w]
    if lang == "de":
        for end in ("er", "en", "es", "em", "e"):
            if w.endswith(end):
                forms.append(w[: -len(end)])
    elif lang == "fr":
        if w.endswith("s"):
            w = w[:-1]
            forms.append(w)
        if w.endswith("que"):
            forms += [w[:-3], w[:-3] + "c"]
        if w.endswith("nne"):
            forms.append(w[:-2])
        if w.endswith("e"):
            forms.append(w[:-1])
    elif lang == "it":
        if w[-1:] in "oaei":
            forms.append(w[:-1])
        if w.endswith(("chi", "che")):
            forms.append(w[:-2])
    return forms


@lru_cache(maxsize=65536)
def nationality_of(field: str, lang: str | None) -> str | None:
    """The country a nationality field names (`deutscher Staatsangehöriger` → `Deutschland`)."""
    for comp in compiled(lang):
        v = comp.vocab
        if field.lower() in v.stateless:
            return field
        for rx in comp.nationality:
            m = rx.match(field)
            if not m:
                continue
            groups = m.groupdict()
            if groups.get("adj"):
                for form in _adjective_forms(groups["adj"], v.lang):
                    if form in v.nationalities:
                        return v.nationalities[form]
            if groups.get("country"):
                country = groups["country"].strip()
                if country.lower() in comp.countries:
                    return country
    return None


@lru_cache(maxsize=1)
def _given_names() -> frozenset[str]:
    names: set[str] = set()
    for v in ordered(None):
        names |= v.given_names
    return frozenset(names | {strip_accents(n) for n in names})


@lru_cache(maxsize=65536)
def is_given_name(token: str) -> bool:
    """True when `token` is a common given name (`Jean-Pierre`: each hyphen part is one)."""
    low = token.lower().strip(".,")
    names = _given_names()
    if low in names or strip_accents(low) in names:
        return True
    parts = low.split("-")
    return len(parts) > 1 and all(p in names or strip_accents(p) in names for p in parts)
