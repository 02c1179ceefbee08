"""Linking by the kind of fact asked: a company's own fact (capital, purpose) is asked of the
company of that name, a person's own fact (origin) of the person, whatever the search ranked
first. Pure: the records stand for `search_companies` rows; names are fictitious."""

from __future__ import annotations

import pytest

from graph_agent.planners.offline.linking import asked_kind, choose

pytestmark = pytest.mark.unit

PERSON = {"id": "p:1", "kind": "person", "name": "Lara Tannwiler", "score": 95.0, "reason": "name"}
COMPANY = {
    "id": "CHE-100.000.001",
    "kind": "company",
    "name": "Tannwiler Haustechnik AG",
    "uid": "CHE-100.000.001",
    "score": 90.0,
    "reason": "name",
}


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Wie hoch war das Aktienkapital der Tannwiler Ende 2015?", "company"),
        ("Quel est le but de Tannwiler ?", "company"),
        ("What is Tannwiler's legal form?", "company"),
        ("Heimatort von Tannwiler?", "person"),
        ("Wie viele Stammanteile hält Tannwiler?", None),  # a partner's shares or the firm's
        ("Wer ist Tannwiler?", None),
    ],
)
def test_the_kind_a_fact_belongs_to(question: str, kind: str | None) -> None:
    assert asked_kind(question) == kind


def test_a_company_fact_links_the_company_even_below_a_person() -> None:
    ent, ties, _ = choose(
        "Tannwiler", "Wie hoch ist das Aktienkapital der Tannwiler?", [PERSON, COMPANY]
    )
    assert ent is not None and ent.id == COMPANY["id"] and not ties
    ent, _, _ = choose("Tannwiler", "Wer ist Tannwiler?", [PERSON, COMPANY])
    assert ent is not None and ent.id == PERSON["id"]  # no fact asked: the search's order


def test_a_person_fact_links_the_person() -> None:
    ent, _, _ = choose("Tannwiler", "Heimatort von Tannwiler?", [COMPANY | {"score": 97.0}, PERSON])
    assert ent is not None and ent.id == PERSON["id"]
