"""Company stage: strong companies from the notices' subjects (identities by UID, old register
number, and name and seat for notices without a UID: `ingestion.graph.subject_ids`), their
state history, names and HAS_EVENT edges.

Company ids are assigned once here, merged with the ids the graph already holds for the same
identifiers, so a second run over the same notices reaches the same ids.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Final

from ingestion.graph import store
from ingestion.graph.history import Observation, company_props, company_states
from ingestion.graph.normalize import company_hub_key
from ingestion.graph.rows import SubjectObs
from ingestion.graph.stages.context import BuildContext, Strong
from ingestion.graph.subject_ids import NameSeat, name_seat, subject_aliases, subject_id
from ingestion.graph.writer import WRITE_COMPANIES

COMPANY_BATCH: Final = 250
"""Strong companies per write (each carries its whole state history)."""


def strong_companies(ctx: BuildContext) -> None:
    """Write every strong company observed in this run (merged with what the graph holds)."""
    groups = _assign_ids(ctx)
    ctx.subjects = []  # grouped now; dropping the list keeps the peak memory down
    history = {} if ctx.fresh else store.company_history(ctx.driver, ctx.db, groups)
    if not ctx.fresh:  # a UID is unique: a weak node that wrote it gives it up first
        uids = {s.uid for subs in groups.values() for s in subs if s.uid and s.uid_valid}
        ctx.uid_weak = store.free_weak_uids(ctx.driver, ctx.db, uids)
    with ctx.progress() as progress:
        task = progress.add_task("companies", total=len(groups))
        batch: list[dict[str, Any]] = []
        # Rows are built batch by batch, so Neo4j writes one while Python builds the next.
        for cid, subs in sorted(groups.items()):
            batch.append(_company_row(ctx, cid, subs, history.get(cid, {})))
            if len(batch) >= COMPANY_BATCH:
                ctx.write(WRITE_COMPANIES, rows=batch)
                progress.advance(task, len(batch))
                batch = []
        if batch:
            ctx.write(WRITE_COMPANIES, rows=batch)
            progress.advance(task, len(batch))
    ctx.summary.strong_companies = len(groups)


def _assign_ids(ctx: BuildContext) -> dict[str, list[SubjectObs]]:
    graph_firms: dict[NameSeat, list[tuple[str, str | None]]] = {}
    existing: dict[str, str] = {}
    if not ctx.fresh:
        keys = {ns for s in ctx.subjects if (ns := name_seat(s))}
        graph_firms = store.strong_by_name_seat(ctx.driver, ctx.db, keys)
        existing = store.ids_by_identifier(
            ctx.driver,
            ctx.db,
            {s.uid for s in ctx.subjects if s.uid and s.uid_valid},
            {s.code13 for s in ctx.subjects if s.code13},
        )
    alias = subject_aliases(ctx.subjects, graph_firms)
    graph_ids = frozenset(cid for firms in graph_firms.values() for cid, _ in firms)
    groups: dict[str, list[SubjectObs]] = defaultdict(list)
    for s in ctx.subjects:
        cid = subject_id(s, alias, existing, graph_ids)
        ctx.pub_company[s.pub_number] = cid
        groups[cid].append(s)
    return groups


def _latest_code13(subs: list[SubjectObs], old: dict[str, Any]) -> str | None:
    """The register number of the latest notice (numbers change when registers renumber)."""
    dated = [(s.pub_date, s.pub_number, s.code13) for s in subs if s.code13]
    if old.get("code13") and old.get("last"):
        dated.append((old["last"], "", old["code13"]))
    return max(dated)[2] if dated else None


def _company_row(
    ctx: BuildContext, cid: str, subs: list[SubjectObs], old: dict[str, Any]
) -> dict[str, Any]:
    """The write row of one strong company from all its observations, old and new."""
    obs = [Observation(s.date, s.pub_date, s.pub_number, s.attrs, s.kind) for s in subs]
    obs += old.get("observations", [])
    states = company_states(cid, obs)
    uid = next((s.uid for s in subs if s.uid and s.uid_valid), None)
    flags = set(old.get("flags", [])) | {"invalid_uid" for s in subs if s.uid and not s.uid_valid}
    extra = {
        "uid": uid,
        "code13": _latest_code13(subs, old),
        "code13s": sorted({s.code13 for s in subs if s.code13} | set(old.get("code13s", []))),
        "canton": next((s.canton for s in reversed(subs) if s.canton), None),
        "flags": sorted(flags),
    }
    names = {n for s in subs for n in s.names} | set(old.get("names", []))
    props = company_props(states, obs, names, extra)
    props["pubs"] = sorted(set(props["pubs"]) | set(old.get("pubs", [])))
    ctx.summary.flags.update(f for f in props["flags"] if f != "invalid_uid")
    hub_names: dict[str, str] = {}
    for n in sorted(names):
        hub_names.setdefault(company_hub_key(n), n)
    hubs = [{"key": k, "display": d} for k, d in sorted(hub_names.items())]
    # The mention stage needs only these three to absorb weak companies.
    ctx.run_strong[cid] = Strong(props.get("uid"), props["hub_key"], props.get("seat"))
    return {"id": cid, "props": props, "states": states, "hubs": hubs, "pubs": props["pubs"]}
