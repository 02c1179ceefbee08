"""Read-only graph tools used by the agent, and the Cypher sandbox."""
