"""The prose of the older and bilingual registers (Fribourg, Valais, Bern, Ticino; issue 16).

Changes there are sentences, not headed lists: several officers with their functions and one
common verb, expiry sentences naming several people family name first, "bisher …, ist jetzt …",
labels such as "Neu zeichnen mit Kollektivprokura zu zweien:", auditors replaced in a clause.
`RegisterProse` collects the entries of one notice (already recorded as mentions by `Notice`)
and `sentences` writes them, so the text holds exactly the recorded surface strings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from synthetic import phrases

REGISTER_CANTONS = {"de": {"FR", "VS", "BE"}, "fr": {"FR", "VS"}, "it": {"TI", "GR"}}
"""Cantons whose registers wrote (some of) their German, French or Italian notices as prose."""
REGISTER_RATE = 0.3
"""Share of the mutations of those cantons written in register prose."""

# "A, …, Präsident; B, …, Mitglied, sind zurückgetreten": the verb agrees with the list.
LEFT = {
    "de": ("ist zurückgetreten", "sind zurückgetreten"),
    "fr": ("a démissionné", "ont démissionné"),
    "it": ("è dimissionario", "sono dimissionari"),
}
LEFT_FEMALE = {"it": "è dimissionaria"}
"""The singular verb for a woman where the language inflects it."""
LEFT_SIGNATURE = {
    "de": ("die Unterschrift ist erloschen", "ihre Unterschriften sind erloschen"),
    "fr": ("sa signature est radiée", "leurs signatures sont radiées"),
    "it": ("la firma è estinta", "le loro firme sono estinte"),
}
# Expiry sentences: the noun names the right that ended.
EXPIRY = {
    "de": {
        "individual": "Die Einzelunterschrift",
        "collective_two": "Die Kollektivunterschrift zu zweien",
        "individual_procuration": "Die Einzelprokura",
        "collective_procuration": "Die Kollektivprokura",
    },
    "fr": {
        "individual": "La signature individuelle",
        "collective_two": "La signature collective à deux",
        "individual_procuration": "La procuration individuelle",
        "collective_procuration": "La procuration collective à deux",
    },
    "it": {
        "individual": "La firma individuale",
        "collective_two": "La firma collettiva a due",
        "individual_procuration": "La procura individuale",
        "collective_procuration": "La procura collettiva a due",
    },
}
EXPIRY_PREP = {"de": "von", "fr": "de", "it": "di"}
EXPIRY_VERB = {"de": "ist erloschen", "fr": "est radiée", "it": "è estinta"}
# Granted rights: a label in German, the grant sentence in French and Italian.
GRANT = {
    "de": "Neu zeichnen {sig}: {entries}.",
    "fr": "{sig} est conférée à {entries}.",
    "it": "{sig} è conferita a {entries}.",
}
GRANT_SIG_IT = {
    "individual": "Firma individuale",
    "collective_two": "Firma collettiva a due",
    "individual_procuration": "Procura individuale",
    "collective_procuration": "Procura collettiva a due",
}
# "bisher …, ist jetzt …" / "déjà inscrit, est désormais …" / "già iscritto, è ora …".
NOW = {"de": "ist jetzt", "fr": "est désormais", "it": "è ora"}
ENTERED = {"fr": ("déjà inscrit", "déjà inscrite"), "it": ("già iscritto", "già iscritta")}
AUDITOR_IN = {
    "de": "Revisionsstelle neu: {new}.",
    "fr": "Organe de révision: {new}.",
    "it": "Ufficio di revisione: {new}.",
}
AUDITOR_OUT = {
    "de": "Gestrichen: Revisionsstelle {old}.",
    "fr": "L'organe de révision {old}, a démissionné.",
    "it": "L'ufficio di revisione {old}, è dimissionario.",
}
AUDITOR_REPLACED = {
    "fr": "Organe de révision: {new}, en remplacement de {old}.",
    "it": "Ufficio di revisione: {new}, in sostituzione di {old}.",
}


def uses_register_prose(lang: str, canton: str, rng: random.Random) -> bool:
    """Whether a notice of this canton is written in register prose (draws only when it may)."""
    return canton in REGISTER_CANTONS.get(lang, ()) and rng.random() < REGISTER_RATE


def _listed(lang: str, entries: list[str], conj: str | None = None) -> str:
    """Entries with commas inside, the last one after `, et` / `, e`."""
    if len(entries) == 1:
        return entries[0]
    return ", ".join(entries[:-1]) + f", {conj or phrases.AND[lang]} " + entries[-1]


def _join(lang: str, items: list[str], sep: str) -> str:
    if len(items) == 1:
        return items[0]
    return sep.join(items[:-1]) + f" {phrases.AND[lang]} " + items[-1]


@dataclass
class RegisterProse:
    """The register-prose entries of one notice, in the order they were recorded."""

    lang: str
    officers_out: list[str] = field(default_factory=list)
    """Officers leaving: `Family Given, von X, in Y, function`."""
    signed_out: bool = False
    """Whether one of the leaving officers could sign."""
    female_out: bool = False
    """Whether the one leaving officer is a woman (the Italian verb agrees)."""
    expired: dict[str, list[str]] = field(default_factory=dict)
    """Signature -> `Family Given` of the pure signatories whose right ended."""
    changed: list[str] = field(default_factory=list)
    """Complete sentences of persons whose function or right changed."""
    granted: dict[str, list[str]] = field(default_factory=dict)
    """Signature -> entries of the persons newly entered with it."""
    auditors_in: list[str] = field(default_factory=list)
    """Auditors entered (`Name, in Seat`)."""
    auditors_out: list[str] = field(default_factory=list)
    """Auditors removed."""

    def change(
        self,
        entry: str,
        words: str,
        old: str,
        sig_text: str | None,
        female: bool,
        role_changed: bool,
    ) -> None:
        """`X, bisher Mitglied, ist jetzt Präsident, mit …` and its French and Italian forms."""
        lang = self.lang
        sig = f" {sig_text}" if sig_text else ""
        if lang == "de":
            if role_changed:
                tail = f", {sig_text}" if sig_text else ""
                self.changed.append(f"{entry}, bisher {old}, ist jetzt {words}{tail}.")
            else:
                self.changed.append(f"{entry}, {words}, bisher {old}, zeichnet neu{sig}.")
            return
        entered = ENTERED[lang][1 if female else 0]
        prev = phrases.PREVIOUS[lang]
        self.changed.append(f"{entry}, {entered}, {NOW[lang]} {words}{sig} [{prev}: {old}].")

    def sentences(self, rng: random.Random) -> list[str]:
        """The notice's register-prose sentences (removals first, as the registers wrote)."""
        lang = self.lang
        out: list[str] = []
        if self.officers_out:
            many = len(self.officers_out) > 1
            joined = (
                "; ".join(self.officers_out) if lang == "de" else _listed(lang, self.officers_out)
            )
            tail = f"; {LEFT_SIGNATURE[lang][many]}" if self.signed_out else ""
            verb = LEFT[lang][many]
            if not many and self.female_out:
                verb = LEFT_FEMALE.get(lang, verb)
            out.append(f"{joined}, {verb}{tail}.")
        for sig, people in self.expired.items():
            prep = EXPIRY_PREP[lang]
            if len(people) > 1 and rng.random() < 0.4:
                # "von A und von B": the preposition repeated before every name.
                names = _join(lang, people, f", {prep} ").replace(
                    f" {phrases.AND[lang]} ", f" {phrases.AND[lang]} {prep} "
                )
            else:
                names = _join(lang, people, ", ")
            out.append(f"{EXPIRY[lang][sig]} {prep} {names} {EXPIRY_VERB[lang]}.")
        out.extend(self.changed)
        for sig, entries in self.granted.items():
            if lang == "de":
                text, joined = phrases.SIGNATURES[lang][sig], "; ".join(entries)
            elif lang == "fr":
                text, joined = phrases.PROSE_GRANT[sig], _listed(lang, entries)
            else:  # "… è conferita a A, …, e a B, …": the preposition repeated
                text, joined = GRANT_SIG_IT[sig], _listed(lang, entries, "e a")
            out.append(GRANT[lang].format(sig=text, entries=joined))
        ins, outs = list(self.auditors_in), list(self.auditors_out)
        if lang in AUDITOR_REPLACED and ins and outs:
            out.append(AUDITOR_REPLACED[lang].format(new=ins.pop(0), old=outs.pop(0)))
        out.extend(AUDITOR_OUT[lang].format(old=o) for o in outs)
        out.extend(AUDITOR_IN[lang].format(new=n) for n in ins)
        return out
