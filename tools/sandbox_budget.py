"""How much work a query's expressions can create, bounded before the query runs.

Neo4j evaluates an expression of one row in a single step: a list comprehension, a `range()` or a
string built by `+` or `replace()` is neither interrupted by the transaction timeout nor counted
by the transaction memory cap (issue 17: two nested `range(1, 10000)` filled the heap and the JVM
exited). Rows are different: the runtime stops them at the timeout and counts what `collect()`
keeps. So this module bounds what one row's expressions can build, and the rows that literal
`UNWIND`s multiply, by evaluating the query on sizes instead of values.

Every value gets two sizes, `len` (elements) and `size` (atoms when fully expanded: elements of
nested lists, characters of strings), and the work spent building it. Each is a polynomial in `D`,
the unknown size of what comes from the graph or the parameters (a property, a node, `collect()`
of matched rows, `$ids`): `(c0, c1, c2)` stands for `c0 + c1*D + c2*D^2 (or more)`. Data-sized
values are fine as long as they stay linear in `D` with a small factor (a comprehension over a
collected list, a few properties concatenated); a product of two data-sized things (`[x IN xs |
xs]`) or a large constant (nested ranges, a doubled string) is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from shabgraph.errors import CypherRejected

MAX_ELEMENTS: Final = 1_000_000
"""Largest constant size a row's value may reach (1e6 atoms: some 30 MB on the server)."""
MAX_WORK: Final = 2_000_000
"""Largest constant work a row's expressions may take (a second or so of one core)."""
MAX_DATA_FACTOR: Final = 256
"""Largest factor on data-sized values (e.g. `[i IN range(0, 255) | n.text]` still passes)."""
MAX_LITERAL_ROWS: Final = 1_000_000
"""Largest product of the lengths of `UNWIND`s over literals and ranges."""
MAX_NESTING: Final = 6
"""Deepest nesting of comprehensions and subqueries (each level is analysed twice)."""

Poly = tuple[float, float, float]
ZERO: Final[Poly] = (0.0, 0.0, 0.0)
ONE: Final[Poly] = (1.0, 0.0, 0.0)
DATA: Final[Poly] = (0.0, 1.0, 0.0)


def _add(*ps: Poly) -> Poly:
    return (sum(p[0] for p in ps), sum(p[1] for p in ps), sum(p[2] for p in ps))


def _mul(a: Poly, b: Poly) -> Poly:
    high = a[1] * b[1] + a[2] * (b[0] + b[1] + b[2]) + b[2] * (a[0] + a[1])
    return (a[0] * b[0], a[0] * b[1] + a[1] * b[0], high)


def _sub(a: Poly, b: Poly) -> Poly:
    return (max(0.0, a[0] - b[0]), max(0.0, a[1] - b[1]), max(0.0, a[2] - b[2]))


def _max(*ps: Poly) -> Poly:
    return (max(p[0] for p in ps), max(p[1] for p in ps), max(p[2] for p in ps))


def _const(n: float) -> Poly:
    return (float(n), 0.0, 0.0)


@dataclass(frozen=True)
class Val:
    """Sizes of one value: elements, expanded atoms, work spent to build it."""

    len: Poly = ONE
    size: Poly = ONE
    work: Poly = ONE


SCALAR: Final = Val()
NOTHING: Final = Val(ZERO, ZERO, ZERO)
DATUM: Final = Val(DATA, DATA, ONE)

