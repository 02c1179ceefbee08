"""Process-wide resources of the chat app: settings, users, the Neo4j driver, the agents.

Chainlit callbacks are module-level functions, so the app keeps one `Runtime` per process,
created by `ui.chat` on first use (never at import) and closed at shutdown. Everything else
receives the pieces it needs from it as arguments.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver

from shabgraph.db import create_driver
from shabgraph.settings import Settings
from ui.agent_bridge import AgentBackend, AgentOptions, load_factory, open_checkpointer
from ui.auth import UserRecord, load_users
from ui.login_limit import LoginLimiter
from ui.paths import ui_dir
from ui.revocation import RevokedTokens

log = logging.getLogger("shabgraph.ui")


@dataclass
class Runtime:
    """The resources one app process shares across sessions."""

    settings: Settings
    """Project settings (Neo4j, planner defaults, data_dir, the app's users and agent factory)."""
    users: dict[str, UserRecord]
    """Accounts allowed to log in."""
    revoked: RevokedTokens = field(init=False)
    """Login tokens ended by a logout (read from data_dir/ui/ when first checked)."""
    login_limiter: LoginLimiter = field(init=False)
    """Failed-login counts per account and client address."""
    driver: Driver | None = None
    """Opened on first use, so the login page works while Neo4j is still starting."""
    checkpointer: Any = None
    """The agent's checkpointer (same thread ids as the UI threads)."""
    agents: dict[tuple[str, int], AgentBackend] = field(default_factory=dict)
    """One agent per (planner, reflection limit) the users picked."""
    closers: list[Callable[[], Any]] = field(default_factory=list)
    """What `close` must call."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Serialises the lazy opening of the driver and checkpointer."""

    @classmethod
    def from_env(cls, settings: Settings | None = None) -> Runtime:
        """Read settings (unless given) and users from the environment (no connection yet)."""
        settings = settings or Settings()
        users = load_users(settings.ui_users_file, settings.ui_users, settings.ui_demo_users)
        return cls(settings=settings, users=users)

    def __post_init__(self) -> None:
        # From the settings, so that every Runtime has them (no file is read yet).
        self.revoked = RevokedTokens(ui_dir(self.settings) / "revoked_tokens.jsonl")
        s = self.settings
        self.login_limiter = LoginLimiter(s.ui_login_max_failures, s.ui_login_window)

    async def get_driver(self) -> Driver:
        """The Neo4j driver, opened (and verified) on first use."""
        async with self.lock:
            if self.driver is None:
                # A user waits on every query: give up on a dead server within seconds.
                self.driver = await asyncio.to_thread(
                    create_driver,
                    self.settings,
                    max_retry_time=self.settings.neo4j_connect_timeout,
                )
                self.closers.append(self.driver.close)
        return self.driver

    async def agent(self, options: AgentOptions) -> AgentBackend:
        """The agent for these options (built once, then reused by every session)."""
        driver = await self.get_driver()
        key = (options.planner, options.max_rounds)
        async with self.lock:
            if key not in self.agents:
                if self.checkpointer is None:
                    self.checkpointer, closer = await open_checkpointer(self.settings)
                    self.closers.append(closer)
                factory = load_factory(self.settings.ui_agent_factory)
                self.agents[key] = factory(self.settings, driver, self.checkpointer, options)
        return self.agents[key]

    async def close(self) -> None:
        """Close the agents' resources and the driver (at app shutdown)."""
        for closer in reversed(self.closers):
            try:
                result = closer()
                if asyncio.iscoroutine(result):
                    await result
            except Exception:  # shutdown goes on whatever one closer does
                log.exception("closing a UI resource failed")
        self.closers.clear()
        self.driver = None


# One per process: Chainlit's callbacks are module-level functions.
_settings: Settings | None = None
_runtime: Runtime | None = None
_guard = threading.Lock()


def process_settings() -> Settings:
    """The app process's settings, read once (which login callback exists is fixed at import)."""
    global _settings
    with _guard:
        if _settings is None:
            _settings = Settings()
        return _settings


def runtime() -> Runtime:
    """The process's Runtime, made on first use."""
    global _runtime
    settings = process_settings()
    with _guard:
        if _runtime is None:
            _runtime = Runtime.from_env(settings)
        return _runtime


async def close_runtime() -> None:
    """Close the process's Runtime, if one was made (at app shutdown)."""
    if _runtime is not None:
        await _runtime.close()
