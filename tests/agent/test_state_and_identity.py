"""The state of an entity at a time asked ("still registered in May 2005?"), who left a company,
a branch's kind, event names in the question's language, and the checks that keep a near name
from being answered as the one asked (another legal form, another given name). Fictitious names.
"""

from __future__ import annotations

from typing import ClassVar

import pytest

from graph_agent.answers import fate
from graph_agent.answers.common import shared_companies
from graph_agent.answers.entity_attributes import legal_form_answer
from graph_agent.answers.fact_events import share_structure
from graph_agent.answers.fact_record import Facts
from graph_agent.answers.facts import answer
from graph_agent.answers.mention_match import matches_mention
from graph_agent.answers.phrases import event_names
from graph_agent.answers.roles import has_role
from graph_agent.planners.offline.asks import Ask, understand
from graph_agent.planners.offline.list_filters import capital_in
from graph_agent.planners.offline.name_cuts import cut_variants
from graph_agent.planners.offline.name_words import names_something
from ingestion.graph.rows import event_types_of
from shabgraph.register.places import merged_places

REG, DISS, DEL = "ZEFIX-2001-03-06-700001", "ZEFIX-2004-05-07-700001", "ZEFIX-2005-06-20-700001"
DATES = {REG: "2001-03-06", DISS: "2004-05-07", DEL: "2005-06-20"}


def _event(pub: str, journal: str, types: list[str], text: str = "") -> dict[str, object]:
    return {"record_type": "event", "pub_number": pub, "pub_date": DATES[pub],
            "journal_date": journal, "event_types": types, "pubs": [pub], "text": text}  # fmt: skip


def _talweg(lang: str = "fr", *extra: dict[str, object]) -> Facts:
    records = [
        {"record_type": "entity", "id": "CH:1", "name": "Talweg SA", "anchor": True,
         "kind": "company", "status": "deleted", "legal_form": "0106"},
        _event(REG, "2001-03-01", ["registration"]),
        {"record_type": "state", "attribute": "dissolution", "valid_from": "2004-05-03",
         "value": '{"cause": "decision", "date": "2004-04-28"}', "pubs": [DISS]},
        _event(DISS, "2004-05-03", ["dissolution", "liquidation"]),
        _event(DEL, "2005-06-14", ["deletion"]),
        *extra,
    ]  # fmt: skip
    return Facts(records, lang, DATES)


def test_a_still_question_at_a_time_reads_status_and_the_time() -> None:
    ask = understand("En mai 2005, la Talweg SA existait-elle encore au registre ?")
    assert "status" in ask.facts and ask.has("still")
    assert (ask.date_from, ask.date_to) == ("2005-05-01", "2005-05-31")


def test_the_state_at_the_time_asked() -> None:
    still = Ask(facts=("status",), date_from="2005-05-01", date_to="2005-05-31",
                cues=frozenset({"still"}))  # fmt: skip
    [lead] = fate.status_on(_talweg(), still) or [""]
    assert lead.startswith("Oui : **Talweg SA** était encore inscrite")
    assert "(en liquidation depuis le 03.05.2004)" in lead
    assert "radiée que le 14.06.2005 / 20.06.2005" in lead
    gone = Ask(facts=("status",), as_of="2006-01-01", cues=frozenset({"still"}))
    assert (fate.status_on(_talweg("de"), gone) or [""])[0].startswith(
        "Nein: **Talweg SA** war damals schon gelöscht, am 14.06.2005 / 20.06.2005."
    )
    early = Ask(facts=("status",), as_of="1999-06-30", cues=frozenset({"still"}))
    assert "erst am 01.03.2001 / 06.03.2001 eingetragen" in fate.status_on(_talweg("de"), early)[0]
    assert fate.status_on(_talweg(), Ask(facts=("status",))) is None  # no time: the lifecycle


def test_a_state_question_without_still_describes_the_state() -> None:
    ask = Ask(facts=("status",), as_of="2004-12-31")
    [lead] = fate.status_on(_talweg("en"), ask) or [""]
    assert lead.startswith("**Talweg SA** was entered in the commercial register on 31.12.2004")
    assert not lead.startswith("Yes")


def _rey(*roles: dict[str, object]) -> list[dict[str, object]]:
    person = {"record_type": "entity", "id": "p:1", "name": "Kurt Keller", "anchor": True,
              "kind": "person", "given_names": "Kurt"}  # fmt: skip
    return [person, *roles]


def _role(company: str, valid_to: str | None) -> dict[str, object]:
    return {"record_type": "role", "direction": "out", "other_id": "CH:9", "other_name": company,
            "other_kind": "company", "role": "partner", "role_text": "Gesellschafter",
            "valid_from": "2001-03-01", "valid_to": valid_to, "pubs": [REG]}  # fmt: skip


