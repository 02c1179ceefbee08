"""The notice-fact parsers on sentences written for these tests (fictitious names, de/fr/it)."""

from __future__ import annotations

import datetime as dt

import pytest

from ingestion.extraction.facts.capital import Contribution, ShareClass, share_classes
from ingestion.extraction.facts.common import parse_date, parse_time
from ingestion.extraction.facts.mentions import contributions
from ingestion.extraction.facts.statements import audit_opting_out, business_address, supervision
from ingestion.extraction.facts.winding_up import Bankruptcy, bankruptcy_step, winding_up


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("07.03.2019", dt.date(2019, 3, 7)),
        ("7.3.2019", dt.date(2019, 3, 7)),
        ("07. 03. 2019", dt.date(2019, 3, 7)),
        ("7. März 2019", dt.date(2019, 3, 7)),
        ("7 mars 2019", dt.date(2019, 3, 7)),
        ("7 marzo 2019", dt.date(2019, 3, 7)),
        ("31.02.2019", None),
    ],
)
def test_dates(written: str, day: dt.date | None) -> None:
    assert parse_date(written) == day


def test_times() -> None:
    assert [parse_time(t) for t in ("14.00", "9h30", "8 Uhr", "25.00")] == [
        "14:00", "09:30", "08:00", None,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "step"),
    [
        (
            "Über die Gesellschaft wurde mit Entscheid des Konkursrichters des Bezirksgerichts"
            " Uster vom 02.11.2015, 14.00 Uhr, der Konkurs eröffnet.",
            Bankruptcy("opened", "Konkursrichters des Bezirksgerichts Uster",
                       dt.date(2015, 11, 2), "14:00"),
        ),
        (
            "Con decisione del Pretore della giurisdizione di Mendrisio del 05.06.2014, alle ore"
            " 10.30, è stato dichiarato il fallimento della società.",
            Bankruptcy("opened", "Pretore della giurisdizione di Mendrisio",
                       dt.date(2014, 6, 5), "10:30"),
        ),
        (
            "Das Konkursverfahren wurde mit Verfügung des Konkursgerichts Thun vom 12.01.2016"
            " mangels Aktiven eingestellt.",
            Bankruptcy("suspended", "Konkursgerichts Thun", dt.date(2016, 1, 12), None),
        ),
        (
            "Le jugement de faillite a été révoqué par décision du Tribunal d'arrondissement de"
            " Sion du 20.04.2017.",
            Bankruptcy("revoked", "Tribunal d'arrondissement de Sion", dt.date(2017, 4, 20), None),
        ),
        ("Die Gesellschaft wurde aufgelöst.", None),
    ],
)  # fmt: skip
def test_bankruptcy_steps(text: str, step: Bankruptcy | None) -> None:
    assert bankruptcy_step(text) == step


def test_deletion_reasons() -> None:
    merger = winding_up(
        "Die Gesellschaft ist infolge Fusion mit der Nordlicht Holding AG gelöscht.", True
    )
    assert merger and (merger.deletion_reason, merger.ex_officio) == ("merger", False)
    office = winding_up("La società viene cancellata d'ufficio.", True)
    assert office and (office.deletion_reason, office.ex_officio) == ("ex_officio", True)
    ended = winding_up(
        "Fusion Partner GmbH in Liquidation, in Chur, Gesellschaft mit beschränkter Haftung"
        " (SHAB Nr. 1 vom 03.01.2019, S. 5). Die Liquidation ist beendet. Die Gesellschaft wird"
        " im Handelsregister gelöscht.",
        True,
    )
    assert ended and ended.deletion_reason == "liquidation_completed"
    # a change notice names no deletion reason, whatever its words
    assert winding_up("Die Firma übernimmt die Aktiven der Fusion AG.", False) is None


