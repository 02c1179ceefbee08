"""Compare predicted extraction records with gold ones ("How a scorer compares" in
extraction-schema.md); `render` prints the paper's Table-4 layout, `run_eval` is the body of
`shabgraph eval extraction`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field
from rapidfuzz import fuzz

from ingestion.extraction.models import CompanyMention, ExtractionRecord, PersonMention
from shabgraph.errors import InputError
from shabgraph.register import legal_forms
from shabgraph.register.folding import fold_accents

PERSON_THRESHOLD = 90.0
"""Token-sort ratio a person pair needs to match."""
COMPANY_THRESHOLD = 90.0
"""Token-sort ratio a company pair needs to match (legal-form words normalised)."""

_QUOTES = str.maketrans({",": " ", "«": " ", "»": " ", '"': " "})


def fold(s: str) -> str:
    """Lower-case, accent-free, punctuation-light form for fuzzy comparison."""
    return " ".join(fold_accents(s).translate(_QUOTES).split())


def person_score(a: PersonMention, b: PersonMention) -> tuple[float, str]:
    """(token-sort ratio of the full names, reason)."""
    na = fold(f"{a.family_name} {a.given_names or ''}")
    nb = fold(f"{b.family_name} {b.given_names or ''}")
    score = float(fuzz.token_sort_ratio(na, nb))
    return score, f"'{na}' vs '{nb}'"


@lru_cache(maxsize=1 << 14)
def company_key(name: str) -> str:
    """Company name with each written legal form replaced by its code (SA, AG,
    Aktiengesellschaft -> 0106), so gold and prediction may write the form differently."""
    s = fold(name)
    for written, code in legal_forms.spellings().items():  # longest first
        s = f" {s} ".replace(f" {fold(written)} ", f" {code} ").strip()
    return s


def company_score(a: CompanyMention, b: CompanyMention) -> tuple[float, str]:
    """(token-sort ratio of the normalised names, reason)."""
    ka, kb = company_key(a.name), company_key(b.name)
    return float(fuzz.token_sort_ratio(ka, kb)), f"'{ka}' vs '{kb}'"


def match(
    gold: Sequence[Any],
    pred: Sequence[Any],
    score: Callable[[Any, Any], tuple[float, str]],
    threshold: float,
) -> list[tuple[int, int]]:
    """One-to-one matches (gold index, pred index), best pairs first."""
    pairs = []
    for i, g in enumerate(gold):
        for j, p in enumerate(pred):
            s, _ = score(g, p)
            if s >= threshold:
                pairs.append((s, i, j))
    pairs.sort(key=lambda t: (-t[0], t[1], t[2]))
    used_g: set[int] = set()
    used_p: set[int] = set()
    out = []
    for _, i, j in pairs:
        if i not in used_g and j not in used_p:
            used_g.add(i)
            used_p.add(j)
            out.append((i, j))
    return out


class PRF(BaseModel):
    """Counts and precision / recall / F1 of one row."""

    tp: int = 0
    """True positives."""
    pred: int = 0
    """Predicted items."""
    gold: int = 0
    """Gold items."""

    @property
    def precision(self) -> float:
        """tp / pred (1.0 when nothing was predicted and nothing was expected)."""
        return self.tp / self.pred if self.pred else (1.0 if not self.gold else 0.0)

    @property
    def recall(self) -> float:
        """tp / gold (1.0 when nothing was expected)."""
        return self.tp / self.gold if self.gold else 1.0

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall."""
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: PRF) -> None:
        """Accumulate another row's counts."""
        self.tp += other.tp
        self.pred += other.pred
        self.gold += other.gold


class Accuracy(BaseModel):
    """Share of matched persons whose attribute agrees with gold."""

    correct: int = 0
    """Matched persons with the same value."""
    total: int = 0
    """Matched persons."""

    @property
    def value(self) -> float:
        """correct / total (1.0 when no person matched)."""
        return self.correct / self.total if self.total else 1.0


class Scores(BaseModel):
    """All rows of the table for one slice (overall or one language)."""

    notices: int = 0
    """Notices in the slice."""
    persons: PRF = Field(default_factory=PRF)
    """Person mentions."""
    companies: PRF = Field(default_factory=PRF)
    """Company mentions (subject excluded)."""
    roles: PRF = Field(default_factory=PRF)
    """Role sets of matched entities."""
    relations: PRF = Field(default_factory=PRF)
    """(entity, role) pairs over all entities."""
    events: PRF = Field(default_factory=PRF)
    """Event labels (micro)."""
    signature: Accuracy = Field(default_factory=Accuracy)
    """Signature right of matched persons."""
    action: Accuracy = Field(default_factory=Accuracy)
    """Registered / removed of matched persons."""
    residence: Accuracy = Field(default_factory=Accuracy)
    """Residence of matched persons."""
    origin: Accuracy = Field(default_factory=Accuracy)
    """Origin and nationality of matched persons."""


class Report(BaseModel):
    """Scores overall and per language, plus the notices that could not be compared."""

    overall: Scores = Field(default_factory=Scores)
    """All notices."""
    by_language: dict[str, Scores] = Field(default_factory=dict)
    """Per gold language."""
    missing: list[str] = Field(default_factory=list)
    """Gold ids with no prediction (scored as empty predictions)."""
    errors: list[str] = Field(default_factory=list)
    """Predicted records that carry an `error`."""


def _same(a: str | None, b: str | None) -> bool:
    return fold(a or "") == fold(b or "")


