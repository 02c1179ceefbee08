"""Persons written as running prose (Geneva, Vaud, Neuchâtel; old German branch notices).

Three shapes cover the conventions of shab-notices.md:
- a role label: `Associé-gérant: Grisca Igor, de Roumanie, à Onex, … avec signature individuelle.`
- a granted signature: `Signature collective à deux a été conférée à A, de France, à X, B, …`,
  `Für die Zweigniederlassung zeichnen mit Einzelunterschrift A, …; mit Kollektivprokura B …`
- a removal: `La procuration de X est radiée.`, `Die Prokura von X ist erloschen.`
"""

from __future__ import annotations

import re
from functools import lru_cache

from ingestion.extraction.entries import (
    Context,
    Entry,
    Mention,
    build_entries,
    classify,
    fields_of,
    to_mention,
)
from ingestion.extraction.lexicon import role_at_start, roles_of, signature_of
from ingestion.extraction.models import Action, Role
from ingestion.extraction.text import split_top
from ingestion.extraction.vocab import ordered

_LABEL = re.compile(r"^(?P<label>[^:;()\[\]]{2,80}?)\s*:\s*(?P<rest>.+)$")
_QUALIFIER = re.compile(
    r"^(?:nouvel(?:le)?s?|nouveaux|nouveau|neue[rn]?|nuov[oaie]|weitere[rn]?|autres?)\s+",
    re.IGNORECASE,
)
_GRANT_LEAD = re.compile(
    r"^\s*(?:(?:a|ont) été|est|sont|è stata|sono state|wurde|ist|wird|werden)?\s*"
    r"(?:conférée?s?|attribuée?s?|conferit[aei]|erteilt|accordée?s?)?\s*(?:à|a|an|aux)?\s+(?=\S)"
)
_AND = re.compile(r"\s+(?:et|und|e)\s+")
_ARTICLES = frozenset(
    {
        "La",
        "Le",
        "Les",
        "L'",
        "Die",
        "Der",
        "Das",
        "Il",
        "Lo",
        "Gli",
        "I",
        "Sa",
        "Son",
        "Ses",
        "Sein",
        "Seine",
        "Ihre",
        "Sua",
        "Suo",
        "Cette",
        "Diese",
        "Questa",
    }
)
_NAME_PARTICLES = frozenset(
    {
        "von",
        "van",
        "de",
        "du",
        "des",
        "di",
        "da",
        "del",
        "della",
        "dos",
        "der",
        "den",
        "le",
        "la",
        "zu",
        "zur",
    }
)
_CONJ_START = re.compile(r"^(?:und|et|e)\s+")
_PARTICLE_START = re.compile(r"(?:von|van|de|di|da|del|della|du|des|dos) [A-ZÄÖÜÉÈ]")
_BY = re.compile(r"\b(?:par|durch|da parte di|da)\s+(?=[A-ZÄÖÜÉ])")


@lru_cache(maxsize=8)
def _removal(lang: str | None) -> tuple[tuple[re.Pattern[str], Role | None], ...]:
    return tuple((re.compile(p), r) for v in ordered(lang) for p, r in v.removal_templates)


@lru_cache(maxsize=8)
def _cues(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str]]:
    removal = "|".join(p for v in ordered(lang) for p in v.removal_cues)
    grant = "|".join(p for v in ordered(lang) for p in v.grant_cues)
    return re.compile(removal), re.compile(grant)


def _accept(entry: Entry) -> bool:
    """A prose entry names a person only with a place, or with a signature and a function."""
    return entry.located or (entry.signature is not None and bool(entry.role_texts))


def _mentions(text: str, ctx: Context) -> list[Mention]:
    out: list[Mention] = []
    entries = build_entries(fields_of(text), ctx.lang)
    shared = next((e.distributive for e in reversed(entries) if e.distributive), None)
    for entry in entries:
        if not (_accept(entry) or (ctx.signature is not None and entry.names)):
            continue
        mention = to_mention(entry, ctx, shared)
        if mention is not None:
            out.append(mention)
    return out


