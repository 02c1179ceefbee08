"""The token cursor under the expression and clause walkers of the work budget.

The budget walks a query's tokens once, by recursive descent: this base holds the position, the
look-ahead and the nesting count that every construct shares, so that the walkers of
expressions (tools.budget_expressions), of the building constructs (tools.budget_constructs)
and of clauses (tools.sandbox_budget) only say what each construct costs.
"""

from __future__ import annotations

from shabgraph.errors import CypherRejected
from tools.budget_sizes import MAX_NESTING, Scope, Val


class Cursor:
    """Position `i` in the tokens `t`, and how deep comprehensions and subqueries nest there."""

    def __init__(self, toks: list[str]) -> None:
        self.t = toks
        self.i = 0
        self.depth = 0

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise CypherRejected(
                f"Comprehensions and subqueries may nest at most {MAX_NESTING} deep.",
                "too_much_work",
            )

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.t[j] if j < len(self.t) else ""

    def up(self, k: int = 0) -> str:
        return self.peek(k).upper()

    def take(self) -> str:
        tok = self.peek()
        self.i += 1
        return tok

    def skip_group(self) -> None:
        """Skip one balanced (...), [...] or {...} group starting at the current token."""
        pairs = {"(": ")", "[": "]", "{": "}"}
        stack = [pairs[self.take()]]
        while stack and self.i < len(self.t):
            tok = self.take()
            if tok in pairs:
                stack.append(pairs[tok])
            elif tok == stack[-1]:
                stack.pop()

    def expr(self, scope: Scope, level: int = 0) -> Val:
        """One expression: walked by tools.budget_expressions (the constructs need it first)."""
        raise NotImplementedError

    def subquery(self, scope: Scope) -> Val:
        """A `{ ... }` subquery (EXISTS, COUNT, COLLECT): walked by the clause walker."""
        raise NotImplementedError
