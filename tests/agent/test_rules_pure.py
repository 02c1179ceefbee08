"""Pure tests of the fourth round's rules: the word readers and the answers over fictional
records (no database). The end-to-end cases on the fixture graph are in `questions_rules.py`."""

from __future__ import annotations

from typing import Any

import pytest

from graph_agent.answers.fact_events import head_move, seat_changes
from graph_agent.answers.fact_record import Facts
from graph_agent.answers.fact_text import head_seat
from graph_agent.answers.person_places import places
from graph_agent.planners.offline.asks import Ask, understand
from graph_agent.planners.offline.descriptions import Description, described, pick


@pytest.mark.parametrize(
    ("question", "role", "more", "together"),
    [
        (
            "Wer war gleichzeitig Präsident und Geschäftsführer der Muster AG?",
            "chair",
            ("managing_director",),
            True,
        ),
        ("Chi presiede la Fondazione Alfa e chi è la segretaria?", "chair", ("secretary",), False),
        ("Who are the chairman and the secretary of Beta AG?", "chair", ("secretary",), False),
        (
            "Qui est à la fois administrateur et directeur de Gamma SA ?",
            "board_member",
            ("managing_director",),
            True,
        ),
        (
            "Wer ist VR-Präsident und wer GF bei der Zeta AG?",
            "chair",
            ("managing_director",),
            False,
        ),
        # a role and its body are one role
        ("Wer ist Präsident des Verwaltungsrates der Beta AG?", "chair", (), False),
        ("Qui est le président du conseil de fondation ?", "chair", (), False),
        ("Verwaltungsratspräsident der Muster AG?", "chair", (), False),
    ],
)
def test_roles_joined_by_a_coordinator(
    question: str, role: str, more: tuple[str, ...], together: bool
) -> None:
    ask = understand(question)
    assert (ask.role, ask.more_roles, ask.together) == (role, more, together)


@pytest.mark.parametrize(
    "question",
    [
        "and who signs with her?",
        "und wer zeichnet mit ihm?",
        "et qui signe avec elle ?",
        "e chi firma con lei?",
    ],
)
def test_co_signatories_keep_the_role_of_the_last_turn(question: str) -> None:
    ask = understand(question, [{"question": "Who is the managing director?"}])
    assert ask.has("co_sign") and ask.facts == ("signature",)
    assert ask.besides_role == "managing_director" and ask.inherited


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        ("hat sich ihr Heimatort geändert?", ("origin", "changes")),
        ("Quel est son lieu d'origine ?", ("origin",)),
        ("Di dove è attinente?", ("origin",)),
        ("What is her place of origin?", ("origin",)),
        ("Von wo ist sie heimatberechtigt?", ("origin",)),
        ("et avant, il habitait où ?", ("residence",)),
    ],
)
def test_origin_and_residence_words(question: str, facts: tuple[str, ...]) -> None:
    assert understand(question, [{"question": "Wer ist Anna Beispiel?"}]).facts == facts


def test_a_place_follow_up_keeps_the_holder_and_not_the_time_of_the_role() -> None:
    ask = understand("et avant, il habitait où ?", [{"question": "qui est le gérant ?"}])
    assert ask.role == "managing_director" and ask.facts == ("residence",)


def _event(pub: str, day: str, involved: list[dict[str, object]], text: str = "") -> dict[str, Any]:
    return {
        "record_type": "event",
        "pub_number": pub,
        "pub_date": day,
        "journal_date": day,
        "involved": involved,
        "text": text,
        "subject_id": "c1",
        "event_types": ["seat_change"] if "siège" in text else [],
    }


def test_places_in_date_order_with_the_bracketed_former_residence() -> None:
    events = [
        _event("HR01-1", "2010-03-01", [{"id": "p1", "residence": "Adorf", "origin": "Bedorf"}]),
        _event(
            "HR02-2",
            "2015-06-01",
            [{"id": "p1", "residence": "Cedorf", "prev_residence": "Adorf", "origin": "Bedorf"}],
        ),
        _event(
            "HR02-3",
            "2019-01-10",
            [{"id": "p1", "residence": "Cedorf", "origin": "Bedorf und Dedorf"}],
        ),
    ]
    assert [p for p, _ in places(events, "p1", "residence")] == ["Adorf", "Cedorf"]
    origins = places(events, "p1", "origin")
    assert [(p, e["pub_number"]) for p, e in origins] == [
        ("Bedorf", "HR01-1"),
        ("Bedorf und Dedorf", "HR02-3"),
    ]


