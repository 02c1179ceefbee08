"""The one factory of the chat model: an OpenAI-compatible endpoint from the settings.

The planner, the LLM extractor and the evaluation judge all talk to the endpoint of
`SHABGRAPH_LLM_BASE_URL`; building the client in one place keeps their endpoint, key, model,
timeout and API flavour the same. Only how often the client itself retries differs by caller:
the extractor retries with its own backoff and wants none, the planner one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shabgraph.errors import ConfigError
from shabgraph.settings import Settings

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

NO_KEY = "not-needed"
"""Key sent to endpoints that want none (local servers); the client refuses an empty key."""


def chat_model(
    settings: Settings,
    *,
    purpose: str = "the LLM backend",
    hint: str = "set SHABGRAPH_LLM_BASE_URL (and SHABGRAPH_LLM_API_KEY)",
    max_retries: int = 1,
) -> BaseChatModel:
    """ChatOpenAI on the configured endpoint (Chat Completions API, temperature 0).

    Nothing connects before the first call. Raises ConfigError, naming `purpose` and `hint`,
    when no endpoint is configured.
    """
    if not settings.llm_base_url:
        raise ConfigError(f"{purpose} needs SHABGRAPH_LLM_BASE_URL", hint=hint)
    from langchain_openai import ChatOpenAI

    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else NO_KEY
    return ChatOpenAI(
        base_url=settings.llm_base_url,
        api_key=key,  # type: ignore[arg-type]
        model=settings.llm_model,
        temperature=0.0,
        timeout=settings.llm_timeout,
        max_retries=max_retries,
        use_responses_api=False,
    )
