"""The offline planner answers the whole question set correctly against the real Neo4j."""

from __future__ import annotations

import re
from collections import Counter
from datetime import date
from typing import Any

import pytest

from evals.fixture_graph import COMPANIES, PERSONS, FixtureFacts
from graph_agent.result import EntityRef
from tests.agent.questions import CASES, Case
from tests.agent.questions_rules import RULE_CASES

PUB_RE = re.compile(r"(?:HR0\d|ZEFIX)-[\w-]+")


def entity_ref(key: str, facts: FixtureFacts) -> EntityRef:
    if key in COMPANIES:
        c = COMPANIES[key]
        return EntityRef(id=c["id"], kind="company", name=c["name"], uid=c["uid"])
    p = PERSONS[key]
    return EntityRef(id=p["id"], kind="person", name=f"{p['given']} {p['family']}")


def test_question_set_size_and_coverage() -> None:
    turns = [t for c in CASES for t in c.turns]
    assert len(turns) >= 60
    intents = Counter(t.intent for t in turns if t.intent)
    for intent in (
        "entity_disambiguation",
        "network_exploration",
        "event_history",
        "macro_analytics",
        "deep_text",
    ):
        assert intents[intent] >= 4, intent
    prefixes = Counter(c.name.split("_")[0] for c in CASES)
    assert all(prefixes[lang] >= 8 for lang in ("de", "fr", "it", "en")), prefixes
    assert sum(len(c.turns) > 1 for c in CASES) >= 8
    assert sum(t.form == "negative" for t in turns) >= 5


ALL_CASES = (*CASES, *RULE_CASES)


@pytest.mark.parametrize("case", ALL_CASES, ids=[c.name for c in ALL_CASES])
async def test_question(case: Case, make_agent: Any, facts: FixtureFacts) -> None:
    agent = await make_agent()
    thread = f"q-{case.name}"
    for turn in case.turns:
        selected = entity_ref(turn.selected, facts) if turn.selected else None
        as_of = date.fromisoformat(turn.as_of) if turn.as_of else None
        res = await agent.ask(turn.q, thread, selected_entity=selected, as_of=as_of)
        ctx = f"\nQ: {turn.q}\nA: {res.answer}\nTRACE: {res.trace.model_dump_json()[:1500]}"
        assert res.trace.error is None, ctx
        for text in turn.must:
            assert text in res.answer, f"missing {text!r}" + ctx
        for text in turn.must_not:
            assert text not in res.answer, f"unexpected {text!r}" + ctx
        cited = {c.pub_number for c in res.citations} | set(PUB_RE.findall(res.answer))
        for key in turn.cites:
            assert facts.pub[key] in cited, f"{key} not cited" + ctx
        if turn.ordered:
            positions = [res.answer.find(facts.pub[k]) for k in turn.ordered]
            assert all(p >= 0 for p in positions) and positions == sorted(positions), ctx
        if turn.intent:
            assert res.trace.route and res.trace.route.intent == turn.intent, ctx
        if turn.form:
            assert res.trace.synthesis_form == turn.form, ctx
        if turn.carried:
            carried = {e.id for e in res.trace.carried_over}
            assert facts.ids[turn.carried] in carried, ctx
        if res.trace.synthesis_form not in ("negative", "error"):
            # Every answer that states facts cites notices, each with its date.
            assert res.citations, ctx
            assert all(c.pub_date for c in res.citations), ctx
