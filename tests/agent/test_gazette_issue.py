"""One issue of the gazette asked by its day, with or without its number: what that day's
notices were about, on the fictional fixture graph (two notices on 15.11.2022, one on 19.06.2020).
The issue's number names no entity and is not searched; the day chooses the notices.

Also the role entries of a period asked as "were entered": those that began in it (Nordlicht
Treuhand, 2020), not those in office then (Treuhand Sonnenberg, entered 2017).
"""

from __future__ import annotations

from typing import Any

import pytest

from evals.fixture_graph import FixtureFacts
from tests.agent.questions import Case, one
from tests.agent.test_questions import test_question as _run_case

CASES: tuple[Case, ...] = (
    one(
        "issue_day_before_the_gazette_two_cantons_en",
        q="notices from canton Bern or Zurich in the 15 Nov 2022 SHAB?",
        must=("Kristallnetz Informatik AG", "Bergkristall Software GmbH", "BE/ZH"),
        must_not=("Alpenblick",),
        cites=("E08", "E09"),
        intent="macro_analytics",
    ),
    one(
        "companies_of_two_cantons_de",
        q="Welche Firmen aus den Kantonen Tessin oder Zug wurden neu eingetragen?",
        must=("Ticino Verde Sagl", "Treuhand Sonnenberg AG", "succursale di Lugano", "TI/ZG"),
        must_not=("Zweigniederlassung Genf", "Kristallnetz", "Müller Bau"),
    ),
    one(
        "issue_with_number_de",
        q="Was wurde im SHAB Nr. 222 vom 15.11.2022 publiziert?",
        must=("Kristallnetz Informatik AG", "Bergkristall Software GmbH"),
        must_not=("Alpenblick",),
        cites=("E08", "E09"),
        intent="macro_analytics",
    ),
    one(
        "issue_with_number_fr",
        q="Qu'est-ce qui a paru dans la FOSC n° 222 du 15 novembre 2022 ?",
        must=("Kristallnetz Informatik AG", "Bergkristall Software GmbH"),
        cites=("E08", "E09"),
        intent="macro_analytics",
    ),
    one(
        "firms_in_one_issue_de",
        q="welche firmen hatten eine publikation im SHAB Nr. 117 vom 19.6.2020?",
        must=("Alpenblick Holding AG",),
        must_not=("Kristallnetz", "Bergkristall"),
        cites=("E03",),
        intent="macro_analytics",
    ),
    one(
        "audit_firms_entered_en",
        q="Which audit firms were entered in 2020?",
        must=("Nordlicht Treuhand",),
        must_not=("Sonnenberg",),
        cites=("E03",),
        intent="macro_analytics",
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_gazette_issue(case: Case, make_agent: Any, facts: FixtureFacts) -> None:
    await _run_case(case, make_agent, facts)
