"""Answer leads on fictional records: notice facts (balance sheet, share premium, liquidation
address), the fate of an entity, and yes/no change questions in the question's language."""

from __future__ import annotations

from typing import Any

import pytest

from graph_agent.answers.fact_draft import _register_word
from graph_agent.answers.fact_record import Facts
from graph_agent.answers.facts import answer, notice_first
from graph_agent.answers.fate import asks_yes_no, changed, fate
from graph_agent.planners.offline.asks import Ask, understand

Rec = dict[str, Any]


def _entity(status: str = "active", **kw: Any) -> Rec:
    return {
        "record_type": "entity",
        "id": "CHE-900.000.001",
        "kind": "company",
        "name": "Zedernholz Probe AG",
        "anchor": True,
        "status": status,
        "pubs": ["HR02-9000000001"],
        **kw,
    }


def _state(attr: str, value: str, start: str, end: str | None, pub: str) -> Rec:
    return {
        "record_type": "state",
        "attribute": attr,
        "value": value,
        "valid_from": start,
        "valid_to": end,
        "pub_number": pub,
        "pubs": [pub],
    }


def _event(pub: str, day: str, kinds: list[str], text: str = "", sub: str = "HR02") -> Rec:
    return {
        "record_type": "event",
        "pub_number": pub,
        "pub_date": day,
        "journal_date": day,
        "event_types": kinds,
        "sub_rubric": sub,
        "text": text,
        "pubs": [pub],
    }


BALANCE = '{"assets": 51234.5, "date": "2031-03-31", "interim": true, "liabilities": 40000.0}'


def test_balance_premium_and_liquidation_address_lead_the_answer() -> None:
    records = [
        _entity(status="in_liquidation"),
        _state("balance", BALANCE, "2031-05-02", None, "HR02-9000000002"),
        _state("share_premium", "12500.0", "2031-05-02", None, "HR02-9000000002"),
        _state("liquidation_address", "Föhrenweg 3, 9999 Probstadt", "2032-01-10", None, "HR02-9"),
        _state("address", "Tannenweg 1, 9999 Probstadt", "2030-01-01", None, "HR01-9000000000"),
    ]
    text, _used, negative = answer(records, Ask(facts=("balance",)), "de", {}, [])
    first = text.split("\n")[0]
    assert first.startswith("Die Zwischenbilanz von **Zedernholz Probe AG** per 31.03.2031")
    assert "Aktiven von **CHF 51'234.50**" in first and "CHF 40'000.00" in first
    assert "[HR02-9000000002]" in first and not negative
    text, _, _ = answer(records, Ask(facts=("capital", "share_premium")), "en", {}, [])
    assert text.startswith(
        "The share premium (Agio) of **Zedernholz Probe AG** is **CHF 12'500.00**"
    )
    text, _, _ = answer(records, Ask(facts=("address", "liquidation_address")), "fr", {}, [])
    assert text.startswith("L'adresse de liquidation de **Zedernholz Probe AG** est **Föhrenweg 3")
    assert "Tannenweg" not in text  # the liquidation address is the one asked
    # the address of a company in liquidation names its liquidation address too
    text, _, _ = answer(records, Ask(facts=("address",)), "it", {}, [])
    assert "Tannenweg 1" in text and "L'indirizzo di liquidazione" in text


def test_missing_notice_fact_is_an_honest_negative() -> None:
    text, _, negative = answer([_entity()], Ask(facts=("share_premium",)), "it", {}, [])
    assert text == (
        "Le pubblicazioni su **Zedernholz Probe AG** non indicano alcun aggio (sovrapprezzo)."
    )
    assert negative


def test_notice_facts_go_first() -> None:
    assert notice_first(["capital", "share_premium"]) == ["share_premium", "capital"]
    assert notice_first(["address", "liquidation_address"]) == ["liquidation_address"]
    assert notice_first(["seat", "capital"]) == ["seat", "capital"]


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        ("Wie hoch war das Agio bei der Kapitalerhöhung der Zedernholz Probe AG?", "share_premium"),
        ("Quelle est l'adresse de liquidation de Zedernholz Probe SA ?", "liquidation_address"),
        ("Cosa indicava il bilancio intermedio della Zedernholz Probe SA?", "balance"),
        ("Was ist aus der Zedernholz Probe AG geworden?", "happened"),
        ("Qu'est devenue Zedernholz Probe SA ?", "happened"),
        ("Che fine ha fatto la Zedernholz Probe SA?", "happened"),
        ("What has become of Zedernholz Probe Ltd?", "happened"),
    ],
)
def test_notice_fact_and_fate_words(question: str, facts: str) -> None:
    assert facts in understand(question).facts


