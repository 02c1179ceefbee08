"""Which role entries answer a question: the role, the time, a named holder, the direction.

Pure functions over `get_entity_facts` role rows (`direction` "in": held in the entity, "out":
held by it elsewhere; `valid_from`/`valid_to` from the notices that entered and removed it).
"Who was chair in 2010" keeps the entries that overlap 2010; "on 1 January 2009" those valid
that day; "who left in 2010" those that end in 2010; "before X took over" the entries that end
when X's begins; "who followed X" those that begin when X's ends.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Any

from graph_agent.planners.offline.asks import Ask
from graph_agent.planners.offline.vocab import vocab
from shabgraph.register.folding import fold_accents as fold
from shabgraph.register.folding import has_any


def has_role(row: dict[str, Any], role: str | None) -> bool:
    """True when the entry is (or includes) the role; board questions include the chair; the
    register's own words count too ("présidente des gérants" presides)."""
    if role is None:
        return True
    roles = set(row.get("roles") or [row.get("role")])
    if role == "board_member":
        return bool(roles & {"board_member", "chair", "vice_chair", "member", "secretary"})
    if role == "partner" and "limited_partner" in roles:
        return True  # a limited partner (Kommanditär, commanditaire) is a partner too
    if role in roles:
        return True
    text = fold(str(row.get("role_text") or ""))
    words = vocab().roles
    if role == "chair" and has_any(text, words.get("vice_chair", ())):
        return False
    return role in ("chair", "vice_chair", "liquidator") and bool(
        has_any(text, words.get(role, ()))
    )


def holds_elsewhere(rows: list[dict[str, Any]], role: str) -> bool:
    """The entity holds the role at other entities and nobody holds it at the entity: a
    question about that role ("who did they audit?", "wen prüft sie?") asks where it holds it."""
    held = any(r.get("direction") == "out" and has_role(r, role) for r in rows)
    return held and not any(r.get("direction") == "in" and has_role(r, role) for r in rows)


def held_out(rows: list[dict[str, Any]], role: str) -> bool:
    """The entity holds the role at other entities ("for which entities is X the auditor?"
    asks those, even of an audit firm that has an auditor of its own)."""
    return any(r.get("direction") == "out" and has_role(r, role) for r in rows)


def valid_on(row: dict[str, Any], day: str) -> bool:
    """The entry holds on a day (an unknown start counts as open)."""
    start, end = row.get("valid_from"), row.get("valid_to")
    return (not start or start <= day) and (not end or end > day)


def overlaps(row: dict[str, Any], a: str | None, b: str | None) -> bool:
    """The entry holds at some time in [a, b]."""
    start, end = row.get("valid_from"), row.get("valid_to")
    return (not b or not start or start <= b) and (not a or not end or end >= a)


def in_period(value: str | None, a: str | None, b: str | None) -> bool:
    """A date inside [a, b]."""
    return bool(value) and (not a or str(value) >= a) and (not b or str(value) <= b + "~")


def name_tokens(name: str) -> list[str]:
    """Folded name words of two letters or more."""
    return [t for t in fold(name).replace("-", " ").replace(",", " ").split() if len(t) > 1]


def same_person(mention: str, name: str) -> bool:
    """A mention names a holder: every mention word is (nearly) one of the name's words, in any
    order ("Muster Paula" = "Paula Muster", a typo or a missing accent allowed)."""
    want, have = name_tokens(mention), name_tokens(name)
    if not want or not have:
        return False
    return all(
        any(w == h or SequenceMatcher(None, w, h).ratio() >= 0.8 for h in have) for w in want
    )


def same_name(mention: str, name: str) -> bool:
    """A company mention names the company ("Alpenblick" for "Alpenblick Holding AG"): its words are the
    name's words, a slip allowed (the legal form may be left out)."""
    return same_person(mention, name)


def named(rows: list[dict[str, Any]], mentions: list[str]) -> list[dict[str, Any]]:
    """Entries whose holder a mention of the question names."""
    return [
        r for r in rows if any(same_person(m, str(r.get("other_name") or "")) for m in mentions)
    ]


def same_role(row: dict[str, Any], people: list[dict[str, Any]]) -> bool:
    """The entry shares a role code with one of the named holders' entries."""
    codes = {c for p in people for c in (p.get("roles") or [p.get("role")]) if c}
    return any(has_role(row, c) for c in codes)


def select(
    rows: list[dict[str, Any]], ask: Ask, direction: str, others: list[str]
) -> tuple[list[dict[str, Any]], str]:
    """(entries, how): the entries the question asks for, and which time rule chose them; a
    question about a named holder's own entry ("how many shares did X hold", "wie zeichnet X")
    keeps that holder's entries among those the time rule chose."""
    chosen, how = _select(rows, ask, direction, others)
    if how in ("on", "period", "current", "all", "former") and others:
        theirs = named(chosen, others)
        if theirs and any(f in ask.facts for f in ("shares", "signature", "residence")):
            return theirs, how
    return chosen, how


