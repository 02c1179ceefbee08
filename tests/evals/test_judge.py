"""The LLM judge with a scripted fake model: parsing, clamping, caching."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.judge import Judge, parse_score
from shabgraph.errors import LLMError
from tests.fakes.chat import ScriptedChatModel, text_reply


def scripted(*replies: str) -> ScriptedChatModel:
    """The suite's scripted chat model, answering with these texts in order."""
    return ScriptedChatModel(script=[text_reply(r) for r in replies])


def test_parse_score() -> None:
    assert parse_score("0.75") == (0.75, "parsed")
    assert parse_score("Score: 1.4")[0] == 1.0
    with pytest.raises(LLMError):
        parse_score("no idea")


def test_all_four_criteria_then_cache(tmp_path: Path) -> None:
    model = scripted("0.9", "0.8", "1", "0.5")
    judge = Judge(model, "fake-model", tmp_path)
    scores = judge.score_all("Where is Alvora AG?", "Zürich", "Zürich", "Alvora AG, in Zürich")
    assert scores == {
        "faithfulness": 0.9,
        "correctness": 0.8,
        "answer_relevance": 1.0,
        "information_recall": 0.5,
    }
    assert judge.calls == 4 and "Alvora AG, in Zürich" in str(model.calls[0][1].content)
    # A new judge on the same cache answers without calling the model (it has no replies left).
    again = Judge(scripted(), "fake-model", tmp_path)
    assert (
        again.score_all("Where is Alvora AG?", "Zürich", "Zürich", "Alvora AG, in Zürich") == scores
    )
    assert again.calls == 0
