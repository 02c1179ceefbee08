"""One person-or-company entry of a notice ("Muster, Hans, von Zürich, in Bern, Präsident, …").

An entry is a comma-separated list of fields; each field is classified on its own (origin,
nationality, residence, role, signature, shares …), the leading unclassified fields are the name.
The same parser reads the labelled blocks, the prose lists of Geneva/Vaud and the `[bisher: …]`
brackets, so the conventions of shab-notices.md are encoded once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from ingestion.extraction.lexicon import (
    compiled,
    is_given_name,
    nationality_of,
    role_at_start,
    roles_of,
    signature_of,
)
from ingestion.extraction.models import Action, CompanyMention, PersonMention, Role, Signature
from ingestion.extraction.text import brackets, clean, split_top
from shabgraph.register.uid import UID_PATTERN

Kind = Literal[
    "origin",
    "nationality",
    "residence",
    "origin_residence",
    "signature",
    "role",
    "shares",
    "alias",
    "distributive",
    "country_code",
    "uid",
    "previous",
    "entered_before",
    "shared_signature",
    "replaced",
    "unknown",
]
NameOrder = Literal["family_first", "given_first"]

_TITLES = re.compile(
    r"(?<![\w-])(?:Dr|Prof|lic|iur|oec|med|phil|dipl|Ing|rer|pol|dent|vet|h\.c|Me|PD|MBA|LL\.M|"
    r"Mag|techn|arch|Dott|Avv|Ing)\.(?=\s|$|,)|(?<![\w-])(?:Dr|Prof|Dott|Avv|Me)(?=\s)"
)
# A UID as the register's one regex family writes it (shabgraph.register.uid), or an old
# register number `CH-...`; the graph build canonicalises whichever spelling was found.
UID_TEXT = UID_PATTERN.pattern
UID_RX = re.compile(rf"\b({UID_TEXT}|CH-[\d.\-]{{8,}}\d)\b")
_UID_PAREN = re.compile(rf"\s*\((?:UID |IDI |IDE )?({UID_TEXT}|CH-[\d.\-]+\d)\)\s*\??")
_CONJ = re.compile(r"^(?:und|et|e|sowie|ainsi que)\s+(?=\S)")
_ISO = re.compile(r"^[A-Z]{2,3}$")
_DIGITS = re.compile(r"\d")
_SIG_LEAD = re.compile(r"\b(?:mit|ohne|avec|sans|con|senza|und|et|e)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class _Patterns:
    """Per-language regexes of the field classifier, compiled once."""

    origin_residence: tuple[re.Pattern[str], ...]
    """`von und in X` forms."""
    shares: re.Pattern[str]
    """Capital-share clauses."""
    aliases: tuple[str, ...]
    """Nickname words followed by a space."""
    distributive: re.Pattern[str]
    """`beide`, `les trois`."""
    legal_forms: re.Pattern[str]
    """Legal-form words marking a legal entity."""
    previous_inline: tuple[tuple[re.Pattern[str], str], ...]
    """`bisher Mitglied` forms, with the bracket label their value is filed under."""
    entered_before: tuple[re.Pattern[str], ...]
    """`bisher eingetragen` forms."""
    now_verbs: tuple[re.Pattern[str], ...]
    """`ist jetzt`, `zeichnet neu` openings before a person's new values."""
    list_subjects: tuple[re.Pattern[str], ...]
    """`beide`, `lesquels`: pronouns standing for a whole list."""
    auditor_replaced: tuple[re.Pattern[str], ...]
    """`en remplacement de X`: the auditor a new one replaces."""
    prose_any: re.Pattern[str]
    """All of the prose-field openers above as one regex: most fields open with none of them."""


@lru_cache(maxsize=8)
def _patterns(lang: str | None) -> _Patterns:
    vocabs = [c.vocab for c in compiled(lang)]
    return _Patterns(
        origin_residence=tuple(re.compile(v.origin_and_residence) for v in vocabs),
        shares=re.compile(
            "|".join(f"(?:{p})" for v in vocabs for p in v.share_markers), re.IGNORECASE
        ),
        aliases=tuple(a + " " for v in vocabs for a in v.alias_markers),
        distributive=re.compile("|".join(f"(?:{p})" for v in vocabs for p in v.distributive)),
        legal_forms=re.compile(
            r"(?<![\w-])(?:" + "|".join(lf for v in vocabs for lf in v.legal_forms) + r")(?![\w-])"
        ),
        previous_inline=tuple(
            (re.compile(v.previous_inline, re.IGNORECASE), v.previous_markers[0]) for v in vocabs
        ),
        entered_before=tuple(re.compile(v.entered_before, re.IGNORECASE) for v in vocabs),
        now_verbs=tuple(re.compile(v.now_verbs) for v in vocabs),
        list_subjects=tuple(re.compile(v.list_subjects, re.IGNORECASE) for v in vocabs),
        auditor_replaced=tuple(re.compile(v.auditor_replaced) for v in vocabs),
        prose_any=re.compile(
            "|".join(
                # Group names repeat across languages: the joined regex only tests.
                f"(?i:{p.replace('(?P<rest>', '(?:')})" if ignore_case else f"(?:{p})"
                for v in vocabs
                for p, ignore_case in (
                    (v.previous_inline, True),
                    (v.entered_before, True),
                    (v.now_verbs, False),
                    (v.list_subjects, True),
                    (v.auditor_replaced, False),
                )
            )
        ),
    )


