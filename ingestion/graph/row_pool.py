"""Memory sharing for the rows of a million notices held between the load and resolve stages."""

from __future__ import annotations

from typing import Any, TypeVar, cast

from ingestion.graph.rows import CompanyRow, PersonRow, SubjectObs

T = TypeVar("T")


class RowPool:
    """Shares equal values between the rows of a million notices in the main process.

    Worker processes pickle each file's rows separately, so the same place, role, date or
    purpose arrives as a new object with every file; the rows are kept until the resolve
    stages, and sharing the repeats cuts the main process's memory by about a third. (The
    pool only holds references: values are immutable, rows stay equal to what they were.)
    """

    def __init__(self) -> None:
        self._values: dict[Any, Any] = {}

    def __call__(self, value: T) -> T:
        """The shared object equal to `value` (None stays None)."""
        if value is None:
            return value
        return cast(T, self._values.setdefault(value, value))

    def person(self, r: PersonRow) -> PersonRow:
        """`r` with its repeated values shared."""
        v = self
        return PersonRow(
            r.pub_number, r.idx, v(r.date), v(r.pub_date), v(r.family_name), v(r.given_names),
            v(r.origin), v(r.nationality), v(r.residence), v(r.prev_residence), v(r.roles),
            v(r.prev_roles), v(r.role_text), v(r.signature), v(r.action), v(r.prev_signature),
            r.correction, v(r.contribution), v(r.prev_family), v(r.prev_given),
        )  # fmt: skip

    def company(self, r: CompanyRow) -> CompanyRow:
        """`r` with its repeated values shared."""
        v = self
        return CompanyRow(
            r.pub_number, r.idx, v(r.date), v(r.pub_date), v(r.name), r.uid, v(r.seat),
            v(r.roles), v(r.role_text), v(r.action), v(r.contribution),
        )  # fmt: skip

    def subject(self, s: SubjectObs) -> SubjectObs:
        """`s` with its repeated values shared (attribute pairs, names, dates)."""
        return s._replace(
            date=self(s.date),
            pub_date=self(s.pub_date),
            attrs=self(tuple(self(pair) for pair in s.attrs)),
            names=self(s.names),
            canton=self(s.canton),
            kind=self(s.kind),
        )
