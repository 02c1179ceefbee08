"""The optional LLM judge: the paper's four answer-quality criteria, cached on disk.

Used only when an LLM endpoint is configured; any object with LangChain's `invoke(messages)`
works, so tests pass a fake chat model. A cached score is reused whenever the same model is
asked the same prompt again, so re-running a report costs no calls.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any, Protocol

from langchain_core.messages import HumanMessage, SystemMessage

from evals.prompts import JUDGE_PROMPTS, JUDGE_SYSTEM
from shabgraph.errors import LLMError

_NUMBER = re.compile(r"[-+]?\d*\.?\d+")
MAX_CONTEXT_CHARS = 12000
"""Context is cut to this length: the judge needs the evidence, not a whole registry dump."""


class ChatModel(Protocol):
    """The part of a LangChain chat model the judge uses."""

    def invoke(self, input: Any, /) -> Any:
        """Return a message whose `content` is the reply."""
        ...


def parse_score(reply: str) -> tuple[float, str]:
    """The first number of the reply, clamped to [0, 1]; a reply without a number is an error."""
    match = _NUMBER.search(reply)
    if not match:
        raise LLMError(f"judge reply holds no score: {reply[:80]!r}")
    value = float(match.group())
    clamped = min(1.0, max(0.0, value))
    return clamped, "parsed" if clamped == value else f"clamped from {value}"


class Judge:
    """Scores answers with an LLM; one JSON file of cached scores per model."""

    def __init__(self, model: ChatModel, model_name: str, cache_dir: Path) -> None:
        self.model = model
        self.model_name = model_name
        cache_dir.mkdir(parents=True, exist_ok=True)
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", model_name)
        self.cache_path = cache_dir / f"judge-{safe}.jsonl"
        self._cache: dict[str, float] = {}
        if self.cache_path.exists():
            for line in self.cache_path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    self._cache[row["key"]] = float(row["score"])
        self.calls = 0

    def _key(self, prompt: str) -> str:
        return hashlib.sha256(f"{self.model_name}\n{JUDGE_SYSTEM}\n{prompt}".encode()).hexdigest()

    def score(self, metric: str, **fields: str) -> float:
        """One criterion's score for the given question/answer/reference/context fields."""
        if "context" in fields:
            fields["context"] = fields["context"][:MAX_CONTEXT_CHARS]
        prompt = JUDGE_PROMPTS[metric].format(**fields)
        key = self._key(prompt)
        if key in self._cache:
            return self._cache[key]
        reply = self.model.invoke([SystemMessage(JUDGE_SYSTEM), HumanMessage(prompt)])
        self.calls += 1
        value, _ = parse_score(str(getattr(reply, "content", reply)))
        self._cache[key] = value
        with self.cache_path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps({"key": key, "metric": metric, "score": value}) + "\n")
        return value

    def score_all(
        self, question: str, answer: str, reference: str, context: str
    ) -> dict[str, float]:
        """The four criteria of the paper for one answer."""
        return {
            "faithfulness": self.score(
                "faithfulness", context=context or "(nothing)", answer=answer
            ),
            "correctness": self.score(
                "correctness", question=question, reference=reference, answer=answer
            ),
            "answer_relevance": self.score("answer_relevance", question=question, answer=answer),
            "information_recall": self.score(
                "information_recall", reference=reference, answer=answer
            ),
        }
