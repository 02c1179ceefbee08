"""How a turn is planned: the offline rule planner and the LLM planner, one interface."""
