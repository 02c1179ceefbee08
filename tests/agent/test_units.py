"""Pure functions of the agent: slots, router rules, linking, reflection, aspects, prompts."""

from __future__ import annotations

import pytest

from graph_agent.answers.aspects import select_records
from graph_agent.planners.llm import prompts as P
from graph_agent.planners.llm.phrasing import citations_kept
from graph_agent.planners.offline.date_words import find_full_date, find_period
from graph_agent.planners.offline.linking import choose
from graph_agent.planners.offline.planner import inherit_slots, pick_focus
from graph_agent.planners.offline.router import classify
from graph_agent.planners.offline.slots import candidate_spans, fill_slots, fold
from graph_agent.reflection import choose_form, reflect
from graph_agent.result import EntityRef
from graph_agent.state import AblationSwitches, Slots, ToolCall


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Wer sitzt im Verwaltungsrat der Muster AG?", "de"),
        ("Quelles sont les succursales de la société ?", "fr"),
        ("Chi sono i soci della ditta?", "it"),
        ("Who is on the board of the company?", "en"),
    ],
)
def test_language(question: str, lang: str) -> None:
    assert fill_slots(question).language == lang


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("on 1 March 2021", "2021-03-01"),
        ("am 1. März 2021", "2021-03-01"),
        ("le 1er mars 2021", "2021-03-01"),
        ("al 1 marzo 2021", "2021-03-01"),
        ("am 1.3.2021", "2021-03-01"),
        ("as of 2021-03-01", "2021-03-01"),
        ("March 1, 2021", "2021-03-01"),
        ("am 31.2.2021", None),
    ],
)
def test_full_dates(text: str, iso: str | None) -> None:
    assert find_full_date(fold(text)) == iso


def test_periods() -> None:
    assert find_period("in 2021") == ("2021-01-01", "2021-12-31")
    assert find_period("between 2019 and 2021") == ("2019-01-01", "2021-12-31")
    assert find_period("seit 2020") == ("2020-01-01", None)
    assert find_period("no year") == (None, None)


def test_spans_skip_keywords_and_keep_connectors() -> None:
    assert candidate_spans("Wer sitzt im Verwaltungsrat der Muster Treuhand AG?") == [
        "Muster Treuhand AG"
    ]
    assert candidate_spans("Chi è Anna Meier di Genève?") == ["Anna Meier di Genève", "Anna Meier"]
    assert candidate_spans('Hauptsitz von "Beta AG, Filiale Bern"?')[0] == "Beta AG, Filiale Bern"
    assert candidate_spans("et ses succursales ?") == []
    # "SA" after a name is its legal form (the keyword list has the possessive "sa")
    assert candidate_spans(
        "Quand la société Ionensto Conseil SA, en liquidation a-t-elle transféré son siège ?"
    )[:2] == ["Ionensto Conseil SA, en liquidation", "Ionensto Conseil SA"]
    assert (
        fill_slots("Quand Ionensto Conseil SA, en liquidation a-t-elle déménagé ?").event_type
        is None
    )


def test_slots_of_a_macro_question() -> None:
    s = fill_slots("Wie viele Konkurse gab es im Kanton Luzern 2023?")
    assert (s.event_type, s.canton, s.date_from, s.date_to) == (
        "bankruptcy",
        "LU",
        "2023-01-01",
        "2023-12-31",
    )
    top = fill_slots("Die 3 Firmen mit dem grössten Kapital")
    assert (top.metric, top.limit) == ("capital", 3)


@pytest.mark.parametrize(
    ("question", "intent", "task"),
    [
        ("How many companies went bankrupt in 2021?", "macro_analytics", "count"),
        ("Quante società sono state iscritte nel 2019?", "macro_analytics", "count"),
        ("Top 5 companies by capital", "macro_analytics", "top"),
        ("Welche Meldungen erwähnen Konkursgericht?", "deep_text", "text"),
        ("Historique de Beta SA", "event_history", "history"),
        ("Wer war vorher Präsident?", "network_exploration", "network"),
        ("Quali sono le succursali di Beta SA?", "network_exploration", "network"),
        ("Who is Hans Muster?", "entity_disambiguation", "lookup"),
        ("Beta AG", "entity_disambiguation", "lookup"),
        ("hmm", "all", "any"),
    ],
)
def test_router_rules(question: str, intent: str, task: str) -> None:
    slots = fill_slots(question)
    got_intent, got_task, reason = classify(fold(question), slots, has_focus=False)
    assert (got_intent, got_task) == (intent, task), reason
    assert reason


def test_linking_accepts_misspelling_and_detects_homonyms() -> None:
    rec = {
        "id": "c1",
        "kind": "company",
        "name": "Alpha AG",
        "score": 88.0,
        "reason": "name fuzzy 'Alpha AG'",
    }
    seat_only = {
        "id": "c2",
        "kind": "company",
        "name": "Zug Holding",
        "score": 60.0,
        "reason": "seat words 'Zug'",
    }
    ent, ties, _ = choose("Alpah AG", "Who is Alpah AG?", [rec, seat_only])
    assert ent and ent.id == "c1" and not ties
    a = {
        "id": "p:1",
        "kind": "person",
        "name": "Anna Meier",
        "score": 100.0,
        "reason": "name exact 'Anna Meier'",
        "origin": "Bern",
    }
    b = {**a, "id": "p:2", "origin": "Genève"}
    ent, ties, why = choose("Anna Meier", "Qui est Anna Meier ?", [a, b])
    assert ent is None and {t.id for t in ties} == {"p:1", "p:2"} and "homonyms" in why
    ent, ties, _ = choose("Anna Meier", "Qui est Anna Meier de Genève ?", [a, b])
    assert ent and ent.id == "p:2"
    assert choose("Zug", "Zug?", [seat_only])[0] is None


