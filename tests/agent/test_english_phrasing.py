"""English phrasing of Swiss register facts: the offline planner on the fixture graph.

English users name the register's concepts in English words (board, chairman, managing director,
authorised signatory, auditor, struck off, wound up) around German, French and Italian names, and
write indirect questions, terse keyword queries, possessives and English date forms. Each case
asserts exact facts of the fictional fixture graph (`evals.fixture_graph`).
"""

from __future__ import annotations

from typing import Any

import pytest

from evals.fixture_graph import FixtureFacts
from tests.agent.questions import Case, Turn, one
from tests.agent.test_questions import test_question as _run_case

CASES: tuple[Case, ...] = (
    # --- direct facts
    one(
        "en_ph_registered_office",
        q="Where is the registered office of Kristallnetz Informatik AG?",
        must=("Bern",),
    ),
    one(
        "en_ph_share_capital_possessive",
        q="What's Alpenblick Holding AG's share capital?",
        must=("5'000'000",),
    ),
    one(
        "en_ph_terse_purpose",
        q="rhone transports sarl purpose",
        must=("Transports routiers",),
    ),
    one(
        "en_ph_indirect_uid",
        q="Could you tell me the UID of Lac Léman Logistique SA?",
        must=("CHE-100.000.064",),
    ),
    one(
        "en_ph_legal_form_foundation",
        q="What kind of legal entity is Stiftung Sonnenhalde?",
        must=("Stiftung",),
    ),
    # --- officers by role
    one(
        "en_ph_chairman",
        q="Who is the chairman of the board of Kristallnetz Informatik AG?",
        must=("Anna Meier",),
    ),
    one(
        "en_ph_managing_director",
        q="Who is the managing director of Rhône Transports Sàrl?",
        must=("Claire Dubois",),
    ),
    one(
        "en_ph_authorised_signatory",
        q="Who are the authorised signatories of Ticino Verde Sagl?",
        must=("Hans Mueller",),
    ),
    one(
        "en_ph_directors_possessive",
        q="Treuhand Sonnenberg AG's board of directors",
        must=("Urs Zimmermann", "Hans Müller"),
    ),
    one(
        "en_ph_terse_auditor",
        q="alpenblick holding auditor",
        must=("Nordlicht Treuhand",),
    ),
    # --- history / changes
    one(
        "en_ph_stepped_down",
        q="Who stepped down from the board of Alpenblick Holding AG?",
        must=("Peter Keller",),
        must_not=("Sandra Frei",),
    ),
    one(
        "en_ph_wound_up",
        q="When was Müller Bau GmbH wound up?",
        must=("10.03.2023",),
        cites=("E17",),
    ),
    one(
        "en_ph_struck_off",
        q="When was Bergkristall Software GmbH struck off the register?",
        must=("15.11.2022",),
        cites=("E09",),
    ),
    one(
        "en_ph_former_name",
        q="What was Alpenblick Holding AG called before?",
        must=("Alpenblick Beteiligungen AG",),
    ),
    one(
        "en_ph_went_bust",
        q="Did Müller Bau GmbH go bankrupt?",
        must=("Müller Bau GmbH",),
        cites=("E17",),
    ),
    # --- as of a date
    one(
        "en_ph_as_of_mid_year",
        q="Who sat on the board of Alpenblick Holding AG as of mid-2019?",
        must=("Peter Keller", "Hans Müller"),
        must_not=("Sandra Frei",),
    ),
    one(
        "en_ph_back_in_month",
        q="Who were the managing directors of Müller Bau GmbH back in January 2017?",
        must=("Hans Müller",),
        must_not=("Beat Schmid",),
    ),
    one(
        "en_ph_ordinal_date",
        q="Who was on the board of Alpenblick Holding AG on 3rd May 2021?",
        must=("Sandra Frei", "Hans Müller"),
        must_not=("Peter Keller",),
    ),
    one(
        "en_ph_name_in_year",
        q="What was the name of Ticino Verde Sagl in January 2018?",
        must=("Verde Giardini Sagl",),
    ),
    one(
        "en_ph_american_date",
        q="Who managed Müller Bau GmbH on January 1, 2019?",
        must=("Hans Müller", "Beat Schmid"),
    ),
    # --- network across entities
    one(
        "en_ph_took_over",
        q="Which company took over Bergkristall Software GmbH?",
        must=("Kristallnetz Informatik AG",),
    ),
    one(
        "en_ph_branches_terse",
        q="alpenblick holding branches",
        must=("Zweigniederlassung Genf", "succursale di Lugano"),
    ),
    one(
        "en_ph_where_does_person_sit",
        q="In which companies does Claire Dubois have a role?",
        must=("Rhône Transports Sàrl", "Lac Léman Logistique SA"),
    ),
    one(
        "en_ph_parent_company",
        q="What is the parent company of Alpenblick Holding AG, succursale di Lugano?",
        must=("Alpenblick Holding AG",),
    ),
    one(
        "en_ph_sold_assets",
        q="Who bought assets from Lac Léman Logistique SA?",
        must=("Rhône Transports Sàrl",),
    ),
    # --- aggregates with filters
    one(
        "en_ph_count_llc_canton",
        q="How many limited liability companies are registered in the canton of Bern?",
        must=(" 1 ", "Bergkristall Software GmbH"),
        must_not=("Kristallnetz",),
    ),
    one(
        "en_ph_list_companies_in_town",
        q="List the companies based in Zug",
        must=("Treuhand Sonnenberg AG",),
        must_not=("Alpenblick",),
    ),
    one(
        "en_ph_largest_capital",
        q="Which company has the largest share capital?",
        must=("Alpenblick Holding AG",),
    ),
    one(
        "en_ph_count_mergers_year",
        q="How many mergers were there in 2022?",
        must=("2022",),
        cites=("E08",),
    ),
    one(
        "en_ph_count_bankruptcies",
        q="How many companies went bankrupt in 2023?",
        must=(" 1 ", "Müller Bau GmbH"),
    ),
    # --- negative
    one(
        "en_ph_no_liquidator",
        q="Who is the liquidator of Kristallnetz Informatik AG?",
        must=("liquidator",),
        form="negative",
    ),
    one(
        "en_ph_unknown_company",
        q="Could you look up Zauberwald Confiserie GmbH?",
        must=("Zauberwald Confiserie GmbH",),
        form="negative",
    ),
    one(
        "en_ph_no_mergers_year",
        q="Were there any mergers in 2011?",
        must=("2011",),
        must_not=("'there'",),
        form="negative",
    ),
    one(
        "en_ph_board_before_registration",
        q="Who was on the board of Alpenblick Holding AG in early 2014?",
        must_not=("Hans Müller |",),
        form="negative",
    ),
    one(
        "en_ph_unknown_person",
        q="Who is Jonathan Whitfield?",
        must=("Jonathan Whitfield",),
        form="negative",
    ),
    # --- two-turn follow-ups
    Case(
        "en_ph_follow_chairman_then_other_roles",
        (
            Turn("Who chairs the board of Stiftung Sonnenhalde?", must=("Thomas Brunner",)),
            Turn("What other companies is he involved in?", carried="brunner"),
        ),
    ),
    Case(
        "en_ph_follow_company_then_auditor",
        (
            Turn("Tell me about Alpenblick Holding AG", must=("Alpenblick Holding AG",)),
            Turn("and who audits it?", must=("Nordlicht Treuhand",), carried="alpenblick"),
        ),
    ),
    Case(
        "en_ph_follow_company_then_branches",
        (
            Turn("What is Alpenblick Holding AG?", must=("Zürich",)),
            Turn(
                "Does it have any branch offices?",
                must=("Zweigniederlassung Genf",),
                carried="alpenblick",
            ),
        ),
    ),
    Case(
        "en_ph_follow_partners_then_before",
        (
            Turn("Who are the partners of Ticino Verde Sagl?", must=("Marco Rossi",)),
            Turn("and before that?", must=("Luca Bernasconi",), carried="ticino"),
        ),
    ),
    Case(
        "en_ph_follow_person_then_mandates",
        (
            Turn("Who is Jean-Pierre Favre?", must=("Jean-Pierre Favre",)),
            Turn(
                "Which boards does he sit on?",
                must=("Lac Léman Logistique SA",),
                carried="favre",
            ),
        ),
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_english_phrasing(case: Case, make_agent: Any, facts: FixtureFacts) -> None:
    await _run_case(case, make_agent, facts)
