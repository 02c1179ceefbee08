"""Phase 2: persons, companies, roles and events from the notice text."""
