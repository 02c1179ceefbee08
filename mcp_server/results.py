"""What one MCP tool call returns: the agent's trace step, plus the dated notices behind it.

An MCP client has no access to the agent's trace, so the result itself is the audit trail: the
Cypher that ran with its parameters and row counts, whether a cap cut the rows, and each cited
publication number with its date (tool records carry the numbers only). The result is also held
to a size limit, so that one broad call cannot flood a client's context window.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any, Final

import orjson
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from tools.base import Outcome, QueryTrace, ToolContext, ToolResult
from tools.dating import publication_dates
from tools.runner import citations_of


class DatedCitation(BaseModel):
    """A notice behind the records (the fields of the agent's `Citation`)."""

    model_config = ConfigDict(use_attribute_docstrings=True)

    pub_number: str
    """Publication number, e.g. HR02-1006747585."""
    pub_date: str | None = None
    """Publication date (ISO); null when the notice is not in the graph or past `MAX_DATED`."""


class McpToolOutput(BaseModel):
    """The structured content of a tool call: the fields of the agent's `ToolStep` and more."""

    model_config = ConfigDict(use_attribute_docstrings=True)

    tool: str
    """Tool name."""
    args: dict[str, Any] = Field(default_factory=dict)
    """Arguments as validated by the tool's own model."""
    outcome: Outcome
    """`evidence`, `empty` or `error`."""
    message: str = ""
    """The tool's sentence for the agent: what was found, or why nothing, or what to change."""
    records: list[dict[str, Any]] = Field(default_factory=list)
    """Returned facts; each carries `pubs` (publication numbers) where the graph has them."""
    rows: int = 0
    """Records returned (after the result-size limit)."""
    total_rows: int = 0
    """Records the tool produced (before the result-size limit)."""
    truncated: bool = False
    """True when a query's row cap or the result-size limit cut the records."""
    citations: list[DatedCitation] = Field(default_factory=list)
    """The notices behind the returned records, with their dates, in order of appearance."""
    queries: list[QueryTrace] = Field(default_factory=list)
    """Every query the call ran: the tool's, then the one that dated the citations if one had to."""
    ms: float = 0.0
    """Wall time of the tool in milliseconds."""
    _dumped: tuple[dict[str, Any], bytes] | None = PrivateAttr(default=None)
    """Its JSON form once made (`dumped`): the size limit, the text and the structured content
    of a call all use the one dump."""


def _output_schema() -> dict[str, Any]:
    """The output's JSON schema: every field required, each one's type and meaning described.

    Deliberately without `properties`: the SDK's client validates every result against the
    schema and, before that, checks the schema itself against its dialect's metaschema, on every
    call. That check walks each property subschema; measured on this machine, the schema with
    one typed and described subschema per field cost 2.5 ms per call (the first version, with item
    schemas, 14-20 ms), this one 0.2 ms, against 4 ms for the cheapest tool call on the 1M graph.
    What a client learns stays the same: the field names (required, so checked on every result),
    and their types and meanings in the description. Draft-07: the 2020-12 metaschema alone
    costs the client 12 ms more per call.
    """
    full = McpToolOutput.model_json_schema()
    fields = []
    for name, prop in full["properties"].items():
        kind = "|".join(f"'{v}'" for v in prop["enum"]) if "enum" in prop else prop.get("type", "")
        ref = (prop.get("items") or {}).get("$ref", "")
        if ref:
            items = full["$defs"][ref.rsplit("/", 1)[-1]]["properties"]
            kind += f" of objects with {', '.join(items)}"
        fields.append(f"`{name}` ({kind}): {prop.get('description', '')}")
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "description": f"{full['description']} Fields: " + " ".join(fields),
        "required": list(full["properties"]),
    }


OUTPUT_SCHEMA: Final = _output_schema()
"""The `outputSchema` of every tool (clients validate the structured content against it)."""


