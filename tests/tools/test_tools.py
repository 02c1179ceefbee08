"""Each tool against the fixture graph, with exact expected results (evals/fixture_graph/)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from evals.fixture_graph import FixtureFacts
from tools.analytics import (
    CountEntitiesByEventArgs,
    GetTopEntitiesArgs,
    count_entities_by_event,
    get_top_entities,
)
from tools.base import ToolContext
from tools.history import GetNodeHistoryArgs, get_node_history
from tools.intents import INTENT_TOOLS
from tools.network import ExploreNetworkArgs, explore_network
from tools.registry import TOOLS, call_tool
from tools.search import SearchCompaniesArgs, search_companies
from tools.text_search import GlobalTextSearchArgs, global_text_search


def keys(facts: FixtureFacts, ids: list[str]) -> list[str]:
    inv = {v: k for k, v in facts.ids.items()}
    return [inv[i] for i in ids]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("Alpenblik", "alpenblick"),
        ("Muller Bau", "muellerbau"),
        ("Verde Giardini", "ticino"),
        ("CHE-100.000.093", "ticino"),
        ("Kristalnetz AG", "kristallnetz"),
        ("Lac Leman", "leman"),
        ("Hans Mueller", "mueller"),
        ("Treuhand Sonnenberg", "sonnenberg"),
    ],
)
def test_search_ranks_the_intended_entity_first(
    ctx: ToolContext, fixture_graph: FixtureFacts, query: str, first: str
) -> None:
    result = search_companies(ctx, SearchCompaniesArgs(query=query))
    assert result.outcome == "evidence"
    assert keys(fixture_graph, [result.records[0]["id"]]) == [first]
    assert result.records[0]["reason"] and result.records[0]["pubs"]
    assert result.citations and result.queries[0].params["lucene"]


def test_search_reasons_and_variants(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    old = search_companies(ctx, SearchCompaniesArgs(query="Verde Giardini Sagl")).records[0]
    assert old["reason"].startswith("alias exact")
    people = search_companies(ctx, SearchCompaniesArgs(query="Hans Muller", kind="person")).records
    assert set(keys(fixture_graph, [r["id"] for r in people])) == {"mueller", "mueller_weak"}
    assert people[-1]["strength"] == "weak"  # the weak spelling variant ranks after the strong one
    homonyms = search_companies(ctx, SearchCompaniesArgs(query="Anna Meier")).records
    assert {r["origin"] for r in homonyms} == {"Bern", "Genève"}
    seat = search_companies(ctx, SearchCompaniesArgs(query="Bellinzona", kind="company")).records
    assert (
        keys(fixture_graph, [r["id"] for r in seat]) == ["ticino"] and "seat" in seat[0]["reason"]
    )


def test_search_hides_orphans_and_weak_in_ablation(
    ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    assert search_companies(ctx, SearchCompaniesArgs(query="Phantom Consulting")).outcome == "empty"
    full = search_companies(ctx, SearchCompaniesArgs(query="Treuhand Sonnenberg")).records
    assert "sonnenberg_weak" in keys(fixture_graph, [r["id"] for r in full])
    strict = search_companies(
        replace(ctx, structured_only=True), SearchCompaniesArgs(query="Treuhand Sonnenberg")
    ).records
    assert all(r["strength"] == "strong" for r in strict) and strict


def test_network_structure_and_as_of(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    facts, ids = fixture_graph, fixture_graph.ids

    def role_holders(as_of: str | None) -> set[str]:
        res = explore_network(ctx, ExploreNetworkArgs(entity_id=ids["alpenblick"], as_of=as_of))
        return set(
            keys(
                facts,
                [
                    r["from_id"]
                    for r in res.records
                    if r["branch"] == "structure" and r["rel"] == "HOLDS_ROLE"
                ],
            )
        )

    assert role_holders("2019-01-01") == facts.expected["alpenblick_roles_2019_01_01"]
    assert role_holders("2021-03-01") == facts.expected["alpenblick_roles_2021_03_01"]
    assert role_holders("2014-01-01") == facts.expected["alpenblick_roles_2014_01_01"]
    res = explore_network(ctx, ExploreNetworkArgs(entity_id=ids["alpenblick"]))
    branches = {r["to_id"] for r in res.records if r["rel"] == "HEAD_OFFICE_OF"}
    assert set(keys(facts, list(branches))) == facts.expected["alpenblick_branches"]
    assert all(r["pubs"] for r in res.records)


def test_network_hub_lateral_and_merger(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    facts, ids = fixture_graph, fixture_graph.ids
    res = explore_network(ctx, ExploreNetworkArgs(entity_id=ids["mueller"]))
    companies = {r["to_id"] for r in res.records if r["branch"] == "structure"}
    assert set(keys(facts, list(companies))) == facts.expected["mueller_companies"]
    aliases = {r["to_id"] for r in res.records if r["rel"] == "SAME_HUB"}
    assert set(keys(facts, list(aliases))) == facts.expected["mueller_hub_aliases"]
    lateral = [r for r in res.records if r["branch"] == "namehub" and r["hop"] == 2]
    assert keys(facts, [r["to_id"] for r in lateral]) == ["ticino"]
    merged = explore_network(ctx, ExploreNetworkArgs(entity_id=ids["bergkristall"]))
    edge = next(r for r in merged.records if r["rel"] == "MERGED_INTO")
    assert (edge["to_id"], edge["date"], edge["pubs"]) == (
        ids["kristallnetz"],
        "2022-11-10",
        [facts.pub["E08"]],
    )


def test_network_two_hops_truncation_and_unknown(
    ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    ids = fixture_graph.ids
    two = explore_network(ctx, ExploreNetworkArgs(entity_id=ids["mueller"], hops=2))
    assert {ids["zimmermann"], ids["frei"], ids["schmid"]} <= {r["from_id"] for r in two.records}
    cut = explore_network(ctx, ExploreNetworkArgs(entity_id=ids["mueller"], hops=2, limit=2))
    assert cut.truncated and sum(r["branch"] == "structure" for r in cut.records) == 2
    missing = explore_network(ctx, ExploreNetworkArgs(entity_id="CHE-999.999.999"))
    assert missing.outcome == "empty" and "search_companies" in missing.message


def test_history_order_aliases_and_as_of(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    facts, ids = fixture_graph, fixture_graph.ids

    def pubs(entity: str, **kw: object) -> list[str]:
        res = get_node_history(ctx, GetNodeHistoryArgs(entity_id=ids[entity], **kw))
        return [r["pub_number"] for r in res.records if r["record_type"] == "event"]

    expect = {
        k: [facts.pub[e] for e in v]
        for k, v in facts.expected.items()
        if k.endswith("history") or "history_" in k
    }
    assert pubs("alpenblick") == expect["alpenblick_history"]
    assert pubs("sonnenberg") == expect["sonnenberg_history_with_aliases"]
    assert pubs("sonnenberg", include_aliases=False) == [facts.pub["E23"], facts.pub["E24"]]
    assert pubs("mueller") == expect["mueller_history_with_aliases"]
    assert pubs("mueller", as_of=dt.date(2016, 1, 1)) == expect["mueller_history_2016_01_01"]
    state = get_node_history(
        ctx, GetNodeHistoryArgs(entity_id=ids["ticino"], as_of=dt.date(2018, 1, 1))
    )
    values = {r["attribute"]: r["value"] for r in state.records if r["record_type"] == "state"}
    assert values == {
        "name": facts.expected["ticino_name_2018_01_01"],
        "seat": facts.expected["ticino_seat_2018_01_01"],
    }
    assert state.citations == [facts.pub["E19"]]


def test_history_truncates(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    res = get_node_history(
        ctx, GetNodeHistoryArgs(entity_id=fixture_graph.ids["muellerbau"], limit=3)
    )
    assert len(res.records) == 3 and res.truncated


def test_text_search(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    pub = fixture_graph.pub
    res = global_text_search(ctx, GlobalTextSearchArgs(query="Konkurs"))
    assert {r["pub_number"] for r in res.records} == {pub["E17"], pub["E18"]}
    fr = global_text_search(ctx, GlobalTextSearchArgs(query="patrimoine", language="fr"))
    assert {r["pub_number"] for r in fr.records} == {pub["E12"], pub["E13"]}
    assert (
        global_text_search(ctx, GlobalTextSearchArgs(query="patrimoine", canton="ZH")).outcome
        == "empty"
    )


def test_top_entities(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    facts = fixture_graph
    cap = get_top_entities(ctx, GetTopEntitiesArgs(metric="capital", limit=20))
    assert keys(facts, [r["id"] for r in cap.records]) == facts.expected["top_capital"]
    mand = get_top_entities(ctx, GetTopEntitiesArgs(metric="mandates")).records[0]
    assert (keys(facts, [mand["id"]])[0], mand["value"]) == facts.expected["top_mandates_first"]
    ev = get_top_entities(ctx, GetTopEntitiesArgs(metric="events")).records[0]
    assert (keys(facts, [ev["id"]])[0], ev["value"]) == facts.expected["top_events_first"]
    zh = get_top_entities(ctx, GetTopEntitiesArgs(metric="capital", canton="ZH")).records
    assert keys(facts, [r["id"] for r in zh]) == ["alpenblick"]
    assert (
        get_top_entities(ctx, GetTopEntitiesArgs(metric="capital", canton="XX")).outcome == "empty"
    )


def test_counts(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    facts = fixture_graph
    by_type = count_entities_by_event(ctx, CountEntitiesByEventArgs(group_by="event_type"))
    assert {r["group"]: r["companies"] for r in by_type.records} == facts.expected[
        "companies_by_event_type"
    ]
    by_sub = count_entities_by_event(ctx, CountEntitiesByEventArgs(group_by="sub_rubric")).records
    assert {r["group"]: r["companies"] for r in by_sub} == facts.expected["companies_by_sub_rubric"]
    assert {r["group"]: r["events"] for r in by_sub} == facts.expected["events_by_sub_rubric"]
    assert all(r["pubs"] for r in by_sub)


INJECTIONS = [
    "') RETURN 1 //",
    'x" OR 1=1 --',
    "*:*",
    "name:* OR id:*",
    "'; MATCH (n) DETACH DELETE n //",
    "\\",
    "(((",
    "CREATE (:X)",
    "${n}",
    "AND OR NOT ~ ^ [ ] { } /",
]


@pytest.mark.parametrize("value", INJECTIONS)
def test_injection_strings_are_only_data(
    ctx: ToolContext, fixture_graph: FixtureFacts, value: str
) -> None:
    before = ctx.driver.execute_query("MATCH (n) RETURN count(n) AS n").records[0]["n"]
    for name, args in [
        ("search_companies", {"query": value}),
        ("global_text_search", {"query": value}),
        ("explore_network", {"entity_id": value}),
        ("get_node_history", {"entity_id": value}),
        ("get_top_entities", {"metric": "capital", "legal_form": value}),
        ("count_entities_by_event", {"event_type": value}),
    ]:
        result = call_tool(ctx, name, args)
        assert result.outcome in ("empty", "evidence"), (name, result.message)
        assert all(value not in q.cypher for q in result.queries)
    after = ctx.driver.execute_query("MATCH (n) RETURN count(n) AS n").records[0]["n"]
    assert before == after


def test_registry_and_intents(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    assert set(TOOLS) == set(INTENT_TOOLS["all"]) and len(TOOLS) == 9
    assert all(set(tools) <= set(TOOLS) for tools in INTENT_TOOLS.values())
    bad = call_tool(ctx, "explore_network", {"entity_id": "x", "hops": 9})
    assert bad.outcome == "error" and "hops" in bad.message
    assert call_tool(ctx, "nope", {}).outcome == "error"
    for spec in TOOLS.values():
        schema = spec.args_model.model_json_schema()
        assert all(p.get("description") for p in schema["properties"].values()), spec.name


def test_search_lists_an_entity_of_two_hubs_once(
    ctx: ToolContext, fixture_graph: FixtureFacts, renamed_in_two_hubs: str
) -> None:
    """A renamed company filed under two NameHubs is one candidate with the reasons of both."""
    ticino = fixture_graph.ids["ticino"]
    for query in ("Verde Giardini", "Ticino Verde", "Verde"):
        records = search_companies(ctx, SearchCompaniesArgs(query=query)).records
        ids = [r["id"] for r in records]
        assert len(ids) == len(set(ids)) and ticino in ids, query
    top = search_companies(ctx, SearchCompaniesArgs(query="Verde Giardini")).records[0]
    assert top["id"] == ticino and top["score"] == 95.0
    reasons = top["reason"].split("; ")
    assert reasons[0] == "alias exact 'Verde Giardini Sagl'"  # the best reason stays first
    assert "namehub exact 'Verde Giardini Sagl'" in reasons  # through the second hub
    assert {"fulltext", "namehub", "hub_key"} <= set(top["matched_via"])


def test_search_looks_up_the_exact_hub_key(ctx: ToolContext, fixture_graph: FixtureFacts) -> None:
    """The key computed from the typed name is the stored key: the hub's members are found."""
    records = search_companies(ctx, SearchCompaniesArgs(query="SONNENBERG-Treuhand SA")).records
    via_key = {r["id"] for r in records if "hub_key" in r["matched_via"]}
    assert via_key == {fixture_graph.ids["sonnenberg"], fixture_graph.ids["sonnenberg_weak"]}
