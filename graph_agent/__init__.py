"""The analytical agent: a LangGraph state graph with router, reflection and synthesis."""
