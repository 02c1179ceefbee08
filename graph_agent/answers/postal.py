"""The postal address a foundation or company gives besides its business address.

The register keeps the business address (Domizil, siège, recapito); a notice may add a postal
address ("Postadresse neu: Postfach, 1234 Musterdorf", "Adresse postale: …",
"Indirizzo postale: …"), which the build does not store as the business address. A question
about the postal address (in 2009, over time) is answered from the notices that wrote one, each
value with its notice and the day from which it held.
"""

from __future__ import annotations

import re
from typing import Any

from graph_agent.answers.fact_events import event_day
from graph_agent.answers.fact_record import Facts, neg, when_text
from graph_agent.answers.phrases import fact_name, say, span
from graph_agent.planners.offline.asks import Ask
from shabgraph.markdown import escape_inline

Rec = dict[str, Any]

POSTAL_RE = re.compile(
    r"(?:Postadresse|Postanschrift|Adresse postale|Indirizzo postale|Recapito postale)"
    r"(?:\s+neu|\s+nouvelle|\s+nuovo|\s+nuova)?\s*:\s*"
    r"(?P<v>.+?\b\d{4}\s+[A-ZÀ-Ý][\wÀ-ÿ'’\-]*(?:\s+[A-ZÀ-Ý]{2}\b)?)"
)
LABEL = {
    "de": "Postadresse",
    "fr": "adresse postale",
    "it": "indirizzo postale",
    "en": "postal address",
}


def postal_values(f: Facts) -> list[tuple[str, str, Rec]]:
    """(day, address, notice) for every postal address the entity's notices wrote, oldest first."""
    out: list[tuple[str, str, Rec]] = []
    for e in f.events:
        if e.get("subject_id") and f.selves and str(e["subject_id"]) not in f.selves:
            continue
        for m in POSTAL_RE.finditer(str(e.get("text") or "")):
            value = m["v"].strip(" ,;")
            if not out or out[-1][1] != value:
                out.append((event_day(e), value, e))
    return out


def postal_answer(f: Facts, ask: Ask) -> list[str]:
    """The postal address at the question's time (or all of them, or the latest), cited."""
    values = postal_values(f)
    label = LABEL.get(f.lang, LABEL["en"])
    if not values:
        return [neg(f, "no_fact", name=f.name, what=fact_name(f.lang, "address"))]
    end = ask.as_of or ask.date_to
    if ask.has("over_time", "changes") and not end:
        pick = values
    else:
        upto = [v for v in values if not end or v[0] <= end + "~"]
        pick = upto[-1:] or values[:1]
    _d, value, e = pick[-1]
    lead = say(f.lang, "address", name=f.name, when=when_text(f.lang, ask), v=escape_inline(value))
    lines = [f"{lead} ({label}){f.c(e)}"]
    shown = values if (ask.has("over_time", "changes") or not end) else pick
    for d0, v, ev in shown:
        i = values.index((d0, v, ev))
        nxt = values[i + 1][0] if i + 1 < len(values) else None
        lines.append(f"- {label}: {escape_inline(v)} ({span(f.lang, d0, nxt)}){f.c(ev)}")
    return lines
