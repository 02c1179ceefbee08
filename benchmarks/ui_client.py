"""A minimal client of the running app over HTTP + socket.io, as the browser talks to it.

Chainlit has no official test client; this one logs in (cookie), opens a session, sends a
message and collects what the server emits until the run ends. Used by the socket.io tests and
the load benchmark.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import httpx
import socketio
from pydantic import BaseModel, Field

from shabgraph.errors import InputError


class TurnOutcome(BaseModel):
    """What one question produced on the wire."""

    answer: str
    """Content of the last assistant message."""
    steps: list[dict[str, Any]] = Field(default_factory=list)
    """Every step dict the server emitted (new or updated), in order."""
    elements: list[dict[str, Any]] = Field(default_factory=list)
    """Elements the server sent."""
    seconds: float
    """Time from sending the question to the end of the run."""
    errors: list[str] = Field(default_factory=list)
    """Contents of error messages."""
    tokens: list[dict[str, Any]] = Field(default_factory=list)
    """`stream_token` events (`id`, `token`, ...), in order."""


async def login_cookie(base_url: str, user: str, password: str) -> str:
    """Log in with the password form and return the Cookie header value."""
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as http:
        resp = await http.post("/login", data={"username": user, "password": password})
        if resp.status_code != 200:
            raise InputError(f"login as {user} refused ({resp.status_code})")
        return "; ".join(f"{k}={v}" for k, v in http.cookies.items())


class ChatSession:
    """One browser-like session: connect, ask, disconnect."""

    def __init__(self, base_url: str, cookie: str, thread_id: str | None = None) -> None:
        self.base_url, self.cookie = base_url, cookie
        self.thread_id = thread_id or str(uuid.uuid4())
        self.resume = thread_id is not None
        self.sio = socketio.AsyncClient(reconnection=False)
        self.events: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        for name in (
            "new_message",
            "update_message",
            "stream_start",
            "stream_token",
            "task_start",
            "task_end",
            "element",
            "resume_thread",
            "first_interaction",
            "chat_settings",
            "set_commands",
        ):
            self.sio.on(name, self._handler(name))

    def _handler(self, name: str) -> Any:
        async def push(data: Any = None) -> None:
            await self.events.put((name, data))

        return push

    async def connect(self) -> None:
        await self.sio.connect(
            self.base_url,
            socketio_path="/ws/socket.io",
            transports=["websocket"],
            headers={"Cookie": self.cookie},
            auth={
                "clientType": "webapp",
                "sessionId": str(uuid.uuid4()),
                "threadId": self.thread_id if self.resume else None,
                "userEnv": "{}",
                "chatProfile": None,
            },
            wait_timeout=30,
        )
        await self.sio.emit("connection_successful")
        # The app's chat start (or resume) ends by sending the commands: wait for it.
        while True:
            name, _ = await asyncio.wait_for(self.events.get(), 30)
            if name == "set_commands":
                break

    async def ask(self, question: str, timeout: float = 120.0) -> TurnOutcome:
        """Send a question; return once the server signals the end of the run."""
        while not self.events.empty():
            self.events.get_nowait()
        t0 = time.perf_counter()
        now = datetime.now(UTC).isoformat()
        await self.sio.emit(
            "client_message",
            {
                "message": {
                    "id": str(uuid.uuid4()),
                    "threadId": self.thread_id,
                    "name": "user",
                    "type": "user_message",
                    "output": question,
                    "createdAt": now,
                },
                "fileReferences": None,
            },
        )
        steps: list[dict[str, Any]] = []
        elements: list[dict[str, Any]] = []
        tokens: list[dict[str, Any]] = []
        started = False
        while True:
            name, data = await asyncio.wait_for(self.events.get(), timeout)
            if name == "task_start":
                started = True
            elif name in ("new_message", "update_message", "stream_start") and isinstance(
                data, dict
            ):
                steps.append(data)
            elif name == "first_interaction" and isinstance(data, dict) and data.get("thread_id"):
                # The server names the thread; the client's proposal is only a placeholder.
                self.thread_id = data["thread_id"]
            elif name == "element" and isinstance(data, dict):
                elements.append(data)
            elif name == "stream_token" and isinstance(data, dict):
                tokens.append(data)
            elif name == "task_end" and started:
                break
        answers = [s for s in steps if s.get("type") == "assistant_message"]
        errors = [s.get("output", "") for s in steps if s.get("isError")]
        return TurnOutcome(
            answer=answers[-1].get("output", "") if answers else "",
            steps=steps,
            elements=elements,
            seconds=time.perf_counter() - t0,
            errors=errors,
            tokens=tokens,
        )

    async def close(self) -> None:
        await self.sio.disconnect()
