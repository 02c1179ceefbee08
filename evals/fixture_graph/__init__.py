"""A small, hand-written graph that follows docs/graph-model.md, for tool and agent tests.

Every name is fictitious. `load_fixture_graph(driver)` wipes the database and creates the graph
with parameterised Cypher (not through ingestion), then returns `FACTS`: the data it loaded plus
hand-derived answers (`FACTS.expected`) that tests and the agent's question set assert against.

What it contains (short keys in brackets, graph ids in `FACTS.ids`):
- Alpenblick Holding AG [alpenblick] (Zürich, renamed from Alpenblick Beteiligungen AG, capital
  1M -> 5M) with two branches [branch_ge] (Genève, fr) and [branch_ti] (Lugano, it); its board
  rotates (Keller leaves, Frei joins on 2020-06-15) and a weak auditor [nordlicht] joins.
- Bergkristall Software GmbH [bergkristall] MERGED_INTO Kristallnetz Informatik AG [kristallnetz]
  (journal 2022-11-10); bergkristall is deleted.
- Lac Léman Logistique SA [leman] TRANSFERRED_TO Rhône Transports Sàrl [rhone] (asset transfer,
  fr), which ACQUIRED_FROM it; Claire Dubois moves from one to the other.
- Müller Bau GmbH [muellerbau] (Luzern): bankrupt 2023-03-10, deleted 2024-01-17; Beat Schmid
  left it and came back (two HOLDS_ROLE edges).
- Ticino Verde Sagl [ticino] (it), renamed from Verde Giardini Sagl and moved Locarno ->
  Bellinzona on 2019-10-02.
- Stiftung Sonnenhalde [sonnenhalde]: an old entry with only a register number (id `CH:...`).
- Treuhand Sonnenberg AG [sonnenberg] (Zug) and its weak text mention [sonnenberg_weak], which is
  SAME_AS it and shares its NameHub; the weak mention is auditor of kristallnetz.
- Phantom Consulting [phantom]: an orphan weak company (only IN_HUB), which search must hide.
- Hans Müller [mueller] holds mandates in alpenblick, muellerbau and sonnenberg; Hans Mueller
  [mueller_weak] (weak, "da Lucerna") shares his NameHub (transliteration variant).
- Anna Meier von Bern [meier_be] and Anna Meier de Genève [meier_ge]: homonyms in one NameHub.
- Karl Huber [huber] (weak): removed from sonnenberg without a registration (flagged edge with
  valid_from null).
Role validity is `valid_from <= d < valid_to` (null valid_to = open, null valid_from = unknown
start, counted as open); deleted companies have their roles closed by the deletion notice.

Modules: `events` (the notices), `companies`, `persons`, `relations` (roles, attribute history,
structure edges), `facts` (`FixtureFacts` and the hand-derived answers), `load` (the Cypher).
"""

from evals.fixture_graph.companies import COMPANIES
from evals.fixture_graph.events import EVENTS, PUB
from evals.fixture_graph.facts import FACTS, FixtureFacts
from evals.fixture_graph.load import load_fixture_graph
from evals.fixture_graph.persons import PERSONS
from evals.fixture_graph.relations import ROLES, STATES, STRUCTURE

__all__ = [
    "COMPANIES",
    "EVENTS",
    "FACTS",
    "PERSONS",
    "PUB",
    "ROLES",
    "STATES",
    "STRUCTURE",
    "FixtureFacts",
    "load_fixture_graph",
]