def _names_only(text: str, ctx: Context) -> list[Mention]:
    """`A, B et C` with or without places: each comma field without a place is a person; a role
    field (`X, administrateur, démissionnaire`) belongs to the person before it."""
    parts = fields_of(_AND.sub(", ", text))
    # The first field is a name even when it looks like an origin ("de Weck Léa").
    if any(classify(p, ctx.lang).kind in ("origin", "residence", "nationality") for p in parts[1:]):
        return _mentions(", ".join(parts), ctx)
    entries: list[Entry] = []
    removal_rx, _ = _cues(ctx.lang)
    for p in parts:
        if len(p.split()) <= 2 and removal_rx.search(p):
            continue  # "X, démissionnaire, …": the removal word, not a name
        kind = classify(p, ctx.lang).kind
        if kind in ("role", "signature", "shares", "distributive"):
            if entries and kind == "role":
                entries[-1].role_texts.append(p)
            continue
        entries.append(Entry(names=[p]))
    out: list[Mention] = []
    for entry in entries:
        mention = to_mention(entry, ctx)
        if mention is not None:
            out.append(mention)
    return out


def _plausible_names(text: str) -> bool:
    """True when `text` (before `n'est plus`, `ist nicht mehr` …) starts like a person's name:
    capitalised words or particles, not an article (`La société`, `Die Gesellschaft`)."""
    first = _AND.sub(", ", text).split(",", 1)[0]
    tokens = first.split()
    if len(tokens) < 2 or tokens[0] in _ARTICLES:
        return False
    return all(
        t[:1].isupper() or t in _NAME_PARTICLES or t.rstrip(".") in ("jun", "sen") for t in tokens
    )


def _starts_with_entry(sentence: str, lang: str | None) -> bool:
    """`Dupont Marc, de Genève, à Lancy, …`: a name field followed by an origin / residence."""
    if sentence.count(",") < 1:
        return False
    parts = sentence.split(",", 2)[:2]  # only the first two fields matter: no bracket-aware split
    parts = [_CONJ_START.sub("", p.strip()) for p in parts]
    if ":" in parts[0] or "(" in parts[0] or "[" in parts[0] or not _plausible_names(parts[0]):
        return False
    first = classify(parts[0], lang).kind
    return (
        first == "unknown" or (first == "origin" and _PARTICLE_START.match(parts[0]) is not None)
    ) and classify(parts[1], lang).kind in (
        "origin",
        "nationality",
        "residence",
        "origin_residence",
    )


def parse_sentence(sentence: str, lang: str | None, sarl: bool) -> list[Mention]:
    """Persons and companies named in one prose sentence ([] when it names none)."""
    removal_rx, _grant_rx = _cues(lang)
    removal = removal_rx.search(sentence) is not None
    for rx, role in _removal(lang) if removal else ():
        m = rx.search(sentence)
        if m and (not rx.pattern.startswith("^") or _plausible_names(m.group("names"))):
            left = m.groupdict().get("role")
            role_text = left.strip() if left and roles_of(left, lang) else None
            ctx = Context(lang=lang, action="removed", role=role, role_text=role_text, sarl=sarl)
            return _names_only(m.group("names"), ctx)
    m = _LABEL.match(sentence)
    if m:
        label = _QUALIFIER.sub("", m.group("label").strip())
        if role_at_start(label, lang):
            action: Action = "removed" if removal_rx.search(label) else "registered"
            ctx = Context(lang=lang, action=action, role_text=label, sarl=sarl)
            found = _mentions(m.group("rest"), ctx)
            if not found and _plausible_names(m.group("rest")):
                # "Administrateurs sortants: Favre Louis et Rochat Anne.": names without places
                found = _names_only(m.group("rest"), ctx)
            return found
    out: list[Mention] = []
    for segment in split_top(sentence, ";"):
        sig, start, end = signature_of(segment, lang)
        if sig is None:
            continue
        seg_action: Action = "removed" if removal_rx.search(segment) else "registered"
        after = _GRANT_LEAD.sub("", segment[end:]).strip(" ,")
        ctx = Context(lang=lang, action=seg_action, signature=sig, sarl=sarl)
        found = _mentions(after, ctx) if after[:1].isupper() or _PARTICLE_START.match(after) else []
        if not found:
            before = segment[:start]
            by = list(_BY.finditer(before))
            if by:
                found = _mentions(
                    segment[by[-1].end() :], Context(lang=lang, action=seg_action, sarl=sarl)
                )
        out.extend(found)
    if not out and _starts_with_entry(sentence, lang):
        # `Dupont Marc, de Genève, à Lancy, avec signature individuelle [précédemment: …]`
        action = "removed" if removal and not _grant_rx.search(sentence) else "registered"
        out = _mentions(sentence, Context(lang=lang, action=action, sarl=sarl))
    return out