_TOKEN = re.compile(
    r"""(?P<ws>\s+|//[^\n]*|/\*.*?\*/)"""
    r"""|(?P<str>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
    r"""|(?P<name>`(?:[^`]|``)*`|[A-Za-z_][A-Za-z0-9_]*)"""
    r"""|(?P<num>\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+)"""
    r"""|(?P<param>\$(?:[A-Za-z_]\w*|\d+|`(?:[^`]|``)*`))"""
    r"""|(?P<op><>|<=|>=|=~|\|\||\.\.|->|<-|::|\S)""",
    re.DOTALL,
)

SCALAR_FUNCTIONS: Final = frozenset(
    [
        "size",
        "length",
        "count",
        "sum",
        "avg",
        "stdev",
        "stdevp",
        "percentilecont",
        "percentiledisc",
        "tointeger",
        "tofloat",
        "toboolean",
        "tointegerornull",
        "tofloatornull",
        "tobooleanornull",
        "abs",
        "ceil",
        "floor",
        "round",
        "sign",
        "rand",
        "sqrt",
        "exp",
        "log",
        "log10",
        "e",
        "pi",
        "sin",
        "cos",
        "tan",
        "cot",
        "asin",
        "acos",
        "atan",
        "atan2",
        "haversin",
        "degrees",
        "radians",
        "id",
        "elementid",
        "exists",
        "isempty",
        "isnan",
        "char_length",
        "character_length",
        "timestamp",
        "date",
        "datetime",
        "localdatetime",
        "localtime",
        "time",
        "duration",
        "point",
        "randomuuid",
        "valuetype",
    ]
)
"""Built-ins whose result is one small value, whatever their arguments."""
ITERATORS: Final = frozenset({"any", "all", "none", "single"})
CLAUSES: Final = frozenset(
    [
        "MATCH",
        "OPTIONAL",
        "WITH",
        "RETURN",
        "UNWIND",
        "WHERE",
        "ORDER",
        "SKIP",
        "LIMIT",
        "CALL",
        "YIELD",
        "UNION",
        "OFFSET",
    ]
)
_COMPARE: Final = frozenset(
    ["=", "<>", "<", ">", "<=", ">=", "=~", "IN", "STARTS", "ENDS", "CONTAINS", "IS", "::"]
)
_BINARY: Final = (
    frozenset({"OR", "XOR"}),
    frozenset({"AND"}),
    _COMPARE,
    frozenset({"+", "-", "||"}),
    frozenset({"*", "/", "%"}),
    frozenset({"^"}),
)
"""Binary operators by rising precedence (`NOT` and unary minus are handled as prefixes)."""
_AFTER_TYPE: Final = CLAUSES | frozenset(
    ["AND", "OR", "XOR", "AS", "THEN", "ELSE", "END", "WHEN", "ASC", "DESC"]
)
_GROWS: Final = frozenset({"+", "||"})
"""The only operators whose result can outgrow their operands (string and list concatenation)."""


def tokens(query: str) -> list[str]:
    """The query's tokens; string literals keep their quotes (their length is their size)."""
    return [m.group() for m in _TOKEN.finditer(query) if not m.group("ws")]


@dataclass
class Scope:
    """What the analysis knows at one point of the query."""

    env: dict[str, Val] = field(default_factory=dict)
    literal_rows: float = 1.0
    data_rows: bool = False


