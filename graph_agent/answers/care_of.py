"""An address "c/o X" where X holds a role at the entity: the answer says who X is there.

A company is often domiciled with its owner or manager ("c/o Anna Muster, Dorfstrasse 1"); the
question "chez qui est-elle domiciliée ?" then also asks what links that person to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from graph_agent.answers import roles as rl
from graph_agent.answers.fact_record import Facts, Rec
from graph_agent.answers.holders import holder_line
from graph_agent.answers.phrases import say, span
from graph_agent.planners.offline.asks import Ask
from shabgraph.markdown import escape_inline

CARE_OF_RE = re.compile(r"^\s*c/o\s+(?P<name>[^,]{2,120})", re.IGNORECASE)
"""The name an address is in care of, up to the street."""


def care_of_name(address: str) -> str | None:
    """The name after "c/o" at the start of an address, else None."""
    m = CARE_OF_RE.match(address)
    return m["name"].strip() if m else None


def _bare(name: str) -> str:
    """The name as matched: without the escapes of reading and without abbreviated titles
    ("Dr. Anna Muster" is the holder "Anna Muster")."""
    return " ".join(w for w in name.replace("\\", "").split() if not w.endswith("."))


def care_of_holder(f: Facts, ask: Ask) -> list[str]:
    """One line naming the role the c/o person or company holds at the entity (nothing when
    the address has no c/o, or its name holds no role there)."""
    current = [s for s in f.of("address") if not s.get("valid_to")] or f.of("address")[-1:]
    if not current:
        return []
    name = care_of_name(str(current[-1].get("value") or ""))
    if not name:
        return []
    holders = [r for r in f.roles if r.get("direction") == "in"]
    rows: list[Rec] = rl.dedupe(rl.named(holders, [_bare(name)]))
    if not rows:
        return []
    lines = "; ".join(holder_line(f, r, ask) for r in rows)
    return [say(f.lang, "care_of", who=name, name=f.name, v=lines)]


def domiciled_with(f: Facts) -> list[str]:
    """A person's companies domiciled with that person ("c/o Anna Muster, Dorfstrasse 1"), one
    line each with the address and its interval; [] for a company or without such an address."""
    if f.entity.get("kind") != "person":
        return []
    return domiciled_lines(f.lang, f.name, f.roles, lambda pubs: f.c({"pubs": pubs}))


def domiciled_lines(
    lang: str, person: str, roles: list[Rec], cite: Callable[[list[str]], str]
) -> list[str]:
    """The lines of `domiciled_with` from the person's role records (`other_care_of` holds the
    other side's c/o addresses); `cite` renders a citation of notices."""
    out: list[str] = []
    seen: set[tuple[str, str]] = set()
    for r in roles:
        if r.get("direction") != "out":
            continue
        for a in r.get("other_care_of") or []:
            value = str(a.get("value") or "")
            name = care_of_name(value)
            key = (str(r.get("other_id")), value)
            if not name or key in seen or not rl.same_person(_bare(name), _bare(person)):
                continue
            seen.add(key)
            when = span(lang, a.get("valid_from"), a.get("valid_to"))
            company = str(r.get("other_name") or "")  # escaped on reading, as names are
            line = say(lang, "domiciled_with", name=company, v=escape_inline(value), when=when)
            out.append(line + (cite([str(a["pub_number"])]) if a.get("pub_number") else ""))
    return out