def test_the_head_of_a_move_notice_names_the_former_seat() -> None:
    assert head_seat("Beispiel Reisen Sàrl, à Adorf, CHE-111.222.333, société") == "Adorf"
    assert head_seat("Muster Technik GmbH, in Au (SG), CHE-111.222.334, Gesellschaft") == "Au (SG)"
    records: list[dict[str, Any]] = [
        {"record_type": "entity", "id": "c1", "name": "Beispiel Reisen Sàrl", "seat": "Bedorf"},
        {
            "record_type": "state",
            "attribute": "seat",
            "value": "Bedorf",
            "valid_from": "2026-02-02",
            "pub_number": "HR02-9",
            "pub_date": "2026-02-05",
            "pubs": ["HR02-9"],
        },
        _event(
            "HR02-9",
            "2026-02-02",
            [],
            "Beispiel Reisen Sàrl, à Adorf, CHE-111.222.333, "
            "société à responsabilité limitée. Nouveau siège: Bedorf.",
        ),
    ]
    f = Facts(records, "fr", {"HR02-9": "2026-02-05"})
    moved = head_move(f)
    assert moved is not None and moved[0] == "Adorf"
    text = "\n".join(seat_changes(f, Ask(cues=frozenset({"before"}))))
    assert "Bedorf" in text and "ancien siège: Adorf" in text and "HR02-9" in text


@pytest.mark.parametrize(
    ("question", "form", "seat", "words"),
    [
        ("Chi era presidente della fondazione di Faido nel 2013?", "0110", "Faido", ()),
        ("Wer ist Präsident der Stiftung in Basel?", "0110", "Basel", ()),
        ("Wer ist Präsident des Stiftungsrates der Stiftung in Adorf?", "0110", "Adorf", ()),
        ("Qui dirige la Sàrl de Sion ?", "0107", "Sion", ()),
        ("UID for the solar company in Roveredo GR?", None, "Roveredo", ("solar",)),
        ("Quel est le capital de la société anonyme de Lausanne ?", "0106", "Lausanne", ()),
        ("Wie hoch ist das Stammkapital der GmbH in Luzern?", "0107", "Luzern", ()),
        (
            "Es geht um die Kommanditgesellschaft in Baden mit Weinhandel.",
            "0104",
            "Baden",
            ("weinhandel",),
        ),
    ],
)
def test_a_company_described_by_form_and_seat(
    question: str, form: str | None, seat: str, words: tuple[str, ...]
) -> None:
    assert described(question) == Description(form, seat, words)


@pytest.mark.parametrize(
    "question",
    [
        "Di cosa si occupa la Nova Beispiel Sagl di Lugano?",  # a name before the form
        "Wann wurde die Zweigniederlassung der Muster AG in Adorf gelöscht?",
        "Who manages the Lugano branch of Alpenblick Holding AG?",  # a branch, not a seat
        "Wie viele Firmen in Zug?",
        "chi era il presidente del consiglio di fondazione di BETA nel 2012?",  # the board of BETA
    ],
)
def test_names_and_branches_are_no_descriptions(question: str) -> None:
    assert described(question) is None


def test_the_description_must_fit_one_company() -> None:
    rows = [
        {"record_type": "company", "id": "a", "name": "Sole Beispiel SA"},
        {"record_type": "company", "id": "b", "name": "Muster Solare SA"},
    ]
    assert pick(Description(None, "Adorf", ("solar",)), rows) == rows[1]
    assert pick(Description("0106", "Adorf", ()), rows) is None  # two SAs: cannot tell
    assert pick(Description(None, "Adorf", ()), rows[:1]) is None  # "the company in X" alone


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("quando la beispiel trasporti ha fatto l opting out?", "auditor"),
        ("Seit wann gilt bei der Muster AG der Verzicht auf die Revision?", "auditor"),
        ("qui presidait l'association beispiel en 2015 ?", "chair"),
        ("comite de l'association beispiel ?", "board_member"),
    ],
)
def test_role_words_of_waivers_tenses_and_committees(question: str, role: str) -> None:
    assert understand(question).role == role


def test_lower_case_names_keep_their_joiners_and_lose_the_elided_article() -> None:
    from graph_agent.planners.offline.mentions import lower_mentions

    found = lower_mentions("qui presidait l'association jazz aux monts-beispiel en mai 2015 ?")
    assert [m.text for m in found] == ["association jazz aux monts-beispiel"]
