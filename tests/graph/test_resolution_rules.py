"""Pure parts of the graph build: normalisation, UID checks, merge decisions, role intervals."""

from __future__ import annotations

from datetime import date

from ingestion.graph.derive import holder_rows
from ingestion.graph.head_offices import head_office_seats
from ingestion.graph.identity import (
    AliasIndex,
    StrongCandidate,
    match_by_key_and_seat,
    resolve_weak,
)
from ingestion.graph.normalize import company_hub_key, person_hub_key, place_set
from ingestion.graph.persons import Profile, cluster_block, person_decision
from ingestion.graph.roles import RoleInterval, RoleMention, role_intervals
from ingestion.graph.rows import CompanyRow, PersonRow
from shabgraph.register.nationalities import nationality_code
from shabgraph.register.uid import check_uid, parse_code13
from tests.graph.corpus import ALPHA


def person(
    pub: str,
    family: str,
    given: str,
    origin: str | None = None,
    residence: str | None = None,
    nationality: str | None = None,
    prev_residence: str | None = None,
    day: int = 1,
) -> PersonRow:
    return PersonRow(
        pub,
        0,
        date(2020, 1, day),
        date(2020, 1, day),
        family,
        given,
        origin,
        nationality,
        residence,
        prev_residence,
        ("board_member",),
        (),
        None,
        "individual",
        "registered",
    )


def test_hub_keys_fold_spelling_variants() -> None:
    assert person_hub_key("Müller", "Hans Peter") == person_hub_key("MUELLER", "Peter  Hans")
    assert person_hub_key("Müller", "Hans") != person_hub_key("Müller", "Hans Peter")
    assert company_hub_key("Alpha Treuhand AG") == company_hub_key("Alpha Treuhand SA")
    assert company_hub_key("Alpha Treuhand AG") == company_hub_key("ALPHA-TREUHAND GmbH")
    assert company_hub_key("Alpha Treuhand AG") != company_hub_key("Alpha Revision AG")
    assert place_set("Zürich und Basel") == {"zurich", "basel"}


def test_uid_check_digit_and_old_numbers() -> None:
    assert check_uid(ALPHA) == (ALPHA, True)
    assert check_uid("CHE114723217") == ("CHE-114.723.217", True)
    assert check_uid("CHE-114.723.218")[1] is False
    assert check_uid("CH-020.7.000.695-4") == (None, False)
    assert parse_code13("CH-020.7.000.695-4") == "CH02070006954"
    alias = AliasIndex()
    alias.link(["CH02070006954", "CHE-114.723.217"])
    assert alias.canonical("CH02070006954") == "CHE-114.723.217"


def test_weak_company_rules_in_order() -> None:
    uid_index = {"CHE-114.723.217": "CHE-114.723.217"}
    hubs = {
        company_hub_key("Revisa AG"): [StrongCandidate("a", "zug"), StrongCandidate("b", "bern")]
    }
    target, rule, (score, _) = resolve_weak("Anything", "CHE-114.723.217", None, uid_index, hubs)
    assert (target, rule, score) == ("CHE-114.723.217", "uid", 1.0)
    target, rule, _ = resolve_weak("Revisa SA", None, "Zug", uid_index, hubs)
    assert (target, rule) == ("a", "key+seat")
    # Two strong companies under the key and no seat: kept weak, and the reason says why.
    target, (score, reason) = match_by_key_and_seat(
        company_hub_key("Revisa"), None, hubs[company_hub_key("Revisa AG")]
    )
    assert target is None and score == 0 and "ambiguous" in reason


def test_conflicting_origins_never_merge() -> None:
    p = Profile(
        family=frozenset({"muller"}),
        given=frozenset({"hans"}),
        origins={"zurich"},
        companies={"c1"},
    )
    score, reason = person_decision(p, person("x", "Müller", "Hans", origin="Bern"), "c1")
    assert score == 0 and "origin conflict" in reason
    assert nationality_code("Allemagne") == nationality_code("deutsche") == "DE"


def test_clustering_homonyms_apart_and_variants_together() -> None:
    rows = [
        (person("a", "Müller", "Hans", "Zürich", "Uster", day=1), "c1"),
        (person("b", "Mueller", "Hans", "Zürich", "Uster", day=2), "c2"),  # transliteration
        (person("c", "Müller", "Hans", "Bern", "Bern", day=3), "c3"),  # homonym
        (person("d", "Müller", "Hans Peter", "Zürich", "Uster", day=4), "c1"),  # fuller name
        (person("e", "Müller", "Hans", "Zürich", "Wil", prev_residence="Uster", day=5), "c9"),
    ]
    profiles = cluster_block(rows)
    groups = sorted(sorted(m.pub_number for m in p.mentions) for p in profiles)
    assert groups == [["a", "b", "d", "e"], ["c"]]
    reasons = " ".join(r for p in profiles for r in p.reasons)
    assert "residence continuity" in reasons and "same company" in reasons