def test_fate_of_a_merged_company_names_the_absorbing_one() -> None:
    f = Facts(
        [
            _entity(status="deleted"),
            _event("HR03-9000000003", "2033-06-01", ["deletion", "merger"], sub="HR03"),
            {
                "record_type": "link",
                "relation": "MERGED_INTO",
                "direction": "out",
                "other_name": "Lärchenholz Probe AG",
                "other_place": "Probstadt",
                "pubs": ["HR03-9000000003"],
            },
        ],
        "de",
        {},
    )
    assert fate(f) == [
        "**Zedernholz Probe AG** wurde am 01.06.2033 gelöscht: durch Fusion von "
        "**Lärchenholz Probe AG (Probstadt)** übernommen. [HR03-9000000003]"
    ]


def test_fate_of_an_active_renamed_company() -> None:
    f = Facts(
        [
            _entity(),
            _event("HR01-9000000000", "2030-01-01", ["registration"], sub="HR01"),
            _event("HR02-9000000004", "2034-02-02", ["name_change"]),
            _state("name", "Zedern Probe AG", "2030-01-01", "2034-02-02", "HR01-9000000000"),
            _state("name", "Zedernholz Probe AG", "2034-02-02", None, "HR02-9000000004"),
        ],
        "en",
        {},
    )
    lead = fate(f)[0]
    assert lead.startswith("**Zedernholz Probe AG** is still registered (active); latest notice")
    assert "Since 02.02.2034 it is named **Zedernholz Probe AG**." in lead


def test_fate_of_a_company_deleted_after_liquidation() -> None:
    f = Facts(
        [
            _entity(status="deleted"),
            _event("HR03-9000000005", "2035-09-09", ["deletion"], sub="HR03"),
            _state("deletion_reason", "liquidation_completed", "2035-09-09", None, "HR03-9"),
        ],
        "fr",
        {},
    )
    assert fate(f)[0] == (
        "**Zedernholz Probe AG** a été radiée le 09.09.2035 (liquidation terminée)."
        " [HR03-9000000005]"
    )


@pytest.mark.parametrize(
    ("question", "lang", "yes_no"),
    [
        ("Il capitale è mai cambiato?", "it", True),
        ("L'adresse a-t-elle changé depuis l'inscription ?", "fr", True),
        ("Hat die Firma seit der Gründung den Sitz gewechselt?", "de", True),
        ("Has the purpose ever changed since it was registered?", "en", True),
        ("Wann hat sich der Sitz geändert?", "de", False),
        ("Quand le siège a-t-il changé ?", "fr", False),
        ("Quando è cambiato il capitale?", "it", False),
        ("Zeig mir alle Sitzwechsel der Firma", "de", False),
    ],
)
def test_yes_no_questions(question: str, lang: str, yes_no: bool) -> None:
    assert asks_yes_no(question, lang) is yes_no


def test_change_question_answers_yes_or_no_first() -> None:
    records = [
        _entity(registered_on="2030-01-01"),
        _state("seat", "Probstadt", "2030-01-01", "2036-04-04", "HR01-9000000000"),
        _state("seat", "Musterau", "2036-04-04", None, "HR02-9000000006"),
        _state("purpose", "Holzhandel.", "2030-01-01", None, "HR01-9000000000"),
        {
            "record_type": "role",
            "direction": "in",
            "role": "chair",
            "roles": ["chair"],
            "other_name": "Lea Probe",
            "valid_from": "2030-01-01",
            "valid_to": None,
            "pubs": ["HR01-9000000000"],
        },
    ]
    f = Facts(records, "de", {})
    assert changed(f, "seat", Ask(facts=("seat", "changes"))) == (
        "**Ja**: Die Meldungen zu **Zedernholz Probe AG** zeigen eine Änderung (Sitz), "
        "zuletzt am 04.04.2036. [HR02-9000000006]"
    )
    f = Facts(records, "it", {})
    assert changed(f, "purpose", Ask(facts=("purpose", "changes"))) == (
        "**No**: le pubblicazioni su **Zedernholz Probe AG** non mostrano alcun cambiamento "
        "(scopo) dall'iscrizione (01.01.2030). [HR01-9000000000]"
    )
    f = Facts(records, "en", {})
    lead = changed(f, "role", Ask(facts=("role", "changes"), role="chair"))
    assert lead is not None and lead.startswith("**No**: the notices on **Zedernholz Probe AG**")


def test_register_words_are_no_names() -> None:
    assert _register_word("Gründung") and _register_word("Löschung")
    assert not _register_word("Zedernholz") and not _register_word("Probe AG")


def test_uid_answer_dates_the_switch_from_the_old_number() -> None:
    from graph_agent.answers.entity_attributes import entity_uid

    f = Facts(
        [
            _entity(uid="CHE-900.000.001"),
            _event(
                "ZEFIX-9001",
                "2012-03-01",
                ["officer_change"],
                "Probe AG, in Probstadt, "
                "CH-999.3.000.111-2, Aktiengesellschaft (SHAB Nr. 1). Neu: ...",
            ),
            _event(
                "ZEFIX-9002",
                "2014-05-06",
                ["address_change"],
                "Probe AG, in Probstadt, "
                "CHE-900.000.001, Aktiengesellschaft (SHAB Nr. 2). Domizil neu: ...",
            ),
        ],
        "en",
        {},
    )
    lines = entity_uid(f)
    assert lines[1] == (
        "- The UID first appears in the notice of 06.05.2014; the old register number last in "
        "the notice of 01.03.2012. [ZEFIX-9002; ZEFIX-9001]"
    )


