"""The README's folder table and the tree agree: every folder it names exists, and every top-level
folder of the repository is named (a newcomer reads the table first)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _table_paths() -> set[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("| layer | folder |")
    table = text[start : text.index("\n\n", start)]
    paths: set[str] = set()
    for line in table.splitlines()[2:]:
        folder_cell = line.split("|")[2]
        paths.update(re.findall(r"`([^`]+)`", folder_cell))
    return paths


def _tracked_top_folders() -> set[str]:
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    return {f.split("/", 1)[0] + "/" for f in files if "/" in f and not f.startswith(".")}


def test_every_folder_the_readme_names_exists() -> None:
    paths = _table_paths()
    assert "graph_agent/" in paths and "tests/" in paths
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert missing == []


def test_every_top_level_folder_is_in_the_readme_table() -> None:
    named = {p.split("/", 1)[0] + "/" for p in _table_paths() if p.endswith("/")}
    unnamed = sorted(_tracked_top_folders() - named)
    assert unnamed == []
