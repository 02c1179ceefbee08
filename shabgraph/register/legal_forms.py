"""The legal forms of the Swiss register: eCH-0097 codes, names and abbreviations per language.

The register files every company under an eCH-0097 code; notices and users write the form in
the notice's language (`AG` / `SA` / `SA`, `GmbH` / `Sàrl` / `Sagl`, `Genossenschaft` /
`société coopérative` / `società cooperativa`) or in English. One table holds them all, so that
the build's labels, the extractor's markers, the planner's words and the scorers agree.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Final


@dataclass(frozen=True)
class LegalForm:
    """One legal form of the register."""

    code: str
    """eCH-0097 code (`0106`)."""
    label: str
    """Short German label the graph stores (`AG`, `GmbH`, `Genossenschaft`)."""
    names: dict[str, str]
    """Full name per language: de, fr, it, en."""
    abbreviations: dict[str, str]
    """The abbreviation a company name ends with, per language (only forms that have one)."""
    spellings: tuple[str, ...] = ()
    """Other written forms seen in notices and questions (`S.A.`, `S.à r.l.`, `ditta individuale`)."""
    zefix_id: str | None = None
    """Numeric legal-form id of the Zefix services."""

    def written_forms(self) -> tuple[str, ...]:
        """Every way the form is written: names, abbreviations, other spellings (no repeats)."""
        return tuple(
            dict.fromkeys((*self.names.values(), *self.abbreviations.values(), *self.spellings))
        )


LEGAL_FORMS: Final = (
    LegalForm(
        "0101",
        "Einzelunternehmen",
        {
            "de": "Einzelunternehmen",
            "fr": "entreprise individuelle",
            "it": "impresa individuale",
            "en": "sole proprietorship",
        },
        {},
        ("Einzelunternehmung", "ditta individuale"),
        "1",
    ),
    LegalForm(
        "0103",
        "Kollektivgesellschaft",
        {
            "de": "Kollektivgesellschaft",
            "fr": "société en nom collectif",
            "it": "società in nome collettivo",
            "en": "general partnership",
        },
        {"fr": "SNC"},
        (),
        "2",
    ),
    LegalForm(
        "0104",
        "Kommanditgesellschaft",
        {
            "de": "Kommanditgesellschaft",
            "fr": "société en commandite",
            "it": "società in accomandita",
            "en": "limited partnership",
        },
        {"de": "KG"},
        (),
        "10",
    ),
    LegalForm(
        "0105",
        "Kommanditaktiengesellschaft",
        {
            "de": "Kommanditaktiengesellschaft",
            "fr": "société en commandite par actions",
            "it": "società in accomandita per azioni",
            "en": "partnership limited by shares",
        },
        {"de": "KmAG", "fr": "SCA", "it": "SAA"},
    ),
    LegalForm(
        "0106",
        "AG",
        {
            "de": "Aktiengesellschaft",
            "fr": "société anonyme",
            "it": "società anonima",
            "en": "stock corporation",
        },
        {"de": "AG", "fr": "SA", "it": "SA"},
        ("S.A.", "companies limited by shares"),
        "3",
    ),
    LegalForm(
        "0107",
        "GmbH",
        {
            "de": "Gesellschaft mit beschränkter Haftung",
            "fr": "société à responsabilité limitée",
            "it": "società a garanzia limitata",
            "en": "limited liability company",
        },
        {"de": "GmbH", "fr": "Sàrl", "it": "Sagl"},
        ("Sarl", "S.à r.l.", "società a responsabilità limitata", "LLC", "Ltd liab Co"),
        "4",
    ),
    LegalForm(
        "0108",
        "Genossenschaft",
        {
            "de": "Genossenschaft",
            "fr": "société coopérative",
            "it": "società cooperativa",
            "en": "cooperative",
        },
        {},
        ("coopérative", "cooperativa"),
        "5",
    ),
    LegalForm(
        "0109",
        "Verein",
        {"de": "Verein", "fr": "association", "it": "associazione", "en": "association"},
        {},
        (),
        "6",
    ),
    LegalForm(
        "0110",
        "Stiftung",
        {"de": "Stiftung", "fr": "fondation", "it": "fondazione", "en": "foundation"},
        {},
        (),
        "7",
    ),
    LegalForm(
        "0151",
        "Zweigniederlassung",
        {
            "de": "Zweigniederlassung",
            "fr": "succursale",
            "it": "succursale svizzera",
            "en": "branch",
        },
        {},
        ("Filiale",),
        # Zefix's 9 is any branch: it cannot tell a Swiss head office from a foreign one.
        "9",
    ),
    LegalForm(
        "0111",
        "Zweigniederlassung ausländische Gesellschaft",
        {
            "de": "Zweigniederlassung einer ausländischen Gesellschaft",
            "fr": "succursale d'une société étrangère",
            "it": "succursale di una società estera",
            "en": "branch of a foreign company",
        },
        {},
    ),
)
"""Every legal form, in eCH-0097 code order (the registered kinds of entity)."""

FOREIGN_FORMS: Final = ("GmbH", "AG", "S.A.S.", "S.r.l.", "Ltd", "B.V.", "S.L.", "Inc", "plc")
"""Abbreviations of foreign companies that appear as head offices or partners."""

_LEGAL_FORM_TEXT: Final = """
    ag sa sagl sarl gmbh srl ltd llc inc kg co cie plc limited corp corporation
    aktiengesellschaft gesellschaft mit beschrankter haftung societe anonyme societa anonima
    responsabilite limitee responsabilita limitata genossenschaft cooperative cooperativa
    verein association associazione stiftung fondation fondazione kollektivgesellschaft
    kommanditgesellschaft einzelunternehmen succursale zweigniederlassung filiale
    en liquidation in liquidazione liq
