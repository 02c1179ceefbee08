"""The graph model and its idempotent schema migrations.

This module is the contract between ingestion (which writes the graph) and the tools (which read
it). Labels, relationship types and the key properties are named here once; `docs/graph-model.md`
describes every property.

Nodes
  Company   strong (from a notice's structured block: has `uid` or an old CH number) or weak
            (only named in a notice's text). Key `id`.
  Person    a resolved person profile (weak before resolution confirms it across notices). Key `id`.
  Event     one per publication. Key `pub_number` (e.g. `HR02-1006747585`).
  NameHub   the sorted-token key shared by all spellings of a name. Key `key`.
  CompanyState  one historical value of a company attribute (name, seat, capital, ...), with
            its validity interval.

Relationships (direction as written)
  (Company)-[:HAS_EVENT]->(Event)              the notice's subject
  (Company)-[:HEAD_OFFICE_OF]->(Company)       head office -> branch
  (Company)-[:TRANSFERRED_TO]->(Company)       asset seller -> buyer
  (Company)-[:ACQUIRED_FROM]->(Company)        asset buyer -> seller
  (Company)-[:MERGED_INTO]->(Company)          absorbed -> absorbing
  (Person|Company)-[:INVOLVED_IN]->(Event)     named in the notice (role, action)
  (Person|Company)-[:HOLDS_ROLE]->(Company)    a function with valid_from / valid_to
  (Person|Company)-[:IN_HUB]->(NameHub)        identity-resolution hierarchy
  (Company)-[:SAME_AS]->(Company)              weak node absorbed into a strong one (reason, score)
  (Company)-[:HAD_STATE]->(CompanyState)       attribute history
"""

from __future__ import annotations

from typing import Final

from neo4j import Driver

# Labels
COMPANY: Final = "Company"
PERSON: Final = "Person"
EVENT: Final = "Event"
NAMEHUB: Final = "NameHub"
COMPANY_STATE: Final = "CompanyState"

# Relationship types
HAS_EVENT: Final = "HAS_EVENT"
HEAD_OFFICE_OF: Final = "HEAD_OFFICE_OF"
TRANSFERRED_TO: Final = "TRANSFERRED_TO"
ACQUIRED_FROM: Final = "ACQUIRED_FROM"
MERGED_INTO: Final = "MERGED_INTO"
INVOLVED_IN: Final = "INVOLVED_IN"
HOLDS_ROLE: Final = "HOLDS_ROLE"
IN_HUB: Final = "IN_HUB"
SAME_AS: Final = "SAME_AS"
HAD_STATE: Final = "HAD_STATE"

# Full-text index names (the tools query them by name)
FT_COMPANY: Final = "company_fulltext"
FT_PERSON: Final = "person_fulltext"
FT_EVENT: Final = "event_text"
FT_NAMEHUB: Final = "namehub_fulltext"
FT_INITIALS: Final = "company_initials"
VECTOR_EVENT: Final = "event_embedding"

