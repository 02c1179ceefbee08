"""A tiny fictional registry graph for the UI tests (no real names: these appear in screenshots)."""

from __future__ import annotations

from neo4j import Driver

from shabgraph import db

LOAD = """
CREATE (h:Company {id: 'CHE-100.000.001', uid: 'CHE-100.000.001', strength: 'strong',
  name: 'Muster Holding AG', names: ['Muster Holding AG'], names_text: 'Muster Holding AG',
  seat: 'Zürich', canton: 'ZH', legal_form: '0106', legal_form_label: 'AG',
  purpose: 'Halten und Verwalten von Beteiligungen.', capital: 100000.0,
  address: 'Musterstrasse 1, 8000 Zürich', status: 'active', registered_on: date('2019-03-01'),
  pubs: ['HR01-1000000001', 'HR02-1000000002']})
CREATE (b:Company {id: 'CHE-100.000.002', uid: 'CHE-100.000.002', strength: 'strong',
  name: 'Beispiel Immobilien GmbH', names: ['Beispiel Immobilien GmbH'],
  names_text: 'Beispiel Immobilien GmbH', seat: 'Bern', canton: 'BE', legal_form_label: 'GmbH',
  purpose: 'Erwerb und Verwaltung von Liegenschaften.', status: 'active',
  pubs: ['HR01-1000000003']})
CREATE (a:Company {id: 'CHE-100.000.003', uid: 'CHE-100.000.003', strength: 'strong',
  name: 'Alpen Handel AG', names: ['Alpen Handel AG'], names_text: 'Alpen Handel AG',
  seat: 'Lugano', canton: 'TI', legal_form_label: 'AG', status: 'deleted',
  purpose: 'Handel mit Waren aller Art.', pubs: ['HR03-1000000004']})
CREATE (p:Person {id: 'p:anna', full_name: 'Anna Beispiel', family_name: 'Beispiel',
  given_names: 'Anna', name_variants_text: 'Anna Beispiel', origin: 'Luzern',
  residence: 'Zürich', strength: 'strong', pubs: ['HR01-1000000001']})
CREATE (m:Person {id: 'p:marco', full_name: 'Marco Esempio', family_name: 'Esempio',
  given_names: 'Marco', name_variants_text: 'Marco Esempio', nationality: 'Italien',
  residence: 'Lugano', strength: 'strong', pubs: ['HR02-1000000002']})
CREATE (e1:Event {pub_number: 'HR01-1000000001', sub_rubric: 'HR01', pub_date: date('2019-03-05'),
  journal_date: date('2019-03-01'), journal_number: '1001', canton: 'ZH', language: 'de',
  text: 'Muster Holding AG, in Zürich, CHE-100.000.001. Neueintragung. Eingetragene Personen: Beispiel, Anna, von Luzern, in Zürich, Mitglied des Verwaltungsrates, mit Einzelunterschrift.',
  event_types: ['registration'], subject_id: 'CHE-100.000.001', source: 'demo'})
CREATE (e2:Event {pub_number: 'HR02-1000000002', sub_rubric: 'HR02', pub_date: date('2022-06-10'),
  journal_date: date('2022-06-07'), journal_number: '2002', canton: 'ZH', language: 'de',
  text: 'Muster Holding AG, in Zürich. Eingetragene Personen neu: Esempio, Marco, italienischer Staatsangehöriger, in Lugano, Präsident des Verwaltungsrates, mit Kollektivunterschrift zu zweien.',
  event_types: ['board_change'], subject_id: 'CHE-100.000.001', source: 'demo'})
CREATE (e3:Event {pub_number: 'HR01-1000000003', sub_rubric: 'HR01', pub_date: date('2020-01-15'),
  journal_date: date('2020-01-10'), canton: 'BE', language: 'de',
  text: 'Beispiel Immobilien GmbH, in Bern. Neueintragung. Zweigniederlassung der Muster Holding AG.',
  event_types: ['registration'], subject_id: 'CHE-100.000.002', source: 'demo'})
CREATE (e4:Event {pub_number: 'HR03-1000000004', sub_rubric: 'HR03', pub_date: date('2023-09-01'),
  journal_date: date('2023-08-28'), canton: 'TI', language: 'it',
  text: 'Alpen Handel AG, in Lugano. La società è cancellata.',
  event_types: ['deletion'], subject_id: 'CHE-100.000.003', source: 'demo'})
CREATE (h)-[:HAS_EVENT {pubs: ['HR01-1000000001']}]->(e1)
CREATE (h)-[:HAS_EVENT {pubs: ['HR02-1000000002']}]->(e2)
CREATE (b)-[:HAS_EVENT {pubs: ['HR01-1000000003']}]->(e3)
CREATE (a)-[:HAS_EVENT {pubs: ['HR03-1000000004']}]->(e4)
CREATE (h)-[:HEAD_OFFICE_OF {pubs: ['HR01-1000000003']}]->(b)
CREATE (p)-[:HOLDS_ROLE {role: 'board_member', role_text: 'Mitglied des Verwaltungsrates',
  signature: 'Einzelunterschrift', valid_from: date('2019-03-01'), current: true,
  from_pub: 'HR01-1000000001', pubs: ['HR01-1000000001']}]->(h)
CREATE (m)-[:HOLDS_ROLE {role: 'chair', role_text: 'Präsident des Verwaltungsrates',
  signature: 'Kollektivunterschrift zu zweien', valid_from: date('2022-06-07'), current: true,
  from_pub: 'HR02-1000000002', pubs: ['HR02-1000000002']}]->(h)
CREATE (m)-[:HOLDS_ROLE {role: 'manager', role_text: 'Geschäftsführer', valid_from: date('2018-01-01'),
  valid_to: date('2023-08-28'), current: false, pubs: ['HR03-1000000004']}]->(a)
CREATE (p)-[:HOLDS_ROLE {role: 'manager', role_text: 'Geschäftsführerin', current: true,
  valid_from: date('2020-01-10'), pubs: ['HR01-1000000003']}]->(b)
"""

COMPANY_IDS = ("CHE-100.000.001", "CHE-100.000.002", "CHE-100.000.003")


def load_demo_graph(driver: Driver, database: str = "neo4j") -> None:
    """Replace the demo nodes (idempotent: deletes the previous copy first)."""
    db.write(
        driver,
        database,
        "MATCH (n) WHERE n.id IN $ids OR n.pub_number STARTS WITH 'HR0' AND n.source = 'demo' "
        "DETACH DELETE n",
        ids=[*COMPANY_IDS, "p:anna", "p:marco"],
    )
    db.write(driver, database, LOAD)
