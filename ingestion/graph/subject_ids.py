"""Company ids of the notices' subjects: one id per firm, by UID, old register number, and, for
notices without a UID, by the firm's name key and seat key (pure).

Old notices (before the UID, 2001-2013) identify a firm by a cantonal register number, and that
number changed when registers were renumbered, so one firm's history arrives under two or three
numbers. The register does not let two firms share a name in one seat, so subjects without a
UID that agree on (NameHub key, seat key) are one firm: their numbers are linked, and they join
the one firm with a UID under that name and seat, when exactly one has it; a notice that moves
the seat ("X SA, finora in Gordola, CHE-…") also files its UID under the former seat. Notices
from Zefix carry its firm id (`ZEFIX-<date>-<id>`), the same for every notice of one firm
through renumberings, renames and moves: one id, one firm. Seat keys fold the canton
qualifier (`Wangen (SZ)`, `Wangen SZ` -> `wangen`, `ingestion.graph.normalize.place_norm`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Final

from ingestion.graph.identity import AliasIndex, fallback_company_id
from ingestion.graph.normalize import company_hub_key, place_norm, stable_id
from ingestion.graph.rows import SubjectObs

NameSeat = tuple[str, str]
"""(NameHub key, seat key) of a subject."""

_NS = "~ns:"
"""Prefix of the name-seat tokens in the alias index (sorts after `CH`, `CHE-`, `ADM-`)."""


def name_seat(s: SubjectObs) -> NameSeat | None:
    """The (name key, seat key) of a subject, when it has both."""
    name = next((v for k, v in s.attrs if k == "name"), None)
    seat = next((v for k, v in s.attrs if k == "seat"), None)
    seat_key = place_norm(seat)
    if not name or not seat_key:
        return None
    return company_hub_key(name), seat_key


def _token(ns: NameSeat) -> str:
    return f"{_NS}{ns[0]}|{ns[1]}"


def _uid(s: SubjectObs) -> str | None:
    return s.uid if s.uid and s.uid_valid else None


_ZEFIX_FIRM: Final = re.compile(r"^ZEFIX-\d{4}-\d{2}-\d{2}-(\d+)$")
_ZX: Final = "~zx:"
"""Prefix of the Zefix firm-id tokens (sorts after every official key)."""


def zefix_token(s: SubjectObs) -> str | None:
    """The Zefix firm id (ehraid) of a notice from Zefix (`ZEFIX-<date>-<id>`), as a token."""
    m = _ZEFIX_FIRM.match(s.pub_number)
    return f"{_ZX}{m[1]}" if m else None


def subject_aliases(
    subjects: Sequence[SubjectObs], graph_firms: Mapping[NameSeat, Sequence[tuple[str, str | None]]]
) -> AliasIndex:
    """Identifiers (UIDs, register numbers, name-seat tokens, graph ids) linked into firms.

    `graph_firms` gives, per (name key, seat key), the strong companies the graph already holds
    as (id, uid).
    """
    alias = AliasIndex()
    uid_by_ns: dict[NameSeat, set[str]] = defaultdict(set)
    for s in subjects:
        keys = [k for k in (_uid(s), s.code13) if k]
        zx = zefix_token(s)
        if keys or zx:
            # Zefix files every notice of one firm under its firm id, through renumberings,
            # renames and moves: the notices of one id are one firm
            alias.link([*keys, *([zx] if zx else [])])
        ns = name_seat(s)
        uid = _uid(s)
        if ns is not None and uid:
            uid_by_ns[ns].add(uid)
            # the notice that moves the seat names the firm at its former seat: UID-less notices
            # there are this firm (under the same unique-UID rule as its current seat)
            if former := place_norm(s.former_seat):
                uid_by_ns[ns[0], former].add(uid)
        elif ns is not None:  # a UID-less notice: the firm is known by its name and seat
            alias.link([_token(ns), *keys, *([zx] if zx else [])])
    for ns, firms in graph_firms.items():
        for cid, uid in firms:
            if uid:
                uid_by_ns[ns].add(uid)
                alias.link([uid, cid])
        plain = [cid for cid, uid in firms if not uid]
        if len(plain) == 1 and (_token(ns) in alias or ns in uid_by_ns):
            alias.link([_token(ns), plain[0]])
    for ns, uids in uid_by_ns.items():
        # several firms with a UID under one name and seat: a UID-less notice stays apart
        if _token(ns) in alias and len({alias.canonical(u) for u in uids}) == 1:
            alias.link([next(iter(uids)), _token(ns)])
    return alias


def subject_id(
    s: SubjectObs, alias: AliasIndex, existing: Mapping[str, str], graph_ids: frozenset[str]
) -> str:
    """The company id of one subject.

    `existing`: graph ids by UID and register number; `graph_ids`: ids of the graph's firms
    linked in `alias`. A firm the graph holds keeps its id, so a later run lands on its node.
    """
    ns = name_seat(s)
    key = _uid(s) or s.code13 or (_token(ns) if ns else None) or zefix_token(s)
    if key is None or key not in alias:
        name = next((v for k, v in s.attrs if k == "name"), None)
        seat = next((v for k, v in s.attrs if k == "seat"), None)
        return fallback_company_id(name, seat)
    canon = alias.canonical(key)
    members = alias.members(canon)
    known = {existing[m] for m in members if m in existing} | (members & graph_ids)
    if known:
        return min(known)
    if canon.startswith(_ZX):
        return stable_id("co", "zefix", canon[len(_ZX) :])
    if canon.startswith(_NS):
        hub, seat_key = canon[len(_NS) :].split("|", 1)
        return stable_id("co", hub, seat_key)  # = fallback_company_id(name, seat)
    # An old register number is `CH` + digits; a UID (CHE-, ADM-) is its own id.
    return f"CH:{canon[2:]}" if canon[2:3].isdigit() else canon