@dataclass(frozen=True)
class Field:
    """One classified field of an entry."""

    kind: Kind
    """What the field holds."""
    value: str
    """The cleaned value (place, role text, signature phrase …)."""
    extra: Any = None
    """Kind-specific payload (the Signature, the roles …)."""


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


def _startswith_place(f: str, prefixes: tuple[str, ...]) -> str | None:
    for p in prefixes:
        if f.startswith(p) and len(f) > len(p):
            rest = f[len(p) :].lstrip()
            if rest[:1].isupper() or rest[:1] in "«\"'":
                return rest
    return None


@lru_cache(maxsize=65536)
def classify(f: str, lang: str | None) -> Field:
    """Classify one field of an entry (pure; cached because fields repeat across notices)."""
    f = clean(f)
    if not f:
        return Field("unknown", f)
    comps = compiled(lang)
    m = _UID_PAREN.fullmatch(f) or (UID_RX.fullmatch(f))
    if m:
        return Field("uid", m.group(1))
    if f[:1].islower():
        prose = _prose_field(f, lang)
        if prose is not None:
            return prose
    for rx in _patterns(lang).origin_residence:
        m2 = rx.match(f)
        if m2:
            return Field("origin_residence", clean(m2.group("place")))
    nat = nationality_of(f, lang)
    if nat:
        return Field("nationality", nat)
    for c in comps:
        place = _startswith_place(f, c.vocab.origin_prefixes)
        if place:
            return Field("origin", clean(place))
    for c in comps:
        place = _startswith_place(f, c.vocab.residence_prefixes)
        if place:
            return Field("residence", clean(place))
    low = f.lower()
    sig, start, _end = signature_of(f, lang)
    if sig is not None:
        lead = _SIG_LEAD.sub("", f[:start]).strip(" ,")
        if _patterns(lang).shares.match(lead):
            lead = ""
        return Field("signature", f, (sig, lead))
    pats = _patterns(lang)
    if pats.shares.match(f):
        return Field("shares", f)
    if low.startswith(pats.aliases):
        return Field("alias", f)
    if pats.distributive.match(low) and roles_of(f, lang):
        return Field("distributive", f, roles_of(f, lang))
    if _ISO.match(f):
        return Field("country_code", f)
    if role_at_start(f, lang) or (roles_of(f, lang) and len(f.split()) <= 6):
        return Field("role", f, roles_of(f, lang))
    return Field("unknown", f)


def _prose_field(f: str, lang: str | None) -> Field | None:
    """The fields of running prose about a listed person (`bisher Mitglied`, `ist jetzt
    Präsident`, `lesquels signent collectivement à deux`, `en remplacement de X`)."""
    pats = _patterns(lang)
    if not pats.prose_any.match(f):
        return None
    for rx, label in pats.previous_inline:
        m = rx.match(f)
        if m:
            return Field("previous", f"{label}: {m.group('rest')}")
    if any(rx.match(f) for rx in pats.entered_before):
        return Field("entered_before", f)
    for rx in pats.now_verbs:
        m = rx.match(f)
        if m and m.end() < len(f):
            return classify(f[m.end() :], lang)
    for rx in pats.list_subjects:
        if rx.match(f):
            sig, _, _ = signature_of(f, lang)
            if sig is not None:
                return Field("shared_signature", f, sig)
    if any(rx.match(f) for rx in pats.auditor_replaced):
        return Field("replaced", f)
    return None


def list_subjects(lang: str | None) -> tuple[re.Pattern[str], ...]:
    """The `beide` / `lesquels` / `entrambi` openers of the languages, `lang` first."""
    return _patterns(lang).list_subjects


def lead_role(item: str, lang: str | None) -> tuple[str | None, str]:
    """`Revisionsstelle Muster Revisions AG, in Bern`: a function word before the name."""
    low = item.lower()
    for comp in compiled(lang):
        m = comp.role_any.match(low)
        if m and item[m.end() : m.end() + 1] == " " and item[m.end() + 1 : m.end() + 2].isupper():
            return item[: m.end()], item[m.end() + 1 :]
    return None, item


def fields_of(text: str) -> list[str]:
    """Top-level comma fields, with a leading conjunction (`und`, `et`) removed."""
    return [_CONJ.sub("", p) for p in split_top(text, ",")]


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
        _add(cur, fld, max_names)
    return entries


