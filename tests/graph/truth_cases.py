"""Cases picked from a synthetic corpus' ground truth, and the link from truth persons to graph nodes.

The graph does not know the truth's ids: companies are found by UID (every Swiss truth company has
one), persons through their mentions. A truth mention and a graph `INVOLVED_IN` edge of the same
notice are the same mention when their names have the same sorted tokens (both are the substring
of the notice text, so a wrong Family/Given split by the extractor does not matter). A name that
two different truth persons share within one notice is ambiguous and is left out.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

Row = dict[str, Any]
"""One JSON line of a truth file."""
PersonKey = tuple[str, str]
"""(publication number, truth person id): one person's mentions in one notice."""


@dataclass
class Truth:
    """The ground truth of one corpus (docs/synthetic-corpus.md), indexed for case selection."""

    companies: dict[str, Row]
    """Truth companies by id (foreign head offices included)."""
    persons: dict[str, Row]
    """Truth natural persons by id."""
    roles: list[Row]
    """Role intervals, in file order."""
    person_mentions: list[Row] = field(default_factory=list)
    """Mentions of natural persons, in notice order."""
    company_mentions: list[Row] = field(default_factory=list)
    """Mentions of companies other than the subject, in notice order."""

    @classmethod
    def load(cls, folder: Path) -> Truth:
        """Read `folder/truth/*.jsonl`."""
        truth = cls(
            companies={r["id"]: r for r in _lines(folder, "companies")},
            persons={r["id"]: r for r in _lines(folder, "persons")},
            roles=list(_lines(folder, "roles")),
        )
        for m in _lines(folder, "mentions"):
            if m["kind"] == "person":
                truth.person_mentions.append(m)
            elif m["role"] != "subject":
                truth.company_mentions.append(m)
        return truth


