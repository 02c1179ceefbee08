"""The short purpose the old daily notices repeat in their head ("Firm, in Seat, [old number,]
purpose, Legal form (SHAB ...)"), read when a company's record has no purpose. Fictitious
notices."""

from __future__ import annotations

import pytest

from graph_agent.answers.entity_attributes import attribute_answer
from graph_agent.answers.fact_record import Facts
from graph_agent.answers.fact_text import purpose_in
from graph_agent.planners.offline.asks import Ask

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "purpose"),
    [
        (
            "Tannwil Bau AG, in Tannwil, Umbau und Unterhalt von Liegenschaften, Aktiengesellschaft"
            " (SHAB Nr. 12 vom 18.01.2002, S. 4). Revisionsstelle neu: Revisa AG, in Tannwil.",
            "Umbau und Unterhalt von Liegenschaften",
        ),
        (
            "Stiftung Beispielhilfe, in Bern, CH-035.7.000.001-0, Unterstützung bedürftiger"
            " Familien usw., Stiftung (SHAB Nr. 45 vom 06.03.2001, S. 1259). Ausgeschiedene Personen",
            "Unterstützung bedürftiger Familien usw.",
        ),
        (
            "Exemple Conseil, Exco, à Fribourg, conseil en gestion, etc. Société anonyme."
            " (FOSC du 12.06.2001, p. 4393). La société est dissoute.",
            "conseil en gestion, etc.",
        ),
        (
            "Solaria Tessin SA, in Brissago, Il commercio di impianti solari, Società anonima"
            " (FUSC no. 82 del 27. 04. 2000, pagina 2828). Questa ragione sociale è cancellata.",
            "Il commercio di impianti solari",
        ),
        (
            "Muster AG, in Bern, CHE-100.000.001, Handel mit Waren, Aktiengesellschaft (SHAB Nr. 1"
            " vom 04.01.2010, S. 2). Domizil neu: Gasse 1, 3000 Bern.",
            "Handel mit Waren",
        ),
    ],
)
def test_the_head_gives_the_short_purpose(text: str, purpose: str) -> None:
    assert purpose_in(text) == purpose


@pytest.mark.parametrize(
    "text",
    [
        # only the legal form between the number and the reference
        "Stiftung Beispielhilfe, in Bern, CHE-100.000.002, Stiftung (SHAB Nr. 67 vom 08.04.2010).",
        # the head runs on into the next sentence: no purpose there
        "Beispiel AG, in Ort, Ort, Gasse 4. Unter dieser Firma hat die Beispiel AG (SHAB vom"
        " 04.12.2003, Seite 22) eine Zweigniederlassung errichtet.",
        # the modern head: no gazette reference after it
        "Beispiel GmbH, in Ort, CHE-100.000.003, Gesellschaft mit beschränkter Haftung. Zweck neu: …",
        "",
    ],
)
def test_heads_without_a_purpose(text: str) -> None:
    assert purpose_in(text) is None


def test_the_short_purpose_is_the_answer_escaped_and_cited() -> None:
    head = (
        "Tannwil Bau AG, in Tannwil, Bau von *Sonder*bauten [alle Arten], Aktiengesellschaft"
        " (SHAB Nr. 12 vom 18.01.2002, S. 4). Revisionsstelle neu: Revisa AG, in Tannwil."
    )
    f = Facts(
        [
            {"record_type": "entity", "id": "CH:1", "name": "Tannwil Bau AG", "anchor": True},
            {
                "record_type": "event",
                "pub_number": "ZEFIX-2002-01-23-950009",
                "text": head,
                "pub_date": "2002-01-23",
                "pubs": ["ZEFIX-2002-01-23-950009"],
            },
        ],
        "de",
        {},
    )
    [line] = attribute_answer(f, "purpose", Ask(facts=("purpose",)))
    assert r"Bau von \*Sonder\*bauten \[alle Arten\]" in line
    assert "Kurzform" in line and "ZEFIX-2002-01-23-950009" in line
