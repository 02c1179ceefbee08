"""Small fictitious notices in the old Zefix daily layout (de, fr, it), written for the fact
tests: every name, place, date and number here is made up.

`daily_file(tmp_path)` writes them as one cp1252 daily file, the way the real source ships them,
so the tests run the real reader, the rules extractor and the whole graph build.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from neo4j import Driver

from ingestion.graph.pipeline import ingest_paths
from tests.graph.corpus import uid

AUDITOR_UID = uid("20000017")
"""UID the French registration writes for its audit firm (no notice of its own)."""
PARTNER_UID = uid("20000033")
"""UID the Italian registration writes for its partner company."""


class Notice(NamedTuple):
    firm: str
    code13: str
    kind: str  # ZNE new entry, ZAN change, ZLO deletion
    canton: str
    journal: str
    shab: str
    text: str

    @property
    def pub(self) -> str:
        return f"ZEFIX-{self.shab}-{self.firm}"


GARDEN = "910001"
LIGHT = "910002"
BAKERY = "910003"
SPRING = "910004"

NOTICES: list[Notice] = [
    Notice(
        GARDEN, "CH13000500001", "ZNE", "SZ", "2005-03-21", "2005-03-25",
        "<F>Birkenhof Gartenbau GmbH<E>, in <S>Lachen (SZ)<E>, Seeweg 4, 8853 Lachen, Gesellschaft"
        " mit beschränkter Haftung (Neueintragung). Statutendatum: 14.03.2005. Zweck: Gartenbau"
        " und Unterhalt von Grünanlagen. Stammkapital: CHF 40'000. Eingetragene Personen: Meinrad"
        " Odermatt, von Lachen, in Altendorf, Gesellschafter und Geschäftsführer, mit"
        " Einzelunterschrift, mit einer Stammeinlage von CHF 30'000, und Luzia Steiner, von"
        " Stans, in Lachen, Gesellschafterin, ohne Zeichnungsberechtigung, mit einer Stammeinlage"
        " von CHF 10'000.",
    ),
    Notice(
        GARDEN, "CH13000900077", "ZAN", "SZ", "2009-04-20", "2009-04-24",
        "<F>Birkenhof Gartenbau GmbH<E>, in <S>Lachen SZ<E>, Gesellschaft mit beschränkter"
        " Haftung (SHAB Nr. 58 vom 25.03.2005, S. 9). Domizil neu: Hafenstrasse 12, 8853 Lachen."
        " Gemäss Erklärung vom 14.4.2009 untersteht die Gesellschaft keiner ordentlichen Revision"
        " und verzichtet auf eine eingeschränkte Revision. Eingetragene Personen neu oder"
        " mutierend: Zürcher, Beat, von Schwyz, in Lachen, Vorsitzender der Geschäftsführung, mit"
        " Einzelunterschrift [bisher: Gesellschafter und Geschäftsführer mit Kollektivunterschrift"
        " zu zweien].",
    ),
    Notice(
        LIGHT, "CH21700600011", "ZNE", "FR", "2006-05-08", "2006-05-12",
        "<F>Atelier Lumière Bleue SA<E>, à <S>Bulle<E>, rue des Tanneurs 9, 1630 Bulle, société"
        " anonyme (Nouvelle inscription). Date des statuts: 02.05.2006. But: conception et pose"
        " d'éclairages. Capital-actions: CHF 150'000, entièrement libéré, divisé en 150 actions"
        " nominatives de CHF 1'000. Personne(s) inscrite(s): Dupasquier, Hélène, de Bulle, à"
        f" Riaz, présidente, avec signature individuelle. Organe de révision: Fiduciaire Moléson"
        f" SA ({AUDITOR_UID}), à Bulle.",
    ),
    Notice(
        LIGHT, "CH21700600011", "ZAN", "FR", "2010-10-18", "2010-10-22",
        "<F>Atelier Lumière Bleue SA<E>, à <S>Bulle<E>, société anonyme (FOSC no 90 du"
        " 12.05.2006, p. 11). La société est dissoute par décision de l'assemblée générale du"
        " 11.10.2010. La liquidation sera opérée sous la raison sociale: Atelier Lumière Bleue SA"
        " en liquidation.",
    ),
    Notice(
        LIGHT, "CH21700600011", "ZAN", "FR", "2011-02-07", "2011-02-11",
        "<F>Atelier Lumière Bleue SA en liquidation<E>, à <S>Bulle<E>, société anonyme (FOSC no"
        " 204 du 22.10.2010, p. 13). Par jugement du Tribunal civil de l'arrondissement de la"
        " Gruyère du 03.02.2011, à 09h30, la faillite de la société a été prononcée.",
    ),
    Notice(
        LIGHT, "CH21700600011", "ZLO", "FR", "2011-09-05", "2011-09-09",
        "<F>Atelier Lumière Bleue SA en liquidation<E>, à <S>Bulle<E>, société anonyme (FOSC no"
        " 29 du 11.02.2011, p. 15). La procédure de faillite a été suspendue faute d'actif par"
        " jugement du 29.08.2011. La société est radiée d'office.",
    ),
    Notice(
        BAKERY, "CH51400700021", "ZNE", "TI", "2007-09-10", "2007-09-14",
        "<F>Panificio Monte Verde Sagl<E>, in <S>Lugano<E>, Via dei Forni 3, 6900 Lugano, società"
        " a garanzia limitata (nuova iscrizione). Data dello statuto: 04.09.2007. Scopo:"
        " produzione e vendita di pane. Capitale sociale: CHF 20'000. Persone iscritte: Bernasconi,"
        " Carla, da Lugano, in Massagno, socia e gerente, con firma individuale, con 150 quote da"
        f" CHF 100; Forno Alto SA ({PARTNER_UID}), in Bellinzona, socia, con 50 quote da CHF 100.",
    ),
    Notice(
        BAKERY, "CH51400700021", "ZAN", "TI", "2012-06-04", "2012-06-08",
        "<F>Panificio Monte Verde Sagl<E>, in <S>Lugano<E>, società a garanzia limitata (FUSC"
        " no 178 del 14.09.2007, pag. 21). Nuovo recapito: Via Cantonale 8, 6900 Lugano.",
    ),
    Notice(
        SPRING, "CH51470800031", "ZNE", "TI", "2008-03-03", "2008-03-07",
        "<F>Fondazione Sorgente Viva<E>, in <S>Locarno<E>, Piazza Grande 1, 6600 Locarno,"
        " fondazione (nuova iscrizione). Data dell'atto di fondazione: 25.02.2008. Scopo: tutela"
        " delle sorgenti. Autorità di vigilanza: Dipartimento delle istituzioni del Cantone"
        " Ticino. Persone iscritte: Rusconi, Paolo, da Locarno, in Minusio, presidente del"
        " consiglio di fondazione, con firma individuale.",
    ),
    Notice(
        SPRING, "CH51470800031", "ZAN", "TI", "2013-01-14", "2013-01-18",
        "<F>Fondazione Sorgente Viva<E>, in <S>Locarno<E>, fondazione (FUSC no 46 del"
        " 07.03.2008, pag. 30). Nuova autorità di vigilanza: Autorità di vigilanza sulle"
        " fondazioni e sugli istituti di previdenza professionale. Nuovo ufficio di revisione:"
        " Fiduciaire Moléson SA, in Bulle.",
    ),
]  # fmt: skip


def _line(n: Notice) -> str:
    # the oldest layout: 12 register columns, nine change flags, the text (22 columns)
    legal = {GARDEN: "4", LIGHT: "3", BAKERY: "4", SPRING: "7"}.get(n.firm, "3")
    cols = [n.firm, n.code13, "1", legal, n.canton, "100", n.kind, f"{n.journal} 00:00:00", "1"]
    cols += [f"{n.shab} 00:00:00", "1", "1"] + ["0"] * 9 + [n.text]
    return "\t".join(cols)


def daily_file(
    folder: Path, notices: list[Notice] | None = None, name: str = "facts-daily"
) -> Path:
    """Write `notices` (all of this corpus by default) as one daily file in `folder`."""
    path = folder / name
    lines = [_line(n) for n in notices or NOTICES]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1252"))
    return path


def ingest_daily(driver: Driver, folder: Path, notices: list[Notice], name: str) -> Driver:
    """Write `notices` as one daily file in `folder` and build the graph from it (rules)."""
    ingest_paths([daily_file(folder, notices, name)], driver, "neo4j", "rules", show_progress=False)
    return driver


def pub(firm: str, index: int) -> str:
    """Publication number of the `index`-th notice (0-based) of `firm`."""
    return [n for n in NOTICES if n.firm == firm][index].pub
