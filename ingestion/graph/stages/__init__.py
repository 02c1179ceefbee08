"""The stages of the graph build, in order: read, companies, mentions, persons, derived counts.

`ingestion.graph.pipeline` runs them; each is a function of the shared `BuildContext`.
"""
