"""ingestion.synthetic"""
