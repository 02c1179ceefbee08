"""German phrasing robustness: the same fixture facts asked the ways German speakers write.

The tuned German cases fit a handful of phrasings; these are other phrasings of the same facts
(verb-final order, separable verbs, Swiss usage such as "per", "im 2020", "Domizil", ae/oe/ue for
umlauts, lower case, abbreviations VR/GL). Each turn asserts exact facts of the fictional fixture
graph, run through the same checks as `tests/agent/test_questions.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

from evals.fixture_graph import FixtureFacts
from tests.agent.questions import Case, Turn, one
from tests.agent.test_questions import test_question as _run_case

NEG = "negative"

GERMAN_CASES: tuple[Case, ...] = (
    # --- direct facts
    one(
        "dep_domicile_verb_final",
        q="Kannst du mir sagen, wo die Alpenblick Holding AG ihr Domizil hat?",
        must=("Zürich",),
    ),
    one(
        "dep_uid_lower_case",
        q="welche uid hat die kristallnetz informatik ag",
        must=("CHE-100.000.058",),
    ),
    one(
        "dep_capital_ue_for_umlaut",
        q="Wie hoch ist das Stammkapital der Mueller Bau GmbH?",
        must=("50'000",),
    ),
    one(
        "dep_purpose",
        q="Was ist der Zweck der Bergkristall Software GmbH?",
        must=("Entwicklung und Vertrieb von Software",),
    ),
    one(
        "dep_seat_without_accents",
        q="Wo ist der Sitz der Rhone Transports Sarl?",
        must=("Sion",),
    ),
    # --- officers by role
    one(
        "dep_board_president_compound",
        q="Wer ist Verwaltungsratspräsident der Treuhand Sonnenberg AG?",
        must=("Urs Zimmermann",),
    ),
    one(
        "dep_board_abbreviation_verb_final",
        q="Kannst du mir sagen, wer im VR der Alpenblick Holding AG sitzt?",
        must=("Sandra Frei", "Hans Müller"),
        must_not=("Peter Keller",),
    ),
    one(
        "dep_partners_plural_past",
        q="Wer waren die Gesellschafter der Müller Bau GmbH?",
        must=("Hans Müller", "Beat Schmid"),
    ),
    one(
        "dep_signing_authority_compound",
        q="Wer hat bei der Ticino Verde Sagl die Zeichnungsberechtigung?",
        must=("Marco Rossi", "Einzelunterschrift"),
    ),
    one(
        "dep_foundation_board_president_compound",
        q="Wer ist Stiftungsratspräsident der Stiftung Sonnenhalde?",
        must=("Thomas Brunner",),
        must_not=("Elisabeth Brunner-Vogt",),
    ),
    one(
        "dep_president_ae_for_umlaut",
        q="Wer ist Praesident der Stiftung Sonnenhalde?",
        must=("Thomas Brunner",),
        must_not=("Elisabeth Brunner-Vogt",),
    ),
    one(
        "dep_managing_director_ae_ue",
        q="Wer war Geschaeftsfuehrer der Mueller Bau GmbH?",
        must=("Hans Müller",),
    ),
    one(
        "dep_count_deleted_oe",
        q="Wie viele Firmen wurden geloescht?",
        must=(" 2 ",),
    ),
    one(
        "dep_nationality_oe",
        q="Welche Staatsangehoerigkeit hat Urs Zimmermann?",
        must=("Österreich",),
    ),
    # --- history and changes
    one(
        "dep_left_separable_perfect_swiss_year",
        q="Wer ist im 2020 aus dem VR der Alpenblick Holding AG ausgetreten?",
        must=("Peter Keller",),
        must_not=("Sandra Frei",),
    ),
    one(
        "dep_joined_separable_perfect",
        q="Wer ist 2020 in den Verwaltungsrat der Alpenblick Holding AG eingetreten?",
        must=("Sandra Frei",),
        must_not=("Peter Keller",),
    ),
    one(
        "dep_registered_perfect_passive",
        q="Wann ist die Rhone Transports Sarl ins Handelsregister eingetragen worden?",
        must=("2019-02-25",),
    ),
    one(
        "dep_seat_frueher",
        q="Wo war der Sitz der Ticino Verde Sagl frueher?",
        must=("Locarno",),
    ),
    one(
        "dep_history_imperative_zeig",
        q="Zeig mir die Geschichte der Mueller Bau GmbH",
        cites=("E17",),
    ),
    # --- as of a date
    one(
        "dep_board_per_date",
        q="Wer sass per 1.1.2019 im Verwaltungsrat der Alpenblick Holding AG?",
        must=("Peter Keller", "Hans Müller"),
        must_not=("Sandra Frei",),
    ),
    one(
        "dep_name_in_swiss_year",
        q="Wie hiess die Ticino Verde Sagl per 1. Januar 2018?",
        must=("Verde Giardini Sagl",),
    ),
    one(
        "dep_capital_per_date",
        q="Wie hoch war das Aktienkapital der Alpenblick Holding AG per 1. Mai 2018?",
        must=("CHF 1'000'000.00",),
    ),
    one(
        "dep_board_end_of_year_abbreviation",
        q="Wer war Ende 2016 im VR der Alpenblick Holding AG?",
        must=("Peter Keller",),
        must_not=("Sandra Frei",),
    ),
    one(
        "dep_board_in_swiss_year_oe",
        q="Wer gehoerte im 2016 dem Verwaltungsrat der Alpenblick Holding AG an?",
        must=("Peter Keller", "Hans Müller"),
        must_not=("Sandra Frei",),
    ),
    # --- network across entities
    one(
        "dep_two_persons_gemeinsam",
        q="Was haben Hans Müller und Urs Zimmermann gemeinsam?",
        must=("Treuhand Sonnenberg AG",),
    ),
    one(
        "dep_companies_of_a_person",
        q="Bei welchen Firmen ist Hans Müller eingetragen?",
        must=("Treuhand Sonnenberg AG", "Alpenblick Holding AG", "Müller Bau GmbH"),
    ),
    one(
        "dep_persons_at_both_wie_auch",
        q="Welche Personen sind sowohl bei der Alpenblick Holding AG wie auch bei der "
        "Treuhand Sonnenberg AG eingetragen?",
        must=("Hans Müller",),
        must_not=("Sandra Frei", "Urs Zimmermann"),
    ),
    one(
        "dep_elsewhere_than",
        q="Ist Peter Keller noch bei anderen Firmen als der Alpenblick Holding AG eingetragen?",
        must=("Nein",),
    ),
    one(
        "dep_mandates_past_tense",
        q="Welche Mandate hatte Beat Schmid?",
        must=("Müller Bau GmbH",),
    ),
    # --- aggregates with filters
    one(
        "dep_count_deleted_perfect_passive",
        q="Wie viele Firmen sind gelöscht worden?",
        must=(" 2 ",),
    ),
    one(
        "dep_count_bankruptcies_noun_phrase",
        q="Anzahl Konkurse im Kanton Luzern?",
        must=(" 1 ",),
    ),
    one(
        "dep_companies_domicile_canton",
        q="Welche Firmen haben ihr Domizil im Kanton Tessin?",
        must=("Ticino Verde Sagl", "Alpenblick Holding AG, succursale di Lugano"),
        must_not=("Zweigniederlassung Genf",),
    ),
    one(
        "dep_most_mandates_am_meisten",
        q="Wer hat am meisten Mandate?",
        must=("Hans Müller",),
    ),
    one(
        "dep_board_members_abbreviation_residence",
        q="Welche VR-Mitglieder der Alpenblick Holding AG wohnen in Zürich?",
        must=("Hans Müller", "Peter Keller"),
        must_not=("Sandra Frei",),
    ),
    # --- negative
    one(
        "dep_unknown_person_verb_final",
        q="Kannst du mir sagen, wer Maximilian Mustermann ist?",
        must=("Maximilian Mustermann",),
        form=NEG,
    ),
    one(
        "dep_unknown_company_uid",
        q="Was ist die UID der Gletscherblick Immobilien AG?",
        must=("Gletscherblick Immobilien AG",),
        must_not=("CHE-1",),
        form=NEG,
    ),
    one(
        "dep_yes_no_abbreviation",
        q="Sitzt Sandra Frei im VR der Kristallnetz Informatik AG?",
        must=("Nein",),
        form=NEG,
    ),
    one(
        "dep_not_deleted_perfect_passive",
        q="Wann ist die Alpenblick Holding AG gelöscht worden?",
        must=("ist nicht gelöscht",),
        must_not=("gelöscht am",),
    ),
    one(
        "dep_claimed_seat_ue",
        q="Hat die Mueller Bau GmbH ihren Sitz in Zug?",
        must=("Nein, nicht in Zug", "Luzern"),
    ),
    # --- two-turn follow-ups
    Case(
        "dep_follow_up_board_before",
        (
            Turn(q="Wer ist im VR der Alpenblick Holding AG?", must=("Sandra Frei",)),
            Turn(q="und wer war vorher drin?", must=("Peter Keller",)),
        ),
    ),
    Case(
        "dep_follow_up_replaced",
        (
            Turn(
                q="Wer trat 2020 in den VR der Alpenblick Holding AG ein?",
                must=("Sandra Frei",),
            ),
            Turn(q="wen hat sie ersetzt?", must=("Peter Keller",), must_not=("Hans Müller",)),
        ),
    ),
    Case(
        "dep_follow_up_partners_there",
        (
            Turn(q="Zeig mir die Geschichte der Müller Bau GmbH", cites=("E17",)),
            Turn(q="wer waren dort die Gesellschafter?", must=("Hans Müller", "Beat Schmid")),
        ),
    ),
    Case(
        "dep_follow_up_function",
        (
            Turn(q="Wer ist Thomas Brunner?", must=("Stiftung Sonnenhalde",)),
            Turn(q="Welche Funktion hat er?", must=("Präsident des Stiftungsrates",)),
        ),
    ),
    Case(
        "dep_follow_up_former_residence",
        (
            Turn(q="Wer ist Beat Schmid?"),
            Turn(q="wo hat er frueher gewohnt?", must=("Kriens", "Horw")),
        ),
    ),
)


@pytest.mark.parametrize("case", GERMAN_CASES, ids=[c.name for c in GERMAN_CASES])
async def test_german_phrasing(case: Case, make_agent: Any, facts: FixtureFacts) -> None:
    await _run_case(case, make_agent, facts)
