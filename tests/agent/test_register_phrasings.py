"""Phrasings of users and of the register that the offline planner and the answers read:
names after a fact word, branch abbreviations, canton adjectives, counts of new holders,
namesakes, "from how much to how much", a place name with a short word. Fictitious names."""

from __future__ import annotations

import pytest

from graph_agent.answers.capital import capital_answer
from graph_agent.answers.fact_events import names
from graph_agent.answers.fact_record import Facts
from graph_agent.answers.fact_text import opting_out, person_segment, shares_in
from graph_agent.answers.facts import answer
from graph_agent.answers.namesakes import namesakes
from graph_agent.planners.offline.asks import Ask, understand
from graph_agent.planners.offline.forms import legal_form_in
from graph_agent.planners.offline.mentions import mentions
from graph_agent.planners.offline.slots import fold
from shabgraph.register.cantons import canton_of_adjective
from shabgraph.register.capital_phrase import stated_capital
from shabgraph.register.places import place_canton, place_norm

PUB = "ZEFIX-2010-05-04-700001"


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("Postadresse Tannwil Stiftung?", "Tannwil Stiftung"),
        ("Revisionsstellen Seeblick Bau AG Thun im Zeitverlauf?", "Seeblick Bau AG"),
        ("Wer zeichnet für die Talweg-ZN Flamatt?", "Talweg Zweigniederlassung Flamatt"),
        ("Wie viele Personen kamen mit der TALWEG-Meldung vom 3.5.2010 dazu?", "TALWEG"),
        # a role word that is also a trade opens the name
        ("Quel est le siège de la société Fiduciaire Talweg SA ?", "Fiduciaire Talweg SA"),
    ],
)
def test_the_name_is_read_without_the_words_around_it(question: str, name: str) -> None:
    assert [m.text for m in mentions(question)][:1] == [name]


def test_a_preposition_opening_the_question_names_nothing() -> None:
    assert mentions("Parmi les nouvelles inscriptions 2016, combien ont un capital ?") == []


def test_the_place_after_a_name_is_no_second_name() -> None:
    found = mentions("who runs Café du Pont in Fully now?")
    assert [(m.text, m.place) for m in found] == [("Café du Pont", "Fully")]


def test_from_how_much_to_how_much_asks_a_change_not_a_count() -> None:
    ask = understand("Augmentation de capital chez Exemple SA : de combien à combien ?")
    assert not ask.count and ask.has("changes") and "capital" in ask.facts


@pytest.mark.parametrize(
    "question",
    [
        "Wie viele neue Stiftungsräte hat die Tannwil Stiftung im Nov 2001 eintragen lassen?",
        "Quanti nuovi membri sono entrati nel consiglio della Tannwil nel 2008?",
        "How many persons were newly entered with the Tannwil notice of 3 May 2010?",
    ],
)
def test_a_count_of_new_holders_asks_who_joined(question: str) -> None:
    ask = understand(question)
    assert ask.count and ask.has("joined")


@pytest.mark.parametrize(
    "question",
    [
        "Ci sono due Keller nella Tannwil, sono la stessa persona?",
        "Keller von Thun bei der Tannwil – ist das eine Person oder zwei?",
        "Café du Pont: les deux associés avec le même nom, qui sont-ils ?",
    ],
)
def test_same_person_questions_ask_for_namesakes(question: str) -> None:
    assert understand(question).facts == ("namesakes",)


@pytest.mark.parametrize(
    ("text", "code"),
    [("elenca le imprese ticinesi", "TI"), ("les sociétés vaudoises", "VD"),
     ("die zürcher firmen", "ZH"), ("Bernese companies", "BE"), ("le imprese", None)],
)  # fmt: skip
def test_canton_adjectives(text: str, code: str | None) -> None:
    assert canton_of_adjective(fold(text)) == code


def test_companies_or_branches_is_no_branch_filter() -> None:
    assert legal_form_in(fold("Welche Firmen oder Zweigniederlassungen sind im Tessin?")) is None
    assert legal_form_in(fold("sociétés (ou succursales) radiées")) is None
    assert legal_form_in(fold("Welche Zweigniederlassungen sind im Tessin?")) is not None


def test_place_names_keep_their_short_words() -> None:
    assert place_norm("Collina d'Oro") == "collina d oro"
    assert place_norm("Reinach (BL)") == place_norm("Reinach BL") == "reinach"
    assert place_canton("Vuisternens-dev-Romont") == "FR"


