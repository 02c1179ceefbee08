"""Flat-RAG baselines over Event documents: lexical (full-text), dense (vector), hybrid (RRF).

Each notice's text is one document. Offline, a baseline's answer is its retrieved documents;
with an LLM it would write an answer from them (see `evals.systems`). The dense index is built
once per embedder: every embedded Event records the embedder's name, so changing the embedder
re-embeds and the index is rebuilt when the vector size changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from neo4j import Driver

from evals.embedder import Embedder
from evals.metrics import STOPWORDS
from shabgraph import db, schema
from shabgraph.register.lucene import escape_lucene

RRF_K = 60
"""Reciprocal-rank-fusion constant (Cormack et al.'s usual 60)."""

LEXICAL_SEARCH = """
CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $k}) YIELD node, score
RETURN node.pub_number AS pub, node.text AS text, score
"""
DENSE_SEARCH = """
CALL db.index.vector.queryNodes($index, $k, $vector) YIELD node, score
RETURN node.pub_number AS pub, node.text AS text, score
"""
VECTOR_INDEX_DIMS = """
SHOW VECTOR INDEXES YIELD name, options WHERE name = $index
RETURN options.indexConfig['vector.dimensions'] AS dims
"""
DROP_VECTOR_INDEX = f"DROP INDEX {schema.VECTOR_EVENT} IF EXISTS"
EVENTS_TO_EMBED = """
MATCH (e:Event) WHERE e.embedding_model IS NULL OR e.embedding_model <> $model
RETURN e.pub_number AS pub, coalesce(e.text, '') AS text LIMIT $batch
"""
COUNT_TO_EMBED = """
MATCH (e:Event) WHERE e.embedding_model IS NULL OR e.embedding_model <> $model
RETURN count(e) AS n
"""
WRITE_EMBEDDINGS = """
UNWIND $rows AS row
MATCH (e:Event {pub_number: row.pub})
CALL db.create.setNodeVectorProperty(e, 'embedding', row.vector)
SET e.embedding_model = $model
"""

_WORD = re.compile(r"\w{2,}", re.UNICODE)


@dataclass(frozen=True)
class Doc:
    """One retrieved notice."""

    pub: str
    """Publication number."""
    text: str
    """Notice text."""
    score: float
    """Retriever score (rank fusion score for hybrid)."""


def lucene_query(question: str) -> str:
    """An OR query of the question's content words, escaped for Lucene's query parser."""
    words = [w for w in _WORD.findall(question) if w.casefold() not in STOPWORDS]
    return " OR ".join(escape_lucene(w.casefold()) for w in words)


def lexical_search(driver: Driver, database: str, question: str, k: int) -> list[Doc]:
    """Top-k notices of the `event_text` full-text index."""
    query = lucene_query(question)
    if not query:
        return []
    rows = db.read(driver, database, LEXICAL_SEARCH, index=schema.FT_EVENT, lucene=query, k=k)
    return [Doc(r["pub"], r["text"] or "", float(r["score"])) for r in rows]


def dense_search(
    driver: Driver, database: str, embedder: Embedder, question: str, k: int
) -> list[Doc]:
    """Top-k notices of the `event_embedding` vector index."""
    vector = embedder.embed([question])[0]
    rows = db.read(driver, database, DENSE_SEARCH, index=schema.VECTOR_EVENT, k=k, vector=vector)
    return [Doc(r["pub"], r["text"] or "", float(r["score"])) for r in rows]


def rrf(rankings: list[list[Doc]], k: int, constant: int = RRF_K) -> list[Doc]:
    """Reciprocal rank fusion of several rankings; the fused score replaces the originals."""
    scores: dict[str, float] = {}
    docs: dict[str, Doc] = {}
    for ranking in rankings:
        for rank, doc in enumerate(ranking, start=1):
            scores[doc.pub] = scores.get(doc.pub, 0.0) + 1.0 / (constant + rank)
            docs.setdefault(doc.pub, doc)
    best = sorted(scores, key=lambda pub: (-scores[pub], pub))[:k]
    return [Doc(pub, docs[pub].text, scores[pub]) for pub in best]


def hybrid_search(
    driver: Driver, database: str, embedder: Embedder, question: str, k: int
) -> list[Doc]:
    """RRF of the lexical and dense top-k lists."""
    return rrf(
        [
            lexical_search(driver, database, question, k),
            dense_search(driver, database, embedder, question, k),
        ],
        k,
    )


def ensure_embeddings(
    driver: Driver,
    database: str,
    embedder: Embedder,
    batch: int = 1000,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Embed every Event not yet embedded by `embedder`; return how many were embedded.

    `progress(done, total)` is called after each batch (the CLI draws a bar with it).
    """
    rows = db.read(driver, database, VECTOR_INDEX_DIMS, index=schema.VECTOR_EVENT)
    if rows and rows[0]["dims"] is not None and int(rows[0]["dims"]) != embedder.dimensions:
        # A different vector size cannot share the index: rebuild it and re-embed everything.
        db.write(driver, database, DROP_VECTOR_INDEX)
        db.write(driver, database, "MATCH (e:Event) REMOVE e.embedding_model")
    schema.ensure_vector_index(driver, embedder.dimensions, database)
    total = int(db.read(driver, database, COUNT_TO_EMBED, model=embedder.name)[0]["n"])
    done = 0
    while done < total:
        todo = db.read(driver, database, EVENTS_TO_EMBED, model=embedder.name, batch=batch)
        if not todo:
            break
        vectors = embedder.embed([r["text"] for r in todo])
        payload = [{"pub": r["pub"], "vector": v} for r, v in zip(todo, vectors, strict=True)]
        db.write(driver, database, WRITE_EMBEDDINGS, rows=payload, model=embedder.name)
        done += len(todo)
        if progress:
            progress(done, total)
    if done:
        driver.execute_query("CALL db.awaitIndexes(300)", database_=database)
    return done
