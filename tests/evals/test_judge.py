"""The LLM judge with a scripted fake model: parsing, clamping, caching."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage

from evals.judge import Judge, parse_score
from shabgraph.errors import LLMError


class FakeModel:
    """Replies with queued strings and records the prompts it saw."""

    def __init__(self, replies: list[str]) -> None:
        self.replies = list(replies)
        self.prompts: list[Any] = []

    def invoke(self, messages: Any, /) -> AIMessage:
        self.prompts.append(messages)
        return AIMessage(content=self.replies.pop(0))


def test_parse_score() -> None:
    assert parse_score("0.75") == (0.75, "parsed")
    assert parse_score("Score: 1.4")[0] == 1.0
    with pytest.raises(LLMError):
        parse_score("no idea")


def test_all_four_criteria_then_cache(tmp_path: Path) -> None:
    model = FakeModel(["0.9", "0.8", "1", "0.5"])
    judge = Judge(model, "fake-model", tmp_path)
    scores = judge.score_all("Where is Alvora AG?", "Zürich", "Zürich", "Alvora AG, in Zürich")
    assert scores == {
        "faithfulness": 0.9,
        "correctness": 0.8,
        "answer_relevance": 1.0,
        "information_recall": 0.5,
    }
    assert judge.calls == 4 and "Alvora AG, in Zürich" in model.prompts[0][1].content
    # A new judge on the same cache answers without calling the model (it has no replies left).
    again = Judge(FakeModel([]), "fake-model", tmp_path)
    assert (
        again.score_all("Where is Alvora AG?", "Zürich", "Zürich", "Alvora AG, in Zürich") == scores
    )
    assert again.calls == 0
