"""What a turn runs with (LangGraph's run-time `context`): never stored in the thread.

Kept apart from `state` because it holds live objects (the planner, the tools and their driver)
that a checkpointer must not serialise and a thread written by one process cannot carry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from graph_agent.planners.base import Planner
from graph_agent.state import AblationSwitches
from graph_agent.toolbox import Toolbox


@dataclass(frozen=True)
class AgentContext:
    """Run-time dependencies of the graph's nodes."""

    planner: Planner
    """The planner deciding route, act and synthesis (offline rules or the LLM)."""
    toolbox: Toolbox
    """The tools, their context (driver, database) and their runner."""
    switches: AblationSwitches = field(default_factory=AblationSwitches)
    """Ablation switches."""
    max_rounds: int = 4
    """Upper bound of the reflection loop."""
