"""Structured output from any OpenAI-compatible server: the strongest method it offers, detected once.

Servers differ in what they offer: llama.cpp, vLLM, Ollama and OpenAI constrain a reply to a JSON
schema (`response_format`), some servers only offer tool calling, a few neither. Weak models
differ too: asked for a tool call, a small model often writes the call as JSON in its text. So
`StructuredCaller` asks with the strongest method the endpoint accepts (json_schema, then tools,
then a plain request whose text must be the object), remembers per base URL and model which one
that is (a refused method costs one request per process, not one per call), and reads the object
from wherever the reply put it. It never raises for a bad reply: the caller gets the error typed
(unavailable, unsupported, unusable) and falls back to its offline rules.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from shabgraph.errors import LLMError, LLMUnavailable, LLMUnsupported, LLMUnusable
from shabgraph.json_reply import read_reply, text_of
from shabgraph.prompts import JSON_REPLY

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage, BaseMessage

Method = Literal["json_schema", "tools", "text"]
"""How a structured reply is asked for."""
Setting = Literal["auto", "json_schema", "tools", "text"]
"""`auto`: the first method of LADDER that the endpoint accepts; otherwise that one method."""
LADDER: tuple[Method, ...] = ("json_schema", "tools", "text")
"""Methods from the most constrained to the least, in the order `auto` tries them."""
FEATURE: dict[Method, str] = {
    "json_schema": "a JSON-schema response format",
    "tools": "tool calling",
    "text": "a plain request",
}
"""What each method asks of the server (for messages)."""
REFUSED_STATUS = frozenset({400, 404, 405, 415, 422, 501})
"""HTTP statuses with which servers refuse a request feature they lack."""
LIMIT_WORDS = ("context", "too long", "maximum", "exceed")
"""Words of a 400 about the prompt's size: that is no missing feature, and no reason to switch."""
T = TypeVar("T", bound=BaseModel)
Request = tuple[Any, list["BaseMessage"]]
"""One request to send: the (bound) runnable and the messages it is given."""
Outcome = tuple[Any, Exception | None]
"""What one request gave: (the reply, None), or (None, the exception it raised)."""

_DETECTED: dict[str, Method] = {}
"""The method each endpoint (base URL and model) accepted, for the whole process."""


def endpoint_key(model: Any) -> str | None:
    """`base URL|model` of a ChatOpenAI-like model; None for a model without a base URL."""
    base = getattr(model, "openai_api_base", None)
    return f"{base}|{getattr(model, 'model_name', '')}" if isinstance(base, str) and base else None


def forget_detected() -> None:
    """Drop every detected method (tests; a server restarted with other options)."""
    _DETECTED.clear()


def classify(exc: BaseException, timeout_s: float, feature: str) -> LLMError:
    """The typed error for an exception a chat model raised (a missing feature, a dead server, ...)."""
    if isinstance(exc, LLMError):
        return exc
    what = f"{type(exc).__name__}: {exc}"[:300]
    if isinstance(exc, TimeoutError) or "Timeout" in type(exc).__name__:
        return LLMUnavailable(
            f"the LLM did not answer within {timeout_s:g} s", hint="retry, or use the offline rules"
        )
    status = getattr(exc, "status_code", None)
    if isinstance(status, int):
        if status in REFUSED_STATUS and not any(w in str(exc).lower() for w in LIMIT_WORDS):
            return LLMUnsupported(f"the server refused {feature} ({what})")
        return LLMUnavailable(f"the LLM server answered HTTP {status} ({what})")
    if isinstance(exc, (ConnectionError, OSError)) or "Connection" in type(exc).__name__:
        return LLMUnavailable(
            f"the LLM server cannot be reached ({what})", hint="check SHABGRAPH_LLM_BASE_URL"
        )
    return LLMUnusable(f"the LLM call failed ({what})")


def cut_reply(exc: BaseException) -> AIMessage | None:
    """The (unreadable) reply of a request whose answer reached its `max_tokens` cap, else None.

    The client raises instead of returning a reply cut at the cap; the model did answer, so the
    caller must not ask again (the same prompt at temperature 0 runs to the same cap).
    """
    if type(exc).__name__ != "LengthFinishReasonError":
        return None
    from langchain_core.messages import AIMessage

    return AIMessage(content="", response_metadata={"finish_reason": "length"})


@dataclass(frozen=True)
class StructuredReply(Generic[T]):
    """What one structured request gave: the object or the typed error, and what it cost."""

    value: T | None
    """The validated object (None: see `error`)."""
    error: LLMError | None
    """Why there is no object: LLMUnavailable, LLMUnsupported or LLMUnusable."""
    method: Method
    """The method of the last request."""
    calls: int
    """Requests sent (a refused method counts)."""
    raw: AIMessage | None = None
    """The model's reply (None when the request failed)."""

    @property
    def tokens(self) -> int:
        """Tokens the reply reports (0 when the endpoint does not say)."""
        usage = getattr(self.raw, "usage_metadata", None) or {}
        return int(usage.get("total_tokens", 0))


