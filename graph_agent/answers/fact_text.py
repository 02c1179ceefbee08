"""Facts the notice texts state in fixed register phrasing, read where the graph has no field.

Every reader that returns text for an answer returns it escaped for a line of Markdown (the
notice text is the register's or whoever wrote the file: it is data).

The register writes shares as "mit 100 Stammanteilen zu je CHF 100" / "pour 200 parts sociales
de CHF 100" / "con 102 quote da CHF 100", a waived audit as "Verzicht auf eine eingeschränkte
Revision" / "renonce à un contrôle restreint" / "rinuncia a una revisione limitata", the
supervisory authority as "Aufsichtsbehörde (neu): …", capital as "Stammkapital: CHF …". These
readers are the fallback for gaps of the build (listed in the project's graph gaps).
"""

from __future__ import annotations

import re
from typing import Any

from shabgraph.markdown import escape_inline
from shabgraph.register import legal_forms
from shabgraph.register.capital_phrase import stated_capital
from shabgraph.register.folding import fold_accents as fold

SHARES_RE = re.compile(
    r"(?:mit|avec|pour|con|with)\s+(?P<n>\d[\d'’]*|einem|une|un|una)\s+"
    r"(?P<kind>Stammanteil\w*|Anteil\w*|parts?\s+sociales?|parts?|quot[ae]\w*|Aktien|actions|azioni)"
    r"(?:\s+(?:zu\s+je|zu|von|de|da|à|of)\s+(?P<cur>CHF|EUR|USD)\s*(?P<val>[\d'’.,]+))?",
    re.IGNORECASE,
)
OPTING_OUT_RE = re.compile(
    r"verzicht\w*[^.]{0,80}eingeschr|eingeschr\w*\s+revision\s+verzicht|opting[- ]?out|renonc\w*[^.]{0,60}(?:controle|revision)\s+restreint"
    r"|rinunc\w*[^.]{0,60}revisione\s+limitata"
)
SUPERVISION_RE = re.compile(
    r"(?:Aufsichtsbeh\w+|Autorit\w+ de surveillance|Autorit\w+ di vigilanza)(?:\s+neu|\s+nouvelle|"
    r"\s+nuova)?\s*:\s*(?P<v>[^\[\]]+?)(?=\s*\[|\.\s|$)",
)
AMOUNT_RE = re.compile(r"(?P<cur>CHF|EUR|USD)\s*(?P<v>\d[\d'’]*(?:[.,]\d+)?)")


SENTENCE_END_RE = re.compile(r"(?<=[a-zäöüéèàç0-9]{2})\.\s+(?=[A-ZÄÖÜÀ-Ý])")
"""The end of a notice's sentence ("… zu zweien. Eingetragene Personen …"), not of an
abbreviation ("Dr. Thomas", "St. Gallen"): a person's entry never runs past it."""


def person_segment(text: str, family: str | None, given: str | None) -> str | None:
    """The part of a notice about one person: from the family name to the next ';', ']' or the
    end of the sentence. The register writes "Muster, Hans"; older notices also "Hans Muster",
    which is read only when no segment has the given name after the family name (a "c/o Hans
    Muster" address is no person's entry)."""
    if not text or not family:
        return None
    folded = fold(text)
    first = fold(given.split()[0]) if given else ""
    segments: list[tuple[int, str]] = []
    idx = folded.find(fold(family))
    while idx >= 0:
        stop = SENTENCE_END_RE.search(text, idx)
        ends = (text.find(";", idx), text.find("]", idx), stop.start() if stop else -1)
        end = min([p for p in ends if p > 0] or [len(text)])
        segments.append((idx, text[idx:end]))
        idx = folded.find(fold(family), idx + 1)
    if not first:
        return segments[0][1] if segments else None
    for _, seg in segments:
        if first in fold(seg):
            return seg
    for at, seg in segments:
        if folded[max(0, at - len(first) - 1) : at].strip() == first:
            return seg
    return None


LIMITED_SUM_RE = re.compile(
    r"(?:Kommandit\w*|commandit\w*|accomandit\w*|limited\s+partner\w*)[^;\[\]]{0,50}?"
    r"(?:CHF|EUR)\s*\d[\d'’.,]*\d",
    re.IGNORECASE,
)
"""A limited partner's sum ("Kommanditär mit einer Kommanditsumme von CHF 50'000.00",
"commanditaire pour CHF 50'000", "accomandante con una accomandita di CHF 50'000")."""


