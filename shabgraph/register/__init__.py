"""The register's reference facts, each written once: UIDs, folding, legal forms, cantons, months,
nationalities and Lucene escaping.

Ingestion writes these facts into the graph and the tools, the agent and the evaluation read them
back: when two of them spell a fact differently, lookups miss silently. Every module here is data
plus small pure functions, importable from every layer.
"""