def _lines(folder: Path, name: str) -> Iterator[Row]:
    with (folder / "truth" / f"{name}.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)


def name_key(given: str | None, family: str | None) -> str:
    """Sorted lower-case word tokens of a written person name (split-independent)."""
    return " ".join(sorted(re.findall(r"\w+", f"{given or ''} {family or ''}".casefold())))


# -- case selection (deterministic: sorted by the truth's own ids) ------------------------------
def busy_companies(truth: Truth, count: int) -> list[Row]:
    """The `count` Swiss companies with the most notices (ties: lowest id)."""
    swiss = [c for c in truth.companies.values() if c["uid"] and c["pubs"]]
    return sorted(swiss, key=lambda c: (-len(c["pubs"]), c["id"]))[:count]


class RoleSpan(NamedTuple):
    """One coarse role of one person in one company, from registration to removal."""

    holder_id: str
    """Truth person id."""
    company_id: str
    """Truth company id."""
    role: str
    """Coarse role (one of the truth interval's `roles`)."""
    valid_from: str
    """Journal date that opened it."""
    valid_to: str | None
    """Journal date that closed it (None while open)."""
    opened_by: str
    """Publication that opened it."""
    closed_by: str | None
    """Publication that closed it."""


def role_spans(truth: Truth, split_on_signature: bool = False) -> list[RoleSpan]:
    """Person role intervals per coarse role, as the graph model's `HOLDS_ROLE` keeps them.

    The truth closes an interval whenever the role set or the signature changes (`changed`)
    and opens the next in the same notice; a coarse role present on both sides goes on, unless
    `split_on_signature` and the signature changed (as the build does: who could sign on a date
    has one answer).
    """
    chains: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for r in truth.roles:
        if r["holder_kind"] == "person" and truth.companies[r["company_id"]]["uid"]:
            for role in r["roles"]:
                chains[(r["holder_id"], r["company_id"], role)].append(r)
    spans = []
    for (holder, company, role), rows in sorted(chains.items()):
        rows.sort(key=lambda r: (r["valid_from"], r["opened_by"]))
        start = 0
        for i, prev in enumerate(rows):
            row = rows[i + 1] if i + 1 < len(rows) else None
            if (
                row is not None
                and prev["close_reason"] == "changed"
                and prev["closed_by"] == row["opened_by"]
                and not (split_on_signature and prev["signature"] != row["signature"])
            ):
                continue  # the role goes on through the change
            spans.append(
                RoleSpan(
                    holder,
                    company,
                    role,
                    rows[start]["valid_from"],
                    prev["valid_to"],
                    rows[start]["opened_by"],
                    prev["closed_by"],
                )
            )
            start = i + 1
    return spans


def signature_changes(truth: Truth) -> list[tuple[Row, Row]]:
    """(closed, next) person intervals where only the signature changed, in one notice."""
    opened = {(r["holder_id"], r["company_id"], r["opened_by"]): r for r in truth.roles}
    pairs = []
    for r in truth.roles:
        nxt = opened.get((r["holder_id"], r["company_id"], r["closed_by"]))
        if (
            r["holder_kind"] == "person"
            and r["close_reason"] == "changed"
            and nxt
            and set(nxt["roles"]) == set(r["roles"])
            and nxt["signature"] != r["signature"]
            and truth.companies[r["company_id"]]["uid"]
        ):
            pairs.append((r, nxt))
    return pairs


def branches(truth: Truth, foreign: bool) -> list[Row]:
    """Branches whose head office is foreign (0111) or Swiss (0151)."""
    return [
        c
        for c in truth.companies.values()
        if c["head_office_id"]
        and (truth.companies[c["head_office_id"]]["kind"] == "foreign") == foreign
    ]


def head_office_names(truth: Truth, head_id: str) -> set[str]:
    """How the notices name a head office (foreign ones have no names of their own in the truth)."""
    return {m["name"] for m in truth.company_mentions if m["entity_id"] == head_id}


def mergers(truth: Truth) -> list[Row]:
    """Absorbed companies (with `merged_into`) of mergers between Swiss companies."""
    return [
        c
        for c in truth.companies.values()
        if c["merged_into"] and c["uid"] and truth.companies[c["merged_into"]]["uid"]
    ]


def homonym_pairs(truth: Truth, mentioned: set[str]) -> list[tuple[str, str]]:
    """Pairs of different truth persons with one canonical name, both among `mentioned`."""
    groups: dict[str, list[str]] = defaultdict(list)
    for pid in sorted(truth.persons):
        if pid in mentioned:
            groups[truth.persons[pid]["homonym_key"]].append(pid)
    return [
        (ids[i], other)
        for ids in groups.values()
        for i in range(len(ids))
        for other in ids[i + 1 :]
    ]


def transliterated(truth: Truth) -> list[str]:
    """Persons written at least once canonically and once with only a transliteration variant."""
    forms: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for m in truth.person_mentions:
        forms[m["entity_id"]].add(tuple(m["variant"]))
    return sorted(pid for pid, seen in forms.items() if {(), ("transliteration",)} <= seen)


def transliteration_mentions(truth: Truth, pid: str) -> list[Row]:
    """The person's mentions that are canonical or only transliterated (no other variant kind)."""
    return [
        m
        for m in truth.person_mentions
        if m["entity_id"] == pid and set(m["variant"]) <= {"transliteration"}
    ]


# -- linking truth persons to graph nodes -------------------------------------------------------
def link_mentions(
    truth_mentions: Iterable[Row], graph_rows: Iterable[Row]
) -> dict[PersonKey, set[str]]:
    """Graph Person ids of every (notice, truth person), matched by name within the notice.

    `graph_rows`: `pub`, `node`, `given`, `family` of each Person-[:INVOLVED_IN]->Event edge.
    """
    owners: dict[tuple[str, str], set[str]] = defaultdict(set)
    for m in truth_mentions:
        owners[(m["pub_number"], name_key(m["given_names"], m["family_name"]))].add(m["entity_id"])
    linked: dict[PersonKey, set[str]] = defaultdict(set)
    for g in graph_rows:
        ids = owners.get((g["pub"], name_key(g["given"], g["family"])), set())
        if len(ids) == 1:
            linked[(g["pub"], next(iter(ids)))].add(g["node"])
    return linked


def nodes_of(linked: dict[PersonKey, set[str]], mentions: Iterable[Row]) -> set[str]:
    """Graph Person ids of a set of truth mentions."""
    out: set[str] = set()
    for m in mentions:
        out |= linked.get((m["pub_number"], m["entity_id"]), set())
    return out


def share(outcomes: list[bool]) -> float:
    """Share of agreeing cases (1.0 when there are none, which the tests rule out first)."""
    return sum(outcomes) / len(outcomes) if outcomes else 1.0
