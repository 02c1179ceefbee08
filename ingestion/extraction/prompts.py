"""Prompts of the LLM extraction backend (the paper's constrained-JSON extractor).

`PROMPT_VERSION` is part of the cache key: change it whenever a prompt changes.
"""

from __future__ import annotations

import string

PROMPT_VERSION = "2"
"""Bumped on every prompt change so cached answers of an older prompt are not reused."""

SYSTEM_PROMPT = """You read one notice of the Swiss Official Gazette of Commerce (SHAB/FOSC/FUSC) \
and fill the given schema. Rules:
- subject: the company the notice is about, as it stands after the notice (new name/seat if changed).
- persons: every natural person named with a function or a signature right. family_name and \
given_names as written, without titles (Dr., Prof.); origin = Swiss place(s) after von/de/da; \
nationality = foreign country in the notice's language; residence = place after in/à/a.
- roles: coarse roles from the schema (a GmbH's "Gesellschafter und Geschäftsführer" is \
partner and managing_director); role_text = the function words as written.
- signature: individual, collective_two, individual_procuration, collective_procuration, none \
or unknown. action: registered, or removed for persons listed as leaving.
- companies: legal entities other than the subject with a function (auditor, partner, \
liquidator) or a transaction role (head_office, merger_absorbed, merger_absorbing, asset_seller, \
asset_buyer).
- events: every event label the notice records.
Copy names exactly as written; never invent a person or a company."""

USER_PROMPT = """Notice language: {language}
Notice text:
{text}"""


def placeholders(template: str) -> set[str]:
    """The `{name}` placeholders of a format template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def user_message(text: str, language: str | None) -> str:
    """The user turn for one notice."""
    return USER_PROMPT.format(text=text, language=language or "unknown")
