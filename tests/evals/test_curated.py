"""The curated suite's runner on the fixture graph (structure and the scorer's verdicts), and its
aggregation by kind, language and part of the split."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from neo4j import Driver

from evals.curated import (
    DEFAULT_QUESTIONS,
    UNSPLIT,
    aggregate,
    load_parts,
    load_questions,
    run_curated,
)
from evals.fixture_graph import FixtureFacts, load_fixture_graph
from shabgraph.settings import Settings

UID = "CHE-100.000.012"


def question(
    qid: str, kind: str, lang: str, text: str, must: list[list[str]], **kw: Any
) -> dict[str, Any]:
    return {
        "id": qid,
        "language": lang,
        "type": kind,
        "question": text,
        "reference_answer": "",
        "must_contain": must,
        "must_not_contain": kw.get("must_not", []),
        "notices": [],
        "turns": kw.get("turns"),
    }


QUESTIONS = [
    # the fact asked is in the fixture graph: the answer holds it
    question(
        "t1", "direct", "en", "What is the UID of Alpenblick Holding AG?", [[UID, "100.000.012"]]
    ),
    # the same question judged against a fact the graph does not hold: the answer lacks it
    question(
        "t2", "direct", "de", "Welche UID hat die Alpenblick Holding AG?", [["CHE-999.999.999"]]
    ),
    # a fact the answer does hold, listed as forbidden: judged wrong
    question("t3", "direct", "fr", "Quel est l'IDE d'Alpenblick Holding AG ?", [], must_not=[UID]),
    question(
        "t4",
        "conversation",
        "de",
        "Und die UID?",
        [[UID]],
        turns=["Wo hat die Alpenblick Holding AG ihren Sitz?", "Und die UID?"],
    ),
]


@pytest.fixture(scope="module")
def facts(driver: Driver, neo4j_settings: Settings) -> FixtureFacts:
    """Loaded per module: other evals tests wipe the database per test."""
    return load_fixture_graph(driver, neo4j_settings.neo4j_database)


def test_runner_on_fixture_graph(
    driver: Driver, neo4j_settings: Settings, facts: FixtureFacts, tmp_path: Path
) -> None:
    qfile = tmp_path / "q" / "mine.jsonl"
    qfile.parent.mkdir()
    qfile.write_text("".join(json.dumps(q) + "\n" for q in QUESTIONS), encoding="utf-8")
    (qfile.parent / "split.json").write_text(
        json.dumps({"source": "mine.jsonl", "tune": ["t1", "t3"], "held": ["t2"]})
    )
    settings = neo4j_settings.model_copy(update={"data_dir": tmp_path})
    out = tmp_path / "report"
    paths = run_curated(settings, driver, out, qfile)

    assert [p.name for p in paths] == [
        "curated_answers.jsonl",
        "curated_report.json",
        "curated_report.md",
    ]
    answers = [json.loads(line) for line in paths[0].read_text(encoding="utf-8").splitlines()]
    assert [a["id"] for a in answers] == ["t1", "t2", "t3", "t4"]
    assert all(a["error"] is None and a["answer"] for a in answers)
    report = json.loads(paths[1].read_text(encoding="utf-8"))
    verdict = {r["id"]: r["right"] for r in report["rows"]}
    assert verdict == {"t1": True, "t2": False, "t3": False, "t4": True}, answers
    assert (report["right"], report["total"]) == (2, 4)
    assert report["by_type"] == {
        "conversation": {"right": 1, "total": 1, "accuracy": 1.0},
        "direct": {"right": 1, "total": 3, "accuracy": 0.333},
    }
    assert set(report["by_language"]) == {"de", "en", "fr"}
    assert report["by_part"]["tune"]["total"] == 2 and report["by_part"][UNSPLIT]["total"] == 1
    assert report["failed"] == ["t2", "t3"]
    md = paths[2].read_text(encoding="utf-8")
    assert "Accuracy **0.500** (2/4)" in md and "| held | 0 | 1 | 0.000 |" in md


def rows(*spec: tuple[str, str, str, bool]) -> list[dict[str, Any]]:
    return [
        {"id": f"q{i}", "type": t, "language": lang, "part": part, "right": right, "why": ""}
        for i, (t, lang, part, right) in enumerate(spec)
    ]


def test_aggregate_by_kind_language_and_part() -> None:
    summary = aggregate(
        rows(
            ("direct", "de", "tune", True),
            ("direct", "fr", "held", False),
            ("negative", "de", "tune", True),
            ("as_of", "it", "held", True),
        )
    )
    assert (summary["right"], summary["total"], summary["accuracy"]) == (3, 4, 0.75)
    assert summary["by_type"] == {
        "as_of": {"right": 1, "total": 1, "accuracy": 1.0},
        "direct": {"right": 1, "total": 2, "accuracy": 0.5},
        "negative": {"right": 1, "total": 1, "accuracy": 1.0},
    }
    assert summary["by_language"]["de"] == {"right": 2, "total": 2, "accuracy": 1.0}
    assert summary["by_language"]["fr"]["accuracy"] == 0.0
    assert summary["by_part"] == {
        "held": {"right": 1, "total": 2, "accuracy": 0.5},
        "tune": {"right": 2, "total": 2, "accuracy": 1.0},
    }
    assert summary["failed"] == ["q1"]
    assert aggregate([])["accuracy"] == 0.0


def test_parts_of_the_shipped_split() -> None:
    parts = load_parts(DEFAULT_QUESTIONS)
    assert set(parts.values()) == {"tune", "held"}
    assert len(parts) == 110


def test_a_files_own_split_comes_first(tmp_path: Path) -> None:
    (tmp_path / "split.json").write_text(json.dumps({"source": "other.jsonl", "tune": ["a"]}))
    (tmp_path / "mine_split.json").write_text(json.dumps({"held": ["b"], "tune": ["c"]}))
    assert load_parts(tmp_path / "mine.jsonl") == {"b": "held", "c": "tune"}
    assert load_parts(tmp_path / "other.jsonl") == {"a": "tune"}


def test_shipped_splits_cover_their_files() -> None:
    for path in sorted(DEFAULT_QUESTIONS.parent.glob("*.jsonl")):
        parts = load_parts(path)
        if not parts:
            continue
        ids = {q["id"] for q in load_questions(path)}
        assert set(parts) == ids, path.name
        assert 0.25 < sum(p == "held" for p in parts.values()) / len(ids) < 0.4, path.name


def test_split_of_another_file_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "split.json").write_text(json.dumps({"source": "other.jsonl", "tune": ["a"]}))
    assert load_parts(tmp_path / "mine.jsonl") == {}
