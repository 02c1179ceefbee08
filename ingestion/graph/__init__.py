"""ingestion.graph"""
