"""Shared foundation of shabgraph: settings, errors, the Neo4j driver and server, the graph schema."""

__version__ = "0.1.0"
