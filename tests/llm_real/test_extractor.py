"""The LLM extractor's structured output on real notices, through the product's extractor code.

`get_extractor("llm", settings)` builds the extractor with the one factory against the rig; the
inputs are the real development notices' extractor inputs (tests/data/gold/inputs_dev.jsonl),
the shortest of each language, compared with their hand-made gold by the project's scorer. No
name of a notice appears here: the facts come from the gold file.
"""

from __future__ import annotations

import json
import time

from evals.extraction_scorer import fold, score
from ingestion.extraction.backends import get_extractor
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.llm import LLMExtractor
from ingestion.extraction.models import ExtractionRecord
from shabgraph.settings import Settings
from tests.conftest import GOLD
from tests.llm_real.conftest import timed

LANGUAGES = ("de", "fr", "it")


def shortest_per_language() -> tuple[list[ExtractionInput], list[ExtractionRecord]]:
    """The shortest input of each language that has a person in its gold, and that gold."""
    lines = (GOLD / "inputs_dev.jsonl").read_text(encoding="utf-8").splitlines()
    inputs = [ExtractionInput.model_validate(json.loads(x)) for x in lines if x.strip()]
    gold_lines = (GOLD / "gold_dev.jsonl").read_text(encoding="utf-8").splitlines()
    gold = {r.id: r for r in (ExtractionRecord.model_validate_json(x) for x in gold_lines if x)}
    picked = []
    for lang in LANGUAGES:  # most inputs carry no language: the gold says which it is
        cands = [i for i in inputs if gold[i.id].language == lang and gold[i.id].persons]
        picked.append(min(cands, key=lambda i: len(i.text)))
    return picked, [gold[i.id] for i in picked]


def test_the_llm_extractor_reads_real_notices_by_json_schema(llm_settings: Settings) -> None:
    inputs, gold = shortest_per_language()
    # One request at a time: the server then reuses the cached prompt prefix (the long system
    # prompt and schema), where parallel requests each read all of it on two busy cores.
    settings = llm_settings.model_copy(update={"llm_max_concurrency": 1, "llm_timeout": 900.0})
    extractor = get_extractor("llm", settings)
    assert isinstance(extractor, LLMExtractor)
    started = time.perf_counter()
    records = list(extractor.extract_many(inputs))
    seconds = time.perf_counter() - started
    timed(f"extractor, {len(inputs)} notices (per notice)", seconds / len(inputs))
    assert [r.id for r in records] == [i.id for i in inputs]
    assert [r.language for r in records] == [i.language for i in inputs]
    assert [r.error for r in records] == [None] * len(inputs)
    # The model's own answers, by JSON schema, one request per notice: no notice went to the rules.
    assert extractor.fallbacks == {} and extractor.method == "json_schema"
    assert extractor.calls == len(inputs)
    for inp, rec in zip(inputs, records, strict=True):
        # Every person the model names is written in the notice (no invented name).
        text = fold(inp.text)
        assert all(fold(p.family_name) in text for p in rec.persons), rec.persons
    report = score(gold, records)
    persons = report.overall.persons
    assert persons.gold >= len(inputs) and persons.tp >= 1, report.overall
    # Answers are cached: the same inputs again cost no request.
    again = get_extractor("llm", settings)
    assert isinstance(again, LLMExtractor)
    assert [r.model_dump() for r in again.extract_many(inputs)] == [r.model_dump() for r in records]
    assert again.calls == 0