def score_record(gold: ExtractionRecord, pred: ExtractionRecord) -> Scores:
    """Scores of one notice."""
    s = Scores(notices=1)
    pm = match(gold.persons, pred.persons, person_score, PERSON_THRESHOLD)
    subject = company_key(gold.subject.name) if gold.subject and gold.subject.name else None
    gc = [c for c in gold.companies if company_key(c.name) != subject or "head_office" in c.roles]
    pc = [c for c in pred.companies if company_key(c.name) != subject or "head_office" in c.roles]
    cm = match(gc, pc, company_score, COMPANY_THRESHOLD)
    s.persons = PRF(tp=len(pm), pred=len(pred.persons), gold=len(gold.persons))
    s.companies = PRF(tp=len(cm), pred=len(pc), gold=len(gc))
    pairs = [(gold.persons[i], pred.persons[j]) for i, j in pm] + [(gc[i], pc[j]) for i, j in cm]
    for g, p in pairs:
        gr, pr = set(g.roles), set(p.roles)
        s.roles.add(PRF(tp=len(gr & pr), pred=len(pr), gold=len(gr)))
    pred_entities: list[PersonMention | CompanyMention] = [*pred.persons, *pc]
    gold_entities: list[PersonMention | CompanyMention] = [*gold.persons, *gc]
    s.relations = PRF(
        tp=s.roles.tp,
        pred=sum(len(set(e.roles)) for e in pred_entities),
        gold=sum(len(set(e.roles)) for e in gold_entities),
    )
    for i, j in pm:
        g, p = gold.persons[i], pred.persons[j]
        s.signature.total += 1
        s.signature.correct += g.signature == p.signature
        s.action.total += 1
        s.action.correct += g.action == p.action
        s.residence.total += 1
        s.residence.correct += _same(g.residence, p.residence)
        s.origin.total += 1
        s.origin.correct += _same(g.origin, p.origin) and _same(g.nationality, p.nationality)
    ge, pe = set(gold.events), set(pred.events)
    s.events = PRF(tp=len(ge & pe), pred=len(pe), gold=len(ge))
    return s


def _accumulate(total: Scores, part: Scores) -> None:
    total.notices += part.notices
    for name in ("persons", "companies", "roles", "relations", "events"):
        getattr(total, name).add(getattr(part, name))
    for name in ("signature", "action", "residence", "origin"):
        acc, add = getattr(total, name), getattr(part, name)
        acc.correct += add.correct
        acc.total += add.total


def score(gold: list[ExtractionRecord], pred: list[ExtractionRecord]) -> Report:
    """Compare predictions with gold by id; a gold id without prediction counts as empty."""
    by_id = {p.id: p for p in pred}
    report = Report()
    for g in gold:
        p = by_id.get(g.id)
        if p is None:
            report.missing.append(g.id)
            p = ExtractionRecord(id=g.id)
        elif p.error:
            report.errors.append(g.id)
        part = score_record(g, p)
        _accumulate(report.overall, part)
        lang = g.language or p.language or "unknown"
        _accumulate(report.by_language.setdefault(lang, Scores()), part)
    return report


PAPER = {
    "persons": (0.989, 0.956, 0.972),
    "companies": (0.933, 0.651, 0.767),
    "roles": (0.723, 0.611, 0.662),
    "relations": (0.701, 0.482, 0.571),
}
"""The paper's Table 4 (LLM extractor, 120 notices), for the comparison column."""


def _rows(s: Scores) -> Iterable[tuple[str, str, str, str]]:
    for name, label in (
        ("persons", "Persons"),
        ("companies", "Companies"),
        ("roles", "Roles"),
        ("relations", "Entity-role relations"),
        ("events", "Events"),
    ):
        prf: PRF = getattr(s, name)
        yield label, f"{prf.precision:.3f}", f"{prf.recall:.3f}", f"{prf.f1:.3f}"


def render(report: Report) -> str:
    """The Table-4-style text table: overall, then per language, then attribute accuracies."""
    lines = []
    slices = [("all", report.overall), *sorted(report.by_language.items())]
    for label, s in slices:
        lines.append(
            f"== {label} ({s.notices} notices; persons gold {s.persons.gold}, "
            f"companies gold {s.companies.gold}) =="
        )
        lines.append(f"{'':24} {'P':>6} {'R':>6} {'F1':>6}   {'paper F1':>8}")
        for name, p, r, f in _rows(s):
            key = {
                "Persons": "persons",
                "Companies": "companies",
                "Roles": "roles",
                "Entity-role relations": "relations",
            }.get(name)
            paper = f"{PAPER[key][2]:.3f}" if key else ""
            lines.append(f"{name:24} {p:>6} {r:>6} {f:>6}   {paper:>8}")
        acc = "  ".join(
            f"{n} {getattr(s, n).value:.3f}" for n in ("signature", "action", "residence", "origin")
        )
        lines.append(f"accuracy over matched persons: {acc}")
        lines.append("")
    if report.missing:
        lines.append(f"missing predictions: {len(report.missing)}")
    if report.errors:
        lines.append(f"error records: {len(report.errors)}")
    return "\n".join(lines).rstrip() + "\n"


def read_records(path: Path) -> list[ExtractionRecord]:
    """The records of an extraction JSONL file (an InputError names the first bad line)."""
    if not path.is_file():
        raise InputError(f"file not found: {path}", "give a JSONL file in the extraction schema")
    records = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append(ExtractionRecord.model_validate_json(line))
        except ValueError as exc:
            raise InputError(
                f"{path}:{n}: not an extraction record", str(exc).splitlines()[0]
            ) from exc
    return records


def run_eval(gold: Path, pred: Path, json_out: Path | None) -> None:
    """Print the Table-4-style report (stdout) and optionally write it as JSON."""
    report = score(read_records(gold), read_records(pred))
    print(render(report), end="")
    if json_out is not None:
        json_out.write_text(report.model_dump_json(indent=1), encoding="utf-8")
