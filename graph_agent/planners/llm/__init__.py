"""The LLM planner: structured routing, tool calling and bounded synthesis with a chat model."""