@pytest.mark.parametrize(
    ("valid_to", "lead"),
    [
        ("2004-05-03", "**Kurt Keller** ist bei **Talweg AG** am 03.05.2004 ausgeschieden"),
        (None, "Nein: keine Meldung nennt ein Ausscheiden von **Kurt Keller** bei **Talweg AG**"),
    ],
)
def test_has_the_person_left_the_company(valid_to: str | None, lead: str) -> None:
    ask = understand("Ist Kurt Keller bei Talweg AG ausgeschieden?")
    assert ask.has("left")
    text, _, negative = answer(_rey(_role("Talweg AG", valid_to)), ask, "de", DATES, ["Talweg AG"])
    assert text.startswith(lead) and not negative


def test_further_mandates_of_a_person_with_one_company_say_no_first() -> None:
    ask = understand("Kurt Keller weitere Mandate")
    text, _, _ = answer(_rey(_role("Talweg AG", None)), ask, "de", DATES, [])
    assert text.startswith("Nein: **Kurt Keller** ist in den Meldungen nur bei **Talweg AG**")


def test_a_near_name_is_not_the_entity_asked() -> None:
    company = {"record_type": "entity", "name": "Talweg AG", "kind": "company",
               "legal_form": "0106", "seat": "Grindelwald-Wilderswil"}  # fmt: skip
    renamed = [{"record_type": "event", "text": "Talweg GmbH, in Thun, wird umgewandelt."}]
    assert not matches_mention("Fondation Talweg", company, [])
    assert not matches_mention("Talweg Sàrl", company, [])
    assert matches_mention("Talweg SA", company, [])  # SA is AG
    assert matches_mention("Talweg GmbH", company, renamed)  # its name before the conversion
    former = [{"record_type": "state", "attribute": "legal_form", "value": "0107"}]
    assert matches_mention("Talweg GmbH", company, former)  # a legal form it had
    assert matches_mention("Talweg Wilderswil", company, [])  # its seat's village
    assert not matches_mention("Kurt Muster", company, [])  # no person's name for a firm
    person = {"record_type": "entity", "name": "Kurt Keller", "kind": "person",
              "given_names": "Kurt"}  # fmt: skip
    assert not matches_mention("Ernesto Keller", person)
    assert matches_mention("Keller Kurt", person)
    assert matches_mention("Kurt Sommer", person)  # a former family name


def test_compound_changes_and_order_words() -> None:
    change = understand("Talweg AG Präsidentenwechsel")
    assert change.facts == ("changes",) and change.role == "chair"
    assert understand("Chi sono stati i presidenti della Talweg SA, in ordine?").has("over_time")
    assert understand("who's the boss at Talweg AG?").role == "managing_director"


def test_forms_in_the_plural_or_joined_to_an_event_name_nothing() -> None:
    assert not names_something("Stiftungen mit")
    assert not names_something("GmbH-Gründungen")
    assert names_something("Stiftung Talweg")
    ask = understand("GmbH-Gründungen 2016 – Liste?")
    assert ask.population and ask.facts == ("registered",)


def test_a_village_after_the_name_is_cut_when_the_name_does_not_link() -> None:
    assert "Talweg" in cut_variants("Talweg Wilderswil")


def test_merged_municipalities_are_one_origin() -> None:
    assert merged_places(frozenset({"berg"}), frozenset({"tal-berg"}))
    assert not merged_places(frozenset({"bern"}), frozenset({"thun"}))


def test_event_types_in_the_question_language() -> None:
    assert event_names("de", ["seat_change", "officer_change"]) == "Sitzverlegung, Personelles"
    assert event_names("fr", ["bankruptcy"]) == "faillite"
    assert event_names("it", ["unheard_of"]) == "unheard of"


def test_a_branch_is_said_to_be_one_of_its_head_office() -> None:
    f = Facts(
        [{"record_type": "entity", "id": "CH:2", "name": "Talweg AG", "anchor": True,
          "kind": "company"},
         {"record_type": "link", "relation": "HEAD_OFFICE_OF", "direction": "in",
          "other_id": "CH:3", "other_name": "Talweg AG", "other_place": "Thun", "pubs": [REG]}],
        "de", DATES,
    )  # fmt: skip
    assert legal_form_answer(f)[0].startswith(
        "**Talweg AG** ist eine **Zweigniederlassung** von **Talweg AG** (Thun)."
    )


