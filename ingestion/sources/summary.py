"""Counts of a parse run: records by format, language and sub-rubric, rejects by reason."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field
from rich.table import Table

from ingestion.publication import Publication
from ingestion.sources.rejects import Reject


class ParseSummary(BaseModel):
    """What a parse run read and what it rejected."""

    files: int = 0
    """Files read."""
    publications: int = 0
    """Publications written."""
    by_format: Counter[str] = Field(default_factory=Counter)
    """Publications per source format."""
    by_language: Counter[str] = Field(default_factory=Counter)
    """Publications per language (`?` when unknown)."""
    by_sub_rubric: Counter[str] = Field(default_factory=Counter)
    """Publications per sub-rubric (`?` when unknown)."""
    rejects: Counter[str] = Field(default_factory=Counter)
    """Rejects per reason."""

    def add(self, item: Publication | Reject) -> None:
        """Count one record."""
        if isinstance(item, Reject):
            self.rejects[item.reason] += 1
            return
        self.publications += 1
        self.by_format[item.source.format] += 1
        self.by_language[item.language or "?"] += 1
        self.by_sub_rubric[item.sub_rubric or "?"] += 1

    @property
    def rejected(self) -> int:
        """Number of rejects."""
        return sum(self.rejects.values())

    def table(self) -> Table:
        """The summary as a rich table."""
        table = Table(
            title=f"{self.publications} publications from {self.files} files, "
            f"{self.rejected} rejected"
        )
        table.add_column("count by")
        table.add_column("value")
        table.add_column("records", justify="right")
        for label, counter in (
            ("format", self.by_format),
            ("language", self.by_language),
            ("sub-rubric", self.by_sub_rubric),
            ("reject", self.rejects),
        ):
            for key, n in sorted(counter.items()):
                table.add_row(label, key, str(n))
        return table
