"""Persons written as running prose (Geneva, Vaud, Neuchâtel; old German branch notices).

Three shapes cover the conventions of shab-notices.md:
- a role label: `Associé-gérant: Exemple Paul, de France, à Carouge, … avec signature individuelle.`
- a granted signature: `Signature collective à deux a été conférée à A, de France, à X, B, …`,
  `Für die Zweigniederlassung zeichnen mit Einzelunterschrift A, …; mit Kollektivprokura B …`
- a removal: `La procuration de X est radiée.`, `Die Prokura von X ist erloschen.`
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ingestion.extraction.entries import (
    Context,
    Entry,
    Mention,
    build_entries,
    classify,
    fields_of,
    lead_role,
    list_subjects,
    to_mention,
)
from ingestion.extraction.lexicon import (
    is_given_name,
    may_match,
    needles,
    role_at_start,
    roles_of,
    signature_of,
)
from ingestion.extraction.models import Action, PersonMention, Role, Signature
from ingestion.extraction.text import clean, split_top
from ingestion.extraction.vocab import ordered

_LABEL = re.compile(r"^(?P<label>[^:;()\[\]]{2,120}?)\s*:\s*(?P<rest>.+)$")
_QUALIFIER = re.compile(
    r"^(?:nouvel(?:le)?s?|nouveaux|nouveau|neue[rn]?|nuov[oaie]|weitere[rn]?|autres?)\s+",
    re.IGNORECASE,
)
_GRANT_LEAD = re.compile(
    r"^\s*(?:(?:a|ont) été|est|sont|è stata|sono state|è|sono|wurde|ist|wird|werden)?\s*"
    r"(?:conférée?s?|attribuée?s?|conferit[aei]|erteilt|accordée?s?)?\s*(?:à|a|an|aux)?\s+(?=\S)"
)
_AND = re.compile(r"\s+(?:et|und|e)\s+")
_ARTICLES = frozenset(
    {
        "La",
        "Le",
        "Les",
        "L'",
        "Die",
        "Der",
        "Das",
        "Il",
        "Lo",
        "Gli",
        "I",
        "Sa",
        "Son",
        "Ses",
        "Sein",
        "Seine",
        "Ihre",
        "Sua",
        "Suo",
        "Cette",
        "Diese",
        "Questa",
    }
)
_NAME_PARTICLES = frozenset(
    {
        "von",
        "van",
        "de",
        "du",
        "des",
        "di",
        "da",
        "del",
        "della",
        "dos",
        "der",
        "den",
        "le",
        "la",
        "zu",
        "zur",
    }
)
_CONJ_START = re.compile(r"^(?:und|et|e)\s+")
_PARTICLE_START = re.compile(r"(?:von|van|de|di|da|del|della|du|des|dos) [A-ZÄÖÜÉÈ]")
_BY = re.compile(r"\b(?:par|durch|da parte di|da|dal|dalla|dall')\s+(?=\S)")
# "…, et à B, …" / "…, e a B, …": the grant's preposition repeated before the next person.
_AND_TO = re.compile(r"(?:,\s*|\s+)(?:et|e|und|sowie) (?:à|a|an|aux) (?=[A-ZÄÖÜÉ])")
_SIG_EDGE = re.compile(
    r"(?:^\s*(?:mit|avec|con|und|et|e)\b|\b(?:mit|avec|con|und|et|e|pour la \w+|für die \w+)\s*$)",
    re.IGNORECASE,
)
_NAME_SEP = re.compile(r"(,?\s+(?:und|et|e|sowie)\s+|,\s*)")


@dataclass(frozen=True)
class _LabelRx:
    """The label and list regexes of the languages, each family joined into one scan."""

    list_label: re.Pattern[str]
    """Any `list_labels` pattern."""
    organs: tuple[tuple[re.Pattern[str], Role], ...]
    """Organ words with the role they imply."""
    qualifiers: re.Pattern[str]
    """Any language's qualifier words before a label's function."""
    preamble: re.Pattern[str]
    """Any language's opening fragment."""
    prepositions: tuple[str, ...]
    """Prepositions repeated before the names of an expiry list."""
    entry_label: re.Pattern[str]
    """`Neu:` / `radié:` inside an entry; the group `gone` is set for a removal."""
    appoint: re.Pattern[str]
    """Any language's appointing verb (`a nommé`, `ha nominato`)."""
    appoint_keys: frozenset[str] | None
    """Strings one of which `appoint` cannot match without (most sentences appoint nobody)."""


