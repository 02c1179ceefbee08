"""Tier 1 metrics of identity resolution (`shabgraph eval resolution`).

- Pairwise precision / recall / F1 of company and person identity against the synthetic truth
  (`truth/mentions.jsonl`, `truth/events.jsonl`): every mention is matched to a truth mention of
  the same notice by name, then pairs of mentions are counted through the contingency table of
  (graph node, true entity), so the count is linear in the number of mentions.
- The NameHub orthographic-consistency diagnostic of the paper's Table 3.
- The UID-continuity diagnostic of its Table S29: notices with a valid subject UID, pairs that
  share a graph company (ours) or only a NameHub (the paper's construction) versus pairs that
  share the official UID.
"""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from neo4j import Driver
from pydantic import BaseModel
from rapidfuzz import fuzz
from rich.table import Table

from shabgraph.db import read
from shabgraph.errors import InputError
from shabgraph.register.folding import company_hub_key, fold, tokens
from shabgraph.register.legal_forms import LEGAL_FORM_WORDS

PERSON_MENTIONS: Final = """
MATCH (p:Person)-[i:INVOLVED_IN]->(e:Event)
RETURN p.id AS node, e.pub_number AS pub, i.family_name AS family, i.given_names AS given
"""
COMPANY_MENTIONS: Final = """
MATCH (c:Company)-[i:INVOLVED_IN]->(e:Event)
RETURN c.id AS node, e.pub_number AS pub, i.name AS name
"""
SUBJECTS: Final = """
MATCH (e:Event) WHERE e.subject_id IS NOT NULL
RETURN e.pub_number AS pub, e.subject_id AS node, e.subject_uid AS uid, e.subject_name AS name
"""
HUB_MEMBERS: Final = """
MATCH (h:NameHub)<-[:IN_HUB]-(n)
WITH h, collect(coalesce(n.name_variants_text, n.names_text, n.name)) AS spellings
WHERE size(spellings) >= 1
RETURN h.key AS key, h.display AS display, spellings
"""


class PairScores(BaseModel):
    """Pairwise identity scores."""

    mentions: int
    """Mentions matched to the truth and scored."""
    unmatched: int
    """Graph mentions without a truth counterpart (extraction noise)."""
    tp: int
    """Pairs together in the graph and in the truth."""
    fp: int
    """Pairs together in the graph only."""
    fn: int
    """Pairs together in the truth only."""

    @property
    def precision(self) -> float:
        """TP / (TP + FP)."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        """TP / (TP + FN)."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall."""
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


class ResolutionReport(BaseModel):
    """Everything `eval resolution` prints."""

    company: PairScores | None
    """Company identity against the synthetic truth (None without truth)."""
    person: PairScores | None
    """Person identity against the synthetic truth (None without truth)."""
    hubs_sampled: int
    """NameHubs in the orthographic diagnostic."""
    comparisons: int
    """Grouped-name comparisons made."""
    consistency: float
    """Share of comparisons that are orthographic variants of the hub's display name."""
    uid_ours: PairScores
    """UID continuity of the resolved companies."""
    uid_hub_only: PairScores
    """UID continuity if identity were the NameHub alone (the paper's construction)."""
    uid_count: int
    """Distinct official UIDs among the notices."""


def pair_scores(pairs: Iterable[tuple[str, str]], unmatched: int = 0) -> PairScores:
    """Pairwise scores of (predicted cluster, true entity) assignments of items."""
    cells: Counter[tuple[str, str]] = Counter(pairs)
    pred: Counter[str] = Counter()
    true: Counter[str] = Counter()
    for (p, t), n in cells.items():
        pred[p] += n
        true[t] += n

    def c2(n: int) -> int:
        return n * (n - 1) // 2

    tp = sum(c2(n) for n in cells.values())
    return PairScores(
        mentions=sum(cells.values()),
        unmatched=unmatched,
        tp=tp,
        fp=sum(c2(n) for n in pred.values()) - tp,
        fn=sum(c2(n) for n in true.values()) - tp,
    )


def _key(text: str) -> str:
    return " ".join(sorted(tokens(text)))


def _match(candidates: list[tuple[str, str]], name: str) -> str | None:
    """Entity id of the truth mention of the notice whose name matches `name` best."""
    key = _key(name)
    for cand_key, entity in candidates:
        if cand_key == key:
            return entity
    best = max(candidates, key=lambda c: fuzz.token_sort_ratio(c[0], key), default=None)
    if best and fuzz.token_sort_ratio(best[0], key) >= 90:
        return best[1]
    return None


def _load_truth(
    folder: Path,
) -> tuple[dict[str, list[tuple[str, str]]], dict[str, list[tuple[str, str]]], dict[str, str]]:
    mentions_path = folder / "truth" / "mentions.jsonl"
    if not mentions_path.exists():
        raise InputError(
            f"{mentions_path} is missing",
            hint="point --truth at a corpus made by `shabgraph generate`",
        )
    persons: dict[str, list[tuple[str, str]]] = defaultdict(list)
    companies: dict[str, list[tuple[str, str]]] = defaultdict(list)
    subjects: dict[str, str] = {}
    with mentions_path.open(encoding="utf-8") as fh:
        for line in fh:
            m = json.loads(line)
            if m.get("role") == "subject":
                subjects[m["pub_number"]] = m["entity_id"]
            elif m["kind"] == "person":
                name = f"{m.get('given_names') or ''} {m.get('family_name') or ''}"
                persons[m["pub_number"]].append((_key(name), m["entity_id"]))
            else:
                companies[m["pub_number"]].append((_key(m.get("name") or ""), m["entity_id"]))
    return persons, companies, subjects


