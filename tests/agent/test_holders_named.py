"""Role holders picked by a named holder, on the fixture graph.

- "When did X leave?" answers X's own exit, not whoever left last; an entry that ends the day
  the holder's next one begins is a change of function, not an exit.
- "Who joined together with X?" lists those entered the same day (audit firms are no fellow
  members); "who sat with X?" those in office at the same time, not the one who followed X.
- "And when did she leave?" after "who was it in 2018?": the time picks the holder, whose exit
  is asked, not who left in that year.
- An address "c/o X" where X holds a role: the answer says what X is there; a person's
  companies domiciled with them are named with the address.
"""

from __future__ import annotations

from typing import Any

import pytest

from evals.fixture_graph import FixtureFacts
from tests.agent.questions import Case, Turn, one
from tests.agent.test_questions import test_question as _run_case

CASES: tuple[Case, ...] = (
    one(
        "named_holder_left_it",
        q="Quando è uscito Luca Bernasconi dalla Ticino Verde Sagl?",
        must=("Luca Bernasconi", "02.10.2019"),
        must_not=("Marco Rossi",),
        cites=("E20",),
    ),
    one(
        "who_left_lower_case_name_and_seat_it",
        q="ticino verde bellinzona chi è uscito?",
        must=("Luca Bernasconi", "02.10.2019"),
        must_not=("Marco Rossi",),
    ),
    one(
        "named_holder_changed_function_en",
        q="When did Marco Rossi leave Ticino Verde Sagl?",
        must=("Marco Rossi", "socio e gerente"),
        must_not=("Bernasconi", " left:"),
    ),
    one(
        "joined_together_with_it",
        q="Chi è entrato insieme a Luca Bernasconi nella Ticino Verde Sagl?",
        must=("Marco Rossi", "29.05.2013"),
        must_not=("Hans Mueller", "procura"),
        cites=("E19",),
    ),
    one(
        "joined_together_with_no_auditor_de",
        q="Wer kam zusammen mit Sandra Frei neu in den Verwaltungsrat der Alpenblick Holding AG?",
        must=("Alpenblick Holding AG",),
        must_not=("Nordlicht", "Peter Keller"),
    ),
    one(
        "sat_with_en",
        q="Who sat with Peter Keller on the board of Alpenblick Holding AG?",
        must=("Hans Müller", "Präsident des Verwaltungsrates"),
        must_not=("Sandra Frei",),
        cites=("E01",),
    ),
    one(
        "left_and_who_took_over_de",
        q="Wann ist Peter Keller aus dem Verwaltungsrat der Alpenblick Holding AG ausgeschieden "
        "und wer übernahm?",
        must=("Sandra Frei", "15.06.2020"),
        must_not=("Vermögensübertragung",),
        cites=("E03",),
    ),
    one(
        "care_of_address_names_the_holder_fr",
        q="Chez qui est domiciliée la Stiftung Sonnenhalde ?",
        must=("c/o Thomas Brunner", "Rheinweg 3", "Präsident des Stiftungsrates"),
        must_not=("Elisabeth Brunner-Vogt",),
        cites=("E22",),
    ),
    one(
        "companies_domiciled_with_the_person_de",
        q="In welchen Firmen ist Thomas Brunner eingetragen?",
        must=("Stiftung Sonnenhalde", "domiziliert", "Rheinweg 3"),
        cites=("E21", "E22"),
    ),
    Case(
        "holder_of_a_year_then_when_left_de",
        (
            Turn(
                "Wer war 2018 im Verwaltungsrat der Alpenblick Holding AG?",
                must=("Peter Keller", "Hans Müller"),
            ),
            Turn(
                "Und wann ist er ausgeschieden?",
                must=("Peter Keller", "15.06.2020"),
                must_not=("Sandra Frei", "(2018)"),
                cites=("E03",),
            ),
        ),
    ),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_holders_named(case: Case, make_agent: Any, facts: FixtureFacts) -> None:
    await _run_case(case, make_agent, facts)
