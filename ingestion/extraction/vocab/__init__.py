"""Per-language vocabularies of the rules extractor: data only, one module per language.

Every word list the extractor matches on lives here (headings, role words, signature phrases,
nationalities, event cues, legal-form words), so a new convention is a data change, not a code
change. `VOCABS` maps a language code to its `Vocabulary`; `ordered(lang)` puts the notice's own
language first because bilingual cantons mix conventions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingestion.extraction.models import Action, EventType, Role, Signature


@dataclass(frozen=True)
class Vocabulary:
    """Everything the rules extractor knows about one language."""

    lang: str
    """ISO code: de, fr or it."""
    markers: tuple[str, ...]
    """Frequent function words, for language detection."""
    person_headings: tuple[tuple[str, Action], ...]
    """Person-block headings (regex) with the action of their entries; longest first."""
    origin_prefixes: tuple[str, ...]
    """Words introducing a Swiss place of origin (`von`, `de`, `da`)."""
    residence_prefixes: tuple[str, ...]
    """Words introducing a residence or seat (`in`, `à`)."""
    origin_and_residence: str
    """Regex of `von und in X` (origin and residence the same place)."""
    nationality_patterns: tuple[str, ...]
    """Regexes with a group `adj` (an adjective) or `country` (a country name)."""
    nationalities: dict[str, str]
    """Adjective (lower-case, masculine/base form) to country name in this language."""
    stateless: tuple[str, ...]
    """Words for a stateless person."""
    role_patterns: tuple[tuple[str, Role], ...]
    """Role regexes, most specific first; matched on lower-cased function text."""
    signature_patterns: tuple[tuple[str, Signature], ...]
    """Signature-right regexes, most specific first."""
    previous_markers: tuple[str, ...]
    """Bracket labels of earlier values (`bisher`, `précédemment`)."""
    correction_markers: tuple[str, ...]
    """Bracket labels of corrected-away values (`nicht`, `non`)."""
    alias_markers: tuple[str, ...]
    """Words introducing a nickname that is not part of the name (`dit`, `genannt`)."""
    share_markers: tuple[str, ...]
    """Regexes of capital-share clauses that end an entry (`mit 100 Stammanteilen`)."""
    distributive: tuple[str, ...]
    """Regexes of `beide`, `les trois`: a role shared by every person of a list."""
    event_cues: tuple[tuple[str, EventType], ...]
    """Regexes whose presence in the body of a notice signals an event."""
    deletion_cues: tuple[str, ...]
    """Regexes of the entity being deleted."""
    removal_cues: tuple[str, ...]
    """Regexes in prose sentences saying persons or signatures were removed."""
    grant_cues: tuple[str, ...]
    """Regexes in prose introducing persons granted a signature (`conférée à`)."""
    removal_templates: tuple[tuple[str, Role | None], ...]
    """Regexes with a group `names` naming persons removed (`La procuration de X est radiée`) and
    an optional group `role` holding the function they left (`X n'est plus administrateur`); the
    role given is the one to use when the text names no function (`La signature de X est radiée`)."""
    auditor_labels: tuple[str, ...]
    """Labels of an auditor in prose (`Revisionsstelle:`)."""
    auditor_removed: tuple[str, ...]
    """Regexes with a group `body` holding an auditor that left."""
    head_office_patterns: tuple[str, ...]
    """Regexes with groups `name`, `uid`, `seat` for a branch's head office."""
    transaction_patterns: tuple[tuple[str, Role], ...]
    """Regexes with a group `body` (company, seat, UID) and the counterpart's role."""
    transaction_triggers: tuple[str, ...]
    """Lower-case words one of which every `transaction_patterns` match contains (a cheap gate)."""
    registration_cues: tuple[str, ...]
    """Regexes marking a new entry."""
    name_change: tuple[str, ...]
    """Regexes with a group `value`: the subject's new name."""
    seat_change: tuple[str, ...]
    """Regexes with a group `value`: the subject's new seat."""
    legal_forms: tuple[str, ...]
    """Legal-form words that mark a legal entity (regex)."""
    country_codes_ok: bool = True
    """Whether `à X, FRA` (an ISO code after the residence) occurs."""
    extra_countries: tuple[str, ...] = field(default_factory=tuple)
    """Country names that may follow `de` / `da` but have no adjective here."""
    given_names: frozenset[str] = frozenset()
    """Common given names (lower-case, accents kept): decide `Family Given` vs `Given Family`."""


def ordered(lang: str | None) -> list[Vocabulary]:
    """The vocabularies with `lang` first (the others follow for mixed-language notices)."""
    from ingestion.extraction.vocab import de, fr, it

    vocabs = [de.VOCAB, fr.VOCAB, it.VOCAB]
    return sorted(vocabs, key=lambda v: v.lang != lang)


def get(lang: str | None) -> Vocabulary:
    """The vocabulary of `lang` (German when unknown)."""
    return ordered(lang)[0]