CONTRIBUTION_RE = re.compile(
    r"(?:mit|avec|pour|con|with)\s+(?:einer|einem|une?|una?|a)\s+"
    r"(?:Stammeinlage|Kapitaleinlage|Einlage|apport|conferimento|quota|contribution)\w*"
    r"\s+(?:von|de|d'|di|da|of)\s*(?:CHF|EUR|Fr\.)\s*\d[\d'’.,]*\d",
    re.IGNORECASE,
)
"""A partner's contribution in the old GmbH wording ("mit einer Stammeinlage von CHF 1'000",
"avec un apport de CHF 20'000", "con una quota di CHF 20'000")."""


def shares_in(segment: str | None) -> str | None:
    """'100 Stammanteile zu je CHF 100' or a limited partner's sum as written, if the segment
    states one."""
    if not segment:
        return None
    m = (
        SHARES_RE.search(segment)
        or CONTRIBUTION_RE.search(segment)
        or LIMITED_SUM_RE.search(segment)
    )
    return escape_inline(m[0].strip().rstrip(".,")) if m else None


def opting_out(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The latest notice that states a waived limited audit, if any."""
    hits = [e for e in events if OPTING_OUT_RE.search(fold(str(e.get("text") or "")))]
    return hits[-1] if hits else None


def supervision(events: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str]]:
    """(notice, authority) for every notice naming a supervisory authority, oldest first."""
    out = []
    for e in events:
        for m in SUPERVISION_RE.finditer(str(e.get("text") or "")):
            out.append((e, escape_inline(m["v"].strip(" ,."))))
    return out


def capital_in(text: str | None) -> str | None:
    """'CHF 50'000' from a notice text that states the capital."""
    stated = stated_capital(text)
    return f"{stated.currency} {stated.text}" if stated else None


HEAD_PURPOSE_RE = re.compile(
    r"^[^,]+(?:,[^,]+?)??,\s+(?:in|à|a)\s+[^,(]+(?:\([^)]*\))?,\s+(?:CHE?-[\d.\-]+,\s+)?"
    r"(?P<v>[^()]+?)\s*\((?:SHAB|FOSC|FUSC)\b"
)
"""The head of a notice in the old daily format: "Firm, in Seat, [old number,] short purpose,
Legal form (SHAB ...)". The register repeats the purpose in short there."""
SENTENCE_BREAK_RE = re.compile(r"\w\.\s+[A-ZÀ-Ý]")


def purpose_in(text: str | None) -> str | None:
    """The short purpose a notice's head repeats, without the trailing legal form; None when
    the head holds none (a legal form alone, or the head runs into the next sentence)."""
    m = HEAD_PURPOSE_RE.match((text or "").replace("<>", ""))
    if not m:
        return None
    value = m["v"].strip(" ,.")
    while (cut := TAIL_SPLIT_RE.search(value)) and legal_forms.code_of(cut["form"].strip(" .")):
        value = value[: cut.start()].strip(" ,.")
    if legal_forms.code_of(value) or SENTENCE_BREAK_RE.search(value):
        return None
    if re.search(r"(?<![\w])(?:usw|etc|ecc|u\.a)$", value):
        value += "."  # the abbreviation's point, not the sentence's
    return value if len(value.split()) >= 2 else None


TAIL_SPLIT_RE = re.compile(r"[,.]\s+(?P<form>[^,.]+?)\.?$")
"""The last comma- or sentence-separated part of a head (the legal form, when there is one)."""


def amounts(text: str | None) -> list[str]:
    """Every amount written in a text ('CHF 61'862.56'), in order."""
    return [f"{m['cur']} {m['v'].rstrip('.,')}" for m in AMOUNT_RE.finditer(text or "")]


def sentence_with(text: str | None, words: tuple[str, ...], size: int = 400) -> str | None:
    """The first sentence of a notice that holds one of the (folded) words."""
    if not text:
        return None
    parts = re.split(r"(?<=[a-z0-9]{3}[.;])\s+(?=[A-ZÀ-Ý])", text)
    for i, part in enumerate(parts):
        folded = fold(part)
        hits = [folded.find(w) for w in words if w in folded]
        if hits:
            # a name with initials ("F. Rey") may cut the sentence: keep the next part too
            found = " ".join(parts[i : i + 2]).strip()
            at = min(hits)
            if at >= size or (at > size // 2 and len(found) > size):
                # an unsplit old notice: the window around the word (and the clause after
                # it: "cancellata, avendo le autorità fiscali … dato il loro consenso")
                start = part.rfind(",", 0, at - size // 5) + 1 or max(0, at - size // 5)
                return "… " + found[start : start + size].strip()
            return found[:size]
    return None


STATUTES_RE = re.compile(
    r"(?:Statutendatum|Statuten(?:änderung)?|Date des statuts|statuts|Data dello statuto|statuto|"
    r"statuti)(?:\s*:\s*|\s+(?:vom|du|del|dal|of|dated)\s+|\s*)(?P<v>\d{1,2}\.\d{1,2}\.\d{4}(?:\s*[,/]\s*\d{1,2}\.\d{1,2}\.\d{4})*)",
    re.IGNORECASE,
)
SHARE_CLASS_RE = re.compile(
    r"(?:eingeteilt in|divisé en|suddiviso in|diviso in|divided into)?\s*"
    r"(?P<n>\d[\d'’]*)\s+(?P<kind>(?:Namen|Inhaber|Stimmrechts)?[Aa]ktien|actions|azioni|shares)"
    r"(?P<rest>(?:[^.;]|\.(?=\d)){0,80})",
)
ADDRESS_RE = re.compile(
    r"(?:(?:Domizil|Geschäftsdomizil|Postadresse|Liquidationsadresse|Adresse|adresse postale|"
    r"adresse de liquidation|indirizzo di liquidazione|domicile|recapito|"
    r"indirizzo(?: postale)?)(?:\s+neu|\s+nouveau|\s+nouvelle|\s+nuovo)?\s*:\s*)"
    r"(?P<v>[^.;\[\]]*?\d{4}\s+[A-ZÀ-Ý][\wÀ-ÿ.\- ]+?)(?=[.;\[\]]|\s*\(|$)"
)
STREET_RE = re.compile(
    r"(?P<v>(?:c/o [^,]+,\s*)?(?<![\wÀ-ÿ])(?:[A-ZÀ-Ý][\wÀ-ÿ.\- ]*?)?(?:strasse|str\.|weg|gasse|platz|rain|ring|allee|"
    r"route|rue|chemin|avenue|place|quai|via|piazza|viale)[\wÀ-ÿ.\- ]*?\s\d+\s?\w?,\s*(?:Postfach[^,]*,\s*)?"
    r"\d{4}\s+[A-ZÀ-Ý][\wÀ-ÿ\-]+(?:\.(?=\w))?[\wÀ-ÿ\-]*(?-i: [A-Z]{2}\b)?)",
    re.IGNORECASE,
)


def statutes_in(text: str | None) -> str | None:
    """The date(s) of the articles as a notice writes them."""
    m = STATUTES_RE.search(text or "")
    return escape_inline(m["v"]) if m else None


ISSUE_RE = re.compile(
    r"(?:Ausgabe von|Emission von|émission de|emission de|emissione di|issue of|issuing)\s*$",
    re.IGNORECASE,
)
"""The words before the shares a capital change issues."""


def share_classes(text: str | None) -> list[str]:
    """'270 actions de CHF 1'000, nominatives' and the like, as written."""
    out = []
    for m in SHARE_CLASS_RE.finditer(text or ""):
        if ISSUE_RE.search((text or "")[max(0, m.start() - 40) : m.start()]):
            continue  # "par l'émission de 20 actions": the shares a change adds, not a class
        out.append(escape_inline(f"{m['n']} {m['kind']}{m['rest']}".strip(" ,")))
    return out


def addresses_in(text: str | None) -> list[str]:
    """Addresses a notice writes (after 'Domizil:' or as street, number, postcode, place)."""
    found = [m["v"].strip(" ,") for m in ADDRESS_RE.finditer(text or "")]
    found += [m["v"].strip(" ,") for m in STREET_RE.finditer(text or "")]
    return list(dict.fromkeys(escape_inline(x) for x in found))


COMMUNICATION_RE = re.compile(
    r"(?:Mitteilungen|Mitteilung|Publikationsorgan|Communications?|Organe de publication|"
    r"Comunicazion[ei]|Organo di pubblicazione)\b[^.:]{0,60}:\s*(?P<v>[^\[\]]+?)(?=\.\s+[A-ZÀ-Ý]|\.?$|\[)",
)
"""The register's communications clause ("Mitteilungen an die Gesellschafter: per Brief",
"Communication aux actionnaires : par écrit ou par fax", "Comunicazioni ai soci: lettera
raccomandata", "Publikationsorgan: SHAB")."""


COMMUNICATION_SENTENCE_RE = re.compile(
    r"(?:Die |Le |Les |La |The )?(?:Mitteilungen|[Cc]omunicazioni|[Cc]ommunications)\b[^.:]{0,120}?"
    r"\b(?:erfolg\w*|geschieh\w*|avvengono|avviene|se font|sont faites|ont lieu|are made)\b[^.]*"
)
"""The same clause written as a sentence ("Le comunicazioni della società ai soci avvengono per
lettera raccomandata", "Die Mitteilungen an die Gesellschafter erfolgen schriftlich")."""


def communications_in(text: str | None) -> list[str]:
    """The communications and publication clauses of a notice, as written."""
    found = [m[0].strip(" .") for m in COMMUNICATION_RE.finditer(text or "")]
    found += [
        m[0].strip(" .")
        for m in COMMUNICATION_SENTENCE_RE.finditer(text or "")
        if not any(m[0].strip(" .") in f for f in found)
    ]
    return [escape_inline(x) for x in found]


HEAD_SEAT_RE = re.compile(
    r"^[^\n]{1,200}?,\s+(?:in|à|a|en)\s+(?P<seat>[A-ZÀ-Ý][\w'’. -]*?(?:\s\([A-Z]{2}\))?),"
    r"\s+(?:CHE-|CH-|\(|[a-zà-ÿ])"
)
"""The seat in a notice's head ("X AG, in Au (SG), CHE-…", "X Sàrl, à Sion, CHE-…"): the
head names the entity as registered before the notice's changes, so a move notice's head
still holds the former seat."""


def head_seat(text: str | None) -> str | None:
    """The seat a notice's head names, if the head has the register's form."""
    m = HEAD_SEAT_RE.match(text or "")
    return m["seat"].strip() if m else None


HEAD_NAME_RE = re.compile(r"^(?P<name>[^,\n]{2,160}?),\s+(?:in|à|a|en)\s+[A-ZÀ-Ý]")
"""The name in a notice's head ("Muster GmbH, in Au (SG), …"): as registered before the
notice's changes, so a renaming notice's head still holds the former name."""
NEW_NAME_RE = re.compile(
    r"\b(?:Firma neu|Neue Firma|Nouvelle raison sociale|Raison sociale nouvelle|Nuova ditta|"
    r"Ditta nuova|Nouvelle raison de commerce|Nuova ragione sociale)\s*:",
    re.IGNORECASE,
)
"""The clause that renames the entity."""


def head_name(text: str | None) -> str | None:
    """The former name a renaming notice's head names, else None."""
    text = text or ""
    if not NEW_NAME_RE.search(text):
        return None
    m = HEAD_NAME_RE.match(text)
    return m["name"].strip() if m else None


TRANSFER_WORDS = ("ubertragbarkeit", "vinkul", "transfert des actions", "trasferibilita")
"""Words of a restriction on transferring shares ("Die Übertragbarkeit der Namenaktien ist
nach Massgabe der Statuten beschränkt", "le transfert des actions est limité",
"la trasferibilità delle azioni è limitata")."""


def transfer_clause(text: str) -> str | None:
    """The sentence of a notice that restricts the shares' transfer, from its previous full
    stop to its own (the register's amounts "CHF 100.00." end no sentence for the splitter)."""
    folded = fold(text)
    at = min((i for w in TRANSFER_WORDS if (i := folded.find(w)) >= 0), default=-1)
    if at < 0:
        return None
    start = text.rfind(". ", 0, at) + 2 if text.rfind(". ", 0, at) >= 0 else 0
    end = text.find(".", at)
    return escape_inline(text[start : end + 1 if end >= 0 else at + 300].strip()[:300])


STRUCK_WORDS = (
    "gestrichen",
    "streichung",
    "radiation",
    "gelöscht",
    "geloscht",
    "dahingefallen",
    "radie",
    "biffe",
    "supprime",
    "cancellat",
    "stralciat",
    "soppress",
)
"""Words with which a notice strikes a clause or an entry ("Die Angaben über die Sacheinlage
werden gestrichen", "la mention … est radiée", "è stralciata")."""


def struck_clauses(text: str | None) -> list[str]:
    """Every sentence of a notice that strikes something, as written."""
    parts = re.split(r"(?<=[a-z0-9\]]{2}[.;])\s+(?=[A-ZÀ-Ý])", text or "")
    return [
        escape_inline(p.strip()[:300]) for p in parts if any(w in fold(p) for w in STRUCK_WORDS)
    ]
