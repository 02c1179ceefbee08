"""`shabgraph ingest`: parse -> extract -> load -> resolve, batched, idempotent and resumable.

Stages
  read      parse every file, extract every notice, write Event nodes; keep compact rows
  companies strong companies: identities (UID, old number, key+seat), history, HAS_EVENT
  mentions  named companies: absorbed into strong ones (UID, key+seat) or weak; their edges
  persons   person profiles per name block, INVOLVED_IN, time-aware HOLDS_ROLE

Every write is a MERGE or a replace-in-one-transaction of values computed from *all* the
evidence (this run's rows plus what the graph already holds for the touched keys), so a re-run
after a crash, or a second run over the same notices, converges to the same graph.
"""

from __future__ import annotations

import logging
import os
import time
import tracemalloc
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, Final, NamedTuple

from neo4j import Driver
from pydantic import BaseModel, Field
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ingestion.extraction.models import ExtractionRecord
from ingestion.graph import store
from ingestion.graph.derive import company_mention_props, holder_rows, person_rows
from ingestion.graph.head_offices import head_office_seats
from ingestion.graph.history import Observation, company_props, company_states
from ingestion.graph.identity import (
    AliasIndex,
    StrongCandidate,
    fallback_company_id,
    resolve_weak,
    weak_company_id,
)
from ingestion.graph.normalize import company_hub_key, place_norm
from ingestion.graph.persons import block_key, cluster_block, group_blocks
from ingestion.graph.reading import Parsed, extract_safely, parsed_items, worker_count
from ingestion.graph.rows import (
    CompanyRow,
    NoticeRows,
    PersonRow,
    RowPool,
    SubjectObs,
    notice_rows,
)
from ingestion.graph.sink import DRIVER_LOGGER, RetryCount, WriteSink, writer_count
from ingestion.graph.writer import (
    CLOSE_ROLES_OF_DELETED,
    DELETE_COMPANY_INVOLVED,
    WRITE_COMPANIES,
    WRITE_EVENTS,
    WRITE_INVOLVED,
    WRITE_WEAK,
    chunks,
    replace_company_holders,
    replace_person_blocks,
    run_write,
)
from ingestion.publication import Publication
from shabgraph.errors import ConfigError

EVENT_BATCH: Final = 2000
COMPANY_BATCH: Final = 250
MENTION_BATCH: Final = 4000
CRASH_ENV: Final = "SHABGRAPH_INGEST_CRASH_AFTER"
"""Test hook: exit abruptly (no clean-up) after this many write batches, to test resumption."""


Extract = Callable[[Publication], ExtractionRecord]
"""Publication -> extraction: the only thing the graph build needs from an extractor backend."""


class IngestSummary(BaseModel):
    """What one ingest run did (printed at the end, returned to callers and benchmarks)."""

    notices: int = 0
    """Publications read and loaded."""
    rejects: Counter[str] = Field(default_factory=Counter)
    """Records the parsers could not read, by reason."""
    flags: Counter[str] = Field(default_factory=Counter)
    """Data-quality flags raised (events, companies, roles)."""
    strong_companies: int = 0
    """Strong companies written (created or updated)."""
    weak_companies: int = 0
    """Weak company nodes written."""
    absorbed: Counter[str] = Field(default_factory=Counter)
    """Weak companies absorbed into strong ones, by rule."""
    persons: int = 0
    """Person profiles written (in the re-resolved blocks)."""
    person_mentions: int = 0
    """Person mentions resolved."""
    role_edges: int = 0
    """HOLDS_ROLE edges written."""
    stage_seconds: dict[str, float] = Field(default_factory=dict)
    """Wall time of each stage (its writes included)."""
    stage_cpu_seconds: dict[str, float] = Field(default_factory=dict)
    """CPU time of the ingest process in each stage (the machine is shared: wall time varies)."""
    peak_mib: float | None = None
    """Peak Python memory (tracemalloc) when measured."""
    write_retries: int = 0
    """Writes the driver retried after a transient error (deadlocks between the writers)."""


