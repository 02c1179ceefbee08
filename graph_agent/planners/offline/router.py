"""Offline intent rules: small pure scoring functions, each returning (score, reason).

The highest score wins; ties go to the earlier rule. The reason of the winner is shown in the trace.
"""

from __future__ import annotations

from collections.abc import Callable

from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.lists import COMPANY_WORDS
from graph_agent.state import Slots
from shabgraph.register.folding import has_any
from tools.intents import Intent

Rule = Callable[[str, Slots, bool], tuple[float, str]]

POPULATION_WORDS = (
    *COMPANY_WORDS,
    "persons",
    "personen",
    "personnes",
    "persone",
    "notices",
    "publications",
    "meldungen",
)


def score_count(folded: str, slots: Slots, has_focus: bool) -> tuple[float, str]:
    """Counting over the registry ("how many bankruptcies in 2021")."""
    cue = has_any(folded, lx.COUNT_WORDS)
    if not cue:
        return 0.0, ""
    population = (
        slots.event_type
        or slots.legal_form
        or slots.canton
        or slots.sub_rubric
        or has_any(folded, POPULATION_WORDS)
    )
    if population and not (slots.aspect in ("mandates", "board", "branches") and slots.spans):
        return 0.9, f"count cue '{cue.strip()}' over a population"
    return 0.3, f"count cue '{cue.strip()}' about one entity"


def score_top(folded: str, slots: Slots, has_focus: bool) -> tuple[float, str]:
    """Rankings ("the 5 companies with the largest capital in Ticino")."""
    cue = has_any(folded, lx.TOP_WORDS)
    if cue and (slots.metric or has_any(folded, POPULATION_WORDS)):
        return 0.85, f"ranking cue '{cue.strip()}' with metric {slots.metric or 'default'}"
    return 0.0, ""


def score_text(folded: str, slots: Slots, has_focus: bool) -> tuple[float, str]:
    """Deep text ("notices mentioning 'Vermögensübertragung'")."""
    cue = has_any(folded, lx.TEXT_WORDS)
    return (0.8, f"text cue '{cue.strip()}'") if cue and slots.text else (0.0, "")


def score_history(folded: str, slots: Slots, has_focus: bool) -> tuple[float, str]:
    """Timelines and former states ("history of X", "wer war vorher Präsident?")."""
    cue = has_any(folded, lx.HISTORY_WORDS)
    if slots.past and (slots.role or slots.aspect in ("board", "mandates")) and not cue:
        return 0.0, ""  # former officers come from role intervals: the network rule takes it
    if cue:
        return 0.7, f"history cue '{cue.strip()}'"
    if slots.past:
        return 0.65, "asks about an earlier state"
    if slots.attribute == "current":
        return 0.65, "names a former state and asks for today's (states on today)"
    return 0.0, ""


def score_network(folded: str, slots: Slots, has_focus: bool) -> tuple[float, str]:
    """Officers, mandates, branches, mergers of one entity."""
    cue = has_any(folded, lx.NETWORK_WORDS)
    if slots.past and (slots.role or slots.aspect in ("board", "mandates")):
        return 0.75, f"former holders of '{slots.role or slots.aspect}' (role intervals)"
    if cue or slots.aspect:
        return 0.6, f"neighbourhood cue '{(cue or slots.aspect or '').strip()}'"
    return 0.0, ""


def score_lookup(folded: str, slots: Slots, has_focus: bool) -> tuple[float, str]:
    """Who or what an entity is."""
    cue = has_any(folded, lx.LOOKUP_WORDS)
    if cue:
        return 0.55, f"lookup cue '{cue.strip()}'"
    if slots.uid or slots.spans:
        return 0.4, "names an entity and nothing else"
    if has_focus and slots.follow_up:
        return 0.35, "refers back to the entity in focus"
    return 0.0, ""


RULES: tuple[tuple[Intent, str, Rule], ...] = (
    ("macro_analytics", "count", score_count),
    ("macro_analytics", "top", score_top),
    ("deep_text", "text", score_text),
    ("event_history", "history", score_history),
    ("network_exploration", "network", score_network),
    ("entity_disambiguation", "lookup", score_lookup),
)


def classify(folded: str, slots: Slots, has_focus: bool) -> tuple[Intent, str, str]:
    """(intent, task, reason); `all` when no rule fires."""
    best: tuple[Intent, str, str, float] = ("all", "any", "no rule fired: all tools", 0.0)
    for intent, task, rule in RULES:
        score, reason = rule(folded, slots, has_focus)
        if score > best[3]:
            best = (intent, task, reason, score)
    intent, task, reason, score = best
    return intent, task, f"{reason} (score {score:.2f})" if score else reason
