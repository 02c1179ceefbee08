"""Forms of asking read by rule, not by phrase: a why-word is no part of a name, a past
possession ("hatte", "ha avuto") asks everything held, a move asked by its origin asks the
former seat, "before him" asks the predecessor, a gazette issue with its number is one day's
notices, and a court asked is named or said to be missing. The answers are built from
fictitious records (no notice of the development files)."""

from __future__ import annotations

import pytest

from graph_agent.answers.facts import answer
from graph_agent.answers.lists import filters_text
from graph_agent.answers.mention_match import matches_mention
from graph_agent.planners.offline.asks import understand
from graph_agent.planners.offline.list_words import GAZETTE_ISSUE_RE
from graph_agent.planners.offline.mentions import lower_mentions, mentions, names_something
from graph_agent.planners.offline.slots import fill_slots
from shabgraph.register.folding import fold_accents as fold

P1, P2, P3 = "HR01-1000000001", "HR02-1000000002", "HR03-1000000003"
DATES = {P1: "2015-03-02", P2: "2019-06-10", P3: "2024-11-04"}


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("Pourquoi Muster Sàrl a été radiée du RC ?", "Muster Sàrl"),
        ("Perché la Beispiel AG di Locarno è stata cancellata?", "Beispiel AG"),
        ("Warum wurde die Exempla GmbH gelöscht?", "Exempla GmbH"),
        ("Weshalb wurde die Exempla GmbH aufgelöst?", "Exempla GmbH"),
        ("Why was Example Ltd Sàrl deleted?", "Example Ltd Sàrl"),
    ],
)
def test_a_why_word_is_no_part_of_the_name(question: str, name: str) -> None:
    assert mentions(question)[0].text == name


@pytest.mark.parametrize(
    "question",
    [
        "Welche Revisionsstellen hatte die Muster Stiftung?",
        "Quali revisori ha avuto la Fondazione Esempio?",
        "Quels organes de révision la Fondation Exemple a-t-elle eu ?",
        "Which auditors has Example AG had?",
    ],
)
def test_a_past_possession_asks_everything_held(question: str) -> None:
    ask = understand(question, [])
    assert ask.role == "auditor" and ask.has("over_time")


@pytest.mark.parametrize(
    "question",
    [
        "Welche Revisionsstelle hatte die Muster Stiftung 2010?",
        "Welche Revisionsstelle hatte die Muster Stiftung bei der Gründung?",
        "Welche Revisionsstelle hatte die Muster Stiftung vor der Beispiel AG?",
    ],
)
def test_a_date_or_time_word_decides_over_the_past_possession(question: str) -> None:
    assert not understand(question, []).has("over_time")


@pytest.mark.parametrize(
    "question",
    [
        "where did Muster Sàrl move from?",
        "Von wo ist die Muster Sàrl umgezogen?",
        "D'où la société Muster Sàrl a-t-elle déménagé ?",
        "Da dove si è trasferita la Muster Sagl?",
    ],
)
def test_a_move_asked_by_its_origin_asks_the_former_seat(question: str) -> None:
    ask = understand(question, [])
    assert "seat" in ask.facts and ask.has("past") and not ask.has("after")


def test_moving_to_a_place_is_not_asked_by_its_origin() -> None:
    ask = understand("Where did Muster Sàrl move to?", [])
    assert not ask.has("past")


@pytest.mark.parametrize(
    "question", ["and before him?", "und vor ihr?", "et avant lui ?", "e prima di lei?"]
)
def test_before_a_pronoun_asks_the_predecessor(question: str) -> None:
    assert understand(question, []).has("predecessor")


ROLES = [
    {"record_type": "entity", "id": "CH:1", "name": "Muster Sàrl", "anchor": True,
     "kind": "company", "status": "active", "pubs": [P1]},
    {"record_type": "role", "role": "manager", "role_text": "associé gérant", "other_id": "p:old",
     "other_name": "Anna Vorgängerin", "other_kind": "person", "direction": "in",
     "valid_from": "2015-03-02", "valid_to": "2019-06-10", "pubs": [P1, P2]},
    {"record_type": "role", "role": "manager", "role_text": "associé gérant", "other_id": "p:new",
     "other_name": "Bruno Nachfolger", "other_kind": "person", "direction": "in",
     "valid_from": "2019-06-10", "pubs": [P2]},
]  # fmt: skip