def test_the_capital_phrase() -> None:
    found = stated_capital("Zweck: Druck. Stammkapital: CHF 20'000. Publikationsorgan: SHAB.")
    assert found and found.amount == 20000.0 and found.text == "20'000"
    changed = stated_capital("Aktienkapital bisher CHF 50'000, neu CHF 100'000.")
    assert changed and changed.amount == 100000.0
    assert stated_capital("Kapitalerhöhung beschlossen.") is None


def test_an_older_notice_names_the_person_given_name_first() -> None:
    text = (
        "Eingetragene Personen: Hans Keller, von Thun, in Thun, Gesellschafter, mit einer"
        " Stammeinlage von CHF 49'000, und Peter Graf, von und in Spiez, Gesellschafter,"
        " mit einer Stammeinlage von CHF 1'000."
    )
    assert (
        shares_in(person_segment(text, "Graf", "Peter")) == "mit einer Stammeinlage von CHF 1'000"
    )


def test_a_waived_audit_written_verb_last() -> None:
    text = "Gemäss Erklärung bei der Gründung wird auf eine eingeschränkte Revision verzichtet."
    assert opting_out([{"text": text}]) is not None


def _facts(*records: dict[str, object]) -> Facts:
    entity = {"record_type": "entity", "id": "CH:1", "name": "Talweg AG", "anchor": True,
              "kind": "company", "status": "active"}  # fmt: skip
    return Facts([entity, *records], "de", {PUB: "2010-05-04"})


def test_a_state_passed_through_on_the_notice_day_comes_before_the_one_it_left() -> None:
    day = "2010-04-28"
    f = _facts(
        {"record_type": "state", "attribute": "capital", "value": "150000.0", "valid_from": day,
         "valid_to": None, "pubs": [PUB]},
        {"record_type": "state", "attribute": "capital", "value": "120000.0", "valid_from": day,
         "valid_to": day, "pubs": [PUB]},
        {"record_type": "state", "attribute": "capital", "value": "100000.0", "valid_from": None,
         "valid_to": day, "pubs": [PUB]},
    )  # fmt: skip
    assert [s["value"] for s in f.of("capital")] == ["100000.0", "120000.0", "150000.0"]
    lines = capital_answer(f, Ask(facts=("capital",), cues=frozenset({"over_time"})))
    assert lines is None or "150'000" in lines[0]


def test_a_renaming_notice_head_names_the_former_name() -> None:
    f = _facts(
        {"record_type": "event", "pub_number": PUB, "pub_date": "2010-05-04",
         "journal_date": "2010-04-28", "pubs": [PUB],
         "text": "Talweg GmbH, in Thun, CHE-100.000.004, Gesellschaft mit beschränkter Haftung"
                 " (SHAB Nr. 1 vom 04.01.2010). Firma neu: Talweg AG. Rechtsform neu: AG."},
    )  # fmt: skip
    [lead, *rest] = names(f)
    assert "Talweg GmbH" in lead and any("Talweg GmbH (bis 28.04.2010)" in x for x in rest)


def _holder(pid: str, name: str, role: str = "board_member") -> dict[str, object]:
    return {"record_type": "role", "direction": "in", "other_id": pid, "other_name": name,
            "other_kind": "person", "role": role, "role_text": "Mitglied",
            "valid_from": "2010-04-28", "pubs": [PUB]}  # fmt: skip


def test_namesakes_at_an_entity_are_counted_as_the_register_keeps_them() -> None:
    f = _facts(
        _holder("p:1", "Kurt Keller"), _holder("p:2", "Sigrid Keller"), _holder("p:3", "Ida Roth")
    )
    lead, *lines = namesakes(f, Ask(facts=("namesakes",)), ["Keller von Thun"])
    assert "2 verschiedene Personen namens Keller" in lead
    assert "**Kurt Keller**" in lead and "**Sigrid Keller**" in lead and "Roth" not in lead
    assert len(lines) == 2
    [alone, *_] = namesakes(f, Ask(facts=("namesakes",)), [])
    assert "namens Keller" in alone and "Roth" not in alone


def test_a_count_of_new_holders_on_a_day_is_written_out() -> None:
    f_records = [_holder("p:1", "Kurt Keller"), _holder("p:2", "Sigrid Keller")]
    ask = Ask(facts=("role",), role="board_member", as_of="2010-04-28",
              cues=frozenset({"joined"}), count=True)  # fmt: skip
    text, _, negative = answer(
        [{"record_type": "entity", "id": "CH:1", "name": "Talweg AG", "anchor": True,
          "kind": "company"}, *f_records], ask, "de", {PUB: "2010-05-04"}, [],
    )  # fmt: skip
    assert not negative
    assert text.startswith("Bei **Talweg AG** am 28.04.2010 wurden 2 neu eingetragen:")