class Budget:
    """Walks a tokenised query; raises CypherRejected at the first value over budget."""

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

    def check(self, val: Val, what: str) -> Val:
        for poly, limit, kind in (
            (val.size, MAX_ELEMENTS, "values"),
            (val.work, MAX_WORK, "steps"),
        ):
            if poly[2] > 0 or poly[1] > MAX_DATA_FACTOR:
                raise CypherRejected(
                    f"{what} grows faster than the data ({kind} ~ data x data): nested "
                    "iteration over lists, or a list or string combined with itself, is not "
                    "accepted.",
                    "too_much_work",
                )
            if poly[0] > limit:
                raise CypherRejected(
                    f"{what} would build about {poly[0]:,.0f} {kind} in one step (at most "
                    f"{limit:,}): nested ranges or comprehensions, large literals and strings "
                    "built by repetition are bounded.",
                    "too_much_work",
                )
        return val

    # --- clauses --------------------------------------------------------------------------
    def query(self, scope: Scope, stop: str = "") -> Scope:
        while self.i < len(self.t) and self.peek() != stop:
            word = self.up()
            if word in ("WITH", "RETURN"):
                self.take()
                scope = self.projection(scope)
            elif word == "UNWIND":
                self.take()
                src = self.check(self.expr(scope), "UNWIND")
                if self.up() == "AS":
                    self.take()
                    scope.env[self.take()] = _element(src)
                if src.len[1] or src.len[2]:
                    scope.data_rows = True
                scope.literal_rows *= max(1.0, src.len[0])
                if scope.literal_rows > MAX_LITERAL_ROWS:
                    raise CypherRejected(
                        f"UNWIND of literal lists or ranges would make about "
                        f"{scope.literal_rows:,.0f} rows (at most {MAX_LITERAL_ROWS:,}).",
                        "too_much_work",
                    )
            elif word in ("WHERE", "SKIP", "LIMIT", "OFFSET"):
                self.take()
                self.check(self.expr(scope), word)
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
        if self.up() in CLAUSES or self.peek() == "}" and not stop:
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
                self.check(self.primary(scope), "A property map")
            elif tok == "[" and self._is_comprehension():
                self.check(self.primary(scope), "A list expression")
            elif _is_name(tok) and self.peek(1) == "(" and self.t[self.i - 1] not in (":", "|"):
                self.check(self.primary(scope), f"{tok}()")
            else:
                depth += (tok in ("(", "[", "{")) - (tok in (")", "]", "}"))
                self.take()

    def _is_map(self) -> bool:
        return (_is_name(self.peek(1)) and self.peek(2) == ":") or self.peek(1) == "}"

    def _is_comprehension(self) -> bool:
        return (_is_name(self.peek(1)) and self.up(2) == "IN") or self.peek(1) == "("

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
                val = self.check(self.expr(scope), "A returned value")
                if self.up() == "AS":
                    self.take()
                    out[self.take()] = val
                elif bind and _is_name(start):
                    out[start] = val
                if self.up() in ("ASC", "DESC", "ASCENDING", "DESCENDING"):
                    self.take()
            if self.peek() != ",":
                return out
            self.take()

    # --- expressions ----------------------------------------------------------------------
    def expr(self, scope: Scope, level: int = 0) -> Val:
        if level == len(_BINARY):
            return self.unary(scope)
        if level == 2 and self.up() == "NOT":
            self.take()
            inner = self.expr(scope, level)
            return Val(ONE, ONE, _add(inner.work, ONE))
        left = self.expr(scope, level + 1)
        while self.up() in _BINARY[level]:
            op = self.take().upper()
            if op in ("STARTS", "ENDS"):
                self.take()
            if op == "IS":
                while self.up() in ("NOT", "NULL", "NORMALIZED", "NFC", "NFD", "NFKC", "NFKD"):
                    self.take()
                if self.up() in ("::", "TYPED"):
                    self._skip_type()
                left = Val(ONE, ONE, _add(left.work, ONE))
                continue
            if op == "::":
                self._skip_type()
                continue
            right = self.expr(scope, level + 1)
            work = _add(left.work, right.work)
            if op in _GROWS:
                size = _add(left.size, right.size)
                left = Val(_add(left.len, right.len), size, _add(work, size))
            else:
                left = Val(ONE, ONE, _add(work, ONE))
        return left

    def _skip_type(self) -> None:
        if self.peek() in ("::",) or self.up() == "TYPED":
            self.take()
        while _is_name(self.peek()) and self.up() not in _AFTER_TYPE:
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
            if tok == "." and _is_name(self.peek(1)):
                self.i += 2
                val = Val(val.size, val.size, _add(val.work, ONE))
            elif tok == "[":
                val = self.subscript(scope, val)
            elif tok == "{":
                val = self.map_literal(scope, base=val)
            elif tok == ":" and _is_name(self.peek(1)):
                self.i += 2
                while self.peek() in ("|", "&") and _is_name(self.peek(1)):
                    self.i += 2
                val = Val(ONE, ONE, _add(val.work, ONE))
            else:
                return val

    def subscript(self, scope: Scope, base: Val) -> Val:
        self.take()
        work = base.work
        if self.peek() != "..":
            work = _add(work, self.expr(scope).work)
        if self.peek() == "..":
            self.take()
            if self.peek() != "]":
                work = _add(work, self.expr(scope).work)
        self.take()
        return Val(base.len, base.size, _add(work, base.len))

    def primary(self, scope: Scope) -> Val:
        tok, word = self.peek(), self.up()
        if not tok:
            return NOTHING
        if tok[0] in "'\"":
            self.take()
            n = _const(max(1, len(tok) - 2))
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
        if _is_name(tok):
            name = self.take()
            while self.peek() == "." and _is_name(self.peek(1)) and self._dotted_call():
                name += self.take() + self.take()
            if self.peek() == "(":
                return self.call(scope, name.lower().replace("`", ""))
            return scope.env.get(name, DATUM)
        self.take()
        return SCALAR

    def _dotted_call(self) -> bool:
        """True when `a.b.c(` follows (a namespaced function), not a property access."""
        j = self.i
        while j + 1 < len(self.t) and self.t[j] == "." and _is_name(self.t[j + 1]):
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
                if names is not None and _is_name(self.peek()):
                    names.add(self.peek())
                while self.i < end - 1:
                    if self.peek() == "{":
                        self.check(self.map_literal(scope, base=None), "A property map")
                    else:
                        self.take()
                self.i = end
            else:
                self.take()
        return DATUM

    def list_expr(self, scope: Scope) -> Val:
        if _is_name(self.peek(1)) and self.up(2) == "IN":
            self.take()
            return self.comprehension(scope, "]")
        if self.peek(1) == "(" or (_is_name(self.peek(1)) and self.peek(2) == "="):
            return self.pattern_comprehension(scope)
        self.take()
        parts: list[Val] = []
        while self.peek() not in ("]", ""):
            parts.append(self.expr(scope))
            if self.peek() == "," or self.peek() != "]":
                self.take()
        self.take()
        size = _add(ZERO, *(p.size for p in parts))
        return Val(_const(len(parts)), size, _add(size, *(p.work for p in parts)))

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
        per = _add(ONE, pred0.work, body0.work)
        work = _add(src.work, _mul(src.len, per), _sub(pred1.work, pred0.work))
        work = _add(work, _sub(body1.work, body0.work))
        if not body or not has_body:
            return self.check(Val(src.len, src.size, work), "A list expression")
        size = _add(_mul(src.len, body0.size), _sub(body1.size, body0.size))
        return self.check(Val(src.len, size, _add(work, size)), "A list comprehension")

    def pattern_comprehension(self, scope: Scope) -> Val:
        self.take()
        names: set[str] = set()
        if _is_name(self.peek()) and self.peek(1) == "=":
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
        size = _add(_mul(DATA, out0.size), _sub(out1.size, out0.size))
        work = _add(_mul(DATA, _add(ONE, pred0.work, out0.work)), _sub(out1.work, out0.work))
        work = _add(work, _sub(pred1.work, pred0.work))
        return self.check(Val(DATA, size, _add(size, work)), "A pattern comprehension")

    def map_literal(self, scope: Scope, base: Val | None) -> Val:
        """`{k: v, ...}`, or a map projection `n{.a, k: v, .*}` when `base` is given."""
        self.take()
        size, work = (base.size if base else ZERO), (base.work if base else ZERO)
        while self.peek() not in ("}", ""):
            if self.peek() == ".":
                self.i += 2
            elif _is_name(self.peek()) and self.peek(1) == ":":
                self.i += 2
                val = self.expr(scope)
                size, work = _add(size, val.size), _add(work, val.work)
            else:
                self.take()
            if self.peek() == ",":
                self.take()
        self.take()
        return Val(ONE, size, _add(work, size))

    def case(self, scope: Scope) -> Val:
        self.take()
        results, work = [NOTHING.size], ZERO
        while self.up() not in ("END", ""):
            word = self.up()
            if word in ("WHEN", "THEN", "ELSE"):
                self.take()
            val = self.expr(scope)
            work = _add(work, val.work)
            if word in ("THEN", "ELSE"):
                results.append(val.size)
        self.take()
        size = _max(*results)
        return Val(ONE, size, _add(work, size))

    def call(self, scope: Scope, name: str) -> Val:
        if name in ITERATORS and _is_name(self.peek(1)) and self.up(2) == "IN":
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
        work = _add(ONE, *(a.work for a in args))
        return self.check(self.result(name, args, work, scope), f"{name}()")

    def result(self, name: str, args: list[Val], work: Poly, scope: Scope) -> Val:
        """The size of a function's result from its arguments' sizes."""
        if name in SCALAR_FUNCTIONS or name.split(".")[0] in ("date", "datetime", "duration"):
            return Val(ONE, ONE, work)
        if name == "range":
            n = _range_length(args, self.t, self.i)
            return Val(n, n, _add(work, n))
        if name == "collect" and args:
            rows = scope.literal_rows
            arg = args[0].size
            c0 = 0.0 if scope.data_rows else rows * arg[0]
            c1 = rows * arg[1] + (rows * arg[0] if scope.data_rows else 0.0)
            size: Poly = (c0, c1, arg[2])
            length: Poly = (0.0, rows, 0.0) if scope.data_rows else _const(rows)
            return Val(length, size, _add(work, size))
        if name == "replace" and len(args) == 3:
            size = _add(args[0].size, _mul(args[0].size, args[2].size))
            return Val(ONE, size, _add(work, size))
        if name == "coalesce" and args:
            return Val(_max(*(a.len for a in args)), _max(*(a.size for a in args)), work)
        # Elements of the result never outnumber the atoms of the arguments (split, nodes, keys).
        size = _add(ZERO, *(a.size for a in args)) if args else ONE
        length = _max(*(a.size for a in args)) if args else ONE
        return Val(length, size, _add(work, size))