def test_reflection_decisions() -> None:
    sw = AblationSwitches()
    ev = [{"round": 1, "tool": "explore_network", "outcome": "evidence", "rows": 3}]
    empty = [{"round": 1, "tool": "search_companies", "outcome": "empty", "rows": 0}]
    assert reflect(ev, 1, 4, sw, complete=True)[0] == "finish"
    assert reflect(empty, 1, 4, sw, complete=True)[0] == "continue"
    assert reflect(empty, 4, 4, sw, complete=True)[0] == "finish"
    assert reflect(empty, 1, 4, AblationSwitches(no_reflection=True), complete=True)[0] == "finish"
    fatal = [{"round": 1, "tool": "x", "outcome": "error", "message": "Neo4j is unreachable"}]
    assert reflect(fatal, 1, 4, sw, complete=True) == (
        "finish",
        "x=error(0): the database is unreachable",
    )


def test_synthesis_state_machine() -> None:
    ev = lambda tool: [{"tool": tool, "outcome": "evidence"}]  # noqa: E731
    assert (
        choose_form("count", None, ev("count_entities_by_event"), False, False, None)[0] == "count"
    )
    assert choose_form("top", None, ev("get_top_entities"), False, False, None)[0] == "table"
    assert choose_form("history", None, ev("get_node_history"), True, False, None)[0] == "timeline"
    assert choose_form("lookup", None, ev("search_companies"), True, False, None)[0] == "dossier"
    assert choose_form("network", None, ev("explore_network"), True, False, None)[0] == "network"
    assert choose_form("network", "board", ev("explore_network"), True, False, None)[0] == "table"
    assert (
        choose_form(
            "network", None, [{"tool": "explore_network", "outcome": "empty"}], True, False, None
        )[0]
        == "negative"
    )
    assert choose_form("lookup", None, ev("search_companies"), False, True, None)[0] == "table"
    assert choose_form("lookup", None, [], False, False, "boom")[0] == "error"


def _role(frm: str, to: str, role: str, valid_to: str | None = None) -> dict[str, object]:
    return {
        "rel": "HOLDS_ROLE",
        "branch": "structure",
        "hop": 1,
        "from_id": frm,
        "from_name": frm,
        "from_kind": "person",
        "to_id": to,
        "to_name": to,
        "to_kind": "company",
        "roles": [role],
        "role": role,
        "valid_to": valid_to,
        "pubs": ["HR01-1"],
    }


def test_aspect_selection() -> None:
    co = EntityRef(id="C", kind="company", name="C")
    rows = [
        _role("p1", "C", "chair"),
        _role("p2", "C", "board_member", "2020-01-01"),
        {
            "rel": "HEAD_OFFICE_OF",
            "branch": "structure",
            "hop": 1,
            "from_id": "C",
            "from_name": "C",
            "to_id": "B",
            "to_name": "B",
            "to_kind": "company",
            "pubs": [],
        },
    ]
    board = select_records(rows, co, Slots(aspect="board"))
    assert [r["name"] for r in board] == ["p1"]
    assert [r["name"] for r in select_records(rows, co, Slots(aspect="board", past=True))] == ["p2"]
    assert [r["name"] for r in select_records(rows, co, Slots(aspect="branches"))] == ["B"]
    assert select_records(rows, co, Slots(aspect="head_office")) == []
    person = EntityRef(id="p1", kind="person", name="p1")
    assert [r["name"] for r in select_records(rows, person, Slots(aspect="mandates"))] == ["C"]
    assert select_records(rows, person, Slots(aspect="mandates", other=True), {"C"}) == []


def test_memory_rules() -> None:
    co = EntityRef(id="C", kind="company", name="C")
    pe = EntityRef(id="P", kind="person", name="P")
    assert pick_focus([co, pe], Slots(aspect="mandates"))[0] == pe
    assert pick_focus([pe, co], Slots(aspect="branches"))[0] == co
    assert pick_focus([], Slots())[0] is None
    slots, why = inherit_slots(
        Slots(follow_up=True, past=True), [{"aspect": "board", "role": "partner"}]
    )
    assert (slots.aspect, slots.role) == ("board", "partner") and why
    unchanged, _ = inherit_slots(Slots(follow_up=True, spans=["Beta AG"]), [{"aspect": "board"}])
    assert unchanged.aspect is None


def test_prompt_placeholders_are_all_filled() -> None:
    for name in (
        "ROUTER_SYSTEM",
        "ROUTER_USER",
        "ACT_SYSTEM",
        "ACT_USER",
        "SYNTH_SYSTEM",
        "SYNTH_USER",
    ):
        template = getattr(P, name)
        values = {k: f"<{k}>" for k in P.placeholders(template)}
        text = P.render(template, **values)
        assert all(f"<{k}>" in text for k in values) and "{" not in text.replace("{{", "")
        if values:
            with pytest.raises(KeyError):
                P.render(template)
    assert set(P.FORM_RULES) >= {"table", "dossier", "timeline", "network", "count", "negative"}


def test_llm_synthesis_citation_guard() -> None:
    draft = "- Alpha AG [HR01-1900000001, 2015-03-10]"
    assert citations_kept(draft, "Alpha AG was registered [HR01-1900000001, 2015-03-10].")[0]
    assert not citations_kept(draft, "Alpha AG was registered.")[0]
    assert not citations_kept(draft, "Alpha AG [HR02-1900000099].")[0]


def test_linking_prefers_the_exact_full_name() -> None:
    sa = {
        "id": "c1",
        "kind": "company",
        "name": "Siltech SA",
        "score": 100.0,
        "reason": "name exact 'Siltech SA'",
    }
    sagl = {
        "id": "c2",
        "kind": "company",
        "name": "Siltech Sagl in liquidazione",
        "score": 100.0,
        "reason": "name exact 'Siltech Sagl in liquidazione'",
    }
    ent, ties, why = choose(
        "Siltech Sagl in liquidazione",
        "Storia di Siltech Sagl in liquidazione",
        [sa, {**sa, "id": "c3"}, sagl],
    )
    assert ent and ent.id == "c2" and not ties and "exact full name" in why


# --- answer language of attribute lines, labels and the homonym survey -------------------------

