"""A scripted chat model: answers tool calls from a queue, counts calls (no network)."""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult


class ScriptedChat(BaseChatModel):
    """Replies with the next queued tool-call payload (or raises the queued exception)."""

    script: list[Any] = []  # noqa: RUF012 (a pydantic field: copied per instance)
    calls: int = 0

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedChat:  # type: ignore[override]
        return self

    def _generate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        self.calls += 1
        item = self.script.pop(0)
        if isinstance(item, Exception):
            raise item
        msg = AIMessage(
            content="",
            tool_calls=[{"name": "NoticeExtraction", "args": item, "id": f"call{self.calls}"}],
        )
        return ChatResult(generations=[ChatGeneration(message=msg)])
