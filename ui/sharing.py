"""Who may read a thread: its owner always; other logged-in users only once the owner shared it.

Chainlit serves a shared thread read-only at /share/<id> and asks `on_shared_thread_view`; the
resume route (/project/thread/<id>) already refuses anyone but the author.
"""

from __future__ import annotations

from typing import Any

from ui.persistence import parse_json_field


def can_view(thread: dict[str, Any], viewer: str | None) -> tuple[bool, str]:
    """(allowed, reason) for `viewer` (a user identifier, None if anonymous) reading `thread`."""
    if not viewer:
        return False, "not logged in"
    if thread.get("userIdentifier") == viewer:
        return True, "owner"
    meta = parse_json_field(thread.get("metadata")) or {}
    if isinstance(meta, dict) and meta.get("is_shared"):
        return True, "shared read-only by its owner"
    return False, "not shared"
