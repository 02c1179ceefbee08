"""The offline planner: deterministic rules, entity linking through search, template synthesis."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Literal

from graph_agent.answers.attributes import follow_up_dates
from graph_agent.planners import calls
from graph_agent.planners.base import ActOut, RouteOut, SynthOut, TurnView
from graph_agent.planners.offline import lexicon as lx
from graph_agent.planners.offline.fact_act import act_facts, act_list
from graph_agent.planners.offline.fact_plan import better_spans, route_facts
from graph_agent.planners.offline.language import has_language_words
from graph_agent.planners.offline.linking import homonym_survey
from graph_agent.planners.offline.lists import LIST_KINDS
from graph_agent.planners.offline.router import classify
from graph_agent.planners.offline.slots import cue_text, fill_slots, fold
from graph_agent.result import EntityRef
from graph_agent.state import Slots, ToolCall

TARGET_BY_TASK: dict[str, str] = {
    "network": "explore_network",
    "lookup": "explore_network",
    "history": "get_node_history",
    "any": "explore_network",
}
PERSON_ASPECTS = frozenset({"mandates"})
COMPANY_ASPECTS = frozenset({"branches", "head_office", "mergers", "transfers", "board"})


def tried_mentions(steps: list[dict[str, object]]) -> set[str]:
    """Mentions already searched in this turn (folded)."""
    return {
        fold(str(s["args"].get("query", "")))  # type: ignore[attr-defined]
        for s in steps
        if s.get("tool") == "search_companies"
    }


def ran(steps: list[dict[str, object]], tool: str) -> bool:
    """True when a tool already ran in this turn."""
    return any(s.get("tool") == tool for s in steps)


def pick_focus(focus: list[EntityRef], slots: Slots) -> tuple[EntityRef | None, str]:
    """(entity, reason): the carried-over entity a follow-up refers to, by the kind it needs."""
    if not focus:
        return None, "nothing in focus"
    want: Literal["company", "person"] | None = None
    if slots.aspect in PERSON_ASPECTS:
        want = "person"
    elif slots.aspect in COMPANY_ASPECTS or slots.past or slots.attribute:
        want = "company"
    for ent in focus:
        if want is None or ent.kind == want:
            return ent, f"carried over {ent.kind} '{ent.name}'" + (
                f" (needs a {want})" if want else ""
            )
    return focus[0], f"carried over '{focus[0].name}' (no {want} in focus)"


def wants_state(slots: Slots) -> bool:
    """True when the question asks for a company attribute the history (states) answers."""
    if not slots.attribute or slots.aspect or slots.role:
        return False
    return slots.attribute in ("registered", "name", "capital", "current") or bool(
        slots.as_of or slots.past
    )


def needs_second_look(slots: Slots) -> bool:
    """A former seat or the names over time need states on days read from the first history."""
    return wants_state(slots) and (
        slots.attribute == "name" or (slots.attribute == "seat" and slots.past)
    )


def target_call(task: str, entity: EntityRef | str, slots: Slots) -> ToolCall:
    """The call that answers an entity-centred question once the entity is known."""
    if wants_state(slots):
        # No event filter: a name "… in Liquidation" is no event type; capital now = state today.
        as_of = slots.as_of or (
            date.today().isoformat()
            if slots.attribute in ("capital", "current") and not slots.past
            else None
        )
        return calls.history_call(
            entity, slots.model_copy(update={"event_type": None, "as_of": as_of})
        )
    if task == "history" or (slots.past and task != "network"):
        return calls.history_call(entity, slots)
    return calls.network_call(entity, slots)


def second_look(view: TurnView, ent: EntityRef) -> list[ToolCall]:
    """History calls on the days whose state answers a former-seat or names question."""
    done = {s["args"].get("as_of") for s in view.steps if s.get("tool") == "get_node_history"}
    records = [
        r for s in view.steps if s.get("tool") == "get_node_history" for r in s.get("records", [])
    ]
    days = follow_up_dates(records, str(view.slots.attribute), view.slots.past)
    return [
        calls.history_call(ent, view.slots.model_copy(update={"as_of": d, "event_type": None}))
        for d in days[:6]
        if d not in done
    ]


def inherit_slots(slots: Slots, history: list[dict[str, object]]) -> tuple[Slots, str]:
    """A bare follow-up ("e prima?") keeps the aspect and role of the previous turn."""
    if not (slots.follow_up and history) or slots.aspect or slots.role or slots.spans:
        return slots, ""
    last = history[-1]
    aspect, role = last.get("aspect"), last.get("role")
    if not (aspect or role):
        return slots, ""
    update = {"aspect": aspect, "role": role}
    return slots.model_copy(
        update=update
    ), f"; kept aspect {aspect} / role {role} from the last turn"


class OfflinePlanner:
    """Rules in place of an LLM; same interface, same tools, same graph."""

    name: Literal["offline"] = "offline"

    async def route(self, view: TurnView, tool_names: list[str]) -> RouteOut:
        """Intent rules over the folded question, slots from `slots.fill_slots`."""
        slots = (
            view.slots
            if view.slots.spans or view.slots.uid
            else fill_slots(view.question, view.slots.as_of)
        )
        last_lang = view.history[-1].get("language") if view.history else None
        if last_lang in ("de", "fr", "it", "en") and not has_language_words(view.question):
            slots = slots.model_copy(update={"language": last_lang})
        facts = route_facts(view, slots)
        if facts is not None:
            return facts
        slots = better_spans(view.question, slots)
        slots, inherited = inherit_slots(slots, view.history)
        # Rules read the question without the names: "…, succursale de Vevey" asks no branches.
        intent, task, reason = classify(
            fold(cue_text(view.question, slots.spans)), slots, bool(view.focus)
        )
        reason += inherited
        if intent != "macro_analytics" and task != "text" and wants_state(slots):
            intent, task = "event_history", "history"
            reason += f"; asks for the {slots.attribute} (company states)"
        if intent == "macro_analytics":
            # A place in a macro question is a filter, not an entity.
            slots = slots.model_copy(
                update={"spans": [s for s in slots.spans if fold(s) not in _place_words(slots)]}
            )
        return RouteOut(intent=intent, task=task, reason=reason, slots=slots)

    async def act(self, view: TurnView) -> ActOut:
        """One round: link + target in one plan; later rounds recover (next mention, text)."""
        slots, steps = view.slots, view.steps
        if view.task == "facts":
            return act_facts(view)
        if view.task == "list" or (view.task == "count" and view.slots.attribute in LIST_KINDS):
            return act_list(view)
        if view.task == "count":
            return ActOut(
                calls=[] if ran(steps, "count_entities_by_event") else [calls.count_call(slots)],
                note="count with filters",
            )
        if view.task == "top":
            return ActOut(
                calls=[] if ran(steps, "get_top_entities") else [calls.top_call(slots)],
                note="ranking with filters",
            )
        if view.task == "text":
            if ran(steps, "global_text_search"):
                return ActOut(note="text searched")
            return ActOut(
                calls=[calls.text_call(slots.text or view.question, slots)], note="full-text search"
            )
        return self._entity_plan(view)

    def _entity_plan(self, view: TurnView) -> ActOut:
        slots, steps, task = view.slots, view.steps, view.task
        target = TARGET_BY_TASK.get(task, "explore_network")
        if view.homonyms:
            hom = [h.model_dump() for h in view.homonyms]
            if homonym_survey(slots.aspect, hom, steps):
                return ActOut(
                    calls=[calls.network_call(h, slots) for h in view.homonyms[:6]],
                    note="homonyms: the companies of each namesake",
                )
            return ActOut(note="homonyms: the user must choose")
        if view.entities:
            ent = view.entities[0]
            if any(s["args"].get("entity_id") == ent.id for s in steps):
                more = second_look(view, ent) if needs_second_look(slots) else []
                if more and not any(s.get("purpose") == "second look" for s in steps):
                    for c in more:
                        c.purpose = "second look"
                    return ActOut(calls=more, note="states on the days of the changes")
                return ActOut(note=f"'{ent.name}' explored")
            return ActOut(
                calls=[target_call(task, ent, slots)],
                note=f"explore '{ent.name}'",
                complete=not needs_second_look(slots),
            )
        mentions = ([slots.uid] if slots.uid else []) + slots.spans
        untried = [m for m in mentions if fold(m) not in tried_mentions(steps)]
        # A follow-up that names someone ("und die Beta AG?") is about that name.
        if untried and (not slots.follow_up or not view.focus or not steps):
            mention = untried[0]
            return ActOut(
                calls=[calls.search_call(mention, slots), target_call(task, calls.ENTITY, slots)],
                note=f"link '{mention}' then {target}",
                complete=not needs_second_look(slots),
            )
        if view.focus and not steps:
            chosen, why = pick_focus(view.focus, slots)
            if chosen:
                return ActOut(
                    calls=[target_call(task, chosen, slots)],
                    note=why,
                    complete=not needs_second_look(slots),
                )
        if view.focus and steps and needs_second_look(slots):
            used = next(
                (e for e in view.focus if any(s["args"].get("entity_id") == e.id for s in steps)),
                None,
            )
            if used and not any(s.get("purpose") == "second look" for s in steps):
                more = second_look(view, used)
                for c in more:
                    c.purpose = "second look"
                if more:
                    return ActOut(calls=more, note="states on the days of the changes")
        text = mentions[0] if mentions else None
        if text and "global_text_search" in view.allowed and not ran(steps, "global_text_search"):
            return ActOut(
                calls=[calls.text_call(text, slots, all_words=True)],
                note=f"no entity matched '{text}': deep-text fallback",
            )
        return ActOut(note="nothing left to try")

    async def synthesize(
        self, view: TurnView, form: str, draft: str, on_token: Callable[[str], None] | None = None
    ) -> SynthOut:
        """The template draft is the answer (no tokens to stream)."""
        return SynthOut(answer=draft)


def _place_words(slots: Slots) -> set[str]:
    words = {name for name, code in lx.CANTON_NAMES.items() if code == slots.canton}
    if slots.seat:
        words.add(fold(slots.seat))
    return words
