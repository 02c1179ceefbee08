"""The shape of one language's vocabulary: what the rules extractor knows about a language.

Kept apart from the package's `__init__` so the language modules (de, fr, it) can import it
while the package imports them.
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
    """Words introducing a nickname or a birth name in a field of its own (`dit`, `genannt`,
    `geb. X`, `née X`, `nata X`): not part of the name, and no function."""
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
    # --- Prose of the older and bilingual registers (issue 16) ---------------------------------
    list_labels: tuple[str, ...] = ()
    """Regexes of a label (text before `:`) that introduces a list of persons without being a
    function word: `Neu zeichnen`, `Aus der Verwaltung sind ausgeschieden`, `Gestrichen`."""
    organ_roles: tuple[tuple[str, Role], ...] = ()
    """Organ words of a label (`Verwaltung`, `Administration`): the role of a listed person who
    is given no function of their own."""
    qualifiers: str = r"^$"
    """Regex of words before a label's function (`Als neue`, `Nouveau`, `Nuovo`)."""
    previous_inline: str = r"^$"
    """Regex of a field giving an earlier value in prose (`bisher Mitglied`, `jusqu'ici …`);
    the group `rest` holds the value."""
    entered_before: str = r"^$"
    """Regex of a field saying a person was entered before, without the old values
    (`bisher eingetragen`, `déjà inscrit`, `già iscritto`)."""
    now_verbs: str = r"^$"
    """Regex of the verb opening a field with a person's new values (`ist jetzt`, `zeichnet neu`,
    `est désormais`, `è ora`); the rest of the field is classified as usual."""
    list_subjects: str = r"^$"
    """Regex of a pronoun subject for a whole list (`Beide`, `sie`, `lesquels`, `entrambi`): a
    signature said of it goes to every person of the list."""
    preambles: str = r"^$"
    """Regex of an opening fragment before the persons of a sentence (`Gemäss Beschluss …:`,
    `Par décision du conseil …,`) that is no part of any name."""
    list_prepositions: tuple[str, ...] = ()
    """Prepositions repeated before each name of an expiry list (`von A und von B`)."""
    entry_labels: tuple[tuple[str, Action], ...] = ()
    """Regexes of a label inside a list entry (`Revisionsstelle: Neu: X AG …`, `organe de
    révision: nouveau: X SA; radié: Y Sàrl`) with the action it gives the entry."""
    appoint_verbs: str = r"^$"
    """Regex of a verb after which the appointed persons follow (`a nommé`, `ha nominato`)."""
    auditor_replaced: str = r"^$"
    """Regex of a field naming the auditor a new one replaces (`en remplacement de X`)."""
    plural_verbs: str = r"(?!)"
    """Regex of a plural verb opening the last field of a prose list (`ont été nommés
    administrateurs`, `sono stati nominati membri`, `wurden als Mitglieder gewählt`): the
    function it names is every listed person's."""
    share_transfers: str = r"(?!)"
    """Regex of a clause handing a partner's shares on (`ses parts sont cédées à`, `seine
    Stammanteile wurden übertragen an`, `le sue quote sono cedute a`): the persons after it, or
    in its group `names` when the verb closes the clause, receive them and so are partners."""
    form_descriptions: str = r"(?!)"
    """Regex of a legal form written out (`société par actions simplifiée de droit français`,
    `a responsabilità limitata di diritto italiano`, `Gesellschaft … nach deutschem Recht`):
    after a company name it describes the company and is no part of the name."""
