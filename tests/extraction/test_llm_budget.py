"""The LLM extractor's costs on a slow server: a capped reply, each answer cached as soon as it
comes (an interrupted run keeps its work), and the ingest summary's line saying who extracted
what (scripted model)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ingestion.extraction.backends import HybridBackend
from ingestion.extraction.cache import ExtractionCache
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.llm import MAX_TOKENS, LLMExtractor
from ingestion.extraction.rules import RulesExtractor
from ingestion.graph.stages.summary import IngestSummary, summary_table
from shabgraph import structured
from tests.extraction.test_llm_robust import ANSWER, extractor, notices
from tests.fakes.chat import LengthFinishReasonError, ScriptedChatModel, text_reply

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def fresh_detection() -> Iterator[None]:
    structured.forget_detected()
    yield
    structured.forget_detected()


def interrupt(_: Any) -> Any:
    """What Ctrl-C during the third request does."""
    raise KeyboardInterrupt


def test_every_request_caps_the_reply(tmp_path: Path) -> None:
    llm, fake = extractor(tmp_path, [ANSWER, ANSWER])
    list(llm.extract_many(notices(2)))
    assert fake.max_tokens == [MAX_TOKENS, MAX_TOKENS] == [512, 512]


def test_a_reply_cut_at_the_cap_is_not_asked_again(tmp_path: Path) -> None:
    cut = LengthFinishReasonError(
        "Could not parse response content as the length limit was reached"
    )
    llm, fake = extractor(tmp_path, [cut, ANSWER], retries=3)
    [inp] = notices(1)
    [rec] = list(llm.extract_many([inp]))
    assert len(fake.calls) == 1 and fake.script == [ANSWER]  # no retry: it would run to the cap
    assert rec == RulesExtractor().extract(inp)
    assert llm.fallbacks["n0"].startswith("the LLM's answer was unusable (the LLM call failed")
    assert "LengthFinishReasonError" in llm.fallbacks["n0"]


def test_an_interrupted_batch_keeps_the_answers_it_got(tmp_path: Path) -> None:
    llm, fake = extractor(tmp_path, [ANSWER, ANSWER, interrupt])
    with pytest.raises(KeyboardInterrupt):
        list(llm.extract_many(notices(3)))  # one batch of three
    assert len(fake.calls) == 3
    again, fake2 = extractor(tmp_path, [ANSWER])  # same cache folder
    recs = list(again.extract_many(notices(3)))
    assert len(fake2.calls) == 1  # only the interrupted notice is asked again
    assert [len(r.persons) for r in recs] == [1, 1, 1]
    assert (again.answered, again.cached, again.calls) == (3, 2, 1)


def test_the_report_counts_model_answers_cache_hits_and_fallbacks(tmp_path: Path) -> None:
    llm, _ = extractor(tmp_path, [ANSWER, text_reply("no idea")], retries=1)
    list(llm.extract_many(notices(2)))
    assert llm.report() == (
        "llm: 2 notices, 1 by the model (0 from its cache), 1 fell back to the rules; "
        "2 requests (json_schema)"
    )


def test_hybrid_reports_how_many_notices_it_sent_to_the_llm(tmp_path: Path) -> None:
    fake = ScriptedChatModel(script=[ANSWER])
    llm = LLMExtractor(fake, ExtractionCache(tmp_path / "c"), "fake", max_concurrency=1)
    hybrid = HybridBackend(llm)
    list(hybrid.extract_many(notices(2)))  # the rules cover this notice fully
    assert hybrid.report() == "hybrid: 2 notices, 0 sent to the LLM (rules coverage below 0.75)"
    assert fake.calls == []
    bare = ExtractionInput(
        id="u1",
        text="Muster AG, in Exempel, CHE-111.111.111, Aktiengesellschaft (SHAB Nr. 1 vom "
        "05.01.2026, Publ. 1). Gewählt wurde Fiktiv Fritz, von Bern, in Thun, als Berater.",
    )
    list(hybrid.extract_many([bare]))
    assert hybrid.report() == (
        "hybrid: 3 notices, 1 sent to the LLM (rules coverage below 0.75); llm: 1 notices, "
        "1 by the model (0 from its cache), 0 fell back to the rules; 1 requests (json_schema)"
    )
    assert "Fiktiv Fritz" in str(fake.calls[0][1].content)


def test_the_ingest_summary_prints_the_extractor_line() -> None:
    line = "llm: 10 notices, 6 by the model (0 from its cache), 4 fell back to the rules"
    table = summary_table(IngestSummary(notices=10, extractor=line))
    rows = dict(zip(table.columns[0].cells, table.columns[1].cells, strict=True))
    assert rows["extractor"] == line
    assert "extractor" not in list(summary_table(IngestSummary(notices=1)).columns[0].cells)
