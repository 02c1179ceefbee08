"""Turns what a turn gathered into a cited Markdown draft in the form fixed by the state machine."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from graph_agent.answers import templates as tpl
from graph_agent.answers.aspects import select_records
from graph_agent.answers.attributes import attribute_lines
from graph_agent.answers.citations import cite, collect, date_map, pubs_of
from graph_agent.answers.fact_draft import fact_draft
from graph_agent.answers.i18n import t
from graph_agent.answers.labels import label, say
from graph_agent.planners.base import TurnView
from graph_agent.result import Citation, EntityRef


class Draft(BaseModel):
    """A template answer and what it rests on."""

    text: str
    """Markdown."""
    records: list[dict[str, Any]] = Field(default_factory=list)
    """Records used."""
    citations: list[Citation] = Field(default_factory=list)
    """Notices cited."""
    negative: bool = False
    """The gathered rows did not answer the question (the form becomes `negative`)."""


def evidence_records(steps: list[dict[str, Any]], tool: str | None = None) -> list[dict[str, Any]]:
    """Records of the steps that returned evidence (of one tool, or all but the search)."""
    return [
        r
        for s in steps
        if s["outcome"] == "evidence"
        and (s["tool"] == tool if tool else s["tool"] != "search_companies")
        for r in s.get("records", [])
    ]


def _linked_record(view: TurnView, entity: EntityRef) -> dict[str, Any]:
    for s in view.steps:
        if s["tool"] == "search_companies":
            for r in s.get("records", []):
                if r.get("id") == entity.id:
                    return dict(r)
    return {"id": entity.id, "name": entity.name, "uid": entity.uid}


def subject_entity(view: TurnView) -> EntityRef | None:
    """The entity the turn explored: linked in this turn, else the carried one the tools used."""
    if view.entities:
        return view.entities[0]
    used = {str(s["args"].get("entity_id")) for s in view.steps}
    return next((e for e in view.focus if e.id in used), view.focus[0] if view.focus else None)


def _mention(view: TurnView) -> str:
    names = ([view.slots.uid] if view.slots.uid else []) + view.slots.spans
    if names:
        return ", ".join(f"'{n}'" for n in names[:2])
    if view.focus:
        return f"'{view.focus[0].name}'"
    return f"'{view.slots.text or view.question}'"


def compose(
    view: TurnView,
    form: str,
    error: str | None,
    structured_only: bool,
    known_dates: dict[str, str] | None = None,
) -> Draft:
    """The draft answer for a form; each fact line cites its notices (number and date)."""
    lang, slots = view.slots.language, view.slots
    all_records = [r for s in view.steps for r in s.get("records", [])]
    dates = {**(known_dates or {}), **date_map(all_records)}
    if form == "error":
        return Draft(text=t(lang, "error", msg=error or "a tool failed"))
    listed = any(s["tool"] == "list_register" for s in view.steps)
    if (view.task in ("facts", "list") or listed) and form != "error":
        return Draft(**fact_draft(view, form, dates, structured_only))
    if form == "negative":
        return Draft(text=tpl.negative(lang, _mention(view), view.steps, slots, structured_only))
    if view.homonyms:
        recs = [_linked_record(view, e) for e in view.homonyms]
        body = (
            t(lang, "homonyms", name=view.homonyms[0].name)
            + "\n\n"
            + tpl.table(recs, dates, lang=lang)
        )
        survey = homonym_mandates(view, dates)
        if survey:
            body = (
                survey[0]
                + "\n\n"
                + "\n".join(survey[1:])
                + "\n\n"
                + tpl.table(recs, dates, lang=lang)
            )
        return _finish(lang, body, recs, dates)
    entity = subject_entity(view)
    if form == "count":
        recs = tpl.count_rows(evidence_records(view.steps, "count_entities_by_event"), slots)
        return _finish(lang, tpl.count_answer(lang, recs, slots, dates), recs, dates)
    if form == "timeline":
        recs = evidence_records(view.steps, "get_node_history")
        name = entity.name if entity else _mention(view)
        body = tpl.timeline(
            lang,
            name,
            [r for r in recs if r.get("record_type") != "state"] if slots.attribute else recs,
            dates,
        )
        if slots.attribute:
            # The attribute asked for leads the answer; the timeline below is its evidence.
            lead = attribute_lines(
                slots.attribute,
                recs,
                slots.as_of,
                slots.past,
                dates,
                lang,
                slots.spans[0] if slots.spans else None,
            )
            body = "\n".join(lead) + "\n\n" + body if lead else body
        return _finish(lang, body, recs, dates)
    if form == "dossier" and entity:
        rec = _linked_record(view, entity)
        net = select_records(evidence_records(view.steps, "explore_network"), entity, slots)
        body = tpl.dossier(lang, entity, rec, dates)
        if net:
            body += "\n\n" + tpl.table(net, dates, lang=lang)
        return _finish(lang, body, [rec, *net], dates)
    recs = evidence_records(view.steps)
    if (
        entity
        and form in ("table", "network")
        and any(s["tool"] == "explore_network" for s in view.steps)
    ):
        last = view.history[-1] if view.history else {}
        others = set(last.get("subjects") or []) if slots.other else None
        recs = select_records(
            evidence_records(view.steps, "explore_network"), entity, slots, others
        )
        head = t(lang, "network", name=entity.name) + (
            t(lang, "as_of", d=slots.as_of) if slots.as_of else ""
        )
        if not recs:
            what = f"{slots.aspect or label(lang, 'links')}: '{entity.name}'"
            return Draft(
                text=tpl.negative(lang, what, view.steps, slots, structured_only), negative=True
            )
        return _finish(lang, head + "\n\n" + tpl.table(recs, dates, lang=lang), recs, dates)
    if view.task == "text" or (
        recs
        and all(s["tool"] == "global_text_search" for s in view.steps if s["outcome"] == "evidence")
    ):
        head = t(lang, "text", q=slots.text or _mention(view).strip("'"))
        return _finish(
            lang, head + "\n\n" + tpl.table(recs, dates, tpl.TEXT_COLUMNS, lang), recs, dates
        )
    if view.task == "top" and slots.at_least:
        return _finish(lang, tpl.several_answer(lang, recs, slots, dates), recs, dates)
    if view.task == "top":
        head = t(
            lang, "top", metric=slots.metric or "capital", filters=tpl.filters_text(lang, slots)
        )
        return _finish(lang, head + "\n\n" + tpl.table(recs, dates, lang=lang), recs, dates)
    return _finish(lang, tpl.table(recs, dates, lang=lang), recs, dates)


def _finish(lang: str, body: str, records: list[dict[str, Any]], dates: dict[str, str]) -> Draft:
    """Append the records line and collect the citations."""
    cits = collect((pubs_of(r) for r in records), dates)
    pubs = ", ".join(c.pub_number for c in cits[:12]) + (" …" if len(cits) > 12 else "")
    footer = t(lang, "records", n=len(records), pubs=pubs or "-")
    return Draft(text=f"{body}\n\n_{footer}_", records=records, citations=cits)


def homonym_mandates(view: TurnView, dates: dict[str, str]) -> list[str]:
    """A count of the namesakes, then one cited line per namesake with the companies it serves."""
    by_entity: dict[str, list[dict[str, Any]]] = {}
    for st in view.steps:
        if st["tool"] == "explore_network" and st["outcome"] in ("evidence", "empty"):
            by_entity.setdefault(str(st["args"].get("entity_id")), []).extend(st.get("records", []))
    if not by_entity:
        return []
    mandates = view.slots.model_copy(update={"aspect": "mandates"})
    lines = [
        say(view.slots.language, "namesakes", n=len(view.homonyms), name=view.homonyms[0].name)
    ]
    for h in view.homonyms:
        rows = select_records(by_entity.get(h.id, []), h, mandates)
        rec = _linked_record(view, h)
        where = ", ".join(str(rec[k]) for k in ("seat", "residence", "origin") if rec.get(k))
        companies = "; ".join(dict.fromkeys(str(r.get("name")) for r in rows if r.get("name")))
        pubs = [p for r in rows for p in pubs_of(r)]
        lines.append(f"- {h.name} ({where or h.id}): {companies or '-'}{cite(pubs, dates)}")
    return lines
