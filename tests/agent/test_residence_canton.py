"""Persons living in a canton: the offline route reads a residence word, a place preposition,
an optional canton word and a canton, and asks `list_register(what=persons, residence_canton=…)`.
A canton named like its capital ("Bern", "Zug", "Genève") is the canton only after a canton
word; alone it stays the town of residence. Fictional phrasings; the last test reads the
fixture graph."""

from __future__ import annotations

import asyncio

import pytest
from neo4j import Driver

from evals.fixture_graph import FixtureFacts
from graph_agent.planners.base import TurnView
from graph_agent.planners.offline.planner import OfflinePlanner
from graph_agent.state import ToolCall
from shabgraph.settings import Settings
from tools.base import ToolContext
from tools.listing import ListRegisterArgs, list_register


def _plan(question: str) -> tuple[str, list[str], list[ToolCall]]:
    async def plan() -> tuple[str, list[str], list[ToolCall]]:
        planner = OfflinePlanner()
        route = await planner.route(TurnView(question=question), [])
        view = TurnView(question=question, intent=route.intent, task=route.task, slots=route.slots)
        return route.task, list(route.slots.spans), (await planner.act(view)).calls

    return asyncio.run(plan())


def _persons(**filters: object) -> list[dict[str, object]]:
    return [{"what": "persons", "limit": 50, **filters}]


@pytest.mark.parametrize(
    ("question", "args"),
    [
        ("Wer wohnt im Kanton Bern?", _persons(residence_canton="BE")),
        ("Welche Personen leben in der Waadt?", _persons(residence_canton="VD")),
        (
            "Welche Personen mit Wohnsitz im Kanton Zug sind eingetragen?",
            _persons(residence_canton="ZG"),
        ),
        (
            "Welche eingetragenen Personen haben Wohnsitz im Tessin?",
            _persons(residence_canton="TI"),
        ),
        ("Wer wohnt in Graubünden?", _persons(residence_canton="GR")),
        ("wer wohnt im kanton luzern?", _persons(residence_canton="LU")),
        ("Personen wohnhaft im Kanton St. Gallen?", _persons(residence_canton="SG")),
        ("Qui habite dans le canton de Fribourg ?", _persons(residence_canton="FR")),
        ("Qui parmi les personnes inscrites vit en Valais ?", _persons(residence_canton="VS")),
        ("Qui est domicilié dans le canton du Jura ?", _persons(residence_canton="JU")),
        ("Chi abita in Ticino?", _persons(residence_canton="TI")),
        ("Quali persone abitano nel cantone dei Grigioni?", _persons(residence_canton="GR")),
        ("Chi risiede nel cantone di Zugo?", _persons(residence_canton="ZG")),
        ("anyone living in canton Schwyz?", _persons(residence_canton="SZ")),
        ("Who lives in the canton of Geneva?", _persons(residence_canton="GE")),
        ("Which persons reside in Basel-Landschaft?", _persons(residence_canton="BL")),
        ("Which people live in AG?", _persons(residence_canton="AG")),
        # a canton named like its capital, without a canton word: the town
        ("Wer wohnt in Bern?", _persons(residence="Bern")),
        ("Is anybody registered who lives in Zug?", _persons(residence="Zug")),
        ("Qui vit à Genève ?", _persons(residence="Genève")),
    ],
)
def test_residence_canton_route(question: str, args: list[dict[str, object]]) -> None:
    task, spans, calls = _plan(question)
    assert (task, spans, [c.tool for c in calls], [c.args for c in calls]) == (
        "list",
        [],
        ["list_register"],
        args,
    )


def test_persons_of_a_canton_on_the_fixture_graph(
    driver: Driver, neo4j_settings: Settings, facts: FixtureFacts
) -> None:
    _, _, [call] = _plan("Wer wohnt im Kanton Zürich?")
    assert call.args == _persons(residence_canton="ZH")[0]
    ctx = ToolContext(driver=driver, database=neo4j_settings.neo4j_database)
    result = list_register(ctx, ListRegisterArgs.model_validate(call.args))
    # Zürich and Zurigo name the canton; Winterthur's is not written: the gazetteer knows it
    assert sorted(str(r["name"]) for r in result.records) == [
        "Hans Mueller",
        "Hans Müller",
        "Peter Keller",
        "Sandra Frei",
    ]
