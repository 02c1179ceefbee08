"""Population questions about persons: who has a name, lives in a place, comes from one, or
holds a nationality, and where they are registered.

"Welche Personen namens Muster kommen vor?", "Wer aus Thun ist wo eingetragen?", "Quels
ressortissants belges figurent dans les avis ?", "Which people have Chur as place of origin?",
"Quali società sono collegate alla famiglia Muster?": the register writes each person as
"Family, Given, von <origin>, in <residence>" (or with a nationality instead of an origin), so
the filters are the family name, the residence, the origin and the nationality. The cue words
are the languages' own ("namens", "nommé", "di nome", "named"; "wohnhaft in", "domicilié à",
"residente a", "living in"; "Heimatort", "originaire de", "attinente di", "place of origin").
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from graph_agent.planners.offline.list_filters import abroad_in, excluded_company, place_case
from graph_agent.planners.offline.residence_words import PLACE as _PLACE
from graph_agent.planners.offline.residence_words import canton_names, residence_place, same_canton
from graph_agent.planners.offline.residence_words import clean_place as _place
from graph_agent.planners.offline.slots import fold
from graph_agent.state import ToolCall
from shabgraph.register.folding import has_any
from shabgraph.register.nationalities import ADJECTIVE_COUNTRIES, nationality_code

_NAME = r"(?P<v>[A-ZÀ-Ý][\w'’\-À-ÿ]+)(?![\w'’\-])(?!\s+[A-ZÀ-Ý])"
"""One family name; "named Anna Muster" names one person (a homonym question), not a family."""

NAME_CUES = re.compile(
    r"(?<!\w)(?i:namens|mit (?:dem )?(?:familien|nach)?namen|der (?:familien|nach)?name|"
    r"familie|named|called|(?:the )?(?:sur|family )?name|family|nommée?s?|appelée?s?|"
    r"(?:le )?nom(?: de famille)?|famille|di nome|chiamat[oaie]|(?:il )?cognome|famiglia)\s+"
    + _NAME
)
RESIDENCE_CUES = re.compile(
    r"(?<!\w)(?i:wohnhaft in|mit wohnsitz(?: in)?|wohnsitz in|wohnort|wohnen in|wohnt in|"
    r"wohnte (?:früher |damals )?in|wohnten (?:früher |damals )?in|aus|lived in|habitait (?:à|a)|"
    r"habitaient (?:à|a)|abitava a|abitavano a|"
    r"living in|who live in|live in|lives in|resident in|residing in|"
    r"domicilié(?:e)?s? (?:à|a)|habitant (?:à|a)|qui habitent (?:à|a)|qui vivent (?:à|a)|"
    r"residenti a|residente a|domiciliat[aeio] a|che abitano a|che vivono a)\s+" + _PLACE
)
ORIGIN_CUES = re.compile(
    r"(?<!\w)(?i:heimatort|heimatberechtigt in|b[uü]rger(?:innen)? von|originaires? de|"
    r"lieu d'origine|attinenti di|attinente di|originari di|luogo di attinenza|place of origin|"
    r"citizens of)\s+"
    + _PLACE
    + r"|"
    + _PLACE.replace("(?P<v>", "(?P<w>")
    + r"\s+(?i:as (?:their )?place of origin|als heimatort|comme lieu d'origine|come luogo di)"
)
PLACE_CUES = re.compile(
    r"(?<!\w)(?i:bezug zu|beziehung zu|verbindung zu|verbindungen zu|connection to|"
    r"connections to|ties to|linked to|connected to|lien avec|liens avec|lié(?:e)?s? (?:à|a)|"
    r"legame con|legami con|legat[aeio] a|collegat[aeio] a)\s+"
    + _PLACE
    + r"|(?<!\w)(?i:mit)\s+"
    + _PLACE.replace("(?P<v>", "(?P<w>")
    + r"\s+(?i:zu tun)"
)
"""A place a person is linked to either way, home or origin ("einen Bezug zu Riehen", "mit
Sursee zu tun", "ties to Chur", "un lien avec Sion"): both are read."""
COMPANY_BEFORE = re.compile(
    r"(?i:firma|firmen|company|companies|societe|société|societa|società|gesellschaft|"
    r"entreprise|ditta|unternehmen|stiftung|fondation|fondazione|foundation)\s+\S+\s*$"
)
"""A company word right before the name cue ("eine Firma namens X"): a company's name."""
PERSON_CUES = (
    "mitglieder",
    "members",
    "membres",
    "membri",
    "personen",
    "person",
    "people",
    "persons",
    "personnes",
    "persone",
    "ressortissant",
    "citizens",
    "nationals",
    "staatsangehorig",
    "burger",
    "cittadin",
    "wer ",
    "who ",
    "qui ",
    "chi ",
    "anyone",
    "anybody",
    "jemand",
    "quelqu'un",
    "qualcuno",
    "namens",
    "famil",
)
NATIONALITY_CUES = ("nationalit", "staatsangehor", "citoyen", "cittadin", "citizen", "national")
ENGLISH_ADJECTIVES = {
    "german": "DE",
    "french": "FR",
    "italian": "IT",
    "austrian": "AT",
    "british": "GB",
    "american": "US",
    "spanish": "ES",
    "portuguese": "PT",
    "dutch": "NL",
    "belgian": "BE",
    "polish": "PL",
    "romanian": "RO",
    "russian": "RU",
    "turkish": "TR",
    "chinese": "CN",
    "swedish": "SE",
    "hungarian": "HU",
    "czech": "CZ",
    "croatian": "HR",
    "serbian": "RS",
    "indian": "IN",
    "brazilian": "BR",
}
"""English nationality adjectives (the register's table holds de/fr/it)."""
ENGLISH_COUNTRIES = {
    "DE": "germany",
    "FR": "france",
    "IT": "italy",
    "AT": "austria",
    "GB": "united kingdom",
    "US": "united states",
    "ES": "spain",
    "PT": "portugal",
    "NL": "netherlands",
    "BE": "belgium",
    "PL": "poland",
    "RO": "romania",
    "RU": "russia",
    "TR": "turkey",
    "CN": "china",
}


@dataclass(frozen=True)
class PersonFilters:
    """What the persons asked about have in common."""

    name: str | None = None
    residence: str | None = None
    origin: str | None = None
    nationality: tuple[str, ...] = ()
    place: str | None = None
    """A place of residence or of origin, either counts."""
    residence_canton: str | None = None
    """The canton code of the residence ("im Kanton Bern", "en Valais")."""
    abroad: bool = False
    """Living outside Switzerland."""
    not_company: str | None = None
    """A company the persons hold no role at ("… but not at X")."""

    def any(self) -> bool:
        """At least one filter."""
        return bool(
            self.name
            or self.residence
            or self.origin
            or self.nationality
            or self.place
            or self.residence_canton
            or self.abroad
            or self.not_company
        )


def nationality_in(folded: str) -> str | None:
    """The ISO code of a nationality adjective or country the question names, else None."""
    words = re.findall(r"[a-z]+", folded)
    for pair in itertools.pairwise(words):  # "pays bas", "stati uniti"
        code = nationality_code(" ".join(pair))
        if code and len(code) == 2 and code.isupper():
            return code
    for word in words:
        if word in ENGLISH_ADJECTIVES:
            return ENGLISH_ADJECTIVES[word]
        for cand in (word, word.rstrip("s"), word.removesuffix("e"), word.removesuffix("es")):
            code = nationality_code(cand)
            if code and len(code) == 2 and code.isupper():
                return code
        stem = word[:-1] if len(word) > 5 else word  # Italian adjectives: rumen-o/-i/-a/-e
        for adjective in ADJECTIVE_COUNTRIES["it"]:
            if stem == adjective:
                return nationality_code(ADJECTIVE_COUNTRIES["it"][adjective])
    return None


def country_names(code: str) -> tuple[str, ...]:
    """Every written name of a country the notices may use (de, fr, it, en), lower case."""
    names = {
        country.lower()
        for table in ADJECTIVE_COUNTRIES.values()
        for country in table.values()
        if nationality_code(country) == code
    }
    if code in ENGLISH_COUNTRIES:
        names.add(ENGLISH_COUNTRIES[code])
    return tuple(sorted(names))


def person_filters(question: str) -> PersonFilters | None:
    """The filters of a question about a population of persons, else None."""
    folded = fold(question)
    question = place_case(question)  # "wer wohnt in bern" names the place Bern
    named = NAME_CUES.search(question)
    if named and COMPANY_BEFORE.search(question[: named.start("v")]):
        named = None
    if not (named or has_any(folded, PERSON_CUES)):
        return None
    residence = _place(m["v"]) if (m := RESIDENCE_CUES.search(question)) else None
    canton, town = residence_place(question)
    residence = residence or town  # "qui vit à Genève": the town
    if canton and residence and same_canton(residence, canton):
        residence = None  # "wohnt in Graubünden": the canton, not a town
    origin = None
    if m := ORIGIN_CUES.search(question):
        origin = _place(m["v"] or m["w"])
    code = nationality_in(folded)
    nationality = country_names(code) if code else ()
    if nationality and residence and not has_any(folded, NATIONALITY_CUES):
        nationality = ()  # "wohnhaft in Italien": a country of residence, not a nationality
    place = None
    either = has_any(folded, EITHER_WORDS) is not None
    if (m := PLACE_CUES.search(question)) and not (residence or origin):
        place = _place(m["v"] or m["w"])
    elif either and (residence or origin) and not (residence and origin):
        place, residence, origin = residence or origin, None, None
    found = PersonFilters(
        named["v"] if named else None,
        residence,
        origin,
        nationality,
        place,
        canton,
        abroad=abroad_in(folded),
        not_company=excluded_company(folded),
    )
    return found if found.any() else None


EITHER_WORDS = (
    "oder wohnort",
    "oder heimatort",
    "or origin",
    "or residence",
    "ou d'origine",
    "ou domicile",
    "o attinenza",
    "o domicilio",
)
"""Words that join home and origin ("Heimatort oder Wohnort"): the place counts either way."""


def filter_words(filters: PersonFilters) -> set[str]:
    """The folded words of the filter values (a mention made of them names no company)."""
    values = (filters.name, filters.residence, filters.origin, filters.place, filters.not_company)
    words = {fold(x) for x in values if x}
    if filters.residence_canton:  # "im Kanton Bern", "in Ticino": a filter, no company
        words |= canton_names(filters.residence_canton)
    return words | {fold(w) for x in list(words) for w in x.split()}


def persons_calls(filters: PersonFilters, company: str | None = None) -> list[ToolCall]:
    """The list_register calls for persons with these filters (one: a place that counts as
    home or origin is the tool's `place` filter)."""
    return [persons_call(filters, company)]


def persons_call(filters: PersonFilters, company: str | None = None) -> ToolCall:
    """The list_register call for persons with these filters."""
    args: dict[str, object] = {"what": "persons", "limit": 50}
    if filters.name:
        args["name"] = filters.name.lower()
    if filters.residence:
        args["residence"] = filters.residence
    if filters.origin:
        args["origin"] = filters.origin
    if filters.residence_canton:
        args["residence_canton"] = filters.residence_canton
    if filters.place:
        args["place"] = filters.place
    if filters.abroad:
        args["abroad"] = True
    if filters.not_company:
        args["not_company"] = filters.not_company
    if filters.nationality:
        args["nationality"] = list(filters.nationality)
    if company:
        args["company"] = company
    return ToolCall(tool="list_register", args=args, purpose="persons with filters")
