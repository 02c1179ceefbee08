"""The graph's read-only tools as a Model Context Protocol server (`shabgraph mcp`).

Any MCP client (Claude Desktop, an IDE, another LangGraph app) gets the very tools the agent uses:
the same argument models and JSON schemas (`tools.registry.TOOLS`), the same sandbox, and results
that carry what an agent trace step carries (Cypher, parameters, rows, truncation, the notices
with their dates). Layer: imports `shabgraph` and `tools` only; `cli` and the benchmarks sit on it.
"""
