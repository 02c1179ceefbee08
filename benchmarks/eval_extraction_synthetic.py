"""Rules-extractor quality on a synthetic corpus, against its ground truth (`truth/mentions.jsonl`).

    .venv/bin/python benchmarks/eval_extraction_synthetic.py /tmp/syn [--misses 20] [--style prose]

Builds one gold record per notice from the truth mentions (the subject mention skipped), runs the
rules extractor on the notice text and scores with `evals.extraction_scorer`, split by
language and by style (`list`: headed person blocks; `prose`: Geneva/Vaud/Neuchâtel running text).
Also prints the share of matched persons whose family name was split exactly as in the truth.
`--misses N` prints N missed and N spurious persons of the chosen style, to tell generator
faults from extractor faults.

`--gold-event-conventions` maps the generator's event labels to the dev gold's annotation
conventions before scoring, where the two disagree: the generator labels every new entry with
`officer_change` / `signature_change` / `auditor_change` and every added or removed signing officer
with `signature_change`; the gold keeps only registration-type events in a new entry and
`signature_change` only for signature-only persons or changed signature types. With the flag,
new entries keep only registration-type events and `signature_change` is left out on both sides.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any, get_args

from rich.console import Console
from rich.table import Table

from evals.extraction_scorer import (
    COMPANY_THRESHOLD,
    PERSON_THRESHOLD,
    company_score,
    fold,
    match,
    person_score,
    score,
)
from ingestion.extraction.events import NEW_ENTRY_KEEPS
from ingestion.extraction.inputs import ExtractionInput
from ingestion.extraction.models import (
    Action,
    CompanyMention,
    ExtractionRecord,
    PersonMention,
    Role,
)
from ingestion.extraction.rules import RulesExtractor

console = Console()
_ROLES = set(get_args(Role))


def _gold_mention(m: dict[str, Any]) -> PersonMention | CompanyMention:
    roles = [r for r in m.get("roles") or [] if r in _ROLES]
    action: Action = "removed" if m.get("action") == "removed" else "registered"
    if m["kind"] == "company":
        return CompanyMention(
            name=m["name"], uid=m.get("uid"), seat=m.get("seat"), roles=roles, action=action
        )
    return PersonMention(
        family_name=m["family_name"],
        given_names=m.get("given_names"),
        origin=m.get("origin"),
        nationality=m.get("nationality"),
        residence=m.get("residence"),
        roles=roles,
        signature=m.get("signature") or "unknown",
        action=action,
    )


def load(folder: Path) -> tuple[list[ExtractionInput], dict[str, ExtractionRecord], dict[str, str]]:
    """Inputs, gold records by id, and the style of each notice."""
    inputs = []
    for page in sorted((folder / "notices").glob("*.json")):
        for pub in json.loads(page.read_text(encoding="utf-8"))["content"]:
            meta, content = pub["meta"], pub["content"]
            inputs.append(
                ExtractionInput(
                    id=meta["publicationNumber"],
                    text=content.get("publicationText") or "",
                    language=meta.get("language"),
                )
            )
    events = {}
    style = {}
    for line in (folder / "truth" / "events.jsonl").open(encoding="utf-8"):
        e = json.loads(line)
        events[e["pub_number"]] = e
        style[e["pub_number"]] = e.get("style") or "list"
    mentions: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in (folder / "truth" / "mentions.jsonl").open(encoding="utf-8"):
        m = json.loads(line)
        if m.get("role") != "subject":
            mentions[m["pub_number"]].append(m)
    gold = {}
    for inp in inputs:
        ms = [_gold_mention(m) for m in mentions.get(inp.id, [])]
        ev = events.get(inp.id, {})
        gold[inp.id] = ExtractionRecord(
            id=inp.id,
            language=ev.get("language") or inp.language,
            events=ev.get("event_types") or [],
            persons=[m for m in ms if isinstance(m, PersonMention)],
            companies=[m for m in ms if isinstance(m, CompanyMention)],
        )
    return inputs, gold, style


def gold_conventions(rec: ExtractionRecord) -> ExtractionRecord:
    """The record's events as the dev gold would label them (see the module docstring)."""
    events = [e for e in rec.events if e != "signature_change"]
    if "registration" in events:
        events = [e for e in events if e in NEW_ENTRY_KEEPS]
    return rec.model_copy(update={"events": events})