_HISTORY = [
    {
        "record_type": "event",
        "pub_number": "HR01-1",
        "pub_date": "2013-06-03",
        "journal_date": "2013-05-29",
        "event_types": ["registration"],
        "sub_rubric": "HR01",
    },
    {
        "record_type": "event",
        "pub_number": "HR02-2",
        "pub_date": "2019-10-07",
        "journal_date": "2019-10-02",
        "event_types": ["seat_change", "name_change"],
    },
    {
        "record_type": "state",
        "attribute": "seat",
        "value": "Locarno",
        "valid_from": "2013-05-29",
        "valid_to": "2019-10-02",
        "pubs": ["HR01-1"],
    },
]
_DATES = {"HR01-1": "2013-06-03", "HR02-2": "2019-10-07"}
_ENGLISH = ("registered on", "published", "seat moved", "former seat", "is today called")


@pytest.mark.parametrize(
    ("lang", "registered", "moved", "former"),
    [
        (
            "de",
            "eingetragen am 2013-05-29 (publiziert am 2013-06-03)",
            "Sitz verlegt am 2019-10-02",
            "früherer Sitz (2013-05-29 – 2019-10-02): Locarno",
        ),
        (
            "fr",
            "inscrite le 2013-05-29 (publiée le 2013-06-03)",
            "siège transféré le 2019-10-02",
            "ancien siège (2013-05-29 – 2019-10-02): Locarno",
        ),
        (
            "it",
            "iscritta il 2013-05-29 (pubblicata il 2013-06-03)",
            "sede trasferita il 2019-10-02",
            "sede precedente (2013-05-29 – 2019-10-02): Locarno",
        ),
        (
            "en",
            "registered on 2013-05-29 (published 2013-06-03)",
            "seat moved on 2019-10-02",
            "former seat (2013-05-29 – 2019-10-02): Locarno",
        ),
    ],
)
def test_attribute_lines_follow_the_language(
    lang: str, registered: str, moved: str, former: str
) -> None:
    from graph_agent.answers.attributes import attribute_lines

    reg = attribute_lines("registered", _HISTORY, None, False, _DATES, lang)
    seat = attribute_lines("seat", _HISTORY, None, True, _DATES, lang)
    assert reg == [f"- {registered} [HR01-1, 2013-06-03]"]
    assert seat[0].startswith(f"- {moved}") and seat[0].endswith("[HR02-2, 2019-10-07]")
    assert seat[1] == f"- {former} [HR01-1, 2013-06-03]"
    if lang != "en":
        assert not any(w in line for line in reg + seat for w in _ENGLISH), reg + seat


@pytest.mark.parametrize(
    ("lang", "on", "label"),
    [
        ("de", "am 2018-05-01", "Kapital"),
        ("fr", "au 2018-05-01", "capital"),
        ("it", "al 2018-05-01", "capitale"),
        ("en", "on 2018-05-01", "capital"),
    ],
)
def test_state_on_a_day_follows_the_language(lang: str, on: str, label: str) -> None:
    from graph_agent.answers.attributes import attribute_lines

    rows = [
        {
            "record_type": "state",
            "attribute": "capital",
            "value": 1e6,
            "valid_from": "2017-01-01",
            "valid_to": None,
            "pubs": ["HR01-1"],
        }
    ]
    lines = attribute_lines("capital", rows, "2018-05-01", False, _DATES, lang)
    assert lines == [f"- {label} ({on}): CHF 1'000'000.00 [HR01-1, 2013-06-03]"]


@pytest.mark.parametrize("lang", ["de", "fr", "it", "en"])
def test_current_name_and_seat_are_cited(lang: str) -> None:
    from graph_agent.answers.attributes import attribute_lines
    from graph_agent.answers.labels import say
    from graph_agent.planners.offline.attribute_words import detect_attribute

    rows = [
        {
            "record_type": "state",
            "attribute": a,
            "value": v,
            "valid_from": "2019-10-02",
            "valid_to": None,
            "pubs": ["HR02-2"],
        }
        for a, v in (("name", "Ticino Verde Sagl"), ("seat", "Bellinzona"))
    ]
    lines = attribute_lines(
        "current", rows, "2026-01-01", False, _DATES, lang, "Verde Giardini Sagl"
    )
    lead = say(
        lang, "today", old="Verde Giardini Sagl", name="Ticino Verde Sagl", seat="Bellinzona"
    )
    assert lines[0] == f"- {lead} [HR02-2, 2019-10-07]"
    assert all("[HR02-2, 2019-10-07]" in line for line in lines) and len(lines) == 3
    assert detect_attribute(fold("what was it called before")) != "current"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Wie heisst die frühere Verde Giardini Sagl heute und wo ist ihr Sitz?", "de"),
        (
            "Comment s'appelle aujourd'hui l'ancienne Verde Giardini Sagl et où est son siège ?",
            "fr",
        ),
        ("Come si chiama oggi l'ex Verde Giardini Sagl e dove ha sede?", "it"),
        ("What is the former Verde Giardini Sagl called today, and where is it based?", "en"),
    ],
)
def test_former_name_today_asks_for_the_current_state(question: str, lang: str) -> None:
    slots = fill_slots(question)
    assert (slots.language, slots.attribute, slots.past) == (lang, "current", False)
    assert slots.spans[0] == "Verde Giardini Sagl"  # elisions (s', l', aujourd'hui) quote nothing


@pytest.mark.parametrize("lang", ["de", "fr", "it"])
def test_dossier_and_table_labels_follow_the_language(lang: str) -> None:
    from graph_agent.answers import templates as tpl
    from graph_agent.answers.labels import LABELS

    entity = EntityRef(id="c1", kind="company", name="Muster AG")
    rec = {"uid": "CHE-100.000.001", "seat": "Bern", "legal_form_label": "AG", "pubs": ["HR01-1"]}
    text = tpl.dossier(lang, entity, rec, _DATES)
    assert f"- {LABELS[lang]['seat']}: Bern [HR01-1, 2013-06-03]" in text
    assert "legal form" not in text
    head = tpl.table([rec], _DATES, lang=lang).splitlines()[0]
    assert LABELS[lang]["sources"] in head and LABELS[lang]["seat"] in head


def _hit(ident: str, name: str, reason: str, uid: str | None = None) -> dict[str, object]:
    return {
        "id": ident,
        "kind": "company",
        "name": name,
        "uid": uid,
        "score": 100.0,
        "strength": "strong" if uid else "weak",
        "reason": reason,
    }


