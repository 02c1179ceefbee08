"""The expression half of the work budget: the size of what one Cypher expression builds.

A small precedence-climbing walker over the query's tokens that computes sizes (tools.budget_sizes)
instead of values. It knows the constructs that build or repeat: list and pattern comprehensions,
quantifiers, `range()`, `collect()`, `replace()`, `+` and `||`, list and map literals, CASE (the
literals and comprehensions are walked by tools.budget_constructs, the tokens by
tools.budget_cursor). Anything else is a function or operator whose result is no bigger than its
arguments together.
"""

from __future__ import annotations

from tools.budget_constructs import Constructs
from tools.budget_sizes import (
    AFTER_TYPE,
    BINARY,
    DATUM,
    GROWS,
    ITERATORS,
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
)


class Expressions(Constructs):
    """Walks expressions from position `i` of the tokens `t`; subclasses walk the clauses."""

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
