"""Fixtures of the evals tests: a small fictitious graph of Events and Companies in Neo4j."""

from __future__ import annotations

from pathlib import Path

import pytest
from neo4j import Driver

from evals.truth import Truth
from tests.evals.truth_factory import build

LOAD_EVENTS = """
UNWIND $rows AS row
MERGE (c:Company {id: row.cid})
SET c.name = row.name, c.uid = row.uid, c.seat = row.seat, c.strength = 'strong',
    c.names_text = row.name, c.pubs = coalesce(c.pubs, []) + row.pub
CREATE (e:Event {pub_number: row.pub, text: row.text, sub_rubric: row.rubric,
                 pub_date: date(row.day), canton: row.canton, event_types: row.types,
                 subject_id: row.cid})
CREATE (c)-[:HAS_EVENT {pubs: [row.pub]}]->(e)
"""


@pytest.fixture(scope="session")
def corpus_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("evals-corpus")
    build(folder)
    return folder


@pytest.fixture(scope="session")
def small_truth(corpus_dir: Path) -> Truth:
    return Truth.load(corpus_dir)


def event_rows(truth: Truth) -> list[dict[str, object]]:
    """One notice text per truth event, written from the truth (fictitious names)."""
    rows = []
    for e in truth.events:
        c = truth.companies[e["subject_id"]]
        name = truth.current_name(c["id"])
        seat = c["seats"][-1]["value"]
        text = (
            f"{name}, in {seat}, {c['uid']}. Ereignis: {', '.join(e['event_types'])}. "
            f"Kapital: CHF {c['capitals'][-1]['value']:,.0f}.".replace(",", "'")
        )
        rows.append(
            {
                "cid": c["id"],
                "name": name,
                "uid": c["uid"],
                "seat": seat,
                "pub": e["pub_number"],
                "text": text,
                "rubric": e["sub_rubric"],
                "day": e["publication_date"],
                "canton": e["canton"],
                "types": e["event_types"],
            }
        )
    return rows


@pytest.fixture
def small_graph(clean_db: Driver, small_truth: Truth) -> Driver:
    clean_db.execute_query(LOAD_EVENTS, {"rows": event_rows(small_truth)})
    clean_db.execute_query("CALL db.awaitIndexes(60)")
    return clean_db
