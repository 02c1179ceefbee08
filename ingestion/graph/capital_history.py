"""Capital states a notice's text states besides the current one (pure): the capital that held
before the notice ("von CHF X auf …", "[bisher: CHF X]") and the states it passed through
within the notice (a reduction, then an increase).

The structured block gives only the current capital, so these are read from the text
(`ingestion.extraction.facts.capital_steps`) and kept as the subject attribute
`capital_stated` (canonical JSON `{"before": X, "steps": [...]}`), replayed from the graph like
every other state. `company_states` turns it into extra `capital` states with the notice as
provenance and `inferred` saying how they were read:
  stated_before  the capital before the notice, when no earlier notice of the company gave
                 one (the registration notice is missing): valid_from null, valid_to the date
  intermediate   a state the notice passed through: valid_from = valid_to = its date
"""

from __future__ import annotations

import json
from typing import Any, Final

from ingestion.extraction.facts.capital_steps import capital_steps

STATED: Final = "capital_stated"
"""The subject attribute of the capital states a notice's text gives."""


def stated_capital(text: str) -> str | None:
    """`capital_stated` of one notice: the CHF capital before it and every state its sentences
    give in text order (None when the text gives no earlier and no intermediate state)."""
    found = [s for s in capital_steps(text) if s.currency in ("CHF", "Fr.", "SFr.")]
    if not found:
        return None
    before = found[0].before
    steps = [x for s in found for x in s.states]
    if before is None and len(steps) < 2:
        return None
    value = {"before": before, "steps": steps}
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def capital_value(amount: float) -> str:
    """A capital state's value as the structured block's is written (`repr(float)`)."""
    return repr(float(amount))


def stated_rows(
    company_id: str,
    obs: Any,
    stated: str,
    previous: dict[str, Any] | None,
) -> tuple[list[dict[str, Any]], str | None]:
    """The extra capital states of one observation `obs` (date, pub_date, pub_number) that
    states `stated`, given the capital state current before it (`previous`); and the capital
    the notice leaves when its block gives none (the last step)."""
    data = json.loads(stated)
    before, steps = data.get("before"), [float(x) for x in data.get("steps") or []]
    rows: list[dict[str, Any]] = []

    def row(suffix: str, value: float, valid_from: Any, inferred: str) -> dict[str, Any]:
        return {
            "id": f"{company_id}|capital|{obs.pub_number}|{suffix}",
            "attribute": "capital",
            "value": capital_value(value),
            "valid_from": valid_from,
            "valid_to": obs.date,
            "pub_number": obs.pub_number,
            "pub_date": obs.pub_date,
            "pubs": [obs.pub_number],
            "inferred": inferred,
        }

    if before is not None and previous is None:
        rows.append(row("before", float(before), None, "stated_before"))
    last = float(before) if before is not None else None
    if previous is not None:
        last = float(previous["value"])
    for i, step in enumerate(steps[:-1], 1):
        if step != last:
            rows.append(row(f"step{i}", step, obs.date, "intermediate"))
        last = step
    return rows, capital_value(steps[-1]) if steps else None