def _select(
    rows: list[dict[str, Any]], ask: Ask, direction: str, others: list[str]
) -> tuple[list[dict[str, Any]], str]:
    mine = [r for r in rows if r.get("direction") == direction and has_role(r, ask.role)]
    people = named(mine, others)
    if people and ask.role is None and ask.has("successor", "before"):
        # "who followed X?" without a role word: X's successor in X's own role
        mine = [r for r in mine if r in people or same_role(r, people)]
    if ask.has("successor") and people:
        end = max(str(r.get("valid_to") or "") for r in people)
        after = [r for r in mine if r not in people and (r.get("valid_from") or "") >= end]
        first = min((str(r.get("valid_from")) for r in after), default=None)
        return [r for r in after if r.get("valid_from") == first], "successor"
    if people and ask.has("after") and ask.has("left") and not ask.has("successor"):
        # "chi firma dopo l'uscita di X?", "who signs after X left?": those in office that day
        end = max(str(r.get("valid_to") or "~") for r in people)
        return [r for r in mine if r not in people and valid_on(r, end)], "after"
    if people and ask.has("together"):
        # "wer kam zusammen mit X neu?", "chi siede con X?": the others of X's day or time
        return _alongside(rows, direction, people, ask), "together"
    if people and ask.has("left", "joined") and not ask.has("successor", "before", "after"):
        # "when did X leave the board?": X's own entries, not everyone who left
        ended = gone(people, rows) if ask.has("left") else people
        return (ended, "left" if ask.has("left") else "joined") if ended else (people, "named")
    if ask.has("predecessor") and people and (pred := _predecessors(mine, people)):
        return pred  # "and before him?": not his own entries, whom he followed
    if others and "role" in ask.facts:
        theirs = named([r for r in rows if r.get("direction") == direction], others)
        # a named person who holds nothing here is answered as such, not with everyone else
        return theirs, "named"
    if (
        ask.has("before")
        and people
        and not ask.has("left")
        and (pred := _predecessors(mine, people))
    ):
        return pred
    if people and not ask.role and direction == "in":
        return people, "named"
    if ask.has("before") and ask.inherited and (ask.as_of or ask.date_from or ask.date_to):
        # "und davor?" after "who was the auditor in 2005?": who held it before those holders
        then = (
            [r for r in mine if valid_on(r, ask.as_of)]
            if ask.as_of
            else [r for r in mine if overlaps(r, ask.date_from, ask.date_to)]
        )
        if then:
            start = min(str(r.get("valid_from") or "") for r in then)
            prior = [r for r in mine if r not in then and r.get("valid_to") and start
                     and str(r.get("valid_to")) <= start]  # fmt: skip
            if prior:
                end = max(str(r.get("valid_to")) for r in prior)
                return [r for r in prior if str(r.get("valid_to")) == end], "before the change"
    a, b = ask.date_from, ask.date_to
    if ask.has("holder_then") and (ask.as_of or a or b):
        # the holders of the time the last turn asked, with the day they left (or came)
        then = [r for r in mine if overlaps(r, ask.as_of or a, ask.as_of or b)]
        out = gone(then, rows) if ask.has("left") else then
        return (out, "left" if ask.has("left") else "joined") if out else (then, "all")
    if ask.as_of and ask.has("joined", "left") and not (a or b):
        a = b = ask.as_of  # "who was entered on 16.10.2006?": that day's entries and exits
    elif ask.as_of:
        return [r for r in mine if valid_on(r, ask.as_of)], "on"
    if ask.has("left") and (a or b):
        # the day of the register entry or of its publication; a holder whose function only
        # changed (a new entry goes on) did not leave
        ended = [
            r
            for r in mine
            if in_period(r.get("valid_to"), a, b) or in_period(r.get("to_pub_date"), a, b)
        ]
        staying = {
            r.get("other_id")
            for r in rows
            if r.get("direction") == direction
            and (not r.get("valid_to") or str(r.get("valid_to")) > (b or "~"))
        }
        return [r for r in ended if r.get("other_id") not in staying], "left"
    if ask.has("left") and not ask.has("successor"):
        # a change of function is no exit ("bisher: Mitglied"), unless nobody else left
        ended = gone(mine, rows) or [r for r in mine if r.get("valid_to")]
        last = max((str(r.get("valid_to")) for r in ended), default=None)
        return [r for r in ended if r.get("valid_to") == last], "left"
    if ask.has("joined") and (a or b):
        began = [
            r
            for r in mine
            if in_period(r.get("valid_from"), a, b) or in_period(r.get("from_pub_date"), a, b)
        ]
        earlier = {
            r.get("other_id")
            for r in rows
            if r.get("direction") == direction
            and r not in began
            and r.get("valid_from")
            and str(r.get("valid_from")) < (a or "")
        }
        return [r for r in began if r.get("other_id") not in earlier], "joined"
    if ask.has("before") and not (ask.date_from or ask.date_to):
        ended = [r for r in mine if r.get("valid_to")]
        last = max((str(r.get("valid_to")) for r in ended), default=None)
        if ended and not any(not r.get("valid_to") for r in mine):
            # nobody holds it now (the entity was deleted): "and before him?" asks who held it
            # before the last holders, not the last holders again
            latest = [r for r in ended if r.get("valid_to") == last]
            start = min(str(r.get("valid_from") or "~") for r in latest)
            prior = [r for r in ended if r not in latest and str(r.get("valid_to")) <= start]
            if prior:
                end = max(str(r.get("valid_to")) for r in prior)
                return [r for r in prior if r.get("valid_to") == end], "before the change"
        return [r for r in ended if r.get("valid_to") == last], "before the change"
    if ask.date_to and ask.has("before") and not ask.date_from:
        return [r for r in mine if valid_on(r, ask.date_to)], "on"
    if ask.has("registration") and not (ask.date_from or ask.date_to):
        first = min((str(r.get("valid_from")) for r in mine if r.get("valid_from")), default=None)
        return [r for r in mine if first and valid_on(r, first)], "at registration"
    if ask.date_from or ask.date_to:
        return [r for r in mine if overlaps(r, ask.date_from, ask.date_to)], "period"
    current = [r for r in mine if not r.get("valid_to")]
    if ask.has("since_when") and not ask.has("past", "changes", "happened") and current:
        # "seit wann ist der Präsident dabei?": the one in office, with the day he came
        return current, "current"
    if ask.has("over_time", "changes", "since_when", "happened") or "mandates" in ask.facts:
        # in the order they held it: an interval known only by its end comes by that end
        # (and before one that starts that day: the holder it ended for came first)
        return sorted(
            mine,
            key=lambda r: (
                str(r.get("valid_from") or r.get("valid_to") or ""),
                bool(r.get("valid_from")),
            ),
        ), "all"
    current = [r for r in mine if not r.get("valid_to")]
    if ask.has("past") and not ask.has("now"):
        return [r for r in mine if r.get("valid_to")] or mine, "former"
    return current or mine, "current" if current else "all"


