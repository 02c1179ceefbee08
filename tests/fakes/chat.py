"""The one scripted chat model of the test suite: replies come from a queue, tools bind to itself.

LangChain's own fakes refuse `bind_tools`; this one records what was bound and what was asked, so
tests can assert the routed tool restriction and count LLM calls. It serves the agent's planner
(tool calls, streamed synthesis) and the LLM extractor alike, and scripts what weak models and
servers do: a JSON-schema response format (`bind(response_format=...)`, answered as JSON text), a
server that refuses it (`Refused`), one that is down (`ServerDown`), a call written in the text.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field


class Refused(Exception):
    """What a server raises for a request feature it lacks (as the OpenAI client's 400 error)."""

    status_code = 400


class ServerDown(ConnectionError):
    """What the client raises when nothing listens on the endpoint."""


class LengthFinishReasonError(Exception):
    """What the OpenAI client raises for a structured reply cut at its `max_tokens` cap (same
    class name: the callers recognise it by name, without importing the client)."""


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


def pieces(text: str, size: int) -> list[str]:
    """`text` cut into chunks of `size` characters (how the fake streams a reply)."""
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


class ScriptedChatModel(BaseChatModel):
    """Replies in order from `script`; an Exception in the script is raised (fault tests)."""

    script: list[Any] = Field(default_factory=list)
    """Queued replies: an AIMessage; an Exception to raise; a dict, the structured object (as JSON
    text under a JSON-schema response format, else as a call to the last bound tool); or a
    function of the messages returning the AIMessage."""
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    """Messages of every call, in order."""
    bound: list[list[str]] = Field(default_factory=list)
    """Tool names of every `bind_tools`, in order."""
    formats: list[str | None] = Field(default_factory=list)
    """Per call, the schema name of its JSON-schema response format (None: the call had none)."""
    max_tokens: list[int | None] = Field(default_factory=list)
    """Per call, the reply cap it was bound with (`bind(max_tokens=...)`; None: no cap)."""
    delay_s: float = 0.0
    """Sleep before answering (async), to test timeouts."""
    chunk_chars: int = 7
    """Characters per streamed chunk, so a streamed reply arrives as several tokens."""

    @property
    def _llm_type(self) -> str:
        return "scripted-fake"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        """Record the tool names and return itself (the script decides what is called)."""
        self.bound.append([convert_to_openai_tool(t)["function"]["name"] for t in tools])
        return self

    def _next(self, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:
        self.calls.append(list(messages))
        fmt = kwargs.get("response_format")
        self.formats.append(fmt["json_schema"]["name"] if isinstance(fmt, dict) else None)
        self.max_tokens.append(kwargs.get("max_tokens"))
        if not self.script:
            raise RuntimeError("the fake model's script is exhausted")
        reply = self.script.pop(0)
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, dict) and fmt is not None:
            return text_reply(json.dumps(reply))
        if isinstance(reply, dict):
            if not self.bound:
                raise TypeError("a dict script entry needs a bound tool (structured output)")
            return tool_reply(self.bound[-1][0], reply, call_id=f"call{len(self.calls)}")
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
        return ChatResult(generations=[ChatGeneration(message=self._next(messages, **kwargs))])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        return ChatResult(generations=[ChatGeneration(message=self._next(messages, **kwargs))])

    def _chunks(self, reply: AIMessage) -> Iterator[ChatGenerationChunk]:
        text = reply.content if isinstance(reply.content, str) else str(reply.content)
        parts = pieces(text, self.chunk_chars)
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            yield ChatGenerationChunk(
                message=AIMessageChunk(
                    content=part,
                    usage_metadata=reply.usage_metadata if last else None,
                    tool_call_chunks=[
                        {
                            "name": c["name"],
                            "args": json.dumps(c["args"]),
                            "id": c["id"],
                            "index": j,
                        }
                        for j, c in enumerate(reply.tool_calls)
                    ]
                    if last
                    else [],
                )
            )

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        for chunk in self._chunks(self._next(messages, **kwargs)):
            await asyncio.sleep(0)  # let the consumer run between tokens, as a real stream does
            yield chunk
