"""The MCP server object: tools, resources and prompts registered on the SDK's low-level server.

The low-level `Server` (not FastMCP) because the tools bring their own JSON schemas: FastMCP
derives a schema from a function signature, which would drift from the agent's argument models.
Input validation is the argument model's (so the error names the field); the SDK's jsonschema
check is switched off rather than run twice.
"""

from __future__ import annotations

from typing import Any

from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.shared.exceptions import McpError
from pydantic import AnyUrl

from mcp_server import prompts, resources
from mcp_server.toolset import Toolset

NAME = "shabgraph"
INSTRUCTIONS = (
    "Read-only tools over the Swiss commercial register (SHAB notices) as a Neo4j graph. "
    "Resolve a name with search_companies first, then pass the returned id to the other tools. "
    "Every result lists the Cypher it ran and the notices (publication number and date) behind "
    "its records: cite them. Resources: shabgraph://company/<id>, shabgraph://person/<id>, "
    "shabgraph://notice/<publication number>."
)


def build_server(toolset: Toolset) -> Server[Any, Any]:
    """A server offering `toolset`'s tools, the dossier and notice resources and the prompts.

    (The SDK's handler decorators are untyped, hence the ignores; the handlers themselves are.)
    """
    server: Server[Any, Any] = Server(NAME, version=_version(), instructions=INSTRUCTIONS)

    @server.list_tools()  # type: ignore[no-untyped-call,untyped-decorator]
    async def list_tools() -> list[types.Tool]:
        return toolset.listing()

    @server.call_tool(validate_input=False)  # type: ignore[untyped-decorator]
    async def call_tool(name: str, arguments: dict[str, Any] | None) -> types.CallToolResult:
        return await toolset.call(name, arguments)

    @server.list_resources()  # type: ignore[no-untyped-call,untyped-decorator]
    async def list_resources() -> list[types.Resource]:
        return []  # every resource is addressed by id: see the templates

    @server.list_resource_templates()  # type: ignore[no-untyped-call,untyped-decorator]
    async def list_templates() -> list[types.ResourceTemplate]:
        return resources.TEMPLATES

    @server.read_resource()  # type: ignore[no-untyped-call,untyped-decorator]
    async def read_resource(uri: AnyUrl) -> list[ReadResourceContents]:
        return await resources.read(toolset, str(uri))

    @server.list_prompts()  # type: ignore[no-untyped-call,untyped-decorator]
    async def list_prompts() -> list[types.Prompt]:
        return prompts.PROMPTS

    @server.get_prompt()  # type: ignore[no-untyped-call,untyped-decorator]
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        try:
            return prompts.get_prompt(name, arguments)
        except ValueError as exc:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=str(exc))) from exc

    return server


async def serve_stdio(server: Server[Any, Any]) -> None:
    """Serve over stdin/stdout until the client closes them (no token: the client owns us)."""
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("shabgraph")
    except PackageNotFoundError:
        return "0"
