"""Publications read twice: a harmless repeat, or the same number with other content.

Harvested pages overlap when the service's order shifts, so the same notice arriving twice is
normal and the second copy is dropped as a `duplicate`. The same id with another content
checksum (`Publication.content_checksum`) is not: a gazette publication never changes once
published (a correction is a new notice with its own number), so one of the two copies is
damaged or edited. The first one read is kept and the other is refused as a
`conflicting_duplicate` naming both checksums, never silently merged or overwritten.
"""

from __future__ import annotations

from ingestion.sources.rejects import Reject


class FirstSeen:
    """Remembers where each publication id was first read, and with which content."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[str, str]] = {}

    def check(
        self, pub_id: str, number: str, checksum: str, path: str, location: str | None, text: str
    ) -> Reject | None:
        """None the first time `pub_id` is read; a reject for every later copy."""
        where = f"{path} {location or ''}".strip()
        first = self._seen.get(pub_id)
        if first is None:
            self._seen[pub_id] = (where, checksum)
            return None
        first_where, first_sum = first
        if first_sum == checksum:
            return Reject(
                path=path,
                location=location,
                reason="duplicate",
                detail=f"publication {pub_id} ({number}) first read at {first_where}",
                excerpt=text[:300],
            )
        return conflict(path, location, number, first_where, first_sum, checksum, text)


def conflict(
    path: str,
    location: str | None,
    number: str,
    kept_at: str,
    kept_sum: str,
    new_sum: str,
    text: str,
) -> Reject:
    """The reject of a copy whose content differs from the one kept."""
    return Reject(
        path=path,
        location=location,
        reason="conflicting_duplicate",
        field="content",
        detail=(
            f"publication {number} already read at {kept_at} with other content "
            f"(checksum {kept_sum[:12]}, this copy {new_sum[:12]}): the first one is kept"
        ),
        excerpt=text[:300],
    )
