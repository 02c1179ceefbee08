"""`shabgraph mcp`: wire the settings, one driver, the tools and a transport together.

The tools run with the MCP limits of the settings (query timeout, row cap, result size), which
may be tighter than the agent's: a foreign client is not bounded by the agent's own planner.
"""

from __future__ import annotations

import sys
from typing import Literal

import anyio

from mcp_server.http import BACKEND_OPTIONS, HOST, PATH, build_http_app, serve_http
from mcp_server.server import build_server, serve_stdio
from mcp_server.toolset import Toolset
from shabgraph import db
from shabgraph.errors import ConfigError
from shabgraph.settings import Settings
from tools.base import ToolContext

Transport = Literal["stdio", "http"]


def serve(settings: Settings, transport: Transport, port: int | None = None) -> None:
    """Serve the tools until the client hangs up (stdio) or the process is stopped (http)."""
    token = settings.mcp_token.get_secret_value() if settings.mcp_token else ""
    if transport == "http" and not token:
        raise ConfigError(
            "SHABGRAPH_MCP_TOKEN is not set: the HTTP transport needs a bearer token",
            hint="set it to a long random string, e.g. the output of "
            "`python -c 'import secrets; print(secrets.token_urlsafe(32))'`",
        )
    with db.open_driver(settings) as driver:
        ctx = ToolContext(
            driver=driver,
            database=settings.neo4j_database,
            timeout_s=settings.mcp_query_timeout,
            max_rows=settings.mcp_max_rows,
        )
        server = build_server(Toolset(ctx, settings.mcp_max_result_bytes))
        if transport == "stdio":
            anyio.run(serve_stdio, server)
            return
        bound = port or settings.mcp_port
        app = build_http_app(server, token=token, rate_limit=settings.mcp_rate_limit)
        # stdout stays clean for scripts; the address goes where the logs go.
        print(f"shabgraph MCP server on http://{HOST}:{bound}{PATH}", file=sys.stderr, flush=True)
        anyio.run(serve_http, app, bound, backend_options=BACKEND_OPTIONS)