def test_before_him_names_the_predecessor_not_his_own_entry() -> None:
    last = "who runs Muster Sàrl now?"
    ask = understand("and before him?", [{"question": last}])
    text, _, negative = answer(ROLES, ask, "en", DATES, ["Bruno Nachfolger"])
    assert not negative
    assert "Anna Vorgängerin" in text.split("\n")[0]
    assert "Bruno Nachfolger" not in text.split("**Anna")[1]


@pytest.mark.parametrize(
    "question",
    [
        "welche firmen hatten eine publikation im SHAB Nr. 5 vom 9.1.2017?",
        "Quelles sociétés figurent dans la FOSC n° 12 du 3 mars 2015 ?",
        "what was in the SOGC No. 7 of 2 March 2015?",
        "cosa c'era nel FUSC del 2 marzo 2015?",
    ],
)
def test_a_gazette_issue_with_or_without_its_number_names_notices(question: str) -> None:
    assert GAZETTE_ISSUE_RE.search(fold(question.lower()))
    assert not any(m.text in ("Nr", "No", "n°") for m in mentions(question))


BANKRUPT = [
    {"record_type": "entity", "id": "CH:2", "name": "Exempla GmbH in Liquidation", "anchor": True,
     "kind": "company", "status": "deleted", "pubs": [P3]},
    {"record_type": "event", "pub_number": P3, "pub_date": "2024-11-04",
     "event_types": ["bankruptcy", "deletion"], "effective_date": "2024-10-21",
     "text": "Exempla GmbH in Liquidation, in Musterdorf. Das Konkursverfahren wurde mit "
             "Verfügung vom 21.10.2024 als geschlossen erklärt. Die Gesellschaft wird gelöscht.",
     "pubs": [P3]},
]  # fmt: skip


def test_a_court_the_notice_does_not_name_is_said_to_be_missing() -> None:
    ask = understand("Welches Gericht hat den Konkurs der Exempla GmbH geschlossen?", [])
    text, _, _ = answer(BANKRUPT, ask, "de", DATES, [])
    assert text.startswith("Die Meldungen zu **Exempla GmbH in Liquidation** nennen kein Gericht")
    assert "21.10.2024" in text  # the notice follows, with the decision it does state


def test_a_court_the_notice_names_leads_the_answer() -> None:
    records = [
        dict(BANKRUPT[0]),
        dict(BANKRUPT[1], court="Konkursrichter des Bezirksgerichts Musterdorf"),
    ]
    ask = understand("Quel tribunal a prononcé la faillite d'Exempla GmbH ?", [])
    text, _, negative = answer(records, ask, "fr", DATES, [])
    first = text.split("\n")[0]
    assert "Konkursrichter des Bezirksgerichts Musterdorf" in first and "21.10.2024" in first
    assert not negative


def test_without_a_court_word_the_bankruptcy_notices_answer() -> None:
    ask = understand("Was ist mit dem Konkurs der Exempla GmbH?", [])
    text, _, _ = answer(BANKRUPT, ask, "de", DATES, [])
    assert "Gericht" not in text and "Konkursverfahren" in text


BRANCH = [
    {"record_type": "entity", "id": "CH:3", "name": "Beispiel AG", "anchor": True,
     "kind": "company", "status": "active", "seat": "Ebikon", "pubs": [P1]},
    {"record_type": "state", "attribute": "address", "value": "Hauptweg 4, 6030 Ebikon",
     "valid_from": "2015-03-02", "pubs": [P1]},
    {"record_type": "link", "relation": "HEAD_OFFICE_OF", "direction": "in", "other_id": "CH:4",
     "other_name": "Beispiel AG", "other_place": "Zürich", "pubs": [P1]},
]  # fmt: skip


