"""`$entity` is filled only by the entity the same plan's search linked, never by an older one.

On the fixture graph, "Anna Meier" names two persons (origin Bern, origin Genève) and "Hans
Müller" one: a plan for Anna Meier must not read Hans Müller's record again.
"""

from __future__ import annotations

from typing import Any

from evals.fixture_graph import PERSONS, FixtureFacts
from graph_agent.placeholder import Linked, fill, skip_note, uses_placeholder
from graph_agent.planners.calls import ENTITY
from graph_agent.result import EntityRef
from graph_agent.state import ToolCall

BERN = EntityRef(id="p:b", kind="person", name="Anna Beispiel")
GENEVE = EntityRef(id="p:g", kind="person", name="Anna Beispiel")


def test_the_placeholder_takes_the_entity_the_search_linked() -> None:
    args = {"entity_id": ENTITY, "as_of": "2020-01-01"}
    assert uses_placeholder(args) and not uses_placeholder({"entity_id": "p:b"})
    assert fill(args, Linked("c:1")) == {"entity_id": "c:1", "as_of": "2020-01-01"}


def test_namesakes_fill_a_list_but_never_a_single_id() -> None:
    tied = Linked(None, [BERN, GENEVE])
    assert fill({"entity_id": ENTITY}, tied) is None
    assert fill({"entity_ids": [ENTITY], "limit": 5}, tied) == {
        "entity_ids": ["p:b", "p:g"],
        "limit": 5,
    }
    assert fill({"entity_ids": [ENTITY]}, Linked("c:1")) == {"entity_ids": ["c:1"]}


def test_nothing_linked_fills_nothing() -> None:
    assert fill({"entity_id": ENTITY}, Linked()) is None
    assert fill({"entity_ids": [ENTITY]}, Linked()) is None


def test_the_note_names_the_namesakes_and_the_call() -> None:
    call = ToolCall(tool="get_entity_facts", args={"entity_id": ENTITY}, purpose="facts")
    assert skip_note(call, Linked(None, [BERN, GENEVE], 0)) == (
        "Not run: get_entity_facts (facts), since 2 persons are named 'Anna Beispiel' "
        "(p:b, p:g) and $entity stands for the one entity this plan's search linked."
    )


def _ids(step: dict[str, Any]) -> str:
    return str(step["args"].get("entity_id"))


async def test_a_second_name_with_namesakes_does_not_reuse_the_first(
    make_agent: Any, facts: FixtureFacts
) -> None:
    agent = await make_agent()
    res = await agent.ask("Was verbindet Hans Müller und Anna Meier?", "placeholder-1")
    steps = [s.model_dump() for s in res.trace.steps]
    hans = PERSONS["mueller"]["id"]
    meier = {PERSONS["meier_be"]["id"], PERSONS["meier_ge"]["id"]}
    searches = [i for i, s in enumerate(steps) if s["tool"] == "search_companies"]
    queries = [steps[i]["args"]["query"] for i in searches]
    assert queries[:2] == ["Hans Müller", "Anna Meier"], queries
    first_facts = [s for s in steps[: searches[1]] if s["tool"] == "get_entity_facts"]
    after = steps[searches[1] + 1 :]
    facts_after = [_ids(s) for s in after if s["tool"] == "get_entity_facts" and s["rows"]]
    # the first name's record is read once, before the second search, and never again
    assert len(first_facts) == 1 and first_facts[0]["rows"] > 0
    hans_id = _ids(first_facts[0])
    assert hans_id == hans
    assert hans_id not in facts_after
    # the plan of the second name is not run on a guess: the search's step says why
    assert steps[searches[1]]["message"].endswith(
        "Not run: get_entity_facts (facts of the entity), since 2 persons are named 'Anna Meier' "
        f"({', '.join(sorted(meier))}) and $entity stands for the one entity this plan's search "
        "linked."
    ), steps[searches[1]]["message"]
    assert all(_ids(s) != "$entity" for s in steps)  # no step pretends the skipped call ran
    # whatever is read next is one of the namesakes
    assert set(facts_after) <= meier
    assert res.trace.error is None
    # the answer states the namesakes, each with its place, and asks which one is meant
    assert res.answer.startswith(
        "Was **Hans Müller** und **Anna Meier** verbindet, bleibt offen: 2 Personen heissen "
        "**Anna Meier**; welche ist gemeint?"
    ), res.answer
    assert "- **Anna Meier** (Bern)" in res.answer and "- **Anna Meier** (Genève)" in res.answer
