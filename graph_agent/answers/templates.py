"""Template answers, one renderer per synthesis form; every fact line carries its citation."""

from __future__ import annotations

from typing import Any

from graph_agent.answers.citations import cite, pubs_of
from graph_agent.answers.i18n import t
from graph_agent.answers.labels import label, say
from graph_agent.answers.phrases import event_names
from graph_agent.result import EntityRef
from graph_agent.state import Slots
from shabgraph.markdown import escape_inline

NAME_KEYS = ("name", "full_name", "display", "title")
COLUMN_PREFS = (
    "name",
    "relation",
    "role",
    "role_text",
    "uid",
    "seat",
    "residence",
    "origin",
    "status",
    "valid_from",
    "valid_to",
    "pub_date",
    "pub_number",
    "event_types",
    "value",
    "capital",
    "count",
    "metric_value",
    "snippet",
)
SKIP = frozenset(
    {
        "pubs",
        "citations",
        "sources",
        "id",
        "score",
        "reason",
        "text",
        "names",
        "names_text",
        "kind",
        "label",
        "flags",
        "from_pub",
        "to_pub",
        "from_pub_date",
        "to_pub_date",
        "roles",
        "hub_key",
        "name_norm",
        "branch",
        "direction",
        "hop",
        "matched_via",
        "strength",
        "ft_score",
    }
)
MAX_ROWS = 25


def name_of(rec: dict[str, Any]) -> str:
    """A record's display name."""
    return str(next((rec[k] for k in NAME_KEYS if rec.get(k)), rec.get("id", "?")))


def fmt(value: Any) -> str:
    """A cell value as short Markdown-safe text."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:,.0f}".replace(",", "'") if value.is_integer() else f"{value:.2f}"
    if isinstance(value, list):
        return ", ".join(fmt(v) for v in value[:5])
    text = str(value).replace("|", "/").replace("\n", " ")
    return text if len(text) <= 120 else text[:117] + "..."


def columns(records: list[dict[str, Any]], limit: int = 6) -> list[str]:
    """Columns for a table: preferred keys first, then any other scalar key present."""
    present = {k for r in records for k, v in r.items() if v not in (None, "", [])} - SKIP
    cols = [c for c in COLUMN_PREFS if c in present]
    cols += sorted(k for k in present if k not in cols)
    return cols[:limit]


TEXT_COLUMNS = ("pub_date", "subject_name", "event_types", "snippet")


def table(
    records: list[dict[str, Any]],
    dates: dict[str, str],
    cols: tuple[str, ...] | None = None,
    lang: str = "en",
) -> str:
    """A Markdown table with a Sources column citing every row; headers in the question's language."""
    rows = [
        {**r, "snippet": _snippet(r.get("text"))} if "text" in r else r for r in records[:MAX_ROWS]
    ]
    cols = cols or tuple(columns(rows))
    names = [label(lang, c) for c in (*cols, "sources")]
    head = "| " + " | ".join(names) + " |\n|" + "---|" * (len(cols) + 1)
    body = [
        "| "
        + " | ".join([*(fmt(r.get(c)) for c in cols), cite(pubs_of(r), dates).strip(" []") or "-"])
        + " |"
        for r in rows
    ]
    more = "\n\n" + say(lang, "more", n=len(records) - MAX_ROWS) if len(records) > MAX_ROWS else ""
    return head + "\n" + "\n".join(body) + more


def _snippet(text: Any, size: int = 160) -> str:
    value = " ".join(str(text or "").split())
    return value if len(value) <= size else value[: size - 1] + "…"


def count_rows(records: list[dict[str, Any]], slots: Slots) -> list[dict[str, Any]]:
    """The groups a count question asked for (the tool also returns co-occurring labels)."""
    wanted = (
        slots.event_type or (slots.sub_rubric if not slots.event_type else None) or slots.canton
    )
    if wanted:
        return [r for r in records if r.get("group") == wanted]
    return records


def count_answer(
    lang: str, records: list[dict[str, Any]], slots: Slots, dates: dict[str, str]
) -> str:
    """The count sentence(s), one per group, each cited."""
    lines = []
    for r in count_rows(records, slots):
        n = r.get("companies", r.get("count", r.get("value")))
        label = r.get("group") or slots.event_type
        if wants_notices(slots) and r.get("events") is not None:
            # "how many notices": the notices lead, the companies they concern go beside them
            what = f"{t(lang, 'events')} ({label}; {n} {t(lang, 'companies')})"
            n = r.get("events")
        else:
            what = f"{t(lang, 'companies')} ({label}; {r.get('events', '?')} {t(lang, 'events')})"
        lines.append(
            "- "
            + t(lang, "count", n=n, what=what, filters=filters_text(lang, slots))
            + cite(pubs_of(r), dates)
        )
    return "\n".join(lines)


def wants_notices(slots: Slots) -> bool:
    """True when a count question asks for notices (publications), not companies."""
    return slots.metric == "events" or slots.sub_rubric is not None


def filters_text(lang: str, slots: Slots) -> str:
    """ ", canton ZH, 2021-01-01 – 2021-12-31" style suffix for counts and rankings."""
    parts = [
        p
        for p in (
            slots.canton,
            slots.legal_form and f"{label(lang, 'legal_form')} {slots.legal_form}",
        )
        if p
    ]
    if slots.date_from or slots.date_to:
        parts.append(f"{slots.date_from or '…'} – {slots.date_to or '…'}")
    return (" (" + ", ".join(parts) + ")") if parts else ""


