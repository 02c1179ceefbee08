"""Swiss UIDs: the check digit, formatting, and a collision-free generator.

The check digit rule (weights 5,4,3,2,7,6,5,4, modulo 11, `11 - r`, r = 1 invalid) is the one of
`shared/docs/shab-notices.md`. Unique UIDs come from an affine permutation of a counter, so no
set of issued numbers has to be kept in memory however large the corpus.
"""

from __future__ import annotations

WEIGHTS = (5, 4, 3, 2, 7, 6, 5, 4)
_SPAN = 90_000_000  # eight-digit bodies 10000000..99999999
_MULT = 48_271  # coprime with 2, 3 and 5, hence a permutation of range(_SPAN)


def check_digit(body: str) -> int | None:
    """Check digit of an eight-digit UID body, or None when no valid UID has this body."""
    r = sum(int(d) * w for d, w in zip(body, WEIGHTS, strict=True)) % 11
    if r == 0:
        return 0
    if r == 1:
        return None
    return 11 - r


def is_valid(uid: str) -> bool:
    """True for `CHE-123.456.789` / `CHE123456789` with a correct check digit."""
    digits = "".join(ch for ch in uid if ch.isdigit())
    if not uid.upper().startswith("CHE") or len(digits) != 9:
        return False
    return check_digit(digits[:8]) == int(digits[8])


def format_uid(digits9: str) -> str:
    """`123456789` -> `CHE-123.456.789`."""
    return f"CHE-{digits9[0:3]}.{digits9[3:6]}.{digits9[6:9]}"


class UidIssuer:
    """Hands out distinct valid UIDs in a seed-dependent order."""

    def __init__(self, offset: int) -> None:
        self._counter = 0
        self._offset = offset % _SPAN

    def next(self) -> str:
        """The next unused valid UID (`CHE-123.456.789`)."""
        while True:
            body = str(10_000_000 + (self._counter * _MULT + self._offset) % _SPAN)
            self._counter += 1
            check = check_digit(body)
            if check is not None:
                return format_uid(body + str(check))