def make_extractor(name: str) -> Extract:
    """The extractor backend named on the command line."""
    candidates = {
        "rules": [("ingestion.extraction.rules", "RulesExtractor")],
        "llm": [("ingestion.extraction.llm", "LLMExtractor")],
        "hybrid": [("ingestion.extraction.hybrid", "HybridExtractor")],
    }
    if name not in candidates:
        raise ConfigError(f"unknown extractor '{name}'", hint="use rules, llm or hybrid")
    import importlib

    module, cls = candidates[name][0]
    try:
        backend = getattr(importlib.import_module(module), cls)()
        from ingestion.extraction.inputs import input_from_publication
    except (ImportError, AttributeError) as exc:
        raise ConfigError(
            f"extractor '{name}' is not available ({exc})", hint="use --extractor rules"
        ) from exc

    def extract(pub: Publication) -> ExtractionRecord:
        record: ExtractionRecord = backend.extract(input_from_publication(pub))
        return record

    return extract


class _Strong(NamedTuple):
    """What the mention stage needs of a strong company written in this run."""

    uid: str | None
    """Its valid UID."""
    hub_key: str
    """NameHub key of its current name."""
    seat: str | None
    """Current seat."""


class _Crash:
    """Counts write batches; exits the process abruptly when the test hook says so."""

    def __init__(self) -> None:
        raw = os.environ.get(CRASH_ENV)
        self.after = int(raw) if raw else None
        self.count = 0

    def tick(self) -> None:
        self.count += 1
        if self.after is not None and self.count >= self.after:
            os._exit(137)  # simulate a kill: no flush, no finally blocks