def dossier(lang: str, entity: EntityRef, rec: dict[str, Any], dates: dict[str, str]) -> str:
    """One entity's registry attributes, each line cited with the entity's notices."""
    src = cite(pubs_of(rec), dates)
    lines = [f"### {t(lang, 'dossier', name=entity.name)}"]
    for key in (
        "uid",
        "legal_form",
        "legal_form_label",
        "seat",
        "canton",
        "residence",
        "origin",
        "status",
        "capital",
        "purpose",
        "address",
        "registered_on",
        "deleted_on",
    ):
        if rec.get(key) not in (None, "", []):
            field = "residence" if key == "seat" and entity.kind == "person" else key
            lines.append(f"- {label(lang, field)}: {fmt(rec[key])}{src}")
    return "\n".join(lines)


def timeline(lang: str, name: str, records: list[dict[str, Any]], dates: dict[str, str]) -> str:
    """Dated events in order, one cited line each."""
    lines = [f"### {t(lang, 'timeline', name=name)}"]
    states = [r for r in records if r.get("record_type") == "state"]
    # Follow-up history calls (a former seat, names over time) return the same notices again.
    by_key: dict[object, dict[str, Any]] = {}
    for r in records:
        if r.get("record_type") != "state":
            by_key.setdefault(r.get("pub_number") or id(r), r)
    events = list(by_key.values())
    for r in events[:MAX_ROWS]:
        day = r.get("pub_date") or r.get("date") or ""
        kinds = r.get("event_types")
        what = event_names(lang, kinds) if kinds else fmt(r.get("type") or "")
        alias = [x for x in r.get("links") or [] if x.get("via") not in (None, "self")]
        note = " (alias)" if alias and len(alias) == len(r.get("links") or []) else ""
        lines.append(
            f"- **{fmt(day)}** {what}{note}: {_snippet(r.get('text'), 140)}"
            f"{cite(pubs_of(r), dates)}"
        )
    if len(events) > MAX_ROWS:
        lines.append("- " + say(lang, "more", n=len(events) - MAX_ROWS))
    for r in states:
        lines.append(
            f"- {label(lang, str(r.get('attribute')))}: {fmt(r.get('value'))} "
            f"({t(lang, 'since')} "
            f"{r.get('valid_from')}){cite(pubs_of(r), dates)}"
        )
    return "\n".join(lines)


def negative(
    lang: str, what: str, steps: list[dict[str, Any]], slots: Slots, structured_only: bool
) -> str:
    """An honest negative: what was searched, over which period and sources."""
    searched = ", ".join(f"{s['tool']}({_args_text(s['args'])})" for s in steps) or "-"
    period = (
        f"{slots.date_from or '…'} – {slots.date_to or '…'}"
        if slots.date_from or slots.date_to
        else (slots.as_of or t(lang, "all_dates"))
    )
    sources = t(lang, "sources_structured" if structured_only else "sources_all")
    return "\n".join(
        [
            t(lang, "negative", what=what),
            t(lang, "searched", steps=searched, period=period, sources=sources),
            t(lang, "absence"),
        ]
    )


def _args_text(args: dict[str, Any]) -> str:
    return ", ".join(
        f"{k}={v!r}"
        for k, v in args.items()
        if k not in ("limit", "kind", "match_all", "include_aliases", "hops") and v is not None
    )


SEVERAL = {
    "de": "{n} Personen sind bei mehr als einer Firma eingetragen{filters}: {who}.",
    "fr": "{n} personnes figurent dans plus d'une société{filters} : {who}.",
    "it": "{n} persone figurano in più di una società{filters}: {who}.",
    "en": "{n} persons hold roles at more than one company{filters}: {who}.",
}
SEVERAL_ONE = {
    "de": "1 Person ist bei mehr als einer Firma eingetragen{filters}: {who}.",
    "fr": "1 personne figure dans plus d'une société{filters} : {who}.",
    "it": "1 persona figura in più di una società{filters}: {who}.",
    "en": "1 person holds roles at more than one company{filters}: {who}.",
}
SEVERAL_NONE = {
    "de": "Keine Person ist bei mehr als einer Firma eingetragen{filters}.",
    "fr": "Aucune personne ne figure dans plus d'une société{filters}.",
    "it": "Nessuna persona figura in più di una società{filters}.",
    "en": "No person holds roles at more than one company{filters}.",
}


def several_answer(
    lang: str, records: list[dict[str, Any]], slots: Slots, dates: dict[str, str]
) -> str:
    """Persons at `slots.at_least` companies or more: the count and names, then one cited line
    each with their companies."""
    least = slots.at_least or 2
    kept = [r for r in records if int(r.get("value") or 0) >= least]
    filters = filters_text(lang, slots)
    if not kept:
        return SEVERAL_NONE.get(lang, SEVERAL_NONE["en"]).format(filters=filters)
    who = "; ".join(f"{escape_inline(str(r.get('name')))} ({r.get('value')})" for r in kept[:20])
    lead = SEVERAL_ONE if len(kept) == 1 else SEVERAL
    lines = [lead.get(lang, lead["en"]).format(n=len(kept), filters=filters, who=who), ""]
    for r in kept:
        companies = "; ".join(escape_inline(str(c)) for c in r.get("companies") or [])
        lines.append(
            f"- **{escape_inline(str(r.get('name')))}**: {companies}" + cite(pubs_of(r), dates)
        )
    return "\n".join(lines)
