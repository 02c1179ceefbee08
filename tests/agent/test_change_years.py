"""Two-digit years after a time word and "<object> + <change word>" counts (fictional phrasing)."""

from __future__ import annotations

import pytest

from graph_agent.planners.offline.date_words import find_period, short_years
from graph_agent.planners.offline.slots import change_event, fill_slots, fold


@pytest.mark.parametrize(
    ("question", "period"),
    [
        ("How many firms were founded in 07?", ("2007-01-01", "2007-12-31")),
        ("Wie viele Konkurse im Jahr 11 in Bern?", ("2011-01-01", "2011-12-31")),
        ("combien de radiations en '99 ?", ("1999-01-01", "1999-12-31")),
    ],
)
def test_two_digit_year_is_a_year(question: str, period: tuple[str, str]) -> None:
    assert find_period(fold(question)) == period


def test_two_digit_number_without_time_word_is_no_year() -> None:
    assert short_years(fold("Wer hält 20 Aktien an der Alpha AG?")) == []
    assert find_period(fold("Who holds the 12 quotas of Beta GmbH in 10 days from now")) == (
        None,
        None,
    )


@pytest.mark.parametrize(
    ("question", "event"),
    [
        ("Quanti cambiamenti di capitale ci sono stati?", "capital_change"),
        ("how many auditor changes in 2015?", "auditor_change"),
        ("Wie viele Zweckänderungen gab es 2019?", "purpose_change"),
        ("Combien de modifications des statuts en 2020 ?", "statutes_change"),
    ],
)
def test_change_of_an_object_counts_its_event(question: str, event: str) -> None:
    assert change_event(fold(question)) == event
    assert fill_slots(question).event_type == event


def test_object_without_change_word_is_no_event() -> None:
    assert change_event(fold("Wie hoch ist das Kapital der Gamma AG?")) is None
    assert fill_slots("Wie hoch ist das Kapital der Gamma AG?").event_type is None
