"""What each LLM call of a turn may cost: reply caps per call type, and when phrasing is skipped.

On a CPU server a 0.5B model generates a few tokens a second, so one reply that runs on (a
router that fills every optional field, an act step that writes prose after its call, a phrasing
that repeats itself) costs minutes. Each call type gets a cap on its reply (`max_tokens`): the
router's object and a tool call are short, and the phrasing is about as long as its draft. A
reply cut at the cap is read like any other and, when it is no longer usable, the step falls back
to the offline rules, so a cap costs at most that step's quality.

The phrasing call only rewords the draft, which the templates already write answer first with a
citation on each fact; when the draft cites its notices, `auto` keeps it and saves that call (the
phrasing checks would only let the model reword it anyway).
"""

from __future__ import annotations

from typing import Literal

from graph_agent.planners.llm.phrasing import PUB_RE

Phrasing = Literal["always", "auto", "never"]
"""When the LLM rephrases the draft: every turn, only when the draft is incomplete, or never."""

ROUTE_MAX_TOKENS = 256
"""The router's object: intent, task and a few slots (about 40-90 tokens when the model is
brief; the cap stops one that fills every field with prose)."""
ACT_MAX_TOKENS = 320
"""One act reply: one to three tool calls with their arguments, or `DONE`."""
SYNTH_MIN_TOKENS = 192
"""The phrasing's cap for a short draft."""
SYNTH_MAX_TOKENS = 1536
"""The phrasing's cap for a long one (a table of many rows)."""
CHARS_PER_TOKEN = 3
"""A conservative estimate of characters per token in the drafts (Markdown, numbers, names)."""


def synth_max_tokens(draft: str) -> int:
    """The phrasing's cap: the draft's length in tokens with a third more, within the bounds."""
    estimate = len(draft) * 4 // (3 * CHARS_PER_TOKEN)
    return max(SYNTH_MIN_TOKENS, min(SYNTH_MAX_TOKENS, estimate))


def draft_complete(draft: str) -> bool:
    """True when the draft cites a notice: its facts and their sources are there, and the LLM
    could only reword them."""
    return bool(PUB_RE.search(draft))


def should_phrase(policy: Phrasing, draft: str) -> bool:
    """Whether the synthesis step asks the LLM to phrase `draft` under `policy`."""
    if policy == "always":
        return True
    return policy == "auto" and not draft_complete(draft)
