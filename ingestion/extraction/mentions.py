"""From a grouped entry to a person or a company mention: the roles from the function words
and the list's context, a legal entity told from a natural person, and the earlier values of a
`[bisher: …]` / `[précédemment: …]` bracket."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ingestion.extraction.entries import Entry, add_field
from ingestion.extraction.fields import UID_PAREN, classify, fields_of, patterns
from ingestion.extraction.lexicon import compiled, roles_of
from ingestion.extraction.models import Action, CompanyMention, PersonMention, Role, Signature
from ingestion.extraction.names import NameOrder, split_name
from ingestion.extraction.text import clean

_DIGITS = re.compile(r"\d")


def looks_like_company(entry: Entry, lang: str | None, roles: list[Role]) -> bool:
    """True when an entry names a legal entity rather than a natural person."""
    name = entry.names[0] if entry.names else ""
    if entry.uid or UID_PAREN.search(name) or "&" in name:
        return True
    if "auditor" in roles:
        return True
    if patterns(lang).legal_forms.search(name):
        return True
    return bool(
        len(entry.names) == 1
        and not entry.origin
        and not entry.nationality
        and entry.residence
        and len(name.split()) >= 3
    )


@dataclass
class Context:
    """What the surrounding text says about the entries of a list."""

    lang: str | None
    """Language of the notice."""
    action: Action = "registered"
    """Registered or removed."""
    order: NameOrder = "family_first"
    """How a single name field is ordered."""
    signature: Signature | None = None
    """Signature granted to the whole list (`Signature collective à deux a été conférée à …`)."""
    role_text: str | None = None
    """Function shared by the whole list (`Associé-gérant: …`)."""
    role: Role | None = None
    """Role implied by the sentence when no function is named (`La procuration de X est radiée`)."""
    sarl: bool = False
    """The subject is a GmbH / Sàrl / Sagl: a bare `président` presides the managers."""


Mention = PersonMention | CompanyMention


def to_mention(entry: Entry, ctx: Context, shared_role: str | None = None) -> Mention | None:
    """Turn a grouped entry into a person or a company (None when it names nobody)."""
    if not entry.names or not entry.names[0]:
        return None
    texts = list(entry.role_texts)
    if ctx.role_text and not _subsumed(ctx.role_text, texts, ctx.lang):
        texts.insert(0, ctx.role_text)
    if shared_role:
        texts.append(shared_role)
    role_text = ", ".join(t for t in texts if t) or None
    roles = roles_of(role_text, ctx.lang) if role_text else []
    if role_text and not roles:
        roles = ["other"]
    if ctx.sarl and "chair" in roles:
        roles = ["managing_director" if r == "chair" else r for r in roles]
        roles = list(dict.fromkeys(roles))
    signature: Signature = entry.signature or ctx.signature or entry.shared_signature or "unknown"
    if ctx.role and not roles:
        roles.append(ctx.role)
    if not roles and signature in (
        "individual",
        "collective_two",
        "individual_procuration",
        "collective_procuration",
    ):
        roles = ["authorized_signatory"]
    if looks_like_company(entry, ctx.lang, roles):
        name = entry.names[0]
        if classify(name, ctx.lang).kind == "residence":
            return None  # "à X" / "in X" is a seat: the firm's name was read as something else
        uid = entry.uid
        m = UID_PAREN.search(name)
        if m:
            uid = uid or m.group(1)
            name = UID_PAREN.sub(" ", name)
        return CompanyMention(
            name=clean(name).strip('«»"'),
            uid=uid,
            seat=entry.residence,
            roles=roles,
            role_text=role_text,
            action=ctx.action,
        )
    family, given = split_name(entry.names, ctx.order)
    if not family or _DIGITS.search(family):
        return None
    person = PersonMention(
        family_name=family,
        given_names=given,
        origin=entry.origin,
        nationality=entry.nationality,
        residence=entry.residence,
        roles=roles,
        role_text=role_text,
        signature=signature,
        action=ctx.action,
    )
    person.previous = previous_of(entry.brackets, person, ctx)
    if entry.inline_previous and not entry.role_texts and person.previous:
        # "X, bisher Mitglied ohne Zeichnungsberechtigung, zeichnet neu kollektiv": still Mitglied.
        old = person.previous
        if "roles" in old and person.roles in ([], ["authorized_signatory"]):
            person.roles = old.pop("roles")
            person.role_text = old.pop("role_text", person.role_text)
        person.previous = old or None
    return person


_BOARD_POSITIONS = {"chair", "vice_chair"}


def _subsumed(label: str, own: list[str], lang: str | None) -> bool:
    """True when a list label's function is implied by a person's own one: the chair of
    `Nouveaux administrateurs: X, président, …` is the board's chair, not also a member."""
    if not own:
        return False
    label_roles = roles_of(label, lang)
    return label_roles == ["board_member"] and bool(
        _BOARD_POSITIONS & set(roles_of(", ".join(own), lang))
    )


def previous_of(contents: list[str], current: PersonMention, ctx: Context) -> dict[str, Any] | None:
    """The changed keys of a `[bisher: …]` / `[non: …]` bracket, compared with the current values."""
    for text in contents:
        label, _, body = text.partition(":")
        label = label.strip().lower()
        kind = None
        for c in compiled(ctx.lang):
            if label in c.vocab.previous_markers:
                kind = "previous"
            elif label in c.vocab.correction_markers:
                kind = "correction"
        if kind is None or not body.strip():
            continue
        entry = Entry()
        for raw in fields_of(body):
            fld = classify(raw, ctx.lang)
            if (
                fld.kind == "unknown"
                and not entry.role_texts
                and not entry.located
                and entry.signature is None
                and len(entry.names) < 2
                and not roles_of(fld.value, ctx.lang)
            ):
                entry.names.append(fld.value)
            else:
                add_field(entry, fld, 0)
        prev: dict[str, Any] = {}
        if entry.names:
            family, given = split_name(entry.names, "family_first")
            if family != current.family_name:
                prev["family_name"] = family
            if given and given != current.given_names:
                prev["given_names"] = given
        for key in ("origin", "nationality", "residence"):
            value = getattr(entry, key)
            if value and value != getattr(current, key):
                prev[key] = value
        if entry.role_texts:
            rt = ", ".join(entry.role_texts)
            roles = roles_of(rt, ctx.lang) or ["other"]
            if sorted(roles) != sorted(current.roles):
                prev["roles"] = roles
            if rt != current.role_text:
                prev["role_text"] = rt
        sig = entry.signature or ("unknown" if kind == "correction" else None)
        if sig and sig != current.signature:
            prev["signature"] = sig
        return prev or None
    return None