@lru_cache(maxsize=8)
def _label_rx(lang: str | None) -> _LabelRx:
    vocabs = ordered(lang)
    appoint = "|".join(f"(?:{v.appoint_verbs})" for v in vocabs)
    return _LabelRx(
        list_label=re.compile(
            "|".join(f"(?:{p})" for v in vocabs for p in v.list_labels), re.IGNORECASE
        ),
        organs=tuple((re.compile(p), r) for v in vocabs for p, r in v.organ_roles),
        qualifiers=re.compile("|".join(f"(?:{v.qualifiers})" for v in vocabs), re.IGNORECASE),
        preamble=re.compile("|".join(f"(?:{v.preambles})" for v in vocabs)),
        prepositions=tuple(dict.fromkeys(w for v in vocabs for w in v.list_prepositions)),
        appoint=re.compile(appoint),
        appoint_keys=needles(appoint),
        entry_label=re.compile(
            r"^(?:(?P<gone>"
            + "|".join(p for v in vocabs for p, a in v.entry_labels if a == "removed")
            + r")|(?:"
            + "|".join(p for v in vocabs for p, a in v.entry_labels if a == "registered")
            + r"))\s*:\s*"
        ),
    )


def _particle_name(field: str) -> bool:
    """`von Allmen Ruth`, `de Rham Olivier`: a family name with its particle, family first,
    not a home town (`von Ried bei Kerzers`): capitalised words after the particles and a given
    name at the end."""
    tokens = field.split()
    i = 0
    while i < len(tokens) and tokens[i] in _NAME_PARTICLES:
        i += 1
    rest = tokens[i:]
    return (
        0 < i < len(tokens)
        and len(rest) >= 2
        and all(t[:1].isupper() for t in rest)
        and is_given_name(rest[-1])
    )


def _place_field(part: str, lang: str | None) -> bool:
    kind = classify(part, lang).kind
    return kind in ("origin", "residence", "nationality") and not (
        kind == "origin" and _particle_name(part)
    )


def strip_preamble(sentence: str, lang: str | None) -> str:
    """The sentence without an opening fragment such as `Gemäss Beschluss …:` before its persons."""
    m = _label_rx(lang).preamble.match(sentence)
    return sentence[m.end() :] if m else sentence


def _drop_repeated_prepositions(names: str, lang: str | None) -> str:
    """`A und von B`, `A, de B et de C`: the list's preposition repeated before each name.

    The repetition is parallel, so it counts only when the last name has it too; otherwise a
    leading `von` / `de` belongs to a family name (`A, von Allmen Ruth und B`)."""
    preps = _label_rx(lang).prepositions
    parts = _NAME_SEP.split(names)
    items = parts[0::2]
    if len(items) < 2:
        return names

    def prep_of(item: str) -> str | None:
        for w in preps:
            if item.startswith(w + " ") or (w.endswith("'") and item.startswith(w)):
                rest = item[len(w) :].lstrip()
                # A person after it has a family and a given name; "de Nendaz" is a home town.
                if len(rest.split()) >= 2 and (
                    rest[:1].isupper() or rest.split(" ", 1)[0] in _NAME_PARTICLES
                ):
                    return w
        return None

    # The last name (a trailing function such as ", membro" is no name).
    last = next((i for i in reversed(items) if i[:1].isupper() or prep_of(i)), items[-1])
    if prep_of(last) is None:
        return names
    out = [items[0]]
    for sep, item in zip(parts[1::2], items[1:], strict=True):
        w = prep_of(item)
        out.append(sep)
        out.append(item[len(w) :].lstrip() if w else item)
    return "".join(out)


@lru_cache(maxsize=8)
def _removal(
    lang: str | None,
) -> tuple[tuple[frozenset[str] | None, re.Pattern[str], Role | None], ...]:
    # Each template carries the strings it cannot match without (a substring test is cheaper).
    return tuple(
        (needles(p), re.compile(p), r) for v in ordered(lang) for p, r in v.removal_templates
    )


@lru_cache(maxsize=8)
def _cues(lang: str | None) -> tuple[re.Pattern[str], re.Pattern[str]]:
    removal = "|".join(p for v in ordered(lang) for p in v.removal_cues)
    grant = "|".join(p for v in ordered(lang) for p in v.grant_cues)
    return re.compile(removal), re.compile(grant)


def _accept(entry: Entry) -> bool:
    """A prose entry names a person only with a place, or with a signature and a function."""
    return entry.located or (entry.signature is not None and bool(entry.role_texts))


