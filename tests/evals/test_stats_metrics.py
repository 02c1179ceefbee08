"""Statistics and per-item metrics."""

from __future__ import annotations

import pytest

from evals import metrics as m
from evals.benchmark import ReferenceFact
from evals.records import ItemRecord, SystemOutput
from evals.stats import bootstrap_mean, holm, mcnemar_exact, paired, wilson


def test_wilson_matches_known_values() -> None:
    iv = wilson(0, 300)
    assert iv.value == 0 and iv.low == 0 and iv.high == pytest.approx(0.0126, abs=1e-3)
    iv = wilson(282, 300)
    assert (iv.low, iv.high) == pytest.approx((0.907, 0.962), abs=1e-3)  # paper, Table S16


def test_bootstrap_interval_contains_mean_and_is_reproducible() -> None:
    values = [0.0, 1.0] * 50
    a, b = bootstrap_mean(values), bootstrap_mean(values)
    assert a == b and a.low < 0.5 < a.high and a.n == 100


def test_holm_is_monotone_and_capped() -> None:
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.9, 0.8]) == pytest.approx([1.0, 1.0])


def test_mcnemar_and_paired() -> None:
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(0, 10) < 0.01
    c = paired("dense", "full", "answer_correct", [0] * 20, [1] * 20, binary=True)
    assert c.diff == -1.0 and c.b_only == 20 and c.p < 0.001
    with pytest.raises(ValueError):
        paired("x", "full", "c", [1.0], [1.0, 0.0], binary=False)


def record(**kw: object) -> ItemRecord:
    output = SystemOutput(**kw.pop("output", {"answer": ""}))  # type: ignore[arg-type]
    base: dict[str, object] = dict(
        system="full",
        family="graph",
        suite="graph-seeded",
        item_id="q1",
        question="?",
        language="en",
        task_type="direct",
        difficulty=1,
        correctness=1.0,
        evidence=1.0,
        token_recall=1.0,
    )
    base.update(kw)
    return ItemRecord(output=output, **base)  # type: ignore[arg-type]


def test_fact_score_and_token_recall() -> None:
    facts = [ReferenceFact(kind="name", value="Zürich"), ReferenceFact(kind="number", value="5")]
    score, reasons = m.fact_score(facts, "Based in Zurich.")
    assert score == 0.5 and "missing" in reasons[1]
    assert m.token_recall("Alvora AG; Zürich", "alvora ag in zurich")[0] == 1.0
    assert m.token_recall("Alvora AG; Zürich", "nothing here")[0] == 0.0


def test_trajectory_diagnostics() -> None:
    ok = record(
        output={
            "answer": "x",
            "tools": ["search_companies", "explore_network"],
            "tool_outcomes": ["evidence", "evidence"],
        },
        expected_tools=["search_companies", "explore_network"],
    )
    assert m.search_first(ok) and m.tool_transition(ok) and not m.empty_result(ok)
    empty = record(
        output={"answer": "x", "tools": ["global_text_search"], "tool_outcomes": ["empty"]},
        expected_tools=["search_companies"],
    )
    assert m.empty_result(empty) and m.fallback_activated(empty) and not m.search_first(empty)
    assert m.unsuccessful(empty) and not m.tool_error(empty)
    failed = record(output={"answer": "", "error": "boom"}, correctness=0.0)
    assert m.tool_error(failed) and not m.query_success(failed)
    assert m.failed_call_share([ok, empty]) == pytest.approx(1 / 3)
    flat = record(family="flat", output={"answer": "", "retrieved": 0})
    assert m.empty_result(flat) and m.search_first(flat) is None


def test_success_rules_and_carryover() -> None:
    assert m.answer_correct(record(correctness=0.8))
    assert not m.answer_correct(record(correctness=0.5))
    judged = record(correctness=0.5, judge={"correctness": 0.75, "answer_relevance": 0.9})
    assert m.answer_correct(judged)
    assert m.carryover(record(needs_context=False)) is None
    assert m.carryover(record(needs_context=True, correctness=0.0)) is False
    assert m.supported_outcome(record(correctness=1.0, evidence=0.4)) is False
