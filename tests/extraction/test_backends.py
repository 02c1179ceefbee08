"""LLM and hybrid backends with a scripted fake model; prompts; coverage score."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingestion.extraction.backends import HybridBackend, get_extractor
from ingestion.extraction.cache import ExtractionCache
from ingestion.extraction.coverage import coverage
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.llm import LLMExtractor
from ingestion.extraction.models import ExtractionRecord, PersonMention
from ingestion.extraction.prompts import USER_PROMPT, placeholders, user_message
from shabgraph.errors import ConfigError
from shabgraph.settings import Settings
from tests.fakes.chat import ScriptedChatModel

pytestmark = pytest.mark.unit

ANSWER = {
    "events": ["officer_change"],
    "persons": [
        {
            "family_name": "Fiktiv",
            "given_names": "Fritz",
            "roles": ["chair"],
            "signature": "individual",
            "action": "registered",
        }
    ],
    "companies": [],
}
COVERED = (
    "Muster AG, in Exempel, CHE-111.111.111, Aktiengesellschaft (SHAB Nr. 1 vom 05.01.2026, "
    "Publ. 1). Eingetragene Personen neu oder mutierend: Fiktiv, Fritz, von Bern, in Thun, "
    "Präsident des Verwaltungsrates, mit Einzelunterschrift."
)
# A convention the rules do not know: the person comes after an unlabelled verb phrase.
UNCOVERED = (
    "Muster AG, in Exempel, CHE-111.111.111, Aktiengesellschaft (SHAB Nr. 1 vom 05.01.2026, "
    "Publ. 1). Gewählt wurde Fiktiv Fritz, von Bern, in Thun, als Berater."
)


def _llm(tmp_path: Path, script: list) -> tuple[LLMExtractor, ScriptedChatModel]:  # type: ignore[type-arg]
    fake = ScriptedChatModel(script=script)
    return LLMExtractor(
        fake,
        ExtractionCache(tmp_path / "cache"),
        "fake-model",
        max_concurrency=2,
        retries=2,
        retry_wait=False,
    ), fake


def test_llm_structured_output_parsed_and_cached(tmp_path: Path) -> None:
    llm, fake = _llm(tmp_path, [ANSWER])
    inp = ExtractionInput(id="n1", text=COVERED, language="de")
    [rec] = list(llm.extract_many([inp]))
    assert rec.id == "n1" and rec.error is None
    assert rec.persons[0].family_name == "Fiktiv" and rec.persons[0].roles == ["chair"]
    assert len(fake.calls) == 1
    # A re-run (new extractor, same cache directory) costs no call.
    llm2, fake2 = _llm(tmp_path, [])
    [again] = list(llm2.extract_many([inp]))
    assert again.persons == rec.persons and len(fake2.calls) == 0


def test_llm_retries_then_the_rules_record(tmp_path: Path) -> None:
    llm, fake = _llm(tmp_path, [RuntimeError("boom"), ANSWER, RuntimeError("a"), RuntimeError("b")])
    inputs = [
        ExtractionInput(id="ok", text="Text eins."),
        ExtractionInput(id="bad", text="Text zwei."),
    ]
    first = list(llm.extract_many(inputs[:1]))
    assert first[0].error is None and len(fake.calls) == 2, "one retry after the failure"
    second = list(llm.extract_many(inputs[1:]))
    # Both attempts failed: the rules extract the notice, and the fallback is counted.
    assert second[0].id == "bad" and second[0].error is None and second[0].persons == []
    assert list(llm.fallbacks) == ["bad"] and "RuntimeError: b" in llm.fallbacks["bad"]


def test_hybrid_sends_only_low_coverage(tmp_path: Path) -> None:
    llm, fake = _llm(tmp_path, [ANSWER])
    hybrid = HybridBackend(llm)
    inputs = [ExtractionInput(id="a", text=COVERED), ExtractionInput(id="b", text=UNCOVERED)]
    out = list(hybrid.extract_many(inputs))
    assert [r.id for r in out] == ["a", "b"]
    assert hybrid.sent == ["b"] and len(fake.calls) == 1
    assert out[1].persons[0].family_name == "Fiktiv"


def test_coverage_score() -> None:
    rec = ExtractionRecord(id="x")
    assert coverage(UNCOVERED, rec)[0] == 0.0
    rec.persons.append(PersonMention(family_name="Fiktiv", given_names="Fritz"))
    score, reason = coverage(UNCOVERED, rec)
    assert score == 1.0 and "1/1" in reason
    assert coverage("Muster AG, in Exempel. Zweck: Handel.", ExtractionRecord(id="y"))[0] == 1.0


def test_prompt_placeholders_match() -> None:
    assert placeholders(USER_PROMPT) == {"text", "language"}
    msg = user_message("Notice", None)
    assert "Notice" in msg and "unknown" in msg


def test_get_extractor_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        get_extractor("magic", Settings())
    with pytest.raises(ConfigError):
        get_extractor("llm", Settings(SHABGRAPH_LLM_BASE_URL=None, SHABGRAPH_DATA_DIR=tmp_path))
    assert get_extractor("rules", Settings()).name == "rules"


def test_needles_are_read_from_the_parsed_regex() -> None:
    from ingestion.extraction.gates import may_match, needles

    assert needles(r"\bFusion(?:svertrag)?\b(?!\s+der\s+Gemeinden)") == {"Fusion"}
    assert needles(r"(?:Konkurs|faillite)eröffnung") == {"eröffnung"}
    assert needles(r"(?:Konkurs|faillite) ") == {"Konkurs", "faillite"}
    assert needles(r"a?bcde") == {"bcde"}
    assert needles(r"(?i)konkurs") is None  # case-insensitive: no verbatim needle
    assert needles(r"x{0,3}yz") is None  # too short to filter anything
    assert may_match(None, "anything") and not may_match(frozenset({"Fusion"}), "fusion")


def test_needles_never_skip_a_matching_cue() -> None:
    """On every gold text, a cue that matches has one of its needles in the text."""
    import json
    import re

    from ingestion.extraction.gates import may_match, needles
    from ingestion.extraction.vocab import ordered
    from tests.conftest import GOLD

    texts = [json.loads(x)["text"] for x in (GOLD / "inputs_dev.jsonl").read_text().splitlines()]
    texts += ["Fusionsvertrag vom 1.1.2020", "Kapitalerhöhung", "Le capital-actions porté à CHF 1"]
    checked = 0
    for v in ordered(None):
        patterns = [p for p, _ in v.event_cues] + list(v.deletion_cues) + list(v.registration_cues)
        for pattern in patterns:
            keys, rx = needles(pattern), re.compile(pattern, re.MULTILINE)
            for text in texts:
                if rx.search(text):
                    checked += 1
                    assert may_match(keys, text), (pattern, keys)
    assert checked > 50  # the gold texts exercise the cues