def _mentions(text: str, ctx: Context, listed: bool = False) -> list[Mention]:
    """Persons of a prose list; `listed`: a label or a verb says these are persons, so an entry
    with a name and a function is one even without a place."""
    out: list[Mention] = []
    entries = build_entries(fields_of(text), ctx.lang)
    shared = next((e.distributive for e in reversed(entries) if e.distributive), None)
    signed = next((e.shared_signature for e in entries if e.shared_signature), None)
    for entry in entries:
        if signed and entry.signature is None:
            entry.signature = signed
        if not (
            _accept(entry)
            or (ctx.signature is not None and entry.names)
            or (listed and entry.names and (entry.role_texts or entry.signature))
        ):
            continue
        mention = to_mention(entry, ctx, shared)
        if mention is not None:
            out.append(mention)
    return out


def _names_only(text: str, ctx: Context, listed: bool = False) -> list[Mention]:
    """`A, B et C` with or without places: each comma field without a place is a person; a role
    field (`X, administrateur, démissionnaire`) belongs to the person before it."""
    parts = fields_of(_AND.sub(", ", text))
    # The first field is a name even when it looks like an origin ("de Weck Léa").
    if any(_place_field(p, ctx.lang) for p in parts[1:]):
        # Entries with places are comma-separated: keep "von Melchnau und Gondiswil" whole.
        return _mentions(text, ctx, listed)
    entries: list[Entry] = []
    removal_rx, _ = _cues(ctx.lang)
    for p in parts:
        if len(p.split()) <= 2 and removal_rx.search(p):
            continue  # "X, démissionnaire, …": the removal word, not a name
        fld = classify(p, ctx.lang)
        kind = fld.kind
        if kind == "signature" and entries:
            sig, lead = fld.extra
            entries[-1].signature = sig
            if lead:
                entries[-1].role_texts.append(lead)
            continue
        if kind in ("role", "signature", "shares", "distributive", "shared_signature"):
            if entries and kind == "role":
                entries[-1].role_texts.append(p)
            continue
        if kind in ("previous", "entered_before", "replaced"):
            continue
        entries.append(Entry(names=[p]))
    out: list[Mention] = []
    for entry in entries:
        mention = to_mention(entry, ctx)
        if mention is not None:
            out.append(mention)
    return out


def _plausible_names(text: str) -> bool:
    """True when `text` (before `n'est plus`, `ist nicht mehr` …) starts like a person's name:
    capitalised words or particles, not an article (`La société`, `Die Gesellschaft`)."""
    first = _AND.sub(", ", text).split(",", 1)[0]
    tokens = first.split()
    if len(tokens) < 2 or tokens[0] in _ARTICLES:
        return False
    return all(
        t[:1].isupper() or t in _NAME_PARTICLES or t.rstrip(".") in ("jun", "sen") for t in tokens
    )


def _starts_with_entry(sentence: str, lang: str | None) -> bool:
    """`Dupont Marc, de Genève, à Lancy, …`: a name field followed by an origin / residence."""
    if sentence.count(",") < 1:
        return False
    parts = sentence.split(",", 2)[:2]  # only the first two fields matter: no bracket-aware split
    parts = [_CONJ_START.sub("", p.strip()) for p in parts]
    if ":" in parts[0] or "(" in parts[0] or "[" in parts[0] or not _plausible_names(parts[0]):
        return False
    first = classify(parts[0], lang).kind
    return (
        first == "unknown" or (first == "origin" and _PARTICLE_START.match(parts[0]) is not None)
    ) and classify(parts[1], lang).kind in (
        "origin",
        "nationality",
        "residence",
        "origin_residence",
        # "X, bisher eingetragen, ist jetzt …", "X, bisher Mitglied, …": prose about a person
        "previous",
        "entered_before",
    )


def _removed_signature(sentence: str, m: re.Match[str], lang: str | None) -> Signature | None:
    """The right a removal sentence ends: named before the names (`Die Kollektivprokura von …`)
    or in a closing clause (`…, ist ausgeschieden; seine Einzelunterschrift ist erloschen`)."""
    if "names" in m.groupdict():
        sig, _, _ = signature_of(sentence[m.start() : m.start("names")], lang)
        if sig is not None:
            return sig
    removal_rx, _ = _cues(lang)
    tail = sentence[m.end() :]
    if removal_rx.search(tail):
        return signature_of(tail, lang)[0]
    return None