def _split_exact(gold: list[ExtractionRecord], pred: list[ExtractionRecord]) -> tuple[int, int]:
    ok = total = 0
    for g, p in zip(gold, pred, strict=True):
        for i, j in match(g.persons, p.persons, person_score, PERSON_THRESHOLD):
            total += 1
            ok += fold(g.persons[i].family_name) == fold(p.persons[j].family_name)
    return ok, total


def _show_misses(
    gold: list[ExtractionRecord],
    pred: list[ExtractionRecord],
    texts: dict[str, str],
    n: int,
    kind: str,
) -> None:
    missed: list[tuple[str, Any]] = []
    spurious: list[tuple[str, Any]] = []
    for g, p in zip(gold, pred, strict=True):
        gs: list[Any]
        ps: list[Any]
        if kind == "company":
            gs, ps = g.companies, p.companies
            pairs = match(gs, ps, company_score, COMPANY_THRESHOLD)
        else:
            gs, ps = g.persons, p.persons
            pairs = match(gs, ps, person_score, PERSON_THRESHOLD)
        mg = {i for i, _ in pairs}
        mp = {j for _, j in pairs}
        missed += [(g.id, x) for i, x in enumerate(gs) if i not in mg]
        spurious += [(g.id, x) for j, x in enumerate(ps) if j not in mp]
    for title, items in (("missed", missed), ("spurious", spurious)):
        console.print(f"[bold]{title}: {len(items)}[/bold]")
        for pid, x in items[:n]:
            label = (
                f"{x.name} {x.roles}"
                if isinstance(x, CompanyMention)
                else f"{x.family_name} | {x.given_names}"
            )
            console.print(f"  {pid}: {label}  ({x.action})", markup=False, highlight=False)
            console.print(f"     {texts[pid][:700]}", markup=False, highlight=False)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("folder", type=Path, help="folder written by `shabgraph generate`")
    ap.add_argument(
        "--misses", type=int, default=0, help="print this many misses / spurious persons"
    )
    ap.add_argument("--style", default="prose", help="style whose misses to print (list|prose)")
    ap.add_argument("--lang", default=None, help="language whose misses to print (default: all)")
    ap.add_argument("--kind", default="person", help="person|company misses")
    ap.add_argument(
        "--gold-event-conventions",
        action="store_true",
        help="map generator event labels to the gold's conventions (see above)",
    )
    args = ap.parse_args()
    inputs, gold_by_id, style = load(args.folder)
    ex = RulesExtractor()
    preds = [ex.extract(i) for i in inputs]
    golds = [gold_by_id[i.id] for i in inputs]
    if args.gold_event_conventions:
        golds = [gold_conventions(g) for g in golds]
        preds = [gold_conventions(p) for p in preds]
    table = Table(title=f"rules extractor vs synthetic truth ({args.folder})")
    for col in (
        "slice",
        "notices",
        "pers P",
        "pers R",
        "comp P",
        "comp R",
        "roles F1",
        "events F1",
        "split exact",
    ):
        table.add_column(col, justify="right")
    slices: dict[str, list[int]] = defaultdict(list)
    for k, inp in enumerate(inputs):
        lang = golds[k].language or "?"
        st = style[inp.id]
        for key in ("all", f"{lang}", f"{lang} {st}", st):
            slices[key].append(k)
    for key in sorted(slices, key=lambda s: (s != "all", len(s.split()), s)):
        idx = slices[key]
        g = [golds[k] for k in idx]
        p = [preds[k] for k in idx]
        s = score(g, p).overall
        ok, total = _split_exact(g, p)
        table.add_row(
            key,
            str(len(idx)),
            f"{s.persons.precision:.3f}",
            f"{s.persons.recall:.3f}",
            f"{s.companies.precision:.3f}",
            f"{s.companies.recall:.3f}",
            f"{s.roles.f1:.3f}",
            f"{s.events.f1:.3f}",
            f"{ok / total:.3f}" if total else "-",
        )
    console.print(table)
    if args.misses:
        idx = [
            k
            for k, i in enumerate(inputs)
            if style[i.id] == args.style and args.lang in (None, golds[k].language)
        ]
        _show_misses(
            [golds[k] for k in idx],
            [preds[k] for k in idx],
            {i.id: i.text for i in inputs},
            args.misses,
            args.kind,
        )


if __name__ == "__main__":
    main()