def identity_scores(driver: Driver, database: str, folder: Path) -> tuple[PairScores, PairScores]:
    """(company, person) pairwise scores against a synthetic corpus' truth."""
    persons, companies, subjects = _load_truth(folder)
    person_pairs, missing = [], 0
    for r in read(driver, database, PERSON_MENTIONS):
        entity = _match(persons.get(r["pub"], []), f"{r['given'] or ''} {r['family'] or ''}")
        if entity is None:
            missing += 1
        else:
            person_pairs.append((r["node"], entity))
    company_pairs, cmissing = [], 0
    for r in read(driver, database, SUBJECTS):
        if r["pub"] in subjects:
            company_pairs.append((r["node"], subjects[r["pub"]]))
    for r in read(driver, database, COMPANY_MENTIONS):
        entity = _match(companies.get(r["pub"], []), r["name"] or "")
        if entity is None:
            cmissing += 1
        else:
            company_pairs.append((r["node"], entity))
    return pair_scores(company_pairs, cmissing), pair_scores(person_pairs, missing)


def _hub_key_of(kind: str, spelling: str) -> str:
    if kind == "company":
        return company_hub_key(spelling)
    return "person:" + " ".join(sorted(tokens(spelling)))


def _surface(kind: str, name: str) -> str:
    """Lower-cased spelling; company legal-form words dropped (AG / SA / Sagl are one name)."""
    words = name.lower().replace(",", " ").split()
    if kind == "company":
        words = [w for w in words if fold(w).strip(".") not in LEGAL_FORM_WORDS]
    return " ".join(words)


def orthographic_consistency(
    driver: Driver, database: str, sample: int, seed: int = 7
) -> tuple[int, int, float]:
    """(hubs sampled, comparisons, consistency rate) over hubs grouping several spellings.

    Each distinct spelling grouped under a hub is compared, lower-cased but not folded, with the
    hub's display name: it is consistent when it is an orthographic variant of it (token-sort
    ratio >= 85), i.e. the hub did not group different names.
    """
    hubs = []
    for r in read(driver, database, HUB_MEMBERS):
        kind = r["key"].split(":", 1)[0]
        raw = {s.strip() for text in r["spellings"] if text for s in text.split("|")}
        spellings = {s for s in raw if s and _hub_key_of(kind, s) == r["key"]}
        if len(spellings) >= 2:
            hubs.append((kind, r["display"], sorted(spellings)))
    rng = random.Random(seed)
    chosen = rng.sample(hubs, min(sample, len(hubs)))
    comparisons = consistent = 0
    for kind, display, names in chosen:
        for s in names:
            if s == display:
                continue
            comparisons += 1
            if fuzz.token_sort_ratio(_surface(kind, s), _surface(kind, display or "")) >= 85:
                consistent += 1
    return len(chosen), comparisons, consistent / comparisons if comparisons else 1.0


def uid_continuity(driver: Driver, database: str) -> tuple[PairScores, PairScores, int]:
    """UID continuity of resolved companies and of NameHub-only identity (Table S29)."""
    ours, hub_only = [], []
    for r in read(driver, database, SUBJECTS):
        if r["uid"]:
            ours.append((r["node"], r["uid"]))
            hub_only.append((company_hub_key(r["name"]), r["uid"]))
    return pair_scores(ours), pair_scores(hub_only), len({u for _, u in ours})


def evaluate(driver: Driver, database: str, folder: Path | None, sample: int) -> ResolutionReport:
    """Run every Tier 1 diagnostic; the truth-based ones only when `folder` has a truth."""
    company = person = None
    if folder is not None and (folder / "truth").exists():
        company, person = identity_scores(driver, database, folder)
    hubs, comparisons, rate = orthographic_consistency(driver, database, sample)
    ours, hub_only, uids = uid_continuity(driver, database)
    return ResolutionReport(
        company=company,
        person=person,
        hubs_sampled=hubs,
        comparisons=comparisons,
        consistency=rate,
        uid_ours=ours,
        uid_hub_only=hub_only,
        uid_count=uids,
    )


def report_tables(report: ResolutionReport) -> list[Table]:
    """Rich tables of the report."""
    ident = Table(title="Identity resolution, pairwise (synthetic truth)")
    for col in ("entity", "mentions", "unmatched", "TP", "FP", "FN", "precision", "recall", "F1"):
        ident.add_column(col, justify="right" if col != "entity" else "left")
    rows = [
        ("company", report.company),
        ("person", report.person),
        ("company UID continuity (ours)", report.uid_ours),
        ("company UID continuity (NameHub only)", report.uid_hub_only),
    ]
    for name, s in rows:
        if s is None:
            ident.add_row(name, *["n/a"] * 8)
            continue
        ident.add_row(
            name,
            f"{s.mentions:,}",
            f"{s.unmatched:,}",
            f"{s.tp:,}",
            f"{s.fp:,}",
            f"{s.fn:,}",
            f"{s.precision:.4f}",
            f"{s.recall:.4f}",
            f"{s.f1:.4f}",
        )
    ortho = Table(title="NameHub orthographic consistency (Table 3 layout)")
    ortho.add_column("metric")
    ortho.add_column("value", justify="right")
    ortho.add_row("NameHub nodes sampled", f"{report.hubs_sampled:,}")
    ortho.add_row("Grouped-name comparisons evaluated", f"{report.comparisons:,}")
    ortho.add_row("Orthographic consistency rate", f"{report.consistency:.2%}")
    ortho.add_row("Unique official UIDs (notices)", f"{report.uid_count:,}")
    return [ident, ortho]
