"""Read the synthetic corpus's ground truth (`truth/*.jsonl`, see docs/synthetic-corpus.md).

The benchmark generator reads the truth, never the built graph, so that extraction and
identity-resolution errors show up as wrong answers instead of being baked into the references.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shabgraph.errors import InputError

TRUTH_FILES = ("companies.jsonl", "persons.jsonl", "roles.jsonl", "events.jsonl")


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path.name}:{number}: not valid JSON ({exc.msg})") from exc


@dataclass
class Truth:
    """The ground truth of one corpus, indexed for question generation."""

    companies: dict[str, dict[str, Any]]
    """Company records by id."""
    persons: dict[str, dict[str, Any]]
    """Person records by id."""
    roles: list[dict[str, Any]]
    """Role intervals."""
    events: list[dict[str, Any]]
    """One record per notice, in notice order."""
    roles_by_company: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Role intervals per company id."""
    roles_by_holder: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Role intervals per holder id."""
    pub_dates: dict[str, str] = field(default_factory=dict)
    """Publication date (ISO) per publication number."""

    @classmethod
    def load(cls, corpus_dir: Path) -> Truth:
        """Load `corpus_dir/truth/` (or `corpus_dir` itself when it is the truth folder)."""
        folder = corpus_dir / "truth" if (corpus_dir / "truth").is_dir() else corpus_dir
        missing = [n for n in TRUTH_FILES if not (folder / n).exists()]
        if missing:
            raise InputError(
                f"{folder} is not a ground-truth folder (missing {', '.join(missing)})",
                hint="point --corpus at the output of `shabgraph generate`",
            )
        companies = {c["id"]: c for c in _lines(folder / "companies.jsonl")}
        persons = {p["id"]: p for p in _lines(folder / "persons.jsonl")}
        roles = list(_lines(folder / "roles.jsonl"))
        events = list(_lines(folder / "events.jsonl"))
        by_company: dict[str, list[dict[str, Any]]] = defaultdict(list)
        by_holder: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for role in roles:
            by_company[role["company_id"]].append(role)
            by_holder[role["holder_id"]].append(role)
        return cls(
            companies=companies,
            persons=persons,
            roles=roles,
            events=events,
            roles_by_company=dict(by_company),
            roles_by_holder=dict(by_holder),
            pub_dates={e["pub_number"]: e["publication_date"] for e in events},
        )

    def company_names(self, company_id: str) -> list[str]:
        """Every name and translation the company has had, the current one first."""
        company = self.companies.get(company_id)
        if not company:
            return []
        names: list[str] = []
        for entry in reversed(company.get("names") or []):
            names.extend([entry["value"], *(entry.get("translations") or [])])
        return list(dict.fromkeys(names))

    def current_name(self, company_id: str) -> str:
        """The company's last name."""
        names = self.company_names(company_id)
        return names[0] if names else company_id

    def person_name(self, person_id: str) -> str:
        """`Given Family` in the canonical spelling."""
        p = self.persons[person_id]
        return f"{p['given_names']} {p['family_name']}"

    def person_variants(self, person_id: str) -> list[str]:
        """Other spellings the notices used (`Given Family`)."""
        p = self.persons[person_id]
        return [f"{v['given_names']} {v['family_name']}" for v in p.get("variants") or []]
