"""The population filters the offline planner reads (`list_filters`, `people`): persons living
abroad, persons not at a company, a place either way in one call, and whether a canton names the
audit firms' own seat or the audited companies'. Pure functions; fictional names only."""

from __future__ import annotations

import pytest

from graph_agent.planners.offline.list_filters import (
    abroad_in,
    canton_list,
    cantons_in,
    capital_in,
    excluded_company,
    holders_canton,
    place_case,
)
from graph_agent.planners.offline.lists import list_call
from graph_agent.planners.offline.people import person_filters, persons_calls
from graph_agent.planners.offline.slots import fold
from graph_agent.state import Slots


@pytest.mark.parametrize(
    ("question", "abroad"),
    [
        ("Welche Personen wohnen im Ausland?", True),
        ("Qui habite à l'étranger parmi les personnes inscrites ?", True),
        ("Chi vive all'estero tra le persone iscritte?", True),
        ("Which people live abroad?", True),
        ("Wer wohnt ausserhalb der Schweiz?", True),
        # a foreign nationality is no residence abroad
        ("Welche ausländischen Staatsangehörigen sind eingetragen?", False),
        ("Quels ressortissants étrangers figurent dans les avis ?", False),
    ],
)
def test_abroad(question: str, abroad: bool) -> None:
    assert abroad_in(fold(question)) is abroad


@pytest.mark.parametrize(
    ("question", "company"),
    [
        (
            "Wer wohnt in Thun, ist aber nicht bei der Beispiel Bau AG eingetragen?",
            "beispiel bau ag",
        ),
        ("Qui habite à Sion mais pas chez Exemple Sàrl ?", "exemple sarl"),
        ("Chi abita a Lugano ma non presso la Esempio SA?", "esempio sa"),
        ("Who lives in Chur but is not registered at Sample Trust?", "sample trust"),
        ("Wer wohnt in Thun?", None),
    ],
)
def test_excluded_company(question: str, company: str | None) -> None:
    assert excluded_company(fold(question)) == company


@pytest.mark.parametrize(
    ("question", "holders"),
    [
        ("Which audit firms from the canton of Zug show up?", True),
        ("Welche Revisionsstellen aus dem Kanton Bern kommen vor?", True),
        ("Which audit firms audit companies in the canton of Zug?", False),
        ("Welche Revisionsstellen prüfen Firmen im Kanton Bern?", False),
        ("Welche Firmen hatten eine Revisionsstelle aus dem Kanton Uri?", True),
        ("Quelles sociétés ont un organe de révision du canton du Jura ?", True),
        ("Quelles sociétés de révision de Sàrl vaudoises ?", False),
    ],
)
def test_whose_canton(question: str, holders: bool) -> None:
    assert holders_canton(fold(question)) is holders


def test_place_case_only_for_lower_case_questions() -> None:
    assert place_case("wer wohnt in bern?") == "wer wohnt in Bern?"
    assert place_case("qui habite à sion ?") == "qui habite à Sion ?"
    assert place_case("Wer wohnt in der Stadt?") == "Wer wohnt in der Stadt?"


def test_persons_calls_with_the_new_filters() -> None:
    filters = person_filters(
        "wer wohnt in bern, ist aber nicht bei der beispiel-stiftung eingetragen?"
    )
    assert filters is not None
    [call] = persons_calls(filters)
    assert call.args == {
        "what": "persons",
        "limit": 50,
        "residence": "Bern",
        "not_company": "beispiel-stiftung",
    }
    either = person_filters("Welche Personen haben einen Bezug zu Riehen (Heimatort oder Wohnort)?")
    assert either is not None
    assert [c.args for c in persons_calls(either)] == [
        {"what": "persons", "limit": 50, "place": "Riehen"}
    ]
    abroad = person_filters("Chi vive all'estero tra le persone iscritte e in quale ditta?")
    assert abroad is not None
    assert [c.args for c in persons_calls(abroad)] == [
        {"what": "persons", "limit": 50, "abroad": True}
    ]


def test_audit_firm_list_call() -> None:
    slots = Slots(attribute="roles", role="auditor", canton="ZG")
    own = list_call(
        "Which audit firms from the canton of Zug show up, and who did they audit?", slots
    )
    assert own.args["holder_canton"] == "ZG" and "canton" not in own.args
    assert own.args["holder"] == "company"
    audited = list_call("Which audit firms audit companies in the canton of Zug?", slots)
    assert audited.args["canton"] == "ZG" and "holder_canton" not in audited.args


@pytest.mark.parametrize(
    ("question", "capital"),
    [
        ("Welche Gesellschaften haben ein Stammkapital von CHF 20'000?", 20000.0),
        ("Quelles sociétés ont un capital-actions de CHF 100'000.00 ?", 100000.0),
        ("Quali società hanno un capitale di CHF 20 000?", 20000.0),
        ("Which companies have a capital of CHF 50000?", 50000.0),
        ("Welche Gesellschaften haben ihr Kapital 2020 erhöht?", None),
    ],
)
def test_capital_filter(question: str, capital: float | None) -> None:
    assert capital_in(question) == capital


@pytest.mark.parametrize(
    ("question", "cantons"),
    [
        ("Which companies from canton Zug or Lucerne were registered in 2019?", ["ZG", "LU"]),
        ("Welche Firmen aus den Kantonen Tessin und Graubünden?", ["TI", "GR"]),
        ("Sociétés des cantons de Vaud ou Genève inscrites en 2020 ?", ["VD", "GE"]),
        ("Quali società del Ticino sono state radiate?", []),  # one canton: the canton filter
        ("Firmen im Kanton Bern mit Sitz in Luzern", ["BE", "LU"]),
    ],
)
def test_several_cantons_in_one_filter(question: str, cantons: list[str]) -> None:
    assert cantons_in(question, fold(question)) == cantons


def test_a_seat_is_no_second_canton_and_a_joined_mention_is_cantons() -> None:
    question = "Firmen im Kanton Bern mit Sitz in Luzern"
    assert cantons_in(question, fold(question), seat="Luzern") == []
    assert canton_list("Basel-Landschaft or Aargau") == ["BL", "AG"]
    assert canton_list("Kantonen Tessin") == ["TI"] and canton_list("Muster or Aargau") == []
    call = list_call(
        "Which companies from canton Zug or Lucerne were registered in 2019?",
        Slots(attribute="companies", canton="ZG", date_from="2019-01-01", date_to="2019-12-31"),
    )
    assert call.args["cantons"] == ["ZG", "LU"] and "canton" not in call.args