def test_weak_mention_of_a_former_name_links_the_registered_company() -> None:
    weak = [
        _hit("wc:1", "Coriris Gastro GmbH", "name exact 'Coriris Gastro GmbH'"),
        _hit("wc:2", "Coriris Gastro GmbH", "name exact 'Coriris Gastro GmbH'"),
    ]
    branch = _hit(
        "CHE-1",
        "Coriris Gastro GmbH, Zweigniederlassung Wil SG",
        "name contained 'Coriris Gastro GmbH, Zweigniederlassung Wil SG'",
        "CHE-1",
    )
    renamed = _hit("CHE-2", "Tamra Gastro AG", "alias exact 'Coriris Gastro GmbH'", "CHE-2")
    ent, homonyms, why = choose(
        "Coriris Gastro GmbH",
        "Wie heisst die frühere Coriris Gastro GmbH heute?",
        [*weak, branch, renamed],
    )
    assert ent is not None and ent.id == "CHE-2" and not homonyms, why
    # Two registered companies once bore that name: no guess, the namesakes stay open.
    other = _hit("CHE-3", "Coriris Bau AG", "alias exact 'Coriris Gastro GmbH'", "CHE-3")
    ent, _, _ = choose("Coriris Gastro GmbH", "?", [*weak, renamed, other])
    assert ent is None


def test_exact_former_name_beats_a_fuzzy_current_name() -> None:
    fuzzy = {
        **_hit("CHE-1", "Kaselux Bau AG", "name fuzzy 'Kaselux Bau AG'", "CHE-1"),
        "score": 95.2,
    }
    renamed = {
        **_hit("CHE-2", "Bau Silitix GmbH", "alias exact 'Kaslux Bau GmbH'", "CHE-2"),
        "score": 95.0,
    }
    ent, _, why = choose(
        "Kaslux Bau GmbH", "Wie heisst die frühere Kaslux Bau GmbH heute?", [fuzzy, renamed]
    )
    assert ent is not None and ent.id == "CHE-2", why


# --- question understanding for fact questions (issue 15): names, facts, roles, time


def test_mentions_cut_role_words_places_and_possessives() -> None:
    from graph_agent.planners.offline.mentions import cut_variants, mentions

    def texts(q: str) -> list[str]:
        return [m.text for m in mentions(q)]

    assert texts("Wer sitzt im VR der Gletscher Werke AG?") == ["Gletscher Werke AG"]
    assert texts("Who is Morgenrot Holding's current auditor?") == ["Morgenrot Holding"]
    first = mentions("Di cosa si occupa la Sole Verde Sagl di Bellinzona?")[0]
    assert (first.text, first.org, first.place) == ("Sole Verde Sagl", True, "Bellinzona")
    assert texts("qui était président d'ALPINA en 2004 ?") == ["ALPINA"]
    assert texts("Is Nordwind Consulting Sàrl of Sion still active?")[0].startswith("Nordwind")
    assert cut_variants("Nordwind Consulting Sàrl of Sion") == ["Nordwind Consulting Sàrl"]
    assert cut_variants("Stiftung Bergsicht Chur") == []  # no legal form before the place
    assert "Morgenrot Stiftung" in cut_variants("Morgenrot Stiftung Basel")


def test_asks_read_fact_role_and_time_in_four_languages() -> None:
    from graph_agent.planners.offline.asks import understand

    a = understand("Wer war am 3. März 2011 Vizepräsident der Gletscher Werke AG?")
    assert (a.role, a.as_of) == ("vice_chair", "2011-03-03")
    b = understand("Qui était l'organe de révision de Gletscher Werke AG en 2008 ?")
    assert (b.role, b.date_from, b.date_to) == ("auditor", "2008-01-01", "2008-12-31")
    c = understand("Chi era il gerente della Sole Verde Sagl nel 2012?")
    assert (c.role, c.date_from) == ("managing_director", "2012-01-01")
    d = understand("Welche Domiziladresse hatte die Gletscher Werke AG im Jahr 2002?")
    assert d.main == "address" and d.date_to == "2002-12-31"
    e = understand("What changed at Gletscher Werke AG in August 2019?")
    assert "changes" in e.facts and (e.date_from, e.date_to) == ("2019-08-01", "2019-08-31")
    f = understand("Wie viele Stammanteile hält jeder Gesellschafter der Sole Verde GmbH?")
    assert f.main == "shares" and f.role == "partner"
    g = understand("Qui a reçu la signature collective à deux chez Nordwind SA ?")
    assert g.signature == "collective" and g.main == "signature"


def test_follow_ups_keep_fact_and_role() -> None:
    from graph_agent.planners.offline.asks import understand

    history = [{"question": "Welche Revisionsstelle hat die Gletscher Werke AG?"}]
    a = understand("und seit wann?", history)
    assert a.role == "auditor" and a.inherited and a.has("since_when")
    history = [{"question": "Wer ist Präsident der Gletscher Werke AG?"}]
    b = understand("Et son domicile ?", history)
    assert b.facts == ("residence",) and b.role == "chair"
    c = understand("Und wer folgte auf Otto Beispiel?", history)
    assert c.role == "chair" and c.has("successor")


def _entry(
    name: str, role: str, start: str | None, end: str | None, ident: str
) -> dict[str, object]:
    return {
        "record_type": "role",
        "direction": "in",
        "other_id": ident,
        "other_name": name,
        "other_kind": "person",
        "role": role,
        "roles": [role],
        "valid_from": start,
        "valid_to": end,
    }


