"""`FixtureFacts`: what the fixture holds and the answers written by hand from its tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from evals.fixture_graph.companies import COMPANIES
from evals.fixture_graph.events import PUB
from evals.fixture_graph.persons import PERSONS


@dataclass(frozen=True)
class FixtureFacts:
    """The fixture's data and its hand-derived answers (see the package docstring)."""

    ids: dict[str, str]
    """Short key (`alpenblick`, `mueller`, ...) -> graph id (Company.id / Person.id)."""
    pub: dict[str, str]
    """Event key (`E01`..`E24`) -> publication number."""
    counts: dict[str, int]
    """Node counts by label and relationship counts by type, as loaded."""
    expected: dict[str, Any] = field(default_factory=dict)
    """Named answers, written by hand from the tables above (keys are self-explaining)."""


def _ids() -> dict[str, str]:
    out = {k: c["id"] for k, c in COMPANIES.items()}
    out.update({k: p["id"] for k, p in PERSONS.items()})
    return out


IDS: Final = _ids()

FACTS: Final = FixtureFacts(
    ids=IDS,
    pub=dict(PUB),
    counts={
        "Company": 14,
        "Person": 15,
        "Event": 24,
        "NameHub": 26,
        "CompanyState": 17,
        "HAS_EVENT": 24,
        "INVOLVED_IN": 36,
        "HOLDS_ROLE": 25,
        "IN_HUB": 29,
        "SAME_AS": 1,
        "HAD_STATE": 17,
        "HEAD_OFFICE_OF": 2,
        "MERGED_INTO": 1,
        "TRANSFERRED_TO": 1,
        "ACQUIRED_FROM": 1,
    },
    expected={
        # holders of HOLDS_ROLE in alpenblick valid on a date (valid_from <= d < valid_to)
        "alpenblick_roles_2019_01_01": {"mueller", "keller"},
        "alpenblick_roles_2021_03_01": {"mueller", "frei", "nordlicht"},
        "alpenblick_roles_2014_01_01": set(),
        "muellerbau_roles_2017_01_01": {"mueller"},
        "muellerbau_roles_2019_01_01": {"mueller", "schmid"},
        "muellerbau_roles_2024_06_01": set(),
        "ticino_name_2018_01_01": "Verde Giardini Sagl",
        "ticino_seat_2018_01_01": "Locarno",
        "ticino_name_2020_01_01": "Ticino Verde Sagl",
        # history of a node (subject and involved events, own and NameHub aliases), by pub_date
        "alpenblick_history": ["E01", "E02", "E04", "E03", "E05"],
        "sonnenberg_history_with_aliases": ["E23", "E07", "E24"],
        "mueller_history_with_aliases": ["E23", "E14", "E01", "E20"],
        "mueller_history_2016_01_01": ["E23", "E14", "E01"],
        # network: direct structure neighbours of alpenblick
        "alpenblick_branches": {"branch_ge", "branch_ti"},
        "mueller_companies": {"alpenblick", "muellerbau", "sonnenberg"},
        "mueller_hub_aliases": {"mueller_weak"},
        "meier_hub_homonyms": {"meier_be", "meier_ge"},
        # rankings (strong companies with a capital, descending)
        "top_capital": [
            "alpenblick",
            "kristallnetz",
            "sonnenberg",
            "leman",
            "muellerbau",
            "rhone",
            "ticino",
            "bergkristall",
        ],
        "top_mandates_first": ("mueller", 3),  # distinct companies with any HOLDS_ROLE
        "top_events_first": ("muellerbau", 5),  # HAS_EVENT count
        # counts of distinct subject companies by event type / sub-rubric
        "companies_by_event_type": {
            "registration": 11,
            "deletion": 2,
            "merger": 2,
            "asset_transfer": 2,
            "name_change": 2,
            "bankruptcy": 1,
            "officer_change": 7,
            "seat_change": 1,
            "purpose_change": 1,
            "branch": 2,
            "capital_change": 1,
            "auditor_change": 1,
            "statutes_change": 1,
            "address_change": 2,
            "dissolution": 1,
        },
        "companies_by_sub_rubric": {"HR01": 11, "HR02": 8, "HR03": 2},
        "events_by_sub_rubric": {"HR01": 11, "HR02": 11, "HR03": 2},
        "deleted_companies": {"bergkristall", "muellerbau"},
        "weak_companies": {"sonnenberg_weak", "nordlicht", "phantom"},
        "orphan_weak": {"phantom"},
        "weak_persons": {"mueller_weak", "huber"},
    },
)
"""The documented facts of the fixture graph; `load_fixture_graph` returns this object."""
