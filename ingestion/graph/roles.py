"""Time-aware roles: turn the dated mentions of one holder in one company into role intervals.

Pure: the same mentions give the same intervals whatever order they arrive in, which is what
makes incremental and resumed ingestion converge to the uninterrupted result.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import NamedTuple, TypedDict

from ingestion.graph.rows import TRANSACTION_ROLES


class RoleMention(NamedTuple):
    """One dated statement about a holder's functions in a company."""

    date: dt.date
    """Journal date of the notice."""
    pub_date: dt.date
    """Publication date of the notice."""
    pub_number: str
    """The notice."""
    idx: int
    """Position within the notice (tie-break)."""
    roles: tuple[str, ...]
    """Coarse roles named."""
    prev_roles: tuple[str, ...]
    """Roles the notice says were held before (closed here)."""
    role_text: str | None
    """Function words as written."""
    signature: str
    """Signature right."""
    action: str
    """registered / removed."""
    prev_signature: str | None = None
    """Signature the notice says was held before (`[bisher: mit Einzelprokura]`), else None."""
    correction: bool = False
    """From a correction notice: it fixes what the register always said, it changes nothing."""


class RoleInterval(TypedDict):
    """Properties of one HOLDS_ROLE edge: one interval of one role."""

    role: str
    """The coarse role."""
    roles: list[str]
    """All roles of the opening mention."""
    role_text: str | None
    """Function words as written when it opened (or latest)."""
    signature: str
    """Signature right during the interval (a correction notice fixes it in place)."""
    valid_from: dt.date | None
    """Journal date it started (None: removal without registration)."""
    valid_to: dt.date | None
    """Journal date it ended (None: still open)."""
    from_pub: str | None
    """Notice that opened it."""
    to_pub: str | None
    """Notice that closed it."""
    from_pub_date: dt.date | None
    """Publication date of the opening notice."""
    to_pub_date: dt.date | None
    """Publication date of the closing notice."""
    pubs: list[str]
    """Every notice that speaks about this interval."""
    flags: list[str]
    """Data-quality flags (removal_without_registration)."""


def _open(m: RoleMention, role: str) -> RoleInterval:
    return RoleInterval(
        role=role,
        roles=list(m.roles),
        role_text=m.role_text,
        signature=m.signature,
        valid_from=m.date,
        valid_to=None,
        from_pub=m.pub_number,
        to_pub=None,
        from_pub_date=m.pub_date,
        to_pub_date=None,
        pubs=[m.pub_number],
        flags=[],
    )


def _close(iv: RoleInterval, m: RoleMention) -> None:
    iv["valid_to"], iv["to_pub"], iv["to_pub_date"] = m.date, m.pub_number, m.pub_date
    if m.pub_number not in iv["pubs"]:
        iv["pubs"].append(m.pub_number)


def _restates(m: RoleMention) -> bool:
    """A `bisher:` note on roles or signature means the entry is given in full: the holder's
    earlier entry ended here (a correction's `[nicht: …]` note does not: nothing changed)."""
    return not m.correction and bool(m.prev_roles or m.prev_signature is not None)


def _changed(iv: RoleInterval, m: RoleMention, roles: list[str]) -> bool:
    """Does registration `m` end the open interval `iv` of one of its own roles?

    A different known signature does (who could sign on a date must have one answer), and so
    does a different coarse role set when the entry is restated; a plain repetition confirms.
    """
    if m.correction:
        return False
    if "unknown" not in (m.signature, iv["signature"]) and m.signature != iv["signature"]:
        return True
    before = {r for r in iv["roles"] if r not in TRANSACTION_ROLES} or {iv["role"]}
    return _restates(m) and set(roles) != before


def _unseen_previous(
    m: RoleMention, roles: list[str], open_roles: dict[str, RoleInterval], done: list[RoleInterval]
) -> list[str]:
    """Earlier roles a `bisher:` note names that no mention opened: the holder held them until
    this notice, from a date the loaded notices do not give."""
    if m.correction:
        return []
    seen = set(open_roles) | {iv["role"] for iv in done}
    return sorted(
        {r for r in m.prev_roles if r not in TRANSACTION_ROLES and r not in roles and r not in seen}
    )


def role_intervals(mentions: Iterable[RoleMention]) -> list[RoleInterval]:
    """Intervals of each function role of one holder in one company.

    A registration opens a role, or confirms an open one; a change of signature, or a restated
    entry (`bisher:` note) with another role set, closes the open interval at the notice's
    journal date and opens the next one; a restated entry also closes the open roles it no
    longer names (`[bisher: mit Einzelprokura]` ends the authorized-signatory role). A removal
    closes the named roles, or every open role when it names none; a removal of a role that is
    not open gives a closed interval without start, flagged, instead of an error; so does an
    earlier role a `bisher:` note names when no loaded notice opened it
    (`previous_role_without_registration`). A correction notice fixes the signature of the open
    interval in place.
    """
    ordered = sorted(set(mentions), key=lambda m: (m.date, m.pub_number, m.idx))
    open_roles: dict[str, RoleInterval] = {}
    done: list[RoleInterval] = []

    def close(role: str, m: RoleMention) -> None:
        iv = open_roles.pop(role)
        _close(iv, m)
        done.append(iv)

    for m in ordered:
        roles = [r for r in m.roles if r not in TRANSACTION_ROLES] or (
            ["authorized_signatory"]
            if m.action == "registered" and m.signature not in ("none", "unknown")
            else []
        )
        if m.action == "removed":
            targets = roles or list(open_roles)
            for role in targets:
                if role not in open_roles:
                    iv = _open(m, role)
                    iv["valid_from"], iv["from_pub"], iv["from_pub_date"] = None, None, None
                    iv["flags"].append("removal_without_registration")
                    open_roles[role] = iv
                close(role, m)
            continue
        for role in sorted(open_roles):
            if role not in roles and (role in m.prev_roles or _restates(m)):
                close(role, m)
        for role in _unseen_previous(m, roles, open_roles, done):
            iv = _open(m, role)
            iv["roles"] = list(m.prev_roles)
            iv["role_text"], iv["signature"] = None, m.prev_signature or "unknown"
            iv["valid_from"], iv["from_pub"], iv["from_pub_date"] = None, None, None
            iv["flags"].append("previous_role_without_registration")
            _close(iv, m)
            done.append(iv)
        for role in roles:
            current = open_roles.get(role)
            if current is not None and _changed(current, m, roles):
                close(role, m)
                current = None
            if current is None:
                open_roles[role] = _open(m, role)
                continue
            if m.signature != "unknown":
                current["signature"] = m.signature
            if m.pub_number not in current["pubs"]:
                current["pubs"].append(m.pub_number)
    done.extend(open_roles.values())
    done.sort(key=lambda iv: (iv["role"], str(iv["valid_from"]), str(iv["from_pub"])))
    return done
