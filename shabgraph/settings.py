"""All configuration in one place, read from the environment and a `.env` file.

One pydantic-settings class, `Settings`; its larger field groups are mixins of their own modules
(the Neo4j server in shabgraph/settings_neo4j.py, the graph build in shabgraph/settings_ingest.py,
the chat app and the MCP server in shabgraph/settings_app.py), read from the environment exactly
as the fields written here. Nothing here connects or reads anything beyond the environment: a
`Settings()` is cheap and safe to build at any time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from shabgraph.project import PROJECT_ROOT
from shabgraph.settings_app import AppFields
from shabgraph.settings_ingest import IngestFields
from shabgraph.settings_neo4j import Neo4jFields


class Settings(BaseSettings, AppFields, IngestFields, Neo4jFields):
    """Runtime configuration of every shabgraph command and of the chat app.

    The field groups are listed last to first because pydantic puts the fields of the last base
    first: the Neo4j group leads, then the build, the servers and the fields written here.
    """

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    # --- LLM backends (any OpenAI-compatible endpoint) --------------------------------------
    llm_base_url: str | None = Field(default=None, validation_alias="SHABGRAPH_LLM_BASE_URL")
    """Base URL of an OpenAI-compatible endpoint; unset means offline backends."""
    llm_model: str = Field(default="gpt-4o-mini", validation_alias="SHABGRAPH_LLM_MODEL")
    """Model name sent to the endpoint."""
    llm_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("SHABGRAPH_LLM_API_KEY", "OPENAI_API_KEY")
    )
    """API key; SHABGRAPH_LLM_API_KEY wins because Chainlit's CI mode overwrites OPENAI_API_KEY."""
    llm_timeout: float = Field(default=60.0, validation_alias="SHABGRAPH_LLM_TIMEOUT")
    """Seconds before an LLM call is abandoned."""
    llm_max_concurrency: int = Field(default=4, validation_alias="SHABGRAPH_LLM_CONCURRENCY")
    """Parallel LLM requests at most (extraction, evaluation judge)."""
    llm_structured: Literal["auto", "json_schema", "tools", "text"] = Field(
        default="auto", validation_alias="SHABGRAPH_LLM_STRUCTURED"
    )
    """How structured output is asked for; `auto` detects it once per endpoint (json_schema,
    then tool calling, then JSON read from the text)."""
    llm_phrasing: Literal["always", "auto", "never"] = Field(
        default="always", validation_alias="SHABGRAPH_LLM_PHRASING"
    )
    """Whether the LLM planner rephrases the cited draft: always, auto (only a draft that cites
    no notice: one call less per turn on slow local models) or never."""

    # --- embeddings (the dense flat-RAG baseline of the evaluation) -------------------------
    embed_base_url: str | None = Field(default=None, validation_alias="SHABGRAPH_EMBED_BASE_URL")
    """OpenAI-compatible base URL of an embedding endpoint; unset means the offline embedder."""
    embed_model: str = Field(
        default="text-embedding-3-small", validation_alias="SHABGRAPH_EMBED_MODEL"
    )
    """Embedding model name sent to the endpoint."""
    embed_api_key: SecretStr | None = Field(
        default=None, validation_alias="SHABGRAPH_EMBED_API_KEY"
    )
    """API key of the embedding endpoint."""
    embed_dimensions: int = Field(default=512, validation_alias="SHABGRAPH_EMBED_DIMENSIONS")
    """Vector size of the offline embedder (a remote model decides its own)."""

    # --- agent ------------------------------------------------------------------------------
    planner: Literal["auto", "offline", "llm"] = Field(
        default="auto", validation_alias="SHABGRAPH_PLANNER"
    )
    """`auto` picks `llm` when an endpoint is configured, else `offline`."""
    max_reflection_rounds: int = Field(
        default=4, ge=0, le=8, validation_alias="SHABGRAPH_MAX_ROUNDS"
    )
    """Upper bound of the reflection loop (the paper uses 4)."""
    # --- threads, sharing and the agent's memory (Postgres or SQLite) ------------------------
    database_url: str | None = Field(default=None, validation_alias="SHABGRAPH_DATABASE_URL")
    """`postgresql://user[:pw]@host:port/db` puts threads, steps, elements, feedback, sharing and
    the agent's checkpoints in Postgres; `sqlite:///file` in one SQLite file; unset means the
    SQLite files in data_dir (the default)."""
    database_pool_size: int = Field(
        default=5, ge=1, le=100, validation_alias="SHABGRAPH_DATABASE_POOL_SIZE"
    )
    """Postgres connections of the checkpointer's pool per app process (the thread store keeps
    SQLAlchemy's pool: 5, up to 15)."""
    postgres_home: Path = Field(
        default=PROJECT_ROOT / ".postgres", validation_alias="SHABGRAPH_POSTGRES_HOME"
    )
    """Folder of the managed Postgres instances (`<home>/<instance>/`: data, socket, log, password)."""
    postgres_instance: str = Field(default="main", validation_alias="SHABGRAPH_POSTGRES_INSTANCE")
    """Name of the managed Postgres instance; `main` for the app, the tests name their own."""
    postgres_port: int = Field(
        default=55431, ge=1, le=65535, validation_alias="SHABGRAPH_POSTGRES_PORT"
    )
    """TCP port of the managed Postgres, bound to 127.0.0.1 only."""
    postgres_bin: Path | None = Field(default=None, validation_alias="SHABGRAPH_POSTGRES_BIN")
    """Folder with `initdb` and `postgres`; unset = the newest /usr/lib/postgresql/*/bin, else PATH."""
    postgres_os_user: str = Field(default="postgres", validation_alias="SHABGRAPH_POSTGRES_OS_USER")
    """Unprivileged system user the managed server runs as when shabgraph runs as root (initdb
    and postgres refuse root); created as a system user if missing."""
    postgres_start_timeout: float = Field(
        default=30.0, gt=0, validation_alias="SHABGRAPH_POSTGRES_START_TIMEOUT"
    )
    """Seconds `postgres start` waits for the server to accept connections."""

    # --- files ------------------------------------------------------------------------------
    data_dir: Path = Field(default=PROJECT_ROOT / "data", validation_alias="SHABGRAPH_DATA_DIR")
    """Generated corpora, caches, checkpoints and app databases."""

    # --- retired names: refused rather than ignored, so that nobody lands on SQLite unawares ---
    retired_ui_db_url: str | None = Field(
        default=None, validation_alias="SHABGRAPH_UI_DB_URL", exclude=True
    )
    """Replaced by SHABGRAPH_DATABASE_URL (threads and checkpoints share one URL)."""
    retired_checkpoint_url: str | None = Field(
        default=None, validation_alias="SHABGRAPH_CHECKPOINT_URL", exclude=True
    )
    """Replaced by SHABGRAPH_DATABASE_URL (threads and checkpoints share one URL)."""

    @model_validator(mode="after")
    def _refuse_retired(self) -> Settings:
        retired = [
            name
            for name, value in (
                ("SHABGRAPH_UI_DB_URL", self.retired_ui_db_url),
                ("SHABGRAPH_CHECKPOINT_URL", self.retired_checkpoint_url),
            )
            if value
        ]
        if retired:
            raise ValueError(
                f"{' and '.join(retired)} no longer exist: set SHABGRAPH_DATABASE_URL, the one URL "
                "of threads, sharing and the agent's memory"
            )
        return self

    @property
    def postgres_dir(self) -> Path:
        """Folder of the managed Postgres instance (data/, socket/, server.log, password)."""
        return self.postgres_home / self.postgres_instance

    @property
    def llm_configured(self) -> bool:
        """True when an LLM endpoint is configured."""
        return bool(self.llm_base_url)

    @property
    def effective_planner(self) -> Literal["offline", "llm"]:
        """The planner actually used."""
        if self.planner == "auto":
            return "llm" if self.llm_configured else "offline"
        return self.planner
