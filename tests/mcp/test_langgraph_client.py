"""A second real client: a LangGraph agent that loads the tools with langchain-mcp-adapters."""

from __future__ import annotations

import pytest
from langchain_core.messages import ToolMessage
from langchain_mcp_adapters.client import MultiServerMCPClient
from langgraph.prebuilt import create_react_agent

from evals.fixture_graph import FixtureFacts
from tests.fakes.chat import ScriptedChatModel, text_reply, tool_reply
from tests.mcp.conftest import HttpServer
from tools.registry import TOOLS

pytestmark = pytest.mark.integration


async def test_langgraph_agent_completes_a_tool_call(
    http_server: HttpServer, fixture_graph: FixtureFacts
) -> None:
    client = MultiServerMCPClient(
        {
            "shabgraph": {
                "transport": "streamable_http",
                "url": http_server.url,
                "headers": {"Authorization": f"Bearer {http_server.token}"},
            }
        }
    )
    tools = await client.get_tools()
    assert [t.name for t in tools] == list(TOOLS)
    model = ScriptedChatModel(
        script=[
            tool_reply("search_companies", {"query": "Lac Leman"}),
            text_reply("Lac Léman Logistique SA."),
        ]
    )
    agent = create_react_agent(model, tools)
    state = await agent.ainvoke({"messages": [("user", "Who is Lac Leman Logistique?")]})

    assert model.bound == [list(TOOLS)]  # the agent's model was offered every MCP tool
    (message,) = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    assert message.name == "search_companies" and message.status == "success"
    out = message.artifact["structured_content"]
    assert out["records"][0]["id"] == fixture_graph.ids["leman"]
    assert out["citations"] and all(c["pub_date"] for c in out["citations"])
    assert state["messages"][-1].content == "Lac Léman Logistique SA."
