"""Swiss enterprise identification numbers (UID) and old register numbers.

A UID is `CHE-` and nine digits, the ninth a check digit (eCH-0097: weights 5,4,3,2,7,6,5,4 on the
first eight, modulo 11, `11 - r`; r = 0 gives 0 and r = 1 never occurs in a valid UID). Notices
write it as `CHE-123.456.789`, `CHE123456789`, with a VAT suffix (`MWST`, `TVA`, `IVA`) or a stray
`?`. An invalid UID is still evidence: it is kept as written and flagged, never dropped.
"""

from __future__ import annotations

import re

UID_WEIGHTS = (5, 4, 3, 2, 7, 6, 5, 4)
"""eCH-0097 weights of the first eight digits."""

_UID_RE = re.compile(
    r"^\s*(CHE|ADM)[\s\-.]*((?:\d[\s.'\-]*){9})(?:\s*(?:MWST|TVA|IVA|HR|RC|RI))?\s*\??\s*$",
    re.IGNORECASE,
)
_CODE13_RE = re.compile(r"^\s*CH[\s\-.]*((?:\d[\s.\-]*){11})\s*$", re.IGNORECASE)


def uid_check_digit(first_eight: str) -> int | None:
    """The check digit of eight UID digits, or None when no digit can be valid (r = 1)."""
    total = sum(int(d) * w for d, w in zip(first_eight, UID_WEIGHTS, strict=True))
    r = total % 11
    if r == 0:
        return 0
    if r == 1:
        return None
    return 11 - r


def format_uid(prefix: str, digits: str) -> str:
    """`CHE` + nine digits as `CHE-123.456.789`."""
    return f"{prefix.upper()}-{digits[0:3]}.{digits[3:6]}.{digits[6:9]}"


def normalise_uid(text: str) -> tuple[str, bool]:
    """(`CHE-123.456.789`, check digit valid); unparseable text comes back stripped, invalid."""
    match = _UID_RE.match(text)
    if not match:
        return text.strip(), False
    digits = re.sub(r"\D", "", match.group(2))
    expected = uid_check_digit(digits[:8])
    return format_uid(match.group(1), digits), expected is not None and expected == int(digits[8])


def normalise_code13(text: str) -> str:
    """An old register number `CH-020.7.000.695-4` in its compact form `CH02070006954`."""
    match = _CODE13_RE.match(text)
    if not match:
        return text.strip()
    return "CH" + re.sub(r"\D", "", match.group(1))
