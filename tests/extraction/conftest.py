"""Fixtures of the extraction tests: the rules extractor and a helper to run one notice."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.models import ExtractionRecord, PersonMention
from ingestion.extraction.rules import RulesExtractor

Person = tuple[str, str, tuple[str, ...], str]
"""(family name, given names, sorted roles, action) of a person mention."""
Company = tuple[str, tuple[str, ...], str]
"""(name, sorted roles, action) of a company mention."""


@pytest.fixture(scope="session")
def extract() -> Callable[..., ExtractionRecord]:
    rules = RulesExtractor()

    def run(text: str, language: str | None = None) -> ExtractionRecord:
        rec = rules.extract(ExtractionInput(id="t", text=text, language=language))  # type: ignore[arg-type]
        assert rec.error is None, rec.error
        return rec

    return run


def person(rec: ExtractionRecord, family: str) -> PersonMention:
    """The one person of `rec` with this family name."""
    found = [p for p in rec.persons if p.family_name == family]
    assert len(found) == 1, [(p.family_name, p.given_names) for p in rec.persons]
    return found[0]


def facts(text: str, lang: str) -> tuple[list[Person], list[Company]]:
    """The persons and the companies but the subject of one notice, each sorted, as tuples."""
    rec = RulesExtractor().extract(ExtractionInput(id="t", text=text, language=lang))  # type: ignore[arg-type]
    assert rec.error is None, rec.error
    subject = rec.subject.name if rec.subject else None
    persons: list[Person] = sorted(
        (p.family_name, p.given_names or "", tuple(sorted(p.roles)), p.action) for p in rec.persons
    )
    companies: list[Company] = sorted(
        (c.name, tuple(sorted(c.roles)), c.action)
        for c in rec.companies
        if c.name != subject or "head_office" in c.roles
    )
    return persons, companies
