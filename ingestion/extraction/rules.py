"""The deterministic multilingual extractor (the default backend).

`RulesExtractor().extract(inp)` is pure and fast: normalise, read the head sentence, the
labelled person blocks, the prose sentences and the transaction clauses, then derive the events.
"""

from __future__ import annotations

from ingestion.extraction.blocks import find_blocks, parse_block
from ingestion.extraction.companies import auditors_removed, head_office, transactions
from ingestion.extraction.entries import Mention
from ingestion.extraction.events import detect_events, is_registration
from ingestion.extraction.head import detect_language, head_span, is_sarl, parse_subject
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.models import CompanyMention, ExtractionRecord, PersonMention
from ingestion.extraction.prose import parse_sentence
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
        while pos < len(text):
            end = sentence_end(text, pos)
            if not any(b.start < end and pos < b.end for b in blocks):
                mentions.extend(parse_sentence(text[pos:end].strip(), lang, sarl))
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


def _dedupe_persons(persons: list[PersonMention]) -> list[PersonMention]:
    seen: set[tuple[str, str, str]] = set()
    out = []
    for p in persons:
        key = (_key(p.family_name), _key(p.given_names or ""), p.action)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _dedupe_companies(companies: list[CompanyMention], subject: str | None) -> list[CompanyMention]:
    seen: set[tuple[str, str]] = set()
    out = []
    for c in companies:
        if subject and _key(c.name) == _key(subject) and "head_office" not in c.roles:
            continue
        key = (_key(c.name), c.action)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