def rest_of(raw: str) -> str:
    """A field without its `[…]` brackets and leading conjunction."""
    return _CONJ.sub("", brackets(raw)[0])


def _add(cur: Entry, fld: Field, max_names: int) -> None:
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
        if tok.lower() not in _PARTICLES and not (tok[:2] == "d'" and tok[2:3].isupper()):
            return True
        if tok[:2] == "d'" and tok[2:3].isupper():
            return False
    return True


# A courtesy title opening a name in prose ("de M. Jean Dupont et de Mme Anne Favre"); only
# before two more words, so an initial ("Dupont M.") or a one-word name stays.
_COURTESY = re.compile(
    r"^(?:M\.|MM\.|Mme\.?|Mlle\.?|Monsieur|Madame|Sig\.(?:ra)?|Signor|Signora)\s+(?=\S+\s+\S)"
)


_COURTESY_STARTS = ("M.", "MM.", "Mme", "Mlle", "Monsieur ", "Madame ", "Sig")


def strip_titles(name: str) -> str:
    """Remove academic and courtesy titles (`Dr.`, `Prof.`, `lic. iur.`, `M.`, `Mme`) from a
    name."""
    if name.startswith(_COURTESY_STARTS):
        name = _COURTESY.sub("", name)
    return clean(_TITLES.sub("", name))


_PARTICLES = frozenset(
    {
        "von",
        "vom",
        "zu",
        "zur",
        "van",
        "der",
        "den",
        "ter",
        "de",
        "du",
        "des",
        "di",
        "da",
        "dal",
        "del",
        "dalla",
        "della",
        "degli",
        "dei",
        "dos",
        "das",
        "do",
        "le",
        "la",
        "lo",
        "d'",
        "y",
        "zum",
        "zer",
    }
)
_SUFFIXES = frozenset({"jun.", "sen.", "jr.", "sr.", "junior", "senior", "fils", "père"})


def _units(tokens: list[str]) -> list[str]:
    """Name tokens with particles glued to the word they precede (`de Weck`, `van der Berg`)."""
    units: list[str] = []
    pending: list[str] = []
    for tok in tokens:
        if tok.lower() in _PARTICLES and tok[:1].islower():
            pending.append(tok)
            continue
        units.append(" ".join([*pending, tok]))
        pending = []
    if pending:  # a trailing lower-case word ("Muster de"): keep it, glued to the last word
        if units:
            units[-1] = " ".join([units[-1], *pending])
        else:
            units.append(" ".join(pending))
    return units


def _given_run(units: list[str]) -> int:
    n = 0
    for u in units:
        if " " in u or not is_given_name(u):
            break
        n += 1
    return n


def split_name(names: list[str], order: NameOrder) -> tuple[str, str | None]:
    """(family, given) from one or two name fields.

    A single field (`Beispiel Anna Maria Luise`, `Jean-Pierre Dupont`) is split with the
    given-name vocabulary: given names at one end only decide the order; when both or neither
    end is a known given name, `order` (family first in prose, given first in old blocks) does.
    Particles stay with the family name; `jun.` / `sen.` stay with the given names.
    """
    if len(names) >= 2:
        family, given = strip_titles(names[0]), strip_titles(names[1])
        return family, given or None
    tokens = strip_titles(names[0]).split()
    suffix: list[str] = []
    while len(tokens) > 2 and tokens[-1].lower() in _SUFFIXES:
        suffix.insert(0, tokens.pop())
    units = _units(tokens)
    if len(units) == 1:
        return units[0], " ".join(suffix) or None
    lead = _given_run(units)
    trail = _given_run(units[::-1])
    n = len(units)
    if trail and not lead:
        # Family = the words before the first known given name ("Meier Keller Anna" keeps both).
        cut = min(
            n - trail, next(i for i, u in enumerate(units) if " " not in u and is_given_name(u))
        )
    elif lead and not trail:
        cut = -lead
    elif order == "given_first":
        cut = -(n - 1)
    else:
        cut = 1 if lead == n else n - 1
    # cut > 0: the first `cut` units are the family name; cut < 0: the first `-cut` are given names.
    family_units, given_units = (
        (units[:cut], units[cut:]) if cut > 0 else (units[-cut:], units[:-cut])
    )
    return " ".join(family_units), " ".join([*given_units, *suffix]) or None


def looks_like_company(entry: Entry, lang: str | None, roles: list[Role]) -> bool:
    """True when an entry names a legal entity rather than a natural person."""
    name = entry.names[0] if entry.names else ""
    if entry.uid or _UID_PAREN.search(name) or "&" in name:
        return True
    if "auditor" in roles:
        return True
    if _patterns(lang).legal_forms.search(name):
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
        uid = entry.uid
        m = _UID_PAREN.search(name)
        if m:
            uid = uid or m.group(1)
            name = _UID_PAREN.sub(" ", name)
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
                _add(entry, fld, 0)
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
