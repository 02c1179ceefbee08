"""Mention stage: the companies named in notices (not their subjects), absorbed into a strong
company (same UID, or same NameHub key and seat) or kept as weak nodes, and their edges.

A strong company loaded after its weak mentions absorbs them on the later run: the weak
mentions already in the graph under this run's hubs are resolved again (`_stale_weak`).
"""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from typing import Any, Final

from ingestion.graph import store
from ingestion.graph.derive import company_mention_props, holder_rows
from ingestion.graph.guard import guarded_company_holders
from ingestion.graph.head_offices import head_office_seats
from ingestion.graph.identity import StrongCandidate, resolve_weak, weak_company_id
from ingestion.graph.normalize import company_hub_key, place_canton, place_norm
from ingestion.graph.rows import CompanyRow
from ingestion.graph.stages.companies import COMPANY_BATCH
from ingestion.graph.stages.context import BuildContext
from ingestion.graph.writer import (
    DELETE_COMPANY_INVOLVED,
    WRITE_INVOLVED,
    WRITE_WEAK,
    chunks,
)
from shabgraph.register.initials import initials_text
from shabgraph.register.uid import check_uid, parse_uid

MENTION_BATCH: Final = 4000
"""Mentions (or weak nodes) per write."""


def _indexes(
    ctx: BuildContext, extra: list[CompanyRow]
) -> tuple[dict[str, str], dict[str, list[StrongCandidate]]]:
    uid_index = {p.uid: cid for cid, p in ctx.run_strong.items() if p.uid}
    hub_index: dict[str, list[StrongCandidate]] = defaultdict(list)
    for cid, p in ctx.run_strong.items():
        hub_index[p.hub_key].append(StrongCandidate(cid, place_norm(p.seat)))
    if not ctx.fresh:
        mentions = [*ctx.companies, *extra]
        uids = {u for c in mentions for u in [parse_uid(c.uid)] if u} - set(uid_index)
        uid_index.update(store.ids_by_identifier(ctx.driver, ctx.db, uids, ()))
        keys = {company_hub_key(c.name) for c in mentions}
        for key, cands in store.strong_by_hub(ctx.driver, ctx.db, keys).items():
            known = {c.id for c in hub_index[key]}
            hub_index[key].extend(c for c in cands if c.id not in known)
    return uid_index, hub_index


def _stale_weak(ctx: BuildContext) -> dict[str, list[tuple[CompanyRow, str]]]:
    """Mentions of weak companies already in the graph, under the hubs of this run's strong
    companies: a strong company loaded after its weak mentions may absorb them now."""
    if ctx.fresh:
        return {}
    hubs = {p.hub_key for p in ctx.run_strong.values()}
    found = store.company_mentions(ctx.driver, ctx.db, hubs, store.UNABSORBED_WEAK_MENTIONS)
    if ctx.uid_weak:  # weak nodes that wrote the UID of a strong company of this run
        for wid, ms in store.company_mentions(ctx.driver, ctx.db, ctx.uid_weak).items():
            found.setdefault(wid, ms)
    known = {(m.pub_number, m.idx) for m in ctx.companies}
    return {
        wid: [(m, c) for m, c in ms if (m.pub_number, m.idx) not in known]
        for wid, ms in found.items()
    }


def _head_office_loans(
    ctx: BuildContext, pairs: list[tuple[CompanyRow, str]]
) -> dict[tuple[str, int], str]:
    """Seats for seatless head-office mentions, from the same branch's other mentions."""
    known: dict[tuple[str, str], list[str]] = {}
    if not ctx.fresh:
        branches = {
            b for m, b in pairs if b and not m.seat and not m.uid and "head_office" in m.roles
        }
        known = store.head_office_seats(ctx.driver, ctx.db, branches)
    return head_office_seats(pairs, known)


def _uid_spellings(
    ctx: BuildContext, pairs: list[tuple[CompanyRow, str]], loans: dict[tuple[str, int], str]
) -> dict[tuple[str, str], tuple[str, bool]]:
    """(name key, seat key) -> the one valid UID this run's mentions, or a weak node of the
    graph, give for that spelling."""
    uids: dict[tuple[str, str], set[str]] = defaultdict(set)
    if not ctx.fresh:
        keys = {company_hub_key(m.name) for m, _ in pairs if not check_uid(m.uid)[1]}
        for ns, held in store.weak_uids(ctx.driver, ctx.db, keys):
            uids[ns].add(held)
    for m, _ in pairs:
        uid, valid = check_uid(m.uid)
        if uid and valid:
            seat = m.seat or loans.get((m.pub_number, m.idx))
            uids[(company_hub_key(m.name), place_norm(seat))].add(uid)
    return {ns: (next(iter(u)), True) for ns, u in uids.items() if len(u) == 1}


