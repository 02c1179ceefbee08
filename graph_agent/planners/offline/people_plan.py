"""Plans for questions about persons and pairs: the persons a name, a place or a nationality
picks out ("Wer aus Thun ist wo eingetragen?"), and the persons two companies share ("sowohl bei
X als auch bei Y"). Both read the graph through the register's own facts: `list_register` over
persons, and `get_entity_facts` of each company.
"""

from __future__ import annotations

import re

from graph_agent.planners import calls
from graph_agent.planners.base import ActOut, RouteOut, TurnView
from graph_agent.planners.offline.asks import understand
from graph_agent.planners.offline.mentions import Mention
from graph_agent.planners.offline.name_words import has_org_word
from graph_agent.planners.offline.people import filter_words, nationality_in, person_filters
from graph_agent.planners.offline.slots import fold
from graph_agent.result import EntityRef
from graph_agent.state import Slots, ToolCall
from shabgraph.register.cantons import canton_code

FACT_TOOL = "get_entity_facts"
BOTH_RE = re.compile(
    r"(?i:\bsowohl\b.+\b(?:als|wie) auch\b|\bboth\b|\bin beiden\b|\bbei beiden\b|\bà la fois\b|"
    r"\ba la fois\b|\baux deux\b|\bdans les deux\b|\bsia\b.+\b(?:sia|che)\b|\bin entrambe\b|"
    r"\bentrambi\b|\bgemeinsam\b|\bin common\b|\ben commun\b|\bin comune\b)"
)
"""Words that ask what two entities share ("sowohl bei X als auch bei Y", "both X and Y")."""
LINK_RE = re.compile(
    r"(?i:\bverbind\w*|\bverbunden\b|\bbeziehung\w*|\bzusammenhang\b|"
    r"\b(?:derselben|dieselbe|denselben|selben|der gleichen|die gleiche)\b|\bconnect\w*|\blink\w*|"
    r"\brelat\w*|\bsame\b|\blien\w*|\bmeme\b|\bmême\b|\blegam\w*|"
    r"\bcollegat\w*|\brelazion\w*|\bstess[oa]\b|\brapport[oi]\b|\bquel(?:le)? rapport\b|"
    r"\brapports? entre\b)"
)
"""Words that ask how two named entities are linked ("Was verbindet X und Y?", "Quel lien entre
X et Y ?", "X and Y: same company?"): what the two records have in common."""


def facts_call(entity: EntityRef | str) -> ToolCall:
    """Read the whole record of one entity."""
    ident = entity if isinstance(entity, str) else entity.id
    return ToolCall(tool=FACT_TOOL, args={"entity_id": ident}, purpose="facts of the entity")


AT_COMPANY = re.compile(
    r"(?i:\b(?:bei|chez|presso|at|of|der|die|des|du|de la|della|dans|in|von|alla|à la)\s+)"
    r"(?:der\s+|la\s+|l'|the\s+)?$"
)
"""The words before a company name that limit the persons to it ("… bei der X eingetragen")."""


def person_route(view: TurnView, slots: Slots, found: list[Mention]) -> RouteOut | None:
    """A list of persons for a question about persons by name, place or nationality; a
    company named beside the filter ("… bei der X eingetragen") limits their roles."""
    if slots.uid or (view.focus and understand(view.question, view.history).follow_up):
        return None
    filters = person_filters(view.question)
    if filters is None:
        return None
    skip = filter_words(filters)
    rest = [
        m.text
        for m in found
        if fold(m.text) not in skip
        and not (fold(m.text).split() and fold(m.text).split()[0] in skip)
        and nationality_in(fold(m.text)) is None
        and (m.org or AT_COMPANY.search(view.question[: max(0, view.question.find(m.text))]))
    ]
    return RouteOut(
        intent="macro_analytics",
        task="list",
        reason="population question: persons by "
        + ", ".join(k for k, v in vars(filters).items() if v)
        + (f" in {rest[0]!r}" if rest else ""),
        slots=slots.model_copy(
            update={"spans": rest[:1], "attribute": "persons", "text": None, "role": None}
        ),
    )


AND_RE = re.compile(r"\s+(?:and|und|et|e|sowie|as well as)\s+(?=[A-ZÀ-Ý])")


def common_route(view: TurnView, slots: Slots, found: list[Mention]) -> RouteOut | None:
    """The persons two named companies share: read the facts of both."""
    both = BOTH_RE.search(view.question) is not None
    if not (both or LINK_RE.search(view.question)) or slots.uid:
        return None
    names = [m.text for m in found if not canton_code(m.text)]
    if len(names) == 1:
        # "both Alpha AG and Beta Stiftung" reads as one name joined by "and": two names
        names = [p for p in AND_RE.split(names[0]) if p.strip()]
    if len(names) < 2 or (not both and all(has_org_word(n) for n in names[:2])):
        return None  # "links" between two companies: their own links answer (mergers, ...)
    return RouteOut(
        intent="network_exploration",
        task="facts",
        reason=f"asks what {names[0]!r} and {names[1]!r} share",
        slots=slots.model_copy(
            update={"spans": names[:2], "attribute": "common", "aspect": "facts", "role": None}
        ),
    )


def act_common(view: TurnView) -> ActOut:
    """Link each of the two names in turn and read its facts."""
    steps = view.steps
    tried = {
        fold(str(s["args"].get("query", ""))) for s in steps if s.get("tool") == "search_companies"
    }
    untried = [m for m in view.slots.spans if fold(m) not in tried]
    if not untried:
        return ActOut(note="both read")
    return ActOut(
        calls=[calls.search_call(untried[0], view.slots), facts_call(calls.ENTITY)],
        note=f"link '{untried[0]}' then read its facts",
        complete=len(untried) == 1,
    )
