"""The LLM extractor with a weak model and a flaky server (scripted): structured output detected,
near misses salvaged, and every notice the LLM cannot do extracted by the rules, counted."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ingestion.extraction.backends import HybridBackend
from ingestion.extraction.cache import ExtractionCache
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.llm import DOWN_AFTER, LLMExtractor
from ingestion.extraction.rules import RulesExtractor
from shabgraph import structured
from tests.fakes.chat import Refused, ScriptedChatModel, ServerDown, text_reply, tool_reply

pytestmark = pytest.mark.unit

NOTICE = (
    "Beispiel Papier AG, in Exempelbach, CHE-222.222.227, Aktiengesellschaft (SHAB Nr. 9 vom "
    "02.03.2026, Publ. 4). Eingetragene Personen neu oder mutierend: Probe, Hanna, von Olten, "
    "in Aarau, Mitglied des Verwaltungsrates, mit Kollektivunterschrift zu zweien."
)
PERSON = {
    "family_name": "Probe",
    "given_names": "Hanna",
    "roles": ["board_member"],
    "signature": "collective_two",
    "action": "registered",
}
ANSWER = {"events": ["officer_change"], "persons": [PERSON], "companies": []}


@pytest.fixture(autouse=True)
def fresh_detection() -> Iterator[None]:
    structured.forget_detected()
    yield
    structured.forget_detected()


def notices(n: int) -> list[ExtractionInput]:
    return [
        ExtractionInput(id=f"n{i}", text=NOTICE.replace("Publ. 4", f"Publ. {i}"), language="de")
        for i in range(n)
    ]


def extractor(
    tmp_path: Path, script: list[object], retries: int = 3
) -> tuple[LLMExtractor, ScriptedChatModel]:
    fake = ScriptedChatModel(script=script)
    cache = ExtractionCache(tmp_path / "cache")
    llm = LLMExtractor(fake, cache, "fake", max_concurrency=1, retries=retries, retry_wait=False)
    return llm, fake


def test_json_schema_is_asked_first_and_the_answer_read_from_the_json_text(tmp_path: Path) -> None:
    llm, fake = extractor(tmp_path, [ANSWER])
    [rec] = list(llm.extract_many(notices(1)))
    assert fake.formats == ["NoticeExtraction"] and llm.method == "json_schema"
    assert [(p.family_name, p.roles, p.signature) for p in rec.persons] == [
        ("Probe", ["board_member"], "collective_two")
    ]
    assert llm.fallbacks == {} and llm.calls == 1


def test_a_server_refusing_json_schema_is_asked_by_tool_calling_from_then_on(
    tmp_path: Path,
) -> None:
    llm, fake = extractor(
        tmp_path, [Refused("response_format"), tool_reply("NoticeExtraction", ANSWER), ANSWER]
    )
    recs = list(llm.extract_many(notices(2)))
    assert [len(r.persons) for r in recs] == [1, 1] and llm.method == "tools"
    assert fake.formats == ["NoticeExtraction", None, None] and llm.calls == 3


def test_a_fenced_answer_with_extra_keys_and_a_bad_item_is_salvaged(tmp_path: Path) -> None:
    bad_person = {**PERSON, "family_name": "Zweite", "action": "maybe"}
    reply = text_reply(
        "Here is the extraction:\n```json\n"
        + json.dumps({**ANSWER, "persons": [PERSON, bad_person], "confidence": 0.7})
        + "\n```"
    )
    llm, _ = extractor(tmp_path, [reply])
    [rec] = list(llm.extract_many(notices(1)))
    assert [p.family_name for p in rec.persons] == ["Probe"]  # the invalid item dropped
    assert llm.fallbacks == {}


def test_an_unusable_reply_gets_the_rules_record_once_asked_and_not_cached(tmp_path: Path) -> None:
    llm, fake = extractor(tmp_path, [text_reply("The notice registers Hanna Probe.")], retries=3)
    [inp] = notices(1)
    [rec] = list(llm.extract_many([inp]))
    assert rec == RulesExtractor().extract(inp)
    assert llm.fallbacks == {
        "n0": "the LLM's answer was unusable (no NoticeExtraction object in the reply)"
    }
    assert len(fake.calls) == 1  # the same prompt would give the same reply: no retry
    again, fake2 = extractor(tmp_path, [ANSWER])
    list(again.extract_many([inp]))
    assert len(fake2.calls) == 1 and again.fallbacks == {}  # the failure was not cached


def test_a_dead_server_is_given_up_after_a_few_notices(tmp_path: Path) -> None:
    llm, fake = extractor(tmp_path, [ServerDown("Connection refused")] * 20, retries=2)
    inputs = notices(5)
    recs = list(llm.extract_many(inputs))
    assert recs == [RulesExtractor().extract(i) for i in inputs]
    assert len(fake.calls) == DOWN_AFTER * 2 == llm.calls  # two attempts each, then no more
    assert sorted(llm.fallbacks) == [f"n{i}" for i in range(5)]
    assert llm.down.startswith("the LLM server cannot be reached")
    assert llm.fallbacks["n4"].startswith("the LLM is unavailable")


def test_hybrid_keeps_the_rules_record_and_the_fallback_is_counted(tmp_path: Path) -> None:
    uncovered = ExtractionInput(
        id="u1",
        text="Muster AG, in Exempel, CHE-111.111.111, Aktiengesellschaft (SHAB Nr. 1 vom "
        "05.01.2026, Publ. 1). Gewählt wurde Fiktiv Fritz, von Bern, in Thun, als Berater.",
    )
    llm, _ = extractor(tmp_path, [text_reply("{not json")])
    hybrid = HybridBackend(llm)
    [rec] = list(hybrid.extract_many([uncovered]))
    assert hybrid.sent == ["u1"] and list(llm.fallbacks) == ["u1"]
    assert rec == RulesExtractor().extract(uncovered)
