"""Data values cannot inject Markdown, HTML or bidi tricks into what the app shows or exports.

Issue 17, finding 3. The oracle is a real CommonMark parser (markdown-it, with tables): a
rendered value must produce no image, link or HTML token, and its text must read as the value.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from markdown_it import MarkdownIt

from graph_agent.result import ToolStep, TurnResult
from shabgraph.markdown import (
    code_fence,
    code_span,
    escape_block,
    escape_html,
    escape_inline,
    html_safe_json,
    mark_controls,
    notice_ref,
    sanitize_markdown,
    stream_safe,
)
from ui.dossier import Dossier, dossier_markdown
from ui.export import export_files
from ui.notices import Notice, notice_markdown
from ui.render import records_table, turn_views

TRACKER = "![x](http://127.0.0.1:9/track.png)"
HOSTILE = [
    TRACKER,
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click](http://evil.example/)",
    "<http://evil.example/>",
    "see http://evil.example/ or www.evil.example",
    "mail a@evil.example",
    "![ref][r]\n\n[r]: http://127.0.0.1:9/t.png",
    "# heading\n- item\n> quote\n1. one\n===",
    "`code` **bold** _em_ ~~strike~~ | pipe |",
    ":abbr[x]{title=y}",
    "Muster\u202eGA llieS\u200b AG",
    "Meier & Partner &amp; Co &#60;b&#62; &lt;i&gt;",
]
PARSER = MarkdownIt("commonmark").enable("table").enable("strikethrough")


def tokens(markdown: str) -> list[Any]:
    """Every token of the parsed Markdown, inline children included."""
    out: list[Any] = []
    for tok in PARSER.parse(markdown):
        out.append(tok)
        out.extend(tok.children or [])
    return out


def assert_inert(markdown: str) -> None:
    """No image, link, HTML or autolink, and no raw bidi control, anywhere."""
    kinds = {t.type for t in tokens(markdown)}
    assert not kinds & {"image", "link_open", "html_inline", "html_block"}, (kinds, markdown)
    assert "\u202e" not in markdown and "\u200b" not in markdown
    assert "<script" not in markdown and "<img" not in markdown


@pytest.mark.parametrize("value", HOSTILE)
def test_escaped_values_render_as_their_own_text(value: str) -> None:
    inline = escape_inline(value)
    assert_inert(inline)
    assert_inert(escape_block(value))
    # One paragraph, whose text is the value (whitespace collapsed, controls made visible).
    blocks = [t.type for t in PARSER.parse(inline)]
    assert blocks == ["paragraph_open", "inline", "paragraph_close"]
    text = "".join(c.content for c in tokens(inline) if c.type in ("text", "code_inline"))
    assert text.replace(" ", "") == mark_controls(value).replace("\n", "").replace(" ", "")


def test_bidi_and_invisible_characters_are_shown() -> None:
    assert mark_controls("a\u202eb\u2066c\u200bd") == "a⟨U+202E⟩b⟨U+2066⟩c⟨U+200B⟩d"
    assert escape_html('<b a="1">\u202e') == "&lt;b a=&quot;1&quot;&gt;⟨U+202E⟩"


def test_code_cannot_be_closed_from_inside() -> None:
    fence = code_fence("MATCH (n)\n```\n![x](http://h/t.png)", "cypher")
    assert [t.type for t in PARSER.parse(fence)] == ["fence"]
    span = code_span("a `b` ``c``")
    assert [c.type for c in tokens(span) if c.type not in ("inline",)][1:-1] == ["code_inline"]


def test_composed_markdown_keeps_formatting_but_not_images_links_or_html() -> None:
    composed = (
        "**Muster AG** has 2 officers [HR01-1000000001](HR01-1000000001):\n\n"
        f"- {TRACKER} and [x](http://evil.example/) <img src=x onerror=alert(1)>\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n```\n![kept in code](x)\n```"
    )
    safe = sanitize_markdown(composed)
    kinds = [t.type for t in tokens(safe)]
    assert "strong_open" in kinds and "bullet_list_open" in kinds and "table_open" in kinds
    assert "image" not in kinds and "html_inline" not in kinds
    links = [t.attrs.get("href") for t in tokens(safe) if t.type == "link_open"]
    assert links == ["HR01-1000000001"]  # only the link to our own notice view
    assert "![kept in code](x)" in safe


def test_a_stream_never_shows_an_image_between_tokens() -> None:
    pieces = ["Name: ", "!", "[x](http://h/", "t.png) end!"]
    shown, held = "", ""
    for piece in pieces:
        sent, held = stream_safe(held, piece)
        shown += sent
        assert "image" not in {t.type for t in tokens(shown)}
    assert held == "!" and shown + held == "Name: \\![x](http://h/t.png) end!"


def test_notice_refs_stay_linkable_and_json_stays_exact() -> None:
    assert notice_ref("HR01-1000000001") == "HR01-1000000001"
    assert notice_ref(TRACKER) == escape_inline(TRACKER)
    data = {"name": "<script>\u202e & `x`"}
    raw = html_safe_json(data)
    assert json.loads(raw) == data and not set(raw) & set("<>&`\u202e")


def test_notice_side_view_escapes_the_notice() -> None:
    notice = Notice(
        pub_number="HR01-1000000001",
        subject=f"Evil {TRACKER} AG",
        text=f"Neueintragung.\n\n{TRACKER} <script>alert(1)</script>\n# not a heading",
        source="<img src=x onerror=alert(1)>",
        event_types=["new_entry"],
    )
    view = notice_markdown(notice)
    assert_inert(view)
    assert view.startswith("### HR01-1000000001") and "Neueintragung" in view


def test_dossier_escapes_every_attribute() -> None:
    dossier = Dossier(
        id="c1",
        kind="company",
        name=f"Evil\u202e {TRACKER}",
        attributes={
            "uid": "CHE-1",
            "seat": "<b>Zug</b>",
            "address": TRACKER,
            "purpose": f"Handel.\n\n{TRACKER}\n- <script>x</script>",
        },
        officers=[{"name": TRACKER, "role": "<i>x</i>", "current": True, "pubs": [TRACKER]}],
        branches=[{"relation": "branch", "name": TRACKER, "seat": "[a](http://e/)"}],
        events=[{"pub_number": "HR01-1000000001", "event_types": [TRACKER]}],
    )
    assert_inert(dossier_markdown(dossier))


def test_trace_and_records_escape_data(turn: TurnResult) -> None:
    turn.trace.question = f"Who is {TRACKER}?"
    step = turn.trace.steps[0]
    step.records = [{"name": TRACKER, f"col {TRACKER}": "<script>x</script>"}]
    step.message = f"1 company: {TRACKER}"
    step.queries[0].cypher = "MATCH (n) RETURN '```' AS x, '![x](http://h/t.png)' AS y"
    step.queries[0].params = {"q": "`![x](http://h/t.png)`"}
    for view in turn_views(turn):
        assert_inert(view.output)
        assert "```" not in view.input
    assert_inert(records_table(step.records))


def hostile_thread(turn: TurnResult) -> dict[str, Any]:
    turn.answer = f"Evil {TRACKER} AG <img src=x onerror=alert(1)> [HR01-1000000001]."
    turn.trace.steps[0] = ToolStep(
        round=1,
        tool="search_companies",
        args={"name": "<script>alert(1)</script>"},
        outcome="evidence",
        message="1",
        records=[{"name": "<script>alert(1)</script>", "seat": TRACKER}],
    )
    notice = Notice(pub_number="HR01-1000000001", text="<script>alert(1)</script>")
    return {
        "id": "t-1",
        "name": f"<img src=x onerror=alert(1)> {TRACKER}",
        "userIdentifier": "alice",
        "steps": [
            {"type": "user_message", "output": TRACKER, "createdAt": "1"},
            {
                "type": "assistant_message",
                "createdAt": "2",
                "metadata": {
                    "turn": turn.model_dump(mode="json"),
                    "notices": {"HR01-1000000001": notice.model_dump()},
                },
            },
        ],
    }


def test_exports_escape_html_from_the_data(turn: TurnResult) -> None:
    files = export_files(hostile_thread(turn))
    markdown = files["shabgraph-thread-t-1.md"].decode()
    assert_inert(markdown)
    assert "&lt;script&gt;" in markdown
    raw = files["shabgraph-thread-t-1.json"].decode()
    assert "<" not in raw and ">" not in raw
    assert json.loads(raw)["turns"][0]["notices"]["HR01-1000000001"]["text"] == (
        "<script>alert(1)</script>"
    )
