"""All configuration in one place, read from the environment and a `.env` file.

Nothing here connects or reads anything beyond the environment: a `Settings()` is cheap and safe
to build at any time.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
NEO4J_VERSION = "5.26.16"


class Settings(BaseSettings):
    """Runtime configuration of every shabgraph command and of the chat app."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    # --- Neo4j connection -------------------------------------------------------------------
    neo4j_uri: str | None = Field(default=None, validation_alias="NEO4J_URI")
    """Bolt URI of an external server; unset means the managed local server."""
    neo4j_user: str = Field(default="neo4j", validation_alias="NEO4J_USER")
    """User name for the Neo4j connection."""
    neo4j_password: SecretStr | None = Field(default=None, validation_alias="NEO4J_PASSWORD")
    """Password; for the managed server it is generated at install and read from its folder."""
    neo4j_database: str = Field(default="neo4j", validation_alias="NEO4J_DATABASE")
    """Database name (Community Edition has exactly one user database)."""

    # --- managed local server ---------------------------------------------------------------
    neo4j_home: Path = Field(
        default=PROJECT_ROOT / ".neo4j", validation_alias="SHABGRAPH_NEO4J_HOME"
    )
    """Folder holding the downloaded server (dist/) and its instances (instances/)."""
    neo4j_instance: str = Field(default="main", validation_alias="SHABGRAPH_NEO4J_INSTANCE")
    """Name of the managed instance; `main` for the app, `test` for the test suite."""
    neo4j_bolt_port: int = Field(default=7687, validation_alias="SHABGRAPH_NEO4J_BOLT_PORT")
    """Bolt port of the managed instance, bound to 127.0.0.1 only."""
    neo4j_http_port: int = Field(default=7474, validation_alias="SHABGRAPH_NEO4J_HTTP_PORT")
    """HTTP port of the managed instance, bound to 127.0.0.1 only."""
    neo4j_heap: str = Field(default="1g", validation_alias="SHABGRAPH_NEO4J_HEAP")
    """Max JVM heap of the managed server (2 cores / 24 GiB machine: 1-4 GiB is plenty)."""
    neo4j_pagecache: str = Field(default="1g", validation_alias="SHABGRAPH_NEO4J_PAGECACHE")
    """Page cache of the managed server; raise it for the million-notice graph."""
    neo4j_tx_timeout: str = Field(default="120s", validation_alias="SHABGRAPH_NEO4J_TX_TIMEOUT")
    """Server-wide transaction timeout (`db.transaction.timeout`)."""
    neo4j_tx_memory: str = Field(default="2g", validation_alias="SHABGRAPH_NEO4J_TX_MEMORY")
    """Memory cap of one transaction (`db.memory.transaction.max`)."""
    neo4j_start_timeout: float = Field(
        default=90.0, validation_alias="SHABGRAPH_NEO4J_START_TIMEOUT"
    )
    """Seconds `neo4j start` waits for Bolt to answer."""

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

    # --- agent ------------------------------------------------------------------------------
    planner: Literal["auto", "offline", "llm"] = Field(
        default="auto", validation_alias="SHABGRAPH_PLANNER"
    )
    """`auto` picks `llm` when an endpoint is configured, else `offline`."""
    max_reflection_rounds: int = Field(
        default=4, ge=0, le=8, validation_alias="SHABGRAPH_MAX_ROUNDS"
    )
    """Upper bound of the reflection loop (the paper uses 4)."""
    checkpoint_url: str | None = Field(default=None, validation_alias="SHABGRAPH_CHECKPOINT_URL")
    """`postgresql://...` for a Postgres checkpointer; unset means a SQLite file in data_dir."""

    # --- files ------------------------------------------------------------------------------
    data_dir: Path = Field(default=PROJECT_ROOT / "data", validation_alias="SHABGRAPH_DATA_DIR")
    """Generated corpora, caches, checkpoints and app databases."""
    shared_dir: Path = Field(
        default=PROJECT_ROOT.parent / "shared", validation_alias="SHABGRAPH_SHARED_DIR"
    )
    """The workplace's shared folder with the real notices and gold annotations."""

    @property
    def managed(self) -> bool:
        """True when shabgraph runs the Neo4j server itself (no external NEO4J_URI)."""
        return not self.neo4j_uri

    @property
    def bolt_uri(self) -> str:
        """The URI the driver connects to."""
        return self.neo4j_uri or f"bolt://127.0.0.1:{self.neo4j_bolt_port}"

    @cached_property
    def instance_dir(self) -> Path:
        """Folder of the managed instance (conf, data, logs, pid, password)."""
        return self.neo4j_home / "instances" / self.neo4j_instance

    def resolved_password(self) -> SecretStr | None:
        """The managed instance's generated password, else the configured one."""
        if self.managed:
            # The instance folder is the truth: .env's NEO4J_PASSWORD belongs to `main` only.
            stored = self.instance_dir / "password"
            if stored.exists():
                return SecretStr(stored.read_text().strip())
        return self.neo4j_password

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
