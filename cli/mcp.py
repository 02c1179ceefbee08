"""`shabgraph mcp`: the read-only graph tools as an MCP server (mcp_server/), added by `register`."""

from __future__ import annotations

import typer


def register(app: typer.Typer, eval_app: typer.Typer) -> None:
    """Add the `mcp` command to the main app."""
    app.command("mcp")(mcp)


def mcp(
    transport: str = typer.Option(
        "stdio", "--transport", "-t", help="`stdio` (a client starts us) or `http` (127.0.0.1)."
    ),
    port: int | None = typer.Option(
        None, "--port", help="HTTP port (default: SHABGRAPH_MCP_PORT, 8765)."
    ),
) -> None:
    """Serve the read-only graph tools, dossiers and notices to any MCP client.

    HTTP needs SHABGRAPH_MCP_TOKEN; clients send it as `Authorization: Bearer <token>`.
    """
    from mcp_server.run import serve
    from shabgraph.errors import InputError
    from shabgraph.settings import Settings

    if transport not in ("stdio", "http"):
        raise InputError(f"unknown transport '{transport}'", hint="use --transport stdio or http")
    serve(Settings(), "http" if transport == "http" else "stdio", port)
