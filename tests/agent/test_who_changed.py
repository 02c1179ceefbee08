"""Questions asking "who changed X in YEAR?" with no entity named: the companies with that change in the period.

Asked on the fictional fixture graph, whose only statutes change is Alpenblick's (2018) and whose
only seat move is Ticino Verde's (2019); the answer lists them, not a search for the change word.
"""

from __future__ import annotations

from typing import Any

import pytest

from evals.fixture_graph import FixtureFacts
from graph_agent.planners.offline.list_filters import event_of
from tests.agent.questions import Case, one
from tests.agent.test_questions import test_question as _run_case

CASES: tuple[Case, ...] = (
    one(
        "who_changed_statutes_de",
        q="Wer hat 2018 die Statuten geändert?",
        must=("Alpenblick Holding AG",),
        must_not=("Ticino Verde",),
        cites=("E02",),
        intent="macro_analytics",
    ),
    one(
        "who_moved_seat_fr",
        q="Qui a transféré son siège en 2019 ?",
        must=("Ticino Verde Sagl",),
        must_not=("Alpenblick",),
        cites=("E20",),
        intent="macro_analytics",
    ),
    one(
        "who_raised_capital_it",
        q="Chi ha aumentato il capitale nel 2018?",
        must=("Alpenblick Holding AG",),
        cites=("E02",),
        intent="macro_analytics",
    ),
    one(
        "no_change_that_year_en",
        q="Who moved their seat in 2018?",
        must_not=("Ticino Verde",),
        intent="macro_analytics",
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_who_changed(case: Case, make_agent: Any, facts: FixtureFacts) -> None:
    await _run_case(case, make_agent, facts)


@pytest.mark.parametrize(
    ("question", "event"),
    [
        ("Wer hat das Kapital erhöht?", "capital_change"),
        ("Chi ha trasferito la sede?", "seat_change"),
        ("Qui a augmenté son capital ?", "capital_change"),
    ],
)
def test_a_change_verb_names_the_event(question: str, event: str) -> None:
    assert event_of(question) == event
