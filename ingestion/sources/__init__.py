"""ingestion.sources"""
