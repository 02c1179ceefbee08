"""One-line statements of a notice about its subject: the audit opting-out, the supervisory
authority of a foundation, the business address (pure).

The register writes them as fixed phrases or headed fields in German, French and Italian:
"… verzichtet auf eine eingeschränkte Revision" / "il est renoncé à un contrôle restreint" /
"rinuncia a una revisione limitata", usually after "Gemäss Erklärung vom …", "Selon
déclaration du …", "Con dichiarazione del …"; "Aufsichtsbehörde (neu): …", "Autorité de
surveillance: …", "Autorità di vigilanza: …"; "Domizil (neu): …", "Geschäftsadresse: …",
"(Nouvelle) adresse: …", "(Nuovo) recapito: …", "Indirizzo: …". Old notices give the address
in the head, after the seat: "X GmbH, in Wangen, Seestrasse 1, 8855 Wangen, Gesellschaft …".
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from ingestion.extraction.facts.common import DATE, current_text, parse_date, sentences
from shabgraph.register.folding import fold
from shabgraph.register.uid import UID_PATTERN

_OPTING_OUT: Final = (
    "auf eine eingeschrankte revision verzichtet",
    "verzichtet auf eine eingeschrankte revision",
    "verzichtet auf die eingeschrankte revision",
    "renonce a un controle restreint",
    "renonce a une revision restreinte",
    "renonce au controle restreint",
    "rinuncia a una revisione limitata",
    "rinunciato a una revisione limitata",
    "rinuncia alla revisione limitata",
)
_DECLARED: Final = re.compile(
    r"(?:Erklärung|déclaration|dichiarazione)\s+(?:vom|du|del|dell')\s*" + DATE, re.IGNORECASE
)


def audit_opting_out(text: str) -> tuple[bool, dt.date | None]:
    """(the notice states the opting-out, date of the declaration when it gives one)."""
    low = text.lower()
    # "vision" is in Revision, révision and revisione alike; "revisi" would miss the accented one
    if "vision" not in low and "contr" not in low:  # most notices: no sentence to read
        return False, None
    for _, sentence in sentences(current_text(text.replace("’", "'"))):
        folded = fold(sentence)
        if any(p in folded for p in _OPTING_OUT):
            m = _DECLARED.search(sentence)
            return True, parse_date(m.group("date")) if m else None
    return False, None


_SUPERVISION: Final = re.compile(
    r"(?:Aufsichtsbehörde|Aufsicht|(?:Nouvelle\s+)?autorité\s+de\s+surveillance"
    r"|(?:Nuova\s+)?autorità\s+di\s+vigilanza)\s*(?:\((?:neu|nouvelle|nuova)\)|neu|nouvelle|nuova)?"
    r"\s*:\s*(?P<value>[^\[]+?)\s*(?:\[|\.(?:\s|$)|$)",
    re.IGNORECASE,
)


def supervision(text: str) -> tuple[str, str | None] | None:
    """(supervisory authority as written, its UID when the notice gives one), else None."""
    low = text.lower()
    if "aufsicht" not in low and "surveillance" not in low and "vigilanza" not in low:
        return None
    m = _SUPERVISION.search(current_text(text))
    if not m:
        return None
    value = m.group("value").strip().rstrip(",;")
    uid = UID_PATTERN.search(value)
    if uid:
        value = value[: uid.start()].rstrip(" ,(").strip()
    if not value:
        return None
    return value, uid.group(0) if uid else None


_ADDRESS_FIELD: Final = re.compile(
    r"(?<![A-Za-zäöü])(?:Domizil|Geschäftsadresse|Geschäftsdomizil|Rechtsdomizil"
    r"|Nouvelle\s+adresse|Adresse|Nouveau\s+domicile|Domicile"
    r"|Nuovo\s+recapito|Recapito|Nuovo\s+indirizzo|Indirizzo|Nuovo\s+domicilio|Domicilio)"
    r"(?:\s+neu|\s*\((?:neu|nouvelle|nuovo)\))?\s*:\s*",
    re.IGNORECASE,
)
_POSTAL: Final = ("postadresse", "adresse postale", "indirizzo postale", "casella postale")
_ZIP_TOWN: Final = re.compile(r"^\d{4}\s+\S")


def _one_line(parts: list[str]) -> str | None:
    """The address parts up to and with the `NNNN Town` part; None when there is none."""
    kept: list[str] = []
    for part in parts:
        part = part.strip()
        if not part:
            return None
        if UID_PATTERN.fullmatch(part) or re.fullmatch(r"CH-[\d.\-]+", part):
            continue  # the head's identifier, written between seat and address
        if _ZIP_TOWN.match(part):  # old notices glue the next field on: "8855 Wangen.Verfügung"
            kept.append(re.sub(r"\.(?=[A-ZÄÖÜ][a-zäöü]).*$", "", part))
            return ", ".join(kept)
        kept.append(part)
        if len(kept) >= 3:
            return None
    return None


def business_address(text: str, seat: str | None) -> str | None:
    """The business address the notice gives for its subject (a headed field, else the head)."""
    body = current_text(text)
    low = body.lower()
    fields = any(w in low for w in ("domizil", "adress", "recapito", "indirizzo", "domicil"))
    pieces = sentences(body if fields else body[:600])
    for m in _ADDRESS_FIELD.finditer(body) if fields else ():
        start = max(0, m.start() - 8)
        if any(w in fold(body[start : m.start() + 20]) for w in _POSTAL):
            continue
        at, sentence = next((a, s) for a, s in reversed(pieces) if a <= m.start())
        value = sentence[m.end() - at :].split("[")[0].strip().rstrip(".")
        line = _one_line(value.split(","))
        if line:
            return line
    if not seat:
        return None
    head = pieces[0][1] if pieces else ""
    at = head.find(f" {seat},")
    if at < 0 or at > 400:
        return None
    return _one_line(head[at + len(seat) + 2 :].split(",")[:3])