def test_role_selection_by_time_name_and_succession() -> None:
    from graph_agent.answers.roles import same_person, select
    from graph_agent.planners.offline.asks import understand

    rows = [
        _entry("Otto Beispiel", "chair", "2001-02-01", "2009-05-04", "p1"),
        _entry("Vera Muster", "chair", "2009-05-04", None, "p2"),
        _entry("Ida Probe", "board_member", "2003-01-10", "2009-05-04", "p3"),
        _entry("Ida Probe", "vice_chair", "2009-05-04", None, "p3"),
    ]
    on_day, how = select(rows, understand("Wer war am 1.1.2005 Präsident der X AG?"), "in", [])
    assert [r["other_name"] for r in on_day] == ["Otto Beispiel"] and how == "on"
    now, _ = select(rows, understand("Wer ist heute Präsident der X AG?"), "in", [])
    assert [r["other_name"] for r in now] == ["Vera Muster"]
    after, how = select(
        rows, understand("Und wer folgte auf Otto Beispiel als Präsident?"), "in", ["Otto Beispiel"]
    )
    assert [r["other_name"] for r in after] == ["Vera Muster"] and how == "successor"
    left, how = select(
        rows, understand("Wer ist 2009 aus dem Verwaltungsrat der X AG ausgeschieden?"), "in", []
    )
    # Ida Probe only changed her function: she did not leave
    assert [r["other_name"] for r in left] == ["Otto Beispiel"] and how == "left"
    assert same_person("Beispiel Otto", "Otto Beispiel") and same_person(
        "Otto Beipsiel", "Otto Beispiel"
    )
    assert not same_person("Otto Muster", "Otto Beispiel")


def test_register_phrasing_read_from_notice_texts() -> None:
    from graph_agent.answers import fact_text as ft

    text = (
        "Eingetragene Personen: Beispiel, Otto, von Bern, in Thun, Gesellschafter, mit "
        "Einzelunterschrift, mit 40 Stammanteilen zu je CHF 100.00; Muster, Vera, von Chur, in "
        "Basel, Gesellschafterin, mit 60 Stammanteilen zu je CHF 100.00. Gemäss Erklärung vom "
        "1.2.2020 verzichtet die Gesellschaft auf eine eingeschränkte Revision."
    )
    seg = ft.person_segment(text, "Muster", "Vera")
    assert ft.shares_in(seg) == "mit 60 Stammanteilen zu je CHF 100.00"
    assert ft.opting_out([{"text": text}]) is not None
    assert ft.opting_out([{"text": "Revisionsstelle: Probe Treuhand AG, in Olten."}]) is None
    fr = "Capital-actions: CHF 300'000, divisé en 300 actions de CHF 1'000, nominatives."
    assert ft.capital_in(fr) == "CHF 300'000"
    assert ft.share_classes(fr)[0].startswith("300 actions de CHF 1'000")
    assert ft.statutes_in("Statutendatum: 02.03.2021. Zweck: Handel.") == "02.03.2021"
    sup = ft.supervision(
        [{"text": "Aufsichtsbehörde neu: Stiftungsaufsicht des Kantons Bern [bisher: Gemeinde]."}]
    )
    assert sup[0][1] == "Stiftungsaufsicht des Kantons Bern"


def test_population_filters_from_register_words() -> None:
    from graph_agent.planners.offline.lists import canton_in, event_of, legal_form_in
    from graph_agent.planners.offline.slots import fold

    assert legal_form_in(fold("Combien de fondations figurent dans les données ?")) == "0110"
    assert legal_form_in(fold("Quali Sagl hanno sede a Lugano?")) == "0107"
    assert canton_in("", fold("Welche Firmen haben ihren Sitz im Kanton Tessin?")) == "TI"
    assert event_of("Welche Firmen haben 2021 ihren Sitz verlegt?") == "seat_change"
    assert event_of("Which companies increased their capital in 2019?") == "capital_change"
    assert event_of("Quelles sociétés ont fusionné ?") == "merger"


def test_linking_treats_split_nodes_as_one_company_and_typos_as_the_name() -> None:
    from graph_agent.planners.offline.linking import choose, covers

    a = {**_hit("c:1", "Gletscher Werke AG", "name exact 'Gletscher Werke AG'"), "seat": "Chur"}
    b = {**_hit("c:2", "Gletscher Werke AG", "name exact 'Gletscher Werke AG'"), "seat": "Chur"}
    ent, ties, _why = choose("Gletscher Werke AG", "?", [a, b])
    assert ent is not None and not ties
    c = {**b, "id": "c:3", "seat": "Sion"}
    ent, ties, _why = choose("Gletscher Werke AG", "?", [a, c])
    assert ent is None and len(ties) == 2  # same name, two seats: real namesakes
    assert covers("Gletscher Werke Stiftng", "Gletscher Werke Stiftung")
    assert not covers("Gletscher Immobilien", "Gletscher Werke AG")


# --- issue 15 regressions on the template suite: counts, name tails, dates on a day, languages


def _first_plan(question: str) -> tuple[str, list[ToolCall]]:
    """The route's task and the first round's calls of the offline planner (no graph needed)."""
    import asyncio

    from graph_agent.planners.base import TurnView
    from graph_agent.planners.offline.planner import OfflinePlanner

    async def plan() -> tuple[str, list[ToolCall]]:
        planner = OfflinePlanner()
        route = await planner.route(TurnView(question=question), [])
        view = TurnView(question=question, intent=route.intent, task=route.task, slots=route.slots)
        return route.task, (await planner.act(view)).calls

    return asyncio.run(plan())


@pytest.mark.parametrize(
    ("question", "event"),
    [
        ("How many bankruptcy notices were published in 2019?", "bankruptcy"),
        ("Wie viele Neueintragungen wurden 2020 im Kanton GR publiziert?", "registration"),
        (
            "Combien de nouvelles inscriptions ont été publiées dans le canton de GE en 2020 ?",
            "registration",
        ),
        ("Quante nuove iscrizioni sono state pubblicate nel canton TI nel 2020?", "registration"),
        ("Wie viele Meldungen zu Fusion wurden 2018 publiziert?", "merger"),
    ],
)
def test_a_count_of_an_event_counts_its_notices(question: str, event: str) -> None:
    task, plan = _first_plan(question)
    assert task == "count"
    assert [c.tool for c in plan] == ["list_register"]
    assert (plan[0].args["what"], plan[0].args["event_type"]) == ("notices", event)


def test_a_count_of_a_legal_form_still_lists_the_companies() -> None:
    # "fondations" starts like an event word ("fondata") but names a legal form
    _task, plan = _first_plan("Combien de fondations figurent dans les données ?")
    assert [c.tool for c in plan] == ["list_register"]
    assert plan[0].args["legal_form"] == "0110" and "event_type" not in plan[0].args