def test_struck_clauses_are_a_fact_of_their_own() -> None:
    ask = understand("Qu'est-ce qui a été radié des statuts de Exemple SA en août 2026 ?")
    assert ask.facts == ("struck",)
    f = _facts(
        {"record_type": "event", "pub_number": PUB, "pub_date": "2010-05-04",
         "journal_date": "2010-04-28", "pubs": [PUB],
         "text": "Talweg AG, in Thun, CHE-100.000.004, Aktiengesellschaft (SHAB Nr. 1 vom"
                 " 04.01.2010). Radiation des deux clauses d'apport en nature. Statuten neu."},
    )  # fmt: skip
    text, _, negative = answer(
        f_records(f), Ask(facts=("struck",), date_from="2010-01-01", date_to="2010-12-31"),
        "fr", {PUB: "2010-05-04"}, [],
    )  # fmt: skip
    assert not negative and "apport en nature" in text


def f_records(f: Facts) -> list[dict[str, object]]:
    return [f.entity, *f.events, *f.roles, *f.states]


def test_nobody_with_the_signature_asked_is_said_so() -> None:
    rows = [{**_holder("p:1", "Kurt Keller"), "signature": "collective_two"}]
    ask = Ask(facts=("signature",), signature="individual")
    text, _, negative = answer(f_records(_facts(*rows)), ask, "de", {PUB: "2010-05-04"}, [])
    assert negative
    assert text.startswith("Die Meldungen zu **Talweg AG** nennen niemanden mit Einzelunterschrift")
    assert "Kurt Keller" in text


def test_a_change_of_partners_gives_its_day_and_who() -> None:
    rows = [
        {**_holder("p:1", "Kurt Keller", "partner"), "valid_from": "2009-01-05",
         "valid_to": "2010-04-28"},
        {**_holder("p:2", "Ida Roth", "partner"), "valid_from": "2010-04-28"},
    ]  # fmt: skip
    ask = Ask(facts=("changes",), role="partner")
    text, _, _ = answer(f_records(_facts(*rows)), ask, "en", {PUB: "2010-05-04"}, [])
    assert text.startswith("Changes of partner at **Talweg AG**: 28.04.2010 (new: **Ida Roth**;")
    assert "left: **Kurt Keller**" in text


def test_a_branch_asked_at_a_place_it_is_not() -> None:
    ask = understand("Hat die Talweg AG eine Zweigniederlassung in Chur?")
    assert ask.facts == ("branches",) and ask.claimed == "Chur"
    branch = {"record_type": "link", "relation": "HEAD_OFFICE_OF", "direction": "out",
              "other_id": "CH:2", "other_name": "Talweg AG, Zweigniederlassung Thun",
              "other_place": "Thun", "pubs": [PUB]}  # fmt: skip
    text, _, negative = answer([*f_records(_facts()), branch], ask, "de", {PUB: "2010-05-04"}, [])
    assert negative and text.startswith("Nein: die Meldungen zu **Talweg AG** nennen keine")


def test_since_when_is_the_chair_in_office_asks_the_current_one() -> None:
    rows = [
        {**_holder("p:1", "Kurt Keller", "chair"), "valid_from": "2005-01-05",
         "valid_to": "2009-01-28"},
        {**_holder("p:2", "Ida Roth", "chair"), "valid_from": "2011-04-07"},
    ]  # fmt: skip
    ask = understand("Seit wann ist der Präsident der Talweg AG dabei?")
    text, _, _ = answer(f_records(_facts(*rows)), ask, "de", {PUB: "2010-05-04"}, [])
    assert "Ida Roth" in text and "Kurt Keller" not in text


def test_a_part_of_a_year_is_a_period_of_notices() -> None:
    ask = understand("changements chez Talweg AG début 2017 ?")
    assert (ask.as_of, ask.date_from, ask.date_to) == (None, "2017-01-01", "2017-04-30")


@pytest.mark.parametrize(
    "question",
    [
        "Welche Stiftungen wurden gelöscht? Liste mit Datum bitte.",
        "Neueintragungen 2019 als Tabelle mit Angaben zum Sitz",
    ],
)
def test_a_wish_for_the_answer_s_form_names_nothing(question: str) -> None:
    assert mentions(question) == []
