"""Process-wide resources of the chat app: settings, users, the Neo4j driver, the agents.

Chainlit callbacks are module-level functions, so the app keeps one `Runtime` per process,
created by `ui.chat` on first use (never at import) and closed at shutdown. Everything else
receives the pieces it needs from it as arguments.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from neo4j import Driver

from shabgraph.db import create_driver
from shabgraph.settings import Settings
from ui.agent_bridge import AgentBackend, AgentOptions, load_factory, open_checkpointer
from ui.auth import UserRecord, load_users

log = logging.getLogger("shabgraph.ui")


@dataclass
class Runtime:
    """The resources one app process shares across sessions."""

    settings: Settings
    """Project settings (Neo4j, planner defaults, data_dir, the app's users and agent factory)."""
    users: dict[str, UserRecord]
    """Accounts allowed to log in."""
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

    async def get_driver(self) -> Driver:
        """The Neo4j driver, opened (and verified) on first use."""
        async with self.lock:
            if self.driver is None:
                self.driver = await asyncio.to_thread(create_driver, self.settings)
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
