"""`shabgraph`, the command line: every typer command of the project, wired in `cli.main`.

The commands sit above every package (foundation, ingestion, synthetic corpus, tools, agent, UI,
evaluation), so no package below has to import the packages above it to be reachable.
"""
