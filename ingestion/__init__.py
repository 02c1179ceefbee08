"""Ingestion: SHAB sources, notice extraction and the knowledge-graph build."""
