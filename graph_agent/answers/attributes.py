"""Questions about one attribute of a company (capital, seat, registration, names) over time.

Pure functions over `get_node_history` records: event rows (`record_type` "event": pub_number,
pub_date, journal_date, event_types) and state rows (`record_type` "state": attribute, value,
valid_from, valid_to, pubs) returned when the call had an `as_of` date.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from graph_agent.answers.citations import cite, pubs_of
from graph_agent.answers.labels import label, say
from shabgraph.markdown import escape_inline


def events(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Event rows, oldest first."""
    rows = [r for r in records if r.get("record_type") == "event"]
    return sorted(rows, key=lambda r: r.get("journal_date") or r.get("pub_date") or "")


def states(records: list[dict[str, Any]], attribute: str) -> list[dict[str, Any]]:
    """State rows of one attribute."""
    return [
        r for r in records if r.get("record_type") == "state" and r.get("attribute") == attribute
    ]


def _day_before(iso: str) -> str:
    return (date.fromisoformat(iso[:10]) - timedelta(days=1)).isoformat()


def change_events(records: list[dict[str, Any]], attribute: str) -> list[dict[str, Any]]:
    """The events that changed the attribute (seat_change, name_change, capital_change)."""
    kind = f"{attribute}_change"
    return [e for e in events(records) if kind in (e.get("event_types") or [])]


def follow_up_dates(records: list[dict[str, Any]], attribute: str, past: bool) -> list[str]:
    """Days whose state answers the question after a first history call.

    The former seat is the state of the day before the last seat change; the names over time are
    the states before each name change.
    """
    changes = change_events(records, attribute)
    days = [str(e.get("journal_date") or e.get("pub_date")) for e in changes]
    if attribute == "seat" and past and days:
        return [_day_before(days[-1])]
    if attribute == "name":
        return [_day_before(d) for d in days]
    return []


def _fmt_value(attribute: str, value: Any) -> str:
    if attribute == "capital":
        try:
            return f"CHF {float(value):,.2f}".replace(",", "'")
        except (TypeError, ValueError):
            return escape_inline(value)
    return escape_inline(value)


def _day(row: dict[str, Any]) -> str:
    return str(row.get("journal_date") or row.get("pub_date"))


def current_lines(
    records: list[dict[str, Any]], dates: dict[str, str], lang: str, mention: str | None
) -> list[str]:
    """Today's name and seat, each from its state row and cited with the notice that set it."""
    name = next(iter(states(records, "name")), None)
    seat = next(iter(states(records, "seat")), None)
    if not (name or seat):
        return []
    lines = []
    if name and seat and mention:
        pubs = list(dict.fromkeys([*pubs_of(name), *pubs_of(seat)]))
        lines.append(
            "- "
            + say(
                lang,
                "today",
                old=escape_inline(mention),
                name=escape_inline(name.get("value")),
                seat=escape_inline(seat.get("value")),
            )
            + cite(pubs, dates)
        )
    for key, row in (("current_name", name), ("seat", seat)):
        if row:
            lines.append(
                f"- {label(lang, key)} ({label(lang, 'valid_from')} "
                f"{row.get('valid_from') or '…'}): {escape_inline(row.get('value'))}"
                f"{cite(pubs_of(row), dates)}"
            )
    return lines


def attribute_lines(
    attribute: str,
    records: list[dict[str, Any]],
    as_of: str | None,
    past: bool,
    dates: dict[str, str],
    lang: str = "en",
    mention: str | None = None,
) -> list[str]:
    """Cited sentences, in the question's language, that state the attribute asked for.

    Empty when the rows do not say. `mention` is the name the question used (for "current").
    """
    if attribute == "current":
        return current_lines(records, dates, lang, mention)
    lines: list[str] = []
    if attribute == "registered":
        reg = next(
            (
                e
                for e in events(records)
                if "registration" in (e.get("event_types") or []) or e.get("sub_rubric") == "HR01"
            ),
            None,
        )
        if reg:
            lines.append(
                "- "
                + say(lang, "registered_on", d=_day(reg), p=reg.get("pub_date"))
                + cite(pubs_of(reg), dates)
            )
        return lines
    if attribute == "seat" and past:
        last = change_events(records, "seat")
        if last:
            e = last[-1]
            lines.append(
                "- "
                + say(lang, "seat_moved", d=_day(e), p=e.get("pub_date"))
                + cite(pubs_of(e), dates)
            )
    for s in states(records, attribute):
        when = (
            say(lang, "on", d=as_of)
            if as_of and not past
            else f"{s.get('valid_from') or '…'} – {s.get('valid_to') or '…'}"
        )
        key = "former_seat" if attribute == "seat" and past and s.get("valid_to") else attribute
        lines.append(
            f"- {label(lang, key)} ({when}): {_fmt_value(attribute, s.get('value'))}"
            f"{cite(pubs_of(s), dates)}"
        )
    return list(dict.fromkeys(lines))
