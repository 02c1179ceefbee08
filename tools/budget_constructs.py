"""The constructs that build or repeat, for the work budget: their size from their parts' sizes.

List and pattern comprehensions run their body once per element, list and map literals are as big
as their parts together, a CASE as big as its biggest branch, and a path pattern used as an
expression yields data. These are the places where one row's expression can grow past the data,
so they are kept apart from the operators and calls of tools.budget_expressions.
"""

from __future__ import annotations

from tools.budget_cursor import Cursor
from tools.budget_sizes import (
    DATA,
    DATUM,
    NOTHING,
    ONE,
    SCALAR,
    ZERO,
    Scope,
    Val,
    add,
    check,
    const,
    is_name,
    mul,
    pmax,
    sub,
)


class Constructs(Cursor):
    """Walks patterns, comprehensions, list and map literals and CASE; `expr` walks the rest."""

    def pattern(self, scope: Scope, names: set[str] | None = None) -> Val:
        """A path pattern used as an expression (a predicate, shortestPath's argument);
        the variables it binds are added to `names`."""
        while self.peek() in ("(", "[", "-", "->", "<-", "<", ">"):
            if self.peek() in ("(", "["):
                start = self.i
                self.skip_group()
                end = self.i
                self.i = start + 1
                if names is not None and is_name(self.peek()):
                    names.add(self.peek())
                while self.i < end - 1:
                    if self.peek() == "{":
                        check(self.map_literal(scope, base=None), "A property map")
                    else:
                        self.take()
                self.i = end
            else:
                self.take()
        return DATUM

    def list_expr(self, scope: Scope) -> Val:
        if is_name(self.peek(1)) and self.up(2) == "IN":
            self.take()
            return self.comprehension(scope, "]")
        if self.peek(1) == "(" or (is_name(self.peek(1)) and self.peek(2) == "="):
            return self.pattern_comprehension(scope)
        self.take()
        parts: list[Val] = []
        while self.peek() not in ("]", ""):
            parts.append(self.expr(scope))
            if self.peek() == "," or self.peek() != "]":
                self.take()
        self.take()
        size = add(ZERO, *(p.size for p in parts))
        return Val(const(len(parts)), size, add(size, *(p.work for p in parts)))

    def comprehension(self, scope: Scope, close: str, body: bool = True) -> Val:
        """`v IN src [WHERE pred] [| body]` up to `close`: the body runs once per element."""
        var = self.take()
        self.take()
        src = self.expr(scope)
        # The body is evaluated twice: with the element empty (what every element costs
        # anyway) and as big as the whole list (what all elements together can add).
        elem = Val(src.size, src.size, ZERO)
        self.enter()
        pred0 = pred1 = body0 = body1 = NOTHING
        start = self.i
        for bound, which in ((NOTHING, 0), (elem, 1)):
            self.i = start
            inner = Scope({**scope.env, var: bound}, scope.literal_rows, scope.data_rows)
            pred, out = self.filter_and_body(inner, NOTHING)
            if which:
                pred1, body1 = pred, out
            else:
                pred0, body0 = pred, out
        has_body = body1 is not NOTHING
        self.leave(close)
        per = add(ONE, pred0.work, body0.work)
        work = add(src.work, mul(src.len, per), sub(pred1.work, pred0.work))
        work = add(work, sub(body1.work, body0.work))
        if not body or not has_body:
            return check(Val(src.len, src.size, work), "A list expression")
        size = add(mul(src.len, body0.size), sub(body1.size, body0.size))
        return check(Val(src.len, size, add(work, size)), "A list comprehension")

    def filter_and_body(self, inner: Scope, absent: Val) -> tuple[Val, Val]:
        """The `WHERE pred` and `| body` of a comprehension, walked in its scope `inner`;
        `absent` stands for a part that is not written."""
        pred = out = absent
        if self.up() == "WHERE":
            self.take()
            pred = self.expr(inner)
        if self.peek() == "|":
            self.take()
            out = self.expr(inner)
        return pred, out

    def leave(self, close: str) -> None:
        """Skip to the comprehension's `close` and past it, one nesting level up again."""
        while self.peek() not in (close, ""):
            self.take()
        self.take()
        self.depth -= 1

    def pattern_comprehension(self, scope: Scope) -> Val:
        self.take()
        names: set[str] = set()
        if is_name(self.peek()) and self.peek(1) == "=":
            names.add(self.take())
            self.take()
        self.pattern(scope, names)
        self.enter()
        start, runs = self.i, []
        for bound in (NOTHING, DATUM):
            self.i = start
            inner = Scope({**scope.env, **dict.fromkeys(names, bound)}, scope.literal_rows, True)
            runs.append(self.filter_and_body(inner, SCALAR))
        self.leave("]")
        (pred0, out0), (pred1, out1) = runs
        size = add(mul(DATA, out0.size), sub(out1.size, out0.size))
        work = add(mul(DATA, add(ONE, pred0.work, out0.work)), sub(out1.work, out0.work))
        work = add(work, sub(pred1.work, pred0.work))
        return check(Val(DATA, size, add(size, work)), "A pattern comprehension")

    def map_literal(self, scope: Scope, base: Val | None) -> Val:
        """`{k: v, ...}`, or a map projection `n{.a, k: v, .*}` when `base` is given."""
        self.take()
        size, work = (base.size if base else ZERO), (base.work if base else ZERO)
        while self.peek() not in ("}", ""):
            if self.peek() == ".":
                self.i += 2
            elif is_name(self.peek()) and self.peek(1) == ":":
                self.i += 2
                val = self.expr(scope)
                size, work = add(size, val.size), add(work, val.work)
            else:
                self.take()
            if self.peek() == ",":
                self.take()
        self.take()
        return Val(ONE, size, add(work, size))

    def case(self, scope: Scope) -> Val:
        self.take()
        results, work = [NOTHING.size], ZERO
        while self.up() not in ("END", ""):
            word = self.up()
            if word in ("WHEN", "THEN", "ELSE"):
                self.take()
            val = self.expr(scope)
            work = add(work, val.work)
            if word in ("THEN", "ELSE"):
                results.append(val.size)
        self.take()
        size = pmax(*results)
        return Val(ONE, size, add(work, size))
