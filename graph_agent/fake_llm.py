"""A scripted chat model for tests and demos: replies come from a queue, tools bind to itself.

LangChain's own fakes refuse `bind_tools`; this one records what was bound and what was asked, so
tests can assert the routed tool restriction and count LLM calls.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

Reply = AIMessage | Exception | Callable[[list[BaseMessage]], AIMessage]


def tool_reply(
    name: str, args: dict[str, Any], call_id: str = "call_1", tokens: int = 50
) -> AIMessage:
    """An AIMessage calling one tool."""
    return AIMessage(
        content="",
        tool_calls=[{"name": name, "args": args, "id": call_id}],
        usage_metadata={"input_tokens": tokens - 10, "output_tokens": 10, "total_tokens": tokens},
    )


def text_reply(text: str, tokens: int = 80) -> AIMessage:
    """An AIMessage with text only."""
    return AIMessage(
        content=text,
        usage_metadata={"input_tokens": tokens - 20, "output_tokens": 20, "total_tokens": tokens},
    )


class ScriptedChatModel(BaseChatModel):
    """Replies in order from `script`; an Exception in the script is raised (fault tests)."""

    script: list[Any] = Field(default_factory=list)
    """Queued replies: AIMessage, Exception, or a function of the messages."""
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    """Messages of every call, in order."""
    bound: list[list[str]] = Field(default_factory=list)
    """Tool names of every `bind_tools`, in order."""
    delay_s: float = 0.0
    """Sleep before answering (async), to test timeouts."""

    @property
    def _llm_type(self) -> str:
        return "scripted-fake"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        """Record the tool names and return itself (the script decides what is called)."""
        self.bound.append([convert_to_openai_tool(t)["function"]["name"] for t in tools])
        return self

    def _next(self, messages: list[BaseMessage]) -> AIMessage:
        self.calls.append(list(messages))
        if not self.script:
            raise RuntimeError("the fake model's script is exhausted")
        reply = self.script.pop(0)
        if isinstance(reply, Exception):
            raise reply
        out = reply(messages) if callable(reply) else reply
        if not isinstance(out, AIMessage):
            raise TypeError(f"script entries must give AIMessage, not {type(out).__name__}")
        return out

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._next(messages))])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        return ChatResult(generations=[ChatGeneration(message=self._next(messages))])