def test_the_branch_found_is_the_branch_asked_at_the_place() -> None:
    ask = understand("Adresse der Beispiel Zweigniederlassung in Ebikon?", [])
    assert "branches" in ask.facts and ask.claimed
    text, _, negative = answer(BRANCH, ask, "de", DATES, [])
    assert not negative
    first = text.split("\n")[0]
    assert "selbst die Zweigniederlassung in Ebikon" in first and "Zürich" in first
    assert "Hauptweg 4, 6030 Ebikon" in text


RENAMED = [
    {"record_type": "entity", "id": "CH:5", "name": "Muster AG", "anchor": True,
     "kind": "company", "status": "active", "seat": "Neuort", "pubs": [P2]},
    {"record_type": "state", "attribute": "name", "value": "Muster GmbH",
     "valid_from": "2015-03-02", "valid_to": "2019-06-10", "pubs": [P1, P2]},
    {"record_type": "state", "attribute": "name", "value": "Muster AG",
     "valid_from": "2019-06-10", "pubs": [P2]},
    {"record_type": "state", "attribute": "seat", "value": "Altort",
     "valid_from": "2015-03-02", "valid_to": "2019-06-10", "pubs": [P1, P2]},
    {"record_type": "state", "attribute": "seat", "value": "Neuort",
     "valid_from": "2019-06-10", "pubs": [P2]},
]  # fmt: skip


def test_former_names_come_with_the_seat_left() -> None:
    ask = understand("Wie hiess die Muster AG vorher?", [])
    text, _, _ = answer(RENAMED, ask, "de", DATES, [])
    assert "- Muster GmbH (vom 02.03.2015 bis 10.06.2019)" in text
    assert "früherer Sitz: Altort" in text


@pytest.mark.parametrize(
    "question",
    [
        "When did Muster SNC start business?",
        "Wann hat die Muster GmbH ihre Tätigkeit aufgenommen?",
        "Quand Muster Sàrl a-t-elle commencé ses activités ?",
        "Quando ha avviato l'attività la Muster Sagl?",
    ],
)
def test_the_start_of_business_in_the_words_of_each_language(question: str) -> None:
    assert "business_start" in understand(question, []).facts


def test_a_lower_case_name_after_a_company_preposition_is_the_company() -> None:
    found = lower_mentions("wer war bei muster vor beispiel präsident des stiftungsrats?")
    assert [(m.text, m.org) for m in found] == [("muster", True), ("beispiel", False)]


@pytest.mark.parametrize(
    "question",
    ["Muster SA capital avant / après ?", "Kapital der Muster AG vorher und nachher?",
     "capital of Muster Ltd before and after?", "capitale della Muster SA prima e dopo?"],
)  # fmt: skip
def test_before_and_after_together_ask_the_change(question: str) -> None:
    ask = understand(question, [])
    assert "capital" in ask.facts and ask.has("changes") and ask.has("over_time")


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("muster administrateurs sarl : qui a la signature ?", "muster administrateurs sarl"),
        ("who audits example sa?", "example sa"),
        ("revisionsstelle der beispiel treuhand ag?", "beispiel treuhand ag"),
    ],
)
def test_a_lower_case_name_is_closed_by_its_legal_form(question: str, name: str) -> None:
    assert [m.text for m in mentions(question)] == [name]


@pytest.mark.parametrize(
    "question",
    [
        "combien de nouvelles sarl en 2016 ?",
        "wie viele neue gmbh gab es 2020?",
        "Combien d'avis publiés en 2002 ?",  # "en" opens "en liquidation", it closes no name
    ],
)
def test_a_legal_form_after_question_words_names_no_company(question: str) -> None:
    assert mentions(question) == []


@pytest.mark.parametrize(
    ("question", "name", "place"),
    [
        ("muster & partner buchs quando ha cambiato indirizzo?", "muster & partner", "buchs"),
        ("rossi & co lugano chi firma?", "rossi & co", "lugano"),
    ],
)
def test_a_lower_case_firm_name_with_partner_or_co(question: str, name: str, place: str) -> None:
    first = lower_mentions(question)[0]
    assert (first.text, first.org, first.place) == (name, True, place)


