"""Swiss enterprise identification numbers (UID) and old register numbers (CH-...).

A UID is `CHE` (or `ADM` for administrative units) and nine digits, the ninth a check digit
(eCH-0097: weights 5,4,3,2,7,6,5,4 on the first eight, modulo 11, `11 - r`; r = 0 gives 0 and
r = 1 never occurs in a valid UID). People and notices write it `CHE-123.456.789`,
`CHE123456789`, `CHE.123.456.789`, `CHE 123 456 789`, with a VAT suffix (`MWST`, `TVA`, `IVA`) or
a stray `?`. One regex family reads them all, so that a UID typed in a question is the UID the
build stored. An invalid UID is still evidence: the parsers keep it and say it is invalid.
"""

from __future__ import annotations

import re
from typing import Final

UID_WEIGHTS: Final = (5, 4, 3, 2, 7, 6, 5, 4)
"""eCH-0097 weights of the first eight digits."""

_PREFIX: Final = r"(?P<prefix>CHE|ADM)"
_SEP: Final = r"[\s.'\-]?"
_DIGITS: Final = rf"(?P<a>\d{{3}}){_SEP}(?P<b>\d{{3}}){_SEP}(?P<c>\d{{3}})"

CANONICAL_UID: Final = r"CHE-\d{3}\.\d{3}\.\d{3}"
"""Regex source of a UID as the register prints it (`CHE-123.456.789`), to embed in the
patterns of notice phrases (`Identifikationsnummer des Hauptsitzes: CHE-...`)."""
CODE13_TEXT: Final = r"CH-\d[\d.\-]{6,}\d"
"""Regex source of an old register number as notices print it (`CH-020.7.000.695-4`)."""

UID_PATTERN: Final = re.compile(rf"(?<![A-Za-z0-9]){_PREFIX}[\s\-.]?{_DIGITS}(?!\d)", re.IGNORECASE)
"""A UID inside free text (a question, a notice line); groups `prefix`, `a`, `b`, `c`."""

# A whole field holding a UID: separators anywhere between digits, a VAT or register suffix.
_UID_FIELD: Final = re.compile(
    r"^\s*(?P<prefix>CHE|ADM)[\s\-.]*(?P<digits>(?:\d[\s.'\-]*){9})"
    r"(?:\s*(?:MWST|TVA|IVA|HR|RC|RI))?\s*\??\s*$",
    re.IGNORECASE,
)
_CODE13_FIELD: Final = re.compile(r"^\s*CH[\s\-.]*((?:\d[\s.\-]*){11})\s*$", re.IGNORECASE)
_NON_DIGIT: Final = re.compile(r"\D")


def check_digit(first_eight: str) -> int | None:
    """The check digit of eight UID digits, or None when no ninth digit can be valid (r = 1)."""
    total = sum(int(d) * w for d, w in zip(first_eight, UID_WEIGHTS, strict=True))
    r = total % 11
    if r == 0:
        return 0
    if r == 1:
        return None
    return 11 - r


def format_uid(digits: str, prefix: str = "CHE") -> str:
    """Nine digits in the register's spelling: `123456789` -> `CHE-123.456.789`."""
    return f"{prefix.upper()}-{digits[0:3]}.{digits[3:6]}.{digits[6:9]}"


def _digits_valid(digits: str) -> bool:
    expected = check_digit(digits[:8])
    return expected is not None and expected == int(digits[8])


def parse_uid(text: str | None) -> str | None:
    """The canonical `CHE-123.456.789` of a field that holds one UID, else None.

    The check digit is not judged here (see `check_uid`): a mistyped UID still names a company.
    """
    if not text:
        return None
    match = _UID_FIELD.match(text)
    if not match:
        return None
    return format_uid(_NON_DIGIT.sub("", match["digits"]), match["prefix"])


def check_uid(text: str | None) -> tuple[str | None, bool]:
    """(canonical UID, check digit valid), or (None, False) for text that is no UID at all."""
    uid = parse_uid(text)
    if uid is None:
        return None, False
    return uid, _digits_valid(_NON_DIGIT.sub("", uid))


def normalise_uid(text: str) -> tuple[str, bool]:
    """(canonical UID, valid) for a source field; unparseable text comes back stripped, invalid."""
    uid, valid = check_uid(text)
    return (uid, valid) if uid is not None else (text.strip(), False)


def is_valid(text: str | None) -> bool:
    """True for a UID in any accepted spelling whose check digit is right."""
    return check_uid(text)[1]


def find_uid(text: str) -> str | None:
    """The first UID written in free text, canonical (check digit not judged), else None."""
    match = UID_PATTERN.search(text)
    return format_uid(match["a"] + match["b"] + match["c"], match["prefix"]) if match else None


def remove_uids(text: str, replacement: str = " ") -> str:
    """The text with every UID replaced (so its digits are not read as dates or numbers)."""
    return UID_PATTERN.sub(replacement, text)


def parse_code13(text: str | None) -> str | None:
    """An old register number reduced to `CH` + its digits (`CH-020.7.000.695-4` ->
    `CH02070006954`), else None; a UID (`CHE-...`) is not one."""
    if not text:
        return None
    upper = text.strip().upper()
    if not upper.startswith("CH") or upper.startswith("CHE"):
        return None
    digits = _NON_DIGIT.sub("", upper)
    return f"CH{digits}" if len(digits) >= 9 else None


def normalise_code13(text: str) -> str:
    """A source's eleven-digit register number in its compact form; other text stripped."""
    match = _CODE13_FIELD.match(text)
    if not match:
        return text.strip()
    return "CH" + _NON_DIGIT.sub("", match.group(1))
