"""Labelled person blocks: `Eingetragene Personen: …;  …`, `Personne(s) inscrite(s): …`.

A block runs from its heading to the end of its sentence (or the next heading); entries are
separated by `;` (and, in old notices, by `, und`, which the entry grouping handles).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ingestion.extraction.entries import build_entries, is_list_clause
from ingestion.extraction.fields import fields_of
from ingestion.extraction.gates import may_match, needles
from ingestion.extraction.lexicon import signature_of
from ingestion.extraction.mentions import Context, Mention, to_mention
from ingestion.extraction.models import Action, PersonMention, Signature
from ingestion.extraction.text import sentence_end, split_top
from ingestion.extraction.vocab import ordered


@dataclass(frozen=True)
class Block:
    """One person block located in the text."""

    start: int
    """Offset of the heading."""
    end: int
    """Offset just past the block."""
    action: Action
    """Action of its entries."""
    body: str
    """The entries' text."""


@lru_cache(maxsize=8)
def _heading_rx(lang: str | None) -> tuple[re.Pattern[str], dict[str, Action]]:
    actions: dict[str, Action] = {}
    alts: list[str] = []
    for v in ordered(lang):
        for pattern, action in v.person_headings:
            key = f"h{len(alts)}"
            actions[key] = action
            alts.append(f"(?P<{key}>{pattern})")
    # The lookahead on the first letter lets the scan skip most positions cheaply.
    firsts = "".join(sorted({p[0] for v in ordered(lang) for p, _ in v.person_headings}))
    return re.compile(rf"(?=[{firsts}])(?:" + "|".join(alts) + r")\s*:\s*"), actions


@lru_cache(maxsize=8)
def _heading_keys(lang: str | None) -> frozenset[str] | None:
    """Strings one of which every heading holds: half the notices have no block at all."""
    return needles("|".join(p for v in ordered(lang) for p, _ in v.person_headings))


def find_blocks(text: str, lang: str | None) -> list[Block]:
    """All person blocks of a normalised notice, in text order."""
    if not may_match(_heading_keys(lang), text):
        return []
    rx, actions = _heading_rx(lang)
    hits = list(rx.finditer(text))
    blocks = []
    for i, m in enumerate(hits):
        limit = hits[i + 1].start() if i + 1 < len(hits) else len(text)
        segment = text[m.end() : limit]
        end = sentence_end(segment)
        action = actions[next(k for k, v in m.groupdict().items() if v is not None)]
        blocks.append(Block(m.start(), m.end() + end, action, segment[:end].rstrip(" .")))
    return blocks


def parse_block(block: Block, lang: str | None, sarl: bool) -> list[Mention]:
    """Persons and companies of one block."""
    ctx = Context(lang=lang, action=block.action, order="given_first", sarl=sarl)
    out: list[Mention] = []
    closing: Signature | None = None
    for item in split_top(block.body, ";"):
        if is_list_clause(item):
            # "…; leurs signatures sont radiées": said of the whole list, names nobody.
            closing = closing or signature_of(item, lang)[0]
            continue
        entries = build_entries(fields_of(item), lang)
        shared = next((e.distributive for e in reversed(entries) if e.distributive), None)
        for entry in entries:
            mention = to_mention(entry, ctx, shared)
            if mention is not None:
                out.append(mention)
    if closing is not None:
        for m in out:
            if isinstance(m, PersonMention) and m.signature == "unknown":
                m.signature = closing
    return out