def test_a_place_and_a_branch_word_after_a_lower_case_name() -> None:
    first = lower_mentions("muster sursee succursale chiusa quando?")[0]
    assert (first.text, first.org, first.place) == ("muster", True, "sursee")
    # two words may be a person's given and family name, a place's name among them
    assert [m.text for m in lower_mentions("anna wald: wo ist sie eingetragen?")] == ["anna wald"]
    assert [m.text for m in lower_mentions("hans peter muster bern?")] == ["hans peter muster bern"]


@pytest.mark.parametrize(
    "question",
    [
        "Muster AG auditors — who and since when?",
        "Wer waren die Präsidenten der Muster Stiftung?",
        "Quels présidents a eus la Fondation Exemple ?",
        "Chi sono stati i revisori della Esempio SA?",
    ],
)
def test_the_plural_of_a_one_holder_role_asks_every_holder(question: str) -> None:
    ask = understand(question, [])
    assert ask.role in ("auditor", "chair") and ask.has("over_time")
    assert not ask.has("since_when")


def test_the_plural_with_now_asks_the_current_holder() -> None:
    assert not understand("Who are the auditors of Muster AG now?", []).has("over_time")


PERSON = [
    {"record_type": "entity", "id": "p:1", "name": "Hans Muster", "anchor": True,
     "kind": "person", "pubs": [P1]},
    {"record_type": "role", "role": "board_member", "role_text": "Mitglied des Stiftungsrates",
     "other_id": "CH:9", "other_name": "Muster Stiftung", "other_kind": "company",
     "direction": "out", "valid_from": "2015-03-02", "valid_to": "2019-06-10", "pubs": [P1, P2]},
    {"record_type": "role", "role": "chair", "roles": ["chair", "board_member"],
     "role_text": "Präsident des Stiftungsrates", "other_id": "CH:9",
     "other_name": "Muster Stiftung", "other_kind": "company", "direction": "out",
     "valid_from": "2019-06-10", "pubs": [P2]},
]  # fmt: skip


def test_when_a_person_joined_a_board_shows_the_first_entry() -> None:
    ask = understand("Wann kam Hans Muster in den Stiftungsrat der Muster Stiftung?", [])
    assert ask.has("joined")
    text, _, _ = answer(PERSON, ask, "de", DATES, [])
    assert "vom 02.03.2015 bis 10.06.2019" in text and "Präsident des Stiftungsrates" in text


@pytest.mark.parametrize(
    "question",
    [
        "When did Anna Muster leave ALPHA and who took over as vice president?",
        "Wer übernahm das Präsidium der Muster Stiftung von Anna Muster?",
        "Qui a repris la présidence de la Fondation Exemple ?",
    ],
)
def test_taking_over_a_role_asks_the_successor_not_a_takeover(question: str) -> None:
    ask = understand(question, [])
    assert ask.role and ask.has("successor")
    assert not set(ask.facts) & {"mergers", "transfers"}


def test_taking_over_a_business_stays_a_transfer() -> None:
    assert "transfers" in understand("Which company took over the assets of Muster AG?", []).facts


def test_why_deleted_states_the_reason_read_from_the_notice() -> None:
    records = [
        dict(BANKRUPT[0]),
        dict(BANKRUPT[1]),
        {"record_type": "state", "attribute": "deletion_reason", "value": "bankruptcy",
         "valid_from": "2024-11-04", "pubs": [P3]},
    ]  # fmt: skip
    ask = understand("Pourquoi Exempla GmbH a-t-elle été radiée ?", [])
    text, _, _ = answer(records, ask, "fr", DATES, [])
    assert "(après faillite)" in text.split("\n")[0]


@pytest.mark.parametrize(
    "question", ["wer ist GF bei der muster holzbau", "qui est gérant chez la muster boulangerie ?"]
)
def test_an_article_between_the_preposition_and_a_lower_case_company(question: str) -> None:
    first = lower_mentions(question)[0]
    assert first.org and first.text.startswith("muster ")


