"""Entries of a prose list (`A, de X, à Y, administrateur, et B, …`): which fields make a person,
which `de` / `von` opens a home town or a family name, and the signature closing a list."""

from __future__ import annotations

from ingestion.extraction.entries import Entry, build_entries
from ingestion.extraction.fields import classify, fields_of
from ingestion.extraction.lexicon import (
    is_given_name,
)
from ingestion.extraction.mentions import Context, Mention, to_mention
from ingestion.extraction.models import PersonMention
from ingestion.extraction.prose_rx import (
    AND_RX,
    ARTICLES,
    CONJ_START_RX,
    NAME_PARTICLES,
    NAME_SEP_RX,
    PARTICLE_START_RX,
    cue_patterns,
    label_patterns,
)
from ingestion.extraction.text import split_top


def _particle_name(field: str) -> bool:
    """`von Allmen Ruth`, `de Rham Olivier`: a family name with its particle, family first,
    not a home town (`von Ried bei Kerzers`): capitalised words after the particles and a given
    name at the end."""
    tokens = field.split()
    i = 0
    while i < len(tokens) and tokens[i] in NAME_PARTICLES:
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


def drop_repeated_prepositions(names: str, lang: str | None) -> str:
    """`A und von B`, `A, de B et de C`: the list's preposition repeated before each name.

    The repetition is parallel, so it counts only when the last name has it too; otherwise a
    leading `von` / `de` belongs to a family name (`A, von Allmen Ruth und B`)."""
    preps = label_patterns(lang).prepositions
    parts = NAME_SEP_RX.split(names)
    items = parts[0::2]
    if len(items) < 2:
        return names

    def prep_of(item: str) -> str | None:
        for w in preps:
            if item.startswith(w + " ") or (w.endswith("'") and item.startswith(w)):
                rest = item[len(w) :].lstrip()
                # A person after it has a family and a given name; "de Nendaz" is a home town.
                if len(rest.split()) >= 2 and (
                    rest[:1].isupper() or rest.split(" ", 1)[0] in NAME_PARTICLES
                ):
                    return w
        return None

    # "X, d'Ecublens VD, à Nyon, membre …": entries with places, whose `de` / `da` opens a
    # home town. A repeated preposition is the same one each time and leaves no place behind.
    if len({w for w in map(prep_of, items[1:]) if w}) > 1 or any(
        prep_of(i) is None and classify(i, lang).kind in ("residence", "origin_residence")
        for i in items[1:]
    ):
        return names
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


def _accept(entry: Entry) -> bool:
    """A prose entry names a person only with a place, or with a signature and a function."""
    return entry.located or (entry.signature is not None and bool(entry.role_texts))


def list_mentions(text: str, ctx: Context, listed: bool = False) -> list[Mention]:
    """Persons of a prose list; `listed`: a label or a verb says these are persons, so an entry
    with a name and a function is one even without a place."""
    out: list[Mention] = []
    # A `;` always ends a field: "…, in X; Y, Z, von …" holds a place and the next person's
    # family name, never one place (the family name would be lost and the given name left alone).
    fields = [f for item in split_top(text, ";") for f in fields_of(item)]
    entries = build_entries(fields, ctx.lang)
    if (
        len(entries) > 1
        and entries[-1].role_texts
        and label_patterns(ctx.lang).plural_verbs.match(fields[-1])
    ):
        # "A, …, et B, …, ont été nommés administrateurs": the verb is the whole list's.
        closing, sig = entries[-1].role_texts[-1], entries[-1].signature
        for e in entries[:-1]:
            if not e.role_texts:
                e.role_texts.append(closing)
                e.signature = e.signature or sig
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


def names_only(text: str, ctx: Context, listed: bool = False) -> list[Mention]:
    """`A, B et C` with or without places: each comma field without a place is a person; a role
    field (`X, administrateur, démissionnaire`) belongs to the person before it."""
    parts = fields_of(AND_RX.sub(", ", text))
    # The first field is a name even when it looks like an origin ("de Weck Léa").
    if any(_place_field(p, ctx.lang) for p in parts[1:]):
        # Entries with places are comma-separated: keep "von Melchnau und Gondiswil" whole.
        return list_mentions(text, ctx, listed)
    entries: list[Entry] = []
    removal_rx, _ = cue_patterns(ctx.lang)
    for n, p in enumerate(parts):
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
                if n == len(parts) - 1 and all(not e.role_texts for e in entries):
                    # "Les signatures de A et B, administrateurs, sont radiées": the one
                    # function closing the list is every listed person's.
                    for e in entries:
                        e.role_texts.append(p)
                else:
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


def plausible_names(text: str) -> bool:
    """True when `text` (before `n'est plus`, `ist nicht mehr` …) starts like a person's name:
    capitalised words or particles, not an article (`La société`, `Die Gesellschaft`)."""
    first = AND_RX.sub(", ", text).split(",", 1)[0]
    tokens = first.split()
    if len(tokens) < 2 or tokens[0] in ARTICLES:
        return False
    return all(
        t[:1].isupper() or t in NAME_PARTICLES or t.rstrip(".") in ("jun", "sen") for t in tokens
    )


def starts_with_entry(sentence: str, lang: str | None) -> bool:
    """`Dupont Marc, de Genève, à Lancy, …`: a name field followed by an origin / residence."""
    if sentence.count(",") < 1:
        return False
    parts = sentence.split(",", 2)[:2]  # only the first two fields matter: no bracket-aware split
    parts = [CONJ_START_RX.sub("", p.strip()) for p in parts]
    if ":" in parts[0] or "(" in parts[0] or "[" in parts[0] or not plausible_names(parts[0]):
        return False
    first = classify(parts[0], lang).kind
    return (
        first == "unknown" or (first == "origin" and PARTICLE_START_RX.match(parts[0]) is not None)
    ) and classify(parts[1], lang).kind in (
        "origin",
        "nationality",
        "residence",
        "origin_residence",
        # "X, bisher eingetragen, ist jetzt …", "X, bisher Mitglied, …": prose about a person
        "previous",
        "entered_before",
    )


def starts_with_officer(sentence: str, lang: str | None) -> bool:
    """`Dupont Marc, associé gérant, pour 20 parts …, avec signature individuelle`: a name
    field, then a function, in a sentence that grants a signature or holds shares; an entry
    with no place."""
    parts = split_top(sentence, ",")
    if len(parts) < 3:
        return False
    first = CONJ_START_RX.sub("", parts[0].strip())
    if ":" in first or "(" in first or "[" in first or not plausible_names(first):
        return False
    if classify(first, lang).kind != "unknown" or classify(parts[1].strip(), lang).kind != "role":
        return False
    return any(classify(p.strip(), lang).kind in ("signature", "shares") for p in parts[2:])


def close_signature(found: list[Mention]) -> list[Mention]:
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


def plausible_start(text: str) -> bool:
    first = text.split(",", 1)[0].strip()
    return bool(first) and (first[:1].isupper() or PARTICLE_START_RX.match(first) is not None)
