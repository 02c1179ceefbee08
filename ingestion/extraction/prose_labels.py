"""Persons after a label (`Associé-gérant:`, `Aus der Verwaltung sind ausgeschieden:`,
`Conseil d'administration:`): the label's function, signature and action, the `;`-items, and the
clauses that close a list (`…; leurs signatures sont radiées`, `démissionnaires`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ingestion.extraction.entries import is_list_clause, lead_role
from ingestion.extraction.lexicon import (
    role_at_start,
    roles_of,
    signature_of,
)
from ingestion.extraction.mentions import Context, Mention
from ingestion.extraction.models import Action, PersonMention, Role, Signature
from ingestion.extraction.prose_entries import (
    close_signature,
    list_mentions,
    names_only,
    plausible_names,
    plausible_start,
)
from ingestion.extraction.prose_rx import (
    CONJ_START_RX,
    PARTICLE_START_RX,
    QUALIFIER_RX,
    SIG_EDGE_RX,
    cue_patterns,
    label_patterns,
)
from ingestion.extraction.text import clean, split_top


def _list_items(rest: str, ctx: Context) -> list[Mention]:
    """The `;`-separated persons after a list label; a clause in lower case speaks of the whole
    list (`sie zeichnen kollektiv zu zweien`, `leurs signatures sont radiées`)."""
    out: list[Mention] = []
    shared: Signature | None = None
    entry_label = label_patterns(ctx.lang).entry_label
    for item in split_top(rest, ";"):
        sub = entry_label.match(item)
        if sub is not None:
            item = item[sub.end() :]
        if item[:1].islower() and not PARTICLE_START_RX.match(item):
            shared = shared or signature_of(item, ctx.lang)[0]
            continue
        role_text, body = lead_role(item, ctx.lang)
        item_ctx = replace(ctx, role_text=role_text) if role_text and not ctx.role_text else ctx
        if sub is not None:
            item_ctx = replace(item_ctx, action="removed" if sub.group("gone") else "registered")
        found = names_only(body, item_ctx, listed=True) if plausible_start(body) else []
        out.extend(close_signature(found))
    if shared is not None:
        for m in out:
            if isinstance(m, PersonMention) and m.signature == "unknown":
                m.signature = shared
    return out


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
    rx = label_patterns(lang)
    label = QUALIFIER_RX.sub("", rx.qualifiers.sub("", label).strip())
    removal_rx, _ = cue_patterns(lang)
    # "Ausgeschieden sind:": the cue words are written in lower case inside a sentence.
    lowered = label[:1].lower() + label[1:]
    action: Action = (
        "removed" if removal_rx.search(label) or removal_rx.search(lowered) else "registered"
    )
    sig, s0, s1 = signature_of(label, lang)
    if role_at_start(label, lang):
        role_text = clean(SIG_EDGE_RX.sub("", label[:s0])) if sig is not None else label
        return _Label(True, action, sig, role_text or None, None)
    low = label.lower()
    organ = next((r for o, r in rx.organs if o.search(low)), None)
    if sig is None and organ is None and not rx.list_label.search(label):
        return None
    roles = roles_of(label[:s0] + " " + label[s1:] if sig is not None else label, lang)
    return _Label(False, action, sig, None, organ or (roles[0] if roles else None))


def labelled_persons(
    label: str, rest: str, lang: str | None, sarl: bool, removal: bool = True
) -> list[Mention] | None:
    """Persons after a label (`Associé-gérant:`, `Neu zeichnen mit Kollektivprokura zu zweien:`,
    `Aus der Verwaltung sind ausgeschieden:`); None when the label introduces no persons."""
    read = _read_label(label, lang)
    if read is None:
        return None
    # `removal`: the sentence holds a removal cue (most hold none: no second scan).
    rest, gone = _removal_fields(rest, lang) if removal else (rest, False)
    ctx = Context(
        lang=lang,
        action="removed" if gone else read.action,
        signature=read.signature,
        role_text=read.role_text,
        role=read.role,
        sarl=sarl,
    )
    if (
        read.role_label
        and read.signature is None
        and not label_patterns(lang).entry_label.match(rest)
    ):
        # The older form: a role label keeps its own reading of the entries.
        body, closing = _closing_clauses(rest, lang)
        found = list_mentions(body, ctx)
        if not found and plausible_names(body):
            # "Administrateurs sortants: Favre Louis et Rochat Anne.": names without places
            found = names_only(body, ctx)
        if found or ";" not in body:
            return _shared(close_signature(found), closing)
    return _list_items(rest, ctx)


def _removal_fields(rest: str, lang: str | None) -> tuple[str, bool]:
    """The entries after a label without the words saying they left (`Conseil
    d'administration: A, président, et B, membre, démissionnaires; leurs signatures sont
    radiées`), and whether there were any: a removal word in lower case is no name and no
    function, but it makes the list one of removed persons."""
    removal_rx, _ = cue_patterns(lang)
    if removal_rx.search(rest) is None:
        return rest, False
    gone = False
    items = []
    for item in split_top(rest, ";"):
        if _clause(item, lang):
            if removal_rx.search(item):
                gone = True
                continue
            items.append(item)
            continue
        fields = []
        for f in split_top(item, ","):
            word = CONJ_START_RX.sub("", f)
            if word.islower() and len(word.split()) <= 5 and removal_rx.search(word):
                gone = True
                if not roles_of(word, lang):
                    continue  # "démissionnaire", "ses pouvoirs sont radiés"
            fields.append(f)
        items.append(", ".join(fields))
    return ("; ".join(i for i in items if i), True) if gone else (rest, False)


def _closing_clauses(rest: str, lang: str | None) -> tuple[str, Signature | None]:
    """The entries of a list without the clauses closing it (`…; tous trois avec signature
    collective à deux`, `…; leurs signatures sont radiées`), and the right those clauses name."""
    if ";" not in rest:
        return rest, None
    items = split_top(rest, ";")
    cut = len(items)
    while cut > 1 and _clause(items[cut - 1], lang):
        cut -= 1
    if cut == len(items):
        return rest, None
    sig = next((s for s in (signature_of(i, lang)[0] for i in items[cut:]) if s is not None), None)
    return "; ".join(items[:cut]), sig


def _clause(item: str, lang: str | None) -> bool:
    """A clause about a whole list (`leurs signatures sont radiées`), not an entry and not
    an entry label (`radié: X Sàrl`)."""
    return is_list_clause(item) and label_patterns(lang).entry_label.match(item) is None


def _shared(found: list[Mention], signature: Signature | None) -> list[Mention]:
    """Give a list's closing signature to the persons that have none of their own."""
    if signature is not None:
        for m in found:
            if isinstance(m, PersonMention) and m.signature == "unknown":
                m.signature = signature
    return found