class Ingestor:
    """One ingest run against one database."""

    def __init__(
        self,
        driver: Driver,
        database: str,
        extract: Extract,
        console: Console | None = None,
        show_progress: bool = True,
    ) -> None:
        self.driver, self.db, self.extract = driver, database, extract
        self.console = console or Console(stderr=True)
        self.show_progress = show_progress
        self.summary = IngestSummary()
        self.crash = _Crash()
        self.sink = WriteSink(after_each=self.crash.tick, writers=writer_count())
        self.fresh = True
        self.pool = RowPool()
        self.subjects: list[SubjectObs] = []
        self.persons: list[PersonRow] = []
        self.companies: list[CompanyRow] = []
        self.pub_company: dict[str, str] = {}
        self.run_strong: dict[str, _Strong] = {}

    # -- helpers ------------------------------------------------------------------------------
    def _progress(self) -> Progress:
        return Progress(
            TextColumn("{task.description:<10}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self.console,
            disable=not self.show_progress,
            transient=False,
        )

    def _write(self, query: str, **params: Any) -> None:
        driver, db = self.driver, self.db
        self.sink.submit(lambda: run_write(driver, db, query, **params))

    def _submit(self, job: Callable[[], None]) -> None:
        self.sink.submit(job)

    def _timed(self, stage: str, fn: Callable[[], None]) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        fn()
        self.sink.flush()  # a stage ends when its writes are in the graph
        self.summary.stage_seconds[stage] = round(time.perf_counter() - start, 2)
        self.summary.stage_cpu_seconds[stage] = round(time.process_time() - cpu, 2)

    # -- stages -------------------------------------------------------------------------------
    def run(self, items: Iterable[Any]) -> IngestSummary:
        """Ingest publications (and parser rejects) from `items`."""
        self.fresh = store.event_count(self.driver, self.db) == 0
        retries, driver_log = RetryCount(), logging.getLogger(DRIVER_LOGGER)
        driver_log.addFilter(retries)
        try:
            self._timed("read", lambda: self._read(items))
            self._timed("companies", self._strong_companies)
            self._timed("mentions", self._company_mentions)
            self._timed("persons", self._persons)
        finally:
            self.sink.close()
            driver_log.removeFilter(retries)
            self.summary.write_retries = retries.count
        return self.summary

    def _read(self, items: Iterable[Any]) -> None:
        seen: set[str] = set()
        events: list[dict[str, Any]] = []
        with self._progress() as progress:
            task = progress.add_task("read", total=None)
            for item in items:
                if not isinstance(item, Publication | Parsed):
                    self.summary.rejects[str(getattr(item, "reason", "unreadable"))] += 1
                    continue
                if item.number in seen:
                    self.summary.rejects["duplicate"] += 1
                    continue
                seen.add(item.number)
                if isinstance(item, Parsed):  # parsed and extracted in a worker process
                    rows = item.rows
                else:
                    rows = notice_rows(item, extract_safely(self.extract, item))
                self._keep(rows)
                events.append(rows.event)
                if len(events) >= EVENT_BATCH:
                    self._write(WRITE_EVENTS, rows=events)
                    events = []
                progress.advance(task)
            if events:
                self._write(WRITE_EVENTS, rows=events)
        self.pool = RowPool()  # every row is in; the shared values live on in the rows

    def _keep(self, rows: NoticeRows) -> None:
        self.summary.notices += 1
        self.summary.flags.update(rows.event["flags"])
        pool = self.pool
        if rows.subject:
            self.subjects.append(pool.subject(rows.subject))
        self.persons.extend(pool.person(r) for r in rows.persons)
        self.companies.extend(pool.company(r) for r in rows.companies)

    def _assign_ids(self) -> dict[str, list[SubjectObs]]:
        alias = AliasIndex()
        for s in self.subjects:
            keys = [k for k in ((s.uid if s.uid_valid else None), s.code13) if k]
            if keys:
                alias.link(keys)
        existing: dict[str, str] = {}
        if not self.fresh:
            existing = store.ids_by_identifier(
                self.driver,
                self.db,
                {s.uid for s in self.subjects if s.uid and s.uid_valid},
                {s.code13 for s in self.subjects if s.code13},
            )
        groups: dict[str, list[SubjectObs]] = defaultdict(list)
        for s in self.subjects:
            key = (s.uid if s.uid_valid else None) or s.code13
            if key:
                canon = alias.canonical(key)
                cid = (
                    existing.get(canon)
                    or existing.get(key)
                    or (canon if canon.startswith("CHE-") else f"CH:{canon[2:]}")
                )
            else:
                name = next((v for k, v in s.attrs if k == "name"), None)
                seat = next((v for k, v in s.attrs if k == "seat"), None)
                cid = fallback_company_id(name, seat)
            self.pub_company[s.pub_number] = cid
            groups[cid].append(s)
        return groups

    def _strong_companies(self) -> None:
        groups = self._assign_ids()
        self.subjects = []  # grouped now; dropping the list keeps the peak memory down
        history = {} if self.fresh else store.company_history(self.driver, self.db, groups)
        with self._progress() as progress:
            task = progress.add_task("companies", total=len(groups))
            batch: list[dict[str, Any]] = []
            # Rows are built batch by batch, so Neo4j writes one while Python builds the next.
            for cid, subs in sorted(groups.items()):
                batch.append(self._company_row(cid, subs, history.get(cid, {})))
                if len(batch) >= COMPANY_BATCH:
                    self._write(WRITE_COMPANIES, rows=batch)
                    progress.advance(task, len(batch))
                    batch = []
            if batch:
                self._write(WRITE_COMPANIES, rows=batch)
                progress.advance(task, len(batch))
        self.summary.strong_companies = len(groups)

    def _company_row(self, cid: str, subs: list[SubjectObs], old: dict[str, Any]) -> dict[str, Any]:
        """The write row of one strong company from all its observations, old and new."""
        obs = [Observation(s.date, s.pub_date, s.pub_number, s.attrs, s.kind) for s in subs]
        obs += old.get("observations", [])
        states = company_states(cid, obs)
        uid = next((s.uid for s in subs if s.uid and s.uid_valid), None)
        flags = set(old.get("flags", [])) | {
            "invalid_uid" for s in subs if s.uid and not s.uid_valid
        }
        extra = {
            "uid": uid if cid == uid else (uid if uid else None),
            "code13": next((s.code13 for s in subs if s.code13), None),
            "canton": next((s.canton for s in reversed(subs) if s.canton), None),
            "flags": sorted(flags),
        }
        names = {n for s in subs for n in s.names} | set(old.get("names", []))
        props = company_props(states, obs, names, extra)
        props["pubs"] = sorted(set(props["pubs"]) | set(old.get("pubs", [])))
        self.summary.flags.update(f for f in props["flags"] if f != "invalid_uid")
        hub_names: dict[str, str] = {}
        for n in sorted(names):
            hub_names.setdefault(company_hub_key(n), n)
        hubs = [{"key": k, "display": d} for k, d in sorted(hub_names.items())]
        # The mention stage needs only these three to absorb weak companies.
        self.run_strong[cid] = _Strong(props.get("uid"), props["hub_key"], props.get("seat"))
        return {"id": cid, "props": props, "states": states, "hubs": hubs, "pubs": props["pubs"]}

    def _indexes(
        self, extra: list[CompanyRow]
    ) -> tuple[dict[str, str], dict[str, list[StrongCandidate]]]:
        uid_index = {p.uid: cid for cid, p in self.run_strong.items() if p.uid}
        hub_index: dict[str, list[StrongCandidate]] = defaultdict(list)
        for cid, p in self.run_strong.items():
            hub_index[p.hub_key].append(StrongCandidate(cid, place_norm(p.seat)))
        if not self.fresh:
            from ingestion.graph.identity import parse_uid

            mentions = [*self.companies, *extra]
            uids = {u for c in mentions for u in [parse_uid(c.uid)[0]] if u} - set(uid_index)
            uid_index.update(store.ids_by_identifier(self.driver, self.db, uids, ()))
            keys = {company_hub_key(c.name) for c in mentions}
            for key, cands in store.strong_by_hub(self.driver, self.db, keys).items():
                known = {c.id for c in hub_index[key]}
                hub_index[key].extend(c for c in cands if c.id not in known)
        return uid_index, hub_index

    def _stale_weak(self) -> dict[str, list[tuple[CompanyRow, str]]]:
        """Mentions of weak companies already in the graph, under the hubs of this run's strong
        companies: a strong company loaded after its weak mentions may absorb them now."""
        if self.fresh:
            return {}
        hubs = {p.hub_key for p in self.run_strong.values()}
        found = store.company_mentions(self.driver, self.db, hubs, store.UNABSORBED_WEAK_MENTIONS)
        known = {(m.pub_number, m.idx) for m in self.companies}
        return {
            wid: [(m, c) for m, c in ms if (m.pub_number, m.idx) not in known]
            for wid, ms in found.items()
        }

    def _head_office_loans(self, pairs: list[tuple[CompanyRow, str]]) -> dict[tuple[str, int], str]:
        """Seats for seatless head-office mentions, from the same branch's other mentions."""
        known: dict[tuple[str, str], list[str]] = {}
        if not self.fresh:
            branches = {
                b for m, b in pairs if b and not m.seat and not m.uid and "head_office" in m.roles
            }
            known = store.head_office_seats(self.driver, self.db, branches)
        return head_office_seats(pairs, known)

    def _company_mentions(self) -> None:
        stale = self._stale_weak()
        uid_index, hub_index = self._indexes([m for ms in stale.values() for m, _ in ms])
        repointed: dict[str, list[dict[str, Any]]] = {}
        pairs = [(m, self.pub_company.get(m.pub_number, "")) for m in self.companies]
        for wid, ms in stale.items():
            targets = {resolve_weak(m.name, m.uid, m.seat, uid_index, hub_index)[0] for m, _ in ms}
            if ms and len(targets) == 1 and None not in targets:  # all absorbed by one company
                repointed[wid] = [{"holder": wid, "pub": m.pub_number} for m, _ in ms]
                pairs.extend(ms)
        weak: dict[str, dict[str, Any]] = {}
        by_holder: dict[str, dict[tuple[str, int], tuple[CompanyRow, str]]] = defaultdict(dict)
        involved: list[dict[str, Any]] = []
        loans = self._head_office_loans(pairs)
        for m, subject in pairs:
            seat = m.seat or loans.get((m.pub_number, m.idx))
            target, rule, (score, reason) = resolve_weak(m.name, m.uid, seat, uid_index, hub_index)
            wid = weak_company_id(m.name, seat)
            w = weak.setdefault(
                wid,
                {
                    "id": wid,
                    "target": target,
                    "rule": rule,
                    "score": score,
                    "reason": reason,
                    "names": set(),
                    "pubs": set(),
                    "seat": seat,
                    "name": m.name,
                },
            )
            w["names"].add(m.name)
            w["pubs"].add(m.pub_number)
            holder = target or wid
            by_holder[holder][(m.pub_number, m.idx)] = (m, subject)
            involved.append(
                {"holder": holder, "pub": m.pub_number, "props": company_mention_props(m)}
            )
        if not self.fresh:
            for hid, old in store.company_mentions(self.driver, self.db, by_holder).items():
                for m, subject in old:
                    by_holder[hid].setdefault((m.pub_number, m.idx), (m, subject))
            for wid in repointed:  # no mentions left: its derived edges are deleted below
                by_holder[wid] = {}
        weak_rows = [
            {
                "id": w["id"],
                "target": w["target"],
                "rule": w["rule"],
                "score": w["score"],
                "reason": w["reason"],
                "props": {
                    "strength": "weak",
                    "name": w["name"],
                    "names": sorted(w["names"]),
                    "names_text": " | ".join(sorted(w["names"])),
                    "name_norm": " ".join(sorted(company_hub_key(w["name"])[8:].split())),
                    "hub_key": company_hub_key(w["name"]),
                    "seat": w["seat"],
                    "absorbed": w["target"] is not None,
                    "pubs": sorted(w["pubs"]),
                },
            }
            for w in sorted(weak.values(), key=lambda x: x["id"])
        ]
        self.summary.weak_companies = len(weak_rows)
        self.summary.absorbed.update(w["rule"] for w in weak_rows if w["target"])
        holders = sorted(by_holder)
        with self._progress() as progress:
            task = progress.add_task("mentions", total=len(weak_rows) + len(holders))
            for batch in chunks(weak_rows, MENTION_BATCH):
                self._write(WRITE_WEAK, rows=list(batch))
                progress.advance(task, len(batch))
            self.sink.flush()  # the edges below MATCH the weak nodes
            moved = [row for rows in repointed.values() for row in rows]
            for batch in chunks(moved, MENTION_BATCH):
                self._write(DELETE_COMPANY_INVOLVED, rows=list(batch))
            self.sink.flush()
            for batch in chunks(involved, MENTION_BATCH):
                self._write(WRITE_INVOLVED["Company"], rows=list(batch))
            for hbatch in chunks(holders, COMPANY_BATCH):
                roles: list[dict[str, Any]] = []
                links: dict[str, list[dict[str, Any]]] = defaultdict(list)
                for hid in hbatch:
                    r, lk = holder_rows(hid, list(by_holder[hid].values()))
                    roles.extend(r)
                    for rel, rows in lk.items():
                        links[rel].extend(rows)
                self._submit(
                    partial(
                        replace_company_holders,
                        self.driver,
                        self.db,
                        list(hbatch),
                        roles,
                        dict(links),
                    )
                )
                self.summary.role_edges += len(roles)
                progress.advance(task, len(hbatch))

    def _persons(self) -> None:
        rows = [(m, self.pub_company.get(m.pub_number, "")) for m in self.persons]
        blocks = group_blocks(rows)
        if not self.fresh:
            known = {(m.pub_number, m.idx) for m, _ in rows}
            for m, company in store.person_mentions(self.driver, self.db, blocks):
                if (m.pub_number, m.idx) not in known:
                    blocks[block_key(m)].append((m, company))
        touched: set[str] = set()
        with self._progress() as progress:
            task = progress.add_task("persons", total=sum(len(v) for v in blocks.values()))
            for batch in _block_batches(sorted(blocks), blocks, MENTION_BATCH):
                persons, involved, roles = [], [], []
                for key in batch:
                    companies = {(m.pub_number, m.idx): c for m, c in blocks[key]}
                    for profile in cluster_block(blocks[key]):
                        p, inv, rl = person_rows(key, profile, companies)
                        persons.append(p)
                        involved.extend(inv)
                        roles.extend(rl)
                self._submit(
                    partial(
                        replace_person_blocks,
                        self.driver,
                        self.db,
                        list(batch),
                        persons,
                        involved,
                        roles,
                    )
                )
                self.summary.persons += len(persons)
                self.summary.person_mentions += len(involved)
                self.summary.role_edges += len(roles)
                for r in roles:
                    self.summary.flags.update(r["props"]["flags"])
                    touched.add(r["company"])
                progress.advance(task, len(involved))
        touched |= set(self.run_strong)
        self.sink.flush()  # closing roles needs every role edge in place
        for ids in chunks(sorted(touched), 20000):
            self._write(CLOSE_ROLES_OF_DELETED, ids=list(ids))


def _block_batches(keys: list[str], blocks: dict[str, list[Any]], size: int) -> Iterator[list[str]]:
    batch: list[str] = []
    count: int = 0
    for key in keys:
        batch.append(key)
        count += len(blocks[key])
        if count >= size:
            yield batch
            batch, count = [], 0
    if batch:
        yield batch


def ingest_paths(
    paths: Iterable[Path],
    driver: Driver,
    database: str,
    extractor: str = "rules",
    console: Console | None = None,
    show_progress: bool = True,
) -> IngestSummary:
    """Parse, extract, load and resolve the notices under `paths`."""
    from ingestion.sources import read_paths

    for path in paths:
        if not Path(path).exists():
            from shabgraph.errors import InputError

            raise InputError(f"{path} does not exist", hint="give files or folders of notices")
    ingestor = Ingestor(driver, database, make_extractor(extractor), console, show_progress)
    tracemalloc_on = os.environ.get("SHABGRAPH_TRACE_MEMORY") == "1"
    if tracemalloc_on:
        tracemalloc.start()
    files = [Path(p) for p in paths]
    workers = worker_count()
    items = parsed_items(files, extractor, workers) if workers > 1 else read_paths(files)
    summary = ingestor.run(items)
    if tracemalloc_on:
        summary.peak_mib = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
        tracemalloc.stop()
    return summary


def summary_table(summary: IngestSummary) -> Table:
    """The end-of-run summary: what was loaded, resolved and flagged, and how long it took."""
    table = Table(title="Ingest summary", show_header=False)
    table.add_column("what")
    table.add_column("value", justify="right")
    total = sum(summary.stage_seconds.values()) or 1e-9
    table.add_row("notices loaded", f"{summary.notices:,} ({summary.notices / total:,.0f}/s)")
    for reason, n in sorted(summary.rejects.items()):
        table.add_row(f"rejected: {reason}", f"{n:,}")
    table.add_row("strong companies", f"{summary.strong_companies:,}")
    absorbed = sum(summary.absorbed.values())
    table.add_row(
        "weak company spellings",
        f"{summary.weak_companies:,} ({absorbed:,} absorbed: "
        + ", ".join(f"{k} {v:,}" for k, v in sorted(summary.absorbed.items()))
        + ")",
    )
    table.add_row(
        "person profiles", f"{summary.persons:,} from {summary.person_mentions:,} mentions"
    )
    table.add_row("role edges", f"{summary.role_edges:,}")
    for flag, n in sorted(summary.flags.items()):
        table.add_row(f"flag: {flag}", f"{n:,}")
    if summary.write_retries:
        table.add_row("writes retried (writer deadlocks)", f"{summary.write_retries:,}")
    for stage, secs in summary.stage_seconds.items():
        table.add_row(f"time: {stage}", f"{secs:,.1f} s")
    if summary.peak_mib is not None:
        table.add_row("peak Python memory", f"{summary.peak_mib:,.0f} MiB")
    return table