class StructuredCaller:
    """Asks one chat model for pydantic objects with the strongest method its endpoint accepts."""

    def __init__(self, model: BaseChatModel, setting: Setting = "auto", timeout_s: float = 60.0):
        self.model = model
        """The chat model (ChatOpenAI, or a scripted one in tests)."""
        self.setting: Setting = setting
        """`auto` (detect) or one fixed method."""
        self.timeout_s = timeout_s
        """Seconds one request may take (async calls; sync ones rely on the client's timeout)."""
        self._method: Method | None = None
        """The detected method of a model without base URL (such a model is not shared)."""

    @property
    def method(self) -> Method:
        """The method the next request uses."""
        if self.setting != "auto":
            return self.setting
        key = endpoint_key(self.model)
        return self._method or (_DETECTED.get(key) if key else None) or LADDER[0]

    def _downgrade(self, method: Method) -> bool:
        """Remember that the endpoint refused `method`; False when there is nothing weaker."""
        if self.setting != "auto" or method == LADDER[-1]:
            return False
        weaker = LADDER[LADDER.index(method) + 1]
        self._method = weaker
        key = endpoint_key(self.model)
        if key:
            _DETECTED[key] = weaker
        return True

    def request(
        self,
        method: Method,
        schema: type[BaseModel],
        messages: Sequence[BaseMessage],
        max_tokens: int | None = None,
    ) -> tuple[Any, list[BaseMessage]]:
        """(the runnable, the messages) of one request by `method`; `max_tokens` caps the reply
        (a weak model that rambles, or repeats itself inside a JSON string, stops there)."""
        runnable, msgs = self._request(method, schema, messages)
        return (runnable.bind(max_tokens=max_tokens) if max_tokens else runnable), msgs

    def _request(
        self, method: Method, schema: type[BaseModel], messages: Sequence[BaseMessage]
    ) -> tuple[Any, list[BaseMessage]]:
        from langchain_core.messages import SystemMessage

        if method == "json_schema":
            fmt = {
                "type": "json_schema",
                "json_schema": {
                    "name": schema.__name__,
                    "schema": schema.model_json_schema(),
                    "strict": False,
                },
            }
            return self.model.bind(response_format=fmt), list(messages)
        if method == "tools":
            return self.model.bind_tools([schema], tool_choice="any"), list(messages)
        rule = JSON_REPLY.format(schema=json.dumps(schema.model_json_schema(), ensure_ascii=False))
        msgs = list(messages)
        if msgs and isinstance(msgs[0], SystemMessage):
            msgs[0] = SystemMessage(f"{text_of(msgs[0])}\n\n{rule}")  # type: ignore[arg-type]
        else:
            msgs.insert(0, SystemMessage(rule))
        return self.model, msgs

    def _result(
        self, schema: type[T], method: Method, calls: int, reply: Any
    ) -> StructuredReply[T]:
        from langchain_core.messages import AIMessage

        if not isinstance(reply, AIMessage):
            why = LLMUnusable(f"the LLM returned {type(reply).__name__}, not a message")
            return StructuredReply(None, why, method, calls)
        value, why_not = read_reply(reply, schema)
        error = None if value is not None else LLMUnusable(why_not)
        return StructuredReply(value, error, method, calls, reply)

    def _steps(
        self, schema: type[T], messages: Sequence[BaseMessage], max_tokens: int | None
    ) -> Generator[Request, Any, StructuredReply[T]]:
        """The one retry loop of `invoke` and `ainvoke`: it decides what to ask, whether to ask
        again and how to read the reply, and leaves only the sending to them.

        It yields each request (runnable, messages) and receives the reply by `send`, or the
        exception the request raised by `throw`; a refused method is replaced by the next weaker
        one, anything else ends the loop with the reply read or the error typed.
        """
        calls = 0
        while True:
            method = self.method
            request = self.request(method, schema, messages, max_tokens)
            calls += 1
            try:
                reply = yield request
            except Exception as exc:
                error = classify(exc, self.timeout_s, FEATURE[method])
                if isinstance(error, LLMUnsupported) and self._downgrade(method):
                    continue
                return StructuredReply(None, error, method, calls, cut_reply(exc))
            return self._result(schema, method, calls, reply)

    async def ainvoke(
        self, schema: type[T], messages: Sequence[BaseMessage], max_tokens: int | None = None
    ) -> StructuredReply[T]:
        """One object of `schema`; a refused method is replaced by the next weaker one."""
        steps = self._steps(schema, messages, max_tokens)
        todo: Request | StructuredReply[T] = next(steps)
        while not isinstance(todo, StructuredReply):
            todo = advance(steps, await self._asend(todo))
        return todo

    def invoke(
        self, schema: type[T], messages: Sequence[BaseMessage], max_tokens: int | None = None
    ) -> StructuredReply[T]:
        """`ainvoke` for synchronous callers (the extractor's worker threads)."""
        steps = self._steps(schema, messages, max_tokens)
        todo: Request | StructuredReply[T] = next(steps)
        while not isinstance(todo, StructuredReply):
            todo = advance(steps, send(todo))
        return todo

    async def _asend(self, request: Request) -> Outcome:
        """`send`, awaited and abandoned after `timeout_s`."""
        runnable, msgs = request
        try:
            return await asyncio.wait_for(runnable.ainvoke(msgs), self.timeout_s), None
        except Exception as exc:
            return None, exc


def send(request: Request) -> Outcome:
    """One request sent: (the reply, None), or (None, what it raised) for the loop to judge."""
    runnable, msgs = request
    try:
        return runnable.invoke(msgs), None
    except Exception as exc:
        return None, exc


def advance(
    steps: Generator[Request, Any, StructuredReply[T]], outcome: Outcome
) -> Request | StructuredReply[T]:
    """Hands the retry loop what one request gave: its next request, or the final reply."""
    reply, failure = outcome
    try:
        return steps.throw(failure) if failure is not None else steps.send(reply)
    except StopIteration as done:
        result: StructuredReply[T] = done.value
        return result
