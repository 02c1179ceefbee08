"""Prompts shared by every LLM caller (the planner and the extractor add their own).

Each is a template with named placeholders, filled by `str.format`; a test checks that every
placeholder is given.
"""

from __future__ import annotations

from typing import Final

JSON_REPLY: Final = """Reply with one JSON object and nothing else (no prose, no code fence), \
following this JSON schema:
{schema}"""
"""Appended to the system message when the endpoint offers neither a JSON-schema response format
nor tool calling: the object is then read from the text."""
