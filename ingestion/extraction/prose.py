"""Persons written as running prose (Geneva, Vaud, Neuchâtel; old German branch notices).

Three shapes cover the conventions of shab-notices.md:
- a role label: `Associé-gérant: Exemple Paul, de France, à Carouge, … avec signature individuelle.`
- a granted signature: `Signature collective à deux a été conférée à A, de France, à X, B, …`,
  `Für die Zweigniederlassung zeichnen mit Einzelunterschrift A, …; mit Kollektivprokura B …`
- a removal: `La procuration de X est radiée.`, `Die Prokura von X ist erloschen.`
"""

from __future__ import annotations

import re

from ingestion.extraction.entries import lead_role
from ingestion.extraction.fields import classify, list_subjects
from ingestion.extraction.gates import may_match
from ingestion.extraction.lexicon import roles_of, signature_of
from ingestion.extraction.mentions import Context, Mention
from ingestion.extraction.models import Action, Signature
from ingestion.extraction.prose_entries import (
    drop_repeated_prepositions,
    list_mentions,
    names_only,
    plausible_names,
    starts_with_entry,
    starts_with_officer,
)
from ingestion.extraction.prose_labels import labelled_persons
from ingestion.extraction.prose_lead import lead_function, share_recipients, with_lead_role
from ingestion.extraction.prose_rx import (
    AND_TO_RX,
    BY_RX,
    GRANT_LEAD_RX,
    LABEL_RX,
    PARTICLE_START_RX,
    cue_patterns,
    label_patterns,
    removal_patterns,
)
from ingestion.extraction.text import split_top


def strip_preamble(sentence: str, lang: str | None) -> str:
    """The sentence without an opening fragment such as `Gemäss Beschluss …:` before its persons."""
    m = label_patterns(lang).preamble.match(sentence)
    return sentence[m.end() :] if m else sentence


def _removed_signature(sentence: str, m: re.Match[str], lang: str | None) -> Signature | None:
    """The right a removal sentence ends: named before the names (`Die Kollektivprokura von …`)
    or in a closing clause (`…, ist ausgeschieden; seine Einzelunterschrift ist erloschen`)."""
    if "names" in m.groupdict():
        sig, _, _ = signature_of(sentence[m.start() : m.start("names")], lang)
        if sig is not None:
            return sig
    removal_rx, _ = cue_patterns(lang)
    tail = sentence[m.end() :]
    if removal_rx.search(tail):
        return signature_of(tail, lang)[0]
    return None


def parse_sentence(sentence: str, lang: str | None, sarl: bool) -> list[Mention]:
    """Persons and companies named in one prose sentence ([] when it names none)."""
    lead, sentence = lead_function(strip_preamble(sentence, lang), lang)
    found = _parse(sentence, lang, sarl)
    return with_lead_role(found, lead, lang, sarl) if lead else found


