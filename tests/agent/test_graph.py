"""The state graph's shape (Mermaid snapshot) and its pure conditional edges."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from graph_agent.graph import after_act, after_reflect, after_route, build_graph
from graph_agent.planners.llm.routing import RouterOutput
from graph_agent.result import RouteDecision
from tools.intents import INTENT_TOOLS, Intent

SNAPSHOT = Path(__file__).with_name("graph.mmd")


def test_mermaid_snapshot() -> None:
    # Regenerate deliberately when the graph changes:
    # python -c "from graph_agent.graph import build_graph; print(build_graph().get_graph().draw_mermaid())"
    assert build_graph().get_graph().draw_mermaid() == SNAPSHOT.read_text()


def test_graph_nodes() -> None:
    nodes = set(build_graph().get_graph().nodes)
    assert {"intake", "route", "act", "tools", "reflect", "synthesize", "finish"} <= nodes


def test_edges_are_pure_functions_of_the_state() -> None:
    assert after_route({"error": "x"}) == "synthesize"
    assert after_route({}) == "act"
    assert after_act({"pending": [{"tool": "t"}]}) == "tools"
    assert after_act({"pending": [], "round": 0, "reflections": []}) == "synthesize"
    # a round of refused calls is reflected on
    assert after_act({"pending": [], "round": 1, "reflections": []}) == "reflect"
    assert after_act({"error": "boom", "pending": [{"tool": "t"}]}) == "synthesize"
    assert after_reflect({"reflections": [{"decision": "continue"}]}) == "act"
    assert after_reflect({"reflections": [{"decision": "finish"}]}) == "synthesize"
    assert after_reflect({"reflections": [{"decision": "continue"}], "error": "x"}) == "synthesize"


def test_the_intent_literal_is_the_intent_maps_keys() -> None:
    assert tuple(get_args(Intent)) == tuple(INTENT_TOOLS)
    # the router's output and the trace accept exactly these intents
    for model in (RouterOutput, RouteDecision):
        assert model.model_fields["intent"].annotation == Intent
