"""The expression half of the work budget: the size of what one Cypher expression builds.

A small precedence-climbing walker over the query's tokens that computes sizes (tools.budget_sizes)
instead of values. It knows the constructs that build or repeat: list and pattern comprehensions,
quantifiers, `range()`, `collect()`, `replace()`, `+` and `||`, list and map literals, CASE.
Anything else is a function or operator whose result is no bigger than its arguments together.
"""

from __future__ import annotations

from shabgraph.errors import CypherRejected
from tools.budget_sizes import (
    AFTER_TYPE,
    BINARY,
    DATA,
    DATUM,
    GROWS,
    ITERATORS,
    MAX_NESTING,
    NOTHING,
    ONE,
    SCALAR,
    SCALAR_FUNCTIONS,
    ZERO,
    Poly,
    Scope,
    Val,
    add,
    check,
    const,
    is_name,
    mul,
    pmax,
    range_length,
    sub,
)


class Expressions:
    """Walks expressions from position `i` of the tokens `t`; subclasses walk the clauses."""

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

    # --- helpers --------------------------------------------------------------------------
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

    def subquery(self, scope: Scope) -> Val:
        """A `{ ... }` subquery (EXISTS, COUNT, COLLECT): walked by the clause walker."""
        raise NotImplementedError

    def expr(self, scope: Scope, level: int = 0) -> Val:
        if level == len(BINARY):
            return self.unary(scope)
        if level == 2 and self.up() == "NOT":
            self.take()
            inner = self.expr(scope, level)
            return Val(ONE, ONE, add(inner.work, ONE))
        left = self.expr(scope, level + 1)
        while self.up() in BINARY[level]:
            op = self.take().upper()
            if op in ("STARTS", "ENDS"):
                self.take()
            if op == "IS":
                while self.up() in ("NOT", "NULL", "NORMALIZED", "NFC", "NFD", "NFKC", "NFKD"):
                    self.take()
                if self.up() in ("::", "TYPED"):
                    self._skip_type()
                left = Val(ONE, ONE, add(left.work, ONE))
                continue
            if op == "::":
                self._skip_type()
                continue
            right = self.expr(scope, level + 1)
            work = add(left.work, right.work)
            if op in GROWS:
                size = add(left.size, right.size)
                left = Val(add(left.len, right.len), size, add(work, size))
            else:
                left = Val(ONE, ONE, add(work, ONE))
        return left

    def _skip_type(self) -> None:
        if self.peek() in ("::",) or self.up() == "TYPED":
            self.take()
        while is_name(self.peek()) and self.up() not in AFTER_TYPE:
            self.take()
            if self.peek() in ("<", "|"):
                self.take()
            if self.peek() == ">":
                self.take()

    def unary(self, scope: Scope) -> Val:
        if self.peek() in ("-", "+"):
            self.take()
            return self.unary(scope)
        val = self.primary(scope)
        while True:
            tok = self.peek()
            if tok == "." and is_name(self.peek(1)):
                self.i += 2
                val = Val(val.size, val.size, add(val.work, ONE))
            elif tok == "[":
                val = self.subscript(scope, val)
            elif tok == "{":
                val = self.map_literal(scope, base=val)
            elif tok == ":" and is_name(self.peek(1)):
                self.i += 2
                while self.peek() in ("|", "&") and is_name(self.peek(1)):
                    self.i += 2
                val = Val(ONE, ONE, add(val.work, ONE))
            else:
                return val

    def subscript(self, scope: Scope, base: Val) -> Val:
        self.take()
        work = base.work
        if self.peek() != "..":
            work = add(work, self.expr(scope).work)
        if self.peek() == "..":
            self.take()
            if self.peek() != "]":
                work = add(work, self.expr(scope).work)
        self.take()
        return Val(base.len, base.size, add(work, base.len))

    def primary(self, scope: Scope) -> Val:
        tok, word = self.peek(), self.up()
        if not tok:
            return NOTHING
        if tok[0] in "'\"":
            self.take()
            n = const(max(1, len(tok) - 2))
            return Val(ONE, n, n)
        if tok[0].isdigit() or word in ("TRUE", "FALSE", "NULL"):
            self.take()
            return SCALAR
        if tok[0] == "$":
            self.take()
            return DATUM
        if tok == "(":
            return self.parenthesised(scope)
        if tok == "[":
            return self.list_expr(scope)
        if tok == "{":
            return self.map_literal(scope, base=None)
        if word == "CASE":
            return self.case(scope)
        if word in ("EXISTS", "COUNT", "COLLECT") and self.peek(1) == "{":
            self.take()
            val = self.subquery(scope)
            return SCALAR if word != "COLLECT" else val
        if is_name(tok):
            name = self.take()
            while self.peek() == "." and is_name(self.peek(1)) and self._dotted_call():
                name += self.take() + self.take()
            if self.peek() == "(":
                return self.call(scope, name.lower().replace("`", ""))
            return scope.env.get(name, DATUM)
        self.take()
        return SCALAR

    def _dotted_call(self) -> bool:
        """True when `a.b.c(` follows (a namespaced function), not a property access."""
        j = self.i
        while j + 1 < len(self.t) and self.t[j] == "." and is_name(self.t[j + 1]):
            j += 2
        return j < len(self.t) and self.t[j] == "("

    def parenthesised(self, scope: Scope) -> Val:
        start = self.i
        self.skip_group()
        if self.peek() in ("-", "<-", "<") and self.peek(1) in ("[", "-", "(", "->"):
            self.i = start
            return self.pattern(scope)
        self.i = start + 1
        val = self.expr(scope)
        while self.peek() not in (")", ""):
            self.take()
        self.take()
        return val

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
            pred = out = NOTHING
            if self.up() == "WHERE":
                self.take()
                pred = self.expr(inner)
            if self.peek() == "|":
                self.take()
                out = self.expr(inner)
            if which:
                pred1, body1 = pred, out
            else:
                pred0, body0 = pred, out
        has_body = body1 is not NOTHING
        while self.peek() not in (close, ""):
            self.take()
        self.take()
        self.depth -= 1
        per = add(ONE, pred0.work, body0.work)
        work = add(src.work, mul(src.len, per), sub(pred1.work, pred0.work))
        work = add(work, sub(body1.work, body0.work))
        if not body or not has_body:
            return check(Val(src.len, src.size, work), "A list expression")
        size = add(mul(src.len, body0.size), sub(body1.size, body0.size))
        return check(Val(src.len, size, add(work, size)), "A list comprehension")

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
            pred = out = SCALAR
            if self.up() == "WHERE":
                self.take()
                pred = self.expr(inner)
            if self.peek() == "|":
                self.take()
                out = self.expr(inner)
            runs.append((pred, out))
        while self.peek() not in ("]", ""):
            self.take()
        self.take()
        self.depth -= 1
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

    def call(self, scope: Scope, name: str) -> Val:
        if name in ITERATORS and is_name(self.peek(1)) and self.up(2) == "IN":
            self.i += 1
            val = self.comprehension(scope, ")", body=False)
            return Val(ONE, ONE, val.work)
        self.take()
        if self.up() == "DISTINCT":
            self.take()
        args: list[Val] = []
        while self.peek() not in (")", ""):
            if self.peek() == "*":
                self.take()
                args.append(SCALAR)
            else:
                args.append(self.expr(scope))
            if self.peek() == "," or self.peek() != ")":
                self.take()
        self.take()
        work = add(ONE, *(a.work for a in args))
        return check(self.result(name, args, work, scope), f"{name}()")

    def result(self, name: str, args: list[Val], work: Poly, scope: Scope) -> Val:
        """The size of a function's result from its arguments' sizes."""
        if name in SCALAR_FUNCTIONS or name.split(".")[0] in ("date", "datetime", "duration"):
            return Val(ONE, ONE, work)
        if name == "range":
            n = range_length(args, self.t, self.i)
            return Val(n, n, add(work, n))
        if name == "collect" and args:
            rows = scope.literal_rows
            arg = args[0].size
            c0 = 0.0 if scope.data_rows else rows * arg[0]
            c1 = rows * arg[1] + (rows * arg[0] if scope.data_rows else 0.0)
            size: Poly = (c0, c1, arg[2])
            length: Poly = (0.0, rows, 0.0) if scope.data_rows else const(rows)
            return Val(length, size, add(work, size))
        if name == "replace" and len(args) == 3:
            size = add(args[0].size, mul(args[0].size, args[2].size))
            return Val(ONE, size, add(work, size))
        if name == "coalesce" and args:
            return Val(pmax(*(a.len for a in args)), pmax(*(a.size for a in args)), work)
        # Elements of the result never outnumber the atoms of the arguments (split, nodes, keys).
        size = add(ZERO, *(a.size for a in args)) if args else ONE
        length = pmax(*(a.size for a in args)) if args else ONE
        return Val(length, size, add(work, size))