def test_dissolution_decision_date() -> None:
    end = winding_up(
        "Die Gesellschaft wurde mit Beschluss der Gesellschafterversammlung vom 3.4.2018"
        " aufgelöst. Sie wird unter der Firma Sonnweid GmbH in Liquidation liquidiert.",
        False,
    )
    assert end and (end.dissolved_on, end.dissolution_cause) == (dt.date(2018, 4, 3), "decision")
    it = winding_up(
        "La società è sciolta con decisione dell'assemblea generale del 9 maggio 2019.", False
    )
    assert it and it.dissolved_on == dt.date(2019, 5, 9)


def test_contributions_follow_their_partner() -> None:
    text = (
        "Eingetragene Personen: Ammann, Ruth, von Chur, in Thusis, Gesellschafterin und"
        " Geschäftsführerin, mit Einzelunterschrift, mit 30 Stammanteilen zu je CHF 500.00;"
        " Caduff, Gion, von Ilanz, in Chur, Geschäftsführer, mit Kollektivunterschrift zu"
        " zweien; Brunold, Lea, von Chur, in Chur, Kommanditärin, mit einer Kommanditsumme von"
        " CHF 20'000."
    )
    got = contributions(text, [("Ammann", "Ruth"), ("Caduff", "Gion"), ("Brunold", "Lea")])
    assert got == [
        Contribution(30, 500.0, "quota", 15000.0),
        None,
        Contribution(None, None, "limited_sum", 20000.0),
    ]
    fr = contributions(
        "Associés: Rochat, Léa, de Vevey, à Lutry, associée, pour une part sociale de CHF 20'000.",
        [("Rochat", "Léa")],
    )
    assert fr == [Contribution(1, 20000.0, "quota", 20000.0)]


def test_share_classes_and_paid_in() -> None:
    de = share_classes(
        "Aktienkapital: CHF 200'000.00. Liberierung Aktienkapital: CHF 100'000.00."
        " Aktien: 180 Namenaktien zu CHF 1'000.00 und 200 Inhaberaktien zu CHF 100.00."
    )
    assert de == (
        [ShareClass(180, 1000.0, "registered"), ShareClass(200, 100.0, "bearer")],
        100000.0,
        False,
    )
    it = share_classes(
        "Capitale azionario: CHF 100'000, suddiviso in 100 azioni al portatore da CHF 1'000,"
        " interamente liberato."
    )
    assert it == ([ShareClass(100, 1000.0, "bearer")], None, True)
    # new shares issued in a capital increase are not the company's share classes
    fr = share_classes("Augmentation du capital par l'émission de 40 actions de CHF 500.")
    assert fr == ([], None, False)


def test_opting_out_supervision_and_address() -> None:
    assert audit_opting_out(
        "Selon déclaration du 2 février 2020, la société renonce à un contrôle restreint."
    ) == (True, dt.date(2020, 2, 2))
    # the accented "révision" alone, without "contrôle"
    assert audit_opting_out(
        "Selon déclaration du 4 mai 2019, la société n'est pas soumise à une révision ordinaire et"
        " renonce à une révision restreinte."
    ) == (True, dt.date(2019, 5, 4))
    assert audit_opting_out(
        "Revisionsstelle neu: Alpen Revision AG. [bisher: Die Gesellschaft verzichtet auf eine"
        " eingeschränkte Revision.]"
    ) == (False, None)
    assert supervision(
        "Aufsichtsbehörde neu: Stiftungsaufsicht beider Basel (CHE-116.293.960)"
        " [bisher: Kanton Basel-Stadt]."
    ) == ("Stiftungsaufsicht beider Basel", "CHE-116.293.960")
    assert (
        business_address(
            "Rosenhof AG, in Thun, Aktiengesellschaft. Geschäftsadresse: c/o Treuhand Kern,"
            " Bälliz 5, 3600 Thun. Postadresse neu: Postfach 9, 3601 Thun.",
            "Thun",
        )
        == "c/o Treuhand Kern, Bälliz 5, 3600 Thun"
    )
    assert (
        business_address("Rosenhof AG, in Thun. Postadresse neu: Postfach 9, 3601 Thun.", "Thun")
        is None
    )
