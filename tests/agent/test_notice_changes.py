"""What a notice changed, and how a person stands to a company, on the fixture graph.

- "What changed in October 2019?" names each new value of the notice with the one before it
  (from the earlier state, else from the notice's own head), not only the notice's kinds.
- A canton's adjective alone ("sociétés vaudoises radiées") is a filter, not a name; a lone
  word after an indefinite article ("Für eine Statistik: …") is a common noun.
- "In welcher Beziehung steht X zur Y?": "zur" after a person's name starts the company's; the
  answer gives X's role there with how X signs, and the company's c/o address at X.
"""

from __future__ import annotations

from typing import Any

import pytest

from evals.fixture_graph import FixtureFacts
from tests.agent.questions import Case, one
from tests.agent.test_questions import test_question as _run_case

CASES: tuple[Case, ...] = (
    one(
        "what_changed_names_the_new_values_it",
        q="Cosa è cambiato presso la Ticino Verde Sagl nell'ottobre 2019?",
        must=("sede (nuovo): Bellinzona (in precedenza: Locarno)", "Viale Stazione 15"),
        cites=("E20",),
    ),
    one(
        "what_changed_new_name_with_the_old_de",
        q="Was hat sich bei der Ticino Verde Sagl im Oktober 2019 geändert?",
        must=("Name neu: Ticino Verde Sagl (bisher: Verde Giardini Sagl)",),
        cites=("E20",),
    ),
    one(
        "canton_adjective_keywords_fr",
        q="sociétés bernoises radiées",
        must=("Bergkristall Software GmbH",),
        must_not=("Bau Müller", "Alpenblick Holding AG,"),
    ),
    one(
        "indefinite_article_common_noun_de",
        q="Für eine Statistik: wie viele Firmen haben ihren Sitz im Kanton Tessin?",
        must=("Ticino Verde Sagl",),
    ),
    one(
        "person_in_relation_to_a_company_de",
        q="In welcher Beziehung steht Thomas Brunner zur Stiftung Sonnenhalde?",
        must=("Präsident des Stiftungsrates", "domiziliert", "Rheinweg 3"),
        must_not=("Elisabeth Brunner-Vogt",),
        cites=("E22",),
    ),
    one(
        "person_in_relation_to_a_company_en",
        q="What is Thomas Brunner's relationship to Stiftung Sonnenhalde?",
        must=("Präsident des Stiftungsrates", "Rheinweg 3"),
        cites=("E22",),
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_notice_changes(case: Case, make_agent: Any, facts: FixtureFacts) -> None:
    await _run_case(case, make_agent, facts)
