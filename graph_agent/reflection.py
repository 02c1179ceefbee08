"""The reflection decision after a round, and the synthesis form: pure functions over the trace."""

from __future__ import annotations

from typing import Any, Literal

from graph_agent.result import SynthesisForm
from graph_agent.state import AblationSwitches
from graph_agent.toolbox import is_fatal

Decision = Literal["continue", "finish"]
"""After a round: loop again to recover, or go to synthesis."""


def round_steps(steps: list[dict[str, Any]], rnd: int) -> list[dict[str, Any]]:
    """Steps of one round."""
    return [s for s in steps if s.get("round") == rnd]


def reflect(
    steps: list[dict[str, Any]],
    rnd: int,
    max_rounds: int,
    switches: AblationSwitches,
    complete: bool,
) -> tuple[Decision, str]:
    """(decision, reason) after round `rnd`: `continue` to recover, or `finish`."""
    mine = round_steps(steps, rnd)
    summary = (
        ", ".join(f"{s['tool']}={s['outcome']}({s.get('rows', 0)})" for s in mine) or "no call"
    )
    if any(is_fatal(str(s.get("message", ""))) for s in mine):
        return "finish", f"{summary}: the database is unreachable"
    if switches.no_reflection:
        return "finish", f"{summary}: reflection disabled (one round)"
    if rnd >= max_rounds:
        return "finish", f"{summary}: round limit {max_rounds} reached"
    if not mine:
        return "finish", "the planner had nothing more to try"
    last = mine[-1]
    if complete and last["outcome"] == "evidence":
        return "finish", f"{summary}: evidence gathered"
    if last["outcome"] == "error":
        return "continue", f"{summary}: error, try to recover"
    if last["outcome"] == "empty":
        return "continue", f"{summary}: nothing found, try another way"
    return "continue", f"{summary}: more steps planned"


def choose_form(
    task: str,
    aspect: str | None,
    steps: list[dict[str, Any]],
    linked: bool,
    homonyms: bool,
    error: str | None,
) -> tuple[SynthesisForm, str]:
    """(form, reason): the answer's shape, fixed by what was gathered, not by the planner."""
    if error or any(is_fatal(str(s.get("message", ""))) for s in steps):
        return "error", "the turn failed"
    if homonyms:
        return "table", "several entities share the name: list them"
    content = {s["tool"] for s in steps if s["outcome"] == "evidence"} - {"search_companies"}
    if not content and not (linked and task == "lookup"):
        if any(s["outcome"] == "error" and s["tool"] != "search_companies" for s in steps) or (
            steps and all(s["outcome"] == "error" for s in steps)
        ):
            return "error", "a tool failed and nothing else answered"
        return "negative", "no tool returned evidence"
    if task == "count" or "count_entities_by_event" in content:
        return "count", "a count was asked"
    if task == "lookup" and linked:
        return "dossier", "one entity"
    if task in ("top", "text") or content <= {
        "global_text_search",
        "get_top_entities",
        "run_cypher",
    }:
        return "table", "a list or ranking"
    if "get_node_history" in content:
        return "timeline", "an entity's history"
    if aspect:
        return "table", f"a list of {aspect}"
    return "network", "an entity's neighbourhood"
