"""On-disk cache of LLM extractions, keyed by notice text, model and prompt version.

One small JSON file per key under `<data_dir>/cache/extraction/`, written atomically, so a re-run
costs nothing and an interrupted run loses at most the answers in flight.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any


class ExtractionCache:
    """A directory of cached structured answers."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @staticmethod
    def key(text: str, model: str, prompt_version: str) -> str:
        """Stable key of one request."""
        h = hashlib.sha256()
        for part in (model, prompt_version, text):
            h.update(part.encode("utf-8"))
            h.update(b"\x00")
        return h.hexdigest()

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The cached answer, or None (an unreadable file counts as a miss)."""
        path = self._path(key)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        """Store an answer (atomic rename, so readers never see half a file)."""
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)
