"""A collision-free generator of valid Swiss UIDs (check digit: `shabgraph.register.uid`).

Unique UIDs come from an affine permutation of a counter, so no set of issued numbers has to be
kept in memory however large the corpus.
"""

from __future__ import annotations

from shabgraph.register.uid import check_digit, format_uid

_SPAN = 90_000_000  # eight-digit bodies 10000000..99999999
_MULT = 48_271  # coprime with 2, 3 and 5, hence a permutation of range(_SPAN)


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
