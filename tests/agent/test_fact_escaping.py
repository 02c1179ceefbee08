"""Fact answers print the register's text escaped: a name, an address or a role holder cannot
open an image, a link or HTML in the reader's view, and reads as written (`&` included)."""

from __future__ import annotations

from graph_agent.answers.facts import answer
from graph_agent.planners.offline.asks import Ask
from tests.ui.test_markdown import assert_inert

NAME = "Muster ![t](http://127.0.0.1:9/t.png) & Partner <b>AG</b>"
ADDRESS = "[Weg](http://evil.example/) 1, 8000 Zürich"
HOLDER = "<img src=x onerror=y> Beispiel"
PUB = "HR02-1000000001"

RECORDS = [
    {
        "record_type": "entity",
        "id": "CH:1",
        "name": NAME,
        "anchor": True,
        "kind": "company",
        "status": "active",
        "address": ADDRESS,
        "pubs": [PUB],
    },
    {
        "record_type": "state",
        "attribute": "address",
        "value": ADDRESS,
        "valid_from": "2026-08-26",
        "pubs": [PUB],
    },
    {
        "record_type": "role",
        "role": "president",
        "other_id": "P:1",
        "other_name": HOLDER,
        "other_kind": "person",
        "direction": "in",
        "valid_from": "2026-08-26",
        "pubs": [PUB],
    },
]


def test_address_answer_escapes_name_and_address() -> None:
    text, used, negative = answer(RECORDS, Ask(facts=("address",)), "de", {PUB: "2026-08-26"}, [])
    assert not negative and used
    assert_inert(text)
    assert "Weg" in text and "8000 Zürich" in text and "& Partner" in text


def test_role_answer_escapes_the_holder() -> None:
    ask = Ask(facts=("role",), role="president")
    text, _, negative = answer(RECORDS, ask, "en", {PUB: "2026-08-26"}, [])
    assert not negative
    assert_inert(text)
    assert "Beispiel" in text and "&lt;img" in text