# Each statement is idempotent (IF NOT EXISTS); order matters only for readability.
MIGRATIONS: Final[tuple[tuple[str, str], ...]] = (
    (
        "company_id",
        "CREATE CONSTRAINT company_id IF NOT EXISTS FOR (c:Company) REQUIRE c.id IS UNIQUE",
    ),
    (
        "company_uid",
        "CREATE CONSTRAINT company_uid IF NOT EXISTS FOR (c:Company) REQUIRE c.uid IS UNIQUE",
    ),
    (
        "person_id",
        "CREATE CONSTRAINT person_id IF NOT EXISTS FOR (p:Person) REQUIRE p.id IS UNIQUE",
    ),
    (
        "event_pub",
        "CREATE CONSTRAINT event_pub IF NOT EXISTS FOR (e:Event) REQUIRE e.pub_number IS UNIQUE",
    ),
    (
        "namehub_key",
        "CREATE CONSTRAINT namehub_key IF NOT EXISTS FOR (h:NameHub) REQUIRE h.key IS UNIQUE",
    ),
    (
        "state_id",
        "CREATE CONSTRAINT state_id IF NOT EXISTS FOR (s:CompanyState) REQUIRE s.id IS UNIQUE",
    ),
    (
        "company_name_norm",
        "CREATE INDEX company_name_norm IF NOT EXISTS FOR (c:Company) ON (c.name_norm)",
    ),
    (
        "company_hub_key",
        "CREATE INDEX company_hub_key IF NOT EXISTS FOR (c:Company) ON (c.hub_key)",
    ),
    ("company_seat", "CREATE INDEX company_seat IF NOT EXISTS FOR (c:Company) ON (c.seat)"),
    # Folded place keys (shabgraph.register.places): "firms in Zurich" finds the seat "Zürich"
    # (tools/listing_companies.py), a prefix seek on the key instead of a scan of every seat.
    (
        "company_seat_key",
        "CREATE INDEX company_seat_key IF NOT EXISTS FOR (c:Company) ON (c.seat_key)",
    ),
    # Set only for a residence abroad: "persons living abroad" reads the few that have it.
    (
        "person_residence_country",
        "CREATE INDEX person_residence_country IF NOT EXISTS FOR (p:Person) "
        "ON (p.residence_country)",
    ),
    # "persons living in canton X" (tools/listing_persons.py), and the derived stage's look-up
    # of the persons living at a firm's seat
    (
        "person_residence_canton",
        "CREATE INDEX person_residence_canton IF NOT EXISTS FOR (p:Person) ON (p.residence_canton)",
    ),
    (
        "person_residence_key",
        "CREATE INDEX person_residence_key IF NOT EXISTS FOR (p:Person) ON (p.residence_key)",
    ),
    ("company_canton", "CREATE INDEX company_canton IF NOT EXISTS FOR (c:Company) ON (c.canton)"),
    (
        "company_legal_form",
        "CREATE INDEX company_legal_form IF NOT EXISTS FOR (c:Company) ON (c.legal_form)",
    ),
    ("company_status", "CREATE INDEX company_status IF NOT EXISTS FOR (c:Company) ON (c.status)"),
    (
        "company_strength",
        "CREATE INDEX company_strength IF NOT EXISTS FOR (c:Company) ON (c.strength)",
    ),
    (
        "company_capital",
        "CREATE INDEX company_capital IF NOT EXISTS FOR (c:Company) ON (c.capital)",
    ),
    (
        "person_name_norm",
        "CREATE INDEX person_name_norm IF NOT EXISTS FOR (p:Person) ON (p.name_norm)",
    ),
    ("person_hub_key", "CREATE INDEX person_hub_key IF NOT EXISTS FOR (p:Person) ON (p.hub_key)"),
    (
        "person_block_key",
        "CREATE INDEX person_block_key IF NOT EXISTS FOR (p:Person) ON (p.block_key)",
    ),
    ("company_code13", "CREATE INDEX company_code13 IF NOT EXISTS FOR (c:Company) ON (c.code13)"),
    ("event_pub_date", "CREATE INDEX event_pub_date IF NOT EXISTS FOR (e:Event) ON (e.pub_date)"),
    (
        "event_journal_date",
        "CREATE INDEX event_journal_date IF NOT EXISTS FOR (e:Event) ON (e.journal_date)",
    ),
    # The type list beside the date: "notices (or companies) of one type in a period" is an
    # index seek that filters the types from the index, without reading a million notices
    # (tools/listing_companies.py).
    (
        "event_journal_date_types",
        "CREATE INDEX event_journal_date_types IF NOT EXISTS "
        "FOR (e:Event) ON (e.journal_date, e.event_types)",
    ),
    (
        "event_pub_date_types",
        "CREATE INDEX event_pub_date_types IF NOT EXISTS "
        "FOR (e:Event) ON (e.pub_date, e.event_types)",
    ),
    # "the notices about one company" (list_register's subject filter) without a notice scan
    (
        "event_subject_id",
        "CREATE INDEX event_subject_id IF NOT EXISTS FOR (e:Event) ON (e.subject_id)",
    ),
    (
        "event_sub_rubric",
        "CREATE INDEX event_sub_rubric IF NOT EXISTS FOR (e:Event) ON (e.sub_rubric)",
    ),
    ("event_canton", "CREATE INDEX event_canton IF NOT EXISTS FOR (e:Event) ON (e.canton)"),
    (
        "event_canton_date",
        "CREATE INDEX event_canton_date IF NOT EXISTS FOR (e:Event) ON (e.canton, e.pub_date)",
    ),
    ("role_role", "CREATE INDEX role_role IF NOT EXISTS FOR ()-[r:HOLDS_ROLE]-() ON (r.role)"),
    # "who joined / left in 2010", "auditors entered between 2005 and 2015": a date range on the
    # role entries instead of reading every one (tools/listing_roles.py)
    (
        "role_valid_from",
        "CREATE INDEX role_valid_from IF NOT EXISTS FOR ()-[r:HOLDS_ROLE]-() ON (r.valid_from)",
    ),
    (
        "role_valid_to",
        "CREATE INDEX role_valid_to IF NOT EXISTS FOR ()-[r:HOLDS_ROLE]-() ON (r.valid_to)",
    ),
    # Notice facts (ingestion/graph/facts.py): "which companies were deleted after a merger",
    # "which bankruptcies were opened in 2015" filter on these without a label scan.
    (
        "company_deletion_reason",
        "CREATE INDEX company_deletion_reason IF NOT EXISTS FOR (c:Company) ON (c.deletion_reason)",
    ),
    (
        "event_bankruptcy_stage",
        "CREATE INDEX event_bankruptcy_stage IF NOT EXISTS FOR (e:Event) ON (e.bankruptcy_stage)",
    ),
    # Derived counts written by the build (ingestion/graph/stages/derived.py) (index-ordered rankings).
    (
        "person_mandates",
        "CREATE INDEX person_mandates IF NOT EXISTS FOR (p:Person) ON (p.mandates)",
    ),
    (
        "person_current_mandates",
        "CREATE INDEX person_current_mandates IF NOT EXISTS FOR (p:Person) ON (p.current_mandates)",
    ),
    (
        "company_event_count",
        "CREATE INDEX company_event_count IF NOT EXISTS FOR (c:Company) ON (c.event_count)",
    ),
    (
        "derived_counts_key",
        "CREATE CONSTRAINT derived_counts_key IF NOT EXISTS FOR (d:DerivedCounts) REQUIRE d.key IS UNIQUE",
    ),
    (
        FT_COMPANY,
        f"CREATE FULLTEXT INDEX {FT_COMPANY} IF NOT EXISTS FOR (c:Company) "
        "ON EACH [c.name, c.names_text, c.seat, c.purpose]",
    ),
    (
        FT_PERSON,
        f"CREATE FULLTEXT INDEX {FT_PERSON} IF NOT EXISTS FOR (p:Person) "
        "ON EACH [p.full_name, p.name_variants_text, p.residence, p.origin]",
    ),
    # The word initials of every name (shabgraph/register/initials.py): "SKS" finds the names
    # whose words begin with those letters without reading every name with an S and a K.
    (
        FT_INITIALS,
        f"CREATE FULLTEXT INDEX {FT_INITIALS} IF NOT EXISTS FOR (c:Company) "
        "ON EACH [c.initials_text]",
    ),
    (FT_EVENT, f"CREATE FULLTEXT INDEX {FT_EVENT} IF NOT EXISTS FOR (e:Event) ON EACH [e.text]"),
    (
        FT_NAMEHUB,
        f"CREATE FULLTEXT INDEX {FT_NAMEHUB} IF NOT EXISTS FOR (h:NameHub) ON EACH [h.display, h.key]",
    ),
)

