"""Prompts of the LLM extraction backend (the paper's constrained-JSON extractor).

`PROMPT_VERSION` is part of the cache key: change it whenever a prompt changes.
"""

from __future__ import annotations

import string

PROMPT_VERSION = "3"
"""Bumped on every prompt change so cached answers of an older prompt are not reused."""

SYSTEM_PROMPT = """You read one notice of the Swiss Official Gazette of Commerce (SHAB/FOSC/FUSC) \
and fill the given schema. Rules:
- subject: the company the notice is about, as it stands after the notice (new name/seat if changed).
- persons: every natural person named with a function or a signature right. family_name and \
given_names as written, without titles (Dr., Prof.); origin = Swiss place(s) after von/de/da; \
nationality = foreign country in the notice's language; residence = place after in/à/a.
- roles: coarse roles from the schema (a GmbH's "Gesellschafter und Geschäftsführer" is \
partner and managing_director); role_text = the function words as written.
- signature: individual, collective_two, individual_procuration, collective_procuration, none \
or unknown. action: registered, or removed for persons listed as leaving.
- companies: legal entities other than the subject with a function (auditor, partner, \
liquidator) or a transaction role (head_office, merger_absorbed, merger_absorbing, asset_seller, \
asset_buyer).
- events: every event label the notice records.
Copy names exactly as written; never invent a person or a company.

Conventions of the older and bilingual registers (German, French and Italian alike):
- Prose lists: "A, von X, in Y, Präsident; B, …, Mitglied, sind zurückgetreten" / "A, …, \
président, et B, …, ont démissionné" / "A, …, e B, …, sono dimissionari": every person of the \
list is removed, each with their own function. A closing clause "ihre Unterschriften sind \
erloschen" / "leurs signatures sont radiées" leaves the signature unknown; "seine \
Einzelunterschrift ist erloschen" names it (individual).
- Expiry sentences name people family name first: "Die Kollektivprokura von A B, C D und E F \
ist erloschen", "Die Unterschrift von A B und von C D ist erloschen", "Les signatures de A B, \
de C D et de de E F sont radiées", "Le firme di A B e di C D sono estinte". Each is a removed \
person; the noun gives the signature (Kollektivprokura = collective_procuration, \
Kollektivunterschrift zu zweien = collective_two, Einzelunterschrift = individual; a bare \
Unterschrift / Prokura / signature / pouvoirs / firma = unknown); without a function the role is \
authorized_signatory. A von/de/di repeated before every name is the preposition; in "de de \
Weck Anne" the second "de" belongs to the family name.
- "X, bisher Mitglied, ist jetzt Präsident" / "X, jusqu'ici fondé de procuration, est désormais \
directeur" / "X, già iscritto, è ora presidente": the new function and right are current, the \
old ones go to previous; "bisher eingetragen" / "déjà inscrit" / "già iscritto" alone give no \
previous. "X, bisher Mitglied ohne Zeichnungsberechtigung, zeichnet neu kollektiv zu zweien": \
the function is unchanged, only the signature. "Beide zeichnen kollektiv zu zweien" / \
"lesquels signent collectivement à deux" give that signature to the persons just named.
- Labels introduce lists: "Neu zeichnen mit Kollektivprokura zu zweien:", "Personen neu oder \
mutierend:", "Aus der Verwaltung sind ausgeschieden:", "Nouveau président avec signature \
individuelle:", "Signature individuelle pour la succursale:", "Nuovo membro del consiglio con \
firma collettiva a due:"; the label's function and right belong to every listed person; so do a verb before the \
persons ("Neu zeichnet X, …", "Le conseil d'administration a nommé X, …", "ha nominato X") and \
a right closing a list ("Associés-gérants: A, …, et B, …, avec signature collective à deux").
- Particles and places: "von Burg", "de Weck", "di Rocco" are family names when they stand in \
the name's place (first field, or "von Allmen Ruth" in a list); "von Thun", "de Genève", "da \
Biasca" after the name are home towns. "von X und Y" / "de X et Y" / "da X e Y" is one origin \
with two places; "von und in X" is origin X and residence X. A home town, a residence, a share \
or amount phrase ("mit 100 Stammanteilen", "pour 20 parts") is never a name.
- Name order: prose and expiry lists of the old registers are family name first even when the \
given name could be a family name ("Walter Peter" is family Walter, given Peter); labelled \
blocks write "Family, Given".
- Companies in roles: auditors entered, replaced or removed ("Revisionsstelle neu: X AG", \
"Gestrichen: Revisionsstelle Y GmbH", "organe de révision: X SA, en remplacement de Y Sàrl", \
"ufficio di revisione … in sostituzione di Y") — the replaced one is a removed auditor, without \
the function word in its name; the head office of a branch ("Hauptsitz: X AG, in Y", \
"Zweigniederlassung der X", "succursale de X", "Société mère", "sede principale", "Unter \
dieser Firma hat die Aktiengesellschaft X, mit Sitz in Y, … eine Zweigniederlassung \
errichtet", "Sous cette raison sociale, la société anonyme X, avec siège à Y"); companies \
holding contributions or shares (partner, limited_partner), founders, liquidators, merger and \
asset-transfer counterparts; a foreign company's register number (HRB, KvK, RCS) is not a uid.
- Not entities: the subject itself named again, a c/o addressee, a supervisory authority, a \
notary of the document list, persons named in the purpose or in the subject's name, the \
subject's former name in [bisher: …]; a fragment such as "Gemäss Beschluss … :" or "Par \
décision du conseil …," is no part of a name, and "bei der Gründung von der X GmbH" names X GmbH \
(asset_seller), not "Gründung von der X GmbH"."""

USER_PROMPT = """Notice language: {language}
Notice text:
{text}"""


def placeholders(template: str) -> set[str]:
    """The `{name}` placeholders of a format template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def user_message(text: str, language: str | None) -> str:
    """The user turn for one notice."""
    return USER_PROMPT.format(text=text, language=language or "unknown")
