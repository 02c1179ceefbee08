"""The regexes and word sets of the prose parser (`prose`), compiled once per language from
the vocabularies: labels, organs, qualifiers, preambles, removal templates and cues."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ingestion.extraction.gates import lead_gated, needles
from ingestion.extraction.models import Role
from ingestion.extraction.vocab import ordered

LABEL_RX = re.compile(r"^(?P<label>[^:;()\[\]]{2,120}?)\s*:\s*(?P<rest>.+)$")


QUALIFIER_RX = re.compile(
    r"^(?:nouvel(?:le)?s?|nouveaux|nouveau|neue[rn]?|nuov[oaie]|weitere[rn]?|autres?)\s+",
    re.IGNORECASE,
)


GRANT_LEAD_RX = re.compile(
    r"^\s*(?:(?:a|ont) été|est|sont|è stata|sono state|è|sono|wurde|ist|wird|werden)?\s*"
    r"(?:conférée?s?|attribuée?s?|conferit[aei]|erteilt|accordée?s?)?\s*(?:à|a|an|aux)?\s+(?=\S)"
)


AND_RX = re.compile(r"\s+(?:et|und|e)\s+")


ARTICLES = frozenset(
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


NAME_PARTICLES = frozenset(
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


CONJ_START_RX = re.compile(r"^(?:und|et|e)\s+")


# The definite articles before a function that precedes a name (`Le président X, …`,
# `Der Präsident X, …`, `Il presidente X, …`); `L'` is glued to the function.
LEAD_ARTICLES = frozenset({"Le", "La", "Les", "Der", "Die", "Das", "Il", "Lo", "I", "Gli"})


PARTICLE_START_RX = re.compile(r"(?:von|van|de|di|da|del|della|du|des|dos) [A-ZÄÖÜÉÈ]")


BY_RX = re.compile(r"\b(?:par|durch|da parte di|da|dal|dalla|dall')\s+(?=\S)")


# "…, et à B, …" / "…, e a B, …": the grant's preposition repeated before the next person.
AND_TO_RX = re.compile(r"(?:,\s*|\s+)(?:et|e|und|sowie) (?:à|a|an|aux) (?=[A-ZÄÖÜÉ])")


SIG_EDGE_RX = re.compile(
    r"(?:^\s*(?:mit|avec|con|und|et|e)\b|\b(?:mit|avec|con|und|et|e|pour la \w+|für die \w+)\s*$)",
    re.IGNORECASE,
)


NAME_SEP_RX = re.compile(r"(,?\s+(?:und|et|e|sowie)\s+|,\s*)")


@dataclass(frozen=True)
class _LabelRx:
    """The label and list regexes of the languages, each family joined into one scan."""

    list_label: re.Pattern[str]
    """Any `list_labels` pattern."""
    organs: tuple[tuple[re.Pattern[str], Role], ...]
    """Organ words with the role they imply."""
    qualifiers: re.Pattern[str]
    """Any language's qualifier words before a label's function."""
    preamble: re.Pattern[str]
    """Any language's opening fragment."""
    prepositions: tuple[str, ...]
    """Prepositions repeated before the names of an expiry list."""
    entry_label: re.Pattern[str]
    """`Neu:` / `radié:` inside an entry; the group `gone` is set for a removal."""
    appoint: re.Pattern[str]
    """Any language's appointing verb (`a nommé`, `ha nominato`)."""
    appoint_keys: frozenset[str] | None
    """Strings one of which `appoint` cannot match without (most sentences appoint nobody)."""
    plural_verbs: re.Pattern[str]
    """Any language's plural verb opening a list's closing function field."""
    share_transfer: re.Pattern[str]
    """Any language's clause handing a partner's shares on to the persons after it."""
    share_keys: frozenset[str] | None
    """Strings one of which `share_transfer` cannot match without."""


@lru_cache(maxsize=8)
def label_patterns(lang: str | None) -> _LabelRx:
    vocabs = ordered(lang)
    appoint = "|".join(f"(?:{v.appoint_verbs})" for v in vocabs)
    # Only one language names a group `names` (a verb closing the clause): the join stays valid.
    shares = "|".join(f"(?:{v.share_transfers})" for v in vocabs)
    return _LabelRx(
        list_label=re.compile(
            "|".join(f"(?:{p})" for v in vocabs for p in v.list_labels), re.IGNORECASE
        ),
        organs=tuple((re.compile(p), r) for v in vocabs for p, r in v.organ_roles),
        qualifiers=re.compile("|".join(f"(?:{v.qualifiers})" for v in vocabs), re.IGNORECASE),
        preamble=re.compile("|".join(f"(?:{v.preambles})" for v in vocabs)),
        prepositions=tuple(dict.fromkeys(w for v in vocabs for w in v.list_prepositions)),
        appoint=re.compile(lead_gated(appoint)),
        appoint_keys=needles(appoint),
        plural_verbs=re.compile("|".join(f"(?:{v.plural_verbs})" for v in vocabs)),
        share_transfer=re.compile(shares),
        share_keys=needles(shares),
        entry_label=re.compile(
            r"^(?:(?P<gone>"
            + "|".join(p for v in vocabs for p, a in v.entry_labels if a == "removed")
            + r")|(?:"
            + "|".join(p for v in vocabs for p, a in v.entry_labels if a == "registered")
            + r"))\s*:\s*"
        ),
    )


@lru_cache(maxsize=8)
def removal_patterns(
    lang: str | None,
) -> tuple[tuple[frozenset[str] | None, re.Pattern[str], Role | None], ...]:
    # Each template carries the strings it cannot match without (a substring test is cheaper).
    return tuple(
        (needles(p), re.compile(lead_gated(p)), r)
        for v in ordered(lang)
        for p, r in v.removal_templates
    )


@lru_cache(maxsize=8)
def cue_patterns(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str]]:
    removal = "|".join(p for v in ordered(lang) for p in v.removal_cues)
    grant = "|".join(p for v in ordered(lang) for p in v.grant_cues)
    return re.compile(lead_gated(removal)), re.compile(lead_gated(grant))