EXPECTED_CONSTRAINTS: Final = frozenset(
    name for name, stmt in MIGRATIONS if stmt.startswith("CREATE CONSTRAINT")
)
EXPECTED_INDEXES: Final = frozenset(
    name for name, stmt in MIGRATIONS if not stmt.startswith("CREATE CONSTRAINT")
)


def apply_schema(driver: Driver, database: str = "neo4j") -> list[str]:
    """Create every constraint and index that is missing; return the names now present."""
    for _name, statement in MIGRATIONS:
        driver.execute_query(statement, database_=database)
    driver.execute_query("CALL db.awaitIndexes(300)", database_=database)
    return sorted(present_schema(driver, database))


def ensure_vector_index(driver: Driver, dimensions: int, database: str = "neo4j") -> None:
    """Create the event vector index for the dense baseline (dimensions depend on the embedder)."""
    driver.execute_query(
        f"CREATE VECTOR INDEX {VECTOR_EVENT} IF NOT EXISTS FOR (e:Event) ON (e.embedding) "
        "OPTIONS {indexConfig: {`vector.dimensions`: $dims, "
        "`vector.similarity_function`: 'cosine'}}",
        {"dims": dimensions},
        database_=database,
    )
    driver.execute_query("CALL db.awaitIndexes(300)", database_=database)


def present_schema(driver: Driver, database: str = "neo4j") -> set[str]:
    """Names of the constraints and indexes that exist in the database."""
    names: set[str] = set()
    for command in ("SHOW CONSTRAINTS YIELD name", "SHOW INDEXES YIELD name"):
        records, _, _ = driver.execute_query(command, database_=database)
        names.update(r["name"] for r in records)
    return names


def missing_schema(driver: Driver, database: str = "neo4j") -> set[str]:
    """Constraints and indexes that `apply_schema` would still create."""
    return set(EXPECTED_CONSTRAINTS | EXPECTED_INDEXES) - present_schema(driver, database)
