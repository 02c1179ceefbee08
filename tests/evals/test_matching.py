"""Fact matching: dates, numbers, UIDs, names and publication numbers in their usual spellings."""

from __future__ import annotations

import pytest

from evals.benchmark import ReferenceFact
from evals.matching import extract_dates, extract_numbers, match_fact


@pytest.mark.parametrize(
    "text",
    [
        "am 12.03.2021",
        "le 12 mars 2021",
        "on 2021-03-12",
        "il 12 marzo 2021",
        "March 12, 2021",
        "12. März 2021",
        "am 12. 03. 2021",
    ],
)
def test_dates_in_any_usual_format(text: str) -> None:
    assert "2021-03-12" in extract_dates(text)


def test_impossible_dates_are_ignored() -> None:
    assert extract_dates("31.02.2021 and 2021-13-01") == frozenset()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("CHF 1'000'000.--", 1_000_000.0),
        ("1,000,000", 1_000_000.0),
        ("CHF 2.5 Mio", 2_500_000.0),
        ("capital 100 000", 100_000.0),
        ("there are 3 companies", 3.0),
    ],
)
def test_numbers_with_separators_and_scales(text: str, value: float) -> None:
    assert value in extract_numbers(text)


def fact(kind: str, value: str, *alts: str) -> ReferenceFact:
    return ReferenceFact(kind=kind, value=value, alternatives=list(alts))  # type: ignore[arg-type]


def test_uid_matches_without_punctuation_but_not_other_digits() -> None:
    assert match_fact(fact("uid", "CHE-123.456.789"), "UID CHE123456789")[0] == 1.0
    assert match_fact(fact("uid", "CHE-123.456.789"), "CHE-123.456.780")[0] == 0.0


def test_names_are_order_accent_and_legal_form_insensitive() -> None:
    assert match_fact(fact("name", "Müller Hans"), "Hans Mueller is chair")[0] == 1.0
    assert match_fact(fact("name", "Alvora AG"), "Alvora SA, Genève")[0] == 1.0
    score, reason = match_fact(fact("name", "Alvora Holding AG"), "Alvora AG")
    assert score == 0.0 and "holding" in reason


def test_alternatives_count() -> None:
    assert match_fact(fact("name", "Alvora AG", "Alvora Sagl"), "la Alvora Sagl")[0] == 1.0
    assert match_fact(fact("date", "2021-03-12", "2021-03-15"), "publié le 15.03.2021")[0] == 1.0


def test_pub_number_by_full_or_numeric_part() -> None:
    assert match_fact(fact("pub_number", "HR02-1006747585"), "see Publ. 1006747585")[0] == 1.0
    assert match_fact(fact("pub_number", "HR02-1006747585"), "see 100674758")[0] == 0.0


def test_value_is_word_aligned() -> None:
    assert match_fact(fact("value", "active"), "status: inactive")[0] == 0.0
    assert match_fact(fact("value", "active"), "status: Active.")[0] == 1.0
