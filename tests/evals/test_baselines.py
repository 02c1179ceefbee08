"""Flat-RAG baselines against the real Neo4j test server."""

from __future__ import annotations

from neo4j import Driver

from evals import baselines
from evals.embedder import HashedNgramEmbedder
from evals.truth import Truth


def test_lucene_query_escapes_and_drops_stopwords() -> None:
    q = baselines.lucene_query('Who is the auditor of "Alvora AG" (CHE-123.456.789)?')
    assert q.startswith("who OR auditor OR alvora") and '"' not in q and " the " not in q
    assert baselines.lucene_query("?!") == ""


def test_rrf_rewards_agreement() -> None:
    a = [baselines.Doc("p1", "", 1), baselines.Doc("p2", "", 1)]
    b = [baselines.Doc("p2", "", 1), baselines.Doc("p3", "", 1)]
    assert [d.pub for d in baselines.rrf([a, b], 3)] == ["p2", "p1", "p3"]


def test_lexical_dense_hybrid(small_graph: Driver, small_truth: Truth) -> None:
    emb = HashedNgramEmbedder(64)
    assert baselines.ensure_embeddings(small_graph, "neo4j", emb, batch=10) == len(
        small_truth.events
    )
    assert baselines.ensure_embeddings(small_graph, "neo4j", emb) == 0  # already embedded
    company = next(c for c in small_truth.companies.values() if len(c["pubs"]) >= 2)
    name = small_truth.current_name(company["id"])
    for search in (
        lambda q, k: baselines.lexical_search(small_graph, "neo4j", q, k),
        lambda q, k: baselines.dense_search(small_graph, "neo4j", emb, q, k),
        lambda q, k: baselines.hybrid_search(small_graph, "neo4j", emb, q, k),
    ):
        docs = search(f"Where is {name} based?", 5)
        assert 0 < len(docs) <= 5
        assert docs[0].text.startswith(name.split()[0])
    # A new vector size rebuilds the index and re-embeds every notice.
    assert baselines.ensure_embeddings(small_graph, "neo4j", HashedNgramEmbedder(32)) == len(
        small_truth.events
    )
