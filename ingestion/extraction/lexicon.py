"""Compiled vocabularies and the small pure lookups built on them (roles, signature, nationality).

Each lookup tries the notice's language first, then the others, because German notices of
bilingual cantons and mixed-language notices occur.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ingestion.extraction.models import Role, Signature
from ingestion.extraction.vocab import Vocabulary, ordered


@dataclass(frozen=True)
class Compiled:
    """One vocabulary with its regexes compiled once."""

    vocab: Vocabulary
    """The source vocabulary."""
    roles: tuple[tuple[re.Pattern[str], Role], ...]
    """Role regexes (lower-case text), most specific first."""
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
        out.append(Compiled(
            vocab=v,
            roles=tuple((re.compile(rf"\b(?:{p})\b"), r) for p, r in v.role_patterns),
            signatures=tuple((re.compile(rf"\b(?:{p})\b"), s) for p, s in v.signature_patterns),
            nationality=tuple(re.compile(p) for p in v.nationality_patterns),
            countries=frozenset(c.lower() for c in (*v.nationalities.values(), *v.extra_countries)),
        ))
    return tuple(out)


_PAREN = re.compile(r"\([^)]*\)")


def roles_of(text: str, lang: str | None) -> list[Role]:
    """Coarse roles named in a function text, in text order (`[]` when none is recognised)."""
    low = _PAREN.sub(lambda m: " " * len(m.group()), text.lower())
    for comp in compiled(lang):
        found: list[tuple[int, Role]] = []
        masked = low
        for rx, role in comp.roles:
            for m in rx.finditer(masked):
                found.append((m.start(), role))
                masked = masked[: m.start()] + "#" * (m.end() - m.start()) + masked[m.end():]
        if found:
            roles: list[Role] = []
            for _, role in sorted(found):
                if role not in roles:
                    roles.append(role)
            return roles
    return []


def role_at_start(text: str, lang: str | None) -> bool:
    """True when `text` begins with a role word (a role label such as `Associé-gérant:`)."""
    low = text.lower()
    for comp in compiled(lang):
        for rx, _ in comp.roles:
            m = rx.match(low)
            if m:
                return True
    return False


def signature_of(text: str, lang: str | None) -> tuple[Signature | None, int, int]:
    """The signature right named in `text` and its span, or (None, -1, -1)."""
    low = text.lower()
    best: tuple[Signature | None, int, int] = (None, -1, -1)
    for comp in compiled(lang):
        for rx, sig in comp.signatures:
            m = rx.search(low)
            if m and (best[0] is None or m.start() < best[1]):
                best = (sig, m.start(), m.end())
        if best[0] is not None:
            return best
    return best


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
