"""Resources: a company's or a person's dossier and one notice, addressed by URI.

A dossier is `get_entity_facts` (the same tool the agent uses, dated citations and query trace
included) rendered twice: Markdown for a person reading along and the JSON output for the client
agent. A notice is its text, dates and source, read through the tools' traced READ runner.
Ids are percent-encoded in the URI path (`shabgraph://person/p%3A...`; an unencoded id works too).
"""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import quote, unquote, urlsplit

import anyio
import orjson
from mcp import types
from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.shared.exceptions import McpError

from mcp_server.results import McpToolOutput, encode
from mcp_server.toolset import Toolset
from tools.facts import GetEntityFactsArgs
from tools.runner import read_query

SCHEME: Final = "shabgraph"
RESOURCE_NOT_FOUND: Final = -32002
"""The error code the MCP specification gives an unknown resource."""

TEMPLATES: Final = [
    types.ResourceTemplate(
        uriTemplate=f"{SCHEME}://company/{{entity_id}}",
        name="company_dossier",
        title="Company dossier",
        description="Everything the register records on one company (id from search_companies): "
        "attributes over time, roles, head office and branches, mergers, notices with dates.",
        mimeType="text/markdown",
    ),
    types.ResourceTemplate(
        uriTemplate=f"{SCHEME}://person/{{entity_id}}",
        name="person_dossier",
        title="Person dossier",
        description="One person's mandates with intervals and signatures, and the notices "
        "naming them (id from search_companies, kind person).",
        mimeType="text/markdown",
    ),
    types.ResourceTemplate(
        uriTemplate=f"{SCHEME}://notice/{{pub_number}}",
        name="notice",
        title="Notice",
        description="One SHAB notice by publication number: text, publication and journal "
        "dates, canton, language, event types, subject company and source.",
        mimeType="application/json",
    ),
]

NOTICE: Final = """
MATCH (e:Event {pub_number: $pub})
OPTIONAL MATCH (c:Company {id: e.subject_id})
RETURN e.pub_number AS pub_number, e.pub_date AS pub_date, e.journal_date AS journal_date,
       e.journal_number AS journal_number, e.sub_rubric AS sub_rubric, e.canton AS canton,
       e.language AS language, e.event_types AS event_types, e.subject_id AS subject_id,
       c.name AS subject_name, e.source AS source, e.text AS text
"""


def uri_for(kind: str, key: str) -> str:
    """The URI of a dossier (`company`, `person`) or a notice (`notice`)."""
    return f"{SCHEME}://{kind}/{quote(key, safe='')}"


def _not_found(message: str) -> McpError:
    return McpError(types.ErrorData(code=RESOURCE_NOT_FOUND, message=message))


async def read(toolset: Toolset, uri: str) -> list[ReadResourceContents]:
    """The contents of a resource URI; an unknown URI or id is a RESOURCE_NOT_FOUND error."""
    parts = urlsplit(uri)
    key = unquote(parts.path.lstrip("/"))
    if parts.scheme != SCHEME or parts.netloc not in ("company", "person", "notice") or not key:
        raise _not_found(f"Unknown resource {uri}; templates: company, person, notice.")
    if parts.netloc == "notice":
        return await anyio.to_thread.run_sync(_notice, toolset, key)
    return await _dossier(toolset, parts.netloc, key)


async def _dossier(toolset: Toolset, kind: str, entity_id: str) -> list[ReadResourceContents]:
    spec = toolset.specs["get_entity_facts"]
    args = GetEntityFactsArgs.model_validate({"entity_id": entity_id})
    output: McpToolOutput = await anyio.to_thread.run_sync(toolset.run, spec, args)
    anchor = next(
        (r for r in output.records if r.get("record_type") == "entity" and r.get("anchor")), None
    )
    if output.outcome == "error":
        raise McpError(types.ErrorData(code=types.INTERNAL_ERROR, message=output.message))
    if anchor is None or anchor.get("kind") != kind:
        raise _not_found(
            f"No {kind} with id {entity_id}: find the id with search_companies "
            f"(kind {kind}), then read {uri_for(kind, '<id>')}."
        )
    return [
        ReadResourceContents(content=render_dossier(output, anchor), mime_type="text/markdown"),
        ReadResourceContents(content=encode(output).decode(), mime_type="application/json"),
    ]


def _notice(toolset: Toolset, pub_number: str) -> list[ReadResourceContents]:
    rows, trace = read_query(toolset.ctx, NOTICE, {"pub": pub_number}, max_rows=1)
    if not rows:
        raise _not_found(f"No notice {pub_number} in the graph.")
    body = {**rows[0], "queries": [trace.model_dump(mode="json")]}
    return [ReadResourceContents(content=orjson.dumps(body).decode(), mime_type="application/json")]


def _line(label: str, value: Any) -> str | None:
    if value in (None, "", []):
        return None
    return f"- {label}: {', '.join(map(str, value)) if isinstance(value, list) else value}"


def render_dossier(output: McpToolOutput, anchor: dict[str, Any]) -> str:
    """A readable dossier: the entity, its roles, links and notices, each with its notices."""
    out = [f"# {anchor.get('name')} ({anchor.get('id')})", ""]
    for label, key in (
        ("UID", "uid"),
        ("Legal form", "legal_form_label"),
        ("Seat", "seat"),
        ("Canton", "canton"),
        ("Status", "status"),
        ("Capital", "capital"),
        ("Purpose", "purpose"),
        ("Address", "address"),
        ("Residence", "residence"),
        ("Origin", "origin"),
        ("Nationality", "nationality"),
        ("Registered on", "registered_on"),
        ("Deleted on", "deleted_on"),
        ("Names", "names"),
    ):
        if (line := _line(label, anchor.get(key))) is not None:
            out.append(line)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for rec in output.records:
        by_type.setdefault(str(rec.get("record_type")), []).append(rec)
    if roles := by_type.get("role"):
        out += ["", "## Roles"]
        for r in roles:
            held = "holds" if r["direction"] == "out" else "held by"
            span = f"{r.get('valid_from') or '?'} to {r.get('valid_to') or 'open'}"
            what = r.get("role_text") or r.get("role")
            out.append(
                f"- {held} {r.get('other_name')} ({r.get('other_id')}): {what}, {span}"
                f"{', signature ' + r['signature'] if r.get('signature') else ''}"
                f" [{', '.join(r.get('pubs') or [])}]"
            )
    if links := by_type.get("link"):
        out += ["", "## Links"]
        for r in links:
            out.append(
                f"- {r['relation']} ({r['direction']}) {r.get('other_name')} "
                f"({r.get('other_id')}) {r.get('date') or ''} [{', '.join(r.get('pubs') or [])}]"
            )
    if events := by_type.get("event"):
        out += ["", "## Notices"]
        for r in events:
            out.append(
                f"- {r.get('pub_date')} {r['pub_number']}: {', '.join(r.get('event_types') or [])}"
            )
    if output.truncated:
        out += ["", "_The dossier was cut at a row or size limit; the JSON says where._"]
    return "\n".join(out) + "\n"
