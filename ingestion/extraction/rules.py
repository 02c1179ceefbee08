"""The deterministic multilingual extractor (the default backend).

`RulesExtractor().extract(inp)` is pure and fast: normalise, read the head sentence, the
labelled person blocks, the prose sentences and the transaction clauses, then derive the events.
"""

from __future__ import annotations

from ingestion.extraction.blocks import find_blocks, parse_block
from ingestion.extraction.companies import auditors_removed, head_office, transactions
from ingestion.extraction.events import detect_events, is_registration
from ingestion.extraction.head import detect_language, head_span, is_sarl, parse_subject
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.mentions import Mention
from ingestion.extraction.models import CompanyMention, ExtractionRecord, PersonMention, Signature
from ingestion.extraction.prose import parse_sentence, shared_signature
from ingestion.extraction.text import normalize, sentence_end

# Below this margin the text's function words do not tell the language apart: trust the input.
LANGUAGE_MARGIN = 0.25


def _key(name: str) -> str:
    return " ".join(name.lower().split())


class RulesExtractor:
    """Rules backend: vocabularies in `vocab/`, one parser per text convention."""

    name = "rules"

    def extract(self, inp: ExtractionInput) -> ExtractionRecord:
        """One record for one notice; an internal failure becomes an `error` record."""
        try:
            return self._extract(inp)
        except Exception as exc:  # one bad notice must not stop a million-notice run
            return ExtractionRecord(
                id=inp.id,
                language=inp.language,
                error=f"rules extractor failed: {type(exc).__name__}: {exc}",
            )

    def _extract(self, inp: ExtractionInput) -> ExtractionRecord:
        text = normalize(inp.text)
        detected, margin = detect_language(text)
        lang = (
            detected
            if detected and (margin >= LANGUAGE_MARGIN or not inp.language)
            else inp.language
        )
        subject = parse_subject(text, lang, inp.subject)
        sarl = is_sarl(subject)
        h_start, h_end = head_span(text)
        head, body = text[h_start:h_end], (text[:h_start] + " " + text[h_end:]).strip()

        mentions: list[Mention] = []
        blocks = find_blocks(text, lang)
        for block in blocks:
            mentions.extend(parse_block(block, lang, sarl))
        pos = h_end
        last: list[Mention] = []
        while pos < len(text):
            end = sentence_end(text, pos)
            if not any(b.start < end and pos < b.end for b in blocks):
                sentence = text[pos:end].strip()
                found = parse_sentence(sentence, lang, sarl)
                if not found and last:
                    _share_signature(last, shared_signature(sentence, lang))
                mentions.extend(found)
                last = found
            pos = end

        persons = _dedupe_persons([m for m in mentions if isinstance(m, PersonMention)])
        companies = [m for m in mentions if isinstance(m, CompanyMention)]
        companies += auditors_removed(body, lang) + transactions(body, lang)
        ho = head_office(body, lang, subject.name) or head_office(head, lang, subject.name)
        if ho is not None:
            companies.append(ho)
        companies = _dedupe_companies(companies, subject.name)
        registration = is_registration(head, body, lang)
        events = detect_events(head, body, lang, persons, companies, registration)
        return ExtractionRecord(
            id=inp.id,
            language=lang,  # type: ignore[arg-type]
            subject=subject,
            events=events,
            persons=persons,
            companies=companies,
        )


def _share_signature(persons: list[Mention], signature: Signature | None) -> None:
    """`Beide zeichnen kollektiv zu zweien.`: the right of the persons just named."""
    if signature is None:
        return
    for p in persons:
        if isinstance(p, PersonMention) and p.signature == "unknown" and p.action == "registered":
            p.signature = signature


def _dedupe_persons(persons: list[PersonMention]) -> list[PersonMention]:
    """One mention per person and action; a second sentence about the same person completes
    the first (`Die Unterschrift von X ist erloschen. X ist nicht mehr Gesellschafterin.`)."""
    seen: dict[tuple[str, str, str], PersonMention] = {}
    out = []
    for p in persons:
        key = (_key(p.family_name), _key(p.given_names or ""), p.action)
        first = seen.get(key)
        if first is None:
            seen[key] = p
            out.append(p)
            continue
        if first.role_text is None and p.role_text is not None:
            first.roles, first.role_text = p.roles, p.role_text
        if first.signature == "unknown":
            first.signature = p.signature
        for attr in ("origin", "nationality", "residence"):
            if getattr(first, attr) is None:
                setattr(first, attr, getattr(p, attr))
    return out


def _dedupe_companies(companies: list[CompanyMention], subject: str | None) -> list[CompanyMention]:
    """One mention per company and action, with the roles every sentence gave it."""
    seen: dict[tuple[str, str], CompanyMention] = {}
    out = []
    for c in companies:
        if subject and _key(c.name) == _key(subject) and "head_office" not in c.roles:
            continue
        key = (_key(c.name), c.action)
        first = seen.get(key)
        if first is None:
            seen[key] = c
            out.append(c)
            continue
        first.roles = list(dict.fromkeys([*first.roles, *c.roles]))
        first.role_text = first.role_text or c.role_text
        first.seat = first.seat or c.seat
        first.uid = first.uid or c.uid
    return out
