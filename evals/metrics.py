"""Deterministic metrics (no LLM): per-item scores and per-item diagnostics of the paper.

Per-item functions return `(score, reason)` or a plain value; aggregation and intervals live in
`evals.stats` and `evals.summary`. The definitions follow the paper's tables:
correctness and information recall (Tables 7, S12) as the share of reference facts present;
evidence-bearing retrieval and supported outcome (Tables 8, S26); empty-result and tool-error
rates (Tables 8, S14); search-first accuracy, fallback activation, reasoning steps, query success
(Table 5); turn success, context carryover, tool transition (Table S5); token recall and hit@50%
(Table S25).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from evals.benchmark import ReferenceFact
from evals.matching import match_fact, tokens
from evals.records import ItemRecord

SUCCESS_THRESHOLD = 0.8
"""Correctness at or above which an answer counts as correct (the paper's turn-success rule)."""
EVIDENCE_THRESHOLD = 0.5
"""Share of reference facts that retrieved context must hold to count as evidence-bearing."""
FALLBACK_TOOLS = frozenset({"global_text_search", "search_notice_text", "text_search"})
"""The lexical full-text fallback tools (the paper's deep-text fallback)."""

# Function words of de/fr/it/en that say nothing about whether an answer holds the facts.
STOPWORDS = frozenset(
    [
        "a",
        "al",
        "alla",
        "als",
        "am",
        "an",
        "and",
        "are",
        "as",
        "at",
        "au",
        "aux",
        "bei",
        "by",
        "che",
        "da",
        "dal",
        "de",
        "dei",
        "del",
        "della",
        "der",
        "des",
        "di",
        "die",
        "du",
        "e",
        "ed",
        "ein",
        "eine",
        "einer",
        "en",
        "et",
        "for",
        "from",
        "has",
        "hat",
        "ihre",
        "il",
        "im",
        "in",
        "is",
        "ist",
        "it",
        "its",
        "la",
        "le",
        "les",
        "lo",
        "mit",
        "nel",
        "of",
        "on",
        "or",
        "par",
        "pour",
        "qui",
        "sa",
        "se",
        "ses",
        "sind",
        "son",
        "the",
        "to",
        "un",
        "una",
        "und",
        "une",
        "uno",
        "von",
        "was",
        "were",
        "with",
        "zu",
        "zum",
        "zur",
    ]
)


def fact_score(facts: Sequence[ReferenceFact], text: str) -> tuple[float, list[str]]:
    """Share of facts present in `text`, with one reason per fact."""
    if not facts:
        return 0.0, ["no reference facts"]
    hits = [match_fact(f, text) for f in facts]
    return sum(s for s, _ in hits) / len(hits), [r for _, r in hits]


def content_tokens(text: str) -> frozenset[str]:
    """Folded tokens minus function words and one-letter tokens."""
    return frozenset(t for t in tokens(text) if len(t) > 1 and t not in STOPWORDS)


def token_recall(reference: str, context: str) -> tuple[float, str]:
    """Share of the reference answer's content tokens that occur in the retrieved context."""
    wanted = content_tokens(reference)
    if not wanted:
        return 0.0, "reference has no content tokens"
    found = wanted & content_tokens(context)
    return len(found) / len(wanted), f"{len(found)}/{len(wanted)} reference tokens retrieved"


def evidence_bearing(r: ItemRecord) -> bool:
    """Retrieved context holds at least half of the reference facts."""
    return r.evidence >= EVIDENCE_THRESHOLD


def supported_outcome(r: ItemRecord) -> bool:
    """Correct answer backed by evidence-bearing retrieval (Table S26's definition)."""
    return answer_correct(r) and evidence_bearing(r)


def answer_correct(r: ItemRecord) -> bool:
    """The paper's success rule: correctness >= 0.8, or the judge's rule when it scored."""
    if r.correctness >= SUCCESS_THRESHOLD:
        return True
    corr, rel = r.judge.get("correctness"), r.judge.get("answer_relevance")
    if corr is not None and corr >= SUCCESS_THRESHOLD:
        return True
    return corr is not None and rel is not None and corr >= 0.7 and rel >= 0.7


def empty_result(r: ItemRecord) -> bool:
    """Nothing came back: no document (flat), or no tool call that returned evidence (graph)."""
    if r.output.error:
        return False
    if r.family == "flat":
        return r.output.retrieved == 0
    return "evidence" not in r.output.tool_outcomes


def tool_error(r: ItemRecord) -> bool:
    """The system failed, or one of its tool calls reported an error."""
    return bool(r.output.error) or "error" in r.output.tool_outcomes


def unsuccessful(r: ItemRecord) -> bool:
    """A recorded failure marker: an error, or an empty result (Tables S16, S17)."""
    return tool_error(r) or empty_result(r)


def failed_call_share(records: Sequence[ItemRecord]) -> float:
    """Empty or error tool calls over all tool calls (Table S26)."""
    outcomes = [o for r in records for o in r.output.tool_outcomes]
    if not outcomes:
        return 0.0
    return sum(o != "evidence" for o in outcomes) / len(outcomes)


def search_first(r: ItemRecord) -> bool | None:
    """The first tool called is the expected first tool (None when the item names none)."""
    if r.family != "graph" or not r.expected_tools:
        return None
    return bool(r.output.tools) and r.output.tools[0] == r.expected_tools[0]


def fallback_activated(r: ItemRecord) -> bool:
    """The full-text fallback tool was called."""
    return any(t in FALLBACK_TOOLS for t in r.output.tools)


def planner_fell_back(r: ItemRecord) -> bool | None:
    """The LLM planner's turn had a step decided by the offline planner (None: no LLM turn)."""
    trace = r.output.trace
    if r.family != "graph" or trace is None or trace.get("planner") != "llm":
        return None
    return bool(trace.get("fell_back"))


def reasoning_steps(r: ItemRecord) -> int:
    """Tool calls made for the item."""
    return len(r.output.tools)


def query_success(r: ItemRecord) -> bool:
    """The system returned an answer without an error."""
    return r.output.error is None


def tool_transition(r: ItemRecord) -> bool | None:
    """At least one expected tool was called (None for flat systems or items without tools)."""
    if r.family != "graph" or not r.expected_tools:
        return None
    return any(t in r.output.tools for t in r.expected_tools)


def carryover(r: ItemRecord) -> bool | None:
    """Turn success on a turn that needs context from earlier turns (None otherwise)."""
    if not r.needs_context:
        return None
    return answer_correct(r)


def hit_at_half(r: ItemRecord) -> bool:
    """Token recall of the retrieved context reaches 50% (Table S25)."""
    return r.token_recall >= 0.5


def latency_summary(values_ms: Sequence[float]) -> dict[str, float]:
    """Mean, median and 95th percentile in seconds."""
    if not values_ms:
        return {"mean_s": float("nan"), "median_s": float("nan"), "p95_s": float("nan")}
    arr = np.asarray(values_ms, dtype=float) / 1000.0
    return {
        "mean_s": float(arr.mean()),
        "median_s": float(np.median(arr)),
        "p95_s": float(np.percentile(arr, 95)),
    }
