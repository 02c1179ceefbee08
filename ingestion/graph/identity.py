"""Company identity: UID checks, strong-company ids and the weak-company merge decisions.

Decisions are small pure functions returning `(score, reason)`; a score of 0 means "do not merge".
The rule order is the issue's: an official UID first, then the NameHub key plus the seat.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from ingestion.graph.normalize import company_hub_key, place_norm, stable_id
from shabgraph.register.uid import check_uid

Decision = tuple[float, str]
"""A merge decision: score in [0, 1] (0 = keep apart) and the human-readable reason."""


def fallback_company_id(name: str | None, seat: str | None) -> str:
    """Id of a strong company known by neither UID nor register number: key plus seat."""
    return stable_id("co", company_hub_key(name), place_norm(seat))


def weak_company_id(name: str, seat: str | None, uid: str | None = None) -> str:
    """Id of the weak node that stands for one (name key, seat) spelling of a named company,
    or, when the mention gives a valid UID, for every mention of that UID."""
    if uid:
        return stable_id("wc", "uid", uid)
    return stable_id("wc", company_hub_key(name), place_norm(seat))


class StrongCandidate(NamedTuple):
    """A strong company a weak mention might name."""

    id: str
    """Its node id."""
    seat_norm: str
    """Its normalised seat."""


def match_by_uid(
    mention_uid: str | None, uid_index: Mapping[str, str]
) -> tuple[str | None, Decision]:
    """Rule 1: a valid UID in the mention names exactly one strong company."""
    uid, valid = check_uid(mention_uid)
    if uid is None or not valid:
        return None, (0.0, "no valid UID in the mention")
    target = uid_index.get(uid)
    if target is None:
        return None, (0.0, f"UID {uid} not registered as a strong company")
    return target, (1.0, f"uid: the mention gives {uid}")


def match_by_key_and_seat(
    hub_key: str, seat: str | None, candidates: Sequence[StrongCandidate]
) -> tuple[str | None, Decision]:
    """Rule 2: same NameHub key and same seat, and only one such strong company."""
    seat_n = place_norm(seat)
    if not candidates:
        return None, (0.0, f"no strong company under {hub_key}")
    if seat_n:
        same_seat = [c for c in candidates if c.seat_norm == seat_n]
        if len(same_seat) == 1:
            return same_seat[0].id, (0.95, f"key+seat: {hub_key} in {seat_n}")
        if len(same_seat) > 1:
            return None, (
                0.0,
                f"ambiguous: {len(same_seat)} strong companies {hub_key} in {seat_n}",
            )
        return None, (0.0, f"seat {seat_n} differs from every strong {hub_key}")
    if len(candidates) == 1:
        return candidates[0].id, (0.8, f"key-unique: the only strong company under {hub_key}")
    return None, (0.0, f"ambiguous: {len(candidates)} strong companies under {hub_key}, no seat")


def resolve_weak(
    name: str,
    uid: str | None,
    seat: str | None,
    uid_index: Mapping[str, str],
    hub_index: Mapping[str, Sequence[StrongCandidate]],
) -> tuple[str | None, str, Decision]:
    """Apply the rules in order; return (strong id or None, rule name, decision)."""
    target, decision = match_by_uid(uid, uid_index)
    if target:
        return target, "uid", decision
    key = company_hub_key(name)
    target, decision2 = match_by_key_and_seat(key, seat, hub_index.get(key, ()))
    if target:
        return target, decision2[1].split(":", 1)[0], decision2
    reason = decision2[1] if uid is None else f"{decision[1]}; {decision2[1]}"
    return None, "none", (0.0, reason)


class AliasIndex:
    """Union of UIDs and old register numbers seen together, so both name one company."""

    def __init__(self) -> None:
        self._parent: dict[str, str] = {}
        self._groups: dict[str, set[str]] | None = None

    def _find(self, key: str) -> str:
        root = key
        while self._parent.get(root, root) != root:
            root = self._parent[root]
        while key != root:  # path compression keeps later look-ups O(1)
            self._parent[key], key = root, self._parent[key]
        return root

    def link(self, keys: Iterable[str]) -> None:
        """Declare that all `keys` (UIDs, CH numbers) identify the same company."""
        keys = list(keys)
        self._groups = None
        for key in keys:
            self._parent.setdefault(key, key)
        for other in keys[1:]:
            a, b = self._find(keys[0]), self._find(other)
            if a != b:
                # UIDs win as roots so the canonical id is the official identifier.
                a_uid, b_uid = a.startswith("CHE-"), b.startswith("CHE-")
                if (b_uid and not a_uid) or (a_uid == b_uid and b < a):
                    a, b = b, a
                self._parent[b] = a

    def __contains__(self, key: object) -> bool:
        return key in self._parent

    def members(self, root: str) -> set[str]:
        """Every key linked to `root` (a canonical key); O(keys), for small groups' look-ups."""
        if self._groups is None:
            groups: dict[str, set[str]] = defaultdict(set)
            for k in list(self._parent):
                groups[self._find(k)].add(k)
            self._groups = groups
        return self._groups.get(root, {root})

    def canonical(self, key: str) -> str:
        """The id every alias of `key` maps to (a UID when one is known)."""
        return self._find(key) if key in self._parent else key