@pytest.mark.parametrize(
    ("question", "name"),
    [
        (
            "Wer sitzt im VR der Sole Verde GmbH, Zweigniederlassung Chur?",
            "Sole Verde GmbH, Zweigniederlassung Chur",
        ),
        (
            "Quelles personnes travaillent auprès de Gletscher Werke AG, succursale di Lugano ?",
            "Gletscher Werke AG, succursale di Lugano",
        ),
        ("Who is the auditor of Nordwind GmbH in Liquidation?", "Nordwind GmbH in Liquidation"),
        (
            "Qual è il numero IDI di Sole Verde Sàrl, en liquidation?",
            "Sole Verde Sàrl, en liquidation",
        ),
    ],
)
def test_state_and_branch_tails_stay_in_the_searched_name(question: str, name: str) -> None:
    from graph_agent.planners.offline.mentions import mentions

    assert [m.text for m in mentions(question)] == [name]  # the branch's place is no 2nd name
    _task, plan = _first_plan(question)
    assert plan[0].tool == "search_companies" and plan[0].args["query"] == name


@pytest.mark.parametrize(
    ("question", "lang", "day"),
    [
        ("Dove aveva sede la Sole Verde Sagl in liquidazione al 03.04.2015?", "it", "2015-04-03"),
        ("Where was Gletscher Werke AG in Liquidation based on 2015-04-03?", "en", "2015-04-03"),
        ("Où était le siège de Nordwind SA au 3 avril 2015 ?", "fr", "2015-04-03"),
        ("Wo hatte die Nordwind AG am 3. April 2015 ihren Sitz?", "de", "2015-04-03"),
    ],
)
def test_a_day_is_a_point_in_time_in_the_question_language(
    question: str, lang: str, day: str
) -> None:
    slots = fill_slots(question)
    assert (slots.language, slots.as_of, slots.date_from, slots.date_to) == (lang, day, None, None)


def test_a_branch_name_goes_before_a_place_that_looks_like_a_company() -> None:
    from graph_agent.planners.offline.mentions import mentions

    # "Thun AG" is a seat with its canton code; the branch tail marks the company's name
    q = "When did Nordwind S.L., Zweigniederlassung Chur move its seat to Thun AG?"
    assert mentions(q)[0].text == "Nordwind S.L., Zweigniederlassung Chur"
    assert mentions(q)[0].org


def test_every_namesake_is_read_when_the_middle_name_is_not_registered() -> None:
    from graph_agent.planners.base import TurnView
    from graph_agent.planners.offline.fact_act import act_facts

    # "Anna Maria Meier" asked, seven "Anna Meier" filed without the middle name: each is read
    namesakes = [EntityRef(id=f"p:{i}", kind="person", name="Anna Meier") for i in range(7)]
    view = TurnView(
        question="In which companies does Anna Maria Meier hold a position?",
        task="facts",
        slots=Slots(spans=["Anna Maria Meier"], aspect="facts", attribute="mandates"),
        homonyms=namesakes,
    )
    plan = act_facts(view)
    assert [c.args["entity_id"] for c in plan.calls] == [f"p:{i}" for i in range(7)]


def test_deleted_companies_over_all_years_are_read_from_the_status() -> None:
    # no period: a company deleted is one whose status says so, however many notices reported it
    _task, plan = _first_plan("Combien de sociétés ont été radiées, toutes années confondues ?")
    assert plan[0].args["what"] == "companies" and plan[0].args["status"] == "deleted"
    _task, plan = _first_plan("Wie viele Meldungen zu Löschung gibt es?")
    assert (plan[0].args["what"], plan[0].args["event_type"]) == ("notices", "deletion")


def test_a_count_of_companies_with_an_event_counts_the_companies() -> None:
    # one company may have several bankruptcy notices: "how many companies" counts it once
    _task, plan = _first_plan("How many companies went bankrupt in 2019?")
    assert (plan[0].args["what"], plan[0].args["event_type"]) == ("companies", "bankruptcy")


# --- issue 15, round 3: register words read from the register module, persons by filters,
# languages around names, year edges, the capital before a change, misspelt fact words


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("Wie viele Stiftungen gibt es im Kanton AG?", "0110"),
        ("How many limited liability companies are there?", "0107"),
        ("Combien de sociétés en commandite par actions ?", "0105"),
        ("Quante società anonime ci sono?", "0106"),
        ("Welche Genossenschaften sind eingetragen?", "0108"),
        ("Mostra tutte le Sagl/GmbH/Sàrl del registro.", "0107"),
        ("how many companies in the canton of Bern", None),
    ],
)
def test_legal_forms_come_from_the_register_table(question: str, code: str | None) -> None:
    from graph_agent.planners.offline.forms import legal_form_in
    from graph_agent.planners.offline.slots import fold

    assert legal_form_in(fold(question)) == code


def test_branch_words_are_no_form_in_a_count_of_one_entity() -> None:
    from graph_agent.planners.offline.forms import legal_form_in
    from graph_agent.planners.offline.slots import fold

    assert legal_form_in(fold("How many branches does Beta AG have?")) == "0151"
    assert legal_form_in(fold("How many branches does it have?"), branches=False) is None


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Welche Personen namens Muster kommen vor?", ("Muster", None, None, ())),
        ("Wer aus Thun ist wo eingetragen?", (None, "Thun", None, ())),
        (
            "Which companies have persons living in Wohlen b. Bern?",
            (None, "Wohlen bei Bern", None, ()),
        ),
        ("Which people have Chur as place of origin?", (None, None, "Chur", ())),
        ("Quali società sono collegate alla famiglia Beispiel?", ("Beispiel", None, None, ())),
    ],
)
def test_person_filters_read_the_register_conventions(
    question: str, expected: tuple[object, ...]
) -> None:
    from graph_agent.planners.offline.people import person_filters

    f = person_filters(question)
    assert f is not None
    assert (f.name, f.residence, f.origin, f.nationality) == expected