@pytest.mark.parametrize(
    ("text", "names"),
    [("Luzerner Stiftungen", False), ("Fondations genevoises", False),
     ("Berner Stiftung", True), ("Luzerner Kantonalbank", True)],
)  # fmt: skip
def test_a_canton_adjective_beside_a_plural_form_names_no_entity(text: str, names: bool) -> None:
    assert names_something(text) is names


def test_a_role_list_says_its_period_in_the_question_language() -> None:
    said = filters_text({"role": "auditor", "mode": "entered", "date_from": "2014-01-01",
                         "date_to": "2014-12-31"}, "de")  # fmt: skip
    assert "neu eingetragen" in said and "entered" not in said


@pytest.mark.parametrize(
    "question",
    ["Quante cancellazioni nel 2009?", "Combien de radiations en 2009 ?",
     "Wie viele Löschungen gab es 2009?", "How many deletions were there in 2009?"],
)  # fmt: skip
def test_a_deletion_noun_asks_deletions(question: str) -> None:
    assert "deleted" in understand(question, []).facts


def test_the_seat_in_a_year_before_the_move_and_the_former_seat_first() -> None:
    then = understand("Quel était le siège de Muster AG en 2017 ?", [])
    text, _, _ = answer(RENAMED, then, "fr", DATES, [])
    assert text.startswith("Le siège de **Muster AG** (2017) est **Altort**")
    before = understand("Where was Muster AG based before?", [])
    text, _, _ = answer(RENAMED, before, "en", DATES, [])
    assert text.startswith("The former seat of **Muster AG** was **Altort** (from 02.03.2015 to")


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("Wer sind die Aktionäre der Muster AG?", "shareholders"),
        ("Qui sont les actionnaires de Exemple SA ?", "shareholders"),
        ("Chi sono gli azionisti della Esempio SA?", "shareholders"),
        ("Who are the shareholders of Example AG?", "shareholders"),
        ("Geburtsdatum von Hans Muster?", "birth_date"),
        ("Quelle est la date de naissance d'Anne Exemple ?", "birth_date"),
        ("Qual è la data di nascita di Anna Esempio?", "birth_date"),
        ("When was Hans Muster born?", "birth_date"),
    ],
)
def test_what_the_register_never_publishes(question: str, fact: str) -> None:
    assert understand(question, []).main == fact


def test_the_shareholders_of_an_ag_are_not_published() -> None:
    ask = understand("Wer sind die Aktionäre der Muster AG?", [])
    text, _, negative = answer(RENAMED, ask, "de", DATES, [])
    assert text.startswith("Das Handelsregister veröffentlicht die Aktionäre") and negative


def test_a_legal_form_the_entity_never_had_is_refused_even_inside_its_name() -> None:
    rec = {"record_type": "entity", "id": "CH:7", "name": "Muster GG Sàrl", "kind": "company",
           "legal_form": "0107"}  # fmt: skip
    notice = {"record_type": "event", "text": "Muster GG Sàrl, à Exempleville, société à "
              "responsabilité limitée (nouvelle inscription)."}  # fmt: skip
    assert not matches_mention("Muster GG SA", rec, [rec, notice])
    assert matches_mention("Muster GG Sàrl", rec, [rec, notice])


@pytest.mark.parametrize(
    "question",
    ["gibt es eine Muster AG in Basel?", "existe-t-il une société Exemple SA à Lausanne ?",
     "c'è una Esempio SA a Lugano?", "Is there a Muster Ltd in Zug?"],
)  # fmt: skip
def test_an_existence_question_asks_the_status(question: str) -> None:
    assert understand(question, []).main == "status"


def test_the_opening_of_a_bankruptcy_only_a_closing_notice_tells() -> None:
    ask = understand("Quand la faillite d'Exempla GmbH a-t-elle été prononcée ?", [])
    assert ask.has("opening")
    text, _, _ = answer(BANKRUPT, ask, "fr", DATES, [])
    assert text.startswith(
        "Les publications sur **Exempla GmbH in Liquidation** ne mentionnent aucune date"
    )
    opened = [dict(BANKRUPT[0]), dict(BANKRUPT[1], bankruptcy_stage="opened")]
    text, _, _ = answer(
        opened, understand("Wann wurde der Konkurs der Exempla GmbH eröffnet?", []), "de", DATES, []
    )
    assert text.startswith(
        "Der Konkurs über **Exempla GmbH in Liquidation** wurde am 21.10.2024 eröffnet."
    )