def _list_items(rest: str, ctx: Context) -> list[Mention]:
    """The `;`-separated persons after a list label; a clause in lower case speaks of the whole
    list (`sie zeichnen kollektiv zu zweien`, `leurs signatures sont radiées`)."""
    out: list[Mention] = []
    shared: Signature | None = None
    entry_label = _label_rx(ctx.lang).entry_label
    for item in split_top(rest, ";"):
        sub = entry_label.match(item)
        if sub is not None:
            item = item[sub.end() :]
        if item[:1].islower() and not _PARTICLE_START.match(item):
            shared = shared or signature_of(item, ctx.lang)[0]
            continue
        role_text, body = lead_role(item, ctx.lang)
        item_ctx = replace(ctx, role_text=role_text) if role_text and not ctx.role_text else ctx
        if sub is not None:
            item_ctx = replace(item_ctx, action="removed" if sub.group("gone") else "registered")
        found = _names_only(body, item_ctx, listed=True) if _plausible_start(body) else []
        out.extend(_close_signature(found))
    if shared is not None:
        for m in out:
            if isinstance(m, PersonMention) and m.signature == "unknown":
                m.signature = shared
    return out


def _close_signature(found: list[Mention]) -> list[Mention]:
    """`Associés-gérants: A, …, et B, …, avec signature collective à deux.`: a signature that
    closes a list whose other persons have none is the whole list's."""
    persons = [m for m in found if isinstance(m, PersonMention)]
    last = persons[-1].signature if persons else "unknown"
    if (
        len(persons) > 1
        and last != "unknown"
        and all(p.signature == "unknown" for p in persons[:-1])
    ):
        for p in persons[:-1]:
            p.signature = last
    return found


def _plausible_start(text: str) -> bool:
    first = text.split(",", 1)[0].strip()
    return bool(first) and (first[:1].isupper() or _PARTICLE_START.match(first) is not None)


@dataclass(frozen=True)
class _Label:
    """What a label says about the persons after it."""

    role_label: bool
    """A function word opens it (`Associé-gérant`, `Revisionsstelle neu`)."""
    action: Action
    """Registered or removed."""
    signature: Signature | None
    """A right granted or ended for the whole list."""
    role_text: str | None
    """The function of a role label."""
    role: Role | None
    """The role a list label implies when a person has no function of their own."""


@lru_cache(maxsize=4096)
def _read_label(label: str, lang: str | None) -> _Label | None:
    """Read one label (cached: "Zweck", "Domizil neu" and their like repeat in every notice)."""
    rx = _label_rx(lang)
    label = _QUALIFIER.sub("", rx.qualifiers.sub("", label).strip())
    removal_rx, _ = _cues(lang)
    # "Ausgeschieden sind:": the cue words are written in lower case inside a sentence.
    lowered = label[:1].lower() + label[1:]
    action: Action = (
        "removed" if removal_rx.search(label) or removal_rx.search(lowered) else "registered"
    )
    sig, s0, s1 = signature_of(label, lang)
    if role_at_start(label, lang):
        role_text = clean(_SIG_EDGE.sub("", label[:s0])) if sig is not None else label
        return _Label(True, action, sig, role_text or None, None)
    low = label.lower()
    organ = next((r for o, r in rx.organs if o.search(low)), None)
    if sig is None and organ is None and not rx.list_label.search(label):
        return None
    roles = roles_of(label[:s0] + " " + label[s1:] if sig is not None else label, lang)
    return _Label(False, action, sig, None, organ or (roles[0] if roles else None))


def _labelled(label: str, rest: str, lang: str | None, sarl: bool) -> list[Mention] | None:
    """Persons after a label (`Associé-gérant:`, `Neu zeichnen mit Kollektivprokura zu zweien:`,
    `Aus der Verwaltung sind ausgeschieden:`); None when the label introduces no persons."""
    read = _read_label(label, lang)
    if read is None:
        return None
    ctx = Context(
        lang=lang,
        action=read.action,
        signature=read.signature,
        role_text=read.role_text,
        role=read.role,
        sarl=sarl,
    )
    if read.role_label and read.signature is None and not _label_rx(lang).entry_label.match(rest):
        # The older form: a role label keeps its own reading of the entries.
        found = _mentions(rest, ctx)
        if not found and _plausible_names(rest):
            # "Administrateurs sortants: Favre Louis et Rochat Anne.": names without places
            found = _names_only(rest, ctx)
        if found or ";" not in rest:
            return _close_signature(found)
    return _list_items(rest, ctx)


