"""Publication numbers and dates behind tool records, for the citations of an answer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from graph_agent.result import Citation

PAIR_KEYS: tuple[tuple[str, str], ...] = (
    ("pub_number", "pub_date"),
    ("from_pub", "from_pub_date"),
    ("to_pub", "to_pub_date"),
    ("last_pub", "last_pub_date"),
    ("first_pub", "first_pub_date"),
)


def _iso(value: Any) -> str | None:
    if value is None:
        return None
    iso = getattr(value, "iso_format", None) or getattr(value, "isoformat", None)
    return str(iso()) if callable(iso) else str(value)


def date_map(records: Iterable[dict[str, Any]]) -> dict[str, str]:
    """pub_number -> ISO date from every record that pairs a number with its date."""
    known: dict[str, str] = {}
    for rec in records:
        for num_key, date_key in PAIR_KEYS:
            num, day = rec.get(num_key), _iso(rec.get(date_key))
            if isinstance(num, str) and day:
                known.setdefault(num, day)
        for src in rec.get("sources") or rec.get("citations") or []:
            if isinstance(src, dict) and src.get("pub_number") and src.get("pub_date"):
                known.setdefault(str(src["pub_number"]), str(_iso(src["pub_date"])))
        for nested in ("events", "items", "history", "other_care_of"):
            inner = rec.get(nested)
            if isinstance(inner, list):
                known.update(
                    {
                        k: v
                        for k, v in date_map(x for x in inner if isinstance(x, dict)).items()
                        if k not in known
                    }
                )
    return known


def pubs_of(rec: dict[str, Any]) -> list[str]:
    """Publication numbers behind one record, in order, de-duplicated."""
    out: list[str] = []
    for key in ("pubs", "citations", "sources"):
        for p in rec.get(key) or []:
            num = p.get("pub_number") if isinstance(p, dict) else p
            if isinstance(num, str) and num not in out:
                out.append(num)
    for num_key, _ in PAIR_KEYS:
        num = rec.get(num_key)
        if isinstance(num, str) and num not in out:
            out.append(num)
    return out


def cite(pubs: list[str], dates: dict[str, str], limit: int = 3) -> str:
    """The inline citation of a fact: `[HR02-1006747585, 2024-03-01]`, at most `limit` notices."""
    pubs = list(dict.fromkeys(pubs))  # a notice cited by two records is named once
    if not pubs:
        return ""
    shown = [f"{p}, {dates[p]}" if p in dates else p for p in pubs[:limit]]
    more = f" +{len(pubs) - limit}" if len(pubs) > limit else ""
    return " [" + "; ".join(shown) + more + "]"


def collect(pub_lists: Iterable[list[str]], dates: dict[str, str]) -> list[Citation]:
    """Citation objects for every publication cited, in order of first citation."""
    seen: dict[str, Citation] = {}
    for pubs in pub_lists:
        for p in pubs:
            seen.setdefault(p, Citation(pub_number=p, pub_date=dates.get(p)))
    return list(seen.values())