def company_mentions(ctx: BuildContext) -> None:
    """Resolve every company mention of this run (and stale weak ones) and write the edges."""
    stale = _stale_weak(ctx)
    uid_index, hub_index = _indexes(ctx, [m for ms in stale.values() for m, _ in ms])
    repointed: dict[str, list[dict[str, Any]]] = {}
    pairs = [(m, ctx.pub_company.get(m.pub_number, "")) for m in ctx.companies]
    for wid, ms in stale.items():
        targets = {resolve_weak(m.name, m.uid, m.seat, uid_index, hub_index)[0] for m, _ in ms}
        if ms and len(targets) == 1 and None not in targets:  # all absorbed by one company
            repointed[wid] = [{"holder": wid, "pub": m.pub_number} for m, _ in ms]
            pairs.extend(ms)
    weak: dict[str, dict[str, Any]] = {}
    by_holder: dict[str, dict[tuple[str, int], tuple[CompanyRow, str]]] = defaultdict(dict)
    involved: list[dict[str, Any]] = []
    loans = _head_office_loans(ctx, pairs)
    uid_spellings = _uid_spellings(ctx, pairs, loans)
    borrowed = {u for u, ok in uid_spellings.values() if ok} - set(uid_index)
    if borrowed and not ctx.fresh:
        # a UID borrowed from an earlier run's mentions may be a strong company's by now
        uid_index.update(store.ids_by_identifier(ctx.driver, ctx.db, borrowed, ()))
    for m, subject in pairs:
        seat = m.seat or loans.get((m.pub_number, m.idx))
        uid, valid = check_uid(m.uid)
        written_ok = valid
        if not valid:  # a UID-less mention of a spelling that one UID's mentions use
            uid, valid = uid_spellings.get(
                (company_hub_key(m.name), place_norm(seat)), (None, False)
            )
        # a borrowed UID resolves like a written one: a weak node never holds the UID of a
        # strong company (the write would break the UID's uniqueness)
        resolving = uid if valid and not written_ok else m.uid
        target, rule, (score, reason) = resolve_weak(m.name, resolving, seat, uid_index, hub_index)
        wid = weak_company_id(m.name, seat, uid if valid else None)
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
                "uid": uid if valid else None,
            },
        )
        w["names"].add(m.name)
        w["pubs"].add(m.pub_number)
        holder = target or wid
        by_holder[holder][(m.pub_number, m.idx)] = (m, subject)
        involved.append({"holder": holder, "pub": m.pub_number, "props": company_mention_props(m)})
    if not ctx.fresh:
        for hid, old in store.company_mentions(ctx.driver, ctx.db, by_holder).items():
            for m, subject in old:
                by_holder[hid].setdefault((m.pub_number, m.idx), (m, subject))
        for wid in repointed:  # no mentions left: its derived edges are deleted below
            by_holder[wid] = {}
        # a weak node named in an earlier run keeps the names and notices it had
        for wid, (names, pubs) in store.weak_provenance(ctx.driver, ctx.db, weak).items():
            weak[wid]["names"].update(names)
            weak[wid]["pubs"].update(pubs)
    weak_rows = [_weak_row(w) for w in sorted(weak.values(), key=lambda x: x["id"])]
    ctx.summary.weak_companies = len(weak_rows)
    ctx.summary.absorbed.update(w["rule"] for w in weak_rows if w["target"])
    _write_mentions(ctx, weak_rows, repointed, involved, by_holder)


def _weak_row(w: dict[str, Any]) -> dict[str, Any]:
    """The write row of one weak company from its collected mentions."""
    return {
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
            "initials_text": initials_text(w["names"]),
            "name_norm": " ".join(sorted(company_hub_key(w["name"])[8:].split())),
            "hub_key": company_hub_key(w["name"]),
            "seat": w["seat"],
            "seat_key": place_norm(w["seat"]) or None,
            "seat_canton": place_canton(w["seat"]),
            "absorbed": w["target"] is not None,
            # the UID the notices write for it; an absorbed node leaves it to its strong company
            "uid": None if w["target"] else w["uid"],
            "pubs": sorted(w["pubs"]),
        },
    }


def _write_mentions(
    ctx: BuildContext,
    weak_rows: list[dict[str, Any]],
    repointed: dict[str, list[dict[str, Any]]],
    involved: list[dict[str, Any]],
    by_holder: dict[str, dict[tuple[str, int], tuple[CompanyRow, str]]],
) -> None:
    """Weak nodes first, then the moved and new INVOLVED_IN edges, then each holder's roles."""
    holders = sorted(by_holder)
    with ctx.progress() as progress:
        task = progress.add_task("mentions", total=len(weak_rows) + len(holders))
        for batch in chunks(weak_rows, MENTION_BATCH):
            ctx.write(WRITE_WEAK, rows=list(batch))
            progress.advance(task, len(batch))
        ctx.sink.flush()  # the edges below MATCH the weak nodes
        moved = [row for rows in repointed.values() for row in rows]
        for batch in chunks(moved, MENTION_BATCH):
            ctx.write(DELETE_COMPANY_INVOLVED, rows=list(batch))
        ctx.sink.flush()
        for batch in chunks(involved, MENTION_BATCH):
            ctx.write(WRITE_INVOLVED["Company"], rows=list(batch))
        for hbatch in chunks(holders, COMPANY_BATCH):
            roles: list[dict[str, Any]] = []
            links: dict[str, list[dict[str, Any]]] = defaultdict(list)
            for hid in hbatch:
                r, lk = holder_rows(hid, list(by_holder[hid].values()))
                roles.extend(r)
                for rel, rows in lk.items():
                    links[rel].extend(rows)
            ctx.submit(
                partial(
                    guarded_company_holders,
                    ctx.driver,
                    ctx.db,
                    list(hbatch),
                    roles,
                    dict(links),
                    ctx.rejects.add,
                )
            )
            ctx.summary.role_edges += len(roles)
            progress.advance(task, len(hbatch))