def _parse(sentence: str, lang: str | None, sarl: bool) -> list[Mention]:
    removal_rx, _grant_rx = cue_patterns(lang)
    removal = removal_rx.search(sentence) is not None
    for keys, rx, role in removal_patterns(lang) if removal else ():
        m = rx.search(sentence) if may_match(keys, sentence) else None
        if m and sentence[m.end() : m.end() + 2].lstrip().startswith(":"):
            continue  # "Aus der Verwaltung sind ausgeschieden: …" is a list label
        if m and rx.pattern.startswith("^") and ": " in m.group("names"):
            continue  # "Administrateur: X, …, démissionnaire": a label opens the sentence
        if m and (not rx.pattern.startswith("^") or plausible_names(m.group("names"))):
            left = m.groupdict().get("role")
            role_text = left.strip() if left and roles_of(left, lang) else None
            if role is None and role_text is None:
                # "A und B sind aus dem Verwaltungsrat ausgeschieden": the organ they left.
                low = m.group(0).lower()
                role = next((r for o, r in label_patterns(lang).organs if o.search(low)), None)
            ctx = Context(
                lang=lang,
                action="removed",
                role=role,
                role_text=role_text,
                signature=_removed_signature(sentence, m, lang),
                sarl=sarl,
            )
            names = drop_repeated_prepositions(m.group("names"), lang)
            found = names_only(names.replace(";", ","), ctx)
            # "… ist erloschen; neu wurde Kollektivprokura erteilt an X, …": the next clause.
            tail = sentence[m.end() :]
            if tail.startswith(";") and len(tail) > 2:
                found += parse_sentence(tail.lstrip("; "), lang, sarl)
            return found
    m = LABEL_RX.match(sentence)
    if m:
        listed = labelled_persons(m.group("label").strip(), m.group("rest"), lang, sarl, removal)
        if listed is not None:
            return listed
    receivers = share_recipients(sentence, lang, sarl)
    if receivers is not None:
        return receivers
    out: list[Mention] = []
    for segment in split_top(sentence, ";"):
        sig, start, end = signature_of(segment, lang)
        if sig is None:
            continue
        seg_action: Action = "removed" if removal_rx.search(segment) else "registered"
        after = AND_TO_RX.sub(", ", GRANT_LEAD_RX.sub("", segment[end:]).strip(" ,"))
        ctx = Context(lang=lang, action=seg_action, signature=sig, sarl=sarl)
        found = (
            list_mentions(after, ctx)
            if after[:1].isupper() or PARTICLE_START_RX.match(after)
            else []
        )
        # "X, da Airolo, in …": an origin, not "da parte di" (by whom the right was granted).
        if not found and not starts_with_entry(segment, lang):
            found = _granted_by(segment[:start], segment, seg_action, lang, sarl)
        out.extend(found)
    if not out:
        # "Le conseil d'administration … a nommé X, de …, à …, directeur, avec …"
        labels = label_patterns(lang)
        m = labels.appoint.search(sentence) if may_match(labels.appoint_keys, sentence) else None
        if m and starts_with_entry(sentence[m.end() :], lang):
            ctx = Context(lang=lang, action="registered", sarl=sarl)
            out = list_mentions(sentence[m.end() :], ctx, listed=True)
    if not out and (starts_with_entry(sentence, lang) or starts_with_officer(sentence, lang)):
        # `Dupont Marc, de Genève, à Lancy, avec signature individuelle [précédemment: …]`;
        # `A, …, bisher Mitglied, ist jetzt Vizepräsident; B, …, ist nun Präsidentin`;
        # `Dupont Marc, associé gérant, pour 20 parts …, avec signature individuelle`
        action: Action = "removed" if removal and not _grant_rx.search(sentence) else "registered"
        ctx = Context(lang=lang, action=action, sarl=sarl)
        out = [m for seg in split_top(sentence, ";") for m in list_mentions(seg, ctx, listed=True)]
    return out


def _granted_by(
    before: str, segment: str, action: Action, lang: str | None, sarl: bool
) -> list[Mention]:
    """The person after `par` / `durch` / `dal` (`… est assurée par X, de …`, `… dal membro del
    consiglio X, da …, nominato liquidatore`): the first one that reads as an entry, else the last."""
    bodies: list[tuple[str | None, str]] = []
    for by in BY_RX.finditer(before):
        role_text, body = lead_role(segment[by.end() :], lang)
        if body[:1].isupper():
            bodies.append((role_text, body))
    if not bodies:
        return []
    role_text, body = next(
        (b for b in bodies if starts_with_entry(b[1], lang)),
        bodies[-1],
    )
    return list_mentions(body, Context(lang=lang, action=action, role_text=role_text, sarl=sarl))


def shared_signature(sentence: str, lang: str | None) -> Signature | None:
    """The signature of a sentence about the persons of the one before it
    (`Beide zeichnen weiterhin kollektiv zu zweien.`, `Ils signent collectivement à deux.`)."""
    low = sentence[:1].lower() + sentence[1:].rstrip(" .")
    # Most sentences open with no such pronoun: test that before classifying the whole sentence.
    if not any(rx.match(low) for rx in list_subjects(lang)):
        return None
    fld = classify(low, lang)
    return fld.extra if fld.kind == "shared_signature" else None