def dates_in(records: list[dict[str, Any]]) -> dict[str, str]:
    """The dates the records state themselves (a notice's `pub_number` beside its `pub_date`)."""
    return {
        r["pub_number"]: str(r["pub_date"])
        for r in records
        if isinstance(r.get("pub_number"), str) and isinstance(r.get("pub_date"), str)
    }


class PubDates:
    """Publication dates this server has read already, so that a repeated notice costs no query.

    A notice's date is a fact of the publication and never changes, so a date read once by a
    traced query stays right; the calls that take a date from here list no dating query. Bounded
    (least recently used out) and shared by the worker threads of concurrent calls.
    """

    def __init__(self, capacity: int = 100_000) -> None:
        self.capacity = capacity
        self._dates: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def known(self, pubs: Iterable[str]) -> dict[str, str]:
        """The cached dates among `pubs`."""
        with self._lock:
            found = {p: self._dates[p] for p in pubs if p in self._dates}
            for pub in found:
                self._dates.move_to_end(pub)
        return found

    def learn(self, dates: dict[str, str]) -> None:
        """Remember dates read by a query (or stated by a tool's records)."""
        with self._lock:
            self._dates.update(dates)
            while len(self._dates) > self.capacity:
                self._dates.popitem(last=False)


def dumped(output: McpToolOutput) -> tuple[dict[str, Any], bytes]:
    """The output as JSON data and as JSON bytes, made once per output (outputs are not changed
    after they are built; dumping a large result is a measurable part of a fast call)."""
    if output._dumped is None:
        data = output.model_dump(mode="json")
        output._dumped = (data, orjson.dumps(data))
    return output._dumped


def encode(output: McpToolOutput) -> bytes:
    """The JSON a client receives (also what the size limit measures)."""
    return dumped(output)[1]


def _build(
    result: ToolResult,
    records: list[dict[str, Any]],
    dates: dict[str, str],
    dating: QueryTrace | None,
    cut: bool,
) -> McpToolOutput:
    pubs = citations_of(records) if cut else (result.citations or citations_of(records))
    message = result.message
    if cut:
        message += (
            f" Only {len(records)} of {len(result.records)} records fit the result-size limit: "
            "narrow the question (an id, a canton, a period) or lower `limit`."
        )
    return McpToolOutput(
        tool=result.tool,
        args=result.model_dump(mode="json", include={"args"})["args"],  # not the records
        outcome=result.outcome,
        message=message,
        records=records,
        rows=len(records),
        total_rows=len(result.records),
        truncated=result.truncated or cut,
        citations=[DatedCitation(pub_number=p, pub_date=dates.get(p)) for p in pubs],
        queries=[*result.queries, *([dating] if dating else [])],
        ms=result.ms,
    )


def tool_output(
    ctx: ToolContext, result: ToolResult, max_bytes: int, cache: PubDates | None = None
) -> McpToolOutput:
    """The tool's result as an MCP output: citations dated, records cut to `max_bytes` of JSON.

    The cut keeps the first records (tools return them ranked or in time order) and is found by
    bisection, so a large result costs a few encodings, not one per record. The trace is never
    cut (the dating query stays in it as it ran): when the trace alone exceeds the limit, the
    result has no records and says so.
    """
    records = result.records
    pubs = result.citations or citations_of(records)
    known = {**(cache.known(pubs) if cache else {}), **dates_in(records)}
    dates, dating = publication_dates(ctx, pubs, known)
    if cache is not None:
        cache.learn(dates)
    full = _build(result, records, dates, dating, cut=False)
    if len(encode(full)) <= max_bytes:
        return full
    lo, hi = 0, len(records) - 1  # the largest prefix that fits lies in [lo, hi]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if len(encode(_build(result, records[:mid], dates, dating, cut=True))) <= max_bytes:
            lo = mid
        else:
            hi = mid - 1
    return _build(result, records[:lo], dates, dating, cut=True)
