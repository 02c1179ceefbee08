"""One person-or-company entry of a notice ("Muster, Hans, von Zürich, in Bern, Präsident, …").

An entry is a comma-separated list of fields; each field is classified on its own (`fields`),
the leading unclassified fields are the name. The same grouping reads the labelled blocks, the
prose lists of Geneva/Vaud and the `[bisher: …]` brackets, so the conventions of
shab-notices.md are encoded once; `mentions` turns an entry into a person or a company.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ingestion.extraction.fields import Field, classify, rest_of
from ingestion.extraction.lexicon import compiled
from ingestion.extraction.models import Signature
from ingestion.extraction.names import PARTICLES
from ingestion.extraction.text import brackets, clean

_DIGITS = re.compile(r"\d")


@dataclass
class Entry:
    """An entry's fields grouped by meaning, before it becomes a person or a company."""

    names: list[str] = field(default_factory=list)
    """Leading name fields (one or two)."""
    origin: str | None = None
    """Swiss place(s) of origin."""
    nationality: str | None = None
    """Country of a foreign national."""
    residence: str | None = None
    """Residence or seat."""
    role_texts: list[str] = field(default_factory=list)
    """Function words as written."""
    signature: Signature | None = None
    """Signature right when given."""
    distributive: str | None = None
    """A `beide …` / `les trois …` role phrase shared by the whole list."""
    shared_signature: Signature | None = None
    """A signature said of the whole list (`…, lesquels signent collectivement à deux`)."""
    inline_previous: bool = False
    """The earlier values came from prose (`bisher Mitglied, zeichnet neu …`): a function not
    named again is unchanged."""
    uid: str | None = None
    """UID of a legal entity."""
    brackets: list[str] = field(default_factory=list)
    """Contents of `[…]` groups."""

    @property
    def located(self) -> bool:
        """True when the entry has an origin, nationality or residence."""
        return bool(self.origin or self.nationality or self.residence)


def lead_role(item: str, lang: str | None) -> tuple[str | None, str]:
    """`Revisionsstelle Muster Revisions AG, in Bern`: a function word before the name."""
    low = item.lower()
    for comp in compiled(lang):
        m = comp.role_any.match(low)
        if m and item[m.end() : m.end() + 1] == " " and item[m.end() + 1 : m.end() + 2].isupper():
            return item[: m.end()], item[m.end() + 1 :]
    return None, item


_NAME_FOLLOWERS = ("unknown", "origin", "nationality", "residence", "origin_residence", "uid")


def build_entries(parts: list[str], lang: str | None, max_names: int = 2) -> list[Entry]:
    """Group comma fields into entries.

    A name-like field after an entry that already has a place, role or signature starts a new
    entry when the field after it continues like a person (given names, origin, residence).
    """
    classified: list[tuple[Field, list[str]]] = []
    for raw in parts:
        rest, brs = brackets(raw)
        classified.append((classify(rest, lang) if rest else Field("unknown", ""), brs))
    entries: list[Entry] = []
    cur: Entry | None = None
    for i, (fld, brs) in enumerate(classified):
        if not fld.value and brs:
            if cur is not None:
                cur.brackets.extend(brs)
            continue
        nxt = classified[i + 1][0].kind if i + 1 < len(classified) else None
        prev = classified[i - 1][0].kind if i else None
        if cur is None:
            if fld.kind not in ("unknown", "origin", "residence", "nationality"):
                continue  # a list starts with a name; a leading role or signature belongs to nobody
            # "de Vries-Muster" looks like an origin but a list always starts with a name.
            cur = Entry(names=[clean(rest_of(parts[i]))], brackets=list(brs))
            entries.append(cur)
            continue
        if (
            fld.kind == "unknown"
            and prev == "origin"
            and cur.residence is None
            and cur.origin is not None
            and nxt in ("residence", "unknown")
        ):
            # "von Chur, Felsberg und Les Genevez JU, in …": the origin list goes on.
            cur.origin = f"{cur.origin}, {fld.value}"
            continue
        busy = cur.located or cur.signature is not None or bool(cur.role_texts)
        particle_name = (
            fld.kind == "origin" and cur.origin is not None and cur.residence is not None
        )
        if (fld.kind == "unknown" or particle_name) and busy and nxt in _NAME_FOLLOWERS:
            cur = Entry(names=[clean(rest_of(parts[i]))], brackets=list(brs))
            entries.append(cur)
            continue
        cur.brackets.extend(brs)
        add_field(cur, fld, max_names)
    return entries


def add_field(cur: Entry, fld: Field, max_names: int) -> None:
    kind = fld.kind
    if kind == "unknown":
        if (
            len(cur.names) < max_names
            and not cur.located
            and not cur.role_texts
            and not _DIGITS.search(fld.value)
        ):
            cur.names.append(fld.value)
        else:
            cur.role_texts.append(fld.value)
    elif kind == "origin":
        cur.origin = fld.value if cur.origin is None else cur.origin
    elif kind == "nationality":
        cur.nationality = fld.value
    elif kind == "residence":
        cur.residence = fld.value if cur.residence is None else cur.residence
    elif kind == "origin_residence":
        cur.origin = cur.origin or fld.value
        cur.residence = cur.residence or fld.value
    elif kind == "country_code":
        if cur.residence:
            cur.residence = f"{cur.residence}, {fld.value}"
    elif kind == "signature":
        sig, lead = fld.extra
        cur.signature = sig
        if lead:
            cur.role_texts.append(lead)
    elif kind == "role":
        cur.role_texts.append(fld.value)
    elif kind == "distributive":
        cur.distributive = fld.value
    elif kind == "shared_signature":
        cur.shared_signature = fld.extra
    elif kind == "previous":
        cur.brackets.append(fld.value)
        cur.inline_previous = True
    elif kind == "uid":
        cur.uid = fld.value


def is_list_clause(item: str) -> bool:
    """True when a `;`-item of a person list is a clause about the whole list (`leurs
    signatures sont radiées`, `sie zeichnen kollektiv zu zweien`), not an entry: it opens in
    lower case with a word that is no name particle before a capitalised word (`von Allmen`,
    `van der Berg`, `d'Amico` open entries)."""
    if not item[:1].islower():
        return False
    for tok in item.split():
        if tok[:1].isupper():
            return False
        if tok.lower() not in PARTICLES and not (tok[:2] == "d'" and tok[2:3].isupper()):
            return True
        if tok[:2] == "d'" and tok[2:3].isupper():
            return False
    return True
