"""`shabgraph mcp` over stdio, spawned as an MCP client spawns it: no token, same tools."""

from __future__ import annotations

import pytest
from pydantic import AnyUrl

from evals.fixture_graph import FixtureFacts
from graph_agent.toolbox import Toolbox
from mcp_server.resources import uri_for
from shabgraph.settings import Settings
from tests.mcp.checks import check_every_tool, check_listing
from tests.mcp.conftest import stdio_session
from tools.base import ToolContext
from tools.registry import TOOLS

pytestmark = pytest.mark.integration


async def test_stdio_serves_the_tools_and_dossiers(
    neo4j_settings: Settings, ctx: ToolContext, fixture_graph: FixtureFacts
) -> None:
    toolbox = Toolbox(ctx)
    async with stdio_session(neo4j_settings) as session:
        await check_listing(session, {name: toolbox.args_schema(name) for name in TOOLS})
        await check_every_tool(session, fixture_graph)
        dossier = await session.read_resource(
            AnyUrl(uri_for("company", fixture_graph.ids["ticino"]))
        )
        markdown = dossier.contents[0].text  # type: ignore[union-attr]
        assert markdown.startswith(f"# Ticino Verde Sagl ({fixture_graph.ids['ticino']})")
        refused = await session.call_tool("run_cypher", {"query": "MATCH (n) DETACH DELETE n"})
        assert refused.isError
