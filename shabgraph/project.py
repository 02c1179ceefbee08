"""What the checkout is: its root folder and the Neo4j release it runs.

Kept below the settings so that the settings' field groups (shabgraph/settings_*.py) and the
modules that install and start the server can all use them without importing one another.
"""

from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The repository folder: default home of the managed servers, the data and the users file."""
NEO4J_VERSION = "5.26.16"
"""The Neo4j Community release the managed server downloads and runs."""
