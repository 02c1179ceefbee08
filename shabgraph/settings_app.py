"""The serving field group of the settings: the chat app (ui/) and the MCP server.

A mixin of the one `Settings` class (shabgraph/settings.py), which reads these fields from the
environment like all others; kept apart because only the two servers read them: their ports,
workers, logins, origins and the limits of what a client may ask.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr

from shabgraph.project import PROJECT_ROOT


class AppFields(BaseModel):
    """How the chat app and the MCP server listen, whom they let in and what they answer."""

    # --- chat app (ui/) ---------------------------------------------------------------------
    ui_host: str = Field(default="127.0.0.1", validation_alias="SHABGRAPH_UI_HOST")
    """Interface the app binds to (loopback by default: put a reverse proxy in front otherwise)."""
    ui_port: int = Field(default=8000, validation_alias="SHABGRAPH_UI_PORT")
    """HTTP port of the app."""
    ui_workers: int = Field(default=1, ge=1, le=32, validation_alias="SHABGRAPH_UI_WORKERS")
    """App processes `shabgraph up` runs behind one proxy on `ui_port` (1: the app alone, no
    proxy); more than one needs the threads in a shared database (`database_url`)."""
    ui_worker_port: int | None = Field(
        default=None, ge=1, le=65535, validation_alias="SHABGRAPH_UI_WORKER_PORT"
    )
    """Port of the first worker on 127.0.0.1, the others on the next ones; unset = ui_port + 1."""
    ui_worker_health_interval: float = Field(
        default=2.0, gt=0, le=60, validation_alias="SHABGRAPH_UI_WORKER_HEALTH_INTERVAL"
    )
    """Seconds between the proxy's health checks of each worker (`GET /health`)."""
    ui_worker_start_timeout: float = Field(
        default=120.0, gt=0, validation_alias="SHABGRAPH_UI_WORKER_START_TIMEOUT"
    )
    """Seconds a worker may take to answer its first health check before start-up fails."""
    ui_files_dir: Path | None = Field(default=None, validation_alias="SHABGRAPH_UI_FILES_DIR")
    """Folder of persisted elements (notices, exports); unset = data_dir/ui/files."""
    ui_auth: Literal["password", "header"] = Field(
        default="password", validation_alias="SHABGRAPH_UI_AUTH"
    )
    """`password` (users file / env) or `header` (trust a reverse proxy's user header)."""
    ui_auth_header: str = Field(
        default="x-forwarded-user", validation_alias="SHABGRAPH_UI_AUTH_HEADER"
    )
    """Header carrying the user name when `ui_auth = header`."""
    ui_auth_secret: SecretStr | None = Field(default=None, validation_alias="CHAINLIT_AUTH_SECRET")
    """JWT secret of the login sessions; unset = one generated and kept in data_dir/ui/."""
    ui_users: str | None = Field(default=None, validation_alias="SHABGRAPH_UI_USERS")
    """Inline users `name:password,name2:password2` (password plain or pbkdf2 hash)."""
    ui_users_file: Path = Field(
        default=PROJECT_ROOT / "ui-users.toml", validation_alias="SHABGRAPH_UI_USERS_FILE"
    )
    """TOML file with a `[users.<name>]` table per user (`password`, optional `display_name`)."""
    ui_demo_users: bool = Field(default=True, validation_alias="SHABGRAPH_UI_DEMO_USERS")
    """With no users configured, allow the demo accounts (demo/demo, colleague/colleague)."""
    ui_agent_factory: str = Field(
        default="ui.agent_bridge:create_agent", validation_alias="SHABGRAPH_UI_AGENT_FACTORY"
    )
    """`module:function` building the chat's agent backend (the UI tests name a scripted one)."""
    ui_public_url: str | None = Field(default=None, validation_alias="CHAINLIT_URL")
    """The URL users open the app at behind a proxy (Chainlit's own variable); its origin is
    allowed in addition to `ui_allowed_origins`."""
    ui_allowed_origins: str | None = Field(
        default=None, validation_alias="SHABGRAPH_UI_ALLOWED_ORIGINS"
    )
    """Comma-separated further origins (`https://host:port`) whose pages may call the app with
    the user's cookie (CORS, socket.io); the loopback origins of the app's own port always may."""
    ui_login_max_failures: int = Field(
        default=5, ge=1, validation_alias="SHABGRAPH_UI_LOGIN_MAX_FAILURES"
    )
    """Failed logins allowed per account and per client address within `ui_login_window`."""
    ui_login_window: float = Field(default=60.0, gt=0, validation_alias="SHABGRAPH_UI_LOGIN_WINDOW")
    """Seconds over which failed logins are counted; more failures wait until it has passed."""

    # --- MCP server (mcp_server/, `shabgraph mcp`) ------------------------------------------
    mcp_token: SecretStr | None = Field(default=None, validation_alias="SHABGRAPH_MCP_TOKEN")
    """Bearer token every HTTP request must carry; unset: HTTP will not start (stdio needs none)."""
    mcp_port: int = Field(default=8765, ge=1, le=65535, validation_alias="SHABGRAPH_MCP_PORT")
    """Port of the streamable-HTTP endpoint, always bound to 127.0.0.1."""
    mcp_rate_limit: int = Field(default=120, ge=1, validation_alias="SHABGRAPH_MCP_RATE_LIMIT")
    """HTTP requests per minute per client at most; more get 429 (an MCP call is 1 request)."""
    mcp_max_rows: int = Field(default=200, ge=1, le=5000, validation_alias="SHABGRAPH_MCP_MAX_ROWS")
    """Row cap per query of a tool called over MCP (more rows set `truncated`)."""
    mcp_max_result_bytes: int = Field(
        default=256_000, ge=4096, validation_alias="SHABGRAPH_MCP_MAX_RESULT_BYTES"
    )
    """Largest JSON tool result sent to a client; records past it are cut and `truncated` set."""
    mcp_query_timeout: float = Field(
        default=10.0, gt=0, le=120, validation_alias="SHABGRAPH_MCP_QUERY_TIMEOUT"
    )
    """Seconds before a query of an MCP tool call is stopped by the server."""
