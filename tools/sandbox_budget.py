"""How much work a query's expressions can create, bounded before the query runs.

Neo4j evaluates an expression of one row in a single step: a list comprehension, a `range()` or a
string built by `+` or `replace()` is neither interrupted by the transaction timeout nor counted
by the transaction memory cap (issue 17: two nested `range(1, 10000)` filled the heap and the JVM
exited). Rows are different: the runtime stops them at the timeout and counts what `collect()`
keeps. So this module bounds what one row's expressions can build, and the rows that literal
`UNWIND`s multiply, by evaluating the query on sizes instead of values.

The sizes and their arithmetic are in tools.budget_sizes, the expression walker in
tools.budget_expressions; this module walks the clauses and keeps the rows.
"""

from __future__ import annotations

from shabgraph.errors import CypherRejected
from tools.budget_expressions import Expressions
from tools.budget_sizes import (
    CLAUSES,
    DATUM,
    MAX_LITERAL_ROWS,
    SCALAR,
    Scope,
    Val,
    check,
    element,
    is_name,
    tokens,
)


class Budget(Expressions):
    """Walks a tokenised query clause by clause; raises CypherRejected at the first value over
    budget."""

    def query(self, scope: Scope, stop: str = "") -> Scope:
        while self.i < len(self.t) and self.peek() != stop:
            word = self.up()
            if word in ("WITH", "RETURN"):
                self.take()
                scope = self.projection(scope)
            elif word == "UNWIND":
                self.take()
                src = check(self.expr(scope), "UNWIND")
                if self.up() == "AS":
                    self.take()
                    scope.env[self.take()] = element(src)
                if src.len[1] or src.len[2]:
                    scope.data_rows = True
                    scope.data_unwinds += 1
                    if scope.data_unwinds > 1:
                        # rows, not one expression: the timeout should stop them, but a
                        # D x D x D product of collected nodes outran it by 30 s under load
                        raise CypherRejected(
                            "UNWIND of two lists built from the graph makes a product of rows "
                            "(data size squared): unwind one list, or aggregate in between.",
                            "too_much_work",
                        )
                scope.literal_rows *= max(1.0, src.len[0])
                if scope.literal_rows > MAX_LITERAL_ROWS:
                    raise CypherRejected(
                        f"UNWIND of literal lists or ranges would make about "
                        f"{scope.literal_rows:,.0f} rows (at most {MAX_LITERAL_ROWS:,}).",
                        "too_much_work",
                    )
            elif word in ("WHERE", "SKIP", "LIMIT", "OFFSET"):
                self.take()
                check(self.expr(scope), word)
            elif word == "ORDER" and self.up(1) == "BY":
                self.i += 2
                self.items(scope, bind=False)
            elif word == "UNION":
                self.take()
                scope = Scope()
            elif word == "CALL" and self.peek(1) in ("{", "("):
                self.take()
                if self.peek() == "(":
                    self.skip_group()
                self.subquery(scope)
                scope.data_rows = True
            else:
                if word in ("MATCH", "OPTIONAL", "CALL", "YIELD"):
                    scope.data_rows = True
                self.scan(scope)
        return scope

    def subquery(self, scope: Scope) -> Val:
        """A `{ ... }` subquery (CALL, EXISTS, COUNT, COLLECT): checked in a scope of its own."""
        self.take()
        self.enter()
        inner = Scope(dict(scope.env), scope.literal_rows, scope.data_rows)
        if self.up() not in CLAUSES:
            self.scan(inner, stop="}")
        self.query(inner, stop="}")
        self.take()
        self.depth -= 1
        return DATUM

    def scan(self, scope: Scope, stop: str = "") -> None:
        """A clause this walker does not model (a pattern, CALL ... YIELD): check every
        expression inside it, then move on to the next clause."""
        if self.up() in CLAUSES or (self.peek() == "}" and not stop):
            self.take()  # a clause keyword, or a stray brace: always move on
        depth = 0
        while self.i < len(self.t):
            tok, word = self.peek(), self.up()
            after_optional = word == "MATCH" and self.t[self.i - 1].upper() == "OPTIONAL"
            if depth == 0 and (word in CLAUSES or tok in (stop, "}")) and not after_optional:
                return
            if tok == "{" and self.t[self.i - 1].upper() in ("EXISTS", "COUNT", "COLLECT"):
                self.subquery(scope)
            elif tok == "{" and self._is_map():
                check(self.primary(scope), "A property map")
            elif tok == "[" and self._is_comprehension():
                check(self.primary(scope), "A list expression")
            elif is_name(tok) and self.peek(1) == "(" and self.t[self.i - 1] not in (":", "|"):
                check(self.primary(scope), f"{tok}()")
            else:
                depth += (tok in ("(", "[", "{")) - (tok in (")", "]", "}"))
                self.take()

    def _is_map(self) -> bool:
        return (is_name(self.peek(1)) and self.peek(2) == ":") or self.peek(1) == "}"

    def _is_comprehension(self) -> bool:
        return (is_name(self.peek(1)) and self.up(2) == "IN") or self.peek(1) == "("

    def projection(self, scope: Scope) -> Scope:
        if self.up() == "DISTINCT":
            self.take()
        projected = self.items(scope, bind=True)
        out = Scope(projected, scope.literal_rows, scope.data_rows)
        if "*" in projected:
            out.env = {**scope.env, **projected}
        return out

    def items(self, scope: Scope, *, bind: bool) -> dict[str, Val]:
        out: dict[str, Val] = {}
        while True:
            if self.peek() == "*":
                self.take()
                out["*"] = SCALAR
            else:
                start = self.peek()
                val = check(self.expr(scope), "A returned value")
                if self.up() == "AS":
                    self.take()
                    out[self.take()] = val
                elif bind and is_name(start):
                    out[start] = val
                if self.up() in ("ASC", "DESC", "ASCENDING", "DESCENDING"):
                    self.take()
            if self.peek() != ",":
                return out
            self.take()


def check_budget(query: str) -> None:
    """Raise CypherRejected when one row's expressions, or literal UNWINDs, could build more
    than the budget; a query this walker cannot follow is checked as far as it can."""
    try:
        Budget(tokens(query)).query(Scope())
    except RecursionError as exc:
        raise CypherRejected("The query nests expressions too deeply.", "too_much_work") from exc