def test_person_filters_nationality_in_any_language_and_no_false_alarm() -> None:
    from graph_agent.planners.offline.people import person_filters

    fr = person_filters("Quels ressortissants belges figurent dans les avis ?")
    en = person_filters("Which persons are Austrian citizens?")
    assert fr is not None and "belgique" in fr.nationality and "belgien" in fr.nationality
    assert en is not None and "österreich" in en.nationality
    assert person_filters("Gibt es eine Firma namens Alpha?") is None
    assert person_filters("Wer ist Präsident der Muster AG?") is None
    # a family name that is one word of a country's name ("Paesi Bassi") is no nationality
    bassi = person_filters("Qui est Lia Bassi ?")
    assert bassi is None or not bassi.nationality
    dutch = person_filters("Quelles personnes viennent des Pays-Bas ?")
    assert dutch is not None and "niederlande" in dutch.nationality


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("UID of Boulangerie du Lac et Fils?", "en"),
        ("Zweck der Restaurant de la Gare Sàrl (Sion)?", "de"),
        ("Qual era il capitale della Beispiel Energie SA a fine 2013?", "it"),
        ("Mostra tutte le Sagl/GmbH/Sàrl del registro.", "it"),
        ("Quante ditte hanno la sede nei Grigioni?", "it"),
    ],
)
def test_language_is_read_around_the_names(question: str, lang: str) -> None:
    from graph_agent.planners.offline.language import has_language_words
    from graph_agent.planners.offline.slots import fill_slots

    assert fill_slots(question).language == lang
    assert not has_language_words("Muster Holding AG")


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("wie hoch war das kapital ende 2010?", "2010-12-31"),
        ("capitale a fine 2020", "2020-12-31"),
        ("capital at the end of 2009", "2009-12-31"),
        ("au debut de 2005", "2005-01-01"),
        ("weekend 2010", None),
    ],
)
def test_year_edges_are_days(text: str, day: str | None) -> None:
    from graph_agent.planners.offline.date_words import find_full_date

    assert find_full_date(text) == day


def test_misspelt_long_fact_words_are_read() -> None:
    from graph_agent.planners.offline.asks import understand

    assert understand("Wie hoch war das Aktienkapiatl der Muster AG?").facts == ("capital",)
    assert understand("Welche Aktienkategorie hat die Muster AG?").facts == ("shares",)
    assert understand("Wer hat bei der Muster GmbH Zeichnungsrecht?").facts == ("signature",)


def test_capital_timeline_keeps_the_value_before_a_change() -> None:
    from graph_agent.answers.capital import amount, capital_answer
    from graph_agent.answers.fact_record import Facts
    from graph_agent.planners.offline.asks import Ask

    assert amount("CHF 114'285.71") == 114285.71 and amount("CHF 1'000'000.00") == 1_000_000.0
    records = [
        {"record_type": "entity", "id": "c:1", "name": "Probe AG", "anchor": True},
        {
            "record_type": "event",
            "subject_id": "c:1",
            "pub_number": "HR01-1",
            "journal_date": "2012-02-13",
            "pubs": ["HR01-1"],
            "text": "Aktienkapital neu: CHF 250'000.00 [bisher: CHF 500'000.00].",
        },
    ]
    f = Facts(records, "de", {"HR01-1": "2012-02-17"})
    lines = capital_answer(f, Ask(date_from="2010-01-01", date_to="2010-12-31"))
    assert lines is not None and "**CHF 500'000**" in lines[0] and "HR01-1" in lines[0]
    before = capital_answer(Facts(records, "de", {}), Ask(cues=frozenset({"before"})))
    assert before is not None and "**CHF 500'000**" in before[0]


def test_the_capital_before_a_change_is_not_one_the_notice_passed_through() -> None:
    from graph_agent.answers.capital import capital_answer
    from graph_agent.answers.fact_record import Facts
    from graph_agent.planners.offline.asks import Ask

    day = "2021-03-04"
    records = [
        {"record_type": "entity", "id": "c:2", "name": "Probe AG", "anchor": True},
        {
            "record_type": "event",
            "subject_id": "c:2",
            "pub_number": "HR01-2",
            "journal_date": day,
            "pubs": ["HR01-2"],
            "text": "Die Gesellschaft hat das Stammkapital auf CHF 60'000.00 und später auf "
            "CHF 80'000.00 erhöht. Aktienkapital neu: CHF 80'000.00 [bisher: CHF 30'000.00].",
        },
        {"record_type": "state", "attribute": "capital", "value": "60000", "valid_from": day,
         "valid_to": day, "inferred": "intermediate", "pubs": ["HR01-2"]},
        {"record_type": "state", "attribute": "capital", "value": "80000", "valid_from": day,
         "pubs": ["HR01-2"]},
    ]  # fmt: skip
    before = capital_answer(Facts(records, "de", {}), Ask(cues=frozenset({"before"})))
    assert before is not None and "**CHF 30'000**" in before[0], before


def test_a_care_of_address_names_the_role_its_holder_has_there() -> None:
    from graph_agent.answers.care_of import care_of_holder, care_of_name
    from graph_agent.answers.fact_record import Facts
    from graph_agent.planners.offline.asks import Ask

    assert care_of_name("c/o Anna Muster, Dorfstrasse 1, 3000 Bern") == "Anna Muster"
    assert care_of_name("Dorfstrasse 1, 3000 Bern") is None
    records = [
        {"record_type": "entity", "id": "c:3", "name": "Probe Sàrl", "anchor": True},
        {"record_type": "state", "attribute": "address", "valid_from": "2020-01-01",
         "value": "c/o Anna Muster, Dorfstrasse 1, 3000 Bern", "pubs": ["HR01-3"]},
        {"record_type": "role", "direction": "in", "other_id": "p:1", "other_name": "Anna Muster",
         "role": "managing_director", "role_text": "associée gérante", "signature": "individual",
         "valid_from": "2020-01-01", "pubs": ["HR01-3"]},
        {"record_type": "role", "direction": "in", "other_id": "p:2", "other_name": "Kurt Probe",
         "role": "partner", "role_text": "associé", "valid_from": "2020-01-01", "pubs": ["HR01-3"]},
    ]  # fmt: skip
    lines = care_of_holder(Facts(records, "fr", {}), Ask(facts=("address",)))
    assert len(lines) == 1 and "Anna Muster" in lines[0] and "associée gérante" in lines[0]
    assert "Kurt Probe" not in lines[0]
    moved = [r for r in records if r.get("attribute") != "address"] + [
        {"record_type": "state", "attribute": "address", "value": "Dorfstrasse 2, 3000 Bern"}
    ]
    assert care_of_holder(Facts(moved, "fr", {}), Ask(facts=("address",))) == []


