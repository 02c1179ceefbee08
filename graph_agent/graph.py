"""The agent's LangGraph state graph: intake -> route -> (act -> tools -> reflect)* -> synthesize.

Conditional edges are pure functions of the state returning a Literal; nothing is compiled or
connected at import time: `build_graph` does it when called.
"""

from __future__ import annotations

from typing import Any, Literal

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from graph_agent import answer_nodes, nodes
from graph_agent.context import AgentContext
from graph_agent.state import AgentState


def after_route(state: AgentState) -> Literal["act", "synthesize"]:
    """A routing failure skips straight to the (error) synthesis."""
    return "synthesize" if state.get("error") else "act"


def after_act(state: AgentState) -> Literal["tools", "reflect", "synthesize"]:
    """Run the chosen calls; with none (or an error), the planner is done."""
    if state.get("error"):
        return "synthesize"
    if state.get("pending"):
        return "tools"
    # Calls refused by the router were recorded as a round: let reflection read them.
    if state.get("round", 0) > len(state.get("reflections") or []):
        return "reflect"
    return "synthesize"


def after_reflect(state: AgentState) -> Literal["act", "synthesize"]:
    """Loop while the last reflection says continue."""
    if state.get("error"):
        return "synthesize"
    last = (state.get("reflections") or [{}])[-1]
    return "act" if last.get("decision") == "continue" else "synthesize"


def build_graph(
    checkpointer: BaseCheckpointSaver[Any] | None = None, *, name: str = "shabgraph_agent"
) -> CompiledStateGraph[Any, Any, Any, Any]:
    """Compile the agent graph; the checkpointer keeps each thread (None: no memory)."""
    g: Any = StateGraph(AgentState, context_schema=AgentContext)
    g.add_node("intake", nodes.intake)
    g.add_node("route", nodes.route)
    g.add_node("act", nodes.act)
    g.add_node("tools", nodes.run_tools)
    g.add_node("reflect", nodes.reflect_node)
    g.add_node("synthesize", answer_nodes.synthesize)
    g.add_node("finish", answer_nodes.finish)
    g.add_edge(START, "intake")
    g.add_edge("intake", "route")
    g.add_conditional_edges("route", after_route)
    g.add_conditional_edges("act", after_act)
    g.add_edge("tools", "reflect")
    g.add_conditional_edges("reflect", after_reflect)
    g.add_edge("synthesize", "finish")
    g.add_edge("finish", END)
    compiled: CompiledStateGraph[Any, Any, Any, Any] = g.compile(
        checkpointer=checkpointer, name=name
    )
    return compiled
