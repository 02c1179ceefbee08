"""The offline planner: deterministic rules for routing, slot filling and entity linking."""