def rm(
    day: int,
    action: str,
    roles: tuple[str, ...],
    pub: str,
    prev: tuple[str, ...] = (),
    sig: str = "individual",
    prev_sig: str | None = None,
    correction: bool = False,
) -> RoleMention:
    return RoleMention(
        date(2020, 1, day),
        date(2020, 1, day + 3),
        pub,
        0,
        roles,
        prev,
        None,
        sig,
        action,
        prev_sig,
        correction,
    )


def spans(ivs: list[RoleInterval]) -> list[tuple[str, int | None, int | None, str]]:
    return [
        (
            iv["role"],
            iv["valid_from"].day if iv["valid_from"] else None,
            iv["valid_to"].day if iv["valid_to"] else None,
            iv["signature"],
        )
        for iv in ivs
    ]


def test_signature_change_closes_the_interval_and_opens_the_next() -> None:
    ivs = role_intervals(
        [
            rm(1, "registered", ("director",), "p1", sig="collective_two"),
            rm(5, "registered", ("director",), "p2", sig="collective_two"),  # repeated: confirms
            rm(9, "registered", ("director",), "p3", prev_sig="collective_two"),
            rm(12, "registered", ("director",), "p4", sig="unknown"),  # says nothing: confirms
        ]
    )
    assert spans(ivs) == [("director", 1, 9, "collective_two"), ("director", 9, None, "individual")]
    # Provenance on both sides of the change.
    assert ivs[0]["pubs"] == ["p1", "p2", "p3"] and ivs[0]["to_pub"] == "p3"
    assert ivs[1]["from_pub"] == "p3" and ivs[1]["pubs"] == ["p3", "p4"]
    # Who could sign on day 6: one answer, the signature of that day.
    day6 = [
        iv["signature"]
        for iv in ivs
        if iv["valid_from"]
        and iv["valid_from"].day <= 6
        and (iv["valid_to"] is None or iv["valid_to"].day > 6)
    ]
    assert day6 == ["collective_two"]


def test_restated_entry_with_only_a_signature_note_closes_the_old_function() -> None:
    # "Liquidatorin, mit Einzelunterschrift [bisher: in Spiez, mit Einzelprokura]": the
    # procuration (authorized signatory, a role without function words) ends here.
    ivs = role_intervals(
        [
            rm(1, "registered", (), "p1", sig="individual_procuration"),
            rm(3, "registered", ("board_member",), "p2", sig="collective_two"),  # another entry
            rm(8, "registered", ("liquidator",), "p3", prev_sig="individual_procuration"),
        ]
    )
    assert spans(ivs) == [
        ("authorized_signatory", 1, 8, "individual_procuration"),
        ("board_member", 3, 8, "collective_two"),
        ("liquidator", 8, None, "individual"),
    ]
    # Without any bisher note a registration adds, it does not restate.
    kept = role_intervals(
        [rm(1, "registered", ("board_member",), "p1"), rm(4, "registered", ("chair",), "p2")]
    )
    assert spans(kept) == [
        ("board_member", 1, None, "individual"),
        ("chair", 4, None, "individual"),
    ]


def test_role_set_change_of_a_restated_entry_splits_a_continuing_role() -> None:
    ivs = role_intervals(
        [
            rm(1, "registered", ("board_member",), "p1"),
            rm(6, "registered", ("board_member", "chair"), "p2", prev=("board_member",)),
        ]
    )
    assert spans(ivs) == [
        ("board_member", 1, 6, "individual"),
        ("board_member", 6, None, "individual"),
        ("chair", 6, None, "individual"),
    ]


def test_correction_fixes_the_signature_in_place() -> None:
    ivs = role_intervals(
        [
            rm(1, "registered", (), "p1", sig="collective_procuration"),
            rm(
                4,
                "registered",
                (),
                "p2",
                sig="individual_procuration",
                prev_sig="collective_procuration",
                correction=True,
            ),
        ]
    )
    assert spans(ivs) == [("authorized_signatory", 1, None, "individual_procuration")]
    assert ivs[0]["pubs"] == ["p1", "p2"]


