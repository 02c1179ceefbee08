"""The gazette calendar: working days 2016-2026, SHAB issue numbers, date formats."""

from __future__ import annotations

from datetime import date, timedelta

START = date(2016, 1, 4)
END = date(2026, 12, 31)
_HOLIDAYS = {(1, 1), (1, 2), (8, 1), (12, 25), (12, 26)}


def working_days(start: date = START, end: date = END) -> list[date]:
    """Publication days: Monday to Friday without the fixed federal holidays."""
    days = []
    d = start
    while d <= end:
        if d.weekday() < 5 and (d.month, d.day) not in _HOLIDAYS:
            days.append(d)
        d += timedelta(days=1)
    return days


def issue_numbers(days: list[date]) -> dict[date, int]:
    """SHAB issue number of each day: its index within its year, from 1."""
    numbers: dict[date, int] = {}
    year, k = 0, 0
    for d in days:
        if d.year != year:
            year, k = d.year, 0
        k += 1
        numbers[d] = k
    return numbers


def dmy(d: date) -> str:
    """`09.06.2026`, the register's date format."""
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def api_ts(d: date) -> str:
    """`2026-06-09T00:00:00.000Z`, the API's timestamp format."""
    return f"{d.isoformat()}T00:00:00.000Z"
