"""How a company ends: dissolution, bankruptcy (opening, suspension, closure, revocation) and the
reason of its deletion, from the register's wording in German, French and Italian (pure).

The register states each step in a fixed phrase: the dissolution with the body and date of the
decision ("durch Beschluss der Generalversammlung vom … aufgelöst", "dissoute par décision de
l'assemblée générale du …", "sciolta con decisione dell'assemblea … del …"); the bankruptcy
with the court's decision, its date and often the hour ("mit Entscheid des Konkursrichters des
Bezirksgerichts … vom …, 14.00 Uhr, der Konkurs eröffnet", "par jugement du Tribunal … du …,
à 14h00", "con decisione del Pretore … del …, alle ore 10.00"); the deletion with its cause
("infolge Fusion gelöscht", "radiée d'office", "cancellata … fusione").
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final, NamedTuple

from ingestion.extraction.facts.common import DATE, TIME, current_text, parse_date, parse_time
from ingestion.extraction.facts.common import sentences as split_sentences
from shabgraph.register.folding import fold


class Bankruptcy(NamedTuple):
    """One bankruptcy step a notice records."""

    stage: str
    """opened / suspended (for lack of assets) / closed / revoked."""
    court: str | None
    """The deciding court or judge as written."""
    decision_date: dt.date | None
    """Date of the decision."""
    effective_time: str | None
    """`HH:MM` when the notice gives the hour the decision took effect."""


class WindingUp(NamedTuple):
    """What one notice says about the end of its subject."""

    dissolved_on: dt.date | None
    """Date of the dissolution decision."""
    dissolution_cause: str | None
    """decision (of the members) / bankruptcy / court / law / None."""
    deletion_reason: str | None
    """merger / bankruptcy / liquidation_completed / ex_officio / branch_closed / seat_transfer /
    conversion / business_ceased / None, for a deletion notice."""
    ex_officio: bool
    """Deleted (or dissolved) by the registrar of its own motion."""
    bankruptcy: Bankruptcy | None
    """The bankruptcy step, when the notice records one."""


_BANKRUPTCY: Final = ("konkurs", "faillite", "fallimento", "fallito")
_STAGES: Final = (  # checked in order: a closure sentence may also say the procedure was opened
    ("revoked", ("widerruf", "revoqu", "revocat", "revoca")),
    ("suspended", ("mangels aktiven", "faute d'actif", "mancanza di attivi", "eingestellt",
                   "suspendu", "sospes")),
    ("closed", ("geschlossen", "abgeschlossen", "beendet", "cloture", "chius", "terminat")),
    ("opened", ("eroffnet", "ouvert", "prononce", "dichiarato", "aperto", "pronunciato")),
)  # fmt: skip
_DECISION: Final = re.compile(
    r"\b(?:Entscheid|Verfügung|Urteil|Erkenntnis|jugement|décision|ordonnance|prononcé"
    r"|decisione|sentenza|decreto)\s+(?:des|der|du|de\s+la|de\s+l'|del|della|dello|dell')\s*"
    r"(?P<court>[^,;()]{3,120}?)\s*,?\s+(?:vom|du|en\s+date\s+du|del|dell'|in\s+data\s+del?)\s+"
    + DATE
    + r"(?:\s*,?\s*"
    + TIME
    + r")?",
    re.IGNORECASE,
)
_DATE_AND_TIME: Final = re.compile(
    r"(?:vom|du|del|am|le|il)\s+" + DATE + r"(?:\s*,?\s*" + TIME + r")?", re.IGNORECASE
)
_COURT_WORDS: Final = (
    "gericht", "richter", "tribunal", "juge", "president", "cour", "pretor", "pretura",
    "giudice", "tribunale",
)  # fmt: skip
_DISSOLVED: Final = ("aufgelost", "dissout", "dissoute", "sciolt")
_DELETED: Final = ("geloscht", "radie", "cancellat", "stralciat")
_REASONS: Final = (  # the first that the deletion sentence names wins
    ("merger", ("fusion", "ubernahme", "absorb", "fusione", "incorporazione")),
    ("conversion", ("umwandlung", "transformation", "trasformazione")),
    ("bankruptcy", _BANKRUPTCY),
    ("branch_closed", ("aufhebung der zweigniederlassung", "radiation de la succursale",
                       "suppression de la succursale", "soppressione della succursale")),
    ("seat_transfer", ("sitzverlegung", "transfert du siege", "trasferimento della sede")),
    ("liquidation_completed", ("autorita fiscali", fold("Steuerbehörden"), "autorites fiscales",
                               "administrations fiscales")),
    ("business_ceased", ("geschaftsaufgabe", "aufgabe der geschaftstatigkeit",
                         "cessation de l'activite", "cessation de commerce",
                         "cessazione dell'attivita")),
)  # fmt: skip
_LIQUIDATION: Final = ("liquidation", "liquidazione")
_ENDED: Final = ("beendet", "abgeschlossen", "terminee", "terminata", "conclusa", "chiusa")
_EX_OFFICIO: Final = ("von amtes wegen", "d'office", "d'ufficio")


def _sentences(text: str) -> list[str]:
    return [s for _, s in split_sentences(current_text(text.replace("’", "'")))]


def bankruptcy_step(text: str) -> Bankruptcy | None:
    """The bankruptcy step of a notice: stage, court, decision date and hour."""
    for sentence in _sentences(text):
        folded = fold(sentence)
        if not any(w in folded for w in _BANKRUPTCY):
            continue
        stage = next((s for s, words in _STAGES if any(w in folded for w in words)), None)
        if stage is None:
            continue
        court, when, hour = None, None, None
        m = _DECISION.search(sentence)
        if m and any(w in fold(m.group("court")) for w in _COURT_WORDS):
            court = m.group("court").strip()
            when, hour = parse_date(m.group("date")), m.group("time")
        else:
            d = _DATE_AND_TIME.search(sentence)
            if d:
                when, hour = parse_date(d.group("date")), d.group("time")
        return Bankruptcy(stage, court, when, parse_time(hour) if hour else None)
    return None


def _dissolution(sentences: list[str]) -> tuple[dt.date | None, str | None]:
    for sentence in sentences:
        folded = fold(sentence)
        if not any(w in folded for w in _DISSOLVED):
            continue
        d = _DATE_AND_TIME.search(sentence)
        when = parse_date(d.group("date")) if d else None
        if any(w in folded for w in _BANKRUPTCY):
            cause = "bankruptcy"
        elif any(w in folded for w in ("gericht", "richter", "tribunal", "juge", "pretor")):
            cause = "court"
        elif any(w in folded for w in _EX_OFFICIO):
            cause = "law"
        else:
            cause = "decision"
        return when, cause
    return None, None


def _reason(folded: str) -> str | None:
    reason = next((r for r, words in _REASONS if any(w in folded for w in words)), None)
    if reason is None and any(w in folded for w in _LIQUIDATION):
        return "liquidation_completed" if any(w in folded for w in _ENDED) else None
    return reason


def winding_up(text: str, deletion: bool) -> WindingUp | None:
    """Dissolution, bankruptcy and (for a deletion notice) the deletion's reason; None when the
    notice says nothing about any of them."""
    if not deletion and not any(w in fold(text) for w in (*_DISSOLVED, *_BANKRUPTCY)):
        return None
    sentences = _sentences(text)
    dissolved_on, cause = _dissolution(sentences)
    reason = None
    ex_officio = False
    if deletion:
        deleted = [s for s in sentences if any(w in fold(s) for w in _DELETED)] or sentences
        folded = " ".join(fold(s) for s in deleted)
        ex_officio = any(w in folded for w in _EX_OFFICIO)
        # the cause is often stated in the sentence before the deletion (not in the head, which
        # holds the name: "Fusion Partner AG")
        reason = _reason(folded) or _reason(fold(" ".join(sentences[1:])))
        reason = reason or ("ex_officio" if ex_officio else None)
    step = bankruptcy_step(text)
    if (
        cause is None
        and step
        and step.stage == "opened"
        and any(w in fold(text) for w in _DISSOLVED)
    ):
        dissolved_on, cause = step.decision_date, "bankruptcy"
    if not (dissolved_on or cause or reason or step or ex_officio):
        return None
    return WindingUp(dissolved_on, cause, reason, ex_officio, step)