MOVED_WITHIN = [
    {"record_type": "entity", "id": "CH:8", "name": "Muster & Partner GmbH", "anchor": True,
     "kind": "company", "status": "active", "seat": "Altort", "pubs": [P1]},
    {"record_type": "state", "attribute": "seat", "value": "Altort", "valid_from": "2015-03-02",
     "pubs": [P1]},
    {"record_type": "state", "attribute": "address", "value": "Seeweg 1, 9999 Altort",
     "valid_from": "2015-03-02", "valid_to": "2019-06-10", "pubs": [P1, P2]},
    {"record_type": "state", "attribute": "address", "value": "Bergweg 2, 9999 Altort",
     "valid_from": "2019-06-10", "pubs": [P2]},
]  # fmt: skip


def test_a_move_within_the_seat_is_a_new_address() -> None:
    ask = understand("muster & partner umzug wann?", [])
    assert ask.role is None and "seat" in ask.facts
    text, _, _ = answer(MOVED_WITHIN, ask, "de", DATES, [])
    assert (
        "Bergweg 2" in text.split("\n")[0]
        and "Seeweg 1, 9999 Altort (vom 02.03.2015 bis 10.06.2019)" in text
    )


@pytest.mark.parametrize(
    ("question", "name"),
    [("NEW HORIZON EXEMPLE SA est associée de quelle société ?", "NEW HORIZON EXEMPLE SA"),
     ("VR der ALPHA BETA AG?", "ALPHA BETA AG"), ("UID CHE der MUSTER AG?", "MUSTER AG")],
)  # fmt: skip
def test_a_fact_word_in_capitals_opens_a_name_in_capitals(question: str, name: str) -> None:
    assert mentions(question)[0].text == name


def test_of_which_company_asks_the_mandates() -> None:
    assert "mandates" in understand("Exemple SA est associée de quelle société ?", []).facts


def test_the_seat_in_a_year_and_why_it_changed() -> None:
    ask = understand("Wo war der Sitz der Muster AG 2017 und warum hat er gewechselt?", [])
    text, _, _ = answer(RENAMED, ask, "de", DATES, [])
    assert text.startswith("Der Sitz von **Muster AG** (2017) ist **Altort**")
    assert "Neuort (seit 10.06.2019)" in text


def test_a_person_asked_when_moving_has_no_seat_to_show() -> None:
    ask = understand("Quand Hans Muster a-t-il déménagé ?", [])
    text, _, _ = answer(PERSON, ask, "fr", DATES, [])
    assert text  # answered (a person has no seat states: no move lines, no failure)


def test_who_holds_the_shares_after_a_role_asks_the_holders_of_the_shares() -> None:
    last = [{"question": "Qui est la présidente de Muster Sàrl ?"}]
    ask = understand("et qui détient les parts ?", last)
    assert "shares" in ask.facts and ask.role is None
    # without a who-word, the shares are the last role holder's own
    ask = understand("et combien de parts a-t-elle ?", last)
    assert "shares" in ask.facts and ask.role == understand(last[0]["question"], []).role


@pytest.mark.parametrize(
    "question",
    [
        "Which companies in canton Zug appear, and are they still registered?",
        "Welche Firmen im Kanton Zug sind noch eingetragen?",
        "Quelles sociétés du canton de Zoug sont encore inscrites ?",
        "Quali società del Canton Zugo sono ancora iscritte?",
    ],
)
def test_still_registered_asks_the_status_not_registrations(question: str) -> None:
    slots = fill_slots(question)
    assert slots.canton == "ZG" and slots.event_type is None


def test_registered_in_a_year_stays_a_registration() -> None:
    assert fill_slots("Which companies were registered in 2016?").event_type == "registration"