def test_role_intervals_open_close_reopen_and_flag() -> None:
    ivs = role_intervals(
        [
            rm(20, "registered", ("board_member",), "p3"),
            rm(1, "registered", ("board_member",), "p1"),
            rm(10, "removed", (), "p2"),
            rm(25, "registered", ("chair",), "p4", prev=("board_member",)),
            rm(28, "removed", ("director",), "p5"),
        ]
    )
    got = [
        (
            iv["role"],
            iv["valid_from"] and iv["valid_from"].day,
            iv["valid_to"] and iv["valid_to"].day,
            iv["flags"],
        )
        for iv in ivs
    ]
    assert got == [
        ("board_member", 1, 10, []),
        ("board_member", 20, 25, []),
        ("chair", 25, None, []),
        ("director", None, 28, ["removal_without_registration"]),
    ]


def company(
    pub: str,
    idx: int,
    name: str,
    seat: str | None,
    day: int = 1,
    roles: tuple[str, ...] = ("head_office",),
) -> CompanyRow:
    return CompanyRow(
        pub,
        idx,
        date(2020, 1, day),
        date(2020, 1, day),
        name,
        None,
        seat,
        roles,
        None,
        "registered",
    )


def test_foreign_head_office_is_one_node_with_one_edge_per_branch() -> None:
    text = company("p1", 2, "Soludor Ltd", "Stuttgart (DE)")
    later = company("p2", 0, "Soludor Ltd", None, day=9)
    other_branch = company("p3", 0, "Soludor Ltd", None, day=9)
    loans = head_office_seats([(text, "b1"), (later, "b1"), (other_branch, "b2")], {})
    # The branch's own mentions lend the seat; another branch's name alone proves nothing.
    assert loans == {("p2", 0): "Stuttgart (DE)"}
    assert head_office_seats(
        [(other_branch, "b2")], {("b2", company_hub_key("Soludor Ltd")): ["Stuttgart (DE)"]}
    ) == {("p3", 0): "Stuttgart (DE)"}
    # Two different seats for one name: no loan (which one would it be?).
    twice = company("p4", 1, "Soludor Ltd", "Berlin (DE)")
    assert head_office_seats([(text, "b1"), (twice, "b1"), (later, "b1")], {}) == {}
    _, links = holder_rows("wc:x", [(text, "b1"), (later, "b1")])
    edges = links["HEAD_OFFICE_OF"]
    assert [(e["src"], e["dst"], e["pub"], e["props"]["pubs"]) for e in edges] == [
        ("wc:x", "b1", "p1", ["p1", "p2"])
    ]


def test_only_a_shared_company_or_residence_can_reach_the_merge_threshold() -> None:
    """cluster_block looks for merge candidates by company and residence only: citizenship
    evidence alone must stay below the threshold, or that index would miss merges."""
    from ingestion.graph.persons import MERGE_THRESHOLD, evidence_score

    profile = Profile(
        family=frozenset({"muller"}),
        given=frozenset({"hans"}),
        origins={"zurich"},
        nationalities={"DE"},
        residences={"uster"},
        companies={"c1"},
    )
    origin_only = person("x", "Müller", "Hans", origin="Zürich", residence="Bern")
    assert evidence_score(profile, origin_only, "c2")[0] < MERGE_THRESHOLD
    nat_only = person("x", "Müller", "Hans", nationality="Deutschland", residence="Bern")
    assert evidence_score(profile, nat_only, "c2")[0] < MERGE_THRESHOLD
    assert evidence_score(profile, origin_only, "c1")[0] >= MERGE_THRESHOLD
    with_home = person("x", "Müller", "Hans", origin="Zürich", residence="Uster")
    assert evidence_score(profile, with_home, "c2")[0] >= MERGE_THRESHOLD


def test_clustering_compares_a_mention_with_profiles_sharing_evidence() -> None:
    """Hundreds of name-compatible homonyms: each mention still joins its own profile."""
    rows = []
    for i in range(300):
        rows.append((person(f"a{i}", "Meier", "Peter", f"Ort{i}", f"Wohn{i}", day=1), f"c{i}"))
    for i in range(300):
        rows.append((person(f"b{i}", "Meier", "Peter", f"Ort{i}", f"Neu{i}", day=2), f"c{i}"))
    profiles = cluster_block(rows)
    assert len(profiles) == 300
    assert all(
        sorted(m.pub_number[1:] for m in p.mentions) == [p.mentions[0].pub_number[1:]] * 2
        for p in profiles
    )
