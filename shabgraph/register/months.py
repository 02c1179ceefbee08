"""Month names in German, French, Italian and English, folded, to their number.

Notices write dates as `12. Januar 2024`, `12 janvier 2024`, `12 gennaio 2024`; questions also in
English (`January 12, 2024`). Names are folded (lower case, no accents: `März` -> `marz`).
"""

from __future__ import annotations

from typing import Final

_NAMES: Final = {
    "en": ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"),
    "de": ("januar", "februar", "marz", "april", "mai", "juni", "juli", "august",
           "september", "oktober", "november", "dezember"),
    "fr": ("janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout",
           "septembre", "octobre", "novembre", "decembre"),
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
           "settembre", "ottobre", "novembre", "dicembre"),
}  # fmt: skip

MONTH_NAMES: Final = {lang: names for lang, names in _NAMES.items()}
"""Language -> the twelve folded month names, January first."""

MONTHS: Final[dict[str, int]] = {
    name: number for names in _NAMES.values() for number, name in enumerate(names, 1)
}
"""Full folded month name (any of the four languages) -> month number."""

MONTH_ABBREVIATIONS: Final[dict[str, int]] = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "okt": 10, "nov": 11, "dec": 12, "dez": 12, "maerz": 3,
    "janv": 1, "fevr": 2, "avr": 4, "juil": 7, "gen": 1, "mag": 5, "giu": 6, "lug": 7,
    "ago": 8, "set": 9, "ott": 10, "dic": 12,
}  # fmt: skip
"""Abbreviations and the spelled-out `maerz`, kept apart: `mar` or `dez` alone are also words."""

MONTHS_AND_ABBREVIATIONS: Final[dict[str, int]] = {**MONTHS, **MONTH_ABBREVIATIONS}
"""Every folded month word -> month number."""


def month_number(word: str) -> int | None:
    """The number of a folded month name or abbreviation (`marz`, `sept.`), else None."""
    return MONTHS_AND_ABBREVIATIONS.get(word.strip().rstrip(".").lower())