def test_the_shares_at_a_time_come_from_a_notice_up_to_then() -> None:
    early = _event(REG, "2001-03-01", ["registration"], "Aktienkapital: CHF 200'000.00. "
                   "Aktien: 200 Namenaktien zu CHF 1'000.00.")  # fmt: skip
    late = _event(DEL, "2005-06-14", ["capital_change"], "Aktienkapital neu: CHF 400'000.00. "
                  "Aktien neu: 400 Namenaktien zu CHF 1'000.00.")  # fmt: skip
    f = _talweg("de", early, late)
    assert "400 Namenaktien" in share_structure(f)[0]
    assert "200 Namenaktien" in share_structure(f, Ask(as_of="2002-12-31"))[0]


class _Pub:
    def __init__(self, sub_rubric: str) -> None:
        self.sub_rubric = sub_rubric


class _Rec:
    events: ClassVar[list[str]] = ["bankruptcy"]


def test_a_notice_of_the_deletions_rubric_is_a_deletion() -> None:
    assert event_types_of(_Pub("HR03"), _Rec()) == ["deletion", "bankruptcy"]
    assert event_types_of(_Pub("HR02"), _Rec()) == ["bankruptcy"]


def test_former_names_merges_and_whole_histories_are_read() -> None:
    assert "names" in understand("Et son ancien nom ?").facts
    assert "names" in understand("Wie war der frühere Name der Talweg AG?").facts
    assert "mergers" in understand("When did Talweg AG merge with Sonne AG?").facts
    assert understand("Talweg Sàrl : de la création à la radiation").has("over_time")


def test_two_persons_without_a_shared_company_are_each_placed() -> None:
    def person(pid: str, name: str, company: str) -> list[dict[str, object]]:
        return [{"record_type": "entity", "id": pid, "name": name, "kind": "person",
                 "anchor": True},
                {"record_type": "role", "direction": "out", "other_id": f"CH:{pid}",
                 "other_name": company, "role": "board_member", "pubs": [REG]}]  # fmt: skip

    text, _, negative = shared_companies(
        "fr",
        person("p:1", "Kurt Keller", "Talweg AG"),
        person("p:2", "Ida Roth", "Sonne SA"),
        DATES,
    )
    assert negative and text.startswith("Les publications ne nomment aucune entité")
    assert "- **Kurt Keller**: **Talweg AG**" in text and "- **Ida Roth**: **Sonne SA**" in text


def test_an_amount_before_the_capital_word_filters_a_list() -> None:
    assert capital_in("which new gmbh started with chf 20,000 capital?") == 20000.0
    assert capital_in("au capital de chf 100 000") == 100000.0
    assert capital_in("ihr kapital 2020 erhoht") is None


def test_one_issue_of_the_gazette_is_a_list_of_notices() -> None:
    ask = understand("Was erschien im SHAB vom 04.05.2010?")
    assert ask.population and ask.as_of == "2010-05-04"


def test_the_clients_of_an_audit_firm_with_an_auditor_of_its_own() -> None:
    firm = [
        {"record_type": "entity", "id": "CH:7", "name": "Prüfwerk AG", "kind": "company",
         "anchor": True},
        {"record_type": "role", "direction": "in", "other_id": "CH:8", "other_name": "Revisor AG",
         "other_kind": "company", "role": "auditor", "role_text": "Revisionsstelle",
         "pubs": [REG]},
        {"record_type": "role", "direction": "out", "other_id": "CH:9", "other_name": "Talweg AG",
         "other_kind": "company", "role": "auditor", "role_text": "Revisionsstelle",
         "valid_from": "2001-03-01", "pubs": [REG]},
    ]  # fmt: skip
    ask = understand("Für welche Rechtseinheiten ist Prüfwerk AG Revisionsstelle?")
    assert ask.population and ask.role == "auditor"
    text, _, _ = answer(firm, ask, "de", DATES, [])
    assert "**Talweg AG**" in text and "Revisor AG" not in text


def test_a_limited_partner_is_a_partner() -> None:
    row = {"roles": ["limited_partner"], "role": "limited_partner"}
    assert has_role(row, "partner") and not has_role(row, "board_member")


def test_a_bare_when_keeps_who_left_and_a_holders_domicile_is_a_home() -> None:
    history = [{"question": "Who left the partnership of Talweg & Sonne?"}]
    ask = understand("When?", history)
    assert ask.inherited and ask.has("left")
    # "au départ" (at the start) then "et aujourd'hui ?": today's holders, not who left
    now = understand("et aujourd'hui ?", [{"question": "qui sont les associés au départ ?"}])
    assert not now.has("left")
    owner = understand("Titolare della ditta Talweg a Thun – nazionalità e domicilio?")
    assert owner.role == "owner" and owner.facts == ("nationality", "residence")
