"""Person stage: person mentions grouped in name blocks, each touched block clustered again
from all its mentions (this run's and the graph's) into profiles, INVOLVED_IN and time-aware
HOLDS_ROLE edges; then the roles of companies deleted in the meantime are closed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from typing import Any

from ingestion.graph import store
from ingestion.graph.derive import person_rows
from ingestion.graph.guard import guarded_person_blocks
from ingestion.graph.persons import block_key, cluster_block, earlier_block_key, group_blocks
from ingestion.graph.rows import PersonRow
from ingestion.graph.stages.context import BuildContext
from ingestion.graph.stages.mentions import MENTION_BATCH
from ingestion.graph.writer import CLOSE_ROLES_OF_DELETED, chunks


def person_profiles(ctx: BuildContext) -> None:
    """Cluster every name block this run touches into person profiles; write their edges."""
    rows = [(m, ctx.pub_company.get(m.pub_number, "")) for m in ctx.persons]
    blocks = group_blocks(rows)
    if not ctx.fresh:
        known = {(m.pub_number, m.idx) for m, _ in rows}
        stored = [
            (m, company)
            for m, company in store.person_mentions(ctx.driver, ctx.db, _member_keys(rows))
            if (m.pub_number, m.idx) not in known
        ]
        # regrouped together: a stored earlier name may join two blocks
        blocks = group_blocks(rows + stored)
    touched: set[str] = set()
    with ctx.progress() as progress:
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
            ctx.submit(
                partial(
                    guarded_person_blocks,
                    ctx.driver,
                    ctx.db,
                    sorted(set(batch) | _member_keys(r for k in batch for r in blocks[k])),
                    persons,
                    involved,
                    roles,
                    ctx.rejects.add,
                )
            )
            ctx.summary.persons += len(persons)
            ctx.summary.person_mentions += len(involved)
            ctx.summary.role_edges += len(roles)
            for r in roles:
                ctx.summary.flags.update(r["props"]["flags"])
                touched.add(r["company"])
            progress.advance(task, len(involved))
    touched |= set(ctx.run_strong)
    ctx.sink.flush()  # closing roles needs every role edge in place
    for ids in chunks(sorted(touched), 20000):
        ctx.write(CLOSE_ROLES_OF_DELETED, ids=list(ids))


def _member_keys(rows: Iterable[tuple[PersonRow, str]]) -> set[str]:
    """Every block key the mentions' names (current and earlier) fall in: the stored persons of
    those blocks are re-resolved, and replaced, with them."""
    keys: set[str] = set()
    for m, _ in rows:
        keys.add(block_key(m))
        other = earlier_block_key(m)
        if other:
            keys.add(other)
    return keys


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
