"""Fixtures of the extraction tests: the rules extractor and a helper to run one notice."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.models import ExtractionRecord, PersonMention
from ingestion.extraction.rules import RulesExtractor


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