def parse_sentence(sentence: str, lang: str | None, sarl: bool) -> list[Mention]:
    """Persons and companies named in one prose sentence ([] when it names none)."""
    sentence = strip_preamble(sentence, lang)
    removal_rx, _grant_rx = _cues(lang)
    removal = removal_rx.search(sentence) is not None
    for keys, rx, role in _removal(lang) if removal else ():
        m = rx.search(sentence) if may_match(keys, sentence) else None
        if m and sentence[m.end() : m.end() + 2].lstrip().startswith(":"):
            continue  # "Aus der Verwaltung sind ausgeschieden: …" is a list label
        if m and (not rx.pattern.startswith("^") or _plausible_names(m.group("names"))):
            left = m.groupdict().get("role")
            role_text = left.strip() if left and roles_of(left, lang) else None
            ctx = Context(
                lang=lang,
                action="removed",
                role=role,
                role_text=role_text,
                signature=_removed_signature(sentence, m, lang),
                sarl=sarl,
            )
            names = _drop_repeated_prepositions(m.group("names"), lang)
            found = _names_only(names.replace(";", ","), ctx)
            # "… ist erloschen; neu wurde Kollektivprokura erteilt an X, …": the next clause.
            tail = sentence[m.end() :]
            if tail.startswith(";") and len(tail) > 2:
                found += parse_sentence(tail.lstrip("; "), lang, sarl)
            return found
    m = _LABEL.match(sentence)
    if m:
        listed = _labelled(m.group("label").strip(), m.group("rest"), lang, sarl)
        if listed is not None:
            return listed
    out: list[Mention] = []
    for segment in split_top(sentence, ";"):
        sig, start, end = signature_of(segment, lang)
        if sig is None:
            continue
        seg_action: Action = "removed" if removal_rx.search(segment) else "registered"
        after = _AND_TO.sub(", ", _GRANT_LEAD.sub("", segment[end:]).strip(" ,"))
        ctx = Context(lang=lang, action=seg_action, signature=sig, sarl=sarl)
        found = _mentions(after, ctx) if after[:1].isupper() or _PARTICLE_START.match(after) else []
        # "X, da Airolo, in …": an origin, not "da parte di" (by whom the right was granted).
        if not found and not _starts_with_entry(segment, lang):
            found = _granted_by(segment[:start], segment, seg_action, lang, sarl)
        out.extend(found)
    if not out:
        # "Le conseil d'administration … a nommé X, de …, à …, directeur, avec …"
        labels = _label_rx(lang)
        m = labels.appoint.search(sentence) if may_match(labels.appoint_keys, sentence) else None
        if m and _starts_with_entry(sentence[m.end() :], lang):
            ctx = Context(lang=lang, action="registered", sarl=sarl)
            out = _mentions(sentence[m.end() :], ctx, listed=True)
    if not out and _starts_with_entry(sentence, lang):
        # `Dupont Marc, de Genève, à Lancy, avec signature individuelle [précédemment: …]`;
        # `A, …, bisher Mitglied, ist jetzt Vizepräsident; B, …, ist nun Präsidentin`
        action: Action = "removed" if removal and not _grant_rx.search(sentence) else "registered"
        ctx = Context(lang=lang, action=action, sarl=sarl)
        out = [m for seg in split_top(sentence, ";") for m in _mentions(seg, ctx, listed=True)]
    return out


def _granted_by(
    before: str, segment: str, action: Action, lang: str | None, sarl: bool
) -> list[Mention]:
    """The person after `par` / `durch` / `dal` (`… est assurée par X, de …`, `… dal membro del
    consiglio X, da …, nominato liquidatore`): the first one that reads as an entry, else the last."""
    bodies: list[tuple[str | None, str]] = []
    for by in _BY.finditer(before):
        role_text, body = lead_role(segment[by.end() :], lang)
        if body[:1].isupper():
            bodies.append((role_text, body))
    if not bodies:
        return []
    role_text, body = next(
        (b for b in bodies if _starts_with_entry(b[1], lang)),
        bodies[-1],
    )
    return _mentions(body, Context(lang=lang, action=action, role_text=role_text, sarl=sarl))


def shared_signature(sentence: str, lang: str | None) -> Signature | None:
    """The signature of a sentence about the persons of the one before it
    (`Beide zeichnen weiterhin kollektiv zu zweien.`, `Ils signent collectivement à deux.`)."""
    low = sentence[:1].lower() + sentence[1:].rstrip(" .")
    # Most sentences open with no such pronoun: test that before classifying the whole sentence.
    if not any(rx.match(low) for rx in list_subjects(lang)):
        return None
    fld = classify(low, lang)
    return fld.extra if fld.kind == "shared_signature" else None
