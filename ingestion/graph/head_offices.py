"""One head office, one node: the seat a branch's notices give its head office, lent to the
notices that name it without one (pure, no I/O).

A foreign head office has no UID and no notices of its own; only the branch's registration
text gives its seat ("Siège principal à: Stuttgart (DE)"), while the structured block of every
later notice gives the name alone. Weak company identity is (name key, seat), so without the
loan each branch would hang under two weak companies, and a seatless name could even be
absorbed by an unrelated Swiss company with the same key (rule `key-unique`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from ingestion.graph.normalize import company_hub_key, place_norm
from ingestion.graph.rows import CompanyRow

SeatsByBranch = Mapping[tuple[str, str], Iterable[str]]
"""(branch company id, head-office name key) -> seats written for it (in the graph already)."""


def head_office_seats(
    pairs: Iterable[tuple[CompanyRow, str]], known: SeatsByBranch
) -> dict[tuple[str, int], str]:
    """Seat to resolve each seatless head-office mention with, by mention key (pub, idx).

    A mention borrows only when the branch's mentions of that name agree on one seat; the
    mention itself (INVOLVED_IN) keeps what was written.
    """
    pairs = list(pairs)
    seats: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    for (branch, key), written in known.items():
        for seat in written:
            seats[(branch, key)].setdefault(place_norm(seat), seat)
    for m, branch in pairs:
        if branch and m.seat and "head_office" in m.roles:
            seats[(branch, company_hub_key(m.name))].setdefault(place_norm(m.seat), m.seat)
    loans: dict[tuple[str, int], str] = {}
    for m, branch in pairs:
        if not branch or m.seat or m.uid or "head_office" not in m.roles:
            continue
        found = seats.get((branch, company_hub_key(m.name)), {})
        if len(found) == 1:
            loans[(m.pub_number, m.idx)] = next(iter(found.values()))
    return loans
