"""A company named with its legal form that the notices do not hold, on the fixture graph.

- In a conversation, the entity in focus is never answered in its place.
- When the notices hold the same name under another legal form, the answer says which entity
  that is, with its seat and UID, and still says that the one asked is not there.
- "Did it merge?" about a company that never merged lists what its notices do record.
"""

from __future__ import annotations

from typing import Any

import pytest

from evals.fixture_graph import FixtureFacts
from tests.agent.questions import Case, Turn, one
from tests.agent.test_questions import test_question as _run_case

CASES: tuple[Case, ...] = (
    Case(
        "unknown_company_after_a_focus_de",
        (
            Turn("Wer sitzt im Verwaltungsrat der Alpenblick Holding AG?", must=("Sandra Frei",)),
            Turn(
                "Und gibt es eine Gletscherblick Bau AG?",
                must=("keine Firma", "Gletscherblick Bau AG"),
                must_not=("Alpenblick", "Sandra Frei"),
            ),
        ),
    ),
    Case(
        "unknown_company_after_a_focus_fr",
        (
            Turn("Qui est l'organe de révision de Lac Léman Logistique SA ?"),
            Turn(
                "Quel est le siège de Glacier Conseil Sàrl ?",
                must=("aucune société", "Glacier Conseil Sàrl"),
                must_not=("Lac Léman", "Lausanne"),
            ),
        ),
    ),
    one(
        "same_name_other_form_de",
        q="Gibt es eine Kristallnetz Informatik GmbH in Basel?",
        must=("keine Firma", "Kristallnetz Informatik AG", "Bern", "CHE-100.000.058"),
    ),
    one(
        "same_name_other_form_it",
        q="Esiste una Ticino Verde SA a Lugano?",
        must=("Ticino Verde Sagl", "Bellinzona", "CHE-100.000.093"),
    ),
    one(
        "no_merger_lists_the_notices_it",
        q="La Ticino Verde Sagl si è fusa con un'altra società?",
        must=("nessuna fusione", "29.05.2013", "02.10.2019"),
        cites=("E19", "E20"),
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_named_not_found(case: Case, make_agent: Any, facts: FixtureFacts) -> None:
    await _run_case(case, make_agent, facts)