def test_a_persons_companies_domiciled_with_them_are_named() -> None:
    from graph_agent.answers.care_of import domiciled_with
    from graph_agent.answers.fact_record import Facts

    care_of = [{"value": "c/o Dr. Anna Muster, Dorfstrasse 1, 3000 Bern",
                "valid_from": "2019-05-02", "pub_number": "HR02-5"}]  # fmt: skip
    records = [
        {"record_type": "entity", "id": "p:5", "kind": "person", "name": "Anna Muster",
         "anchor": True},
        {"record_type": "role", "direction": "out", "other_id": "c:5",
         "other_name": "Stiftung Probe", "role": "chair", "valid_from": "2018-01-01",
         "pubs": ["HR01-5"], "other_care_of": care_of},
        {"record_type": "role", "direction": "out", "other_id": "c:6",
         "other_name": "Beispiel AG", "role": "board_member", "pubs": ["HR01-6"],
         "other_care_of": [dict(care_of[0], value="c/o Kurt Probe, Hauptgasse 2, 3000 Bern")]},
    ]  # fmt: skip
    lines = domiciled_with(Facts(records, "de", {"HR02-5": "2019-05-07"}))
    assert len(lines) == 1, lines
    assert "**Stiftung Probe**" in lines[0] and "Dorfstrasse 1" in lines[0]
    assert "02.05.2019" in lines[0] and "HR02-5" in lines[0]
    company = [dict(records[0], kind="company", name="Stiftung Probe"), *records[1:]]
    assert domiciled_with(Facts(company, "de", {})) == []


def test_a_merger_asked_of_a_converted_company_names_the_conversion() -> None:
    from graph_agent.answers.fact_links import links
    from graph_agent.answers.fact_record import Facts

    records = [
        {"record_type": "entity", "id": "c:4", "name": "Probe AG", "anchor": True},
        {"record_type": "event", "subject_id": "c:4", "journal_date": "2021-05-03",
         "pub_number": "HR02-4", "pubs": ["HR02-4"], "text": "Probe GmbH, in Bern.",
         "event_types": ["name_change", "legal_form_change"]},
    ]  # fmt: skip
    lines = links(Facts(records, "it", {}), "mergers")
    assert "nessuna fusione" in lines[0]
    assert "trasformazione" in lines[1] and "03.05.2021" in lines[1] and "HR02-4" in lines[1]
    moved = [dict(records[1], event_types=["seat_change"])]
    assert not any(
        "trasformazione" in x for x in links(Facts(records[:1] + moved, "it", {}), "mergers")
    )


def test_a_mention_of_legal_forms_only_names_nothing() -> None:
    from graph_agent.planners.offline.fact_plan import names_of
    from graph_agent.planners.offline.mentions import names_something

    assert not names_something("SA/AG") and not names_something("Sagl/GmbH/Sàrl")
    assert names_something("Muster SA")
    assert [m.text for m in names_of("Wer hat bei der Muster Test GG Zeichnungsrecht?")] == [
        "Muster Test GG"
    ]
    assert [m.text for m in names_of("GF Stiftung für Beispielschutz?")] == [
        "Stiftung für Beispielschutz"
    ]


def test_postal_address_is_read_from_the_notices_at_the_time_asked() -> None:
    from graph_agent.answers.fact_record import Facts
    from graph_agent.answers.postal import postal_answer
    from graph_agent.planners.offline.asks import Ask, understand

    records = [
        {"record_type": "entity", "id": "c:9", "name": "Stiftung Probe", "anchor": True},
        {
            "record_type": "event",
            "subject_id": "c:9",
            "journal_date": "2003-04-01",
            "pubs": ["ZEFIX-2003-04-04-1"],
            "text": "Domizil neu: Hauptgasse 1, 3000 Bern. Postadresse neu: Stiftung Probe, "
            "Postfach, 3001 Bern. Eingetragene Personen: …",
        },
        {
            "record_type": "event",
            "subject_id": "c:9",
            "journal_date": "2012-05-02",
            "pubs": ["ZEFIX-2012-05-05-1"],
            "text": "Postadresse neu: Nebenweg 7, 3012 Bern. Ausgeschiedene Personen: …",
        },
    ]
    assert understand("Welche Postadresse hatte die Stiftung Probe 2005?").has("postal")
    lines = postal_answer(
        Facts(records, "de", {}), Ask(date_from="2005-01-01", date_to="2005-12-31")
    )
    assert "**Stiftung Probe, Postfach, 3001 Bern**" in lines[0]
    assert not any("Nebenweg" in x for x in lines)
    latest = postal_answer(Facts(records, "de", {}), Ask())
    assert "**Nebenweg 7, 3012 Bern**" in latest[0]


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("Wer war 2005 VR-Präsident der Muster AG?", "chair"),
        ("Qui était vice-président du conseil de la fondation X ?", "vice_chair"),
        ("Wer ist im VR der Muster AG?", "board_member"),
        ("Wer ist Vizepräsidentin der Muster AG?", "vice_chair"),
    ],
)
def test_the_head_of_a_role_compound_decides(question: str, role: str) -> None:
    from graph_agent.planners.offline.asks import find_role
    from graph_agent.planners.offline.slots import fold

    assert find_role(fold(question)) == role


def test_after_a_year_starts_the_next_year_and_a_word_is_no_month() -> None:
    from graph_agent.planners.offline.asks import month_period
    from graph_agent.planners.offline.date_words import find_period

    assert find_period("qui siegeait au conseil apres 2023") == ("2024-01-01", None)
    assert find_period("seit 2019") == ("2019-01-01", None)
    assert month_period("au conseil apres 2023") is None
    assert month_period("en sept. 2026") == ("2026-09-01", "2026-09-30")