def _range_length(args: list[Val], toks: list[str], end: int) -> Poly:
    """Elements of `range(a, b[, step])`: exact for integer literals, else data-sized."""
    j = end - 2
    while j > 0 and toks[j].lower() != "range":
        j -= 1
    raw = "".join(toks[j + 2 : end - 1]).split(",")
    try:
        low, high = int(raw[0]), int(raw[1])
        step = abs(int(raw[2])) if len(raw) == 3 else 1
    except (ValueError, IndexError):
        return DATA
    return _const(max(0, abs(high - low) // max(step, 1) + 1))


def _element(src: Val) -> Val:
    """One element of a list: a flat constant list (a range) has scalar elements; of data
    we only know that an element is no bigger than the whole."""
    s0 = max(1.0, src.size[0] - src.len[0] + 1) if src.size[0] else 0.0
    size: Poly = (s0, src.size[1], src.size[2])
    return Val(size, size, ZERO)


def _is_name(tok: str) -> bool:
    return bool(tok) and (tok[0].isalpha() or tok[0] in "_`")


def check_budget(query: str) -> None:
    """Raise CypherRejected when one row's expressions, or literal UNWINDs, could build more
    than the budget; a query this walker cannot follow is checked as far as it can."""
    try:
        Budget(tokens(query)).query(Scope())
    except RecursionError as exc:
        raise CypherRejected("The query nests expressions too deeply.", "too_much_work") from exc


__all__ = ["MAX_ELEMENTS", "MAX_WORK", "Val", "check_budget", "tokens"]
