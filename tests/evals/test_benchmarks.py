"""The benchmark format, the shipped files, and the generator on a small fictitious truth."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from evals import benchmark
from evals.generate import conversational, graph_seeded
from evals.matching import match_fact
from evals.pipeline import DATA_DIR
from evals.truth import Truth
from shabgraph.errors import InputError
from tests.evals.truth_factory import build


@pytest.fixture(scope="module")
def truth(tmp_path_factory: pytest.TempPathFactory) -> Truth:
    return Truth.load(build(tmp_path_factory.mktemp("corpus")).parent)


def test_shipped_schema_is_current() -> None:
    shipped = json.loads((DATA_DIR / "benchmark.schema.json").read_text())
    assert shipped == benchmark.json_schema()


def test_shipped_curated_file_is_valid() -> None:
    items = benchmark.load(DATA_DIR / "curated_real.jsonl")
    assert items and all(i.suite == "curated" for i in items)


def test_loader_reports_line_and_field(tmp_path: Path) -> None:
    good = {
        "id": "q1",
        "suite": "curated",
        "text": "?",
        "language": "de",
        "task_type": "direct",
        "difficulty": 1,
        "reference_answer": "x",
        "facts": [{"kind": "name", "value": "x"}],
    }
    path = tmp_path / "b.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps({**good, "id": "q2", "language": "xx"}))
    with pytest.raises(InputError, match=r"b.jsonl:2: field `question.language`"):
        benchmark.load(path)
    path.write_text(json.dumps(good) + "\n" + json.dumps(good))
    with pytest.raises(InputError, match="duplicate id"):
        benchmark.load(path)
    path.write_text("{not json")
    with pytest.raises(InputError, match="not valid JSON"):
        benchmark.load(path)


def test_roundtrip(tmp_path: Path, truth: Truth) -> None:
    qs = graph_seeded(truth, 20)
    benchmark.dump(qs, tmp_path / "gs.jsonl")
    assert benchmark.load(tmp_path / "gs.jsonl") == qs


def test_generator_covers_the_plan(truth: Truth) -> None:
    qs = graph_seeded(truth, 72, seed=3)
    assert len(qs) == 72 and len({q.id for q in qs}) == 72
    assert set(Counter(q.task_type for q in qs)) == {
        "direct",
        "namehub",
        "temporal",
        "network",
        "as_of",
        "aggregate",
    }
    assert set(Counter(q.difficulty for q in qs)) == {1, 2, 3}
    assert set(Counter(q.language for q in qs)) == {"de", "fr", "it", "en"}
    assert graph_seeded(truth, 72, seed=3) == qs  # deterministic


def test_references_agree_with_the_truth(truth: Truth) -> None:
    qs = graph_seeded(truth, 72, seed=3)
    for q in qs:
        if q.task_type == "direct" and q.difficulty == 2:
            company = truth.companies[q.entities[0]]
            assert company["uid"] in q.text
            assert match_fact(q.facts[0], truth.current_name(company["id"]))[0] == 1.0
        if q.task_type == "aggregate" and q.difficulty == 2:
            year = next(w for w in q.text.replace("?", " ").split() if w.isdigit())
            assert int(q.facts[0].value) > 0 and len(year) == 4
        if q.task_type == "as_of" and q.difficulty == 2:
            company = truth.companies[q.entities[0]]
            assert q.facts[0].value != company["seats"][-1]["value"]  # a past seat


def test_conversations_refer_back(truth: Truth) -> None:
    cs = conversational(truth, 4)
    assert len(cs) == 4
    for c in cs:
        assert 3 <= len(c.turns) <= 5
        assert not c.turns[0].needs_context and all(t.needs_context for t in c.turns[1:])
        assert truth.current_name(c.entities[0]) in c.turns[0].text


def test_missing_truth_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a ground-truth folder"):
        Truth.load(tmp_path)
