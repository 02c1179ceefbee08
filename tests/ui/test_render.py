"""The audit steps and tables drawn from a TurnResult."""

from __future__ import annotations

from graph_agent.result import TurnResult
from ui.render import cell, cited_numbers, records_table, turn_views


def test_steps_follow_the_turn_in_order(turn: TurnResult) -> None:
    names = [v.name for v in turn_views(turn)]
    assert names == [
        "router",
        "search_companies · round 1",
        "reflection · round 1",
        "get_node_history · round 2",
        "reflection · round 2",
        "synthesis",
    ]


def test_tool_step_shows_arguments_cypher_timing_and_records(turn: TurnResult) -> None:
    view = turn_views(turn)[1]
    assert '"name": "Muster Holding"' in view.input
    assert "```cypher\nMATCH (c:Company {id: $id}) RETURN c.name AS name\n```" in view.output
    assert "1 rows · 3 ms" in view.output
    assert "| id | name | pubs |" in view.output
    assert "| CHE-100.000.001 | Muster Holding AG | HR01-1000000001 |" in view.output


def test_router_step_names_intent_and_allowed_tools(turn: TurnResult) -> None:
    router = turn_views(turn)[0]
    assert "`entity_disambiguation`" in router.output
    assert "`search_companies`, `get_node_history`" in router.output


def test_error_steps_are_flagged(turn: TurnResult) -> None:
    turn.trace.steps[1].outcome = "error"
    turn.trace.error = "boom (abc123)"
    views = turn_views(turn)
    assert views[3].is_error and views[-1].is_error
    assert "boom (abc123)" in views[-1].output


def test_records_table_escapes_and_caps() -> None:
    rows = [{"a": "x|y\nz", "b": [1, 2]}] + [{"a": str(i)} for i in range(60)]
    table = records_table(rows, max_rows=5)
    assert "x\\|y z" in table and "| 1, 2 |" in table
    assert table.count("\n| ") == 5 and "56 more rows" in table
    assert records_table([]) == "_no records_"
    assert cell("a" * 300).endswith("…") and len(cell("a" * 300)) == 120


def test_cited_numbers_include_those_only_in_the_text(turn: TurnResult) -> None:
    turn.answer += " See also HR02-1000000002."
    assert cited_numbers(turn) == ["HR01-1000000001", "HR02-1000000002"]