"""
LEGAL_FORM_WORDS: Final = frozenset(_LEGAL_FORM_TEXT.split())
"""Folded words that say what kind of company it is, not which one (dropped from NameHub keys).

Fixed on purpose rather than derived from the table: every key in a built graph depends on it,
and words such as `nom` or `collectif` of the longer names do name companies."""

_BY_CODE: Final = {form.code: form for form in LEGAL_FORMS}
_BY_ZEFIX: Final = {form.zefix_id: form.code for form in LEGAL_FORMS if form.zefix_id}


def by_code(code: str | None) -> LegalForm | None:
    """The legal form of an eCH-0097 code, else None."""
    return _BY_CODE.get(code or "")


def label(code: str | None) -> str | None:
    """The short German label the graph stores for a code (`0107` -> `GmbH`), else None."""
    form = by_code(code)
    return form.label if form else None


def code_from_zefix(zefix_id: str | int | None) -> str | None:
    """The eCH-0097 code of a Zefix numeric legal-form id (`3` -> `0106`), else None."""
    return _BY_ZEFIX.get(str(zefix_id).strip()) if zefix_id is not None else None


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@cache
def spellings() -> dict[str, str]:
    """Folded written form (lower case, no accents) -> code, longest forms first.

    Longest first so that a caller replacing forms in a name turns `société anonyme` into one
    form before `sa` could match inside it.
    """
    pairs = {_fold(w): form.code for form in LEGAL_FORMS for w in form.written_forms()}
    return dict(sorted(pairs.items(), key=lambda kv: (-len(kv[0]), kv[0])))


def code_of(written: str) -> str | None:
    """The code of one written form (`Sàrl`, `S.A.`, `società anonima`), else None."""
    return spellings().get(_fold(written.strip()))


@cache
def abbreviation_pattern(code: str) -> re.Pattern[str]:
    """A regex finding the abbreviations and short spellings of one form as whole words
    (`GmbH`, `Sàrl`, `Sagl`, `S.à r.l.`, ... for `0107`), case as written."""
    form = _BY_CODE[code]
    short = [w for w in (*form.abbreviations.values(), *form.spellings) if len(w.split()) <= 3]
    alternatives = "|".join(
        re.escape(w) for w in sorted(dict.fromkeys(short), key=len, reverse=True)
    )
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")