def gone(entries: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries whose holder left: ended, and no entry of the same holder begins that day
    (that is a change of function, "bisher: Mitglied")."""
    starts = {(r.get("other_id"), r.get("valid_from")) for r in rows}
    return [
        r
        for r in entries
        if r.get("valid_to") and (r.get("other_id"), r.get("valid_to")) not in starts
    ]


def _alongside(
    rows: list[dict[str, Any]], direction: str, people: list[dict[str, Any]], ask: Ask
) -> list[dict[str, Any]]:
    """The other holders beside the named ones: entered the same day when joining is asked,
    left the same day when leaving is, else in office at some time with them (audit firms are
    no fellow members)."""
    ids = {p.get("other_id") for p in people}
    pool = [
        r
        for r in rows
        if r.get("direction") == direction
        and r.get("other_id") not in ids
        and has_role(r, ask.role)
        and "auditor" not in (r.get("roles") or [r.get("role")])
    ]
    if ask.has("joined", "left"):
        key = "valid_from" if ask.has("joined") else "valid_to"
        days = {p.get(key) for p in people if in_period(p.get(key), ask.date_from, ask.date_to)}
        return [r for r in pool if r.get(key) in days - {None}]
    return [r for r in pool if any(_together(r, p) for p in people)]


def _together(row: dict[str, Any], other: dict[str, Any]) -> bool:
    """Two entries hold at the same time: one that ends the day the other begins does not."""
    a_from, a_to = str(row.get("valid_from") or ""), str(row.get("valid_to") or "~")
    b_from, b_to = str(other.get("valid_from") or ""), str(other.get("valid_to") or "~")
    return a_from < b_to and b_from < a_to


def _predecessors(
    mine: list[dict[str, Any]], people: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], str] | None:
    """The entries that ended when the named holders' began (else the last that ended)."""
    start = min(str(r.get("valid_from") or "~") for r in people)
    prior = [r for r in mine if r not in people and (r.get("valid_to") or "~") <= start]
    if prior:
        last = max(str(r.get("valid_to")) for r in prior)
        return [r for r in prior if r.get("valid_to") == last], "predecessor"
    ended = [r for r in mine if r not in people and r.get("valid_to")]
    if ended:
        last = max(str(r.get("valid_to")) for r in ended)
        return [r for r in ended if r.get("valid_to") == last], "before the change"
    return None


def dedupe(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per holder and interval (a two-role entry is stored once per role)."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for r in rows:
        key = (r.get("other_id"), r.get("valid_from"), r.get("valid_to"), r.get("role_text"))
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out
