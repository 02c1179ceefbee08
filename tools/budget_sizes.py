"""Sizes of Cypher values, the arithmetic of the sandbox's work budget (tools.sandbox_budget).

Every value gets two sizes, `len` (elements) and `size` (atoms when fully expanded: elements of
nested lists, characters of strings), and the work spent building it. Each is a polynomial in `D`,
the unknown size of what comes from the graph or the parameters (a property, a node, `collect()`
of matched rows, `$ids`): `(c0, c1, c2)` stands for `c0 + c1*D + c2*D^2 (or more)`. Data-sized
values are fine as long as they stay linear in `D` with a small factor (a comprehension over a
collected list, a few properties concatenated); a product of two data-sized things (`[x IN xs |
xs]`) or a large constant (nested ranges, a doubled string) is over budget.
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


def add(*ps: Poly) -> Poly:
    return (sum(p[0] for p in ps), sum(p[1] for p in ps), sum(p[2] for p in ps))


def mul(a: Poly, b: Poly) -> Poly:
    high = a[1] * b[1] + a[2] * (b[0] + b[1] + b[2]) + b[2] * (a[0] + a[1])
    return (a[0] * b[0], a[0] * b[1] + a[1] * b[0], high)


def sub(a: Poly, b: Poly) -> Poly:
    return (max(0.0, a[0] - b[0]), max(0.0, a[1] - b[1]), max(0.0, a[2] - b[2]))


def pmax(*ps: Poly) -> Poly:
    return (max(p[0] for p in ps), max(p[1] for p in ps), max(p[2] for p in ps))


def const(n: float) -> Poly:
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


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


SCALAR_FUNCTIONS: Final = _words(
    "size length count sum avg stdev stdevp percentilecont percentiledisc tointeger tofloat "
    "toboolean tointegerornull tofloatornull tobooleanornull abs ceil floor round sign rand "
    "sqrt exp log log10 e pi sin cos tan cot asin acos atan atan2 haversin degrees radians "
    "id elementid exists isempty isnan char_length character_length timestamp date datetime "
    "localdatetime localtime time duration point randomuuid valuetype"
)
"""Built-ins whose result is one small value, whatever their arguments."""
ITERATORS: Final = frozenset({"any", "all", "none", "single"})
CLAUSES: Final = _words(
    "MATCH OPTIONAL WITH RETURN UNWIND WHERE ORDER SKIP LIMIT CALL YIELD UNION OFFSET"
)
COMPARE: Final = _words("= <> < > <= >= =~ IN STARTS ENDS CONTAINS IS ::")
BINARY: Final = (
    frozenset({"OR", "XOR"}),
    frozenset({"AND"}),
    COMPARE,
    frozenset({"+", "-", "||"}),
    frozenset({"*", "/", "%"}),
    frozenset({"^"}),
)
"""Binary operators by rising precedence (`NOT` and unary minus are handled as prefixes)."""
AFTER_TYPE: Final = CLAUSES | frozenset(
    ["AND", "OR", "XOR", "AS", "THEN", "ELSE", "END", "WHEN", "ASC", "DESC"]
)
GROWS: Final = frozenset({"+", "||"})
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
    data_unwinds: int = 0
    """UNWINDs over lists whose length grows with the data: a second one multiplies rows by D."""


def check(val: Val, what: str) -> Val:
    """`val`, or CypherRejected when its size or work is over budget."""
    for poly, limit, kind, verb in (
        (val.size, MAX_ELEMENTS, "values", "build"),
        (val.work, MAX_WORK, "steps", "take"),
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
                f"{what} would {verb} about {poly[0]:,.0f} {kind} in one step (at most "
                f"{limit:,}): nested ranges or comprehensions, large literals and strings "
                "built by repetition are bounded.",
                "too_much_work",
            )
    return val


def range_length(args: list[Val], toks: list[str], end: int) -> Poly:
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
    return const(max(0, abs(high - low) // max(step, 1) + 1))


def element(src: Val) -> Val:
    """One element of a list: a flat constant list (a range) has scalar elements; of data
    we only know that an element is no bigger than the whole."""
    s0 = max(1.0, src.size[0] - src.len[0] + 1) if src.size[0] else 0.0
    size: Poly = (s0, src.size[1], src.size[2])
    return Val(size, size, ZERO)


def is_name(tok: str) -> bool:
    return bool(tok) and (tok[0].isalpha() or tok[0] in "_`")
