"""Identity rules of `ingestion.graph.subject_ids`: a notice that moves the seat names the firm
at its former seat in its head ("X SA, finora in Gordola, CHE-…"), so the UID-less notices at
that seat join the firm with the UID; the notices Zefix files under one firm id are one firm.
Fictional names and numbers."""

from __future__ import annotations

import datetime as dt

from ingestion.graph.notice_amounts import former_seat
from ingestion.graph.rows import SubjectObs
from ingestion.graph.subject_ids import subject_aliases, subject_id
from tests.graph.corpus import uid

UID = uid("30000011")
OTHER = uid("30000027")


def _obs(pub: str, name: str, seat: str, uid_: str | None, former: str | None = None) -> SubjectObs:
    return SubjectObs(
        pub_number=pub,
        date=dt.date(2020, 1, 1),
        pub_date=dt.date(2020, 1, 1),
        uid=uid_,
        uid_valid=uid_ is not None,
        code13=None,
        attrs=(("name", name), ("seat", seat)),
        names=(name,),
        canton="TI",
        kind="update",
        structured=uid_ is not None,
        former_seat=former,
    )


def _ids(subjects: list[SubjectObs]) -> list[str]:
    alias = subject_aliases(subjects, {})
    return [subject_id(s, alias, {}, frozenset()) for s in subjects]


def test_a_seat_move_joins_the_notices_at_the_former_seat() -> None:
    old = _obs("P1", "Sole Verde SA", "Gordola", None)
    moved = _obs("P2", "Sole Verde SA", "Locarno", UID, former="Gordola")
    later = _obs("P3", "Sole Verde SA", "Locarno", UID)
    assert _ids([old, moved, later]) == [UID, UID, UID]
    # without the former seat the old notice stays a firm of its own
    apart = _ids([old, moved._replace(former_seat=None), later])
    assert apart[0] != UID and apart[1:] == [UID, UID]


def test_two_firms_claiming_one_former_seat_join_neither() -> None:
    old = _obs("P1", "Sole Verde SA", "Gordola", None)
    a = _obs("P2", "Sole Verde SA", "Locarno", UID, former="Gordola")
    b = _obs("P3", "Sole Verde SA", "Bellinzona", OTHER, former="Gordola")
    ids = _ids([old, a, b])
    assert ids[1:] == [UID, OTHER] and ids[0] not in (UID, OTHER)


def test_former_seat_in_the_head() -> None:
    assert former_seat("Sole Verde SA, finora in Gordola, CHE-300.000.011, società anonima") == (
        "Gordola"
    )
    assert former_seat("Beispiel AG, bisher in Uster, CHE-300.000.011, Aktiengesellschaft") == (
        "Uster"
    )
    assert former_seat("Exemple Sàrl, précédemment à Bulle, CHE-300.000.011, société") == "Bulle"
    assert (
        former_seat("Beispiel AG, in Baar, CHE-300.000.011. Sitz neu: Zug [bisher: Baar].") is None
    )


def test_one_zefix_firm_id_is_one_firm() -> None:
    # renumbered (two CH numbers) and renamed: the Zefix firm id 777 holds them together
    first = _obs("ZEFIX-2004-09-14-777", "Muster & Co.", "Frauenfeld", None)._replace(
        code13="CH44020000001"
    )
    renamed = _obs("ZEFIX-2014-06-24-777", "Muster & Partner", "Frauenfeld", None)._replace(
        code13="CH44020000099"
    )
    other = _obs("ZEFIX-2014-06-24-778", "Muster & Co.", "Weinfelden", None)._replace(
        code13="CH44020000123"
    )
    ids = _ids([first, renamed, other])
    assert ids[0] == ids[1] != ids[2]
    # without a number of its own a notice is still filed by its firm id
    bare = _obs("ZEFIX-2016-01-04-779", "Solo GmbH", "", None)._replace(
        attrs=(("name", "Solo GmbH"),)
    )
    pair = _ids([bare, bare._replace(pub_number="ZEFIX-2017-02-06-779")])
    assert pair[0] == pair[1] and pair[0].startswith("co:")
