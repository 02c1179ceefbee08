"""Settings of the chat app, read from the environment (beside the project-wide `Settings`)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from shabgraph.settings import PROJECT_ROOT, Settings


class UISettings(BaseSettings):
    """Where the app keeps its threads and files, who may log in, where it listens."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    host: str = Field(default="127.0.0.1", validation_alias="SHABGRAPH_UI_HOST")
    """Interface the app binds to (loopback by default: put a reverse proxy in front otherwise)."""
    port: int = Field(default=8000, validation_alias="SHABGRAPH_UI_PORT")
    """HTTP port of the app."""
    db_url: str | None = Field(default=None, validation_alias="SHABGRAPH_UI_DB_URL")
    """SQLAlchemy async URL of the thread store; unset = SQLite file in data_dir/ui/."""
    files_dir: Path | None = Field(default=None, validation_alias="SHABGRAPH_UI_FILES_DIR")
    """Folder of persisted elements (notices, exports); unset = data_dir/ui/files."""
    auth: Literal["password", "header"] = Field(
        default="password", validation_alias="SHABGRAPH_UI_AUTH"
    )
    """`password` (users file / env) or `header` (trust a reverse proxy's user header)."""
    auth_header: str = Field(
        default="x-forwarded-user", validation_alias="SHABGRAPH_UI_AUTH_HEADER"
    )
    """Header carrying the user name when `auth = header`."""
    users: str | None = Field(default=None, validation_alias="SHABGRAPH_UI_USERS")
    """Inline users `name:password,name2:password2` (password plain or pbkdf2 hash)."""
    users_file: Path = Field(
        default=PROJECT_ROOT / "ui-users.toml", validation_alias="SHABGRAPH_UI_USERS_FILE"
    )
    """TOML file with a `[users.<name>]` table per user (`password`, optional `display_name`)."""
    demo_users: bool = Field(default=True, validation_alias="SHABGRAPH_UI_DEMO_USERS")
    """With no users configured, allow the demo accounts (demo/demo, colleague/colleague)."""
    agent_factory: str = Field(
        default="ui.agent_bridge:create_agent", validation_alias="SHABGRAPH_UI_AGENT_FACTORY"
    )
    """`module:function` building the agent backend (tests swap in a scripted one)."""


def ui_dir(settings: Settings) -> Path:
    """The app's own folder under data_dir (created on demand by the callers that write)."""
    return settings.data_dir / "ui"


def thread_db_url(settings: Settings, ui: UISettings) -> str:
    """The thread store's URL: the configured one, else a SQLite file in data_dir/ui/."""
    if ui.db_url:
        return ui.db_url
    return f"sqlite+aiosqlite:///{ui_dir(settings) / 'threads.db'}"


def files_dir(settings: Settings, ui: UISettings) -> Path:
    """Folder of persisted element files."""
    return ui.files_dir or ui_dir(settings) / "files"