def test_liquidation_address_asked_after_the_liquidator() -> None:
    records = [
        _entity(status="in_liquidation"),
        _state("liquidation_address", "Föhrenweg 3, 9999 Probstadt", "2032-01-10", None, "HR02-9"),
    ]
    ask = Ask(facts=("liquidation_address",), role="liquidator", inherited=True)
    text, _, _ = answer(records, ask, "en", {}, [])
    assert text.startswith("The liquidation address of **Zedernholz Probe AG** is **Föhrenweg 3")
    assert "liquidation_address" in understand("and where was the liquidation run from?").facts


def test_deletion_sentence_of_an_unsplit_old_notice() -> None:
    from graph_agent.answers.fact_text import sentence_with

    text = (
        "Probe SA, in Probstadt, "
        + "commercio di legname e di merci di ogni genere, " * 12
        + "società anonima (FUSC no. 1 del 2. 1. 2000, pagina 1). Questa ragione sociale è "
        "cancellata avendo le autorità fiscali dato il loro consenso."
    )
    found = sentence_with(text, ("cancellata",), 300)
    assert found is not None and found.startswith("… ")
    assert found.endswith("è cancellata avendo le autorità fiscali dato il loro consenso.")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "registered: Lea Probe (managing director «les deux gérants»)"),
        ("de", "eingetragen: Lea Probe (Geschäftsführer/in «les deux gérants»)"),
    ],
)
def test_notice_entries_speak_the_question_language(lang: str, line: str) -> None:
    from graph_agent.answers.fact_events import changes_in
    from graph_agent.answers.phrases import role_name

    e = _event("HR01-9000000000", "2030-01-01", ["registration"])
    e["involved"] = [
        {
            "id": "p:1",
            "name": "Lea Probe",
            "action": "registered",
            "role": "managing_director",
            "role_text": "les deux gérants",
        }
    ]
    f = Facts([_entity(), e], lang, {})
    assert role_name(lang, "managing_director") in line
    assert changes_in(f, e) == [line]


def test_share_structure_states_the_transfer_restriction() -> None:
    from graph_agent.answers.fact_events import share_structure

    e = _event(
        "HR02-9000000007",
        "2037-01-01",
        ["capital_change"],
        "Zedernholz Probe AG, in Probstadt, CHE-900.000.001, Aktiengesellschaft. "
        "Aktienkapital neu: CHF 100'000.00 [bisher: CHF 50'000.00]. Aktien neu: 1'000 "
        "Namenaktien zu CHF 100.00. Die Übertragbarkeit der Namenaktien ist nach Massgabe "
        "der Statuten beschränkt.",
    )
    lines = share_structure(Facts([_entity(), e], "de", {}))
    assert len(lines) == 2, lines
    assert lines[1] == (
        "- Die Übertragbarkeit der Namenaktien ist nach Massgabe der Statuten beschränkt."
        " [HR02-9000000007]"
    )


def test_what_was_struck_in_a_year_of_an_entity_not_deleted() -> None:
    e = _event(
        "HR02-9000000008",
        "2038-03-03",
        ["capital_change"],
        "Zedernholz Probe SA, à Probstadt, CHE-900.000.001. Capital-actions: CHF 120'000. "
        "Les indications relatives à l'apport en nature sont radiées. Statuts modifiés.",
    )
    ask = Ask(facts=("deleted",), date_from="2038-01-01", date_to="2038-12-31")
    text, _, negative = answer([_entity(), e], ask, "fr", {}, [])
    assert text == (
        "Radié ou biffé dans les publications sur **Zedernholz Probe AG** (2038) : Les "
        "indications relatives à l'apport en nature sont radiées. [HR02-9000000008]"
    )
    assert not negative


@pytest.mark.parametrize(
    ("segment", "found"),
    [
        (
            "Probe, Lea, von Probstadt, in Musterau, Kommanditärin mit einer Kommanditsumme von "
            "CHF 40'000.00; ",
            "Kommanditärin mit einer Kommanditsumme von CHF 40'000.00",
        ),
        (
            "Probe, Lea, de Probstadt, à Musterau, commanditaire pour CHF 40'000; ",
            "commanditaire pour CHF 40'000",
        ),
        ("Probe, Lea, von Probstadt, Gesellschafterin mit Einzelunterschrift; ", None),
    ],
)
def test_limited_partner_sum_is_a_share_of_the_holder(segment: str, found: str | None) -> None:
    from graph_agent.answers.fact_text import shares_in

    assert shares_in(segment) == found
    assert "shares" in understand("Kommanditsumme von Lea Probe bei der Probe & Co.?").facts
